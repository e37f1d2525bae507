"""The events of Finished!: one method per thing that can happen on the table.

The rules call these methods; `Story` turns them into `Event`s with log sentences, and
`Silent` drops them (the computer player's look-ahead needs no story).
"""
from __future__ import annotations

from typing import Optional

from game.core import Event
from game.core.text import plural

from .data import label


def cid(card: int) -> str:
    """Piece id of a card: c23."""
    return f"c{card}"


class Story:
    """Collects the events of one action, in order."""

    def __init__(self, events: Optional[list[Event]] = None) -> None:
        self.events: list[Event] = events if events is not None else []

    def _add(self, *args: object, **kwargs: object) -> None:
        self.events.append(Event(*args, **kwargs))  # type: ignore[arg-type]

    def phase(self, text: str) -> None:
        """A step or turn begins."""
        self._add("phase", text, seat=0)

    def message(self, text: str) -> None:
        """Something worth a line in the log."""
        self._add("message", text, seat=0)

    def drawn(self, card: int, source: str) -> None:
        """A card was drawn (from the stack: it reveals; from the Past: it does not)."""
        if source == "draw":
            self._add("move", f"Drew {label(card)}.", cid(card), "draw", "present", seat=0,
                      reveals=True)
        else:
            self._add("move", f"The Draw Stack is empty: {label(card)} comes from the Past.",
                      cid(card), "past", "present", seat=0)

    def moved(self, card: int, source: str, target: str, text: str) -> None:
        """A card moved; `{card}` in the text stands for its label."""
        self._add("move", text.format(card=label(card)), cid(card), source, target, seat=0)

    def icon_sweet(self, card: int) -> None:
        """A drawn sweet-icon card paid a sweet."""
        self._add("token", f"{label(card)} shows a sweet: one sweet becomes active.", "sweet",
                  "sweets_reserved", "sweets_active", 1, seat=0)

    def returned(self, card: int, count: int) -> None:
        """Sweets left a card for the reserve."""
        self._add("token", f"{plural(count, 'sweet')} from {label(card)} back "
                  "to the reserve.", "sweet", cid(card), "sweets_reserved", count, seat=0)

    def used(self, card: int, name: str) -> None:
        """A sweet was placed on a card to use its action."""
        self._add("token", f"Used {label(card)}: {name}.", "sweet", "sweets_active", cid(card),
                  1, seat=0)

    def scored(self, card: int) -> None:
        """A card went onto the Finished! pile."""
        self._add("move", f"{label(card)} goes onto the Finished! pile.", cid(card), "present",
                  "finished", seat=0)

    def sweets(self, count: int, source: str, target: str, text: str) -> None:
        """Sweets moved between places."""
        self._add("token", text, "sweet", source, target, count, seat=0)

    def coffee(self, left: int, new_round: int) -> None:
        """A coffee was drunk: a new round."""
        self._add("token", f"00:48 goes by: a coffee is drunk ({left} left). "
                  f"Round {new_round} begins.", "coffee", "coffee", "box", 1, seat=0)

    def end(self, text: str) -> None:
        """The game is over."""
        self._add("end", text, seat=0)


class Silent(Story):
    """A story that keeps nothing (fast simulation); every method does nothing."""

    # pylint: disable=missing-function-docstring

    def _add(self, *args: object, **kwargs: object) -> None:
        return None

    def drawn(self, card: int, source: str) -> None:
        return None

    def moved(self, card: int, source: str, target: str, text: str) -> None:
        return None

    def scored(self, card: int) -> None:
        return None

    def icon_sweet(self, card: int) -> None:
        return None

    def returned(self, card: int, count: int) -> None:
        return None

    def used(self, card: int, name: str) -> None:
        return None

    def message(self, text: str) -> None:
        return None

    def sweets(self, count: int, source: str, target: str, text: str) -> None:
        return None

    def coffee(self, left: int, new_round: int) -> None:
        return None
