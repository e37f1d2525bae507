"""A score grid for any game's score board: a row per seat, a column per round (the older
ones folded into "..."), and the totals, the best of each column in gold.

`draw_grid(surface, box, base, names, history, totals, ...)` paints it inside `box` below its
title lines; `history[i][seat]` is the score of round i ("-" for a round still being played).
"""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame

from game.core.text import score_text
from scenes import widgets as ui

SHOWN = 8  # columns before older rounds fold into "..."


def draw_grid(surface: pygame.Surface, box: pygame.Rect, base: int, names: Sequence[str],
              history: Sequence[Sequence[Any]], totals: Sequence[Any], perspective: Optional[int],
              column: str = "Round", chip: Optional[Callable[[int, int], pygame.Surface]] = None,
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
    x = inner.x + name_w
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
