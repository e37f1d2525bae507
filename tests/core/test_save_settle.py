"""A finished game always reaches the statistics once: marked in its save first, then
counted, then filed; a start-up files what a kill left behind, and never counts twice
(issue 17)."""
from __future__ import annotations

import functools
import os

import pytest
import yaml

from game.core import Seat, Setup, locks
from game.core.paths import history_dir, saves_dir
from game.core.players import make_player
from game.core.rng import Rng
from game.core.saves import count_result, file_left_over, load_save, settle_finished, write_save
from game.core.session import Match
from game.core.stats import load_stats

from tests.core.test_save_atomic import Killed, Reaper


SEATS = [Seat("You"), Seat("Robo", "computer")]


@functools.lru_cache(maxsize=None)
def whole_game(seed: int) -> tuple[str, ...]:
    match = Match.start("finito", Setup(seed), None, SEATS)
    players = [make_player("finito", "random") for _ in SEATS]
    _, actions = match.engine.play_out(match.state, players, Rng(seed))
    return tuple(a.text() for a in actions)


def over_save(seed: int = 0):
    """A game that is over, saved, and not yet counted (the app stopped right there)."""
    match = Match.start("finito", Setup(seed), None, SEATS)
    match.replay(list(whole_game(seed)))
    assert match.outcome() is not None
    path = write_save(match)
    data = yaml.safe_load(path.read_text())
    assert data["status"] == "over" and "recorded" not in (data.get("meta") or {})
    return match, path


def _count(node) -> int:
    if isinstance(node, dict):
        return int(node.get("played", 0)) if "played" in node else sum(_count(v) for v in node.values())
    return 0


def history() -> list[str]:
    try:
        return sorted(n for n in os.listdir(history_dir())
                      if n.endswith(".yaml") and not n.startswith("."))
    except FileNotFoundError:
        return []


def saves() -> list[str]:
    return sorted(n for n in os.listdir(saves_dir()) if n.endswith(".yaml") and not n.startswith("."))


def test_the_start_up_files_a_game_that_was_never_counted_once():
    _, path = over_save()
    found = file_left_over()
    assert (found.counted, found.filed) == (1, 1)
    assert _count(load_stats()[0]) == 1 and len(history()) == 1 and saves() == []
    assert not locks.lock_path(path).exists()
    again = file_left_over()
    assert (again.counted, again.filed) == (0, 0) and _count(load_stats()[0]) == 1


def test_a_game_playing_or_open_in_another_window_is_left_alone():
    _, path = over_save()
    other = locks.Holder(os.getppid(), locks.host_name(),
                         locks._start_time(os.getppid()))
    locks.lock_path(path).write_text(other.text("theirs"))
    playing = write_save(Match.start("finished", Setup(2), None, [Seat("You")]))
    assert file_left_over().counted == 0
    assert path.exists() and playing.exists() and _count(load_stats()[0]) == 0


def test_a_kill_between_the_statistics_and_the_filing_never_counts_twice():
    _, path = over_save()

    def count_then_die(match):
        count_result(match)
        raise Killed("after the statistics")

    with pytest.raises(Killed):
        settle_finished(load_save(path), count_then_die)
    assert _count(load_stats()[0]) == 1 and path.exists()
    assert yaml.safe_load(path.read_text())["meta"]["recorded"] is True
    found = file_left_over()  # the next start
    assert (found.counted, found.filed) == (0, 1)
    assert _count(load_stats()[0]) == 1 and len(history()) == 1 and saves() == []


def test_a_kill_at_any_step_of_the_end_of_a_game_counts_it_at_most_once(monkeypatch):
    """Every file-system step of mark, count and file is a kill point; after each kill a
    fresh start files the game, and the statistics hold it at most once (once whenever the
    kill came after the statistics were written)."""
    total = None
    at = 1
    while total is None or at <= total + 1:
        for folder in (saves_dir(), history_dir(), saves_dir().parent):
            for name in os.listdir(folder) if folder.exists() else []:
                if os.path.isfile(folder / name):
                    os.unlink(folder / name)
        match, path = over_save()
        counted_before_kill = []

        def count(m):
            count_result(m)
            counted_before_kill.append(True)

        with monkeypatch.context() as patch:
            reaper = Reaper(patch, at)
            try:
                settle_finished(match, count)
            except Killed:
                pass
        if not reaper.dead:
            total = reaper.count
        locks.release_all()
        file_left_over()  # the next start
        played = _count(load_stats()[0])
        assert played <= 1, f"counted twice when killed at step {at} ({reaper.steps[-3:]})"
        if counted_before_kill:
            assert played == 1, at
        assert saves() == [] and len(history()) == 1, (at, saves(), history())
        at += 1
    assert total and total > 5
