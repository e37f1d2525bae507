"""A scrollable list screen with a title, rows and buttons: Continue, Statistics, Movies."""
from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from scenes import widgets as ui
from scenes.art.table import felt
from scenes.manager import Scene


class ListScreen(Scene):
    """Rows of (title, detail, colour) with selection by mouse or arrows."""

    title = ""
    empty_text = "Nothing here yet."

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rows: list[dict[str, Any]] = []
        self.selected = 0
        self.scroll = 0
        self.row_rects: list[pygame.Rect] = []
        self.buttons = ui.ButtonRow([ui.Button("Back", lambda: self.app.pop(self),
                                               key=pygame.K_ESCAPE)])

    def activate(self, row: dict[str, Any]) -> None:
        """Enter or double use of a row."""

    def resize(self, size):
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        self.base = base
        self.box = pygame.Rect(0, 0, min(w - 40, base * 50), h - base * 3)
        self.box.center = (w // 2, h // 2)
        self.row_h = int(base * 3.2)
        bw, bh = int(base * 8), int(base * 2.2)
        n = len(self.buttons.buttons)
        ui.stack_buttons(self.buttons.buttons, self.box.right - (bw + 10) * n - base,
                         self.box.bottom - bh - base, bw, bh, gap=10, horizontal=True)
        self.list_rect = pygame.Rect(self.box.x + base, self.box.y + base * 4,
                                     self.box.width - base * 2, self.box.height - base * 8)

    def visible_count(self) -> int:
        return max(1, self.list_rect.height // self.row_h)

    def position_words(self) -> str:
        """Which rows show, and where scrolling finds more: only a way that has more."""
        last = min(len(self.rows), self.scroll + self.visible_count())
        above, below = self.scroll > 0, last < len(self.rows)
        way = ("up or down" if above and below else "up" if above else "down" if below else "")
        more = f" (scroll {way} for more)" if way else ""
        return f"{self.scroll + 1}-{last} of {len(self.rows)}{more}"

    def handle_event(self, event):
        if self.buttons.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.rows) - self.visible_count()),
                                     self.scroll - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, rect in self.row_rects_indexed():
                if rect.collidepoint(event.pos):
                    if self.selected == i:
                        self.activate(self.rows[i])
                    self.selected = i
                    return True
        if event.type == pygame.KEYDOWN and self.rows:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % len(self.rows)
                if self.selected < self.scroll:
                    self.scroll = self.selected
                elif self.selected >= self.scroll + self.visible_count():
                    self.scroll = self.selected - self.visible_count() + 1
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate(self.rows[self.selected])
                return True
        return False

    def row_rects_indexed(self) -> list[tuple[int, pygame.Rect]]:
        out = []
        for n, i in enumerate(range(self.scroll, min(len(self.rows), self.scroll + self.visible_count()))):
            out.append((i, pygame.Rect(self.list_rect.x, self.list_rect.y + n * self.row_h,
                                       self.list_rect.width, self.row_h - 6)))
        return out

    def draw_row(self, surface, rect: pygame.Rect, row: dict[str, Any], selected: bool) -> None:
        base = self.base
        colour = (60, 84, 70) if selected else (30, 46, 38)
        pygame.draw.rect(surface, colour, rect, border_radius=10)
        if selected:
            pygame.draw.rect(surface, ui.GOLD, rect, 2, border_radius=10)
        x = rect.x + base
        if row.get("thumb") is not None:
            thumb = row["thumb"]
            surface.blit(thumb, thumb.get_rect(midleft=(x, rect.centery)))
            x += thumb.get_width() + base
        ui.text(surface, row["title"], int(base * 0.95), (x, rect.y + base * 0.35),
                colour=row.get("colour", ui.INK), bold=True, max_width=rect.right - x - base)
        ui.text(surface, row.get("detail", ""), int(base * 0.8), (x, rect.y + base * 1.65),
                colour=ui.BAD if row.get("broken") else ui.DIM, max_width=rect.right - x - base)

    def draw(self, surface):
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        ui.panel(surface, self.box)
        ui.text(surface, self.title, int(self.base * 1.6), (self.box.x + self.base * 2,
                self.box.y + self.base * 1.2), colour=ui.GOLD, bold=True)
        if not self.rows:
            ui.text(surface, self.empty_text, self.base, self.list_rect.center, colour=ui.DIM,
                    anchor="center")
        for i, rect in self.row_rects_indexed():
            self.draw_row(surface, rect, self.rows[i], i == self.selected)
        if len(self.rows) > self.visible_count():
            ui.text(surface, self.position_words(), int(self.base * 0.75),
                    (self.list_rect.x, self.list_rect.bottom + 4), colour=ui.DIM)
        self.buttons.draw(surface)
