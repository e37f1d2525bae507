"""Saving in one rename, killed at every step, and recovery at start-up (issue 17)."""
from __future__ import annotations

import os
import time

import pytest

from game.core import Seat, Setup
from game.core import fileio, safeyaml
from game.core.paths import saves_dir
from game.core.players import RandomPlayer
from game.core.rng import Rng
from game.core.saves import list_saves, load_save, record_of, write_save
from game.core.session import Match
from game.core.settings import Settings, load_settings, save_settings

GAME = "finished"


class Killed(BaseException):
    """The process died here: nothing after it runs, not even clean-up code."""


class Reaper:
    """Counts the file-system steps of a write and kills the writer at step `at`.

    After the kill every further step raises too, so no `except`/`finally` clean-up can
    run: that is what a real kill (or power cut) looks like to the files."""

    NAMES = ("open", "fsync", "link", "replace", "rename", "unlink", "close", "write")

    def __init__(self, monkeypatch, at: int) -> None:
        self.at, self.count, self.dead, self.steps = at, 0, False, []
        for name in self.NAMES:
            real = getattr(os, name)
            monkeypatch.setattr(os, name, self._wrap(name, real))

    def _wrap(self, name, real):
        def step(*args, **kwargs):
            if self.dead:
                raise Killed(name)
            self.count += 1
            self.steps.append(name)
            if self.count == self.at:
                self.dead = True
                raise Killed(name)
            return real(*args, **kwargs)
        return step


def played(moves: int) -> Match:
    match = Match.start(GAME, Setup(11), None, [Seat("You")])
    rng = Rng(4)
    for _ in range(moves):
        legal = match.engine.legal_actions(match.state, 0)
        match.act(RandomPlayer().choose({}, legal, rng))
    return match


def count_steps(monkeypatch) -> int:
    """How many steps one autosave of an existing save takes (measured, not assumed)."""
    match = played(3)
    write_save(match)
    with monkeypatch.context() as patch:
        reaper = Reaper(patch, at=10**9)
        write_save(match)
    for path in saves_dir().iterdir():
        path.unlink()
    return reaper.count


def test_a_kill_at_any_step_of_an_autosave_leaves_the_game_in_continue(monkeypatch):
    total = count_steps(monkeypatch)
    assert total >= 4
    for at in range(1, total + 2):
        match = played(6)
        old = [a.text() for a in match.actions]
        path = write_save(match)
        legal = match.engine.legal_actions(match.state, 0)
        with monkeypatch.context() as patch:
            reaper = Reaper(patch, at)
            try:
                match.act(RandomPlayer().choose({}, legal, Rng(at)))
                write_save(match)
            except Killed:
                pass
        new = [a.text() for a in match.actions]
        assert reaper.dead or at > total
        entries = list_saves()
        assert [e.path for e in entries] == [path], f"killed at step {at} ({reaper.steps})"
        [entry] = entries
        assert entry.ok, entry.problem
        assert [a.text() for a in entry.match.actions] in (old, new), at
        assert [a.text() for a in load_save(path).actions] in (old, new)
        for leftover in saves_dir().iterdir():
            leftover.unlink()


def test_a_kill_while_writing_settings_keeps_the_old_or_new_settings(monkeypatch):
    save_settings(Settings(volume=0.3))
    for at in range(1, 12):
        with monkeypatch.context() as patch:
            Reaper(patch, at)
            try:
                save_settings(Settings(volume=0.6))
            except Killed:
                pass
        assert load_settings().volume in (0.3, 0.6), at
        save_settings(Settings(volume=0.3))


def test_the_backup_is_made_before_the_replace_and_never_leaves_a_gap(tmp_path, monkeypatch):
    path = tmp_path / "x.yaml"
    fileio.write_atomic(path, "one: 1\n")
    real_replace = os.replace
    seen = []

    def watch(src, dst, *args, **kwargs):
        seen.append((os.path.basename(str(src)), os.path.basename(str(dst)), path.exists()))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", watch)
    fileio.write_atomic(path, "two: 2\n")
    assert all(exists for _, _, exists in seen), "the main file must exist at every replace"
    assert [dst for _, dst, _ in seen][-1] == "x.yaml"
    assert path.read_text() == "two: 2\n" and (tmp_path / "x.yaml.bak").read_text() == "one: 1\n"


def _setup_save(moves: int = 6):
    match = played(moves)
    path = write_save(match)
    return match, path


def test_a_missing_main_file_comes_back_from_its_backup():
    match, path = _setup_save()
    first = [a.text() for a in match.actions]
    legal = match.engine.legal_actions(match.state, 0)
    match.act(legal[0])
    write_save(match)  # now the .bak holds `first`
    path.unlink()
    [entry] = list_saves()
    assert entry.ok and entry.path == path and "backup" in entry.note
    assert [a.text() for a in entry.match.actions] == first
    assert [a.text() for a in load_save(path).actions] == first


def test_a_broken_main_file_comes_back_from_its_backup_and_is_kept_aside():
    match, path = _setup_save()
    write_save(match)
    path.write_text("format: 1\ngame: [broken\n")
    [entry] = list_saves()
    assert entry.ok and entry.path == path and "damaged" in entry.note
    assert len(entry.match.steps) == len(match.steps)
    assert path.with_name(path.name + ".damaged").read_text() == "format: 1\ngame: [broken\n"


def test_a_whole_temp_file_newer_than_the_backup_wins():
    match, path = _setup_save()
    write_save(match)
    bak = path.with_name(path.name + ".bak")
    legal = match.engine.legal_actions(match.state, 0)
    match.act(legal[0])
    newest = safeyaml.dump_yaml(record_of(match))
    temp = path.with_name(f".{path.name}.k1ll3d.tmp")
    temp.write_text(newest)
    os.utime(bak, (time.time() - 100, time.time() - 100))
    path.unlink()
    [entry] = list_saves()
    assert entry.ok and len(entry.match.steps) == len(match.steps)
    assert not temp.exists() and len(load_save(path).steps) == len(match.steps)


def test_stale_temp_files_of_a_good_save_are_cleaned_fresh_ones_kept():
    match, path = _setup_save()
    stale = path.with_name(f".{path.name}.abc123.tmp")
    fresh = path.with_name(f".{path.name}.def456.tmp")
    stale.write_text("half a sa")
    fresh.write_text("being writ")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    [entry] = list_saves()
    assert entry.ok and not stale.exists() and fresh.exists()


def test_a_newer_format_main_file_is_never_replaced_by_an_older_backup():
    match, path = _setup_save()
    write_save(match)
    newer = path.read_text().replace("format: 1", "format: 7")
    path.write_text(newer)
    [entry] = list_saves()
    assert not entry.ok and "newer" in entry.problem.reason
    assert path.read_text() == newer


@pytest.mark.parametrize("junk", ["", "format: 1\n", "\x00\x01"])
def test_unloadable_spares_change_nothing(junk):
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "lost.yaml.bak").write_text(junk)
    assert list_saves() == []
    assert (folder / "lost.yaml.bak").read_text() == junk


def test_a_kill_during_the_first_save_of_a_new_game_leaves_nothing_broken(monkeypatch):
    for at in range(1, 12):
        match = played(2)
        with monkeypatch.context() as patch:
            reaper = Reaper(patch, at)
            try:
                path = write_save(match)
            except Killed:
                path = None
        entries = list_saves()
        assert all(e.ok for e in entries), (at, reaper.steps, [str(e.problem) for e in entries])
        if path is not None:
            assert [e.path for e in entries] == [path]
        for leftover in saves_dir().iterdir():
            leftover.unlink()
