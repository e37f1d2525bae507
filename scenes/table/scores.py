"""Score boards for any game: a grid with a row per seat, a column per round (the older ones
folded into "..."), and the totals, the best of each column in gold; and `ScoreBoard`, the
overlay between rounds that shows it (Flag Finish's race board, Finita's score sheet).

`draw_grid(surface, box, base, names, history, totals, ...)` paints it inside `box` below its
title lines; `history[i][seat]` is the score of round i ("-" for a round still being played).
"""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame

from game.core.text import score_text
from scenes import widgets as ui
from scenes.manager import Scene

SHOWN = 8  # columns before older rounds fold into "..."


def draw_grid(surface: pygame.Surface, box: pygame.Rect, base: int, names: Sequence[str],
              history: Sequence[Sequence[Any]], totals: Sequence[Any], perspective: Optional[int],
              column: str = "Round",
              chip: Optional[Callable[[int, int], Optional[pygame.Surface]]] = None,
              lower_is_better: bool = True, top: Optional[int] = None) -> None:
    """The grid of scores, best in gold (lowest by default)."""
    best_of = min if lower_is_better else max
    first = max(0, len(history) - SHOWN)
    shown = list(range(first, len(history)))
    cols = len(shown) + (1 if first else 0)
    name_w = int(box.width * 0.28)
    total_w = int(base * 4.5)
    inner = pygame.Rect(box.x + base * 1.5, top if top is not None else box.top + base * 5,
                        box.width - base * 3, 0)
    col_w = (inner.width - name_w - total_w) / max(1, cols)
    size = int(base * 0.95)
    step = int(base * 1.9)
    y = inner.y
    x: float = inner.x + name_w
    if first:
        ui.text(surface, "...", size, (int(x + col_w / 2), y), colour=ui.DIM, anchor="midtop")
        x += col_w
    last = len(history) - 1
    for index in shown:
        ui.text(surface, f"{column} {index + 1}", int(base * 0.8), (int(x + col_w / 2), y),
                colour=ui.GOLD if index == last else ui.DIM, anchor="midtop",
                max_width=int(col_w - 4))
        x += col_w
    ui.text(surface, "Total", int(base * 0.9), (inner.right - total_w // 2, y), colour=ui.GOLD,
            bold=True, anchor="midtop")
    best_total = best_of(totals) if totals else 0
    y += int(base * 1.5)
    for seat, name in enumerate(names):
        line = pygame.Rect(inner.x - base // 2, y - base // 4, inner.width + base, step - 4)
        if seat == perspective:
            shade = pygame.Surface(line.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (255, 244, 220, 26), shade.get_rect(), border_radius=8)
            pygame.draw.rect(shade, (255, 244, 220, 70), shade.get_rect(), 1, border_radius=8)
            surface.blit(shade, line.topleft)
        indent = 0
        if chip is not None:
            image = chip(seat, int(base * 0.9))
            if image is not None:
                surface.blit(image, image.get_rect(midleft=(inner.x, y + size // 2 + 2)))
            indent = int(base * 1.3)
        ui.text(surface, name, size, (inner.x + indent, y), bold=True,
                max_width=name_w - indent - int(base * 0.3))
        x = inner.x + name_w + (col_w if first else 0)
        for index in shown:
            row = history[index]
            points = row[seat] if seat < len(row) else ""
            best = "-" not in row and points == best_of(row)
            ui.text(surface, score_text(points), size, (int(x + col_w / 2), y),
                    colour=ui.GOLD if best else ui.INK, bold=bool(best), anchor="midtop")
            x += col_w
        total = totals[seat] if seat < len(totals) else ""
        ui.text(surface, score_text(total), int(size * 1.15), (inner.right - total_w // 2, y - 2),
                colour=ui.GOLD if total == best_total else ui.INK, bold=True, anchor="midtop")
        y += step


class ScoreBoard(Scene):
    """Round and match scores over the table, with "Next <round>" between rounds.

    It opens by itself when a round ends and stays until the person closes it: the next round
    is only ever dealt from here or from the table's own button, never by a computer seat.
    A game's board says what its rounds are called (`round_word`), and gives the title, the
    line under it, the rows of scores and the note above the buttons."""

    overlay = True
    round_word = "round"
    look_label = "Look at the table"

    def __init__(self, app, table: Any, can_deal: bool = True) -> None:
        super().__init__(app)
        self.table = table
        self.can_deal = can_deal  # between rounds: the board deals the next one
        word = self.round_word
        buttons = []
        if can_deal:
            buttons.append(ui.Button(f"Next {word}", self.deal, key=pygame.K_RETURN,
                                     primary=True, tip=f"Deal the next {word} (Enter)"))
            buttons.append(ui.Button(self.look_label, self.close, key=pygame.K_l,
                                     tip=f"Close the board; the table keeps a Next {word} button"))
        else:
            buttons.append(ui.Button("Close", self.close, key=pygame.K_ESCAPE, primary=True,
                                     tip="Back to the table (Esc)"))
        self.buttons = ui.ButtonRow(buttons)
        self.box = pygame.Rect(0, 0, 10, 10)

    # -- what a game's board says ---------------------------------------------------------

    def title(self) -> str:
        raise NotImplementedError

    def headline(self) -> str:
        return ""

    def scores(self) -> tuple[list[str], list[list[Any]], list[Any]]:
        """(names, a row of scores per round, totals)."""
        raise NotImplementedError

    def note(self) -> str:
        return ""

    def chip(self, seat: int, size: int) -> Optional[pygame.Surface]:
        return None

    def deal_next(self) -> None:
        """Deal the next round on the table."""
        raise NotImplementedError

    # -- the scene --------------------------------------------------------------------------

    def deal(self) -> None:
        self.app.pop(self)
        self.deal_next()

    def close(self) -> None:
        self.app.pop(self)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        rows = len(self.table.seats)
        self.box = pygame.Rect(0, 0, min(w - base * 2, base * 40),
                               min(h - base * 2, int(base * (12.5 + 1.9 * rows))))
        self.box.center = (w // 2, h // 2)
        bw, bh = int(base * 10), int(base * 2.2)
        n = len(self.buttons.buttons)
        ui.stack_buttons(self.buttons.buttons, self.box.centerx - ((bw + 12) * n - 12) // 2,
                         self.box.bottom - bh - base, bw, bh, gap=12, horizontal=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_s) \
                and (self.can_deal or event.key == pygame.K_s):
            self.close()
            return True
        self.buttons.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 140)
        base = ui.ui_size(surface.get_size())
        box = self.box
        ui.panel(surface, box, 255)  # a sheet: what it covers (a result, say) never shows through
        ui.text(surface, self.title(), int(base * 1.6), (box.centerx, box.top + base * 1.6),
                colour=ui.GOLD, bold=True, anchor="center", max_width=box.width - base * 2)
        ui.text(surface, self.headline(), int(base * 0.95), (box.centerx, box.top + base * 3.3),
                anchor="center", max_width=box.width - base * 2)
        names, history, totals = self.scores()
        chip = self.chip if self.chip(0, base) is not None else None  # a sheet with chips
        draw_grid(surface, box, base, names, history, totals, self.table.perspective,
                  self.round_word.capitalize(), chip,
                  lower_is_better=self.table.info.better == "lower")
        ui.text(surface, self.note(), int(base * 0.85),
                (box.centerx, self.buttons.buttons[0].rect.top - base), colour=ui.DIM,
                anchor="midbottom", max_width=box.width - base * 2)
        self.buttons.draw(surface)
