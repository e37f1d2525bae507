"""Movies: every Finished! game's flip-book (won or lost), to play, export or delete.

Broken movie files are listed with their reason and left untouched; the others still play.
Exports (an animated GIF, or a PNG strip of thumbnails) run in a background thread inside a
small dialog that shows a progress bar and says plainly what went wrong, if anything did.
"""
from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Optional

import pygame

from game import movies as store
from game.movies import TOTAL_FRAMES, Movie, MovieEntry
from scenes import widgets as ui
from scenes.art import fonts
from scenes.listscreen import ListScreen
from scenes.manager import Scene

PAPER = (251, 247, 237)


def when_text(movie: Movie) -> str:
    """'12 May 2025, 14:03'."""
    when = movie.created_at
    return f"{when.day} {when:%b %Y, %H:%M}"


def movie_thumb(movie: Optional[Movie], height: int) -> pygame.Surface:
    """The last frame of the pile, small, on a paper mount (a blank mount if there is none)."""
    from scenes.flipbook.pages import frame_picture
    ph = max(8, height - 6)
    pw = ph * 4 // 3
    mount = pygame.Surface((pw + 6, ph + 6))
    mount.fill(PAPER)
    if movie is not None and movie.pile:
        mount.blit(frame_picture(movie.pile[-1], pw, ph), (3, 3))
    else:
        pygame.draw.rect(mount, (226, 216, 198), (3, 3, pw, ph))
        mark = fonts.render_text("?" if movie is None else "0", max(8, ph // 2), (170, 150, 126),
                                 bold=True)
        mount.blit(mark, mark.get_rect(center=(pw // 2 + 3, ph // 2 + 3)))
    pygame.draw.rect(mount, (200, 186, 164), mount.get_rect(), 1)
    return mount


def reason_text(reason: str) -> str:
    """A file problem as a sentence: 'is empty' becomes 'The file is empty'."""
    if reason.split(" ", 1)[0] in ("is", "has", "holds", "was", "cannot", "names"):
        return f"The file {reason}"
    return reason[:1].upper() + reason[1:]


class MoviesScene(ListScreen):
    """The gallery of flip-books: Enter or a click plays, Delete asks once more, then removes."""

    title = "Movies"
    empty_text = "No movies yet: finish a game of Finished! and its flip-book appears here."

    def __init__(self, app) -> None:
        super().__init__(app)
        self.confirm: Optional[str] = None  # id of the movie waiting for a second Delete
        self.delete_button = ui.Button("Delete", self.delete, key=pygame.K_DELETE,
                                       tip="Delete the movie (press twice)")
        self.buttons.buttons[:0] = [
            ui.Button("Play", self.play, key=pygame.K_p, primary=True, tip="Play it (Enter)"),
            ui.Button("Export GIF", lambda: self.export("gif"), key=pygame.K_g,
                      tip="An animated GIF to share (G)"),
            ui.Button("Export PNG strip", lambda: self.export("png"), key=pygame.K_s,
                      tip="All frames side by side in one picture (S)"),
            self.delete_button,
        ]
        self.load()

    # -- rows -----------------------------------------------------------------------------

    def load(self) -> None:
        """Read the movies folder again (broken files included, with their reason)."""
        self.rows = []
        for entry in store.list_movies():
            if entry.ok:
                movie = entry.movie
                result = "won" if movie.won else "not finished"
                self.rows.append({"title": f"{when_text(movie)} \u2013 {movie.level_label}",
                                  "detail": f"{movie.length_text()} \u2013 {result}",
                                  "entry": entry})
            else:
                where = f" ({entry.place})" if entry.place else ""
                reason = reason_text(entry.reason)
                self.rows.append({"title": f"{entry.name}: cannot be played",
                                  "detail": f"{reason}{where}. The file is left as it is.",
                                  "entry": entry, "broken": True, "colour": ui.WARN})
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        self.confirm = None
        self._thumbs: dict[tuple[str, int], pygame.Surface] = {}
        self._update_delete()

    @property
    def entry(self) -> Optional[MovieEntry]:
        return self.rows[self.selected]["entry"] if self.rows else None

    def _update_delete(self) -> None:
        waiting = self.confirm is not None
        self.delete_button.label = "Confirm delete" if waiting else "Delete"
        self.delete_button.primary = waiting

    # -- actions --------------------------------------------------------------------------

    def activate(self, row: dict[str, Any]) -> None:
        entry: MovieEntry = row["entry"]
        if not entry.ok:
            self.app.toast(f"{entry.name} cannot be played: {entry.reason}", 5, "bad")
            self.app.play("refuse")
            return
        from scenes.flipbook.player import open_player
        self.confirm = None
        self._update_delete()
        open_player(self.app, entry.movie)

    def play(self) -> None:
        if self.rows:
            self.activate(self.rows[self.selected])

    def delete(self) -> None:
        entry = self.entry
        if entry is None:
            return
        if not entry.ok:
            self.app.toast("Broken files are never deleted by finis; remove it by hand if you "
                           "wish.", 5, "warn")
            return
        if self.confirm != entry.id:
            self.confirm = entry.id
            self._update_delete()
            self.app.toast("Press Delete again to remove this movie for good.", 3, "warn")
            return
        try:
            store.delete_movie(entry.id, entry.path.parent)
        except OSError as exc:
            self.app.toast(f"{entry.name} could not be deleted: {exc.strerror or exc}", 5, "bad")
            return
        self.app.toast("Movie deleted.", 2)
        self.load()

    def export(self, kind: str) -> None:
        entry = self.entry
        if entry is None:
            return
        if not entry.ok:
            self.app.toast(f"{entry.name} cannot be exported: {entry.reason}", 5, "bad")
            return
        if not entry.movie.pile:
            self.app.toast("This movie has no frames yet: there is nothing to export.", 4, "warn")
            return
        self.app.push(ExportDialog(self.app, entry.movie, kind))

    # -- scene ----------------------------------------------------------------------------

    def resize(self, size):
        super().resize(size)
        base = self.base
        self.row_h = int(base * 3.6)
        widths = [6, 7.5, 10, 8.5, 5.5]
        bh = int(base * 2.2)
        total = sum(int(base * f) for f in widths) + 10 * (len(widths) - 1)
        x = self.box.right - base - total
        for b, f in zip(self.buttons.buttons, widths):
            b.rect = pygame.Rect(x, self.box.bottom - bh - base, int(base * f), bh)
            x += b.rect.width + 10

    def handle_event(self, event):
        before = self.selected
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.confirm:
            self.confirm = None
            self._update_delete()
            return True
        used = super().handle_event(event)
        if self.selected != before and self.confirm:
            self.confirm = None
            self._update_delete()
        return used

    def thumb_for(self, entry: MovieEntry, height: int) -> pygame.Surface:
        key = (entry.id, height)
        if key not in self._thumbs:
            self._thumbs[key] = movie_thumb(entry.movie, height)
        return self._thumbs[key]

    def draw_row(self, surface, rect: pygame.Rect, row: dict[str, Any], selected: bool) -> None:
        base = self.base
        entry: MovieEntry = row["entry"]
        colour = (60, 84, 70) if selected else (30, 46, 38)
        pygame.draw.rect(surface, colour, rect, border_radius=10)
        if selected:
            pygame.draw.rect(surface, ui.GOLD, rect, 2, border_radius=10)
        thumb = self.thumb_for(entry, rect.height - 10)
        surface.blit(thumb, thumb.get_rect(midleft=(rect.x + base * 0.6, rect.centery)))
        x = rect.x + base * 0.6 + thumb.get_width() + base * 0.8
        meter_w = int(base * 11) if entry.ok else 0
        room = rect.right - x - base - meter_w
        ui.text(surface, row["title"], int(base * 0.95), (x, rect.y + base * 0.45),
                colour=row.get("colour", ui.INK), bold=True, max_width=room)
        detail = row.get("detail", "")
        detail_colour = ui.BAD if row.get("broken") else ui.DIM
        if self.confirm and self.confirm == entry.id:
            detail, detail_colour = "Press Delete again to remove this movie for good.", ui.WARN
        ui.text(surface, detail, int(base * 0.8), (x, rect.y + base * 1.85), colour=detail_colour,
                max_width=room if entry.ok else rect.right - x - base)
        if entry.ok:
            self.draw_meter(surface, pygame.Rect(rect.right - base - meter_w, rect.centery - base // 3,
                                                 meter_w, max(6, int(base * 0.6))), entry.movie)

    def draw_meter(self, surface, bar: pygame.Rect, movie: Movie) -> None:
        """The 48 frames of the whole movie, those this game earned in gold."""
        cell = bar.width / TOTAL_FRAMES
        for i in range(TOTAL_FRAMES):
            r = pygame.Rect(int(bar.x + i * cell), bar.y, max(1, int(cell) - 1), bar.height)
            pygame.draw.rect(surface, (240, 200, 110) if i < movie.frames else (52, 72, 60), r,
                             border_radius=1)

    def draw(self, surface):
        super().draw(surface)
        if self.rows:
            ui.text(surface, "Enter plays   G exports a GIF   S a PNG strip   Delete twice removes",
                    int(self.base * 0.72), (self.box.right - self.base * 2, self.box.y + self.base * 2.6),
                    colour=ui.DIM, anchor="bottomright", max_width=self.box.width - self.base * 12)


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


def open_in_file_manager(folder: Path) -> str:
    """Open a folder in the platform's file manager; '' on success, else what went wrong."""
    if not Path(folder).is_dir():
        return "the folder is not there"
    try:
        if sys.platform.startswith("win"):
            os.startfile(str(folder))  # type: ignore[attr-defined]
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen([opener, str(folder)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as exc:
        return exc.strerror or str(exc)
    return ""


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
        self.target: Optional[Any] = None
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
        self.thread = threading.Thread(target=self._work, name="finis-export", daemon=True)
        self._set_buttons()
        self.thread.start()

    def _progress(self, done: int, total: int) -> None:
        if self.cancelled:
            raise store.ExportCancelled()
        self.done, self.total = done, total

    def _work(self) -> None:
        try:
            if self.kind == "gif":
                self.result = store.export_gif(self.movie, self.target, progress=self._progress)
            else:
                self.result = store.export_strip(self.movie, self.target, progress=self._progress)
        except store.ExportCancelled:
            self.error = "The export was cancelled; no file was written."
        except Exception as exc:  # said in plain words in the dialog, never a crash
            self.error = store.describe_problem(exc, self.target)

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
