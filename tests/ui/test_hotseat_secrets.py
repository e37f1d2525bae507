"""Hot-seat secrecy: walk every multi-seat table and its dialogs with several people at one
screen, and check from what is drawn that nobody is ever shown another person's hidden card.

The walk plays whole games through the table (curtains lifted by their owners, Ctrl+Z pressed
right after each handover and now and then, the pause menu, rules and settings opened, a
kill-and-resume from the save file, the end screen). After every frame it reads the sprites
the table draws: a card drawn face up must not be one the person at the screen may not see.
Who sits at the screen is what the walk knows, never what the table believes: the person who
last lifted the curtain (nobody while a curtain is up, or once everybody gathers round).
"""
from __future__ import annotations

import pygame
import pytest

from game.core import HIDDEN
from game.core.engine import Seat
from game.core.players import make_player
from game.core.registry import game_info, playable_ids as game_ids
from game.core.rng import Rng
from game.core.saves import load_save, path_for
from scenes.manager import Scene
from scenes.table.curtain import Curtain, HandOver
from scenes.table.overlays import PauseMenu, ResultOverlay
from scenes.table.scene import TableScene
from scenes.table.registry import open_match, start_new_game
from tests.ui.conftest import key

MULTI_SEAT = [gid for gid in game_ids() if game_info(gid).max_seats >= 2]


def shown_faces(app) -> set[str]:
    """Pieces whose faces are on the screen now, read from the scenes that are drawn."""
    visible = app.manager.visible()
    if any(isinstance(scene, Curtain) for scene in visible):
        return set()  # the curtain covers the whole window
    faces: set[str] = set()
    for scene in visible:
        if isinstance(scene, TableScene):
            for sprite in scene.group.sprites():
                if sprite.shown_up and sprite.piece != HIDDEN and sprite.rect.width > 1:
                    faces.add(sprite.piece)
    return faces


class Walk:
    """Plays a hot-seat game through the table, checking every frame."""

    def __init__(self, app, game_id: str, seats: list[Seat], seed: int) -> None:
        self.app = app
        self.game_id = game_id
        self.seats = seats
        self.rng = Rng(seed)
        self.at_screen: int | None = None  # the seat of the person who last lifted a curtain
        self.frames = 0
        self.handovers = 0
        self.undo_refusals = 0
        self.player = make_player(game_id, game_info(game_id).default_strength)
        self.table = start_new_game(app, game_id, seats, None, seed)

    def check(self, what: str) -> None:
        self.app.draw()
        self.frames += 1
        table = self.app.manager.find(TableScene)
        engine = table.engine
        looking = self.at_screen
        # the table says when people share the screen (a game over; seats acting together
        # in the open); a game whose seats choose together in secret (Finale) passes the
        # screen behind the curtain instead
        gathered = table.match.outcome() is not None or table.shared_screen()
        if gathered or any(isinstance(s, Curtain) for s in self.app.manager.visible()):
            looking = None  # everybody may be looking
        hidden = engine.hidden_pieces(table.state, looking)
        leaked = shown_faces(self.app) & hidden
        who = "everybody" if looking is None else self.seats[looking].name
        assert not leaked, (f"{self.game_id}: {what}: {who} at the screen sees hidden "
                            f"{sorted(leaked)} (action {len(table.match.steps)})")

    def frame(self, dt: float, what: str) -> None:
        self.app.frame(dt)
        self.check(what)

    def lift_curtain(self, curtain: Curtain) -> None:
        self.check("the curtain is down")
        names = [s.name for s in self.seats]
        key(self.app, pygame.K_RETURN)  # "I am ...: show my cards"
        self.at_screen = names.index(curtain.name)
        self.handovers += 1
        self.check(f"{curtain.name} lifted the curtain")
        self.undo("right after the handover")

    def undo(self, when: str) -> None:
        table = self.table
        before = len(table.match.steps)
        key(self.app, pygame.K_z, pygame.KMOD_CTRL)
        if len(table.match.steps) == before:
            self.undo_refusals += 1
        self.check(f"Ctrl+Z {when}")

    def dialogs(self) -> None:
        """The pause menu, and the rules and settings opened from it, over the table."""
        self.table.open_menu()
        self.frame(0.05, "pause menu")
        menu = self.app.manager.top
        assert isinstance(menu, PauseMenu)
        menu.rules()
        self.frame(0.05, "rules over the pause menu")
        self.app.pop(self.app.manager.top)
        menu.settings()
        self.frame(0.05, "settings over the pause menu")
        self.app.pop(self.app.manager.top)
        key(self.app, pygame.K_ESCAPE)  # resume
        self.check("back from the pause menu")

    def resume_from_save(self) -> None:
        """A crash and Continue: the same game from its file on a fresh table."""
        table = self.table
        match = load_save(path_for(table.match.save_id))
        self.app.manager.clear_to(self.app.manager.stack[0])
        self.table = open_match(self.app, match)
        self.at_screen = None  # whoever opens Continue
        self.check("resumed from the save")

    def play(self, max_actions: int = 2000) -> None:
        acted = 0
        extras: list = []  # things to try once the table is on top again
        while acted < max_actions:
            top = self.app.manager.top
            table = self.table
            if extras and top is table:
                extras.pop(0)()
                continue
            if isinstance(top, Curtain):
                self.lift_curtain(top)
                continue
            if isinstance(top, ResultOverlay):
                self.check("the end screen")
                return
            if top is not table and isinstance(top, Scene) and top.overlay:
                # a game's own dialog (a score board between races): look, then go on
                self.check(f"{type(top).__name__} over the table")
                key(self.app, pygame.K_RETURN)
                self.check(f"after {type(top).__name__}")
                if self.app.manager.top is top:
                    self.app.pop(top)
                continue
            if table.match.outcome() is not None:
                self.frame(1.0, "the game just ended")
                continue
            if table.my_turn():
                legal = table.legal()
                if legal:
                    view = table.engine.view(table.state, table.perspective)
                    action = self.player.choose(view, legal, self.rng)
                    table.act(action)
                    acted += 1
                    self.frame(0.05, f"after {action.text()}")
                    if acted % 7 == 0:
                        extras.append(lambda: self.undo("in the middle of a game"))
                    if acted % 23 == 0:
                        extras.append(self.dialogs)
                    if acted == 31:
                        extras.append(self.resume_from_save)
                    continue
            self.frame(0.5, "waiting for the next move")
            if not table.busy() and not table.my_turn() and self.app.manager.top is table \
                    and table.match.outcome() is None and not table.computer_pending():
                # a human may act, yet not the one the table shows: a shared moment
                legal = table.engine.legal_actions(table.state, table.perspective)
                if legal:
                    table.act(legal[0])
                    acted += 1
                    self.frame(0.05, "a shared step")
        raise AssertionError(f"{self.game_id}: no end after {max_actions} actions")


def seat_plans(game_id: str) -> list[list[Seat]]:
    info = game_info(game_id)
    people = [Seat(name) for name in ("Ann", "Ben", "Cleo", "Dan")]
    plans = [people[:2]]
    if info.max_seats >= 3:
        plans.append([people[0], Seat("Robo", "computer"), people[1]])
    return plans


@pytest.mark.parametrize("game_id", MULTI_SEAT)
def test_no_hidden_card_is_ever_shown_to_another_person(app, game_id):
    for plan_no, seats in enumerate(seat_plans(game_id)):
        walk = Walk(app, game_id, seats, seed=11 + plan_no)
        walk.play()
        assert walk.frames > 20
        if walk.table.curtain_between_humans:
            assert walk.handovers >= 2, "the walk never passed the screen"
        app.manager.clear_to(app.manager.stack[0])


def test_undo_never_takes_back_the_other_persons_move(app):
    """The case that was reported: Ann discards, the curtain falls, Ben presses Undo."""
    table = start_new_game(app, "flag-finish", [Seat("Ann"), Seat("Ben")], None, 5)
    names = ["Ann", "Ben"]
    for _ in range(200):
        top = app.manager.top
        if isinstance(top, HandOver):
            key(app, pygame.K_RETURN)  # the mover passes the screen
        elif isinstance(top, Curtain):
            steps = table.match.steps
            if steps and names[steps[-1].action.seat] != top.name:
                break  # a handover after a move: the moment of the report
            key(app, pygame.K_RETURN)
        elif table.my_turn():
            quiet = [a for a in table.legal() if a.kind == "discard"] or table.legal()
            table.act(quiet[0])
        app.frame(0.5)
    curtain = app.manager.top
    assert isinstance(curtain, Curtain)
    mover = table.match.steps[-1].action.seat
    key(app, pygame.K_RETURN)  # the other person takes the screen
    at_screen = names.index(curtain.name)
    assert mover != at_screen and not table.match.steps[-1].reveals
    steps = len(table.match.steps)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(table.match.steps) == steps, "the other person's move was taken back"
    assert table.perspective == at_screen
    assert not table.tools.buttons[1].enabled  # the Undo button says so before a click
    assert any(names[mover] in text for text, _ in app.toasts.active())
    assert not shown_faces(app) & set(table.state.hands[mover])


def test_the_deal_number_waits_for_the_end_when_several_people_play(app, monkeypatch):
    from scenes import widgets as ui
    texts: list[str] = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, words, *a, **k: texts.append(words) or real(surface, words, *a, **k))
    table = start_new_game(app, "flag-finish", [Seat("Ann"), Seat("Ben")], None, 424242)
    table.static = None
    app.draw()
    assert texts and not any("424242" in t for t in texts)
    solo = start_new_game(app, "finished", [Seat("Ann")], None, 424243)
    texts.clear()
    solo.static = None
    app.draw()
    assert any("424243" in t for t in texts)


def test_the_mover_sees_the_result_and_may_take_it_back_before_passing_the_screen(app):
    """A discard ends a turn: the table stays on the mover's side (their hand, nobody
    else's) until they pass the screen; they may take the discard back meanwhile; then the
    curtain comes up for the other person."""
    table = start_new_game(app, "flag-finish", [Seat("Ann"), Seat("Ben")], None, 5)
    discards = []
    for _ in range(50):
        if isinstance(app.manager.top, (Curtain, HandOver)):
            key(app, pygame.K_RETURN)
        elif table.my_turn():
            discards = [a for a in table.legal() if a.kind == "discard"]
            if discards:
                break
            table.act(table.legal()[0])
        app.frame(0.5)
    assert discards and app.manager.top is table
    mover = table.perspective
    other = 1 - mover
    steps = len(table.match.steps)
    table.act(discards[0])
    app.frame(0.5)
    handover = app.manager.top
    assert isinstance(handover, HandOver) and handover.to == ["Ann", "Ben"][other]
    assert table.perspective == mover and not table.my_turn()
    app.draw()
    mine, theirs = set(table.state.hands[mover]), set(table.state.hands[other])
    assert mine & shown_faces(app) and not theirs & shown_faces(app)
    key(app, pygame.K_ESCAPE)  # the menu opens, and the hand-over comes back after it
    assert isinstance(app.manager.top, PauseMenu) and handover not in app.manager.stack
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is handover
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # "Take it back"
    assert len(table.match.steps) == steps and app.manager.top is table and table.my_turn()
    table.act(discards[0])
    app.frame(0.5)
    assert isinstance(app.manager.top, HandOver)
    key(app, pygame.K_RETURN)  # the mover passes the screen
    curtain = app.manager.top
    assert isinstance(curtain, Curtain) and curtain.name == ["Ann", "Ben"][other]
    assert not shown_faces(app)
    key(app, pygame.K_ESCAPE)  # the menu over a curtain shows no hand, and gives it back
    assert isinstance(app.manager.top, PauseMenu) and curtain not in app.manager.stack
    app.draw()
    assert not shown_faces(app) & table.engine.hidden_pieces(table.state, None)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is curtain
    key(app, pygame.K_RETURN)
    assert table.perspective == other and table.my_turn()
    shown = shown_faces(app)
    assert set(table.state.hands[other]) & shown and not set(table.state.hands[mover]) & shown


def test_quitting_from_the_menu_over_a_curtain_leaves_no_curtain_behind(app):
    table = start_new_game(app, "flag-finish", [Seat("Ann"), Seat("Ben")], None, 5)
    assert isinstance(app.manager.top, Curtain)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseMenu)
    key(app, pygame.K_q)  # quit to the main menu
    assert table not in app.manager.stack
    assert not any(isinstance(s, (Curtain, HandOver, PauseMenu)) for s in app.manager.stack)
