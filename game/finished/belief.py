"""What the computer player knows about the face-down Draw Stack, from views alone.

The view never shows the stack's order, but a player at the table remembers it: every card
that goes under the stack went there face up (step 7, Below the Stack) and Exchange Cards puts
a card it chose on top. `Belief` keeps that memory as a list, top first, with None for a card
not seen yet; it is updated from the previous view, the action taken and the new view. When
the story does not add up (a fresh player in the middle of a game, or someone else acted) it
falls back to knowing nothing about the order.
"""
from __future__ import annotations

from typing import Any, Optional

from game.core import Action, Rng

from .actions import Confirm, Done
from .data import CARD_COUNT, LAST
from .state import Pending, State

ALL = frozenset(range(1, CARD_COUNT + 1))


def card_no(piece: str) -> int:
    """c23 -> 23."""
    return int(piece[1:])


def cards_in(view: dict[str, Any], zone: str) -> list[int]:
    """The card numbers of a zone of the view."""
    return [card_no(p) for p in view["zones"].get(zone, [])]


def future_areas(view: dict[str, Any]) -> list[list[int]]:
    """The Future Areas of the view, oldest first."""
    areas = []
    i = 0
    while f"future{i}" in view["zones"]:
        areas.append(cards_in(view, f"future{i}"))
        i += 1
    return areas


def in_draw(view: dict[str, Any]) -> set[int]:
    """The cards in the Draw Stack: every card the view does not show elsewhere."""
    seen = set(cards_in(view, "present")) | set(cards_in(view, "past"))
    seen |= set(cards_in(view, "future")) | set(cards_in(view, "finished"))
    for area in future_areas(view):
        seen |= set(area)
    return set(ALL - seen)


class Belief:
    """The remembered Draw Stack: `deck` top first (None = unseen), `unknown` their cards."""

    def __init__(self, deck: list[Optional[int]], unknown: set[int]) -> None:
        self.deck = deck
        self.unknown = unknown

    @classmethod
    def fresh(cls, view: dict[str, Any]) -> "Belief":
        """What a player knows from one view: at the start, only that 00:48 is at the bottom."""
        stack = in_draw(view)
        start = (view.get("turn") == 1 and view.get("went_below") == 0
                 and view.get("top_known") == 0 and view.get("round") == 1)
        if start and LAST in stack:
            return cls([None] * (len(stack) - 1) + [LAST], stack - {LAST})
        return cls([None] * len(stack), stack)

    def follow(self, before: dict[str, Any], action: Action, after: dict[str, Any]) -> "Belief":
        """The belief after `action` took the table from view `before` to view `after`."""
        deck = list(self.deck)
        pending = before.get("pending")
        if isinstance(action, Done):
            row = cards_in(before, "past") + cards_in(before, "present")
            deck += row[:-3] if len(row) > 3 else []
        elif isinstance(action, Confirm) and pending and pending["action"] == "below_stack":
            picked = [card_no(p) for p in pending["picked"]]
            present = cards_in(before, "present")
            past = cards_in(before, "past")
            deck += picked + [c for c in present if c not in picked]
            deck += past[:-3] if len(past) > 3 else []
        elif isinstance(action, Confirm) and pending and pending["action"] == "exchange":
            deck.insert(0, card_no(pending["picked"][0]))
        stack = in_draw(after)
        drawn = len(deck) - len(stack)
        if drawn < 0:
            return Belief.fresh(after)
        deck = deck[drawn:]
        known = [c for c in deck if c is not None]
        unknown = stack - set(known)
        if (not set(known) <= stack or len(set(known)) != len(known)
                or len(unknown) != len(deck) - len(known)):
            return Belief.fresh(after)
        return Belief(deck, unknown)

    def known_prefix(self) -> int:
        """How many cards from the top are known."""
        for i, card in enumerate(self.deck):
            if card is None:
                return i
        return len(self.deck)

    def sample(self, rng: Rng) -> list[int]:
        """One guess at the whole stack: the unseen cards in a random order."""
        fill = sorted(self.unknown)
        rng.shuffle(fill)
        it = iter(fill)
        return [c if c is not None else next(it) for c in self.deck]


def state_from_view(view: dict[str, Any], draw: list[int]) -> State:
    """A full state matching the view, with `draw` as the guessed Draw Stack."""
    p = view.get("pending")
    pending = None
    if p:
        pending = Pending(card_no(p["card"]), p["action"], [card_no(c) for c in p["picked"]],
                          not p["can_cancel"])
    return State(
        level=view["level"], practice=bool(view.get("practice")),
        max_rounds=view["max_rounds"], rng=Rng(0), draw=list(draw),
        present=cards_in(view, "present"), past=cards_in(view, "past"),
        aside=cards_in(view, "future"), futures=future_areas(view),
        finished=cards_in(view, "finished"), sweets_active=view["sweets_active"],
        sweets_reserved=view["sweets_reserved"],
        sweets_on={card_no(k): v for k, v in view["sweets_on"].items()},
        coffee=view["coffee"], round=view["round"], turn=view["turn"], phase=view["phase"],
        pending=pending)
