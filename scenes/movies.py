"""Movies: every Finished! game's flip-book (won or lost), to play, export or delete.

Broken movie files are listed with their reason and left untouched; the others still play.
This module is the gallery (its rows, thumbnails and buttons). Exporting opens the dialog of
movies_export.py (a background thread, a progress bar, the outcome in plain words), which
shows the result's folder through file_manager.py.
"""
from __future__ import annotations

from typing import Any, Optional

import pygame

from game.finished import movies as store
from game.finished.movies import TOTAL_FRAMES, Movie, MovieEntry
from scenes import widgets as ui
from scenes.art import fonts
from scenes.listscreen import ListScreen
from scenes.movies_export import ExportDialog, when_text

__all__ = ["ExportDialog", "MoviesScene", "movie_thumb", "reason_text", "when_text"]

PAPER = (251, 247, 237)


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
            movie = entry.movie
            if movie is not None:  # (entry.ok)
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
        # with no movie, the buttons for a movie are greyed out: they could do nothing
        for button in self.buttons.buttons:
            if button.label != "Back":
                button.enabled = bool(self.rows)

    # -- actions --------------------------------------------------------------------------

    def activate(self, row: dict[str, Any]) -> None:
        entry: MovieEntry = row["entry"]
        if entry.movie is None:  # (not entry.ok)
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
        if entry.movie is None:  # (not entry.ok)
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
        if entry.movie is not None:  # (entry.ok)
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
