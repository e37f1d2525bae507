"""A memory swap chosen in two steps, when there are more swaps than a few buttons can name.

After a 0 a seat may make two opponents change one face-down memory card each. With memory 3
at three seats, or memory 2 at four or more, that is 9 to 60 swaps: too many to list. So the
chooser shows a grid instead, one row per opponent (in the order they sit round the table
from the left) and one button per memory card ("card 1" is the leftmost card in front of
them on the table): a person picks one card, then the card it changes places with. The cards
can be picked on the table too, where the picked one wears an orange ring and the one pointed at
or focused a bright one. Back (or Esc, Backspace, a right click, or the picked card again)
undoes the first pick; nothing is done until the second.

Every cell and every pair comes from the engine's legal Swap actions, and the action made is
always one of them: the grid knows no rule of its own. Memory cards are named by seat and
place only, never by face.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Optional

import pygame

from game.finita.actions import Choose, Swap
from game.finita.view import memory_zone
from scenes import widgets as ui

SMALL = 4  # up to this many swaps are one button each in the chooser's list
LEGIBLE = 26  # the lowest button whose label is drawn at 11 pixels or more
Cell = tuple[int, int]  # a memory card: (seat, its place in the seat's row, from 0)
PICKED = (236, 146, 46)  # the picked card's ring: the orange of its button


@dataclass
class MemoryRows:
    """What the grid needs of the table: the seats' names and where each memory card lies
    on the table now, by (seat, place)."""

    names: tuple[str, ...] = ()
    places: dict[Cell, pygame.Rect] = field(default_factory=dict)


def memory_rows(table: Any) -> MemoryRows:
    """The seats' names and the rectangles of their memory cards as the table lays them."""
    places: dict[Cell, pygame.Rect] = {}
    for seat in range(len(table.seats)):
        zone = table.zones.get(memory_zone(seat))
        if zone is None:
            continue
        w, h = zone.card
        for i, (x, y, _) in enumerate(zone.positions(len(table.contents.get(zone.id, [])))):
            places[(seat, i)] = pygame.Rect(int(x - w / 2), int(y - h / 2), w, h)
    return MemoryRows(tuple(s.name for s in table.seats), places)


class SwapGrid:
    """The two-step swap: a button per memory card that takes part in a legal swap, the
    other choices the engine offers with it (No swap) and Back."""

    def __init__(self, swaps: list[Swap], keeps: list[Choose], act: Callable[[Any], bool],
                 words_of: Callable[[Any], str], rows: MemoryRows) -> None:
        self.partners: dict[Cell, dict[Cell, Swap]] = {}
        for s in swaps:
            a, b = (s.first, s.first_index), (s.second, s.second_index)
            self.partners.setdefault(a, {})[b] = s
            self.partners.setdefault(b, {})[a] = s
        me, count = swaps[0].seat, max(len(rows.names), 1 + max(self.partners)[0])
        self.seats = sorted({seat for seat, _ in self.partners}, key=lambda s: (s - me) % count)
        self.slots = 1 + max(i for _, i in self.partners)
        self.names = [rows.names[s] if s < len(rows.names) else f"Player {s + 1}"
                      for s in range(count)]
        self.places = rows.places
        self.act = act
        self.picked: Optional[Cell] = None
        self.pressing: Optional[Cell] = None  # a card on the table pressed, not yet let go
        self.pointed: Optional[Cell] = None  # a card on the table under the pointer
        self.cells = {cell: ui.Button(self.cell_words(cell), partial(self.press, cell))
                      for cell in sorted(self.partners,
                                         key=lambda c: (self.seats.index(c[0]), c[1]))}
        self.keeps = {k: ui.Button(words_of(k), partial(act, k), tip=words_of(k))
                      for k in keeps}
        self.back_button = ui.Button("Back", self.back, tip="Pick the first card again (Esc)")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)  # the rectangle drawn behind it
        self.hint_at = (0, 0)
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.sync()

    # -- words ----------------------------------------------------------------------------

    def cell_words(self, cell: Cell) -> str:
        return self.names[cell[0]] if self.slots == 1 else f"card {cell[1] + 1}"

    def card_words(self, cell: Cell) -> str:
        seat, place = cell
        return f"{self.names[seat]}'s card" + (f" {place + 1}" if self.slots > 1 else "")

    def title(self) -> str:
        if self.picked is None:
            return "Swap memory cards: pick one, then the other"
        return f"Swap {self.card_words(self.picked)} with which card?"

    def hint(self) -> str:
        if self.picked is None:
            return "Or click a card on the table. Keys: Tab or arrows, Enter"
        return "Back, Esc or a right click: pick the first card again"

    # -- the two steps --------------------------------------------------------------------

    def press(self, cell: Cell) -> None:
        """A card's button (or the card on the table): the first pick, the second (the swap
        is made), or the picked one again (back)."""
        if self.picked is None:
            self.picked = cell
        elif cell == self.picked:
            self.picked = None
        else:
            found = self.partners[self.picked].get(cell)
            if found is None:
                return
            if self.act(found):
                return
        self.sync()

    def back(self) -> None:
        self.picked = None
        self.sync()

    def sync(self) -> None:
        """Which buttons may be pressed at this step, and how the picked one looks."""
        partners = self.partners.get(self.picked, {}) if self.picked is not None else {}
        for cell, b in self.cells.items():
            b.enabled = self.picked is None or cell == self.picked or cell in partners
            b.primary = cell == self.picked
            b.tip = (f"{self.card_words(cell)} (picked: press again to pick another)"
                     if cell == self.picked else self.card_words(cell))
            b.pressed = False

    def buttons(self) -> list[ui.Button]:
        """The buttons shown at this step, in the order Tab goes round them."""
        return list(self.cells.values()) + self.bottom()

    def bottom(self) -> list[ui.Button]:
        """Under the grid: No swap at the first step, Back at the second."""
        return [self.back_button] if self.picked is not None else list(self.keeps.values())

    # -- where things go ------------------------------------------------------------------

    def place(self, area: pygame.Rect, size: tuple[int, int]) -> None:
        """Lay the grid out in `area` (the middle of the felt), below the memory cards it
        would otherwise cover, its buttons as tall as the room allows (within limits)."""
        base = ui.ui_size(size)
        gap = max(4, base // 4)
        cell_w = int(base * (7.5 if self.slots == 1 else 4.2))
        label_w = 0 if self.slots == 1 else int(base * 6)
        grid_w = label_w + self.slots * (cell_w + gap) - gap
        width = min(area.width, max(grid_w + base * 2, int(base * 23)))
        title_h, hint_h, edge = int(base * 1.7), int(base * 1.1), base // 4
        self.rect = pygame.Rect(0, 0, width, 0)
        self.rect.centerx = area.centerx
        top = area.top + edge
        for (seat, _), place in self.places.items():
            if seat in self.seats and place.right > self.rect.left - edge \
                    and place.left < self.rect.right + edge:
                top = max(top, place.bottom + base // 2 + edge)
        room = area.bottom - edge - top
        rows = len(self.seats) + 1  # the cards, then No swap or Back
        bh = (room - title_h - hint_h) // rows - gap
        bh = max(int(base * 1.25), LEGIBLE, min(int(base * 1.7), bh))
        self.rect.height = title_h + rows * (bh + gap) + hint_h
        self.rect.top = top + max(0, room - self.rect.height) // 2
        self.rect.bottom = min(self.rect.bottom, size[1] - edge)  # never off the window
        self.panel = self.rect.inflate(edge * 2, edge * 2)
        x0 = self.rect.centerx - grid_w // 2
        self.labels = []
        y = self.rect.y + title_h
        for seat in self.seats:
            if label_w:
                self.labels.append((self.names[seat],
                                    pygame.Rect(x0, y, label_w - gap, bh)))
            for (s, i), b in self.cells.items():
                if s == seat:
                    b.rect = pygame.Rect(x0 + label_w + i * (cell_w + gap), y, cell_w, bh)
            y += bh + gap
        low_w = int(base * 7)
        self.back_button.rect = pygame.Rect(self.rect.centerx - low_w // 2, y, low_w, bh)
        x = self.rect.centerx - (len(self.keeps) * (low_w + gap) - gap) // 2
        for b in self.keeps.values():
            b.rect = pygame.Rect(x, y, low_w, bh)
            x += low_w + gap
        self.hint_at = (self.rect.centerx, y + bh + base // 4)

    # -- the table's cards ----------------------------------------------------------------

    def card_at(self, pos: tuple[int, int]) -> Optional[Cell]:
        """The memory card on the table at `pos` that may be pressed at this step (never
        one under the chooser's panel)."""
        if self.panel.collidepoint(pos):
            return None
        for cell, b in self.cells.items():
            place = self.places.get(cell)
            if place is not None and b.enabled and place.collidepoint(pos):
                return cell
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks on the memory cards on the table, and going back a step (Esc, Backspace,
        a right click)."""
        if event.type == pygame.MOUSEMOTION:
            pointed = self.card_at(event.pos)
            for cell, b in self.cells.items():
                if self.places.get(cell) is not None and not b.rect.collidepoint(event.pos):
                    b.hover = cell == pointed
            changed = pointed != self.pointed
            self.pointed = pointed
            return changed  # (as the buttons' hover: a change is drawn)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressing = self.card_at(event.pos)
            return self.pressing is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressing:
            cell, self.pressing = self.pressing, None
            if self.card_at(event.pos) == cell:
                self.press(cell)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.picked:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) \
                and self.picked is not None:
            self.back()
            return True
        return False

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, base: int) -> None:
        size = max(12, int(base * 0.85))
        for name, rect in self.labels:
            seat = self.names.index(name)
            colour = ui.GOLD if self.picked is not None and self.picked[0] == seat else ui.INK
            ui.text(surface, name, size, (rect.right - base // 4, rect.centery), colour=colour,
                    bold=True, anchor="midright", max_width=rect.width)
        for cell, b in self.cells.items():
            place = self.places.get(cell)
            if place is None:
                continue
            if cell == self.picked:
                ring = place.inflate(8, 8)
                pygame.draw.rect(surface, (20, 24, 20), ring.inflate(2, 2), 1, border_radius=6)
                pygame.draw.rect(surface, PICKED, ring, max(3, base // 6), border_radius=6)
            elif b.enabled and (b.hover or b.focused):
                ui.focus_ring(surface, place, radius=4)

    # -- how a person makes a swap (for inputs_for) ----------------------------------------

    def next_press(self, action: Any, turn: int) -> Optional[tuple[ui.Button, Optional[Cell]]]:
        """The button to press now on the way to `action` (a legal swap, or No swap), with
        the table's card that does the same (None if only the button does): the first card,
        then the second; Back first when another card is picked."""
        if isinstance(action, Swap):
            a, b = (action.first, action.first_index), (action.second, action.second_index)
            if self.partners.get(a, {}).get(b) != action:
                return None
            if self.picked is None:
                cell = b if turn % 2 else a
            elif self.picked in (a, b):
                cell = b if self.picked == a else a
            else:
                return self.back_button, None
            return self.cells[cell], cell
        if action in self.keeps:
            return (self.back_button if self.picked is not None else self.keeps[action]), None
        return None
