"""Patrick's reveal on the Finita table: the cards every seat picked face down, shown together
in the middle of the felt for a moment, with who draws three. The engine has already laid
them open (its `finita.shown` events: each seat's card, and whether it draws); this only lets
people see them before they go back into the hands. A click, or the time running out, clears
it.
"""
from __future__ import annotations

from typing import Optional

import pygame

from game.core import Event
from scenes import widgets as ui
from scenes.finita import art

SHOW_SECONDS = 3.0


class Reveal:
    """The cards of one Patrick comparison, shown for a few seconds."""

    def __init__(self) -> None:
        self.shown: list[tuple[int, str]] = []  # (seat, card)
        self.losers: set[int] = set()
        self.left = 0.0

    def active(self) -> bool:
        return self.left > 0 and bool(self.shown)

    def take(self, events: list[Event], speed: float) -> None:
        """Start a reveal if these events show a comparison."""
        shown = [e.data for e in events if e.code == "finita.shown"]
        if not shown:
            return
        self.shown = [(int(d["seat"]), str(d["card"])) for d in shown]
        self.losers = {int(d["seat"]) for d in shown if d["draws"]}
        self.left = SHOW_SECONDS * max(0.3, speed) if speed > 0 else SHOW_SECONDS * 0.3

    def tick(self, dt: float) -> bool:
        """Count down; True when the reveal just ended."""
        if self.left <= 0:
            return False
        self.left -= dt
        return self.left <= 0

    def clear(self) -> None:
        self.left = 0.0

    def draw(self, surface: pygame.Surface, names: list[str], centre: tuple[int, int],
             colour_blind: bool) -> Optional[pygame.Rect]:
        if not self.active():
            return None
        base = ui.ui_size(surface.get_size())
        cw = int(base * 4.2)
        ch = int(cw / 0.68)
        step = cw + base
        width = step * len(self.shown) + base
        box = pygame.Rect(0, 0, max(width, base * 14), ch + base * 5)
        box.center = centre
        ui.panel(surface, box, 240)
        ui.text(surface, "Patrick: the cards are shown", int(base * 1.0),
                (box.centerx, box.y + base // 2), colour=ui.GOLD, bold=True, anchor="midtop")
        x = box.centerx - (step * len(self.shown) - base) // 2
        for seat, piece in self.shown:
            face = art.card_face(piece, cw, ch, colour_blind)
            surface.blit(face, (x, box.y + base * 2))
            lost = seat in self.losers
            ui.text(surface, names[seat], max(11, int(base * 0.8)),
                    (x + cw // 2, box.y + base * 2 + ch + 4), colour=ui.INK, bold=True,
                    anchor="midtop", max_width=step - 4)
            if lost:
                ui.text(surface, "draws 3", max(11, int(base * 0.75)),
                        (x + cw // 2, box.y + base * 3 + ch + 4), colour=(255, 130, 110),
                        anchor="midtop", max_width=step - 4)
            x += step
        return box


__all__ = ["Reveal"]
