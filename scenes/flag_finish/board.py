"""The score board between races: every race's points, the match totals, and "Next race".

It opens by itself when a race ends and stays until the person closes it: the next race is
only ever dealt from here or from the table's "Next race" button, never by a computer racer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.flag_finish.view import MATCH_OVER, RACE_ON, RACE_OVER, FlagView
from scenes import widgets as ui
from scenes.flag_finish import tokens
from scenes.manager import Scene
from scenes.table.scores import draw_grid

if TYPE_CHECKING:
    from scenes.flag_finish.port import FlagTablePort

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
        draw_grid(surface, self.box, base, names, history, totals, self.table.perspective,
                  "Race", lambda seat, d: tokens.shape_icon(tokens.seat_shape(seat), d,
                                                            tokens.seat_colour(seat)))
