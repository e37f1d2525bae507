"""What a play-through of Flag Finish at a real screen turned up (each a bug seen, then mended)."""
from __future__ import annotations

import pygame

from game.core import Seat
from scenes.table.overlays import ResultOverlay
from tests.ui.conftest import drag, key
from tests.ui.test_flag_finish_table import (ANNA, bad_toasts, frames, grab, new_table, sprite_of,
                                            texts)


def race_anna_home(app, table):
    """Anna lays her perfect hand, 0 to 10 and the flag, while Bo draws and discards."""
    for card in ANNA:
        for _ in range(200):
            if table.my_turn() and not table.view["owes_discard"]:
                break
            frames(app, 0.1)
        table.skip_animations()
        drag(app, grab(sprite_of(table, card)), table.zones["row0"].rect.center)
    frames(app, 1.0)


def test_a_finished_match_cannot_be_taken_back(app):
    table = new_table(app, [Seat("Anna"), Seat("Bo", "computer", "steady")], races=1)
    race_anna_home(app, table)
    assert table.match.outcome() is not None and table.match.outcome().winners == [0]
    assert isinstance(app.manager.top, ResultOverlay)
    frames(app, 1.0)  # the result's buttons wake up
    key(app, pygame.K_l)  # look at the table
    assert app.manager.top is table
    moves = texts(table)
    assert not table.tools.buttons[1].enabled, "Undo is off once the match is over"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert texts(table) == moves, "the counted, filed match stays as it ended"
    assert table.match.outcome() is not None
    assert any("over" in t for t in bad_toasts(app))
