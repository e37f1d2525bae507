"""The shared table's dialogs and messages: the result, restart, toasts, tips, the log after
a resume, and games the computer played (kept apart from a person's statistics)."""
from __future__ import annotations

import argparse

import pygame
import pytest

from game.core.engine import Seat, Setup
from game.core.players import make_player
from game.core.registry import game_info, playable_ids as game_ids
from game.core.rng import Rng
from game.core.saves import load_save, path_for
from game.core.session import Match
from game.core.stats import load_stats
from scenes import widgets as ui
from scenes.table.overlays import Confirm, PauseMenu, ResultOverlay
from scenes.table.scene import TableScene
from scenes.table.registry import open_match, start_new_game
from tests.ui.conftest import key, post_click


def finished_match(game_id: str, seats: list[Seat], seed: int = 3) -> Match:
    """A match played to its end by computer players, ready to be put on its table."""
    match = Match.start(game_id, Setup(seed), None, seats)
    info = game_info(game_id)
    players = [make_player(game_id, info.default_strength) for _ in seats]
    _, actions = match.engine.play_out(match.state, players, Rng(seed))
    for action in actions:
        match.act(action)
    assert match.outcome() is not None
    return match


def result_on(app, match: Match) -> ResultOverlay:
    table = open_match(app, match)
    for _ in range(40):
        app.frame(0.5)
        if isinstance(app.manager.top, ResultOverlay):
            return app.manager.top
        if app.manager.top is not table:  # a game's own end pictures (the movie, a board)
            app.pop(app.manager.top)
    raise AssertionError("no result overlay")


def resized(app, size):
    app.screen = pygame.display.set_mode(size)
    app.manager.resize(size)


def seats_for(game_id: str) -> list[Seat]:
    info = game_info(game_id)
    return [Seat("Ann"), Seat("Ben")] if info.max_seats >= 2 else [Seat("Ann")]


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (2560, 1440)])
def test_result_buttons_stay_inside_the_dialog(app, game_id, size):
    resized(app, size)
    overlay = result_on(app, finished_match(game_id, seats_for(game_id)))
    overlay.resize(size)
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(overlay.box)
    for button in overlay.buttons.buttons:
        assert overlay.box.contains(button.rect), (button.label, button.rect, overlay.box)
    rects = [b.rect for b in overlay.buttons.buttons]
    assert all(a.collidelist([r for r in rects if r is not a]) == -1 for a in rects)
    resized(app, (1280, 800))


def test_scores_are_whole_numbers_and_the_winner_is_named_in_words(app):
    overlay = result_on(app, finished_match("flag-finish", [Seat("Ann"), Seat("Ben")]))
    lines = [words for words, _ in overlay.score_lines()]
    assert all("*" not in line and ".0" not in line for line in lines)
    winners = overlay.outcome.winners
    assert [("winner" in line) for line in lines] == [i in winners for i in range(2)]


def test_keys_held_from_the_last_moves_do_not_skip_the_result(app):
    overlay = result_on(app, finished_match("finito", [Seat("Ann"), Seat("Ben")]))
    for k in (pygame.K_1, pygame.K_RETURN, pygame.K_RETURN, pygame.K_m, pygame.K_ESCAPE):
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    assert app.manager.top is overlay, "a key pressed with the last move went past the result"
    app.frame(ResultOverlay.ARMING + 0.1)
    key(app, pygame.K_ESCAPE)  # now it listens: back to the menu
    assert app.manager.find(ResultOverlay) is None and app.manager.find(TableScene) is None


def test_a_game_the_computer_played_alone_is_not_your_win(app, finis_home):
    overlay = result_on(app, finished_match("finished", [Seat("Robo", "computer")]))
    headline, note = overlay.headline()
    assert "You" not in headline and "Robo" in headline
    assert "kept apart" in note
    games = load_stats()[0]["games"]["finished"]
    assert list(games) == [c for c in games if c.startswith("computer/")] and games


def test_a_move_made_by_the_hint_is_still_your_move():
    """Only computer seats make a game the computer's (see tests/ui/test_hinted_game_is_yours.py
    for a whole game played by hints at the table)."""
    match = Match.start("finished", Setup(4), None, [Seat("Ann")])
    assert not match.played_by_person()  # no move yet
    first = match.engine.legal_actions(match.state, 0)[0]
    match.act(first, hinted=True)
    assert match.played_by_person()
    assert match.meta["hinted"] == [0]  # still noted in the save


def test_restart_asks_first(app):
    table = start_new_game(app, "finished", [Seat("Ann")], None, 9)
    table.act(table.legal()[0])
    steps = len(table.match.steps)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseMenu)
    key(app, pygame.K_r)
    assert isinstance(app.manager.top, Confirm)
    key(app, pygame.K_n)  # no: the game goes on as it was
    assert isinstance(app.manager.top, PauseMenu) and len(table.match.steps) == steps
    key(app, pygame.K_r)
    key(app, pygame.K_y)
    fresh = app.manager.top
    assert isinstance(fresh, TableScene) and fresh is not table and not fresh.match.steps
    assert fresh.match.setup.seed == 9


def test_the_main_button_keeps_its_place():
    from scenes.table.buttons import action_buttons

    class Stub:
        size = (1024, 640)

    rects = []
    for count in (1, 2, 3):
        stub = Stub()
        stub.legal = lambda n=count: [object()] * n
        stub.button_actions = stub.legal
        stub.engine = type("E", (), {"gestures": lambda self, s, a: [],
                                     "describe": lambda self, a: "act",
                                     "undo_refusal": lambda self, s: ""})()
        stub.state = None
        stub.tools = ui.ButtonRow([ui.Button(t, lambda: None) for t in "abcd"])
        stub.match = type("M", (), {"undo_span": lambda self, seat: (0, "")})()
        stub.perspective = 0
        stub.act = lambda a: None
        row = action_buttons(stub)
        rects.append(row.buttons[0].rect)
    assert rects[0] == rects[1] == rects[2]


def test_toasts_keep_clear_of_the_buttons_and_the_tip(app):
    table = start_new_game(app, "finished", [Seat("Ann")], None, 9)
    for size in ((800, 500), (1024, 640), (2560, 1440)):
        resized(app, size)
        area = table.message_area(size)
        surface = pygame.Surface(size)
        long = "That card cannot go there: " + "a long reason in plain words, " * 4 + "."
        boxes = ui.draw_toasts(surface, [(long, "bad"), ("Saved.", "info"), ("Two.", "warn")], area)
        buttons = [b.rect for b in table.buttons.buttons]
        assert buttons, "a Finished! turn always has its End turn button"
        tip_top = size[1] - ui.ui_size(size) * 3
        for box in boxes:
            assert box.collidelist(buttons) == -1, (size, box, buttons)
            assert box.bottom <= tip_top
            assert box.height >= 11
    resized(app, (1280, 800))


def test_a_tip_leaves_with_its_card(app):
    table = start_new_game(app, "finished", [Seat("Ann")], None, 9)
    app.frame(5.0)
    sprite = next(s for s in table.sprites.values() if s.zone == "present")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    assert table.input.hover_tip
    sprite.pos = (-500, -500)  # the card glides away from under the pointer
    sprite.refresh()
    app.frame(0.016)
    assert table.input.hover_tip == ""
    app.dispatch(pygame.event.Event(pygame.WINDOWLEAVE))
    assert table.input.hover_tip == ""


@pytest.mark.parametrize("game_id", game_ids())
def test_the_log_is_rebuilt_when_a_game_resumes(app, game_id):
    seats = seats_for(game_id)
    seats = [seats[0]] + [Seat(f"C{i}", "computer") for i in range(1, len(seats))]
    table = start_new_game(app, game_id, seats, None, 21)
    rng = Rng(2)
    for _ in range(200):
        if len(table.match.steps) >= 8 or table.match.outcome() is not None:
            break
        if app.manager.top is not table:
            app.pop(app.manager.top)
            continue
        if table.my_turn():
            legal = table.legal()
            table.act(legal[rng.randrange(len(legal))])
        app.frame(1.0)
    before = [line for line in table.log if line != "Undone."]
    assert before
    app.manager.clear_to(app.manager.stack[0])
    resumed = open_match(app, load_save(path_for(table.match.save_id)))
    assert list(resumed.log)[-len(before):] == before[-len(resumed.log):]


def test_the_pause_menu_stops_computer_moves(app):
    seats = [Seat("Ann"), Seat("Robo", "computer")]
    table = start_new_game(app, "flag-finish", seats, None, 8)
    for _ in range(100):
        if table.computer_pending():
            break
        if table.my_turn():
            table.act(table.legal()[0])
        app.frame(0.2)
    assert table.computer_pending()
    steps = len(table.match.steps)
    key(app, pygame.K_ESCAPE)
    for _ in range(20):
        app.frame(0.5)
    assert len(table.match.steps) == steps, "the computer moved while the game was paused"
    key(app, pygame.K_ESCAPE)
    for _ in range(20):
        app.frame(0.5)
    assert len(table.match.steps) > steps


def test_statistics_name_the_games_kept_apart(app):
    from game.core.stats import record_result
    from scenes.statistics import StatisticsScene
    outcome = finished_match("finished", [Seat("Robo", "computer")]).outcome()
    options = {"level": "regular"}
    record_result("finished", outcome, options, [Seat("Robo", "computer")], by_person=False)
    record_result("finished", outcome, options, [Seat("Ann")], practice=True)
    record_result("finished", outcome, options, [Seat("Ann")])
    rows = {row["title"]: row for row in StatisticsScene(app).rows}
    computer = [t for t in rows if "played by the computer" in t]
    practice = [t for t in rows if "(practice)" in t]
    own = [t for t in rows if "(" not in t]
    assert len(computer) == len(practice) == len(own) == 1
    assert rows[computer[0]]["colour"] == rows[practice[0]]["colour"] != rows[own[0]]["colour"]


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("size", [(800, 500), (1024, 640)])
def test_no_text_on_a_table_is_smaller_than_11_px(app, monkeypatch, game_id, size):
    """Every word a table draws (its own and the shared bar, buttons, log and toasts), drawn
    afresh at the smallest sizes a table is played at."""
    from scenes.art import _cache, fonts
    seats = seats_for(game_id)
    seats = [seats[0]] + [Seat(f"C{i}", "computer") for i in range(1, len(seats))]
    table = start_new_game(app, game_id, seats, None, 12)
    for _ in range(12):
        if table.my_turn():
            table.act(table.legal()[0])
        app.frame(1.0)
        if app.manager.top is not table:
            app.pop(app.manager.top)
    resized(app, size)
    app.toast("A refusal says why in plain words.", 5, "bad")
    sizes: list[int] = []
    real = fonts._font

    def spy(px, bold, display):
        sizes.append(px)
        return real(px, bold, display)

    monkeypatch.setattr(fonts, "_font", spy)
    _cache.clear_caches()
    fonts.render_text.cache_clear() if hasattr(fonts.render_text, "cache_clear") else None
    table.images.clear()
    table.refresh([], animate=False)
    table.static = None
    app.draw()
    assert sizes and min(sizes) >= 11, sorted(set(sizes))[:5]
    resized(app, (1280, 800))


def test_a_failed_autosave_stays_on_screen_until_a_save_works(app, monkeypatch):
    import scenes.table.store as store
    table = start_new_game(app, "finished", [Seat("Ann")], None, 9)
    real = store.autosave
    full = OSError(28, "No space left on device")

    def failing(match):
        raise full

    monkeypatch.setattr(store, "autosave", failing)
    table.act(table.legal()[0])
    texts = []
    monkeypatch.setattr(ui, "text", lambda surface, words, *a, **k: texts.append(words) or pygame.Rect(0, 0, 1, 1))
    for _ in range(3):  # long after any toast would have gone
        app.frame(1.0)
        texts.clear()
        app.draw()
        assert any("Not saved: No space left on device" in t for t in texts)
    monkeypatch.setattr(store, "autosave", real)
    app.frame(6.0)  # the table tries again by itself
    texts.clear()
    app.draw()
    assert not table.store.failed and not any("Not saved" in t for t in texts)
    assert load_save(path_for(table.match.save_id)).actions == table.match.actions


@pytest.mark.parametrize("game_id", game_ids())
def test_a_dragged_card_moves_over_a_picture_of_the_table_that_matches_it(app, game_id):
    """While a card follows the pointer, the table under it is one cached picture: the frame
    must look exactly like a frame drawn piece by piece."""
    seats = seats_for(game_id)
    seats = [seats[0]] + [Seat(f"C{i}", "computer") for i in range(1, len(seats))]
    table = start_new_game(app, game_id, seats, None, 12)
    for _ in range(30):
        if app.manager.top is not table:
            app.pop(app.manager.top)
        app.frame(1.0)
        if table.my_turn() and not table.busy():
            break
    table.skip_animations()
    sprite = next(s for s in reversed(list(table.sprites.values()))
                  if table.input.drag_targets(s.piece, s.zone))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sprite.rect.center, button=1))
    far = (5, app.size[1] // 2)  # over no target
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(1, 1), buttons=(1, 0, 0)))
    assert table.input.dragging and table.input.hover_target is None
    cached = pygame.Surface(app.size)
    table.draw(cached)
    assert table.under is not None, "the drag did not use the cached picture"
    table.draw(cached)  # the second frame comes from the cache for sure
    plain = pygame.Surface(app.size)
    table.under = None
    lift = table.input.lift
    lift.by_pointer = False  # draw piece by piece this once
    table.draw(plain)
    lift.by_pointer = True
    lifted = lift.sprite.rect.inflate(24, 24)
    diff = [(x, y) for x in range(0, app.size[0], 7) for y in range(0, app.size[1], 7)
            if cached.get_at((x, y)) != plain.get_at((x, y)) and not lifted.collidepoint(x, y)]
    assert not diff, diff[:5]
