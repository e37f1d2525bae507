"""Continue plays and deletes exactly the listed file, and opens with every hostile file present
(issue 17). Headless app, as in tests/ui."""
from __future__ import annotations

import shutil

import pygame

from game.core import Seat, Setup
from game.core.paths import saves_dir
from game.core.saves import load_save, write_save
from game.core.session import Match
from tests.ui.conftest import app, key  # noqa: F401  (the headless app fixture)

from tests.core.test_save_hostile import CORPUS, alarm, make  # noqa: F401


def two_files():
    match = Match.start("finished", Setup(4), None, [Seat("You")])
    legal = match.engine.legal_actions(match.state, 0)
    match.act(legal[0])
    original = write_save(match)
    copy = original.with_name(original.stem + " (copy).yaml")
    shutil.copyfile(original, copy)
    return original, copy


def continue_scene(app):  # noqa: F811
    from scenes.resume import ContinueScene
    scene = ContinueScene(app)
    app.push(scene)
    app.frame(0.016)
    app.draw()
    return scene


def select(scene, path) -> None:
    scene.selected = next(i for i, r in enumerate(scene.rows) if r["entry"].path == path)


def test_delete_on_a_copy_removes_the_copy_and_keeps_the_original(app):  # noqa: F811
    original, copy = two_files()
    kept = original.read_bytes()
    scene = continue_scene(app)
    select(scene, copy)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_DELETE)  # the second press deletes (the first asks)
    assert not copy.exists()
    assert original.read_bytes() == kept
    assert [r["entry"].path for r in scene.rows] == [original]


def test_playing_a_copy_saves_into_the_copy(app):  # noqa: F811
    original, copy = two_files()
    kept = original.read_bytes()
    scene = continue_scene(app)
    select(scene, copy)
    key(app, pygame.K_RETURN)
    table = app.manager.top
    assert table is not scene and table.match.save.path == copy
    legal = table.match.engine.legal_actions(table.match.state, 0)
    table.match.act(legal[0])  # the table's store autosaves
    assert original.read_bytes() == kept
    assert len(load_save(copy).steps) == 2


def test_continue_opens_with_the_whole_hostile_corpus_present(app, alarm):  # noqa: F811
    """Continue reads headers only: a file that fails its reading or structure is listed as
    broken at once; one that fails only its replay is found when opened, says so, and the
    table never opens. No file changes either way."""
    for name in CORPUS:
        make(name)
    good = write_save(Match.start("finished", Setup(3), None, [Seat("You")]))
    before = {p.name: (p.read_bytes() if p.is_file() and not p.is_symlink() else None)
              for p in saves_dir().iterdir() if not p.is_fifo()}
    scene = continue_scene(app)
    assert len(scene.rows) == len(CORPUS) + 1
    for row in scene.rows:
        assert "\n" not in row["title"] + row["detail"] and len(row["detail"]) <= 300
    listed_ok = [r["entry"].path for r in scene.rows if not r.get("broken")]
    assert good in listed_ok
    assert len(listed_ok) < 12, "most hostile files are refused by the cheap checks"
    for path in listed_ok:
        if path == good:
            continue
        select(scene, path)
        key(app, pygame.K_RETURN)
        assert app.manager.top is scene, path.name
        row = scene.rows[scene.selected]
        assert row.get("broken") and row["entry"].path == path, path.name
        assert "cannot be opened" in app.toasts.active()[-1][0]
        assert not (path.parent / (path.name + ".lock")).exists()  # the lock is let go
    assert [r["entry"].path for r in scene.rows if not r.get("broken")] == [good]
    broken = next(i for i, r in enumerate(scene.rows) if r.get("broken"))
    scene.selected = broken
    key(app, pygame.K_DELETE)  # broken files are never deleted
    key(app, pygame.K_RETURN)  # nor opened
    assert app.manager.top is scene
    assert len(scene.rows) == len(CORPUS) + 1
    after = {p.name: (p.read_bytes() if p.is_file() and not p.is_symlink() else None)
             for p in saves_dir().iterdir() if not p.is_fifo()}
    assert after == before
