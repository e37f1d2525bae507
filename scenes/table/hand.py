"""A hand of cards held as a fan: a zone kind for any card game's table.

A game declares one per hand in its `layout_zones`, for example
``HandFan("hand0", rect, "fan", card_size, owner=0)`` for the person at the bottom edge and
``HandFan("hand1", rect, "fan", card_size, face_up=False, owner=1, upside_down=True)`` for a
player across the table. The cards keep the order of the zone's content (left to right), the
middle card sits `reach` card heights from the edge the hand is held at, and the ends dip
towards it and turn outwards. Give the zone about 1.3 card heights of room: a hand of up to
seven lies inside it, and the tilted corners of a fuller hand reach a little past its sides.
"""
from __future__ import annotations

from dataclasses import dataclass

from scenes.table.zones import Zone


@dataclass
class HandFan(Zone):
    """A fanned hand; `upside_down` for a hand held at the top edge (across the table)."""

    upside_down: bool = False
    reach: float = 0.56  # the middle card's centre, in card heights from the held edge

    def positions(self, count: int) -> list[tuple[float, float, float]]:
        spots = super().positions(count)
        ch = self.card[1]
        cy = self.rect.centery
        if self.upside_down:  # the middle card hangs from the top edge, the ends rise
            top = self.rect.bottom - ch * self.reach
            return [(x, top - (y - cy), -a) for x, y, a in spots]
        top = self.rect.top + ch * self.reach
        return [(x, top + (y - cy), a) for x, y, a in spots]
