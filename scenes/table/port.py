"""What the shared table's helpers (input, overlays, buttons) may ask of a table scene.

They are given the TableScene and call it back, but never import scene.py: this Protocol names
what they use, so the table's modules form no import circle (tests/core/test_structure.py).
"""
from __future__ import annotations

from typing import Any, Optional, Protocol

import pygame

from scenes.widgets import ButtonRow


class TablePort(Protocol):
    """The table scene as its helpers see it (TableScene in scene.py is the one kind)."""

    app: Any
    match: Any
    engine: Any
    info: Any
    zones: dict[str, Any]
    contents: dict[str, list]
    sprites: dict[str, Any]
    group: Any
    tools: ButtonRow
    buttons: ButtonRow
    input: Any
    hint: Any
    size: tuple[int, int]
    perspective: Optional[int]
    curtain_up: bool

    @property
    def state(self) -> Any: ...

    @property
    def seats(self) -> list: ...

    def legal(self) -> list: ...

    def button_actions(self) -> list: ...

    def act(self, action: Any) -> bool: ...

    def play_hint(self) -> bool: ...

    def refuse(self, reason: str) -> None: ...

    def message_area(self, size: tuple[int, int]) -> pygame.Rect: ...

    def keep_clear(self) -> list[pygame.Rect]: ...

    def describe_piece(self, piece: str) -> str: ...

    def tip_anchor(self, sprite: Any) -> Optional[pygame.Rect]: ...

    def click_means_action(self, sprite: Any, pos: tuple[int, int]) -> bool: ...

    def animating(self) -> bool: ...

    def skip_animations(self) -> None: ...

    def restack(self) -> None: ...

    def speed(self) -> float: ...

    def referee(self) -> Any: ...

    def open_menu(self, back: Any = None) -> None: ...

    def curtain_lifted(self) -> None: ...

    def screen_passed(self) -> None: ...

    def undo(self) -> None: ...

    def result_buttons(self, overlay: Any) -> list: ...
