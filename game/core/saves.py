"""Save files: setup + options + seats + actions (+ a digest), as versioned YAML.

A save's identity is its file. A match loaded from a file remembers that path
(`match.save_path`), autosave writes back to it, and Delete removes exactly it; the `id`
written inside a file is never used as a path. A new game claims a fresh file name made of
letters, digits and '-' that no file in the folder has.

Writing is atomic (see fileio.write_atomic); `list_saves` recovers a game from its backup or
temp file when the main file is missing or broken. Reading never raises anything but
`SaveProblem`, whose `reason` is one short line, so Continue can list broken files and go on.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Union

from .engine import Seat, Setup
from .fileio import (FileProblem, backup_of, check_format, dump_yaml, one_line, read_yaml, short,
                     temp_files_of, write_atomic, write_new)
from .paths import history_dir, saves_dir
from .registry import game_ids, game_info
from .session import Match, ReplayError, new_save_id

FORMAT = 1
SUFFIX = ".yaml"
#: A save id that may name a file: letters, digits and '-', starting with a letter or digit.
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,99}")
#: Temp files older than this (seconds) whose save loads are left-overs and are removed.
STALE_SECONDS = 60.0
#: Saves use no YAML aliases: the app never writes them, and they are how a tiny file explodes.
SAVE_ALIASES = 0


class SaveProblem(Exception):
    """A save that cannot be loaded: file name, place and reason."""

    def __init__(self, path: Path, reason: str, place: str = "") -> None:
        self.path, self.reason, self.place = Path(path), one_line(reason, 160), one_line(place, 60)
        where = f" at {self.place}" if self.place else ""
        super().__init__(f"{one_line(self.path.name, 80)}{where}: {self.reason}")


def record_of(match: Match) -> dict[str, Any]:
    """The save-file data of a match."""
    outcome = match.outcome()
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": match.game_id,
        "id": match.save_id,
        "created": _iso(match.created),
        "updated": _iso(time.time()),
        "status": "over" if outcome is not None else "playing",
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
    return getattr(match, "save_path", None)


def _name_taken(folder: Path, save_id: str) -> bool:
    path = folder / f"{save_id}{SUFFIX}"
    return (os.path.lexists(path) or os.path.lexists(backup_of(path))
            or bool(temp_files_of(path)))


def _write_fresh(match: Match, folder: Path) -> Path:
    """Write the match to a file name no other save uses; the name is taken atomically (a
    link of the whole, synced file), so two windows can never get the same one."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = match.save_id if is_safe_id(match.save_id) else ""
    for _ in range(1000):
        if not wanted or _name_taken(folder, wanted):
            wanted = new_save_id(safe_id_from(match.game_id), lambda i: _name_taken(folder, i))
        path = folder / f"{wanted}{SUFFIX}"
        match.save_id = wanted
        try:
            write_new(path, dump_yaml(record_of(match)))
        except FileExistsError:
            wanted = ""
            continue
        return path
    raise OSError(f"no free file name for a save in {folder}")


def write_save(match: Match, folder: Optional[Path] = None) -> Path:
    """Write the match's record atomically to its own file; returns the path.

    A match already tied to a file (loaded from it, or written before) goes back to that
    file. A new one, or one written to another `folder`, gets a fresh name there."""
    path = save_path(match)
    if path is None or (folder is not None and Path(folder) != path.parent):
        fresh = _write_fresh(match, Path(folder) if folder is not None else saves_dir())
        if path is None:
            match.save_path = fresh  # type: ignore[attr-defined]
        return fresh
    write_atomic(path, dump_yaml(record_of(match)))
    return path


def _iso(stamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(stamp))


def _parse_time(text: Any) -> float:
    try:
        return time.mktime(time.strptime(str(text), "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, OverflowError):
        return 0.0


def parse_record(data: Any, path: Path) -> dict[str, Any]:
    """Check a save's structure; SaveProblem with key and reason if it is wrong."""
    check_format(data, path, "save", FORMAT, SaveProblem)
    game = data.get("game")
    if not isinstance(game, str) or game not in game_ids():
        raise SaveProblem(path, f"names an unknown game {short(game)}", "game")
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise SaveProblem(path, "has no setup", "setup")
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveProblem(path, "the seed must be a whole number", "setup.seed")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise SaveProblem(path, "options must be a mapping", "options")
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        raise SaveProblem(path, "has no seats", "seats")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise SaveProblem(path, "each seat needs a name", f"seats[{i}]")
        if seat.get("kind", "human") not in ("human", "computer"):
            raise SaveProblem(path, "a seat is human or computer", f"seats[{i}].kind")
    actions = data.get("actions") or []
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveProblem(path, "actions must be a list of texts", "actions")
    meta = data.get("meta") or {}
    if not isinstance(meta, dict):
        raise SaveProblem(path, "meta must be a mapping", "meta")
    return data


def match_from_record(data: dict[str, Any], path: Path) -> Match:
    """Replay a checked record into a match; SaveProblem naming the failing action."""
    info = game_info(data["game"])
    seats = [Seat(str(s["name"]), str(s.get("kind", "human")), str(s.get("strength", "")))
             for s in data["seats"]]
    setup = Setup(int(data["setup"].get("seed", 0)), data["setup"].get("deal"))
    try:
        # The id inside the file is only a label; the file's own name is the identity.
        match = Match.start(info.id, setup, data.get("options") or {}, seats,
                            save_id=safe_id_from(path.stem))
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveProblem(path, f"cannot start the game: {one_line(str(exc), 100)}", "setup") from None
    except Exception as exc:
        raise SaveProblem(path, f"cannot start the game: {type(exc).__name__}: "
                                f"{one_line(str(exc), 100)}", "setup") from None
    match.created = _parse_time(data.get("created")) or match.created
    match.meta = dict(data.get("meta") or {})
    try:
        match.replay(list(data.get("actions") or []))
    except ReplayError as exc:
        raise SaveProblem(path, exc.reason, exc.place) from None
    digest = data.get("digest")
    if digest is not None and str(digest) != match.digest():
        raise SaveProblem(path, "its final state does not match its digest: it was edited "
                                "by hand or written by a different version of the rules",
                          "digest")
    return match


NO_DIGEST = ("has no digest, so a file cut short cannot be told from a whole one: "
             "check its last moves")


def _read(path: Path) -> tuple[Match, str]:
    """The match in a file and a note about it ('' or NO_DIGEST); only SaveProblem escapes."""
    path = Path(path)
    try:
        data = read_yaml(path, max_aliases=SAVE_ALIASES)
    except FileProblem as exc:
        raise SaveProblem(path, exc.reason, exc.place) from None
    try:
        match = match_from_record(parse_record(data, path), path)
    except SaveProblem:
        raise
    except RecursionError:
        raise SaveProblem(path, "is nested too deeply to be read") from None
    except Exception as exc:  # never let a strange file stop a caller
        raise SaveProblem(path, f"cannot be read ({type(exc).__name__}: "
                                f"{one_line(str(exc), 60)})") from None
    match.save_path = path  # type: ignore[attr-defined]
    return match, "" if data.get("digest") is not None else NO_DIGEST


def load_save(path: Path) -> Match:
    """Read and replay a save file; only SaveProblem escapes. The match remembers the file
    (`save_path`): autosave writes back to it, whatever id the file holds."""
    return _read(path)[0]


@dataclass
class SaveEntry:
    """One file in the saves folder, loadable or not. `note`: something the player should
    know about a loadable one (no digest, recovered from a backup)."""

    path: Path
    match: Optional[Match] = None
    problem: Optional[SaveProblem] = None
    note: str = ""

    @property
    def ok(self) -> bool:
        return self.match is not None

    @property
    def updated(self) -> float:
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0


_TEMP = re.compile(r"\.(?P<main>.+?\.yaml)(?:\.bak)?\.[A-Za-z0-9_]+\.tmp")


def list_saves(folder: Optional[Path] = None, include_over: bool = False) -> list[SaveEntry]:
    """Every save in the folder, newest first; broken ones carry their problem.

    A save whose main file is missing or broken comes back from its newest loadable temp
    file or backup (a broken main file is kept as `<name>.damaged`), and temp files that
    are stale left-overs of a loadable save are removed."""
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
        path = folder / name
        match: Optional[Match] = None
        problem: Optional[SaveProblem] = None
        note = ""
        if name in mains:
            try:
                match, note = _read(path)
            except SaveProblem as exc:
                problem = exc
        if match is None and spares.get(name) and not _newer(problem):
            recovered = _recover(path, spares[name], broken=name in mains)
            if recovered is not None:
                match, note, problem = recovered[0], recovered[1], None
        if match is not None:
            _clean_stale([p for p in spares.get(name, []) if p.name.endswith(".tmp")])
        if problem is not None:
            entries.append(SaveEntry(path, problem=problem))
        elif match is not None and (include_over or match.outcome() is None):
            entries.append(SaveEntry(path, match=match, note=note))
    entries.sort(key=lambda e: e.updated, reverse=True)
    return entries


def _newer(problem: Optional[SaveProblem]) -> bool:
    """A file that a newer finis may have written is never replaced by an older spare."""
    return problem is not None and problem.place in ("format", "game")


def _recover(path: Path, spares: list[Path], broken: bool) -> Optional[tuple[Match, str]]:
    """Put the newest loadable spare (temp file or backup) in place of a missing or broken
    main file; the broken one is kept as `<name>.damaged`. None if no spare loads."""
    found = []
    for spare in spares:
        try:
            match, _ = _read(spare)
            found.append((spare.stat().st_mtime, len(match.steps), spare))
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
        match, _ = _read(path)
    except (OSError, SaveProblem):
        return None
    what = "a file being written" if best.name.endswith(".tmp") else "its backup"
    kept = f"; the damaged file is kept as {keep.name}" if broken else ""
    return match, f"recovered from {what}{kept}"


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
    elif isinstance(target, str):
        path = path_for(target, folder)
    else:
        path = Path(target)
    if not path.name.endswith(SUFFIX):
        raise ValueError(f"not a save file: {short(path.name)}")
    for candidate in [*temp_files_of(path), backup_of(path), path]:  # the main file last
        try:
            if not os.path.isdir(candidate) or os.path.islink(candidate):
                os.unlink(candidate)
        except FileNotFoundError:
            pass


def file_finished(match: Match) -> Path:
    """A finished game's record goes to the history folder under a name no other file has;
    then its save is deleted. Returns the history file."""
    folder = history_dir()
    folder.mkdir(parents=True, exist_ok=True)
    base = match.save_id if is_safe_id(match.save_id) else safe_id_from(match.save_id)
    name, number = base, 2
    while os.path.lexists(folder / f"{name}{SUFFIX}"):
        name, number = f"{base}-{number}", number + 1
    path = folder / f"{name}{SUFFIX}"
    write_atomic(path, dump_yaml(record_of(match)), keep_backup=False)
    delete_save(match)
    return path
