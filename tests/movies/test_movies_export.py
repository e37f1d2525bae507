"""Exports: a GIF with one frame per scored card, a PNG strip, never half a file."""
from __future__ import annotations

import pytest
from PIL import Image

import game.finished.movies as movies
from game.finished.movies import ExportCancelled, export_gif, export_strip, save_movie

SMALL = (64, 48)  # keeps the tests fast; the real default is 480 x 360


@pytest.fixture
def out(tmp_path):
    """An empty folder for the exported files (FINIS_HOME lives in tmp_path too)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def test_gif_has_one_frame_per_scored_card_and_loops(out):
    movie = save_movie(list(range(1, 24)), False, "easy", "Easy", "finished-g")
    calls = []
    path = export_gif(movie, out / "m.gif", fps=12, size=SMALL,
                      progress=lambda done, total: calls.append((done, total)))
    with Image.open(path) as gif:
        assert gif.format == "GIF"
        assert gif.n_frames == 23
        assert gif.size == SMALL
        assert gif.info["loop"] == 0
        assert gif.info["duration"] == pytest.approx(1000 / 12, abs=10)
    assert calls[-1] == (24, 24) and [c[0] for c in calls] == list(range(1, 25))
    assert sorted(p.name for p in out.iterdir()) == ["m.gif"]  # no temp file left


@pytest.mark.parametrize("count", [1, 48])
def test_gif_of_one_and_of_all_frames(out, count):
    path = export_gif(list(range(1, count + 1)), out / "m.gif", size=(32, 24))
    with Image.open(path) as gif:
        assert gif.n_frames == count


def test_missing_frame_pictures_become_placeholders(out, monkeypatch):
    monkeypatch.setattr(movies, "frame_path", lambda n: out / "nowhere" / f"{n}.png")
    path = export_gif([1, 2, 3], out / "m.gif", size=SMALL)
    with Image.open(path) as gif:
        assert gif.n_frames == 3


def test_an_empty_pile_is_refused_with_a_clear_message(out):
    empty = movies.Movie("m", "2025-01-01T00:00:00", "easy", "Easy", False, ())
    for export in (export_gif, export_strip):
        with pytest.raises(ValueError, match="no frames"):
            export(empty, out / "x.out")
    assert list(out.iterdir()) == []


def test_png_strip_wraps_into_rows_of_eight(out):
    path = export_strip(list(range(1, 11)), out / "strip.png", thumb=(40, 30))
    with Image.open(path) as strip:
        assert strip.format == "PNG"
        width, height = strip.size
    assert 8 * 40 < width < 9 * 40 + 40  # eight columns
    assert 2 * 30 < height < 3 * 30 + 30  # two rows


def test_a_cancelled_export_leaves_nothing_behind(out):
    def stop(done, total):
        if done == 2:
            raise ExportCancelled()
    with pytest.raises(ExportCancelled):
        export_gif([1, 2, 3, 4], out / "m.gif", size=SMALL, progress=stop)
    assert list(out.iterdir()) == []


def test_an_export_replaces_an_old_file_whole(out):
    target = out / "m.gif"
    target.write_bytes(b"old")
    export_gif([1, 2], target, size=SMALL)
    with Image.open(target) as gif:
        assert gif.n_frames == 2
    assert sorted(p.name for p in out.iterdir()) == ["m.gif"]


def test_writing_under_a_file_fails_with_an_oserror(out):
    blocker = out / "file"
    blocker.write_text("x")
    with pytest.raises(OSError) as caught:
        export_gif([1], blocker / "m.gif", size=SMALL)
    assert "could not be made" in movies.describe_problem(caught.value, blocker / "m.gif") or \
        "could not be written" in movies.describe_problem(caught.value, blocker / "m.gif")
