"""Continue lists saves from their headers, opens a long one in the background while the
window keeps drawing, refuses a save open in another window, and a game that ended as the
app stopped is counted at the next start (issue 17). Headless app."""
from __future__ import annotations

import argparse
import functools
import os
import threading

import pygame
import pytest
import yaml

from game.core import Seat, Setup, locks
from game.core.safeyaml import dump_yaml
from game.core.paths import history_dir, saves_dir
from game.core.players import RandomPlayer, make_player
from game.core.registry import engine, game_ids
from game.core.rng import Rng
from game.core.saves import record_of, write_save
from game.core.session import Match
from game.core.stats import load_stats
from tests.ui.conftest import key

TWO = [Seat("Anna"), Seat("Bo", "computer")]


def played(game: str, moves: int, seed: int = 3) -> Match:
    seats = [Seat("Anna")] if game == "finished" else TWO
    match = Match.start(game, Setup(seed), None, seats)
    rng = Rng(seed)
    for _ in range(moves):
        if match.outcome() is not None:
            break
        seat = match.engine.to_act(match.state)[0]
        match.act(RandomPlayer().choose({}, match.engine.legal_actions(match.state, seat), rng))
    return match


@functools.lru_cache(maxsize=None)
def race_actions(seed: int) -> tuple[str, ...]:
    match = Match.start("flag-finish", Setup(seed), None, TWO)
    players = [make_player("flag-finish", "random") for _ in TWO]
    _, actions = match.engine.play_out(match.state, players, Rng(seed))
    return tuple(a.text() for a in actions)


def long_save(moves: int = 1500):
    """A Flag Finish match of `moves` actions, still in play."""
    match = Match.start("flag-finish", Setup(5), None, TWO)
    match.replay(list(race_actions(5)[:moves]))
    assert match.outcome() is None and len(match.steps) == moves
    return write_save(match)


def open_continue(app):
    from scenes.resume import ContinueScene
    scene = ContinueScene(app)
    app.push(scene)
    app.frame(0.016)
    return scene


def select(scene, path) -> None:
    scene.selected = next(i for i, r in enumerate(scene.rows) if r["entry"].path == path)


def other_window() -> locks.Holder:
    """A live process that is not this one (the one that started the tests)."""
    return locks.Holder(os.getppid(), locks.host_name(), locks._start_time(os.getppid()))


def texts_drawn(app, monkeypatch) -> list[str]:
    from scenes import widgets as ui
    seen: list[str] = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, words, *a, **k: seen.append(words) or real(
        surface, words, *a, **k))
    app.draw()
    return seen


def test_building_continue_with_a_hundred_saves_never_replays(app, monkeypatch):
    for n in range(100):
        write_save(played(("finished", "flag-finish", "finito")[n % 3], 2 + n % 5, seed=n))
    calls = []
    for game in game_ids():
        rules = engine(game)
        monkeypatch.setattr(rules, "apply", lambda state, action, _r=rules.apply:
                            calls.append(action) or _r(state, action))
    scene = open_continue(app)
    app.draw()
    assert len(scene.rows) == 100 and not any(r.get("broken") for r in scene.rows)
    assert calls == []
    assert all(" moves - " in r["detail"] or " move - " in r["detail"] for r in scene.rows)


def test_a_long_save_opens_in_the_background_while_the_window_keeps_drawing(app, monkeypatch):
    path = long_save()
    rules = engine("flag-finish")
    real = rules.apply
    gate = threading.Event()
    reached = threading.Event()

    def held(state, action):
        if threading.current_thread() is not threading.main_thread():
            reached.set()
            assert gate.wait(30), "the test never opened the gate"
        return real(state, action)

    monkeypatch.setattr(rules, "apply", held)
    scene = open_continue(app)
    select(scene, path)
    key(app, pygame.K_RETURN)
    assert reached.wait(30)
    assert scene.loading is not None and scene.loading.thread.is_alive()
    frames = app.frames
    for _ in range(5):  # the replay is stuck in its thread: the window still answers
        key(app, pygame.K_DOWN)
        app.frame(0.016)
    assert app.frames >= frames + 5 and app.manager.top is scene
    assert locks.lock_path(path).exists()  # the file is this window's while it opens
    assert any("Opening Flag Finish" in t and "of 1,500 moves" in t
               for t in texts_drawn(app, monkeypatch))
    gate.set()
    scene.loading.thread.join(30)
    app.frame(0.016)
    table = app.manager.top
    assert table is not scene and len(table.match.steps) == 1500
    assert table.match.save.path == path and locks.lock_path(path).exists()
    app.manager.clear_to(app.manager.stack[0])  # leaving the table lets the file go
    assert not locks.lock_path(path).exists()


def test_escape_stops_a_background_load_and_leaves_the_file(app, monkeypatch):
    path = long_save()
    kept = path.read_bytes()
    rules = engine("flag-finish")
    real = rules.apply
    gate = threading.Event()
    reached = threading.Event()

    def held(state, action):
        if threading.current_thread() is not threading.main_thread():
            reached.set()
            gate.wait(30)
        return real(state, action)

    monkeypatch.setattr(rules, "apply", held)
    scene = open_continue(app)
    select(scene, path)
    key(app, pygame.K_RETURN)
    assert reached.wait(30)
    key(app, pygame.K_ESCAPE)  # stops the load, not the screen
    gate.set()
    scene.loading.thread.join(30)
    app.frame(0.016)
    assert app.manager.top is scene and scene.loading is None
    assert path.read_bytes() == kept and not locks.lock_path(path).exists()
    assert "Stopped opening" in app.toasts.active()[-1][0]


def test_a_save_open_in_another_window_is_shown_and_not_opened(app):
    path = write_save(played("finished", 3))
    locks.lock_path(path).write_text(other_window().text("theirs"))
    scene = open_continue(app)
    [row] = scene.rows
    assert "open in another window" in row["title"] and "Open in another finis window" in row["detail"]
    key(app, pygame.K_RETURN)
    assert app.manager.top is scene
    assert app.toasts.active()[-1][0] == "This game is open in another finis window."
    key(app, pygame.K_DELETE)
    assert path.exists() and "open in another" in app.toasts.active()[-1][0]


def test_a_window_takes_the_lock_when_the_other_window_just_opened_it(app):
    """Listed as free, then opened by another window before this one: refused at Play."""
    path = write_save(played("finished", 3))
    scene = open_continue(app)
    theirs = locks.acquire(path, other_window())
    key(app, pygame.K_RETURN)
    assert app.manager.top is scene and "open in another window" in scene.rows[0]["title"]
    theirs.release()


def test_a_table_holds_its_save_locked_until_it_leaves(app):
    from scenes.table.registry import open_match, start_new_game
    table = start_new_game(app, "finished", [Seat("Anna")], None, 4)
    path = table.match.save.path
    assert f"pid: {os.getpid()}" in locks.lock_path(path).read_text()
    with pytest.raises(locks.Busy):
        locks.acquire(path, other_window())
    app.manager.clear_to(app.manager.stack[0])
    assert not locks.lock_path(path).exists()
    locks.lock_path(path).write_text(other_window().text("theirs"))
    assert open_match(app, __import__("game.core.saves", fromlist=["x"]).load_save(path)) is None
    assert app.toasts.active()[-1][0] == "This game is open in another finis window."


def test_a_note_about_a_save_shows_in_its_row(app):
    data = record_of(played("finished", 4))
    data.pop("digest")
    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "by-hand.yaml").write_text(dump_yaml(data))
    match = played("finito", 5)
    path = write_save(match)
    match.act(match.engine.legal_actions(match.state, match.engine.to_act(match.state)[0])[0])
    write_save(match)
    path.unlink()  # only its backup is left
    scene = open_continue(app)
    details = {r["entry"].path.name: r["detail"] for r in scene.rows}
    assert "Note: no digest" in details["by-hand.yaml"]
    assert "Note: recovered from its backup" in details[path.name]
    assert "5 moves" in details[path.name]


def over_game(seed: int = 0):
    seats = [Seat("Anna"), Seat("Bo", "computer")]
    match = Match.start("finito", Setup(seed), None, seats)
    players = [make_player("finito", "random") for _ in seats]
    _, actions = match.engine.play_out(match.state, players, Rng(seed))
    match.replay([a.text() for a in actions])
    assert match.outcome() is not None
    return write_save(match)


def start(monkeypatch):
    from scenes.app import App, start_scene
    args = argparse.Namespace(size="1024x640", fullscreen=False, game=None, seats=None, option=[],
                              seed=None)
    application = App(args)
    start_scene(application, args)
    application.frame(0.016)
    return application


def played_count() -> int:
    def count(node):
        if isinstance(node, dict):
            return int(node["played"]) if "played" in node else sum(count(v) for v in node.values())
        return 0
    return count(load_stats()[0])


def test_a_game_that_ended_as_the_app_stopped_is_counted_at_the_next_start(monkeypatch):
    path = over_game()
    first = start(monkeypatch)
    assert [t for t, _ in first.toasts.active()] == ["A finished game was added to your statistics."]
    assert played_count() == 1 and not path.exists()
    assert len([n for n in os.listdir(history_dir()) if n.endswith(".yaml")]) == 1
    second = start(monkeypatch)
    assert not any("statistics" in t for t, _ in second.toasts.active())
    assert played_count() == 1


def test_a_game_killed_between_the_statistics_and_the_filing_is_filed_not_counted_again(monkeypatch):
    from game.core.saves import filing
    path = over_game()
    real = filing.file_finished

    class Killed(BaseException):
        pass

    def die(match):
        raise Killed()

    monkeypatch.setattr(filing, "file_finished", die)
    with pytest.raises(Killed):
        start(monkeypatch)
    assert played_count() == 1 and path.exists()
    monkeypatch.setattr(filing, "file_finished", real)
    again = start(monkeypatch)
    assert played_count() == 1 and not path.exists()
    assert not any("statistics" in t for t, _ in again.toasts.active())
    assert yaml.safe_load(next(history_dir().glob("*.yaml")).read_text())["meta"]["recorded"]
