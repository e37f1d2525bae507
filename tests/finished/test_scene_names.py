"""The Finished! table spells none of the engine's names: it imports them from the view module.

A zone id, phase, result, action kind or piece-id prefix written as a string in scenes/finished/
would drift silently the day the engine renames it; imported constants cannot.
"""
from __future__ import annotations

import ast
from pathlib import Path

from game.finished import view as fv

SCENE = Path(__file__).resolve().parents[2] / "scenes" / "finished"
NAMES = set(fv.ZONES + (fv.BOX, fv.FUTURE_AREA, fv.CARD_PIECE) + fv.TOKENS + fv.PHASES
            + fv.RESULTS + fv.ACTION_KINDS)
ID_HEADS = {fv.CARD_PIECE, fv.FUTURE_AREA}  # f"c{n}", f"future{i}": ids built by hand


def spelled_names(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string constant that is one of the engine's names, and of each
    f-string that builds a piece or zone id."""
    found = []
    tree = ast.parse(source)
    in_fstrings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                   for part in node.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            for part, after in zip(parts, parts[1:]):
                if isinstance(part, ast.Constant) and isinstance(after, ast.FormattedValue) \
                        and str(part.value).split(" ")[-1] in ID_HEADS:
                    found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value in NAMES and id(node) not in in_fstrings:
            found.append((node.lineno, repr(node.value)))
    return sorted(found)


def test_the_scanner_finds_spelled_names():
    sample = ('zones["past"]\nif phase == "choose": pass\nsprites.get(f"c{card}")\n'
              'z = f"future{i}"\nkind == "activate"\ntitle = "Past"\nf"Round {n}"\n')
    assert [line for line, _ in spelled_names(sample)] == [1, 2, 3, 4, 5]


def test_scenes_finished_import_zone_phase_and_action_names():
    files = sorted(SCENE.glob("*.py"))
    assert {f.name for f in files} >= {"table.py", "art.py"}
    spelled = {f.name: spelled_names(f.read_text(encoding="utf-8")) for f in files}
    assert not any(spelled.values()), {k: v for k, v in spelled.items() if v}
