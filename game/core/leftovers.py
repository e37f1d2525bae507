"""Saves whose top says `status: over`: games that ended but may not have been filed (the app
stopped between the last move's save and the end-of-game filing). A few KB of each file are
read without blocking and no YAML is parsed, so a start with nothing to file costs almost
nothing; `saves.file_left_over` reads and checks the files this names."""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Optional

from .paths import saves_dir

_OVER = re.compile(rb"^status:[ \t]*over[ \t]*\r?$", re.M)
#: finis writes `status` in the first lines; a few KB is more than enough.
HEAD_BYTES = 4096


def says_over(path: Path) -> bool:
    """Does the top of this file say `status: over`? False for anything but a regular file."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return _OVER.search(os.read(fd, HEAD_BYTES)) is not None
    except OSError:
        return False
    finally:
        os.close(fd)


def over_saves(folder: Optional[Path] = None) -> list[Path]:
    """The saves in the folder (not backups, temp or lock files) whose top says they are over."""
    folder = Path(folder or saves_dir())
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [folder / n for n in names
            if n.endswith(".yaml") and not n.startswith(".") and says_over(folder / n)]
