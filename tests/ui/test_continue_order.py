"""Continue lists games by their last move: a save opened and left without a move keeps its
place (it went to the top, because opening and leaving wrote the whole file again).

A save says when its last move was made (`updated`), and Continue lists by that, so writing
the file again (the table opens and closes it) changes nothing."""
from __future__ import annotations

from game.core import Seat, Setup
from game.core.saves import list_saves, write_save
from game.core.session import Match


def a_save(seed, ago=0.0):
    match = Match.start("finished", Setup(seed), None, [Seat("You")])
    match.act(match.engine.legal_actions(match.state, 0)[0])
    match.updated -= ago
    return write_save(match)


def test_opening_a_save_and_leaving_without_a_move_keeps_its_place(app):
    from scenes.menu import MainMenu
    from scenes.table.registry import open_match
    old = a_save(4, ago=3600)  # played an hour ago
    new = a_save(5)
    assert [e.path for e in list_saves(replay=False)] == [new, old]
    app.push(MainMenu(app))
    entry = next(e for e in list_saves(replay=False) if e.path == old)
    table = open_match(app, entry.load())
    app.frame(0.016)
    app.pop(table)  # looked at it, made no move, left
    assert [e.path for e in list_saves(replay=False)] == [new, old]
