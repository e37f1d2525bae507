"""What a play-through of Finale at a real screen turned up (issue 25: each a bug seen, then
mended): the builder left open over a started match, the first click after a result lost, a
drop that went to the slot under the card, lines and labels that hid each other, and words
that disagreed."""
from __future__ import annotations

import pygame
import pytest

from game.core import Seat
from scenes.finale.builder import Builder
from scenes.table.registry import start_new_game
from tests.ui.conftest import key


@pytest.mark.parametrize("seed", (1, 2, 3, 7, 42))
@pytest.mark.parametrize("cup_tie", (False, True))
def test_the_second_coachs_first_game_line_up_closes_the_builder_once_the_match_starts(
        app, seed, cup_tie):
    """Two people pick their squads; the second one's F (from the Tactics tab) starts the
    match. The builder used to stay open over it and paint the deck the engine now hides."""
    from scenes.menu import MainMenu
    assert app.size == (1280, 800)
    app.push(MainMenu(app))
    options = {"lineups": "pick", **({"cup_tie": "yes"} if cup_tie else {})}
    table = start_new_game(app, "finale", [Seat("Ann", "human"), Seat("Bo", "human")],
                           options, seed)
    app.frame(0.016)
    for k in (pygame.K_RETURN, pygame.K_f, pygame.K_RETURN, pygame.K_RETURN, pygame.K_2):
        key(app, k)
    builder = app.manager.top
    assert isinstance(builder, Builder) and builder.seat == 1 and builder.tab == "tactics"
    key(app, pygame.K_f)  # this frame used to raise KeyError: ''
    for _ in range(3):
        app.frame(0.016)
    assert table.view["phase"] != "draft", "both coaches are ready: the match is on"
    assert not any(isinstance(s, Builder) for s in app.manager.stack)
    assert table.builder_open is False
    app.needs_redraw = True
    app.draw()  # the table over the started match paints without the builder
