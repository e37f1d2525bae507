"""Keeping a match safe: autosave after every action, statistics and history at the end."""
from __future__ import annotations

import logging
import os

from game.core.fileio import dump_yaml, write_atomic
from game.core.paths import data_home
from game.core.saves import delete_save, record_of, write_save
from game.core.session import Match
from game.core.stats import record_result

log = logging.getLogger("finis.store")


class MatchStore:
    """Writes the match after each change; files the result once the game is over."""

    def __init__(self, app, match: Match) -> None:
        self.app = app
        self.match = match
        self.failed = False
        match.on_change = lambda m: self.save()
        self.save()

    def save(self) -> None:
        try:
            write_save(self.match)
            if self.failed:
                self.app.toast("Saving works again.", 3)
            self.failed = False
        except OSError as exc:
            log.error("autosave failed: %s", exc)
            if not self.failed:
                self.app.toast(f"Could not save the game: {exc.strerror or exc}", 6, "warn")
            self.failed = True

    def finish(self) -> None:
        """The game is over: statistics once, the record moves to the history folder."""
        match = self.match
        outcome = match.outcome()
        if outcome is None or match.meta.get("recorded"):
            return
        try:
            record_result(match.game_id, outcome, match.options, match.seats,
                          practice=match.practice, hints=int(match.meta.get("hints", 0)))
        except OSError as exc:
            self.app.toast(f"Statistics could not be saved: {exc.strerror or exc}", 5, "warn")
        match.meta["recorded"] = True
        try:
            history = data_home() / "history" / f"{match.save_id}.yaml"
            write_atomic(history, dump_yaml(record_of(match)), keep_backup=False)
            delete_save(match.save_id)
        except OSError as exc:
            log.error("could not file the finished game: %s", exc)
            self.save()


def history_count() -> int:
    folder = data_home() / "history"
    try:
        return len([n for n in os.listdir(folder) if n.endswith(".yaml")])
    except OSError:
        return 0
