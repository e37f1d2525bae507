"""Writing a game down: the save file's record, its file name, and every write (the first,
the journal's line after each move, the whole file when a table closes).

A save's identity is its file. A match loaded from a file remembers that path
(`match.save`, a savefile.SaveHandle), autosave writes back to it, and Delete removes exactly
it; the `id` written inside a file is never used as a path. A new game claims a fresh file
name made of letters, digits and '-' that no file in the folder has. Writing is atomic (see
fileio.write_atomic).
"""
from __future__ import annotations

import logging
import os
import re
import time
from pathlib import Path
from typing import Any, Optional

from .. import journal, locks
from ..fileio import backup_of, one_line, short, temp_files_of, write_atomic, write_new
from ..paths import saves_dir
from ..safeyaml import dump_yaml
from ..savefile import FileMark, SaveHandle
from ..session import Match, new_save_id

FORMAT = 1
SUFFIX = ".yaml"
#: A save id that may name a file: letters, digits and '-', starting with a letter or digit.
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,99}")
log = logging.getLogger("finis.saves")

def status_text(match: Match) -> str:
    """The public one-line status of a match (what anyone at the table may see); '' if none."""
    try:
        view = match.engine.view(match.state, None)
        return one_line(str(view.get("status", "")), 160)
    except Exception:  # a summary must never stop a save
        return ""


def record_of(match: Match) -> dict[str, Any]:
    """The save-file data of a match."""
    outcome = match.outcome()
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": match.game_id,
        "id": match.save_id,
        "created": _iso(match.created),
        "updated": _iso(match.updated),  # the last move's time, not the writing's
        "status": "over" if outcome is not None else "playing",
        # What Continue lists, readable without replaying (see read_header).
        "summary": {"moves": len(match.steps), "text": status_text(match)},
        "setup": match.setup.to_dict(),
        "options": dict(match.options),
        "seats": [s.to_dict() for s in match.seats],
    }
    if match.meta:
        data["meta"] = dict(match.meta)
    # The digest comes BEFORE the actions: a file cut short at any line keeps its digest and
    # is then refused by it, instead of loading with fewer actions.
    data["digest"] = match.digest()
    data["actions"] = [a.text() for a in match.actions]
    return data


def is_safe_id(save_id: Any) -> bool:
    return isinstance(save_id, str) and SAFE_ID.fullmatch(save_id) is not None


def safe_id_from(text: str) -> str:
    """A safe id made from any text (a file name such as 'x (copy)'): never empty."""
    slug = re.sub(r"[^A-Za-z0-9-]+", "-", text).strip("-")[:100].strip("-")
    return slug or "save"


def path_for(save_id: str, folder: Optional[Path] = None) -> Path:
    """The file of a NEW game's id; ValueError for an id that is not safe as a file name."""
    if not is_safe_id(save_id):
        raise ValueError(f"not a safe save id: {short(save_id)}")
    return (folder or saves_dir()) / f"{save_id}{SUFFIX}"


def save_path(match: Match) -> Optional[Path]:
    """The file a match lives in: set when it is loaded or first written."""
    return match.save.path if match.save is not None else None


def _name_taken(folder: Path, save_id: str) -> bool:
    path = folder / f"{save_id}{SUFFIX}"
    return (os.path.lexists(path) or os.path.lexists(backup_of(path))
            or os.path.lexists(locks.lock_path(path)) or bool(temp_files_of(path))
            or os.path.lexists(journal.journal_path(path)))


def _write_fresh(match: Match, folder: Path) -> tuple[Path, str]:
    """Write the match to a file name no other save uses; the name is taken atomically (a
    link of the whole, synced file), so two windows can never get the same one."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = match.save_id if is_safe_id(match.save_id) else ""
    for _ in range(1000):
        if not wanted or _name_taken(folder, wanted):
            wanted = new_save_id(safe_id_from(match.game_id), lambda i: _name_taken(folder, i))
        path = folder / f"{wanted}{SUFFIX}"
        match.save_id = wanted
        text = dump_yaml(record_of(match))
        try:
            write_new(path, text)
        except FileExistsError:
            wanted = ""
            continue
        return path, text
    raise OSError(f"no free file name for a save in {folder}")


def kept_name(path: Path) -> Path:
    """A fresh save name beside `path` for a file that changed under an open window."""
    stem = path.name[:-len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    base = f"{safe_id_from(stem)[:90]}-edited"
    name, number = base, 2
    while _name_taken(path.parent, name):
        name, number = f"{base}-{number}", number + 1
    return path.parent / f"{name}{SUFFIX}"


def write_save(match: Match, folder: Optional[Path] = None,
               journaling: Optional[bool] = None) -> Path:
    """Write the match's record atomically to its own file; returns the path.

    A match already tied to a file (loaded from it, or written before) goes back to that
    file. A new one, or one written to another `folder`, gets a fresh name there.
    `journaling` turns the match's journal on or off from now on (None: as it was).

    The order keeps every move through a kill at any moment (see journal.py): a file that
    changed under the window is first kept aside under a name of its own (savefile.py);
    then, where a journal is kept or left, the fresh journal (its base is the new text) goes
    first and the save file after it; a journal no longer kept is removed last."""
    handle = match.save
    if handle is None or (folder is not None and Path(folder) != handle.path.parent):
        fresh, text = _write_fresh(match, Path(folder) if folder is not None else saves_dir())
        if handle is None:
            handle = match.save = SaveHandle(fresh, mark=FileMark.of(fresh, text),
                                             journaling=bool(journaling))
            if handle.journaling:
                _new_journal(match, handle, text)
        return fresh
    if journaling is not None:
        handle.journaling = journaling
    path = handle.path
    text = dump_yaml(record_of(match))
    kept = handle.keep_changed(kept_name)
    if kept is not None:
        log.warning("%s changed while its game was open: it is kept as %s", path.name, kept.name)
    if handle.journaling or handle.journal is not None or \
            os.path.lexists(journal.journal_path(path)):
        _new_journal(match, handle, text)
    write_atomic(path, text)
    handle.mark = FileMark.of(path, text)
    if not handle.journaling:
        if handle.journal is not None:
            handle.journal.close()
            handle.journal = None
        journal.remove_journal(journal.journal_path(path))
    return path


def _new_journal(match: Match, handle: SaveHandle, text: str) -> None:
    """The fresh journal of a save about to hold `text` (see write_save). When it cannot be
    made (its name is a folder, the disk is full) the match goes on without one: every move
    then writes the whole save, which is slower but just as safe."""
    if handle.journal is not None:
        handle.journal.close()
        handle.journal = None
    try:
        handle.journal = journal.Journal(handle.path, text, [a.text() for a in match.actions],
                                         match.meta, before=handle.disk_crc)
    except OSError as exc:
        log.warning("no journal for %s (%s): each move writes the whole save",
                    handle.path.name, exc.strerror or exc)


def autosave(match: Match) -> Path:
    """After every change: one journal line (appended and synced), or the whole save when
    there is no journal yet, the journal is long or could not be written (a full disk), or
    the game is over (so the file's top says so). See journal.py. OSError when nothing could
    be written: the moves are then still only in memory."""
    handle = match.save
    current = handle.journal if handle is not None else None
    if handle is not None and current is not None and not current.broken \
            and not current.full and match.outcome() is None:
        current.record(match, status_text(match))
        return handle.path
    return write_save(match, journaling=True)


def compact(match: Match) -> Optional[Path]:
    """Write the whole save and drop its journal (a table closes, the app quits)."""
    if match.save is None:
        return None
    return write_save(match, journaling=False)


def _iso(stamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(stamp))
