"""Computer racers for Flag Finish. They decide from their own view only.

Because every draw comes with a discard, a racer's hand always holds exactly as many cards
as its sequence still needs (12 minus the cards played). Racing well is therefore collecting
one card of every number still to play plus one flag: keep one copy of each, throw away
duplicates and passed numbers, pick needed cards off the discard pile before drawing blind.
A racer that plays its flag has then always emptied its hand.

`delay_ms` is how long a racer takes per action in challenge mode (the scheduler's business;
the decision itself is the same for steady, quick and lightning racers).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence, Union

from game.core import Action, Rng
from game.core.players import RandomPlayer

from .actions import Discard, Play, TakeDiscard
from .data import flag_data, colour_of, number_of

Key = Union[int, str]  # a card's place in a sequence: its number, or "flag"


def card_of(action: Action) -> str:
    """The card a discard, a take or a play names."""
    if not isinstance(action, (Discard, Play, TakeDiscard)):
        raise TypeError(f"{action!r} names no card")
    return action.card


def key_of(card: str) -> Key:
    """A card's place in a sequence."""
    number = number_of(card)
    return "flag" if number is None else number


def wanted(need: Any) -> set[Key]:
    """Every sequence place a racer needing `need` has still to fill."""
    if need == "done":
        return set()
    if need == "flag":
        return {"flag"}
    return set(range(int(need), flag_data().high + 1)) | {"flag"}


def _order(key: Key) -> int:
    return flag_data().high + 1 if key == "flag" else int(key)


class RandomRacer(RandomPlayer):
    """Any legal action, uniformly: the baseline."""

    delay_ms = 1500


class GoodRacer:
    """Collects what its sequence needs, watches the discard pile, plays at once."""

    def __init__(self, delay_ms: int = 1800) -> None:
        self.delay_ms = delay_ms

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        """Pick an action: discard junk, take a needed discard, play, else draw blind."""
        by_kind: dict[str, list[Action]] = {}
        for action in legal_actions:
            by_kind.setdefault(action.kind, []).append(action)
        if "next_race" in by_kind:
            return by_kind["next_race"][0]
        seat = view["seat"]
        hand: list[str] = view["zones"][f"hand{seat}"]
        needs = wanted(view["next_needed"][seat])
        if "discard" in by_kind:
            keep = self._keepers(hand, needs)
            others = [n for s, n in enumerate(view["next_needed"]) if s != seat]
            return min(by_kind["discard"],
                       key=lambda a: self._worth(card_of(a), keep, others))
        plays = by_kind.get("play", [])
        if view["phase"] == "closing":  # only a finish within the window still counts
            if plays:
                return self._best(plays)
            return (by_kind.get("close") or list(legal_actions))[0]
        held = {key_of(c) for c in hand}
        takes = [a for a in by_kind.get("take_discard", [])
                 if key_of(card_of(a)) in needs - held]
        if takes:
            return self._best(takes)
        if plays:
            return self._best(plays)
        if "draw_pile" in by_kind:
            return by_kind["draw_pile"][0]
        return rng.choice(list(legal_actions))

    @staticmethod
    def _best(actions: list[Action]) -> Action:
        """The soonest-needed card, a green copy first (greens break same-time finishes)."""
        start = flag_data().start_colour

        def rank(action: Action) -> tuple[int, bool, str]:
            card = card_of(action)
            return (_order(key_of(card)), colour_of(card) != start, card)
        return min(actions, key=rank)

    @staticmethod
    def _keepers(hand: list[str], needs: set[Key]) -> set[str]:
        """One card for every needed place held, a green copy preferred."""
        start = flag_data().start_colour
        best: dict[Key, str] = {}
        for card in sorted(hand, key=lambda c: (colour_of(c) != start, c)):
            key = key_of(card)
            if key in needs and key not in best:
                best[key] = card
        return set(best.values())

    @staticmethod
    def _worth(card: str, keep: set[str], others: list[Any]) -> tuple[int, int, str]:
        """How much a card is worth keeping; junk the others need is kept off the pile."""
        if card in keep:
            return (1, 0, card)
        key = key_of(card)
        help_others = sum(10 if need == key else 3 if key in wanted(need) else 0
                          for need in others)
        return (0, help_others, card)


def _good(delay_ms: int) -> Callable[[], GoodRacer]:
    def make() -> GoodRacer:
        return GoodRacer(delay_ms)
    return make


PLAYERS: dict[str, Callable[[], Any]] = {
    "random": RandomRacer,
    "steady": _good(1800),
    "quick": _good(1100),
    "lightning": _good(600),
}
