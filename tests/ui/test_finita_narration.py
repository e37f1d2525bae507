"""The Finita table decides from event codes, never from sentences (issue 26): the same
scripted round of computers (Throws and Clap on, a fixed deal) is played twice, once with the
narrator's own words and once with every sentence replaced by nonsense, and at every step the
table says the same things aloud (toasts), logs the same number of lines, lists the same moves
in its history and animates the same cards. The table also only asks the rules: it imports
none of their modules."""
from __future__ import annotations

import argparse
import ast
from pathlib import Path
from typing import Any, Optional

import pygame

from game.core import Seat
from game.core.narration import Words, nonsense, retold
from scenes.finita.history import rounds_told
from tests.finita.helpers import deal

# Ann (simple) holds a 9 and Patrick, Ben (random) the other red 9, Cleo (simple) a 9 of her
# own; the rest are the helpers' fillers. The round brings claps and Patrick's reveal.
HANDS = [["red-9.1", "blue-3.1", "patrick.1"], ["red-9.2", "blue-3.2"], ["green-9.1"]]
SEATS = [("Ann", "simple"), ("Ben", "random"), ("Cleo", "simple")]
OPTIONS = {"throws": True, "clap": True, "target": 500}
FRAME = 0.1  # seconds a frame; the table's clock and the computers' delays follow it


def new_app():
    from scenes.app import App
    pygame.init()
    app = App(argparse.Namespace(size="1024x640", fullscreen=False, game=None, seats=None,
                                 option=[], seed=None))
    app.settings.animation_speed = "fast"  # cards glide: the animations are compared too
    return app


def play_round(words: Optional[Words] = None) -> dict[str, Any]:
    """The scripted round on a new table, under `retold(words)` if given: what the table
    showed after each step of the match, and every toast with the step it came at."""
    from scenes.menu import MainMenu
    from scenes.table.registry import start_new_game
    app = new_app()
    toasts: list[tuple[int, float, str, str]] = []
    steps: list[dict[str, Any]] = []

    def watched(run: Any) -> Any:
        table = start_new_game(app, "finita", [Seat(n, "computer", s) for n, s in SEATS],
                               OPTIONS, 0, deal={"cards": deal(HANDS), "first": 0})
        app.toast = lambda text, seconds=3.5, kind="info": toasts.append(
            (len(table.match.steps), seconds, kind, text))
        shared = table.after_change

        def after_change(events, animate=True):
            shared(events, animate)
            steps.append({
                "action": table.match.steps[-1].action.text() if table.match.steps else "",
                "codes": [e.code for e in events],
                "log": len(table.log),
                "history": [len(moves) for moves in rounds_told(table.match)],
                "gliding": sorted(k for k, s in table.sprites.items() if s.moving),
                "flying": len(table.flying),
                "reveal": (list(table.reveal.shown), sorted(table.reveal.losers)),
                "button": (table.react_button.label, table.react_button.enabled),
            })
        table.after_change = after_change
        return run(table)

    def run(table: Any) -> Any:
        for _ in range(6000):
            app.frame(FRAME)
            if table.state.phase in ("round over", "match over") or any(
                    step.action.kind == "next_round" for step in table.match.steps):
                break
        return table

    if words is None:
        table = watched(run)
    else:
        with retold(words):
            table = watched(run)
    return {"steps": steps, "toasts": toasts, "phase": table.state.phase,
            "kinds": [s.action.kind for s in table.match.steps]}


def test_the_table_shows_the_same_moments_whatever_the_words():
    plain, told = play_round(), play_round(nonsense)
    # the round was the one scripted: every reaction the table says aloud took place
    assert "finita" in plain["kinds"]  # the round was played to its end
    said = {plain["kinds"][step - 1] for step, *_ in plain["toasts"]}
    assert {"clap"} <= said and len(plain["toasts"]) >= 5, said
    assert any(step["reveal"][0] for step in plain["steps"]), "Patrick's cards were not shown"
    assert any(step["gliding"] for step in plain["steps"])
    # and it went the same way with other words: step by step, the same moments
    assert told["kinds"] == plain["kinds"]
    assert told["steps"] == plain["steps"]
    assert [t[:3] for t in told["toasts"]] == [t[:3] for t in plain["toasts"]]
    # (the words were the narrator's own, then nonsense)
    clap = next(t[3] for t in plain["toasts"] if plain["kinds"][t[0] - 1] == "clap")
    assert any(name in clap for name in ("Ann", "Ben", "Cleo"))
    assert all("zqx" in t[3] and "Ben" not in t[3] for t in told["toasts"])


RULE_MODULES = {"rules", "matching", "moves", "effects", "superpowers", "reactions", "rounds",
                "scoring"}


def test_the_table_asks_the_engine_and_the_view_and_imports_no_rule():
    """What may be played, thrown or answered is the engine's or the view's word: no module
    of the Finita table imports the rules to work it out again."""
    found = []
    for path in sorted(Path(__file__).resolve().parents[2].joinpath("scenes", "finita").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["game", "finita"] and len(parts) > 2 and parts[2] in RULE_MODULES:
                    found.append(f"{path.name} imports {name}")
                if isinstance(node, ast.ImportFrom) and name == "game.finita":
                    found += [f"{path.name} imports {a.name}" for a in node.names
                              if a.name in RULE_MODULES]
    assert found == []
