"""Words and buttons around the tables: a game the computer played alone is never told as
"you" (the status, the log, the flip-book's title), and the Movies screen greys out what
needs a movie while it has none."""
from __future__ import annotations

import dataclasses
import re

import pygame

from game.core import Seat, Setup
from game.core.players import make_player
from game.core.rng import Rng
from game.core.session import Match
from game.finished import view as finished_view
from game.finished.state import ASLEEP, OUT_OF_ROUNDS, OVER, WON
from scenes.movies import MoviesScene
from tests.ui.conftest import key, post_click

YOU = re.compile(r"\byou(r)?\b", re.IGNORECASE)


def played_alone(seed: int) -> Match:
    match = Match.start("finished", Setup(seed), None, [Seat("Computer", "computer", "random")])
    player = make_player("finished", "random")
    rng = Rng(seed)
    while match.outcome() is None:
        view = match.engine.view(match.state, 0)
        match.act(player.choose(view, match.engine.legal_actions(match.state, 0), rng))
    return match


def test_a_finished_game_the_computer_played_alone_never_says_you():
    texts = []
    for seed in (1, 2):
        match = played_alone(seed)
        texts += [e.text for step in match.steps for e in step.events if e.text]
        texts.append(match.engine.view(match.state, None)["status"])
        texts.append(match.outcome().summary)
    state = played_alone(3).state
    for result in (WON, ASLEEP, OUT_OF_ROUNDS):  # every way a game ends, in the status line
        texts.append(finished_view.status(dataclasses.replace(state, phase=OVER, result=result)))
    said = [t for t in texts if YOU.search(t)]
    assert said == [], said[:5]


def test_the_flip_book_of_a_game_played_alone_is_not_yours(app):
    from scenes.flipbook.player import open_player_for
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    player = open_player_for(app, played_alone(4))
    assert "Your" not in player.title and "Computer" in player.title


def test_movies_buttons_are_greyed_out_with_no_movie(app):
    scene = MoviesScene(app)
    app.push(scene)
    app.frame(0.0)
    assert scene.rows == []
    for button in scene.buttons.buttons:
        assert button.enabled == (button.label == "Back"), button.label
    pushed = len(app.manager.stack)
    for k in (pygame.K_p, pygame.K_g, pygame.K_s, pygame.K_DELETE):
        key(app, k)
    for button in scene.buttons.buttons[:-1]:
        post_click(app, button.rect.center)
    assert len(app.manager.stack) == pushed and app.manager.top is scene
    assert app.toasts.active() == []
