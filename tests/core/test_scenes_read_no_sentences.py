"""No scene reads an event's sentence except to write it into a log (issue 26): what a table
announces in large (a toast, a banner) it has said again by the game's narrator
(`game.core.narration.told`), and what it decides it decides from `event.code` and `event.data`.
This looks at every `<event>.text` in scenes/ (an event named `event`, `e`, `ev` or `step_event`)
and allows it only in the modules that keep a log."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EVENT_NAMES = {"event", "e", "ev", "step_event"}
#: The logs: the shared table's log, the Flag Finish race log, Finita's history (L).
LOG_KEEPERS = {"scenes/table/scene.py", "scenes/table/pieces.py", "scenes/flag_finish/table.py",
               "scenes/finita/history.py",
               "scenes/widgets.py"}  # not a game event: the typed text of pygame's TEXTINPUT


def sentence_reads(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr == "text"
            and isinstance(node.value, ast.Name) and node.value.id in EVENT_NAMES]


def test_only_the_logs_read_an_events_sentence():
    found = {}
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        lines = sentence_reads(path)
        if lines and rel not in LOG_KEEPERS:
            found[rel] = lines
    assert not found, f"scenes reading event sentences outside a log: {found}"


def test_the_check_sees_a_sentence_read(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(events):\n    return [e.text for e in events]\n")
    assert sentence_reads(sample) == [2]
