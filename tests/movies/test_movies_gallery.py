"""The Movies gallery: lists every game's flip-book, survives a restart, plays, deletes, exports."""
from __future__ import annotations

import time

import pygame
from PIL import Image

import game.finished.movies as movies
from game.core.paths import movies_dir
from scenes.flipbook.player import FlipbookPlayer
from scenes import widgets as ui
from scenes.movies import ExportDialog, MoviesScene
from tests.movies.conftest import click, press


def gallery(app) -> MoviesScene:
    scene = MoviesScene(app)
    app.push(scene)
    app.frame(0.0)
    return scene


def dialog_texts(app, dialog) -> str:
    """The words a dialog draws (read from ui.text calls while it draws)."""
    seen = []
    real = ui.text

    def spy(surface, words, *args, **kwargs):
        seen.append(words)
        return real(surface, words, *args, **kwargs)

    ui.text = spy
    try:
        dialog.draw(app.screen)
    finally:
        ui.text = real
    return "\n".join(seen)


def wait_for(dialog: ExportDialog, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while dialog.state == "working" and time.monotonic() < deadline:
        time.sleep(0.01)
        dialog.update(0.01)
    assert dialog.state != "working", "the export did not finish"


def test_lists_every_movie_and_survives_a_restart(app, some_movies):
    scene = gallery(app)
    assert [r["entry"].movie.save_id for r in scene.rows] == ["finished-c", "finished-b", "finished-a"]
    assert "5 of 48 frames" in scene.rows[0]["detail"]
    assert "complete" in scene.rows[1]["detail"] and "won" in scene.rows[1]["detail"]
    assert "Easy" in scene.rows[2]["title"]
    app.pop(scene)
    again = gallery(app)  # as after a restart: everything comes from the files
    assert [r["entry"].movie for r in again.rows] == [r["entry"].movie for r in scene.rows]


def test_enter_plays_the_selected_movie(app, some_movies):
    scene = gallery(app)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    player = app.manager.top
    assert isinstance(player, FlipbookPlayer) and len(player.pile) == 48 and player.won
    press(app, pygame.K_ESCAPE)
    assert app.manager.top is scene


def test_a_click_on_the_selected_row_plays_it(app, some_movies):
    scene = gallery(app)
    [(_, first)] = scene.row_rects_indexed()[:1]
    click(app, first.center)
    assert isinstance(app.manager.top, FlipbookPlayer)


def test_a_broken_entry_is_listed_with_its_reason_and_the_others_still_play(app, some_movies):
    (movies_dir() / "movie-broken.yaml").write_text("format: 1\npile: [1, 3]\n")
    (movies_dir() / "movie-empty.yaml").write_bytes(b"")
    scene = gallery(app)
    broken = [r for r in scene.rows if r.get("broken")]
    assert {r["entry"].name for r in broken} == {"movie-broken.yaml", "movie-empty.yaml"}
    assert any("empty" in r["detail"] for r in broken)
    app.draw()
    scene.selected = scene.rows.index(broken[0])
    press(app, pygame.K_RETURN)
    assert app.manager.top is scene  # refused, with a toast
    assert any("cannot be played" in text for text, _ in app.toasts.active())
    scene.selected = next(i for i, r in enumerate(scene.rows) if not r.get("broken"))
    press(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, FlipbookPlayer)


def test_delete_asks_twice_and_never_touches_broken_files(app, some_movies):
    (movies_dir() / "movie-broken.yaml").write_text("nonsense: [")
    scene = gallery(app)
    target = next(i for i, r in enumerate(scene.rows) if r["entry"].ok)
    scene.selected = target
    doomed = scene.rows[target]["entry"]
    press(app, pygame.K_DELETE)
    assert doomed.path.exists() and scene.delete_button.label == "Confirm delete"
    app.draw()
    press(app, pygame.K_DOWN)  # moving on forgets the question
    press(app, pygame.K_UP)
    press(app, pygame.K_DELETE)
    assert doomed.path.exists()
    press(app, pygame.K_DELETE)
    assert not doomed.path.exists()
    assert len(scene.rows) == 3
    scene.selected = next(i for i, r in enumerate(scene.rows) if r.get("broken"))
    press(app, pygame.K_DELETE)
    press(app, pygame.K_DELETE)
    assert (movies_dir() / "movie-broken.yaml").exists()


def test_export_gif_dialog_shows_progress_and_the_path(app, some_movies, tmp_path, monkeypatch):
    monkeypatch.setattr(movies, "pictures_dir", lambda: tmp_path / "Pictures")
    scene = gallery(app)
    press(app, pygame.K_g)
    dialog = app.manager.top
    assert isinstance(dialog, ExportDialog)
    assert dialog.field.value == str(tmp_path / "Pictures" / "finis-movie-2025-05-15.gif")
    app.draw()  # before anything is written, the dialog asks where, naming the folder
    assert "Where should the GIF go?" in dialog_texts(app, dialog)
    press(app, pygame.K_RETURN)
    assert dialog.state == "working" and dialog.busy()
    app.draw()
    wait_for(dialog)
    assert dialog.state == "done" and not dialog.busy(), dialog.message
    assert "finis-movie-2025-05-15.gif" in dialog.message  # says where, in words
    assert f"folder {tmp_path / 'Pictures'}" in dialog.message
    opened = []
    monkeypatch.setattr("scenes.file_manager.subprocess.Popen", lambda args, **kw: opened.append(args))
    press(app, pygame.K_o)  # and offers to open that folder
    assert opened and opened[0][-1] == str(tmp_path / "Pictures")
    with Image.open(tmp_path / "Pictures" / "finis-movie-2025-05-15.gif") as gif:
        assert gif.n_frames == 5
    app.draw()
    press(app, pygame.K_RETURN)
    assert app.manager.top is scene


def test_export_strip_to_a_typed_path(app, some_movies, tmp_path):
    gallery(app)
    press(app, pygame.K_s)
    dialog = app.manager.top
    dialog.field.value = str(tmp_path / "mine")
    click(app, dialog.buttons.buttons[0].rect.center)
    wait_for(dialog)
    assert dialog.state == "done"
    with Image.open(tmp_path / "mine.png") as strip:
        assert strip.format == "PNG"


def test_an_unwritable_target_is_reported_in_plain_words(app, some_movies, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    gallery(app)
    press(app, pygame.K_g)
    dialog = app.manager.top
    dialog.field.value = str(blocker / "movie.gif")
    press(app, pygame.K_RETURN)
    wait_for(dialog)
    assert dialog.state == "failed"
    assert "could not be" in dialog.message and "Traceback" not in dialog.message
    app.draw()
    dialog.field.value = "movie.txt"
    press(app, pygame.K_RETURN)
    assert dialog.state == "failed" and ".gif" in dialog.message
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, MoviesScene)


def test_an_empty_movie_is_not_offered_for_export(app):
    movies.save_movie([], False, "easy", "Easy", "finished-empty")
    scene = gallery(app)
    press(app, pygame.K_g)
    assert app.manager.top is scene
    assert any("no frames" in text for text, _ in app.toasts.active())
