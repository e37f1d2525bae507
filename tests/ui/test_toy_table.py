"""The shared house, apart from any real game: a toy game (tests/toy/) registered from its
own data folder drives the shared table, input, curtain, undo, the referee's clock and saves."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core import registry
from game.core.engine import Seat, Setup
from game.core.saves import load_save, save_path
from game.core.session import Match
from scenes.table.curtain import Curtain, HandOver
from scenes.table.overlays import ResultOverlay
from scenes.table.registry import start_new_game
from tests.ui.conftest import drag, key

HERE = Path(__file__).resolve().parents[1] / "toy"
DEAL = ["a1", "b2", "a3", "b1", "a2", "b4", "a4", "b3"]  # seat 0: a1 b2 a3; seat 1: b1 a2 b4


def until_the_window_opens(app, table):
    for _ in range(100):
        if table.engine.clocked(table.state):
            return
        app.frame(0.01)
    raise AssertionError("no snap window opened")


@pytest.fixture(autouse=True)
def toy_registered():
    registry.add_data_folder(HERE)
    yield
    registry.remove_data_folder(HERE)


def test_the_toy_is_a_registered_game_with_its_own_table():
    from scenes.table.registry import table_class
    assert "toy-pairs" in registry.game_ids()
    assert table_class("toy-pairs").__module__ == "tests.toy.table"


def test_a_drag_plays_a_card_and_a_refused_drop_says_why(app):
    table = start_new_game(app, "toy-pairs", [Seat("Ann"), Seat("Robo", "computer")], None, 1,
                           deal=DEAL)
    app.frame(1.0)
    table.skip_animations()
    card = table.sprites["a1"]
    drag(app, card.rect.center, table.zones["draw"].rect.center)  # not a place for it
    assert table.match.actions == []
    assert any("cannot go there" in t for t, _ in app.toasts.active())
    drag(app, table.sprites["a1"].rect.center, table.zones["pile"].rect.center)
    assert [a.text() for a in table.match.actions][:1] == ["0 play a1"]


def test_the_referee_snaps_for_the_computer_on_the_table_clock(app):
    table = start_new_game(app, "toy-pairs", [Seat("Ann"), Seat("Robo", "computer")], None, 1,
                           deal=DEAL)
    app.frame(1.0)
    table.skip_animations()
    drag(app, table.sprites["a1"].rect.center, table.zones["pile"].rect.center)  # Ann: a1
    until_the_window_opens(app, table)  # Robo plays b1 on a1: a pair
    assert [a.kind for a in table.match.actions] == ["play", "play"]
    before = len(table.match.actions)
    app.frame(0.3)  # Robo reacts in 400 ms, give or take a fifth: not yet
    assert len(table.match.actions) == before
    for _ in range(5):
        app.frame(0.1)
    snap = table.match.actions[-1]
    assert snap.kind == "snap" and snap.seat == 1 and 320 <= snap.ms <= 480
    assert table.state.tricks[1] == ["a1", "b1"]


def test_a_person_snaps_first_with_the_time_of_the_table_clock(app):
    table = start_new_game(app, "toy-pairs", [Seat("Ann"), Seat("Robo", "computer")], None, 1,
                           deal=DEAL)
    app.frame(1.0)
    table.skip_animations()
    drag(app, table.sprites["a1"].rect.center, table.zones["pile"].rect.center)
    until_the_window_opens(app, table)
    app.frame(0.15)
    key(app, pygame.K_1)  # the Snap! button
    snap = table.match.actions[-1]
    assert snap.kind == "snap" and snap.seat == 0 and 100 <= snap.ms <= 300
    loaded = load_save(save_path(table.match))
    assert [a.text() for a in loaded.actions] == [a.text() for a in table.match.actions]


def test_two_people_pass_the_screen_and_undo_stays_with_its_owner(app):
    table = start_new_game(app, "toy-pairs", [Seat("Ann"), Seat("Ben")], None, 1, deal=DEAL)
    assert isinstance(app.manager.top, Curtain)
    key(app, pygame.K_RETURN)
    table.skip_animations()
    drag(app, table.sprites["a3"].rect.center, table.zones["pile"].rect.center)
    app.frame(0.5)
    assert isinstance(app.manager.top, HandOver) and app.manager.top.to == "Ben"
    key(app, pygame.K_RETURN)  # Ann has seen her move; she passes the screen
    assert isinstance(app.manager.top, Curtain) and app.manager.top.name == "Ben"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(table.match.actions) == 1  # Ann's card stays: Ben cannot take it back


def test_a_whole_toy_game_plays_to_its_end_on_the_table(app):
    table = start_new_game(app, "toy-pairs", [Seat("Robo", "computer"), Seat("Cy", "computer")],
                           None, 3)
    for _ in range(400):
        if isinstance(app.manager.top, ResultOverlay):
            break
        app.frame(0.1)
    assert table.match.outcome() is not None
    replay = Match.start("toy-pairs", Setup(3), None, table.seats)
    replay.replay([a.text() for a in table.match.actions])
    assert replay.digest() == table.match.digest()


def test_the_shared_random_input_test_takes_a_new_game_in_by_its_registration(monkeypatch):
    """Issue 26, item 7: a game nobody listed in the tests (here the toy, registered by its
    data folder) gets set-ups of its own and a run of random input on its table."""
    from tests.ui.random_input import Session, fixed_clock, setups
    assert [s.seats for s in setups("toy-pairs")] == [("human", "computer"), ("human", "human")]
    for setup in range(2):
        fixed_clock(monkeypatch.setattr, 5)
        Session("toy-pairs", setup, 5, 60).run()
