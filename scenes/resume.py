"""Continue: every game in progress, and every save that cannot be read, with its reason."""
from __future__ import annotations

import time

import pygame

from game.core.registry import game_info
from game.core.saves import delete_save, list_saves
from game.core.text import plural
from scenes import widgets as ui
from scenes.listscreen import ListScreen


def progress_text(match) -> str:
    view = match.engine.view(match.state, None)
    status = str(view.get("status", ""))
    moves = plural(len(match.steps), "move")
    return f"{moves} - {status}" if status else moves


class ContinueScene(ListScreen):
    """Pick a game to go on with; broken files are listed, never touched."""

    title = "Continue"
    empty_text = "No games in progress. Start one from the menu."

    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons.buttons[:0] = [
            ui.Button("Play", self.play, key=pygame.K_p, primary=True),
            ui.Button("Delete", self.delete, key=pygame.K_DELETE),
        ]
        self.load()

    def load(self) -> None:
        self.rows = []
        for entry in list_saves():
            when = time.strftime("%d %b %Y %H:%M", time.localtime(entry.updated))
            if entry.ok:
                match = entry.match
                info = game_info(match.game_id)
                players = ", ".join(s.name + ("" if s.is_human else " (computer)") for s in match.seats)
                self.rows.append({"title": f"{info.title} - {players}",
                                  "detail": f"{when} - {progress_text(match)}",
                                  "entry": entry})
            else:
                problem = entry.problem
                where = f" ({problem.place})" if problem.place else ""
                self.rows.append({"title": f"{entry.path.name}: cannot be continued",
                                  "detail": f"{problem.reason}{where}. The file is left as it is.",
                                  "entry": entry, "broken": True, "colour": ui.WARN})
        self.selected = min(self.selected, max(0, len(self.rows) - 1))

    def activate(self, row) -> None:
        entry = row["entry"]
        if not entry.ok:
            self.app.toast(f"{entry.path.name} cannot be opened: {entry.problem.reason}", 5, "bad")
            self.app.play("refuse")
            return
        from scenes.tables import open_match
        self.app.pop(self)
        open_match(self.app, entry.match)

    def play(self) -> None:
        if self.rows:
            self.activate(self.rows[self.selected])

    def delete(self) -> None:
        if not self.rows:
            return
        entry = self.rows[self.selected]["entry"]
        if not entry.ok:
            self.app.toast("Broken files are never deleted by finis; remove it by hand if you wish.",
                           5, "warn")
            return
        delete_save(entry.path)  # exactly the listed file (and its backup), whatever id it holds
        self.app.toast("Game deleted.", 2)
        self.load()
