"""A pile of face-down cards lying as a loose heap: a zone kind for any card game's table.

A game declares it in `layout_zones`, e.g. ``Heap("draw", rect, "grid", card_size,
face_up=False, outline=False)``. Every card gets a steady place and tilt of its own (from
scenes/table/jitter.py, by its index in the heap), so the heap looks thrown rather than
stacked and does not shiver when cards come and go. The cards stay inside the zone as long
as it is at least `room_w` card widths wide and `room_h` card heights tall.
"""
from __future__ import annotations

from dataclasses import dataclass

from scenes.table.jitter import jitter
from scenes.table.zones import Zone


@dataclass
class Heap(Zone):
    """A loose heap of cards, each with its own steady offset and tilt."""

    room_w: float = 1.45  # card widths kept free across (the tilted cards' corners)
    room_h: float = 1.2  # card heights kept free down
    tilt: float = 20.0  # the largest tilt, in degrees
    salt: str = "heap"  # names the heap's offsets: two heaps with other salts lie apart

    def positions(self, count: int) -> list[tuple[float, float, float]]:
        cw, ch = self.card
        r = self.rect
        reach_x = max(0.0, (r.width - cw * self.room_w) / 2)
        reach_y = max(0.0, (r.height - ch * self.room_h) / 2)
        out = []
        for i in range(count):
            a, b, c = jitter(f"{self.salt}{i}")
            a2, b2, _ = jitter(f"{self.salt}{i}", 1)
            out.append((r.centerx + (a + a2) / 2 * reach_x, r.centery + (b + b2) / 2 * reach_y,
                        c * self.tilt))
        return out
