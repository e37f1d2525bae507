"""Pictures that are slow to draw and never change, kept on disk between runs.

The key holds the picture's arguments and a fingerprint of the drawing code, so a change to
the art (or a new finis) draws afresh. A missing or unreadable cache only costs time.

Files are BMP: several times faster to load than PNG, which is what the cache is for.
`startup_picture` goes through the disk (`remembered`) only until the first frame is on the
screen (`first_frame_shown`): the pictures that frame waits for come from disk, while later
ones, say during a window resize, are drawn and never written.

A person's very first start has no cache yet: the first frame of the window it opens (the
default 1280x800 menu) is shipped in assets/startup/, one PNG per startup picture, made by
tools/prerender.py (`recording` lists what that frame asks for) and checked against the code
by tests/art/test_art_startup.py. It is loaded instead of drawn, then cached as usual.
"""
from __future__ import annotations

import os
import sys
import zlib
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator, Optional

import pygame

from game import __version__
from game.core import paths


_SUFFIX = ".bmp"
_starting = True
_recording: Optional[dict[str, tuple[pygame.Surface, bool]]] = None
_new_folders: set[Path] = set()  # cache folders this run made: nothing older to prune there


def first_frame_shown() -> None:
    """The app calls this after its first flip: start-up pictures are drawn from now on."""
    global _starting
    _starting = False


def startup_time() -> bool:
    """Does `startup_picture` go through the disk (or a recording) now, instead of drawing?"""
    return _recording is not None or (_starting and pygame.display.get_surface() is not None)


def startup_picture(key: str, draw: Callable[[], pygame.Surface], modules: tuple[str, ...],
                    opaque: bool = False, keep: Optional[int] = None) -> pygame.Surface:
    """`remembered` while the first frame is being made (and a window exists), else `draw()`.
    Not in the cache yet, the picture comes from assets/startup/ when finis ships it."""
    if _recording is not None:
        picture = draw()
        _recording[key] = (picture, opaque)
        return picture
    if _starting and pygame.display.get_surface() is not None:
        return remembered(key, lambda: _shipped_or_drawn(key, draw, opaque), modules,
                          opaque=opaque, keep=keep)
    return draw()


def _shipped_or_drawn(key: str, draw: Callable[[], pygame.Surface], opaque: bool) -> pygame.Surface:
    picture = shipped_picture(key, opaque)
    return picture if picture is not None else draw()


def shipped_name(key: str) -> str:
    """The file in assets/startup/ that holds the startup picture `key`."""
    return f"{_safe(key)}.png"


def shipped_picture(key: str, opaque: bool = False) -> Optional[pygame.Surface]:
    """The picture shipped for `key` (see the module's docstring), or None."""
    try:
        image = pygame.image.load(str(paths.resource("startup", shipped_name(key))))
    except (pygame.error, FileNotFoundError, OSError):
        return None
    return image.convert() if opaque else image.convert_alpha()


@contextmanager
def recording(forget: Callable[[], None]) -> Iterator[dict[str, tuple[pygame.Surface, bool]]]:
    """For tools/prerender.py: while inside, every startup picture is drawn (never loaded) and
    collected as key -> (picture, opaque); `forget` clears the memos in front of the startup
    pictures (the caller's: this module imports no scene), before and after, so that each one
    is asked for again."""
    global _recording, _starting
    saved = _starting
    _recording, _starting = {}, True
    forget()
    try:
        yield _recording
    finally:
        _recording, _starting = None, saved
        forget()


def _safe(key: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in key)


def cache_dir() -> Optional[Path]:
    """FINIS_HOME/cache, or the platform's user cache folder (for the FINIS_HOME of now: a
    test, or a tool, that moves it never writes pictures into the old folder)."""
    return _cache_dir_for(os.environ.get("FINIS_HOME"))


@lru_cache(maxsize=4)
def _cache_dir_for(home: Optional[str]) -> Optional[Path]:
    try:
        return paths.cache_dir()
    except Exception:  # no cache is fine
        return None


cache_dir.cache_clear = _cache_dir_for.cache_clear  # type: ignore[attr-defined]  # clears like an lru_cache


@lru_cache(maxsize=None)
def code_fingerprint(*modules: str) -> str:
    """A short checksum of the drawing modules' source files (their length and bytes).

    CRC-32 (zlib) rather than a cryptographic hash: it only tells a changed drawing code from
    the old one, and OpenSSL's hashlib costs start-up time.
    """
    crc, total = zlib.crc32(__version__.encode()), 0
    here = Path(__file__).resolve().parent.parent
    for name in modules:
        path = here.joinpath(*name.split(".")[1:]).with_suffix(".py")
        try:
            data = path.read_bytes()
        except OSError:  # a packaged build has no sources: its executable changes with them
            data = name.encode() + _executable_stamp()
        crc, total = zlib.crc32(data, crc), total + len(data)
    return f"{crc:08x}{total & 0xffff:04x}"


def _executable_stamp() -> bytes:
    try:
        stat = os.stat(sys.executable)
        return f"{stat.st_size}:{stat.st_mtime_ns}".encode()
    except OSError:
        return b""


def remembered(key: str, draw: Callable[[], pygame.Surface], modules: tuple[str, ...],
               opaque: bool = False, keep: Optional[int] = None) -> pygame.Surface:
    """The picture for `key` from the disk cache, or drawn now and stored for next time.

    `opaque` pictures are converted without an alpha channel. Storing a picture removes the
    same key drawn by older code; with `keep`, only the newest `keep` pictures whose key
    starts like this one (up to its first "-") stay on disk.
    """
    folder = cache_dir()
    if folder is None:
        return draw()
    safe = _safe(key)
    path = folder / f"{safe}-{code_fingerprint(*modules)}{_SUFFIX}"
    try:
        image = pygame.image.load(str(path))
        if pygame.display.get_surface() is not None:
            return image.convert() if opaque else image.convert_alpha()
        return image
    except (pygame.error, FileNotFoundError, OSError):
        pass
    image = draw()
    tmp = None
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            _new_folders.add(folder)
        if not room_for_cache(folder):
            return image  # saves come first: a nearly full disk keeps its space for games
        import tempfile

        fd, tmp = tempfile.mkstemp(prefix=".tile.", suffix=_SUFFIX, dir=folder)
        os.close(fd)
        pygame.image.save(image, tmp)
        os.replace(tmp, path)
        tmp = None
        # the same picture drawn by older code is stale now; and at most `keep` of its kind
        # (a folder made by this run holds only the first frame's pictures: none is stale)
        if folder not in _new_folders:
            _prune(folder, f"{safe}-", 1)
            if keep is not None:
                _prune(folder, safe.split("-", 1)[0] + "-", keep)
    except (pygame.error, OSError):
        pass
    finally:
        if tmp is not None:  # a write that failed half-way leaves nothing behind
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return image


RESERVE_BYTES = 64 * 1024 * 1024  # free space the picture cache never eats into


def room_for_cache(folder: Path) -> bool:
    """Is there space to spare for pictures? Below the reserve, only saves may write."""
    try:
        import shutil
        return shutil.disk_usage(folder).free > RESERVE_BYTES
    except OSError:
        return False


def _prune(folder: Path, prefix: str, keep: int) -> None:
    """Delete all but the newest `keep` pictures whose names start with `prefix`."""
    found = []
    for path in folder.glob(f"{prefix}*{_SUFFIX}"):
        try:
            found.append((path.stat().st_mtime_ns, path))
        except OSError:
            pass
    for _, path in sorted(found, reverse=True)[keep:]:
        try:
            path.unlink()
        except OSError:
            pass
