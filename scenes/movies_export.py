"""The export dialog of the Movies gallery: where to write one movie as an animated GIF or a
PNG strip of thumbnails, the export itself in a background thread with a progress bar, and
what came of it in plain words (with a button to show the file's folder).
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Optional

import pygame

from game.finished import movies as store
from game.finished.movies import Movie
from scenes import widgets as ui
from scenes.art import fonts
from scenes.file_manager import open_in_file_manager
from scenes.manager import Scene


def when_text(movie: Movie) -> str:
    """'12 May 2025, 14:03' (the gallery's rows say it too)."""
    when = movie.created_at
    return f"{when.day} {when:%b %Y, %H:%M}"


class PathField(ui.TextField):
    """A text field for a file path: when it is too long, the end (the file name) stays in view."""

    def draw(self, surface: pygame.Surface, size: int) -> None:
        pygame.draw.rect(surface, (18, 30, 24), self.rect, border_radius=8)
        pygame.draw.rect(surface, ui.GOLD if self.focused else (110, 120, 110), self.rect, 2,
                         border_radius=8)
        shown = self.value + ("|" if self.focused else "")
        room = self.rect.width - 20
        f = fonts.font(size)
        if f.size(shown)[0] > room:
            while shown and f.size("\u2026" + shown)[0] > room:
                shown = shown[1:]
            shown = "\u2026" + shown
        ui.text(surface, shown, size, (self.rect.x + 10, self.rect.centery), anchor="midleft")


class ExportDialog(Scene):
    """Export one movie to a file: the path, a progress bar, and the outcome in plain words."""

    overlay = True

    def __init__(self, app, movie: Movie, kind: str) -> None:
        super().__init__(app)
        self.movie = movie
        self.kind = "gif" if kind == "gif" else "png"
        self.field = PathField(str(store.default_export_path(movie, self.kind)), max_len=400)
        self.state = "ready"  # ready, working, done, failed
        self.message = ""
        self.done = 0
        self.total = 1
        self.target: Optional[Path] = None
        self.result: Optional[Any] = None
        self.error = ""
        self.cancelled = False
        self.thread: Optional[threading.Thread] = None
        self.buttons = ui.ButtonRow()
        self._set_buttons()

    # -- states ---------------------------------------------------------------------------

    def _set_buttons(self) -> None:
        if self.state == "done":
            self.buttons.buttons = [ui.Button("Close", self.close, key=pygame.K_RETURN, primary=True),
                                    ui.Button("Open folder", self.open_folder, key=pygame.K_o),
                                    ui.Button("Export again", self.start)]
        elif self.state == "working":
            self.buttons.buttons = [ui.Button("Exporting\u2026", lambda: None, enabled=False,
                                              primary=True),
                                    ui.Button("Cancel", self.cancel)]
        else:
            self.buttons.buttons = [ui.Button("Export", self.start, key=pygame.K_RETURN, primary=True),
                                    ui.Button("Cancel", self.close)]
        self.resize(self.app.size)

    def start(self) -> None:
        """Check the path and run the export in a background thread."""
        if self.state == "working":
            return
        self.cancelled = False
        try:
            self.target = store.export_target(self.field.value, self.kind)
        except ValueError as exc:
            self.state, self.message = "failed", str(exc)
            self.app.play("refuse")
            self._set_buttons()
            return
        self.field.value = str(self.target)
        self.field.focused = False
        self.state, self.message, self.error, self.cancelled = "working", "", "", False
        self.done, self.total = 0, len(self.movie.pile) + 1
        self.thread = threading.Thread(target=self._work, args=(self.target,), name="finis-export",
                                       daemon=True)
        self._set_buttons()
        self.thread.start()

    def _progress(self, done: int, total: int) -> None:
        if self.cancelled:
            raise store.ExportCancelled()
        self.done, self.total = done, total

    def _work(self, target: Path) -> None:
        try:
            if self.kind == "gif":
                self.result = store.export_gif(self.movie, target, progress=self._progress)
            else:
                self.result = store.export_strip(self.movie, target, progress=self._progress)
        except store.ExportCancelled:
            self.error = "The export was cancelled; no file was written."
        except Exception as exc:  # said in plain words in the dialog, never a crash
            self.error = store.describe_problem(exc, target)

    def open_folder(self) -> None:
        """Show the exported file's folder in the system's file manager."""
        folder = Path(str(self.result or self.target)).parent
        problem = open_in_file_manager(folder)
        if problem:
            self.app.toast(f"Could not open {folder}: {problem}", 5, "warn")
        else:
            self.app.toast(f"Opening {folder}", 2)

    def cancel(self) -> None:
        self.cancelled = True

    def close(self) -> None:
        self.cancelled = True
        if self.field.focused:
            pygame.key.stop_text_input()
        self.app.pop(self)

    def exit(self) -> None:
        self.cancelled = True

    # -- scene ----------------------------------------------------------------------------

    def update(self, dt):
        if self.state == "working" and self.thread is not None and not self.thread.is_alive():
            self.thread = None
            if self.error and self.cancelled:
                self.state, self.message = "ready", self.error
            elif self.error:
                self.state, self.message = "failed", self.error
                self.app.play("refuse")
            else:
                saved = Path(str(self.result))
                what = "GIF" if self.kind == "gif" else "PNG strip"
                self.state, self.message = "done", (f"The {what} is saved as {saved.name} in the "
                                                    f"folder {saved.parent}")
                self.app.play("win")
            self._set_buttons()

    def busy(self) -> bool:
        return self.state == "working"

    def resize(self, size):
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        self.base = base
        self.box = pygame.Rect(0, 0, min(w - 60, base * 42), int(base * 17))
        self.box.center = (w // 2, h // 2)
        self.field.rect = pygame.Rect(self.box.x + base * 2, self.box.y + int(base * 6.2),
                                      self.box.width - base * 4, int(base * 2.2))
        self.bar = pygame.Rect(self.field.rect.x, self.field.rect.bottom + int(base * 1.2),
                               self.field.rect.width, max(8, int(base * 0.7)))
        bw, bh = int(base * 9), int(base * 2.2)
        x = self.box.right - base * 2 - (bw + 12) * len(self.buttons.buttons) + 12
        for b in self.buttons.buttons:
            b.rect = pygame.Rect(x, self.box.bottom - bh - base, bw, bh)
            x += bw + 12

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.field.focused:
            self.cancel() if self.state == "working" else self.close()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.state != "working":
                self.field.handle(event)  # focus follows the click; buttons still get it
            self.buttons.handle(event)
            return True
        if self.state != "working" and self.field.handle(event):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif self.state == "failed":
                self.state, self.message = "ready", ""
                self._set_buttons()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_KP_ENTER:
            event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                       scancode=0)
        self.buttons.handle(event)
        return True  # a dialog: nothing leaks to the gallery beneath

    def draw(self, surface):
        ui.dim(surface, 150)
        base = self.base
        box = self.box
        ui.panel(surface, box, 235)
        what = "Where should the GIF go?" if self.kind == "gif" else "Where should the PNG strip go?"
        ui.text(surface, what, int(base * 1.4), (box.x + base * 2, box.y + base * 1.1),
                colour=ui.GOLD, bold=True)
        frames = len(self.movie.pile)
        about = (f"{frames} frame{'s' if frames != 1 else ''} at 480 x 360, 12 per second, "
                 "looping" if self.kind == "gif" else
                 f"{frames} thumbnail{'s' if frames != 1 else ''} side by side, in rows of 8")
        ui.text(surface, f"{when_text(self.movie)} \u2013 {self.movie.level_label}: {about}",
                int(base * 0.8), (box.x + base * 2, box.y + base * 3.0), colour=ui.DIM,
                max_width=box.width - base * 4)
        ui.text(surface, "Save as (click to change the name or folder):", int(base * 0.8),
                (self.field.rect.x, self.field.rect.y - base * 0.3), colour=ui.INK,
                anchor="bottomleft")
        self.field.draw(surface, int(base * 0.85))
        bar = self.bar
        pygame.draw.rect(surface, (18, 30, 24), bar, border_radius=bar.height // 2)
        share = 1.0 if self.state == "done" else self.done / max(1, self.total) \
            if self.state == "working" else 0.0
        if share > 0:
            fill = bar.copy()
            fill.width = max(bar.height, int(bar.width * share))
            pygame.draw.rect(surface, ui.GOLD, fill, border_radius=bar.height // 2)
        if self.state == "working":
            status, colour = f"Writing frame {min(self.done + 1, frames)} of {frames}\u2026", ui.DIM
        elif self.state == "done":
            status, colour = self.message, ui.GOLD
        elif self.state == "failed":
            status, colour = self.message, ui.BAD
        else:
            folder = Path(self.field.value).expanduser().parent
            status, colour = self.message or (f"Enter saves it in {folder}. To save it somewhere "
                                              "else, click the line above and type another "
                                              "folder or name."), ui.DIM
        room = pygame.Rect(bar.x, bar.bottom + base * 0.6, bar.width, base * 2.6)
        ui.paragraph(surface, status, int(base * 0.82), room, colour=colour)
        self.buttons.draw(surface)
