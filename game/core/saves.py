"""Save files: setup + options + seats + actions (+ a digest), as versioned YAML.

Writing is atomic (see fileio.write_atomic). Reading never raises anything but `SaveProblem`,
whose `reason` names what is wrong, so the Continue screen can list broken files and go on.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from .engine import Seat, Setup
from .fileio import FileProblem, check_format, dump_yaml, read_yaml, write_atomic
from .paths import saves_dir
from .registry import game_ids, game_info
from .session import Match, ReplayError

FORMAT = 1
SUFFIX = ".yaml"


class SaveProblem(Exception):
    """A save that cannot be loaded: file name, place and reason."""

    def __init__(self, path: Path, reason: str, place: str = "") -> None:
        self.path, self.reason, self.place = Path(path), reason, place
        where = f" at {place}" if place else ""
        super().__init__(f"{self.path.name}{where}: {reason}")


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
        "actions": [a.text() for a in match.actions],
        "digest": match.digest(),
    }
    if match.meta:
        data["meta"] = dict(match.meta)
    return data


def path_for(save_id: str, folder: Optional[Path] = None) -> Path:
    return (folder or saves_dir()) / f"{save_id}{SUFFIX}"


def write_save(match: Match, folder: Optional[Path] = None) -> Path:
    """Write the match's record atomically; returns the path."""
    path = path_for(match.save_id, folder)
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
        raise SaveProblem(path, f"names an unknown game {game!r}", "game")
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
        match = Match.start(info.id, setup, data.get("options") or {}, seats,
                            save_id=str(data.get("id") or path.stem))
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveProblem(path, f"cannot start the game: {exc}", "setup") from None
    except Exception as exc:
        raise SaveProblem(path, f"cannot start the game: {type(exc).__name__}: {exc}",
                          "setup") from None
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


def load_save(path: Path) -> Match:
    """Read and replay a save file; only SaveProblem escapes."""
    path = Path(path)
    try:
        data = read_yaml(path)
    except FileProblem as exc:
        raise SaveProblem(path, exc.reason, exc.place) from None
    return match_from_record(parse_record(data, path), path)


@dataclass
class SaveEntry:
    """One file in the saves folder, loadable or not."""

    path: Path
    match: Optional[Match] = None
    problem: Optional[SaveProblem] = None

    @property
    def ok(self) -> bool:
        return self.match is not None

    @property
    def updated(self) -> float:
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0


def list_saves(folder: Optional[Path] = None, include_over: bool = False) -> list[SaveEntry]:
    """Every save in the folder, newest first; broken ones carry their problem."""
    folder = folder or saves_dir()
    entries: list[SaveEntry] = []
    try:
        paths = sorted(p for p in folder.glob(f"*{SUFFIX}") if not p.name.startswith("."))
    except OSError as exc:
        return [SaveEntry(folder, problem=SaveProblem(folder, f"the folder cannot be read ({exc})"))]
    for path in paths:
        try:
            match = load_save(path)
        except SaveProblem as exc:
            entries.append(SaveEntry(path, problem=exc))
            continue
        except Exception as exc:  # the last line of defence: never stop the app
            entries.append(SaveEntry(path, problem=SaveProblem(path, f"{type(exc).__name__}: {exc}")))
            continue
        if include_over or match.outcome() is None:
            entries.append(SaveEntry(path, match=match))
    entries.sort(key=lambda e: e.updated, reverse=True)
    return entries


def delete_save(save_id: str, folder: Optional[Path] = None) -> None:
    """Remove a save and its backup (used when a game ends or the player abandons it)."""
    path = path_for(save_id, folder)
    for candidate in (path, path.with_name(path.name + ".bak")):
        try:
            candidate.unlink()
        except FileNotFoundError:
            pass
