"""Issue 17: hostile and broken copies of every other file finis reads at start or from the data
folder (settings.yaml, statistics.yaml, movie files, the parse memo and its key), generated here
and never committed. With the save corpus of test_save_hostile.py they make well over 100 kinds.

Each settings, statistics or movie file is refused with one short line, costs under 100 MB
(measured with tracemalloc), and changes no file outside the data folder; a memo is a cache and
is never trusted, so a hostile one is ignored and the real file is read. The app opens (menu
drawn, Continue, Statistics and Movies listed) with all of them present.
"""
from __future__ import annotations

import argparse
import json
import os
import stat
import time
import tracemalloc
from pathlib import Path

import pytest

from game.core import Seat, Setup
from game.core.fileio import MAX_BYTES, FileProblem
from game.core.paths import data_home, memo_path, movies_dir, saves_dir
from game.core.saves import list_saves, load_save, write_save
from game.core.session import Match
from game.core.settings import Settings, load_settings, save_settings, settings_path
from game.core.stats import load_stats, stats_path
from game.finished.movies import list_movies, load_movie

from tests.core.test_save_hostile import CORPUS as SAVE_CORPUS, fifo, folder, link_to, make as make_save

# -- makers -------------------------------------------------------------------------------------


def bomb(key: bytes, head: bytes = b"format: 1\n", levels: int = 9) -> bytes:
    """Nine lists of nine, `levels` deep, all aliases: a few hundred bytes, 9**levels values."""
    lines = [head, b"a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"]
    for c in range(ord("b"), ord("a") + levels):
        prev = b"*" + bytes([c - 1])
        lines.append(b"%s: &%s [%s]\n" % (bytes([c]), bytes([c]), b", ".join([prev] * 9)))
    lines.append(key + b": *" + bytes([ord("a") + levels - 1]) + b"\n")
    return b"".join(lines)


def merge_bomb(key: bytes) -> bytes:
    """Mappings merged into mappings (`<<: *a`), each level doubling the keys it pulls in."""
    lines = [b"format: 1\n", b"m0: &m0 {k0: 0, k1: 1}\n"]
    for i in range(1, 40):
        lines.append(b"m%d: &m%d {<<: [*m%d, *m%d], x%d: %d}\n" % (i, i, i - 1, i - 1, i, i))
    lines.append(key + b": {<<: *m39}\n")
    return b"".join(lines)


def deep(key: bytes, levels: int = 30000) -> bytes:
    return b"format: 1\n" + key + b": " + b"[" * levels + b"]" * levels + b"\n"


def seven_mb(head: bytes) -> bytes:
    return head + b"# " + b"x" * (7 * 1024 * 1024) + b"\n"


UTF16 = "format: 1\nvolume: 0.5\n".encode("utf-16")  # with its byte order mark
assert UTF16[:2] in (b"\xff\xfe", b"\xfe\xff")

SETTINGS = {
    "deep-nesting": lambda: deep(b"volume"),
    "deep-201": lambda: deep(b"player_name", 201),
    "alias-bomb": lambda: bomb(b"player_name"),
    "merge-key-bomb": lambda: merge_bomb(b"card_back"),
    "fifo": fifo,
    "link-to-dev-zero": link_to("/dev/zero"),
    "a-folder": folder,
    "seven-megabytes": lambda: seven_mb(b"format: 1\nvolume: 0.5\n"),
    "binary-junk": lambda: bytes(range(256)) * 64,
    "utf-16-bom": lambda: UTF16,
    "python-tag": lambda: b"format: 1\nplayer_name: !!python/object/apply:os.system ['touch x']\n",
    "python-object": lambda: b"format: 1\nvolume: !!python/object:os.system {}\n",
    "volume-nan": lambda: b"format: 1\nvolume: .nan\n",
    "volume-inf": lambda: b"format: 1\nvolume: .inf\n",
    "width-10-40": lambda: b"format: 1\nwindow_width: 1" + b"0" * 40 + b"\n",
    "width-negative": lambda: b"format: 1\nwindow_width: -1280\n",
    "width-30-digits": lambda: b"format: 1\nwindow_width: " + b"9" * 30 + b"\n",
    "duplicate-key": lambda: b"format: 1\nvolume: 0.1\nvolume: 0.9\n",
    "list-at-top": lambda: b"- volume\n- 0.5\n",
    "empty": lambda: b"",
    "garbled": lambda: b"format: [1\n  volume: {{\n",
    "newer-format": lambda: b"format: 99\nvolume: 0.5\n",
    "name-too-long": lambda: b"format: 1\nplayer_name: " + b"A" * 100_000 + b"\n",
    "link-outside-junk": lambda: "OUTSIDE",
}

STATS = {
    "deep-nesting": lambda: deep(b"games"),
    "alias-bomb": lambda: bomb(b"games", levels=9),
    "alias-in-bucket": lambda: b"format: 1\nx: &n 3\ngames: {finished: {easy: {played: *n}}}\n",
    "merge-key-bomb": lambda: merge_bomb(b"games"),
    "fifo": fifo,
    "link-to-dev-zero": link_to("/dev/zero"),
    "a-folder": folder,
    "seven-megabytes": lambda: seven_mb(b"format: 1\ngames: {}\n"),
    "binary-junk": lambda: bytes(range(256)) * 64,
    "utf-16-bom": lambda: "format: 1\ngames: {}\n".encode("utf-16"),
    "python-tag": lambda: b"format: 1\ngames: !!python/object/apply:os.system ['touch x']\n",
    "count-text": lambda: b"format: 1\ngames: {finished: {easy: {played: lots}}}\n",
    "count-negative": lambda: b"format: 1\ngames: {finished: {easy: {won: -4}}}\n",
    "count-10-40": lambda: b"format: 1\ngames: {finished: {easy: {played: 1" + b"0" * 40 + b"}}}\n",
    "count-10-20": lambda: b"format: 1\ngames: {finished: {easy: {played: 1" + b"0" * 20 + b"}}}\n",
    "best-score-nan": lambda: b"format: 1\ngames: {finished: {easy: {played: 1, best_score: .nan}}}\n",
    "best-score-inf": lambda: b"format: 1\ngames: {finished: {easy: {played: 1, best_score: -.inf}}}\n",
    "games-list": lambda: b"format: 1\ngames: [finished]\n",
    "bucket-text": lambda: b"format: 1\ngames: {finished: {easy: lots}}\n",
    "duplicate-game": lambda: b"format: 1\ngames: {finished: {}, finished: {}}\n",
    "scalar-at-top": lambda: b"statistics\n",
    "cut-short": lambda: b"format: 1\ngames:\n  finished:\n    easy: {played: 3, won:",
}

MOVIE_HEAD = b"format: 1\nid: m\ncreated: '2025-05-12T14:03:22'\nlevel: easy\nwon: false\n"
MOVIES = {
    "alias-bomb-pile": lambda: bomb(b"pile", MOVIE_HEAD),
    "deep-pile": lambda: MOVIE_HEAD + b"pile: " + b"[" * 30000 + b"]" * 30000 + b"\n",
    "fifo": fifo,
    "link-to-dev-zero": link_to("/dev/zero"),
    "a-folder": folder,
    "seven-megabytes": lambda: seven_mb(MOVIE_HEAD),
    "binary-junk": lambda: bytes(range(256)) * 8,
    "utf-16-bom": lambda: MOVIE_HEAD.decode().encode("utf-16"),
    "python-tag": lambda: MOVIE_HEAD + b"pile: !!python/object/apply:os.system ['true']\n",
    "pile-nan": lambda: MOVIE_HEAD + b"pile: [1, .nan]\n",
    "pile-huge-number": lambda: MOVIE_HEAD + b"pile: [1" + b"0" * 40 + b"]\n",
    "won-text": lambda: MOVIE_HEAD.replace(b"won: false", b"won: maybe") + b"pile: [1]\n",
    "created-huge": lambda: MOVIE_HEAD.replace(b"'2025-05-12T14:03:22'", b"x" * 1_000_000) + b"pile: [1]\n",
    "newer-format": lambda: MOVIE_HEAD.replace(b"format: 1", b"format: 9") + b"pile: [1]\n",
}

# Memos are caches: a hostile one must be ignored (the real file is parsed), never trusted.
MEMOS = {
    "data-edited": "EDITED",
    "seal-forged": "FORGED",
    "old-format-2": "OLD",
    "fifo": fifo,
    "link-to-dev-zero": link_to("/dev/zero"),
    "a-folder": folder,
    "deep-json": lambda: b'{"format": 3, "data": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "huge-number": lambda: b'{"format": 3, "text": "", "data": 1' + b"0" * 5000 + b"}",
    "nan-data": lambda: b'{"format": 3, "text": "", "data": NaN, "seal": ""}',
    "nine-megabytes": lambda: b'{"format": 3, "text": "' + b"x" * (9 * 1024 * 1024) + b'"}',
    "binary-junk": lambda: bytes(range(256)) * 8,
    "key-fifo": ("KEY", fifo),
    "key-link-to-dev-zero": ("KEY", link_to("/dev/zero")),
    "key-folder": ("KEY", folder),
    "key-short": ("KEY", lambda: b"abc\n"),
}

KINDS = ([("settings", k) for k in SETTINGS] + [("statistics", k) for k in STATS]
         + [("movie", k) for k in MOVIES] + [("memo", k) for k in MEMOS])


def test_the_corpus_has_over_a_hundred_kinds():
    assert len(SAVE_CORPUS) + len(KINDS) >= 100, len(SAVE_CORPUS) + len(KINDS)
    assert len(KINDS) >= 60


def place(path: Path, maker, outside: Path) -> None:
    """Make one corpus file at `path` (bytes, or a FIFO, link or folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if maker in (fifo, folder) or getattr(maker, "__name__", "") == "make":
        maker(path)
        return
    content = maker()
    if content == "OUTSIDE":
        outside.write_bytes(b"\x00 not settings \x00")
        os.symlink(outside, path)
    else:
        path.write_bytes(content)


GOOD_SETTINGS = Settings(volume=0.25, card_back="waves", player_name="Ada")


def make_memo(name: str, outside: Path) -> None:
    """A good settings file with a hostile memo (or memo key) beside it."""
    save_settings(GOOD_SETTINGS)  # writes the memo and its key
    memo = memo_path("settings")
    entry = json.loads(memo.read_text())
    maker = MEMOS[name]
    if isinstance(maker, tuple):
        key = data_home() / ".memo-key"
        key.unlink()
        place(key, maker[1], outside)
        from game.core import parsememo
        parsememo._KEYS.clear()  # as on a new start: the key is read from its file again
        return
    if maker == "EDITED":
        entry["data"]["volume"] = 0.99
        memo.write_text(json.dumps(entry))
    elif maker == "FORGED":
        entry["data"]["volume"] = 0.99
        entry["seal"] = "0" * 64
        memo.write_text(json.dumps(entry))
    elif maker == "OLD":
        entry["format"] = 2
        del entry["seal"]
        entry["data"]["volume"] = 0.99
        memo.write_text(json.dumps(entry))
    else:
        memo.unlink()
        place(memo, maker, outside)


def make_kind(kind: str, name: str, outside: Path) -> Path:
    if kind == "settings":
        path = settings_path()
        place(path, SETTINGS[name], outside)
    elif kind == "statistics":
        path = stats_path()
        place(path, STATS[name], outside)
    elif kind == "movie":
        path = movies_dir() / f"hostile-{name}.yaml"
        place(path, MOVIES[name], outside)
    else:
        make_memo(name, outside)
        path = memo_path("settings")
    return path


def snapshot(root: Path, skip: Path) -> dict[str, tuple]:
    """Every entry under `root` but `skip`: kind, size, time and (small files) content."""
    seen = {}
    for folder_, dirs, files in os.walk(root):
        here = Path(folder_)
        dirs[:] = [d for d in dirs if here / d != skip]
        for name in dirs + files:
            path = here / name
            info = os.lstat(path)
            content = None
            if stat.S_ISREG(info.st_mode) and info.st_size <= 65536:
                content = path.read_bytes()
            seen[str(path)] = (stat.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns, content)
    return seen


def one_line(text: str) -> bool:
    return bool(text) and "\n" not in text and len(text) <= 400


def load_and_judge(kind: str, name: str, path: Path) -> None:
    """Read the file as the app does, and check the answer."""
    if kind == "settings":
        loaded = load_settings()
        assert len(loaded.problems) == 1 and one_line(loaded.problems[0]), loaded.problems
        assert (loaded.volume, loaded.window_width, loaded.player_name) == \
            (Settings().volume, Settings().window_width, Settings().player_name)
    elif kind == "statistics":
        stats, problem = load_stats()
        assert problem and one_line(problem), problem
        assert stats["games"] == {}
    elif kind == "movie":
        with pytest.raises(FileProblem) as info:
            load_movie(path)
        assert one_line(str(info.value)), str(info.value)[:500]
        entries = list_movies()
        assert not [e for e in entries if e.ok], "no hostile movie plays"
        for entry in entries:
            assert one_line(entry.reason)
    else:
        loaded = load_settings()
        assert loaded.problems == [] and loaded == GOOD_SETTINGS, (loaded, loaded.problems)


@pytest.fixture
def alarm():
    import signal

    def hung(signum, frame):
        raise AssertionError("the file made the reader hang")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("kind,name", KINDS, ids=[f"{k}-{n}" for k, n in KINDS])
def test_each_hostile_file_is_refused_in_one_line_small_and_changes_nothing_outside(
        kind, name, tmp_path, finis_home, alarm, record_property):
    outside = tmp_path / "outside.bin"
    path = make_kind(kind, name, outside)
    before = snapshot(tmp_path.parent, finis_home)
    started = time.perf_counter()
    tracemalloc.start()
    try:
        load_and_judge(kind, name, path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    record_property("seconds", round(time.perf_counter() - started, 3))  # seen, not asserted
    assert peak < 100 * 1024 * 1024, f"{kind} {name}: {peak // 2**20} MB"
    if kind in ("settings", "memo"):  # the app saves its settings on the way out
        save_settings(GOOD_SETTINGS)
        assert load_settings() == GOOD_SETTINGS
    assert snapshot(tmp_path.parent, finis_home) == before, "a file outside the data folder changed"


@pytest.mark.parametrize("kind", ["settings", "statistics"])
def test_a_broken_settings_or_statistics_file_is_kept_aside_never_lost(kind, tmp_path):
    """Every hostile settings and statistics file is still there afterwards, under a new name."""
    names = SETTINGS if kind == "settings" else STATS
    main = settings_path() if kind == "settings" else stats_path()
    for name in names:
        if name in ("newer-format", "width-negative", "width-10-40", "width-30-digits",
                    "volume-nan", "volume-inf", "name-too-long"):
            continue  # these are kept as they are (newer) or only lose one value
        place(main, names[name], tmp_path / "outside.bin")
        kind_of = stat.S_IFMT(os.lstat(main).st_mode)
        if kind == "settings":
            load_settings()
        else:
            load_stats()
        assert not os.path.lexists(main), name
        asides = [p for p in main.parent.iterdir() if p.name.startswith(f"{main.stem}-broken-")]
        assert any(stat.S_IFMT(os.lstat(p).st_mode) == kind_of for p in asides), name
        for aside in asides:
            if not aside.is_symlink():
                os.rename(aside, tmp_path / f"seen-{len(list(tmp_path.iterdir()))}")


def app_args() -> argparse.Namespace:
    return argparse.Namespace(size="1024x640", fullscreen=False, game=None, seats=None, option=[],
                              seed=None)


APP_ROUNDS = max(len(SETTINGS), len(STATS))


@pytest.mark.parametrize("round_", range(APP_ROUNDS))
def test_the_app_opens_with_the_whole_corpus_present(round_, tmp_path, finis_home, alarm):
    """Every save and movie kind at once, with one settings, statistics and memo kind each round:
    the app starts, draws its menu, lists Continue, Statistics and Movies, and leaves every file
    outside the data folder as it was."""
    import pygame
    from scenes.app import App
    from scenes.menu import MainMenu
    from scenes.movies import MoviesScene
    from scenes.resume import ContinueScene
    from scenes.statistics import StatisticsScene

    outside = tmp_path / "outside.bin"
    for name in SAVE_CORPUS:
        make_save(name)
    good = write_save(Match.start("finished", Setup(3), None, [Seat("You")]))
    for name, maker in MOVIES.items():
        place(movies_dir() / f"hostile-{name}.yaml", maker, outside)
    memo_names = list(MEMOS)
    make_memo(memo_names[round_ % len(memo_names)], outside)
    settings_names, stats_names = list(SETTINGS), list(STATS)
    setting = settings_names[round_ % len(settings_names)]
    settings_path().unlink()
    place(settings_path(), SETTINGS[setting], outside)
    place(stats_path(), STATS[stats_names[round_ % len(stats_names)]], outside)
    before = snapshot(tmp_path.parent, finis_home)

    pygame.init()
    app = App(app_args())
    app.settings.animation_speed = "instant"
    shown = [text for text, _ in app.toasts.active()]
    assert app.settings.problems and all(p in shown for p in app.settings.problems), "told once, as a toast"
    assert all(one_line(p) for p in app.settings.problems)
    app.push(MainMenu(app))
    app.frame(0.016)
    app.draw()
    scene = ContinueScene(app)
    app.push(scene)
    app.frame(0.016)
    app.draw()
    # Continue lists from the saves' headers: a file whose fault shows only on replay (an
    # illegal move, a wrong digest) is listed and refused when opened; every file is listed
    broken = [r for r in scene.rows if r.get("broken")]
    assert sorted(r["entry"].path.name for r in scene.rows) == sorted(
        [f"{name}.yaml" for name in SAVE_CORPUS] + [good.name])
    assert good not in [r["entry"].path for r in broken]
    assert len(broken) >= len(SAVE_CORPUS) - 10
    assert all(one_line(r["detail"]) for r in broken)
    app.pop(scene)
    for screen in (StatisticsScene(app), MoviesScene(app)):
        app.push(screen)
        app.frame(0.016)
        app.draw()
        app.pop(screen)
    app.save_settings()
    assert snapshot(tmp_path.parent, finis_home) == before, "a file outside the data folder changed"
    assert load_save(good).digest() == Match.start("finished", Setup(3), None, [Seat("You")]).digest()


@pytest.mark.parametrize("seed", [b"-5", b"-1" + b"0" * 28, b"9" * 29])
def test_a_negative_or_long_seed_within_bounds_is_a_real_game_not_a_hostile_one(seed):
    """`finis --seed -5` makes such a game, so its save loads (and is cheap); 31 digits and
    more are refused (test_save_hostile)."""
    path = saves_dir() / "seeded.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"format: 1\ngame: finished\nsetup: {seed: " + seed + b"}\nseats: [{name: A}]\n")
    tracemalloc.start()
    try:
        match = load_save(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert match.setup.seed == int(seed) and match.engine.legal_actions(match.state, 0)
    assert peak < 100 * 1024 * 1024
