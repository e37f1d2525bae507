"""A game's table implements declared hooks only (issue 26, item 4): it never overrides the
shared table's life (events, frames, refresh, drawing, acting), and every hook it implements
is one docs/table.md lists, which in turn names only hooks the shared table has."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.registry import game_ids, game_info
from scenes.table.registry import table_class
from scenes.table.scene import TableScene

DOC = Path(__file__).resolve().parents[2] / "docs" / "table.md"

#: The table's life: the shared table runs these, and a game's table only hooks into them.
LIFECYCLE = {"handle_event", "update", "refresh", "draw", "draw_static", "draw_pieces", "act",
             "after_change", "resume", "resize", "busy", "animating", "skip_animations",
             "undo", "legal", "computer_pending", "computer_move", "referee", "run_clock",
             "show_result", "check_end", "settle_pictures", "open_menu", "hand_over"}


def shared_names() -> set[str]:
    return {n for c in TableScene.__mro__ if c is not object for n in vars(c)
            if not n.startswith("_")}


def documented_hooks() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    part = text[text.index("## What a table gives"):text.index("## What the shared table does")]
    cells = [line.split("|")[1] for line in part.splitlines() if line.startswith("| `")]
    settings = part[part.index("Class settings"):]
    return set(re.findall(r"`([a-z_]+)(?:\(|`)", " ".join(cells) + settings))


def tables() -> list[tuple[str, type]]:
    found = [(g, table_class(g)) for g in game_ids() if not game_info(g).coming]
    assert found
    return found


@pytest.mark.parametrize("game_id,table", tables(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_games_table_overrides_nothing_of_the_tables_life(game_id, table):
    own = {n for c in table.__mro__ if c not in TableScene.__mro__ for n in vars(c)}
    assert sorted(own & LIFECYCLE) == [], f"{game_id}'s table overrides the table's life"


@pytest.mark.parametrize("game_id,table", tables(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_hook_a_games_table_implements_is_a_documented_one(game_id, table):
    own = {n for c in table.__mro__ if c not in TableScene.__mro__ for n in vars(c)}
    hooks = own & shared_names()
    assert sorted(hooks - documented_hooks()) == [], f"{game_id}: hooks docs/table.md lacks"


def test_the_page_names_only_hooks_the_shared_table_has_and_none_of_its_life():
    named = documented_hooks()
    assert {"on_event", "before_frame", "refreshed", "offered", "inputs_for"} <= named
    missing = named - shared_names() - LIFECYCLE
    assert sorted(missing) == [], "docs/table.md names hooks the shared table does not have"
