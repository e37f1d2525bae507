"""Movie files: one per game, written atomically, every broken one listed with its reason."""
from __future__ import annotations

import errno
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
import yaml

from game.core.paths import movies_dir
from game.finished.movies import (FORMAT, delete_movie, describe_problem, export_target, list_movies,
                         load_movie, save_movie)

ROOT = Path(__file__).resolve().parents[2]


def test_save_then_list_round_trip():
    movie = save_movie(list(range(1, 24)), False, "easy", "Easy", "finished-1",
                       when=datetime(2025, 5, 12, 14, 3, 22))
    path = movies_dir() / f"{movie.id}.yaml"
    data = yaml.safe_load(path.read_text())
    assert data == {"format": FORMAT, "id": movie.id, "created": "2025-05-12T14:03:22",
                    "level": "easy", "level_label": "Easy", "won": False,
                    "pile": list(range(1, 24)), "save_id": "finished-1"}
    [entry] = list_movies()
    assert entry.ok and entry.movie == movie
    assert entry.movie.length_text() == "23 of 48 frames" and entry.movie.frames_to_earn == 25


def test_the_same_game_saved_twice_is_one_entry_and_keeps_its_date():
    first = save_movie([1, 2, 3], False, "easy", "Easy", "finished-7", when=datetime(2025, 1, 1))
    again = save_movie([1, 2, 3], False, "easy", "Easy", "finished-7", when=datetime(2025, 3, 3))
    assert again.id == first.id and again.created == first.created
    assert len(list_movies()) == 1


def test_newest_first_and_complete_is_called_complete(some_movies):
    entries = list_movies()
    assert [e.movie.save_id for e in entries] == ["finished-c", "finished-b", "finished-a"]
    assert entries[1].movie.length_text() == "complete" and entries[1].movie.won


def test_written_atomically_no_temp_or_backup_files_left():
    for _ in range(3):
        save_movie([1, 2], False, "easy", "Easy", "finished-x")
    save_movie([1], False, "easy", "Easy", "")
    names = sorted(p.name for p in movies_dir().iterdir())
    assert all(n.endswith(".yaml") and not n.startswith(".") for n in names), names
    assert len(names) == 2


def test_movies_without_a_save_id_never_overwrite_each_other():
    when = datetime(2025, 2, 2, 2, 2, 2)
    a = save_movie([1], False, "easy", "Easy", "", when=when)
    b = save_movie([1, 2], False, "easy", "Easy", "", when=when)
    assert a.id != b.id and len(list_movies()) == 2


def test_save_refuses_what_is_not_a_pile():
    with pytest.raises(ValueError):
        save_movie([2, 3], False, "easy", "Easy", "finished-bad")
    assert not list_movies()


def good(**changes) -> str:
    data = {"format": 1, "id": "m", "created": "2025-05-12T14:03:22", "level": "easy",
            "level_label": "Easy", "won": False, "pile": [1, 2, 3], "save_id": "s"}
    data.update(changes)
    return yaml.safe_dump(data)


BROKEN = {
    "empty.yaml": (b"", "empty"),
    "garbled.yaml": (b"format: 1\npile: [1, 2\n  ] ]: :", "not valid YAML"),
    "binary.yaml": (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "binary"),
    "tag.yaml": (b"!!python/object/apply:os.system ['echo hi']\n", "not plain data"),
    "list.yaml": (b"- 1\n- 2\n", "no mapping"),
    "types.yaml": (good(won="yes").encode(), "won must be true or false"),
    "level.yaml": (good(level=5).encode(), "'level' field must be text"),
    "when.yaml": (good(created="yesterday").encode(), "is not a time"),
    "order.yaml": (good(pile=[1, 3, 2]).encode(), "in order"),
    "start.yaml": (good(pile=[2, 3]).encode(), "in order"),
    "range.yaml": (good(pile=list(range(1, 50))).encode(), "outside 1..48"),
    "cards.yaml": (good(pile=[1, "two"]).encode(), "not a card number"),
    "won.yaml": (good(won=True).encode(), "won"),
    "newer.yaml": (good(format=FORMAT + 1).encode(), "newer finis"),
    "noformat.yaml": (good(format=None).encode(), "format version"),
}


def test_every_kind_of_broken_file_is_listed_with_its_reason_and_others_still_play():
    folder = movies_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name, (content, _) in BROKEN.items():
        (folder / name).write_bytes(content)
    fine = save_movie([1, 2, 3, 4], False, "easy", "Easy", "finished-ok")
    entries = list_movies()
    assert len(entries) == len(BROKEN) + 1
    by_name = {e.name: e for e in entries}
    for name, (_, words) in BROKEN.items():
        entry = by_name[name]
        assert not entry.ok, name
        assert words in entry.reason, (name, entry.reason)
    ok = [e for e in entries if e.ok]
    assert [e.movie for e in ok] == [fine]
    for name, (content, _) in BROKEN.items():  # broken files are never touched
        assert (folder / name).read_bytes() == content


def test_an_unreadable_folder_is_reported_not_raised(tmp_path):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    assert list_movies(not_a_folder) == [] or not list_movies(not_a_folder)[0].ok


def test_delete_movie():
    movie = save_movie([1], False, "easy", "Easy", "finished-d")
    assert delete_movie(movie.id) is True
    assert list_movies() == []
    assert delete_movie(movie.id) is False


def test_load_movie_uses_the_file_name_as_identity():
    folder = movies_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "movie-by-hand.yaml").write_text(good(id="something else"))
    assert load_movie(folder / "movie-by-hand.yaml").id == "movie-by-hand"


def test_export_targets_and_problems_in_plain_words(tmp_path):
    assert export_target("clip", "gif", tmp_path) == tmp_path / "clip.gif"
    assert export_target(str(tmp_path / "a.png"), "png") == tmp_path / "a.png"
    for bad in ("", "   ", str(tmp_path), str(tmp_path / "x.png")):
        with pytest.raises(ValueError):
            export_target(bad, "gif", tmp_path)
    target = tmp_path / "out" / "m.gif"
    assert "permission denied" in describe_problem(PermissionError(13, "no"), target)
    assert "disk is full" in describe_problem(OSError(errno.ENOSPC, "full"), target)
    assert "does not exist" in describe_problem(FileNotFoundError(2, "x"), target)


def test_the_movies_module_never_imports_pygame():
    code = "import sys, game.finished.movies; print('pygame' in sys.modules, 'scenes' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "False"]
