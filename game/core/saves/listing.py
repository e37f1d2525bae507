"""The saves folder as Continue lists it: every save, newest first, broken ones with their
reason; a save whose main file is missing or broken brought back from its temp file or
backup; stale left-overs cleaned; and Delete, which removes exactly one save's files.
"""
from __future__ import annotations

import os
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Union

from .. import journal, locks
from ..fileio import backup_of, short, temp_files_of, write_atomic
from ..paths import saves_dir
from ..session import Match
from .load import (NO_DIGEST, SaveHeader, SaveProblem, _header_of, _mtime, _read, load_save,
                   read_header)
from .record import SUFFIX, path_for, save_path

#: Temp files older than this (seconds) whose save loads are left-overs and are removed.
STALE_SECONDS = 60.0


@dataclass
class SaveEntry:
    """One file in the saves folder, loadable or not. `note`: something the player should
    know about a loadable one (no digest, recovered from a backup). `header` is what is
    listed; `match` is filled when the save was replayed (list_saves(replay=True), load())."""

    path: Path
    match: Optional[Match] = None
    problem: Optional[SaveProblem] = None
    note: str = ""
    header: Optional[SaveHeader] = None
    open_elsewhere: bool = False  # another finis window has it open (see locks.py)

    @property
    def ok(self) -> bool:
        return self.problem is None and (self.header is not None or self.match is not None)

    @property
    def status(self) -> str:
        return self.header.status if self.header is not None else ""

    @property
    def updated(self) -> float:
        """When the game's last move was made (a file's own time where it says none):
        opening a save and leaving without a move changes nothing here."""
        if self.header is not None and self.header.updated:
            return self.header.updated
        return _mtime(self.path)

    def load(self, progress: Optional[Callable[[int, int], None]] = None) -> Match:
        """The replayed match (SaveProblem if the replay fails)."""
        if self.match is None:
            self.match = load_save(self.path, progress)
        return self.match


_TEMP = re.compile(r"\.(?P<main>.+?\.yaml)(?:\.bak)?\.[A-Za-z0-9_]+\.tmp")


def list_saves(folder: Optional[Path] = None, include_over: bool = False,
               replay: bool = True) -> list[SaveEntry]:
    """Every save in the folder, newest first; broken ones carry their problem.

    With `replay` False (Continue) only each save's header is read: nothing is replayed, and
    a save whose replay fails is found when it is opened. With `replay` True every save is
    replayed and checked against its digest (tests, tools).

    A save whose main file is missing or broken comes back from its newest loadable temp
    file or backup (a broken main file is kept as `<name>.damaged`), and temp files that
    are stale left-overs of a loadable save are removed. Nothing of a save that another
    window has open is recovered or cleaned. Lock files are never saves."""
    folder = Path(folder or saves_dir())
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    except OSError as exc:
        return [SaveEntry(folder, problem=SaveProblem(
            folder, f"the folder cannot be read ({exc.strerror or exc})"))]
    mains = {n for n in names if n.endswith(SUFFIX) and not n.startswith(".")}
    spares: dict[str, list[Path]] = {}
    for name in names:
        found = _TEMP.fullmatch(name)
        if found:
            spares.setdefault(found.group("main"), []).append(folder / name)
        elif name.endswith(SUFFIX + ".bak") and not name.startswith("."):
            spares.setdefault(name[:-4], []).append(folder / name)
    entries: list[SaveEntry] = []
    for name in sorted(mains | set(spares)):
        entry = _entry(folder / name, name in mains, spares.get(name, []), replay)
        if entry is None:
            continue
        if entry.ok and entry.status == "over" and not include_over:
            continue
        entries.append(entry)
    if any(n.endswith(locks.SUFFIX) for n in names):
        locks.clean_stale(folder, mains | set(spares))
    entries.sort(key=lambda e: e.updated, reverse=True)
    return entries


def _look(path: Path, replay: bool) -> tuple[SaveHeader, Optional[Match], str]:
    """Header, match (replay only) and note of one file; SaveProblem if it is broken."""
    if replay:
        match, data = _read(path)
        header = _header_of(data)
        header.status = "over" if match.outcome() is not None else "playing"
    else:
        match, header = None, read_header(path)
    return header, match, "" if header.digest else NO_DIGEST


def _entry(path: Path, present: bool, spares: list[Path], replay: bool) -> Optional[SaveEntry]:
    entry = SaveEntry(path, open_elsewhere=locks.open_elsewhere(path))
    if present:
        try:
            entry.header, entry.match, entry.note = _look(path, replay)
        except SaveProblem as exc:
            entry.problem = exc
    if entry.header is None and spares and not _newer(entry.problem) and not entry.open_elsewhere:
        note = _recover(path, spares, broken=present, replay=replay)
        if note is not None:
            try:
                entry.header, entry.match, _ = _look(path, replay)
                entry.problem, entry.note = None, note
            except SaveProblem as exc:
                entry.problem = exc
    if entry.header is not None and not entry.open_elsewhere:
        _clean_stale([p for p in spares if p.name.endswith(".tmp")]
                     + temp_files_of(journal.journal_path(path)))
    if entry.header is None and entry.problem is None:
        return None  # only spares, none of which loads
    if entry.ok and not entry.note and _KEPT.search(path.name):
        entry.note = KEPT_NOTE
    return entry


#: A file kept aside because it changed under an open window (see kept_name).
_KEPT = re.compile(r"-edited(-[0-9]+)?\.yaml$")
KEPT_NOTE = "changed outside finis while its game was open, and kept beside it"


def _newer(problem: Optional[SaveProblem]) -> bool:
    """A file that a newer finis may have written is never replaced by an older spare."""
    return problem is not None and problem.place in ("format", "game")


def _recover(path: Path, spares: list[Path], broken: bool, replay: bool) -> Optional[str]:
    """Put the newest loadable spare (temp file or backup) in place of a missing or broken
    main file; the broken one is kept as `<name>.damaged`. Returns a note, or None if no
    spare loads (checked as deeply as the listing: header only, or replayed)."""
    found = []
    for spare in spares:
        try:
            if not stat.S_ISREG(os.lstat(spare).st_mode):
                continue  # a link or a pipe is never a spare of finis's
            header, _, _ = _look(spare, replay)
            if not broken and header.moves == 0 and spare.name.endswith(".tmp"):
                # a kill during a new game's very first write: no move to bring back
                _clean_stale([spare])
                continue
            found.append((spare.stat().st_mtime, header.moves, spare))
        except (SaveProblem, OSError):
            continue
    if not found:
        return None
    _, _, best = max(found, key=lambda f: (f[0], f[1]))
    try:
        if broken:
            keep = path.with_name(path.name + ".damaged")
            number = 2
            while os.path.lexists(keep):
                keep = path.with_name(f"{path.name}.damaged-{number}")
                number += 1
            os.replace(path, keep)
        if best.name.endswith(".tmp"):
            os.replace(best, path)
        else:
            write_atomic(path, best.read_text(encoding="utf-8"), keep_backup=False)
    except OSError:
        return None
    what = "a file being written" if best.name.endswith(".tmp") else "its backup"
    kept = f"; the damaged file is kept as {keep.name}" if broken else ""
    return f"recovered from {what}{kept}"


def _clean_stale(temps: list[Path]) -> None:
    """Remove temp files of a loadable save that no writer can still be using."""
    now = time.time()
    for temp in temps:
        try:
            if now - os.lstat(temp).st_mtime > STALE_SECONDS:
                os.unlink(temp)
        except OSError:
            pass


def delete_save(target: Union[Match, Path, str], folder: Optional[Path] = None) -> None:
    """Remove exactly one save: the file a match was loaded from (or written to), or the file
    `target` names, with its backup and temp files; never anything else.

    A string is a new game's id and must be safe (see path_for)."""
    if isinstance(target, Match):
        path = save_path(target) or path_for(target.save_id, folder)
        if target.save is not None and target.save.journal is not None:
            target.save.journal.close()
            target.save.journal = None
    elif isinstance(target, str):
        path = path_for(target, folder)
    else:
        path = Path(target)
    if not path.name.endswith(SUFFIX):
        raise ValueError(f"not a save file: {short(path.name)}")
    the_journal = journal.journal_path(path)
    for candidate in [*temp_files_of(path), *temp_files_of(the_journal), backup_of(path),
                      the_journal, path]:  # the main file last
        try:
            if not os.path.isdir(candidate) or os.path.islink(candidate):
                os.unlink(candidate)
        except FileNotFoundError:
            pass
