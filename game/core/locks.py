"""One window per save: a lock file next to a save while a window has the game open.

`<name>.yaml.lock` is created exclusively (O_CREAT | O_EXCL) and holds a few plain lines
(never YAML):

    finis lock
    pid: 4242
    host: anna-laptop
    started: 981234          (the process's start time where the system tells it, else empty)
    token: 5f0c...           (random: which lock object this is)

A lock whose process is gone (on this host: no such pid, or a pid now used by a process that
started at another time) is stale and is taken over. A lock from another host is respected,
since its process cannot be checked from here. Locks are released when the table closes, and
every lock this process still holds is released when it exits normally; a killed process
leaves a stale lock, which the next window takes over.
"""
from __future__ import annotations

import atexit
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

SUFFIX = ".lock"
MESSAGE = "This game is open in another finis window."
#: A lock file is a few short lines; anything longer is not one of ours.
MAX_LOCK_BYTES = 512
#: An empty or half-written lock this young may be one being created right now.
YOUNG_SECONDS = 5.0


def host_name() -> str:
    """This machine's name (as written in lock files)."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket  # pragma: no cover - Windows
    return socket.gethostname()


def _token() -> str:
    return os.urandom(8).hex()


def _start_time(pid: int) -> str:
    """When process `pid` started, in the system's own units ('' where it cannot be told)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read(4096)
    except OSError:
        return ""
    # the command name (2nd field) is in parentheses and may hold spaces: split after it
    fields = data[data.rfind(b")") + 2:].split()
    return fields[19].decode("ascii", "replace") if len(fields) > 19 else ""


@dataclass(frozen=True)
class Holder:
    """Who holds a lock: a process on a host."""

    pid: int
    host: str
    started: str = ""
    token: str = field(default="", compare=False)

    @classmethod
    def me(cls) -> "Holder":
        return cls(os.getpid(), host_name(), _start_time(os.getpid()))

    def text(self, token: str) -> str:
        return (f"finis lock\npid: {self.pid}\nhost: {self.host}\nstarted: {self.started}\n"
                f"token: {token}\n")


class Busy(Exception):
    """The save is open in another window (or cannot be locked); `message` says so."""

    def __init__(self, save: Path, holder: Optional[Holder], message: str = MESSAGE) -> None:
        self.save, self.holder, self.message = Path(save), holder, message
        super().__init__(message)


def lock_path(save: Path) -> Path:
    """The lock file of a save: `<name>.yaml.lock` beside it."""
    save = Path(save)
    return save.with_name(save.name + SUFFIX)


#: Locks this process holds, by token (released at exit).
_held: dict[str, "SaveLock"] = {}


class SaveLock:
    """A lock this process holds on one save; `release()` removes the file if it is still ours."""

    def __init__(self, save: Path, holder: Holder, token: str) -> None:
        self.save, self.holder, self.token = Path(save), holder, token
        self.path = lock_path(save)

    @property
    def held(self) -> bool:
        return self.token in _held

    def release(self) -> None:
        """Remove the lock file, only if it still holds this lock's token; safe to call twice."""
        if _held.pop(self.token, None) is None:
            return
        found = _read(self.path)
        if found is not None and found[0].token == self.token:
            try:
                os.unlink(self.path)
            except OSError:
                pass

    def __repr__(self) -> str:
        return f"SaveLock({self.save.name}, pid {self.holder.pid})"


def _read(path: Path) -> Optional[tuple[Holder, float]]:
    """The holder written in a lock file and the file's age in seconds; None when there is no
    lock file. A file that is not a lock (unreadable, not regular, garbled) gives a Holder
    with pid 0."""
    import time
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError:
        try:
            os.lstat(path)
        except FileNotFoundError:
            return None
        except OSError:
            pass
        return Holder(0, ""), float("inf")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return Holder(0, ""), float("inf")
        raw = os.read(fd, MAX_LOCK_BYTES + 1)
    except OSError:
        return Holder(0, ""), float("inf")
    finally:
        os.close(fd)
    age = max(0.0, time.time() - info.st_mtime)
    values: dict[str, str] = {}
    lines = raw.decode("utf-8", "replace").splitlines()
    if len(raw) <= MAX_LOCK_BYTES and lines and lines[0] == "finis lock":
        for line in lines[1:]:
            name, _, value = line.partition(":")
            values[name.strip()] = value.strip()
    try:
        pid = int(values.get("pid", "0"))
    except ValueError:
        pid = 0
    return Holder(pid, values.get("host", ""), values.get("started", ""),
                  values.get("token", "")), age


def _alive(holder: Holder, age: float) -> bool:
    """Is the process holding this lock still there (as far as this host can tell)?"""
    if holder.token and holder.token in _held:
        return True  # this process holds it
    if holder.pid <= 0:
        return age < YOUNG_SECONDS  # being written right now, or junk
    if holder.host != host_name():
        return True  # another machine's process cannot be checked: respect it
    if holder.pid == os.getpid():
        return False  # our pid, but no lock of ours: left by an earlier process with this pid
    if not _pid_exists(holder.pid):
        return False
    now = _start_time(holder.pid)
    return not (holder.started and now and now != holder.started)


def _pid_exists(pid: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - checked by hand on Windows
        import ctypes
        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]  # exists on Windows only
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return True
    return True


def holder_of(save: Path) -> Optional[Holder]:
    """Who has this save open, if a live process does (this one included); else None."""
    found = _read(lock_path(save))
    if found is None:
        return None
    holder, age = found
    return holder if _alive(holder, age) else None


def open_elsewhere(save: Path) -> bool:
    """Is the save open in another window (a live lock that is not this process's)?"""
    holder = holder_of(save)
    return holder is not None and not (holder.token and holder.token in _held)


def acquire(save: Path, holder: Optional[Holder] = None) -> SaveLock:
    """Lock a save for this window; Busy when a live window holds it.

    `holder` is for tests (a simulated other process); a stale lock is taken over."""
    save = Path(save)
    holder = holder or Holder.me()
    path = lock_path(save)
    for _ in range(8):
        token = _token()
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                         0o644)
        except FileExistsError:
            found = _read(path)
            if found is None:
                continue  # released meanwhile: try again
            if _alive(*found):
                raise Busy(save, found[0]) from None
            _take_away(path, found[0])
            continue
        except OSError as exc:
            raise Busy(save, None, f"This game cannot be locked ({exc.strerror or exc}).") from None
        try:
            os.write(fd, holder.text(token).encode("utf-8"))
            os.fsync(fd)
        except OSError:
            pass  # an unwritten lock still works for this window; others see it as young junk
        finally:
            os.close(fd)
        lock = SaveLock(save, holder, token)
        _held[token] = lock
        return lock
    raise Busy(save, None)


def _take_away(path: Path, stale: Holder) -> None:
    """Move a stale lock out of the way. Two windows taking over at once: only one rename
    succeeds; a lock that turns out not to be the stale one is put back."""
    aside = path.with_name(f".{path.name}.{_token()}.stale")
    try:
        os.rename(path, aside)
    except OSError:
        return
    found = _read(aside)
    if found is not None and (found[0] != stale or found[0].token != stale.token):
        try:
            os.link(aside, path)  # someone else's fresh lock: back where it was
        except OSError:
            pass
    try:
        os.unlink(aside)
    except OSError:
        pass


def clean_stale(folder: Path, saves: set[str]) -> None:
    """Remove stale lock files of saves that no longer exist (`saves`: names present)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.endswith(SUFFIX) and not name.startswith(".") and name[: -len(SUFFIX)] not in saves:
            path = Path(folder) / name
            found = _read(path)
            if found is not None and not _alive(*found):
                try:
                    os.unlink(path)
                except OSError:
                    pass


def release_all() -> None:
    """Release every lock this process holds (at exit)."""
    for lock in list(_held.values()):
        lock.release()


atexit.register(release_all)
