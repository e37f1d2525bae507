"""Reading a save back: its structure checked key by key, its header for Continue (read
without replaying), and the whole game replayed with the moves its journal kept.

Reading never raises anything but `SaveProblem`, whose `reason` is one short line, so
Continue can list broken files and go on.
"""
from __future__ import annotations

import logging
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

from .. import journal
from ..engine import Seat, Setup
from ..fileio import FileProblem, one_line, read_text_checked, short
from ..meta import check_meta
from ..registry import game_ids, game_info
from ..datafiles import check_format
from ..safeyaml import MAX_NODES, parse_text
from ..savefile import FileMark, SaveHandle
from ..session import Match, ReplayError
from ..text import plural
from .record import FORMAT, safe_id_from

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
    with _only_save_problems(path):
        text = read_text_checked(path)  # regular, not too large, UTF-8, no NUL
        return text, parse_record(_parse_save(text, path), path)


@contextmanager
def _only_save_problems(path: Path) -> Iterator[None]:
    """Whatever goes wrong while a save is read comes out as a SaveProblem that names the
    file (a LoadCancelled, the person's own choice, passes as it is)."""
    try:
        yield
    except (SaveProblem, LoadCancelled):
        raise
    except FileProblem as exc:
        raise SaveProblem(path, exc.reason, exc.place) from None
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
    with _only_save_problems(path):
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
