"""Keeping a match safe: autosave after every action, statistics and history at the end."""
from __future__ import annotations

import logging
import os

from game.core.paths import data_home
from game.core.saves import file_finished, write_save
from game.core.session import Match
from game.core.stats import record_result

log = logging.getLogger("finis.store")


class MatchStore:
    """Writes the match after each change; files the result once the game is over."""

    def __init__(self, app, match: Match) -> None:
        self.app = app
        self.match = match
        self.failed = False
        self.problem = ""  # why the last autosave failed, shown on the table until one works
        self.since_try = 0.0
        match.on_change = lambda m: self.save()
        self.save()

    def save(self) -> None:
        self.since_try = 0.0
        try:
            write_save(self.match)
            if self.failed:
                self.app.toast("Saving works again: the game is safe.", 3)
            self.failed, self.problem = False, ""
        except OSError as exc:
            log.error("autosave failed: %s", exc)
            self.failed, self.problem = True, str(exc.strerror or exc)

    def retry(self, dt: float, every: float = 5.0) -> None:
        """While saving fails, try again every few seconds (space may have been freed)."""
        if self.failed:
            self.since_try += dt
            if self.since_try >= every:
                self.save()

    def finish(self) -> None:
        """The game is over: statistics once, the record moves to the history folder."""
        match = self.match
        outcome = match.outcome()
        if outcome is None or match.meta.get("recorded"):
            return
        try:
            record_result(match.game_id, outcome, match.options, match.seats,
                          practice=match.practice, hints=int(match.meta.get("hints", 0)),
                          by_person=match.played_by_person())
        except OSError as exc:
            self.app.toast(f"Statistics could not be saved: {exc.strerror or exc}", 5, "warn")
        match.meta["recorded"] = True
        try:
            file_finished(match)  # history under a fresh name; deletes exactly this save
        except OSError as exc:
            log.error("could not file the finished game: %s", exc)
            self.save()


def history_count() -> int:
    folder = data_home() / "history"
    try:
        return len([n for n in os.listdir(folder) if n.endswith(".yaml")])
    except OSError:
        return 0
