"""Continue: every game in progress, and every save that cannot be read, with its reason.

The list comes from each save's header (nothing is replayed). A save is replayed when it is
opened: a long one in a background thread while the window keeps drawing a progress line
(only the replay runs there; every pygame call stays on this thread).
"""
from __future__ import annotations

import threading
import time
from typing import Any, Optional

import pygame

from game.core import locks
from game.core.registry import game_info
from game.core.saves import (NO_DIGEST, LoadCancelled, SaveEntry, SaveProblem, delete_save,
                             list_saves)
from game.core.text import plural
from scenes import widgets as ui
from scenes.art import fonts
from scenes.listscreen import ListScreen

#: Saves with at least this many moves are replayed in the background (about 0.1 s of
#: replay at 10,000 actions a second: shorter ones open within a frame or two).
BACKGROUND_FROM = 1000


def progress_text(match) -> str:
    view = match.engine.view(match.state, None)
    status = str(view.get("status", ""))
    moves = plural(len(match.steps), "move")
    return f"{moves} - {status}" if status else moves


def row_note(note: str) -> str:
    """A save's note, short enough for its row."""
    if note == NO_DIGEST:
        return "Note: no digest, so a cut file looks whole: check its last moves"
    return f"Note: {note}"


class Loading:
    """One save being replayed in a background thread; the scene polls it every frame."""

    def __init__(self, entry: SaveEntry, lock: locks.SaveLock, title: str) -> None:
        self.entry, self.lock, self.title = entry, lock, title
        self.total = entry.header.moves if entry.header else 0
        self.done = 0
        self.cancelled = False
        self.match: Any = None
        self.problem: Optional[SaveProblem] = None
        self.thread = threading.Thread(target=self._run, name="finis-load", daemon=True)

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self.cancelled:
            raise LoadCancelled()

    def _run(self) -> None:
        try:
            self.match = self.entry.load(self._progress)
        except SaveProblem as exc:
            self.problem = exc
        except LoadCancelled:
            pass
        except Exception as exc:  # reported on the main thread, never lost in the thread
            self.problem = SaveProblem(self.entry.path, f"cannot be opened ({type(exc).__name__})")

    @property
    def finished(self) -> bool:
        return not self.thread.is_alive()

    def line(self) -> str:
        return (f"Opening {self.title}: {self.done:,} of {self.total:,} moves replayed. "
                f"Esc stops.")


class ContinueScene(ListScreen):
    """Pick a game to go on with; broken files are listed, never touched."""

    title = "Continue"
    empty_text = "No games in progress. Start one from the menu."

    def __init__(self, app) -> None:
        super().__init__(app)
        self.confirm: Optional[Any] = None  # the path waiting for a second Delete
        self.delete_button = ui.Button("Delete", self.delete, key=pygame.K_DELETE,
                                       tip="Delete the game (press twice)")
        self.buttons.buttons[:0] = [
            ui.Button("Play", self.play, key=pygame.K_p, primary=True),
            self.delete_button,
        ]
        self.loading: Optional[Loading] = None
        self.load()

    def load(self) -> None:
        """The rows, from the saves' headers only: nothing is replayed here."""
        self.rows = []
        for entry in list_saves(replay=False):
            self.rows.append(self.row_of(entry))
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        self.ask_to_delete(None)

    def ask_to_delete(self, path: Optional[Any]) -> None:
        """Arm (a path) or disarm (None) the second press that deletes a game."""
        self.confirm = path
        self.delete_button.label = "Confirm delete" if path is not None else "Delete"
        self.delete_button.primary = path is not None

    def row_of(self, entry: SaveEntry) -> dict[str, Any]:
        when = time.strftime("%d %b %Y %H:%M", time.localtime(entry.updated))
        if entry.ok and entry.header is not None:
            header = entry.header
            info = game_info(header.game)
            players = ", ".join(s.name + ("" if s.is_human else " (computer)") for s in header.seats)
            detail = f"{when} - {header.progress}"
            if entry.note:  # before the progress: if the line is cut, the note stays
                detail = f"{when} - {row_note(entry.note)}. {header.progress}"
            row: dict[str, Any] = {"title": f"{info.title} - {players}", "detail": detail, "entry": entry}
            if entry.open_elsewhere:
                row["title"] += " (open in another window)"
                row["detail"] = f"{when} - Open in another finis window. {header.progress}"
                row["colour"] = ui.DIM
            elif entry.note:
                row["detail_colour"] = ui.WARN
            return row
        return self.broken_row(entry, entry.problem)

    @staticmethod
    def broken_row(entry: SaveEntry, problem: Optional[SaveProblem]) -> dict[str, Any]:
        reason = problem.reason if problem else "cannot be read"
        where = f" ({problem.place})" if problem and problem.place else ""
        return {"title": f"{entry.path.name}: cannot be continued",
                "detail": f"{reason}{where}. The file is left as it is.",
                "entry": entry, "broken": True, "colour": ui.WARN}

    def draw_row(self, surface, rect, row, selected) -> None:
        """As every list row, but the detail keeps its size and is cut with an ellipsis
        when too long (a shrunk line of small print is not readable)."""
        super().draw_row(surface, rect, dict(row, detail=""), selected)
        size = int(self.base * 0.8)
        colour = ui.BAD if row.get("broken") else row.get("detail_colour", ui.DIM)
        x = rect.x + self.base
        image = fonts.fit_text(row.get("detail", ""), rect.right - x - self.base, size, colour,
                               min_size=size)
        surface.blit(image, (x, rect.y + self.base * 1.65))

    # -- opening ------------------------------------------------------------------------

    def activate(self, row) -> None:
        if self.loading is not None:
            return
        entry = row["entry"]
        if not entry.ok:
            self.app.toast(f"{entry.path.name} cannot be opened: {entry.problem.reason}", 5, "bad")
            self.app.play("refuse")
            return
        try:
            lock = locks.acquire(entry.path)
        except locks.Busy as exc:
            self.app.toast(exc.message, 5, "warn")
            self.app.play("refuse")
            entry.open_elsewhere = True
            self.rows[self.rows.index(row)] = self.row_of(entry)
            return
        self.loading = Loading(entry, lock, row["title"].split(" - ")[0])
        if entry.header is not None and entry.header.moves >= BACKGROUND_FROM:
            self.loading.thread.start()  # the window keeps drawing; update() finishes it
        else:
            self.loading._run()  # short: replayed now, within this frame
            self.finish_loading()

    def update(self, dt: float) -> None:
        if self.loading is not None and self.loading.thread.ident is not None \
                and self.loading.finished:
            self.finish_loading()

    def busy(self) -> bool:
        return self.loading is not None  # frames keep coming: the progress line moves

    def finish_loading(self) -> None:
        """The replay is over (on this thread): open the table, or say why not."""
        loading, self.loading = self.loading, None
        if loading is None:
            return
        entry = loading.entry
        if loading.match is None:
            loading.lock.release()
            if loading.problem is not None:
                problem = loading.problem
                self.app.toast(f"{entry.path.name} cannot be opened: {problem.reason}", 6, "bad")
                self.app.play("refuse")
                entry.problem = problem
                for i, row in enumerate(self.rows):
                    if row["entry"] is entry:
                        self.rows[i] = self.broken_row(entry, problem)
            else:
                self.app.toast("Stopped opening the game; its file is as it was.", 3)
            self.app.needs_redraw = True
            return
        from scenes.table.registry import open_match
        assert loading.match.save is not None  # a loaded match knows its file
        loading.match.save.lock = loading.lock
        self.app.pop(self)
        open_match(self.app, loading.match)

    def handle_event(self, event) -> bool:
        if self.loading is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.loading.cancelled = True
            # nothing else while a save is opening: its row and file must stay as they are
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                  pygame.MOUSEWHEEL)
        if self.confirm is not None and event.type == pygame.KEYDOWN \
                and event.key == pygame.K_ESCAPE:
            self.ask_to_delete(None)  # Esc takes the question back, and stays here
            self.app.toast("The game is kept.", 2)
            return True
        before = self.selected
        used = super().handle_event(event)
        if self.selected != before and self.confirm is not None:
            self.ask_to_delete(None)  # another row: the question was about the old one
        return used

    def exit(self) -> None:
        if self.loading is not None:  # leaving while a save opens: stop it, free the file
            self.loading.cancelled = True
            self.loading.thread.join(timeout=5)
            self.loading.lock.release()
            self.loading = None

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.loading is not None:
            # in the header, beside the title: it covers no row and no button
            left = self.box.x + self.base * 11
            band = pygame.Rect(left, self.box.y + int(self.base * 0.9),
                               self.box.right - self.base - left, int(self.base * 2.4))
            pygame.draw.rect(surface, (24, 36, 30), band, border_radius=10)
            pygame.draw.rect(surface, ui.GOLD, band, 2, border_radius=10)
            share = self.loading.done / self.loading.total if self.loading.total else 0.0
            bar = pygame.Rect(band.x + self.base, band.bottom - int(self.base * 0.6),
                              int((band.width - self.base * 2) * min(1.0, share)), int(self.base * 0.3))
            pygame.draw.rect(surface, ui.GOLD, bar)
            ui.text(surface, self.loading.line(), int(self.base * 0.85),
                    (band.x + self.base, band.y + int(self.base * 0.4)), colour=ui.INK,
                    max_width=band.width - self.base * 2)

    # -- the other buttons --------------------------------------------------------------

    def play(self) -> None:
        if self.rows:
            self.activate(self.rows[self.selected])

    def delete(self) -> None:
        if not self.rows or self.loading is not None:
            return
        entry = self.rows[self.selected]["entry"]
        if not entry.ok:
            self.app.toast("Broken files are never deleted by finis; remove it by hand if you wish.",
                           5, "warn")
            return
        if locks.open_elsewhere(entry.path):
            self.app.toast(f"{locks.MESSAGE} Close it there first.", 5, "warn")
            return
        if self.confirm != entry.path:  # a game in progress is gone for good: ask first
            self.ask_to_delete(entry.path)
            self.app.toast("Press Delete again to delete this game for good (Esc keeps it).",
                           4, "warn")
            return
        try:
            delete_save(entry.path)  # exactly the listed file (and its backup), whatever id it holds
        except OSError as exc:
            self.app.toast(f"{entry.path.name} could not be deleted: {exc.strerror or exc}", 5, "bad")
            self.load()  # what is left of it is listed as it now is
            return
        self.app.toast("Game deleted.", 2)
        self.load()
