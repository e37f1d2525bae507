"""The end of a game: its result counted in the statistics once, then its record filed in
the history folder and its save removed, in an order that a kill at any moment cannot make
count twice; and, at start-up, the games a stop left over, settled the same way.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from .. import locks
from ..leftovers import over_saves
from ..paths import history_dir
from ..safeyaml import dump_yaml
from ..fileio import write_atomic
from ..session import Match
from .listing import delete_save
from .load import SaveProblem, _checked_record, load_save
from .record import SUFFIX, is_safe_id, record_of, safe_id_from, save_path, write_save

log = logging.getLogger("finis.saves")


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


def count_result(match: Match) -> None:
    """Add a finished match to the statistics."""
    from ..stats import record_result
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
