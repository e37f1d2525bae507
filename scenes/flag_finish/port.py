"""What the Flag Finish table's helpers (board, input, paint, racing, discards) may ask of it.

They are handed the table and call it back, but never import table.py: this Protocol names
what they use, so the folder's modules form no import circle (tests/core/test_structure.py).
Only the registry (scenes/table/registry.py) imports table.py, by name.
"""
from __future__ import annotations

from typing import Any, Optional, Protocol

import pygame

from game.flag_finish.view import FlagView
from scenes.table.port import TablePort


class FlagTablePort(TablePort, Protocol):
    """The Flag Finish table as its helpers see it (Table in table.py is the one kind)."""

    view: FlagView
    log: Any
    clock: Any  # scenes.table.clock.RaceClock
    challenge: bool
    ai_rng: Any

    def bottom(self) -> int: ...

    def refresh(self, events: list, animate: bool = True) -> None: ...

    def racing(self) -> bool: ...

    def race_running(self) -> bool: ...

    def humans(self) -> list[int]: ...

    def racer(self, seat: int) -> Any: ...

    def frozen_reason(self) -> str: ...

    def act_for_table(self, action: Any) -> bool: ...

    def can_arrange(self) -> bool: ...

    def arrange_discard(self, card: str, centre: Optional[tuple[float, float]]) -> None: ...

    def next_race(self) -> None: ...

    def draw_under(self, surface: pygame.Surface) -> None: ...
