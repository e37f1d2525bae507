"""Real-time keys in the New game dialog, for games that give each person one (Finita): a key
cap beside each person's name; a click on it (or Tab to it and Enter) waits for a letter. A
table shortcut or a letter someone else has is refused with the reason. A mixin of
NewGameDialog (it uses the dialog's names, kinds, count, focus, error, base, box).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Collection, Optional

import pygame

from game.core.registry import GameInfo
from scenes import widgets as ui
from scenes.manager import Scene

DEFAULT_NAMES = ["Anna", "Ben", "Clara", "David", "Eva", "Felix"]


def key_problem(letter: object, reserved: str, taken: Collection[str]) -> str:
    """What keeps `letter` from being a person's key: "" if nothing, else "letter" (not one
    letter a-z), "shortcut" (one of the table's own keys) or "taken" (in `taken`). The New
    game dialog words it for the person; a table reading a save falls back to the default."""
    if not (isinstance(letter, str) and len(letter) == 1 and "a" <= letter <= "z"):
        return "letter"
    if letter in reserved:
        return "shortcut"
    return "taken" if letter in taken else ""


class SeatKeys(Scene):
    """The key caps of the New game dialog: a mixin of NewGameDialog."""

    # what the dialog's __init__ and layout set (annotations only: newgame.py gives the values)
    info: GameInfo
    names: list[ui.TextField]
    kinds: list[str]
    count: int
    keys: list[str]
    capture: Optional[int]  # the seat whose key the next letter sets
    focus: Optional[tuple[str, Any]]
    error: str
    base: int
    box: pygame.Rect

    if TYPE_CHECKING:  # the dialog's own (for the type checker only: nothing shadows it)
        def set_focus(self, stop: Optional[tuple[str, Any]], select_all: bool = True) -> None: ...

    def key_rect(self, seat: int) -> Optional[pygame.Rect]:
        """The key cap of a person's real-time key, between the name and who sits there."""
        if not self.info.keys or self.kinds[seat] != "human":
            return None
        name = self.names[seat].rect
        size = name.height
        return pygame.Rect(name.right + self.base // 3, name.y, size, size)

    def reserved_keys(self) -> str:
        """Letters the game's table uses for itself (its own shortcuts)."""
        from scenes.table.registry import table_class
        return str(table_class(self.info.id).reserved_keys)

    def set_key(self, seat: int, letter: str) -> bool:
        """Give a seat a new key; False (with the reason shown) if it cannot have it."""
        name = self.names[seat].value.strip() or DEFAULT_NAMES[seat % 6]
        taken = {k for i, k in enumerate(self.keys) if i != seat and i < self.count
                 and self.kinds[i] == "human"}
        problem = key_problem(letter, self.reserved_keys(), taken)
        if problem == "letter":
            self.error = f"{name}'s key must be a letter from A to Z."
        elif problem == "shortcut":
            self.error = f"{letter.upper()} is a table shortcut: choose another key for {name}."
        elif problem == "taken":
            self.error = f"{letter.upper()} is already someone else's key."
        else:
            self.keys[seat] = letter
            self.error = ""
            return True
        self.app.play("refuse")
        return False

    def key_clash(self, seats: list) -> str:
        """'' when every person at the screen has a key of their own; else what to mend. A
        seat turned back into a person keeps the letter it had, which someone may have taken
        meanwhile (the table would then give everyone the default keys, unasked)."""
        owner: dict[str, str] = {}
        for i, seat in enumerate(seats):
            if not seat.is_human or i >= len(self.keys):  # a game without such keys
                continue
            letter = self.keys[i]
            if letter in owner:
                return (f"{owner[letter]} and {seat.name} both have the key {letter.upper()}: "
                        f"click a key cap to give one of them another.")
            owner[letter] = seat.name
        return ""

    def key_event(self, event: pygame.event.Event) -> bool:
        """A letter while a cap waits, a click on a cap, Enter or Space on a focused cap."""
        if self.capture is not None and event.type == pygame.KEYDOWN:
            seat, self.capture = self.capture, None
            if event.key != pygame.K_ESCAPE:
                self.set_key(seat, pygame.key.name(event.key))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for seat in range(self.count):
                cap = self.key_rect(seat)
                if cap is not None and cap.collidepoint(event.pos):
                    self.capture = seat
                    self.set_focus(("key", seat))
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE) \
                and self.focus and self.focus[0] == "key":
            self.capture = self.focus[1]
            return True
        return False

    def draw_key_cap(self, surface: pygame.Surface, seat: int) -> None:
        cap = self.key_rect(seat)
        if cap is None:
            return
        waiting = self.capture == seat
        pygame.draw.rect(surface, (250, 236, 190) if waiting else (226, 222, 210), cap,
                         border_radius=5)
        pygame.draw.rect(surface, ui.GOLD if waiting else (60, 56, 50), cap, 2, border_radius=5)
        ui.text(surface, "?" if waiting else self.keys[seat].upper(), int(cap.height * 0.6),
                cap.center, colour=(30, 30, 30), bold=True, anchor="center")
        if self.focus == ("key", seat):
            ui.focus_ring(surface, cap, 6)

    def draw_capture_note(self, surface: pygame.Surface) -> None:
        base = self.base
        seat = self.capture
        assert seat is not None, "drawn while a key cap waits for a letter"
        name = self.names[seat].value.strip() or DEFAULT_NAMES[seat % 6]
        ui.text(surface, f"Press a letter: {name}'s own key at the table (Esc keeps the old "
                "one).", int(base * 0.85), (self.box.x + base * 2, self.box.bottom - base * 5.8),
                colour=ui.GOLD, max_width=self.box.width - base * 4)
