"""The file a match lives in, as one handle on the match (`Match.save`): its path, its
journal, its lock, and a mark of the text this window last read from it or wrote to it.

The mark is how a window notices that its save changed under it (a hand edit while the game
is open, a copy put back): before writing the whole save again, the file on disk is compared
with the mark, and a changed file is kept beside the save under a name of its own instead of
being written over (`keep_changed`). The window then says so; nothing is lost either way.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from .fileio import FileProblem, read_text_checked
from .journal import Journal, text_crc

NO_CRC = "00000000"


@dataclass(frozen=True)
class FileMark:
    """What a save's file held when this window last read or wrote it."""

    size: int
    mtime_ns: int
    crc: str

    @classmethod
    def of(cls, path: Path, text: str) -> "FileMark":
        """The mark of `path` now, known to hold `text` (size -1 when it cannot be looked at:
        the next write then compares the text itself)."""
        try:
            info = os.stat(path)
            return cls(info.st_size, info.st_mtime_ns, text_crc(text))
        except OSError:
            return cls(-1, -1, text_crc(text))


@dataclass
class SaveHandle:
    """A match's save file and what this window holds of it."""

    path: Path
    mark: Optional[FileMark] = None
    journal: Optional[Journal] = None
    journaling: bool = False  # autosave appends moves to a journal (the table is open)
    lock: Any = None  # a locks.Lock while a table has the file open
    kept: list[Path] = field(default_factory=list)  # changed files kept aside, to be told

    @property
    def disk_crc(self) -> str:
        """The CRC of the text this window believes is on disk."""
        return self.mark.crc if self.mark is not None else NO_CRC

    def changed_on_disk(self) -> bool:
        """Does the file hold something other than what this window last read or wrote?
        A missing file, or something that is not a regular file, is not a change to keep
        (it is replaced by a fresh regular file; a link is never written through)."""
        if self.mark is None:
            return False
        try:
            info = os.lstat(self.path)
        except OSError:
            return False
        if not stat.S_ISREG(info.st_mode):
            return False
        if info.st_size == self.mark.size and info.st_mtime_ns == self.mark.mtime_ns:
            return False
        try:
            return text_crc(read_text_checked(self.path)) != self.mark.crc
        except FileProblem:
            return True  # unreadable now: kept as it is, never written over

    def keep_changed(self, fresh_name: Callable[[Path], Path]) -> Optional[Path]:
        """Before the whole save is written again: a file that changed under the window is
        moved to `fresh_name(path)` (a save of its own, listed under Continue) and returned."""
        if not self.changed_on_disk():
            return None
        kept = fresh_name(self.path)
        os.rename(self.path, kept)
        self.kept.append(kept)
        return kept
