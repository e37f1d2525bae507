"""Save files: setup + options + seats + actions (+ a digest), as versioned YAML.

A save's identity is its file. A match loaded from a file remembers that path
(`match.save`, a savefile.SaveHandle), autosave writes back to it, and Delete removes exactly it; the `id`
written inside a file is never used as a path. A new game claims a fresh file name made of
letters, digits and '-' that no file in the folder has.

Listing reads only a save's header (`summary:` near the top: moves and a one-line status
written at save time) and never replays; the replay happens when a save is opened
(`load_save`, with progress reports for a long one). While a window has a save open, a lock
file sits beside it (see locks.py).

Writing is atomic (see fileio.write_atomic); `list_saves` recovers a game from its backup or
temp file when the main file is missing or broken. Reading never raises anything but
`SaveProblem`, whose `reason` is one short line, so Continue can list broken files and go on.
"""
from __future__ import annotations

import logging
import os
import re
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional, Union

from . import journal, locks
from .savefile import FileMark, SaveHandle
from .leftovers import over_saves
from .meta import check_meta
from .engine import Seat, Setup
from .fileio import (MAX_NODES, FileProblem, backup_of, check_format, dump_yaml, one_line,
                     parse_text, read_bytes_checked, short, temp_files_of, write_atomic, write_new)
from .paths import history_dir, saves_dir
from .registry import game_ids, game_info
from .session import Match, ReplayError, new_save_id
from .text import plural

FORMAT = 1
SUFFIX = ".yaml"
#: A save id that may name a file: letters, digits and '-', starting with a letter or digit.
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,99}")
#: Temp files older than this (seconds) whose save loads are left-overs and are removed.
STALE_SECONDS = 60.0
#: Saves use no YAML aliases: the app never writes them, and they are how a tiny file explodes.
SAVE_ALIASES = 0
#: Actions replayed between two progress reports of a load.
PROGRESS_EVERY = 250
STATUSES = ("playing", "over")
log = logging.getLogger("finis.saves")


class SaveProblem(Exception):
    """A save that cannot be loaded: file name, place and reason."""

    def __init__(self, path: Path, reason: str, place: str = "") -> None:
        self.path, self.reason, self.place = Path(path), one_line(reason, 160), one_line(place, 60)
        where = f" at {self.place}" if self.place else ""
        super().__init__(f"{one_line(self.path.name, 80)}{where}: {self.reason}")


class LoadCancelled(Exception):
    """Raised by a load's progress callback to stop the replay (nothing was changed)."""


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


def _mtime(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def _parse_time(text: Any) -> float:
    try:
        return time.mktime(time.strptime(str(text), "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, OverflowError):
        return 0.0


#: The keys a save may hold at its top, each checked below (anything else is refused: a
#: file of finis's never holds it, and nothing is guessed).
TOP_KEYS = ("format", "game", "id", "created", "updated", "status", "summary", "setup",
            "options", "seats", "meta", "digest", "actions")
#: Longest value a save may hold, in characters (an action is far shorter; a Finita deal is a
#: list of short names).
SAVE_SCALAR = 1000
#: Longest seat name a save may give (the New game dialog allows 24).
MAX_NAME = 100


def _check_scalar(data: dict[str, Any], key: str, path: Path) -> None:
    """A label or a time: one plain value (a text, a number, a date), never a list or mapping."""
    if key in data and isinstance(data[key], (list, dict)):
        raise SaveProblem(path, f"{key} must be a single value", key)


def parse_record(data: Any, path: Path) -> dict[str, Any]:
    """Check a save's structure; SaveProblem with key and reason if it is wrong."""
    check_format(data, path, "save", FORMAT, SaveProblem)
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise SaveProblem(path, f"holds an unknown key {short(unknown[0], 40)}", str(unknown[0])[:40])
    game = data.get("game")
    if not isinstance(game, str) or game not in game_ids():
        raise SaveProblem(path, f"names an unknown game {short(game)}", "game")
    for key in ("id", "created", "updated"):
        _check_scalar(data, key, path)
    status = data.get("status", "playing")
    if status not in STATUSES:
        raise SaveProblem(path, f"the status must be playing or over, not {short(status, 30)}",
                          "status")
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise SaveProblem(path, "has no setup", "setup")
    if set(setup) - {"seed", "deal"}:
        raise SaveProblem(path, "the setup holds only seed and deal", "setup")
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveProblem(path, "the seed must be a whole number", "setup.seed")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise SaveProblem(path, "options must be a mapping", "options")
    _check_seats(data.get("seats"), game, path)
    actions = data.get("actions") or []
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveProblem(path, "actions must be a list of texts", "actions")
    problem = check_meta(data.get("meta") or {})
    if problem:
        raise SaveProblem(path, problem, "meta")
    digest = data.get("digest")
    if digest is not None and not isinstance(digest, str):
        raise SaveProblem(path, "the digest must be a text", "digest")
    summary = data.get("summary")
    if summary is not None:
        if not isinstance(summary, dict) or set(summary) - {"moves", "text"}:
            raise SaveProblem(path, "the summary is a mapping of moves and text", "summary")
        moves = summary.get("moves", 0)
        if not isinstance(moves, int) or isinstance(moves, bool):
            raise SaveProblem(path, "the summary's moves must be a whole number", "summary.moves")
        if not isinstance(summary.get("text", ""), str):
            raise SaveProblem(path, "the summary's text must be a text", "summary.text")
    record: dict[str, Any] = data  # a mapping, as check_format made sure
    return record


def _check_seats(seats: Any, game: str, path: Path) -> None:
    """Each seat: a name of one line, human or computer, and a strength the game has."""
    if not isinstance(seats, list) or not seats:
        raise SaveProblem(path, "has no seats", "seats")
    strengths = game_info(game).strengths
    for i, seat in enumerate(seats):
        place = f"seats[{i}]"
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise SaveProblem(path, "each seat needs a name", place)
        if set(seat) - {"name", "kind", "strength"}:
            raise SaveProblem(path, "a seat holds only name, kind and strength", place)
        name = seat["name"]
        if not name.strip() or len(name) > MAX_NAME or not name.isprintable():
            raise SaveProblem(path, f"a seat's name is one line of 1 to {MAX_NAME} letters",
                              f"{place}.name")
        kind = seat.get("kind", "human")
        if kind not in ("human", "computer"):
            raise SaveProblem(path, "a seat is human or computer", f"{place}.kind")
        strength = seat.get("strength", "")
        if strength != "" and (not isinstance(strength, str) or strength not in strengths):
            raise SaveProblem(path, f"a computer's strength is one of {', '.join(strengths)}, "
                                    f"not {short(strength, 30)}", f"{place}.strength")


def check_count(data: dict[str, Any], path: Path) -> None:
    """A checked record's actions are as many as its summary counts; SaveProblem if not (a
    cut at a line boundary inside the actions, or actions edited by hand)."""
    summary = data.get("summary")
    if isinstance(summary, dict) and "moves" in summary:
        moves, held = summary["moves"], len(data.get("actions") or [])
        if moves != held:
            raise SaveProblem(path, f"its summary counts {plural(moves, 'move')} but it holds "
                                    f"{held}: it was cut short or edited", "actions")


def start_of(data: dict[str, Any], path: Path) -> Match:
    """The match a checked record starts from (options, seats and deal checked by the game,
    nothing replayed); SaveProblem if the game cannot start so."""
    info = game_info(data["game"])
    seats = [Seat(str(s["name"]), str(s.get("kind", "human")), str(s.get("strength", "")))
             for s in data["seats"]]
    setup = Setup(int(data["setup"].get("seed", 0)), data["setup"].get("deal"))
    try:
        # The id inside the file is only a label; the file's own name is the identity.
        return Match.start(info.id, setup, data.get("options") or {}, seats,
                           save_id=safe_id_from(path.stem))
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveProblem(path, f"cannot start the game: {one_line(str(exc), 100)}", "setup") from None
    except Exception as exc:
        raise SaveProblem(path, f"cannot start the game: {type(exc).__name__}: "
                                f"{one_line(str(exc), 100)}", "setup") from None


def match_from_record(data: dict[str, Any], path: Path,
                      progress: Optional[Callable[[int, int], None]] = None) -> Match:
    """Replay a checked record into a match; SaveProblem naming the failing action.

    `progress(done, total)` is called every PROGRESS_EVERY actions; it may raise
    LoadCancelled to stop."""
    match = start_of(data, path)
    match.created = _parse_time(data.get("created")) or match.created
    match.updated = _parse_time(data.get("updated")) or _mtime(path) or match.updated
    match.meta = dict(data.get("meta") or {})
    actions = list(data.get("actions") or [])
    chunk = PROGRESS_EVERY if progress is not None else max(1, len(actions))
    try:
        for start in range(0, len(actions), chunk):
            match.replay(actions[start:start + chunk])
            if progress is not None:
                progress(len(match.steps), len(actions))
    except ReplayError as exc:
        raise SaveProblem(path, exc.reason, exc.place) from None
    check_count(data, path)  # after the replay, so an illegal action is named first
    digest = data.get("digest")
    if digest is not None and str(digest) != match.digest():
        raise SaveProblem(path, "its final state does not match its digest: it was edited "
                                "by hand or written by a different version of the rules",
                          "digest")
    return match


NO_DIGEST = ("has no digest, so a file cut short cannot be told from a whole one: "
             "check its last moves")

# -- reading ------------------------------------------------------------------------------

#: The `actions:` key at the start of a line, as finis writes it (a block list follows).
_ACTIONS_KEY = re.compile(r"^actions:[ \t]*(\[\])?[ \t]*$", re.M)
#: One action as finis writes it: "- <seat> <word> <words...>", plain characters only. A
#: YAML plain scalar of such words holding a space is always that exact text.
_ACTION_LINE = re.compile(r"- ([A-Za-z0-9_][A-Za-z0-9_.,-]*(?: [A-Za-z0-9_.,-]+)+)[ \t]*")


def _text_of(path: Path) -> str:
    """The checked text of a save file (regular, not too large, UTF-8, no NUL)."""
    raw = read_bytes_checked(path)
    if not raw.strip():
        raise FileProblem(path, "is empty")
    if b"\x00" in raw:
        raise FileProblem(path, "is not a text file (it holds binary data)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(path, f"is not UTF-8 text (byte {exc.start})") from None


def _parse_save(text: str, path: Path) -> Any:
    """The data of a save's text. A file as finis writes it (a block list of plain actions
    after everything else) has only its head parsed as YAML; its action lines are taken
    as they are, which is what a YAML parser would give for them, ten times faster. Any
    other shape is parsed whole, with every limit."""
    found = _ACTIONS_KEY.search(text)
    if found is not None:
        actions: list[str] = []
        simple = True
        for line in text[found.end():].splitlines():
            if not line.strip():
                continue
            line_match = _ACTION_LINE.fullmatch(line) if len(line) <= SAVE_SCALAR else None
            if line_match is None or found.group(1):
                simple = False
                break
            actions.append(line_match.group(1))
        if simple and len(actions) <= MAX_NODES:
            try:
                data = parse_text(text[:found.start()], path, SAVE_ALIASES, SAVE_SCALAR)
            except FileProblem:
                data = None  # the head alone does not parse: let the whole file say why
            if isinstance(data, dict):
                if "actions" in data:
                    raise FileProblem(path, "duplicate key 'actions'")
                data["actions"] = actions
                return data
    return parse_text(text, path, SAVE_ALIASES, SAVE_SCALAR)


def _checked_record(path: Path) -> dict[str, Any]:
    """Read and check a save's structure, without replaying; only SaveProblem escapes."""
    return _checked_text_and_record(path)[1]


def _checked_text_and_record(path: Path) -> tuple[str, dict[str, Any]]:
    """The text of a save and its checked structure; only SaveProblem escapes."""
    try:
        text = _text_of(path)
        return text, parse_record(_parse_save(text, path), path)
    except FileProblem as exc:
        raise SaveProblem(path, exc.reason, exc.place) from None
    except SaveProblem:
        raise
    except RecursionError:
        raise SaveProblem(path, "is nested too deeply to be read") from None
    except Exception as exc:  # never let a strange file stop a caller
        raise SaveProblem(path, f"cannot be read ({type(exc).__name__}: "
                                f"{one_line(str(exc), 60)})") from None


@dataclass
class SaveHeader:
    """What Continue lists about a save, read without replaying it."""

    game: str
    seats: list[Seat]
    options: dict[str, Any]
    status: str  # playing or over
    moves: int
    text: str  # the public status line written at save time ('' in older saves)
    updated: float  # the time written in the file (0 if none)
    recorded: bool  # meta.recorded: the result is in the statistics
    digest: bool  # the file carries a digest

    @property
    def progress(self) -> str:
        """'12 moves - Round 2 of 7, ...', or '12 moves' for a save without a summary."""
        moves = plural(self.moves, "move")
        return f"{moves} - {self.text}" if self.text else moves


def _header_of(data: dict[str, Any]) -> SaveHeader:
    summary = data.get("summary") or {}
    seats = [Seat(one_line(s["name"], 60), str(s.get("kind", "human")), str(s.get("strength", "")))
             for s in data["seats"]]
    return SaveHeader(
        game=data["game"], seats=seats, options=dict(data.get("options") or {}),
        status=data.get("status", "playing"), moves=len(data.get("actions") or []),
        text=one_line(str(summary.get("text") or ""), 160),
        updated=_parse_time(data.get("updated")),
        recorded=bool((data.get("meta") or {}).get("recorded")),
        digest=data.get("digest") is not None)


def read_header(path: Path) -> SaveHeader:
    """A save's header: checked for reading, structure, move count and a game start (its
    options, seats and deal), never replayed; only SaveProblem escapes. A save whose replay
    fails is found when it is opened (load_save). Moves kept in its journal are counted."""
    path = Path(path)
    text, data = _checked_text_and_record(path)
    check_count(data, path)
    start_of(data, path)  # options, seats and deal: the game's own checks, no replay
    found = _with_journal(path, text, data)
    if found.how != "same":
        try:
            start_of(found.record, path)
        except SaveProblem:
            found = Continued(text, data, journal.Tail())
    header = _header_of(found.record)
    tail = found.tail
    if tail.ops:  # moves made since the last full save: the journal's time is the last one's
        header.moves = tail.moves(header.moves)
        header.updated = max(header.updated, _mtime(journal.journal_path(path)))
        status = tail.status
        header.text = one_line(status, 160) if status is not None else header.text
    return header


@dataclass
class Continued:
    """A save read with its journal: the record to replay, the journal's operations after
    it, and how the file on disk stands to the journal (see journal.py): "same" (the journal
    follows it, or there is none), "behind" (the journal's base is newer: a kill came between
    the two writes), "changed" (the file changed under the window that wrote the journal)."""

    text: str
    record: dict[str, Any]
    tail: journal.Tail
    how: str = "same"


def _with_journal(path: Path, text: str, data: dict[str, Any]) -> Continued:
    """The save in `path` (its checked `text` and `data`) with its journal; never raises for
    a journal that cannot be used (it is ignored, with a note in the log)."""
    tail = journal.read_tail(path, text, len(data.get("actions") or []))
    if tail.matches or tail.base_text is None:
        return Continued(text, data, tail)
    name = journal.journal_path(path).name
    try:
        base = parse_record(_parse_save(tail.base_text, path), path)
        check_count(base, path)
    except (FileProblem, SaveProblem, RecursionError, MemoryError, ValueError) as exc:
        return Continued(text, data, journal.Tail(
            note=f"{name}: its copy of the save does not read ({one_line(str(exc), 80)}): ignored"))
    if base.get("game") != data.get("game") or base.get("setup") != data.get("setup"):
        return Continued(text, data, journal.Tail(note=f"{name} belongs to another game: ignored"))
    return Continued(tail.base_text, base, tail, "behind" if tail.behind else "changed")


def _read(path: Path, progress: Optional[Callable[[int, int], None]] = None
          ) -> tuple[Match, dict[str, Any]]:
    """The match in a file and its checked data; only SaveProblem (and LoadCancelled) escape."""
    path = Path(path)
    text, data = _checked_text_and_record(path)
    try:
        found = _with_journal(path, text, data)
        try:
            match = match_from_record(found.record, path, progress)
        except SaveProblem as exc:
            if found.how == "same":
                raise
            log.warning("%s: the journal's copy of the save does not replay (%s): ignored",
                        path.name, exc.reason)
            found = Continued(text, data, journal.Tail())
            match = match_from_record(data, path, progress)
        apply_tail(match, found.tail, path)
        if found.tail.ops:  # the journal's last line is the last move
            match.updated = max(match.updated, _mtime(journal.journal_path(path)))
    except (SaveProblem, LoadCancelled):
        raise
    except RecursionError:
        raise SaveProblem(path, "is nested too deeply to be read") from None
    except Exception as exc:  # never let a strange file stop a caller
        raise SaveProblem(path, f"cannot be read ({type(exc).__name__}: "
                                f"{one_line(str(exc), 60)})") from None
    if found.how == "changed":
        # the file holds something this window never wrote: kept aside at the next write
        log.warning("%s changed while its game was open; the game goes on from its journal",
                    path.name)
        mark = FileMark(-1, -1, journal.text_crc(found.text))
    else:
        mark = FileMark.of(path, text)
    match.save = SaveHandle(path, mark=mark)
    return match, found.record


def apply_tail(match: Match, tail: "journal.Tail", path: Path) -> None:
    """Play a save's journal onto the match loaded from it: moves replayed through the rules,
    undos, meta. A line the rules refuse ends the journal there (and is logged)."""
    if tail.note:
        log.warning("%s", tail.note)
    for op in tail.ops:
        if op["op"] == "act":
            try:
                match.replay([op["a"]])
            except ReplayError as exc:
                log.warning("%s: journal move %d refused (%s); the moves before it are kept",
                            path.name, op["n"], exc.reason)
                return
        elif op["op"] == "cut":
            match.cut_to(op["n"])
        else:
            match.meta = dict(op["meta"])


def load_save(path: Path, progress: Optional[Callable[[int, int], None]] = None) -> Match:
    """Read and replay a save file; only SaveProblem escapes (and LoadCancelled, when
    `progress(done, total)` raises it). The match remembers the file (`match.save`):
    autosave writes back to it, whatever id the file holds."""
    return _read(path, progress)[0]


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


def file_finished(match: Match) -> Path:
    """A finished game's record goes to the history folder under a name no other file has;
    then its save is deleted. Returns the history file."""
    folder = history_dir()
    folder.mkdir(parents=True, exist_ok=True)
    base = match.save_id if is_safe_id(match.save_id) else safe_id_from(match.save_id)
    name, number = base, 2
    while os.path.lexists(folder / f"{name}{SUFFIX}"):
        if _same_game(folder / f"{name}{SUFFIX}", match):
            break  # filed before a kill stopped the save's deletion: not filed twice
        name, number = f"{base}-{number}", number + 1
    path = folder / f"{name}{SUFFIX}"
    if not os.path.lexists(path):
        write_atomic(path, dump_yaml(record_of(match)), keep_backup=False)
    delete_save(match)
    return path


def _same_game(path: Path, match: Match) -> bool:
    """Does this history file hold exactly this match (same start, moves and final state)?"""
    try:
        data = _checked_record(path)
    except SaveProblem:
        return False
    return (data.get("setup") == match.setup.to_dict() and data.get("game") == match.game_id
            and data.get("actions") == [a.text() for a in match.actions]
            and str(data.get("digest")) == match.digest())


# -- the end of a game: counted once, then filed -------------------------------------------

def count_result(match: Match) -> None:
    """Add a finished match to the statistics."""
    from .stats import record_result
    outcome = match.outcome()
    assert outcome is not None
    record_result(match.game_id, outcome, match.options, match.seats, practice=match.practice,
                  hints=int(match.meta.get("hints", 0)), by_person=match.played_by_person())


@dataclass
class Settled:
    """What `settle_finished` did: counted now, filed where, and what failed (one line)."""

    counted: bool = False
    filed: Optional[Path] = None
    problems: list[str] = field(default_factory=list)


def settle_finished(match: Match, count: Callable[[Match], None] = count_result) -> Settled:
    """Count a finished match in the statistics once, then move it to history.

    The order makes a kill at any moment safe from counting a game twice:
    1. the save is marked `meta.recorded: true` (one atomic write) BEFORE counting;
    2. the statistics get the game;
    3. the record goes to history and the save is deleted.
    A kill between 1 and 2 leaves the game uncounted (never counted twice); a kill after 2
    leaves a save marked as counted, which the next start files without counting again.
    OSError when the mark cannot be written: then nothing was counted or moved."""
    done = Settled()
    if not match.meta.get("recorded"):
        match.meta["recorded"] = True
        try:
            write_save(match)
        except OSError:
            match.meta.pop("recorded", None)
            raise
        try:
            count(match)
            done.counted = True
        except OSError as exc:
            done.problems.append(f"Statistics could not be saved: {exc.strerror or exc}")
    try:
        done.filed = file_finished(match)
    except OSError as exc:
        log.error("could not file the finished game %s: %s", save_path(match), exc)
        done.problems.append(f"The finished game could not be moved to history: "
                             f"{exc.strerror or exc}")
    return done


@dataclass
class LeftOver:
    """What the start-up filing did: games counted now, games filed, problems (one line each)."""

    counted: int = 0
    filed: int = 0
    problems: list[str] = field(default_factory=list)


def file_left_over(folder: Optional[Path] = None,
                   count: Callable[[Match], None] = count_result) -> LeftOver:
    """At start-up: settle every saved game that is over but was never filed (the app
    stopped between the last move's save and the end-of-game filing); see settle_finished.
    Only files whose top says `status: over` are read (leftovers.py). A game another window
    has open is left to that window; a file that does not replay is left as it is."""
    found = LeftOver()
    for path in over_saves(folder):
        if locks.open_elsewhere(path):
            continue
        try:
            lock = locks.acquire(path)
        except locks.Busy:
            continue
        try:
            match = load_save(path)  # read under the lock: another start may have filed it
            if match.outcome() is None:
                continue
            done = settle_finished(match, count)
            found.counted += int(done.counted)
            found.filed += int(done.filed is not None)
            found.problems.extend(done.problems)
        except SaveProblem as exc:
            log.warning("a finished game could not be filed: %s", exc)
        except OSError as exc:
            found.problems.append(f"A finished game could not be filed: {exc.strerror or exc}")
        finally:
            lock.release()
    return found
