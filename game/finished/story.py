"""The events of Finished!: one method per thing that can happen on the table.

The rules call these methods; `Story` turns them into `Event`s, each with its code and plain
data and the sentence the game's narrator (narrator.py) makes of them, and `Silent` drops them
(the computer player's look-ahead needs no story). No words are written here.
"""
from __future__ import annotations

from typing import Any, Optional

from game.core import Event

from .narrator import NARRATOR


def cid(card: int) -> str:
    """Piece id of a card: c23."""
    return f"c{card}"


class Story:
    """Collects the events of one action, in order."""

    def __init__(self, events: Optional[list[Event]] = None) -> None:
        self.events: list[Event] = events if events is not None else []

    def _add(self, kind: str, name: str, data: Optional[dict[str, Any]] = None,
             **fields: Any) -> None:
        self.events.append(NARRATOR.event(kind, name, data, seat=0, **fields))

    def phase(self, name: str, data: Optional[dict[str, Any]] = None) -> None:
        """A step or turn begins (`name` is its code: turn_begins, present_leaves, ...)."""
        self._add("phase", name, data)

    def message(self, name: str, data: Optional[dict[str, Any]] = None) -> None:
        """Something worth a line in the log (`name` is its code)."""
        self._add("message", name, data)

    def drawn(self, card: int, source: str) -> None:
        """A card was drawn (from the stack: it reveals; from the Past: it does not)."""
        if source == "draw":
            self._add("move", "drew", {"card": card}, piece=cid(card), source="draw",
                      target="present", reveals=True)
        else:
            self._add("move", "drew_from_past", {"card": card}, piece=cid(card), source="past",
                      target="present")

    def moved(self, card: int, source: str, target: str, name: str, **data: Any) -> None:
        """A card moved from zone `source` to `target`; `name` is the code (to_past, ...)."""
        self._add("move", name, {"card": card, **data}, piece=cid(card), source=source,
                  target=target)

    def icon_sweet(self, card: int) -> None:
        """A drawn sweet-icon card paid a sweet."""
        self._add("token", "icon_sweet", {"card": card}, piece="sweet",
                  source="sweets_reserved", target="sweets_active", value=1)

    def returned(self, card: int, count: int) -> None:
        """Sweets left a card for the reserve."""
        self._add("token", "sweets_back", {"card": card, "count": count}, piece="sweet",
                  source=cid(card), target="sweets_reserved", value=count)

    def used(self, card: int) -> None:
        """A sweet was placed on a card to use its action."""
        self._add("token", "used", {"card": card}, piece="sweet", source="sweets_active",
                  target=cid(card), value=1)

    def scored(self, card: int) -> None:
        """A card went onto the Finished! pile."""
        self._add("move", "scored", {"card": card}, piece=cid(card), source="present",
                  target="finished")

    def sweets(self, count: int, source: str, target: str, name: str,
               data: dict[str, Any]) -> None:
        """Sweets moved between places (`name` is the code: run_reward, cancelled)."""
        self._add("token", name, data, piece="sweet", source=source, target=target, value=count)

    def coffee(self, left: int, new_round: int) -> None:
        """A coffee was drunk: a new round."""
        self._add("token", "coffee", {"left": left, "round": new_round}, piece="coffee",
                  source="coffee", target="box", value=1)

    def end(self, name: str, data: Optional[dict[str, Any]] = None) -> None:
        """The game is over (`name` is how: won, asleep, out_of_rounds)."""
        self._add("end", name, data)


class Silent(Story):
    """A story that keeps nothing (fast simulation); every method does nothing."""

    # pylint: disable=missing-function-docstring

    def _add(self, kind: str, name: str, data: Optional[dict[str, Any]] = None,
             **fields: Any) -> None:
        return None

    def drawn(self, card: int, source: str) -> None:
        return None

    def moved(self, card: int, source: str, target: str, name: str, **data: Any) -> None:
        return None

    def scored(self, card: int) -> None:
        return None

    def icon_sweet(self, card: int) -> None:
        return None

    def returned(self, card: int, count: int) -> None:
        return None

    def used(self, card: int) -> None:
        return None

    def message(self, name: str, data: Optional[dict[str, Any]] = None) -> None:
        return None

    def sweets(self, count: int, source: str, target: str, name: str,
               data: dict[str, Any]) -> None:
        return None

    def coffee(self, left: int, new_round: int) -> None:
        return None
