"""Continue lists games by their last move: a save opened and left without a move keeps its
place (it went to the top, because opening and leaving wrote the whole file again).

Waiting on the lead's files (scenes/table/store.py, game/core/saves.py), see the mark's reason:
remove the mark when that change is in."""
from __future__ import annotations

import os
import time

import pytest

from game.core import Seat, Setup
from game.core.saves import list_saves, write_save
from game.core.session import Match


def a_save(seed):
    match = Match.start("finished", Setup(seed), None, [Seat("You")])
    match.act(match.engine.legal_actions(match.state, 0)[0])
    return write_save(match)


@pytest.mark.xfail(strict=True, reason=(
    "issue 25 item 14, for the lead: MatchStore.__init__ saves a match loaded from a file and "
    "close() compacts it even with no move made, and saves.record_of writes 'updated' as the "
    "time of writing while list_saves sorts by the file's mtime; the order must follow the "
    "last move (see the helper's report)"))
def test_opening_a_save_and_leaving_without_a_move_keeps_its_place(app):
    from scenes.menu import MainMenu
    from scenes.table.registry import open_match
    old = a_save(4)
    past = time.time() - 3600
    os.utime(old, (past, past))  # played an hour ago
    new = a_save(5)
    assert [e.path for e in list_saves(replay=False)] == [new, old]
    app.push(MainMenu(app))
    entry = next(e for e in list_saves(replay=False) if e.path == old)
    table = open_match(app, entry.load())
    app.frame(0.016)
    app.pop(table)  # looked at it, made no move, left
    assert [e.path for e in list_saves(replay=False)] == [new, old]
