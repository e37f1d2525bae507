"""The score board between races: every race's points, the match totals, and "Next race".

It opens by itself when a race ends and stays until the person closes it: the next race is
only ever dealt from here or from the table's "Next race" button, never by a computer racer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.text import score_text
from game.flag_finish.view import MATCH_OVER, RACE_ON, RACE_OVER, FlagView
from scenes import widgets as ui
from scenes.flag_finish import tokens
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.flag_finish.port import FlagTablePort

SHOWN_RACES = 8  # columns before older races fold into "..."


def match_note(view: FlagView) -> str:
    """The line under the board: what comes next in the match (the engine's words), or,
    while a race is on, that closing the board goes back to it."""
    return view["match_note"] or "The race goes on when you close this board."


class RaceBoard(Scene):
    """Race and match scores over the frozen table."""

    overlay = True

    def __init__(self, app, table: "FlagTablePort", can_deal: bool = True) -> None:
        super().__init__(app)
        self.table = table
        self.can_deal = can_deal  # between races: the board deals the next one
        buttons = []
        if can_deal:
            buttons.append(ui.Button("Next race", self.next_race, key=pygame.K_RETURN,
                                     primary=True, tip="Deal the next race (Enter)"))
            buttons.append(ui.Button("Look at the table", self.close, key=pygame.K_l,
                                     tip="Close the board; the table keeps a Next race button"))
        else:
            buttons.append(ui.Button("Close", self.close, key=pygame.K_ESCAPE, primary=True,
                                     tip="Back to the table (Esc)"))
        self.buttons = ui.ButtonRow(buttons)
        self.box = pygame.Rect(0, 0, 10, 10)

    def next_race(self) -> None:
        self.app.pop(self)
        self.table.next_race()

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
        view = self.table.view
        base = ui.ui_size(surface.get_size())
        box = self.box
        ui.panel(surface, box, 235)
        names = [s.name for s in self.table.seats]
        history = [list(r) for r in view["history"]]
        if view["phase"] in RACE_ON:  # the race on now, not scored yet
            history.append(["-"] * len(names))
        totals = list(view["match_scores"])
        title = self.title(view)
        ui.text(surface, title, int(base * 1.6), (box.centerx, box.top + base * 1.6),
                colour=ui.GOLD, bold=True, anchor="center", max_width=box.width - base * 2)
        ui.text(surface, view["headline"], int(base * 0.95),
                (box.centerx, box.top + base * 3.3), anchor="center", max_width=box.width - base * 2)
        self._grid(surface, base, names, history, totals)
        note = match_note(view)
        ui.text(surface, note, int(base * 0.85), (box.centerx, self.buttons.buttons[0].rect.top - base),
                colour=ui.DIM, anchor="midbottom", max_width=box.width - base * 2)
        self.buttons.draw(surface)

    @staticmethod
    def title(view: FlagView) -> str:
        name = view["race_name"]
        phase = view["phase"]
        if phase == MATCH_OVER:
            return "The match is over"
        if phase == RACE_OVER:
            return f"{name} is over"
        return f"{name}: the scores so far"

    def _grid(self, surface, base, names, history, totals) -> None:
        box = self.box
        first = max(0, len(history) - SHOWN_RACES)
        shown = list(range(first, len(history)))
        cols = len(shown) + (1 if first else 0)
        name_w = int(box.width * 0.28)
        total_w = int(base * 4.5)
        inner = pygame.Rect(box.x + base * 1.5, box.top + base * 5, box.width - base * 3, 0)
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
            ui.text(surface, f"Race {index + 1}", int(base * 0.8), (int(x + col_w / 2), y),
                    colour=ui.GOLD if index == last else ui.DIM, anchor="midtop",
                    max_width=int(col_w - 4))
            x += col_w
        ui.text(surface, "Total", int(base * 0.9), (inner.right - total_w // 2, y), colour=ui.GOLD,
                bold=True, anchor="midtop")
        low = min(totals) if totals else 0
        y += int(base * 1.5)
        for seat, name in enumerate(names):
            line = pygame.Rect(inner.x - base // 2, y - base // 4, inner.width + base, step - 4)
            if seat == self.table.perspective:
                shade = pygame.Surface(line.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (255, 244, 220, 26), shade.get_rect(), border_radius=8)
                pygame.draw.rect(shade, (255, 244, 220, 70), shade.get_rect(), 1, border_radius=8)
                surface.blit(shade, line.topleft)
            chip = tokens.shape_icon(tokens.seat_shape(seat), int(base * 0.9),
                                     tokens.seat_colour(seat))
            surface.blit(chip, chip.get_rect(midleft=(inner.x, y + size // 2 + 2)))
            ui.text(surface, name, size, (inner.x + int(base * 1.3), y), bold=True,
                    max_width=name_w - int(base * 1.6))
            x = inner.x + name_w + (col_w if first else 0)
            for index in shown:
                points = history[index][seat] if seat < len(history[index]) else ""
                best = "-" not in history[index] and points == min(history[index])
                ui.text(surface, score_text(points), size, (int(x + col_w / 2), y),
                        colour=ui.GOLD if best else ui.INK, bold=bool(best), anchor="midtop")
                x += col_w
            total = totals[seat] if seat < len(totals) else ""
            ui.text(surface, score_text(total), int(size * 1.15),
                    (inner.right - total_w // 2, y - 2),
                    colour=ui.GOLD if total == low else ui.INK, bold=True, anchor="midtop")
            y += step
