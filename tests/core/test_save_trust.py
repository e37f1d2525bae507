"""Saves you can trust, second round (issue 24): links in the data folder, hostile journal
lines, bad seat and meta values, a full disk, a hand edit while the game is open, and the
first write of a new game killed. Each test failed on the code before that issue."""
from __future__ import annotations

import errno
import json
import os
import zlib
from pathlib import Path

import pytest

from game.core import Seat, Setup, journal
from game.core.datafiles import read_yaml
from game.core.fileio import FileProblem, create_own, open_own_append
from game.core.paths import data_home, saves_dir
from game.core.rng import Rng
from game.core.saves import (SaveProblem, autosave, compact, list_saves, load_save, read_header,
                             record_of, save_path, write_save)
from game.core.session import Match
from scenes import main as cli

from tests.core.test_save_atomic import Killed, Reaper
from tests.core.test_save_journal import played as game_and_moves


def open_table(count: int) -> tuple[Match, list]:
    """A match as a table keeps it: autosaved (journaling) after every one of `count` moves;
    returns it and the moves still to come."""
    match, actions = game_and_moves(count + 40)
    autosave(match)
    for action in actions[:count]:
        match.act(action)
        autosave(match)
    return match, actions[count:]


def texts(match: Match) -> list[str]:
    return [a.text() for a in match.actions]


def outside_file(tmp_path: Path) -> Path:
    target = tmp_path / "precious.txt"
    target.write_text("the person's own file\n")
    return target


def untouched(target: Path) -> bool:
    return target.read_text() == "the person's own file\n"


# -- 1. links in the data folder ---------------------------------------------------------------

def test_a_link_at_the_journals_name_is_replaced_never_written_through(tmp_path):
    match, rest = open_table(5)
    path = save_path(match)
    compact(match)  # the table closed: no journal now
    target = outside_file(tmp_path)
    os.symlink(target, journal.journal_path(path))
    again = load_save(path)  # Continue
    autosave(again)  # the table opens it and saves
    again.act(rest[0])
    autosave(again)
    assert untouched(target)
    the_journal = journal.journal_path(path)
    assert the_journal.is_file() and not the_journal.is_symlink()
    # a kill now: the move is in the (real) journal
    assert texts(load_save(path)) == texts(again)


@pytest.mark.parametrize("kind", ["hard-link", "fifo"])
def test_other_things_at_the_journals_name_are_replaced_too(tmp_path, kind):
    match, rest = open_table(3)
    path = save_path(match)
    compact(match)
    target = outside_file(tmp_path)
    name = journal.journal_path(path)
    if kind == "hard-link":
        os.link(target, name)
    else:
        os.mkfifo(name)
    again = load_save(path)
    autosave(again)
    again.act(rest[0])
    autosave(again)
    assert untouched(target) and name.is_file() and os.lstat(name).st_nlink == 1
    assert texts(load_save(path)) == texts(again)


def test_a_folder_at_the_journals_name_costs_only_speed(tmp_path):
    match, rest = open_table(2)
    path = save_path(match)
    compact(match)
    journal.journal_path(path).mkdir()
    again = load_save(path)
    autosave(again)
    for action in rest[:3]:
        again.act(action)
        autosave(again)  # no journal can be made: each move writes the whole save
    assert texts(load_save(path)) == texts(again)


def test_a_saves_folder_that_is_a_link_keeps_working(tmp_path):
    real = tmp_path / "synced"
    real.mkdir()
    data_home().mkdir(parents=True, exist_ok=True)
    os.symlink(real, saves_dir())
    match, rest = open_table(4)
    assert save_path(match).parent == saves_dir()
    assert [p.name for p in real.iterdir() if p.name.endswith(".yaml")] == [save_path(match).name]
    assert texts(load_save(save_path(match))) == texts(match)
    assert [e.path for e in list_saves(replay=False)] == [save_path(match)]


def test_open_own_append_replaces_links_and_shared_files(tmp_path):
    target = outside_file(tmp_path)
    for make in (lambda p: os.symlink(target, p), lambda p: os.link(target, p),
                 lambda p: os.symlink(tmp_path / "nowhere", p), os.mkfifo):
        name = tmp_path / "logs" / "finis.log"
        name.parent.mkdir(exist_ok=True)
        if os.path.lexists(name):
            os.unlink(name)
        make(name)
        with open_own_append(name) as handle:
            handle.write("a line\n")
        assert untouched(target)
        assert name.read_text() == "a line\n" and not name.is_symlink()
    folder = tmp_path / "logs" / "dir.log"
    folder.mkdir()
    with pytest.raises(IsADirectoryError):
        open_own_append(folder)


def test_create_own_never_follows_a_link_left_at_the_name(tmp_path):
    target = outside_file(tmp_path)
    os.symlink(target, tmp_path / "crash.txt")
    written = create_own(tmp_path / "crash.txt", "report\n")
    assert written == tmp_path / "crash-2.txt" and written.read_text() == "report\n"
    assert untouched(target)


def test_settings_statistics_movies_and_history_replace_links(tmp_path):
    from game.core.settings import Settings, save_settings
    from game.core.stats import record_result, stats_path
    from game.finished.movies import movies_dir, save_match_movie
    target = outside_file(tmp_path)
    home = data_home()
    home.mkdir(parents=True, exist_ok=True)
    os.symlink(target, home / "settings.yaml")
    save_settings(Settings())
    os.symlink(target, stats_path())
    match = Match.start("finished", Setup(11), None, [Seat("Computer 1", "computer")])
    from game.verbs import play_out
    play_out(match, Rng(11))
    record_result("finished", match.outcome(), match.options, match.seats)
    movies_dir().mkdir(parents=True, exist_ok=True)
    movie = save_match_movie(match)
    assert movie is not None
    assert untouched(target)
    for name in (home / "settings.yaml", stats_path()):
        assert name.is_file() and not name.is_symlink()


def test_an_export_onto_a_link_replaces_the_link(tmp_path):
    from game.finished.movies import export_strip
    target = outside_file(tmp_path)
    link = tmp_path / "strip.png"
    os.symlink(target, link)
    export_strip([1, 2, 3], link, thumb=(32, 24))
    assert untouched(target) and link.is_file() and not link.is_symlink()


def test_the_parse_memo_replaces_a_link(tmp_path):
    from game.core.parsememo import remember
    from game.core.paths import memo_path
    target = outside_file(tmp_path)
    memo = memo_path("trial")
    memo.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, memo)
    source = tmp_path / "data.yaml"
    source.write_text("a: 1\n")
    remember(memo, source.read_text(), {"a": 1})
    assert untouched(target)
    assert read_yaml(source, memo=memo) == {"a": 1}


# -- 2. a bad journal line drops that line and what follows -------------------------------------

def line(entry: dict) -> str:
    body = json.dumps(entry, separators=(",", ":"))
    return f"{zlib.crc32(body.encode('ascii')):08x} {body}\n"


def raw_line(body: str) -> str:
    return f"{zlib.crc32(body.encode('ascii')):08x} {body}\n"


HOSTILE_LINES = {
    "deep-json": raw_line('{"op":"meta","meta":{"x":' + "[" * 5000 + "]" * 5000 + "}}"),
    "deep-json-900": raw_line('{"op":"meta","meta":{"hinted":' + "[" * 900 + "]" * 900 + "}}"),
    "huge-number": raw_line('{"op":"act","n":' + "9" * 5000 + ',"a":"0 keep"}'),
    "float-n": raw_line('{"op":"act","n":4.0,"a":"0 keep"}'),
    "nan": raw_line('{"op":"meta","meta":{"hints":NaN}}'),
    "infinity-cut": raw_line('{"op":"cut","n":Infinity}'),
    "bad-hints": line({"op": "meta", "meta": {"hints": "x"}}),
    "unknown-meta": line({"op": "meta", "meta": {"evil": 1}}),
    "extra-key": line({"op": "act", "n": 4, "a": "0 keep", "path": "/etc/passwd"}),
    "binary": "\x00\x01\x02 \xff\xfe\n",
    "long-line": raw_line('{"op":"act","n":4,"a":"' + "x" * 30000 + '"}'),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_LINES))
def test_a_hostile_journal_line_drops_only_itself_and_what_follows(name, capsys):
    match, rest = open_table(3)
    path = save_path(match)
    good = texts(match)
    the_journal = journal.journal_path(path)
    data = the_journal.read_bytes() + HOSTILE_LINES[name].encode("latin-1") + line(
        {"op": "act", "n": 4, "a": rest[0].text()}).encode()
    the_journal.write_bytes(data)
    assert texts(load_save(path)) == good
    assert read_header(path).moves == 3
    [entry] = list_saves(replay=False)
    assert entry.ok and entry.header.moves == 3
    assert cli.main(["inspect", str(path)]) == 0
    out, _ = capsys.readouterr()
    assert json.loads(out)["actions"] == 3


def test_a_journal_of_another_deal_is_ignored():
    mine, _ = open_table(3)
    compact(mine)
    other, _ = game_and_moves(0, seed=4)
    autosave(other)
    for action in game_and_moves(3, seed=4)[1]:
        other.act(action)
        autosave(other)
    journal.journal_path(save_path(mine)).write_text(
        journal.journal_path(save_path(other)).read_text())
    loaded = load_save(save_path(mine))
    assert loaded.setup.seed == 3 and texts(loaded) == texts(mine)
    assert read_header(save_path(mine)).moves == 3


# -- 3. seats and meta are checked when read --------------------------------------------------

def edited_save(tmp_path, **changes) -> Path:
    match, _ = game_and_moves(0)
    data = record_of(match)
    data.pop("digest")
    for key, value in changes.items():
        data[key] = value
    path = saves_dir() / "edited.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    from game.core.safeyaml import dump_yaml
    path.write_text(dump_yaml(data))
    return path


BAD_VALUES = {
    "strength-ultra": {"seats": [{"name": "Ann", "kind": "human"},
                                 {"name": "Robo", "kind": "computer", "strength": "ultra"}]},
    "strength-list": {"seats": [{"name": "Ann"}, {"name": "Robo", "kind": "computer",
                                                  "strength": ["good"]}]},
    "seat-extra-key": {"seats": [{"name": "Ann", "path": "/tmp/x"}, {"name": "Robo"}]},
    "seat-empty-name": {"seats": [{"name": " "}, {"name": "Robo"}]},
    "seat-long-name": {"seats": [{"name": "A" * 500}, {"name": "Robo"}]},
    "seat-newline": {"seats": [{"name": "A\nB"}, {"name": "Robo"}]},
    "hints-text": {"meta": {"hints": "x"}},
    "hints-negative": {"meta": {"hints": -1}},
    "hints-float": {"meta": {"hints": 1.5}},
    "recorded-text": {"meta": {"recorded": "yes"}},
    "hinted-texts": {"meta": {"hinted": ["a"]}},
    "keys-long": {"meta": {"keys": {"0": "abc"}}},
    "phone-secret-short": {"meta": {"phones": {"1": "abc"}}},
    "phone-secret-path": {"meta": {"phones": {"1": "../../../../etc/passwd/aaaaaaaaaaaa"}}},
    "phone-seat-word": {"meta": {"phones": {"one": "A" * 32}}},
    "phone-port-low": {"meta": {"phone_port": 80}},
    "phone-port-text": {"meta": {"phone_port": "8765"}},
    "meta-unknown": {"meta": {"run": "rm -rf"}},
    "unknown-top-key": {"payload": "x"},
    "setup-extra": {"setup": {"seed": 1, "path": "/etc"}},
    "summary-list": {"summary": [1, 2]},
}


@pytest.mark.parametrize("name", sorted(BAD_VALUES))
def test_bad_seat_and_meta_values_are_refused_when_read(tmp_path, name, capsys):
    path = edited_save(tmp_path, **BAD_VALUES[name])
    with pytest.raises(SaveProblem) as info:
        read_header(path)
    assert "\n" not in str(info.value) and len(str(info.value)) < 300
    with pytest.raises(SaveProblem):
        load_save(path)
    assert cli.main(["inspect", str(path)]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1


@pytest.mark.parametrize("game", ["finished", "flag-finish", "finita", "finito", "finale"])
def test_every_game_refuses_an_unknown_strength(game):
    from game.core.registry import game_info
    info = game_info(game)
    seats = [Seat("Ann")] + [Seat(f"C{i}", "computer", "ultra")
                             for i in range(max(0, info.min_seats - 1))]
    if len(seats) == 1 and info.max_seats == 1:
        seats = [Seat("C", "computer", "ultra")]
    match = Match.start(game, Setup(1), None, seats)
    path = write_save(match)
    with pytest.raises(SaveProblem, match="strength"):
        read_header(path)
    for strength in info.strengths:  # every real strength still reads
        seats = [Seat(s.name, s.kind, strength if s.kind == "computer" else "") for s in seats]
        other = write_save(Match.start(game, Setup(1), None, seats))
        assert read_header(other).seats == seats


# -- 4. "safe" only once the moves are on disk --------------------------------------------------

class FullDisk:
    """os.write in the journal writes half of what it is given, then the disk is full."""

    def __init__(self, monkeypatch) -> None:
        self.full = True
        real = os.write

        def write(fd, data):
            if self.full:
                real(fd, bytes(data[: max(1, len(data) // 2)]))
                raise OSError(errno.ENOSPC, "No space left on device")
            return real(fd, data)
        monkeypatch.setattr(journal.os, "write", write)
        real_temp = __import__("game.core.fileio", fromlist=["x"])._synced_temp

        def temp(path, text):
            if self.full:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_temp(path, text)
        monkeypatch.setattr("game.core.fileio._synced_temp", temp)


def test_moves_made_while_the_disk_was_full_are_on_disk_once_saving_works_again(monkeypatch):
    match, rest = open_table(10)
    path = save_path(match)
    disk = FullDisk(monkeypatch)
    for action in rest[:5]:
        match.act(action)
        with pytest.raises(OSError):
            autosave(match)
    disk.full = False
    autosave(match)  # space came back: this is when the table says "safe"
    # a kill right now: every move is there
    assert texts(load_save(path)) == texts(match)
    match.act(rest[5])
    autosave(match)
    assert texts(load_save(path)) == texts(match)


# -- 6. a save edited by hand while its game is open -------------------------------------------

def test_a_hand_edit_while_open_loses_no_move_after_a_crash(tmp_path):
    match, rest = open_table(0)
    path = save_path(match)
    for action in rest[:30]:
        match.act(action)
        autosave(match)
    with open(path, "a") as handle:
        handle.write("# a note written by hand while the game was open\n")
    for action in rest[30:40]:
        match.act(action)
        autosave(match)
    # the window is killed here: nothing more is written
    loaded = load_save(path)
    assert texts(loaded) == texts(match)
    assert read_header(path).moves == len(match.actions)
    # opening it again writes the save whole: the hand-edited file is kept beside it
    autosave(loaded)
    kept = loaded.save.kept
    assert len(kept) == 1 and "# a note written by hand" in kept[0].read_text()
    assert texts(load_save(path)) == texts(match)
    entries = {e.path.name: e for e in list_saves(replay=False)}
    assert sorted(entries) == sorted([path.name, kept[0].name])
    assert "changed outside finis" in entries[kept[0].name].note  # told apart in Continue
    assert not entries[path.name].note


def test_a_hand_edit_while_open_is_kept_when_the_table_closes():
    match, rest = open_table(20)
    path = save_path(match)
    with open(path, "a") as handle:
        handle.write("# mine\n")
    edited = path.read_text()
    match.act(rest[0])
    autosave(match)
    compact(match)  # the table closes
    [kept] = match.save.kept
    assert kept.read_text() == edited
    assert "# mine" not in path.read_text() and texts(load_save(path)) == texts(match)


def test_the_window_writing_its_own_save_keeps_no_copy():
    match, rest = open_table(20)
    for action in rest[:5]:
        match.act(action)
        autosave(match)
    compact(match)
    assert match.save.kept == []
    assert [e.path for e in list_saves(replay=False)] == [save_path(match)]


def test_a_kill_at_any_step_of_a_journaled_game_keeps_old_or_new_and_no_copy(monkeypatch):
    """Every file-system step of a move (a journal line, a whole save with its fresh journal,
    the end of the game, the table closing), killed: Continue has the game with the moves
    before or after, and never a spurious copy of it."""
    for when in ("line", "compact", "close"):
        at = 1
        while True:
            match, rest = open_table(6)
            path = save_path(match)
            old = texts(match)
            if when == "compact":
                monkeypatch.setattr(journal, "COMPACT_EVERY", 1)
            with monkeypatch.context() as patch:
                reaper = Reaper(patch, at)
                try:
                    if when == "close":
                        compact(match)
                    else:
                        match.act(rest[0])
                        autosave(match)
                except Killed:
                    pass
            monkeypatch.setattr(journal, "COMPACT_EVERY", 500)
            new = texts(match)
            entries = list_saves(replay=False)
            assert [e.path for e in entries] == [path], (when, at, reaper.steps)
            assert texts(load_save(path)) in (old, new), (when, at, reaper.steps)
            for leftover in saves_dir().iterdir():
                if leftover.is_dir():
                    continue
                leftover.unlink()
            if not reaper.dead:
                break
            at += 1


# -- 8. smaller ones ----------------------------------------------------------------------------

HEAD = "format: 1\ngame: finished\nsetup: {seed: 1}\nseats: [{name: A}]\n"


@pytest.mark.parametrize("text,words", [
    (HEAD + "extra: !!set {a, b}\n", "tag"),
    (HEAD + "meta: {hints: !!str 1}\n", "tag"),
    (HEAD + "extra: " + "x" * 3_900_000 + "\n", "longer than"),
    (HEAD + "notes: hello\n", "unknown key"),
    ("format: 1\ngame: finita\nsetup: {seed: 1}\nseats: [{name: A}, {name: B}]\n"
     "options: {target: .inf}\n", "whole number"),
    (HEAD + "options: [\n", "not valid YAML"),
    (HEAD + "options: {level: a\x07b}\n", "not valid YAML"),  # the reader's error has no problem
])
def test_smaller_refusals_say_one_clear_line(text, words):
    path = saves_dir() / "small.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    with pytest.raises(SaveProblem) as info:
        read_header(path)
    reason = info.value.reason
    assert words in reason and "\n" not in reason
    assert "Error" not in reason and reason.count("is not valid YAML") <= 1


def test_a_tag_is_refused_by_every_reader(tmp_path):
    source = tmp_path / "settings.yaml"
    source.write_text("volume: !!float 0.5\n")
    with pytest.raises(FileProblem, match="tag"):
        read_yaml(source)


def test_a_kill_during_a_new_games_first_write_brings_back_no_empty_game(monkeypatch):
    match = Match.start("finished", Setup(4), None, [Seat("You")])
    for at in range(1, 8):
        with monkeypatch.context() as patch:
            reaper = Reaper(patch, at)
            try:
                write_save(match)
            except Killed:
                pass
        match.save = None
        written = sorted(saves_dir().glob("*.yaml"))  # the file exists: the write got that far
        stale = [p for p in saves_dir().iterdir() if p.name.endswith(".tmp")]
        for temp in stale:  # a minute later
            os.utime(temp, (1, 1))
        entries = list_saves(replay=False)
        assert sorted(e.path for e in entries) == written, (at, reaper.steps)
        assert not [p for p in saves_dir().iterdir() if p.name.endswith(".tmp")], at
        for leftover in saves_dir().iterdir():
            leftover.unlink()
