"""A row with a fixed place for every card of a sequence: a zone kind for any card game.

Where cards are laid in a known order (0, 1, 2 ... up to a last card), each card has its own
place in the row from the start, so the row never shifts as it grows and the free place to
its right shows what comes next. A game declares it in `layout_zones`, e.g.
``SlotRow("row0", rect, "row", card_size, owner=0, places=12)``; the places overlap evenly
from the left edge to the right edge of the zone, so make the zone as wide as the overlap
you want (card width + (places - 1) x step). `positions(count + 1)[-1]` is the next place.
"""
from __future__ import annotations

from dataclasses import dataclass

from scenes.table.zones import Zone


@dataclass
class SlotRow(Zone):
    """A row of `places` overlapping places spread evenly across the zone."""

    places: int = 12

    def positions(self, count: int) -> list[tuple[float, float, float]]:
        cw, _ = self.card
        step = (self.rect.width - cw) / max(1, self.places - 1)
        return [(self.rect.x + cw / 2 + i * step, self.rect.centery, 0.0) for i in range(count)]
