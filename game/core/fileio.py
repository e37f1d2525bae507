"""Careful file writing and reading shared by saves, settings, statistics, movies and logs:
writes that a crash at any moment leaves whole (a temp file, synced, renamed over), files
finis makes only as its own regular files (never through a link), and reads that refuse
anything but a regular file of a bounded size before a byte is read.

Parsing what was read is safeyaml.py's; reading a finis data file (with the parse memo, and
the kept settings and statistics) is datafiles.py's.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

class FileProblem(Exception):
    """A file that cannot be used; `reason` says why in plain words."""

    def __init__(self, path: Path, reason: str, place: str = "") -> None:
        self.path = Path(path)
        self.reason = one_line(reason, 200)
        self.place = one_line(place, 80)
        where = f" ({self.place})" if self.place else ""
        super().__init__(f"{one_line(self.path.name, 80)}{where}: {self.reason}")


#: Nothing finis reads is larger: a save of 36,000 actions is under 1 MB.
MAX_BYTES = 4 * 1024 * 1024


def short(value: Any, limit: int = 60) -> str:
    """A repr cut to `limit` characters, on one line: error messages never carry a whole value.

    The repr itself is bounded (a few levels, a few items, a few digits), so a value built
    from aliases, where nine lists of nine hold 9**9 strings, costs no more than a small one."""
    import reprlib

    bounded = reprlib.Repr()
    bounded.maxlevel, bounded.maxlist, bounded.maxtuple = 3, 4, 4
    bounded.maxdict, bounded.maxset, bounded.maxfrozenset = 4, 4, 4
    bounded.maxstring = bounded.maxother = bounded.maxlong = max(limit, 8)
    try:
        text = bounded.repr(value)
    except Exception:  # a repr must never be the thing that fails
        text = f"<{type(value).__name__}>"
    return one_line(text, limit)


def one_line(text: str, limit: int = 160) -> str:
    """Text on one line, cut to `limit` characters with an ellipsis."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def write_atomic(path: Path, text: str, keep_backup: bool = True) -> None:
    """Write `text` so that a crash at any moment leaves the old or the new file whole.

    A temp file in the same folder is written, flushed and synced; with `keep_backup` the
    current file is kept as `<name>.bak` (a hard link, or a copy where links are not
    possible, made BEFORE anything moves); then ONE os.replace puts the new file in place.
    There is never a moment without the main file. A temp file left by a kill holds a whole
    new version and is found by `recover` (saves) or cleaned as stale.
    """
    path = Path(path)
    tmp = _synced_temp(path, text)
    try:
        if keep_backup:
            _keep_backup(path)
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _synced_temp(path: Path, text: str) -> str:
    """A temp file beside `path` holding `text`, written, flushed and synced (removed again
    if the writing fails); the caller moves or links it into place."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return tmp


def write_new(path: Path, text: str) -> None:
    """Create `path` with `text`, whole or not at all; FileExistsError if the name is taken.

    The temp file is written and synced, then hard-linked to `path` (a link never replaces an
    existing file). Where links are not possible the file is created exclusively instead."""
    path = Path(path)
    tmp = _synced_temp(path, text)
    try:
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:
            with open(path, "x", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        fsync_dir(path.parent)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _not_ours(info: os.stat_result) -> bool:
    """A name finis must not write through: a link, a pipe or device, or a regular file that
    another name shares (a hard link to a file elsewhere)."""
    return not stat.S_ISREG(info.st_mode) or info.st_nlink > 1


def open_own_append(path: Path) -> Any:
    """`path` opened for appending text, as a regular file that is finis's own (the log).

    Whatever else sits at that name (a symbolic link, a hard link to a file elsewhere, a pipe,
    a device) is removed first (only the name: its target is never opened or changed) and a
    fresh file is made; a folder there raises IsADirectoryError. The file is opened without
    following links and checked again once open, so nothing put there meanwhile is written
    through either."""
    path = Path(path)
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    for _ in range(3):
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            info = None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if info is not None and _not_ours(info):
            os.unlink(path)
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENXIO, errno.EEXIST):
                continue  # a link or a pipe appeared meanwhile: remove it and try again
            raise
        if _not_ours(os.fstat(fd)):
            os.close(fd)
            continue
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "a", encoding="utf-8", newline="\n")
    raise OSError(errno.EEXIST, "something else keeps taking the name", str(path))


def create_own(path: Path, text: str) -> Path:
    """Create a new regular file with `text` at `path`, or at `<stem>-2<suffix>`, ... when the
    name is taken (by anything: a link there is never followed). Returns the path written."""
    path = Path(path)
    candidate, number = path, 2
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_CLOEXEC", 0))
    for _ in range(1000):
        try:
            fd = os.open(candidate, flags, 0o644)
        except FileExistsError:
            candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
            number += 1
            continue
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        return candidate
    raise OSError(errno.EEXIST, "no free name", str(path))


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def temp_files_of(path: Path) -> list[Path]:
    """Temp files `write_atomic` made for `path` (whole new versions, or half-written ones)."""
    prefix = f".{path.name}."
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.parent / n for n in names if n.startswith(prefix) and n.endswith(".tmp")]


def _keep_backup(path: Path) -> None:
    """`<name>.bak` becomes the current file (which stays where it is); best effort."""
    import shutil
    import tempfile

    try:
        info = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
        return  # nothing worth keeping
    fd, side = tempfile.mkstemp(prefix=f".{path.name}.bak.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        os.unlink(side)
        try:
            os.link(path, side, follow_symlinks=False)
        except OSError:
            shutil.copyfile(path, side, follow_symlinks=False)
        os.replace(side, backup_of(path))
    except OSError:
        try:
            os.unlink(side)
        except OSError:
            pass


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: Temp files older than this (seconds) next to a file that loads are left-overs, removed.
STALE_TEMP_SECONDS = 60.0


def set_aside(path: Path) -> Path:
    """Rename a broken file (or folder, pipe, link) to `<stem>-broken-<time><suffix>` next to
    it, under a name nothing has; it is never deleted. Returns the new path; OSError if the
    rename fails."""
    import time

    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix = path.suffix or ".yaml"
    aside = path.with_name(f"{path.stem}-broken-{stamp}{suffix}")
    number = 2
    while os.path.lexists(aside):
        aside = path.with_name(f"{path.stem}-broken-{stamp}-{number}{suffix}")
        number += 1
    os.rename(path, aside)
    return aside


def clean_stale_temps(path: Path, seconds: float = STALE_TEMP_SECONDS) -> None:
    """Remove the temp files `write_atomic` left next to `path` that no writer still uses."""
    import time

    now = time.time()
    for temp in temp_files_of(Path(path)):
        try:
            info = os.lstat(temp)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > seconds:
                os.unlink(temp)
        except OSError:
            pass


def read_bytes_checked(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; FileProblem for anything else.

    A FIFO, a device (a link to /dev/zero), a folder or a file that is too large is refused
    before a byte is read, and the file is opened without blocking and checked again.
    """
    path = Path(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    _check_regular(path, info, max_bytes)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    try:
        _check_regular(path, os.fstat(fd), max_bytes)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise FileProblem(path, f"is too large (over {max_bytes // 1024} KB)")
    return raw


def _check_regular(path: Path, info: os.stat_result, max_bytes: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, "is not a regular file (a pipe, device or socket): not read")
    if info.st_size > max_bytes:
        raise FileProblem(path, f"is too large ({info.st_size} bytes; at most {max_bytes})")


def read_text_checked(path: Path, max_bytes: int = MAX_BYTES) -> str:
    """The text of a regular, non-empty UTF-8 file of at most `max_bytes`; else FileProblem."""
    path = Path(path)
    raw = read_bytes_checked(path, max_bytes)
    if not raw.strip():
        raise FileProblem(path, "is empty")
    if b"\x00" in raw:
        raise FileProblem(path, "is not a text file (it holds binary data)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(path, f"is not UTF-8 text (byte {exc.start})") from None
