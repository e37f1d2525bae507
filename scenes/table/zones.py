"""Zones on the table: where a game's pieces lie, and how they are spread inside a zone.

A game's table declares its zones for the current window size (id, rectangle, layout, face
up or down, owner, label); this module turns a zone's content into piece positions and a
pointer position back into a slot.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional

import pygame

LAYOUTS = ("stack", "row", "fan", "grid", "column")


@dataclass
class Zone:
    """One place on the table, in pixels for the current window size."""

    id: str
    rect: pygame.Rect
    layout: str = "row"
    card: tuple[int, int] = (70, 100)  # size of a piece in this zone
    face_up: bool = True
    label: str = ""
    owner: Optional[int] = None  # the seat whose zone it is (None: shared)
    cols: int = 1
    rows: int = 1
    align: str = "left"  # rows: left or center
    slots: bool = False  # drops name a slot ("present#2")
    show_count: bool = False
    outline: bool = True
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.layout not in LAYOUTS:
            raise ValueError(f"zone {self.id}: unknown layout {self.layout!r}")

    # -- where pieces go -----------------------------------------------------------------

    def step(self, count: int) -> float:
        """Distance between neighbours in a row, fan or column."""
        cw, ch = self.card
        if self.layout == "column":
            room = self.rect.height - ch
            natural = ch * 0.32
        else:
            room = self.rect.width - cw
            natural = cw * 1.08 if self.layout == "row" else cw * 0.62
        if count <= 1:
            return natural
        return max(2.0, min(natural, room / (count - 1)))

    def positions(self, count: int) -> list[tuple[float, float, float]]:
        """Centre (x, y) and rotation in degrees of each of `count` pieces."""
        cw, ch = self.card
        r = self.rect
        if self.layout == "stack":
            cx, cy = self.extra.get("anchor", r.center)
            out = []
            for i in range(count):
                lift = min(i, 4) if count <= 5 else max(0, 4 - (count - 1 - i))
                out.append((cx - lift * 0.6, cy - lift * 1.2, 0.0))
            return out
        if self.layout == "grid":
            cell_w, cell_h = r.width / self.cols, r.height / self.rows
            return [(r.x + (i % self.cols + 0.5) * cell_w, r.y + (i // self.cols + 0.5) * cell_h, 0.0)
                    for i in range(count)]
        step = self.step(count)
        if self.layout == "column":
            y0 = r.y + ch / 2
            return [(r.centerx, y0 + i * step, 0.0) for i in range(count)]
        span = step * (count - 1) if count else 0
        if self.align == "center" or self.layout == "fan":
            x0 = r.centerx - span / 2
        else:
            x0 = r.x + cw / 2
        out = []
        for i in range(count):
            x = x0 + i * step
            if self.layout == "fan" and count > 1:
                t = (i / (count - 1)) * 2 - 1  # -1 .. 1
                angle = -t * min(18.0, 2.2 * count)
                y = r.centery + (t * t) * ch * 0.12
                out.append((x, y, angle))
            else:
                out.append((x, r.centery, 0.0))
        return out

    def cell_rect(self, index: int) -> pygame.Rect:
        """A grid cell's rectangle."""
        cell_w, cell_h = self.rect.width / self.cols, self.rect.height / self.rows
        col, row = index % self.cols, index // self.cols
        return pygame.Rect(int(self.rect.x + col * cell_w), int(self.rect.y + row * cell_h),
                           int(cell_w), int(cell_h))

    def slot_at(self, pos: tuple[int, int], count: int) -> int:
        """The slot a drop at `pos` means: insertion index in a row, cell in a grid."""
        if self.layout == "grid":
            cell_w, cell_h = self.rect.width / self.cols, self.rect.height / self.rows
            col = min(self.cols - 1, max(0, int((pos[0] - self.rect.x) // cell_w)))
            row = min(self.rows - 1, max(0, int((pos[1] - self.rect.y) // cell_h)))
            return row * self.cols + col
        if self.layout == "stack" or count == 0:
            return 0 if self.layout != "stack" else count
        centres = self.positions(count)
        axis = 1 if self.layout == "column" else 0
        for i, centre in enumerate(centres):
            if pos[axis] < centre[axis]:
                return i
        return count

    def hit(self, pos: tuple[int, int], margin: int = 0) -> bool:
        return self.rect.inflate(margin * 2, margin * 2).collidepoint(pos)


def fit_card(width_room: float, height_room: float, aspect: float) -> tuple[int, int]:
    """The largest card (w/h = aspect) fitting both rooms."""
    h = min(height_room, width_room / aspect)
    return max(8, int(h * aspect)), max(12, int(h))


def angle_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
