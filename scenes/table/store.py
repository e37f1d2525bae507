"""Keeping a match safe: autosave after every action, a lock on its file while the table is
open, statistics and history at the end (and at start-up for a game that missed them)."""
from __future__ import annotations

import logging
import os

from game.core import locks
from game.core.paths import data_home
from game.core.saves import autosave, compact, file_left_over, save_path, settle_finished
from game.core.session import Match
from game.core.stats import record_result
from game.core.text import plural

log = logging.getLogger("finis.store")


class MatchStore:
    """Writes the match after each change; files the result once the game is over.

    The save is locked (locks.py) from the first successful write, or before the table
    opens when the match came from a file (Continue, open_match), until `close()`."""

    def __init__(self, app, match: Match) -> None:
        self.app = app
        self.match = match
        self.failed = False
        self.problem = ""  # why the last autosave failed, shown on the table until one works
        self.since_try = 0.0
        self.finish_waits = False  # the end could not be marked: finish once a save works
        match.on_change = lambda m: self.save()
        self.save()

    @property
    def lock(self):
        return self.match.save.lock if self.match.save is not None else None

    def save(self) -> None:
        self.since_try = 0.0
        try:
            autosave(self.match)  # one journal line a move; the whole file now and then
            if self.failed:
                self.app.toast("Saving works again: the game is safe.", 3)
            self.failed, self.problem = False, ""
        except OSError as exc:
            log.error("autosave failed: %s", exc)
            self.failed, self.problem = True, str(exc.strerror or exc)
            return
        self._lock()
        self.tell_kept()
        if self.finish_waits:
            self.finish_waits = False
            self.finish()

    def tell_kept(self) -> None:
        """Say once where a save file that changed under this window was kept (savefile.py)."""
        handle = self.match.save
        if handle is None or not handle.kept:
            return
        names = ", ".join(p.name for p in handle.kept)
        handle.kept.clear()
        self.app.toast(f"This game's file was changed outside finis while it was open. That "
                       f"version is kept as {names} (under Continue), beside the game as it was "
                       f"played.", 8, "warn")

    def _lock(self) -> None:
        """A new game's file is locked as soon as it exists."""
        handle = self.match.save
        if handle is None or (handle.lock is not None and handle.lock.held):
            return
        try:
            handle.lock = locks.acquire(handle.path)
        except locks.Busy as exc:  # a fresh name nobody else has: only a very odd folder
            log.warning("could not lock %s: %s", handle.path, exc.message)

    def close(self) -> None:
        """The table is gone: the save is written whole (its journal folded in), and another
        window may open it now."""
        path = save_path(self.match)
        if path is not None and self.match.outcome() is None and os.path.exists(path):
            try:
                compact(self.match)
                self.tell_kept()
            except OSError as exc:  # the journal stays: the next load still has every move
                log.error("could not write the whole save on closing: %s", exc)
        handle = self.match.save
        if handle is None:
            return
        if handle.journal is not None:
            handle.journal.close()
            handle.journal = None
        if handle.lock is not None:
            handle.lock.release()
            handle.lock = None

    def retry(self, dt: float, every: float = 5.0) -> None:
        """While saving fails, try again every few seconds (space may have been freed)."""
        if self.failed:
            self.since_try += dt
            if self.since_try >= every:
                self.save()

    def finish(self) -> None:
        """The game is over: statistics once, the record moves to the history folder (in the
        order settle_finished gives, so a kill at any moment never counts it twice)."""
        match = self.match
        if match.outcome() is None or match.meta.get("recorded"):
            return
        try:
            done = settle_finished(match, count=self.count)
        except OSError as exc:  # not even marked: it is counted when saving works again
            log.error("could not mark the finished game: %s", exc)
            self.failed, self.problem = True, str(exc.strerror or exc)
            self.finish_waits = True
            return
        for problem in done.problems:
            self.app.toast(problem, 5, "warn")
        if done.filed is None:
            self.save()

    def count(self, match: Match) -> None:
        outcome = match.outcome()
        assert outcome is not None, "only an ended match is counted"
        record_result(match.game_id, outcome, match.options, match.seats,
                      practice=match.practice, hints=int(match.meta.get("hints", 0)),
                      by_person=match.played_by_person())


def file_left_over_games(app) -> int:
    """At start-up: games that ended without being counted (the app stopped first) are
    counted and filed now, with one message. Returns how many were counted."""
    try:
        found = file_left_over()
    except Exception:  # the menu must open whatever a saves folder holds
        log.exception("start-up filing failed")
        return 0
    if found.counted == 1:
        app.toast("A finished game was added to your statistics.", 5)
    elif found.counted:
        app.toast(f"{plural(found.counted, 'finished game')} were added to your statistics.", 5)
    for problem in found.problems[:1]:
        app.toast(problem, 5, "warn")
    return found.counted


def history_count() -> int:
    folder = data_home() / "history"
    try:
        return len([n for n in os.listdir(folder) if n.endswith(".yaml")])
    except OSError:
        return 0
