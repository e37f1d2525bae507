"""Saves you can trust at the table (issue 24): the store says "safe" only once the moves are
on disk, the log and crash reports never write through a link, and a save changed under the
window is kept beside it with a message."""
from __future__ import annotations

import logging
import os

from game.core.saves import load_save, save_path
from tests.core.test_save_trust import FullDisk, game_and_moves, outside_file, texts, untouched


def test_the_store_says_safe_only_after_a_write_that_worked(app, monkeypatch):
    from scenes.table.store import MatchStore
    match, rest = game_and_moves(30)
    said = []
    app.toast = lambda text, *a, **k: said.append(text)
    store = MatchStore(app, match)
    for action in rest[:10]:
        match.act(action)
    disk = FullDisk(monkeypatch)
    for action in rest[10:15]:
        match.act(action)
    assert store.failed and not any("safe" in s for s in said)
    store.retry(10.0)  # still full
    assert store.failed and not any("safe" in s for s in said)
    disk.full = False
    store.retry(10.0)
    assert not store.failed and any("safe" in s for s in said)
    assert texts(load_save(save_path(match))) == texts(match)
    store.close()


def test_the_table_tells_where_a_file_changed_under_it_was_kept(app):
    from scenes.table.store import MatchStore
    match, rest = game_and_moves(10)
    said = []
    app.toast = lambda text, *a, **k: said.append(text)
    store = MatchStore(app, match)
    match.act(rest[0])
    path = save_path(match)
    with open(path, "a") as handle:
        handle.write("# edited\n")
    store.close()  # the table closes: the whole save is written, the edited file kept
    [kept] = match.save.kept if match.save.kept else [None]
    told = [s for s in said if "changed outside finis" in s]
    assert len(told) == 1 and path.with_name(path.stem + "-edited.yaml").name in told[0]
    assert "# edited" in path.with_name(path.stem + "-edited.yaml").read_text()
    assert texts(load_save(path)) == texts(match)


def test_the_log_and_crash_reports_never_write_through_a_link(tmp_path, finis_home):
    from scenes.app import report_crash, setup_logging
    target = outside_file(tmp_path)
    logs = finis_home / "logs"
    logs.mkdir(parents=True)
    os.symlink(target, logs / "finis.log")
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        folder = setup_logging()
        logging.getLogger("finis.test").warning("a line for the log")
        for handler in root.handlers:
            handler.flush()
    finally:
        for handler in root.handlers[len(before):]:
            root.removeHandler(handler)
            handler.close()
    assert untouched(target)
    assert "a line for the log" in (logs / "finis.log").read_text()
    import time
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for second in range(3):  # whatever second the report is stamped with
        name = logs / f"crash-{time.strftime('%Y%m%d-%H%M%S', time.localtime(time.time() + second))}.txt"
        if not os.path.lexists(name):
            os.symlink(target, name)
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        report = report_crash(folder)
    assert untouched(target) and report.is_file() and not report.is_symlink()
    assert "boom" in report.read_text()
    assert stamp


def test_the_picture_cache_replaces_a_link_at_its_name(tmp_path, monkeypatch):
    import pygame
    from scenes.art import diskcache
    target = outside_file(tmp_path)
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setattr(diskcache, "cache_dir", lambda: folder)
    modules = ("scenes.art.diskcache",)
    name = folder / f"{diskcache._safe('trial-tile')}-{diskcache.code_fingerprint(*modules)}.bmp"
    os.symlink(target, name)

    def draw():
        picture = pygame.Surface((8, 8))
        picture.fill((10, 200, 30))
        return picture
    image = diskcache.remembered("trial-tile", draw, modules, opaque=True)
    assert image.get_at((1, 1))[:3] == (10, 200, 30)
    assert untouched(target) and name.is_file() and not name.is_symlink()
