"""A save's identity is its file: an id read from a file is never a path (issue 17)."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
import yaml

from game.core import Seat, Setup
from game.core.paths import history_dir, saves_dir
from game.core.players import RandomPlayer
from game.core.rng import Rng
from game.core.saves import (NO_DIGEST, delete_save, file_finished, is_safe_id, list_saves, load_save,
                             path_for, record_of, write_save)
from game.core.session import Match, new_save_id

GAME = "finished"


def played(moves: int = 6, seed: int = 5) -> Match:
    match = Match.start(GAME, Setup(seed), None, [Seat("You")])
    rng = Rng(9)
    for _ in range(moves):
        legal = match.engine.legal_actions(match.state, 0)
        match.act(RandomPlayer().choose({}, legal, rng))
    return match


def one_more(match: Match) -> None:
    legal = match.engine.legal_actions(match.state, 0)
    match.act(RandomPlayer().choose({}, legal, Rng(len(match.steps))))


def snapshot(root: Path, skip: Path) -> dict[str, bytes]:
    """Every file under `root` except those under `skip`, with its bytes."""
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            if skip in path.parents:
                continue
            found[str(path)] = path.read_bytes() if path.is_file() else b"<not a file>"
    return found


def hostile_save(name: str, save_id: str) -> Path:
    """A loadable save in the saves folder whose `id` field is `save_id`."""
    data = record_of(played())
    data["id"] = save_id
    path = saves_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


@pytest.mark.parametrize("evil", ["../../victim", "../victim", "/ABSOLUTE/victim", "sub/victim", "",
                                  "victim\x00x", "..", "original"])
def test_a_hostile_id_never_writes_or_deletes_outside_its_own_file(tmp_path, finis_home, evil):
    victim = tmp_path / "victim.yaml"
    victim.write_text("precious\n")
    finis_home.mkdir(parents=True, exist_ok=True)
    (finis_home / "victim.yaml").write_text("precious too\n")
    if evil.startswith("/ABSOLUTE"):
        evil = str(tmp_path / "victim")
    original = write_save(played(seed=7))
    os.rename(original, saves_dir() / "original.yaml")
    original = saves_dir() / "original.yaml"
    original_bytes = original.read_bytes()
    path = hostile_save("evil.yaml", evil)
    before = snapshot(tmp_path, saves_dir())

    [entry] = [e for e in list_saves() if e.path == path]
    match = entry.match
    one_more(match)
    assert write_save(match) == path  # autosave goes back to the listed file
    assert len(load_save(path).steps) == len(match.steps)
    assert snapshot(tmp_path, saves_dir()) == before
    assert original.read_bytes() == original_bytes

    delete_save(entry.path)
    assert not path.exists() and not path.with_name(path.name + ".bak").exists()
    assert snapshot(tmp_path, saves_dir()) == before
    assert original.read_bytes() == original_bytes
    assert is_safe_id(match.save_id)


def test_playing_a_copy_writes_the_copy_and_deleting_it_keeps_the_original():
    match = played()
    original = write_save(match)
    copy = original.with_name(original.stem + " (copy).yaml")
    shutil.copyfile(original, copy)
    assert yaml.safe_load(copy.read_text())["id"] == match.save_id
    original_bytes = original.read_bytes()

    entries = {e.path: e for e in list_saves()}
    assert set(entries) == {original, copy}
    copied = entries[copy].match
    one_more(copied)
    assert write_save(copied) == copy
    assert original.read_bytes() == original_bytes
    assert len(load_save(copy).steps) == len(match.steps) + 1

    delete_save(entries[copy].path)
    assert not copy.exists() and not copy.with_name(copy.name + ".bak").exists()
    assert original.read_bytes() == original_bytes
    assert [e.path for e in list_saves()] == [original]


def test_a_save_that_is_a_link_is_read_but_never_written_or_deleted_through(tmp_path):
    outside = tmp_path / "outside.yaml"
    write_save(played(seed=6), tmp_path)
    [written] = [p for p in tmp_path.iterdir() if p.suffix == ".yaml"]
    written.rename(outside)
    kept = outside.read_bytes()
    link = saves_dir() / "linked.yaml"
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside)
    [entry] = list_saves()
    one_more(entry.match)
    assert write_save(entry.match) == link
    assert outside.read_bytes() == kept and not link.is_symlink()
    delete_save(entry.path)
    assert outside.read_bytes() == kept and not os.path.lexists(link)


def test_delete_given_a_loaded_match_removes_its_file_not_its_ids():
    first = write_save(played())
    twin = first.with_name("twin.yaml")
    shutil.copyfile(first, twin)
    loaded = load_save(twin)
    delete_save(loaded)
    assert not twin.exists() and first.exists()


def test_path_for_and_delete_refuse_an_unsafe_id():
    for evil in ("../x", "/etc/passwd", "a b", "", "a/b", ".hidden"):
        with pytest.raises(ValueError):
            path_for(evil)
        with pytest.raises(ValueError):
            delete_save(evil)


def test_a_new_game_never_reuses_an_existing_file_even_if_the_clock_repeats(monkeypatch):
    monkeypatch.setattr(time, "time", lambda: 1_800_000_000.0)  # the same instant, every time
    first, second, third = played(2, seed=1), played(2, seed=2), played(2, seed=3)
    assert first.save_id == second.save_id  # the clock alone would clash
    paths = [write_save(first), write_save(second), write_save(third)]
    assert len(set(paths)) == 3
    assert all(is_safe_id(p.stem) for p in paths)
    assert [load_save(p).setup.seed for p in paths] == [1, 2, 3]
    for match, path in zip((first, second, third), paths):
        assert match.save_id == path.stem
        one_more(match)
        assert write_save(match) == path  # later autosaves stay in the game's own file
    assert [load_save(p).setup.seed for p in paths] == [1, 2, 3]


def test_a_backup_or_temp_file_of_a_name_also_keeps_it_taken(monkeypatch):
    monkeypatch.setattr(time, "time", lambda: 1_800_000_000.0)
    match = played(2)
    wanted = match.save_id
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / f"{wanted}.yaml.bak").write_text("an old game's backup\n")
    (folder / f".{wanted}-2.yaml.abc123.tmp").write_text("another game being written\n")
    path = write_save(match)
    assert path.stem not in (wanted, f"{wanted}-2") and is_safe_id(path.stem)
    assert (folder / f"{wanted}.yaml.bak").read_text() == "an old game's backup\n"


def test_new_save_ids_are_safe_and_skip_taken_names(monkeypatch):
    monkeypatch.setattr(time, "time", lambda: 1_800_000_000.25)  # both ids in one millisecond
    taken = {new_save_id("flag-finish")}
    fresh = new_save_id("flag-finish", lambda i: i in taken or i.endswith("-2"))
    assert fresh not in taken and is_safe_id(fresh) and fresh.endswith("-3")


def test_a_finished_game_with_a_hostile_id_is_filed_inside_the_history_folder(tmp_path):
    victim = tmp_path / "victim.yaml"
    victim.write_text("precious\n")
    path = hostile_save("evil.yaml", "../../../victim")
    match = load_save(path)
    filed = file_finished(match)
    assert filed.parent == history_dir() and is_safe_id(filed.stem)
    assert victim.read_text() == "precious\n"
    assert not path.exists()
    again = file_finished(load_save(write_save(played(seed=8))))
    assert again != filed and filed.exists()


def test_a_save_without_a_digest_loads_with_a_note():
    data = record_of(played())
    data.pop("digest")
    path = saves_dir() / "by-hand.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    [entry] = list_saves()
    assert entry.ok and entry.note == NO_DIGEST
    with_digest = write_save(played(seed=3))
    assert [e.note for e in list_saves() if e.path == with_digest] == [""]


def test_an_app_save_cut_at_any_line_is_refused_or_says_it_has_no_digest():
    """The digest is written before the actions: a cut never loads silently with fewer."""
    match = played(10)
    path = write_save(match)
    lines = path.read_text().splitlines(keepends=True)
    for cut in range(1, len(lines)):
        path.write_text("".join(lines[:cut]))
        [entry] = [e for e in list_saves() if e.path == path]  # broken files are listed too
        if entry.ok:
            assert len(entry.match.steps) == len(match.steps) or entry.note == NO_DIGEST, cut
