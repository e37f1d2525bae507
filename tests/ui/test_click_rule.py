"""One click rule, said in the same words in the README and on every rules page, and kept by
every table: a card with a one-click move makes it at once (the page names which), any other
card is picked up by a click and put down by a second click on a lit place. (The README said
"click, then click" while a click played a Finita card at once.)"""
from __future__ import annotations

from pathlib import Path

import pygame

from game.core import Seat
from game.core.paths import resource
from scenes.table.registry import start_new_game

ROOT = Path(__file__).resolve().parents[2]
RULE = ("Clicks work the same at every table: a card with a one-click move makes it at once",
        "any other card is picked up by a click, its places light up, and a click on one of them "
        "puts it down (Esc or a right click puts it back). A click always means the card you can "
        "see under the pointer, never one lying over it.")


def flat(text: str) -> str:
    return " ".join(text.split())


def test_every_rules_page_says_the_one_click_rule():
    for game in ("finished", "flag-finish", "finito", "finita", "finale"):
        page = flat(Path(resource("rules", f"{game}.md")).read_text(encoding="utf-8"))
        for part in RULE:
            assert part in page, (game, part)


def test_the_readme_says_the_same_rule_and_no_longer_click_then_click():
    readme = flat((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "| click, then click |" not in readme
    assert "the same rule at every table: a card with a one-click move makes it at once" in readme
    assert "any other card is picked up, and a click on a lit place puts it down" in readme
    assert "A click always means the card you see under the pointer, never one lying over it" in readme


def click(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.016)


def open_table(app, game, seats, options=None, seed=5):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, game, seats, options, seed)
    for _ in range(100):
        table.skip_animations()
        app.frame(0.3)
        if table.my_turn() and table.input.focusables():
            break
    return table


def test_tables_without_one_click_moves_pick_a_card_up_and_put_it_down_on_a_second_click(app):
    for game in ("flag-finish", "finito"):
        table = open_table(app, game, [Seat("Anna", "human"), Seat("Ben", "computer", "random")])
        steps = len(table.match.steps)
        sprite = table.input.focusables()[-1]
        click(app, (int(sprite.pos[0]), int(sprite.pos[1])))
        lift = table.input.lift
        assert lift is not None and not lift.by_pointer, game
        assert len(table.match.steps) == steps, f"{game}: one click made a move"
        target = lift.targets[0]
        where = table.input.target_rect(target)
        click(app, where.center)
        assert len(table.match.steps) > steps, f"{game}: the second click on a lit place"
        app.pop(table)
