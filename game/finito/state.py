"""Finito!'s game state and the explicit deal.

Explicit deal (`Setup.deal`), plain data::

    {"counters": [[5, 1, 12, ...], [...]],   # per seat, the face-down order of 1..12
     "rolls": [15, 12, 3]}                    # optional: the first die rolls of the game

The first three counters of a seat's list are turned up at the start, then the next one after
each placement. `counters` may be left out (shuffled from the seed) and a bare list of lists
means just `counters`. The counters apply to round 1; later rounds are shuffled from the
seed. The rolls are used first, in order, across rounds, then the seeded die takes over.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, TypedDict

from game.core import Rng

from .data import COUNTERS


class DealError(ValueError):
    """An explicit deal that does not describe a Finito! game."""


PLACING, MOVING, ROUND_OVER, OVER = "placing", "moving", "round over", "over"



class HistoryEntry(TypedDict):
    """One finished round."""

    round: int
    rolls: int  # rolls it took
    finished: list[int]  # the seats that called Finito! (none when the roll limit ended it)
    points: list[int]  # per seat: the longest run, the round's points

@dataclass
class FinitoState:
    """Everything about a game in progress; `clone` copies it by hand."""

    names: list[str]
    humans: list[bool]
    layout: tuple[int, ...]
    faces: tuple[int, ...]
    max_rolls: int
    rounds: bool  # repeat rounds to a target score
    target: int
    rng: Rng
    scripted_rolls: list[int] = field(default_factory=list)  # from the deal, used first
    round: int = 1
    phase: str = PLACING
    boards: list[list[int]] = field(default_factory=list)  # per seat: 36 squares, 0 = free
    offers: list[list[int]] = field(default_factory=list)  # per seat: face-up counters
    pools: list[list[int]] = field(default_factory=list)  # per seat: face-down, next first
    roll: int = 0  # the number showing on the die
    rolls: int = 0  # rolls so far this round
    total_rolls: int = 0
    acted: list[bool] = field(default_factory=list)  # per seat: acted on the current roll
    totals: list[int] = field(default_factory=list)  # points over all finished rounds
    history: list[HistoryEntry] = field(default_factory=list)  # one entry per finished round
    winners: list[int] = field(default_factory=list)  # when the game is over

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.names)

    def clone(self) -> "FinitoState":
        """An independent copy (lists copied, immutable parts shared)."""
        return FinitoState(
            names=list(self.names), humans=list(self.humans), layout=self.layout,
            faces=self.faces, max_rolls=self.max_rolls, rounds=self.rounds, target=self.target,
            rng=self.rng.copy(), scripted_rolls=list(self.scripted_rolls), round=self.round,
            phase=self.phase, boards=[list(b) for b in self.boards],
            offers=[list(o) for o in self.offers], pools=[list(p) for p in self.pools],
            roll=self.roll, rolls=self.rolls, total_rolls=self.total_rolls,
            acted=list(self.acted), totals=list(self.totals),
            history=list(self.history),  # a finished round's entry never changes: shared
            winners=list(self.winners))

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-able data, hidden parts included."""
        return {
            "names": list(self.names), "humans": list(self.humans), "layout": list(self.layout),
            "faces": list(self.faces), "max_rolls": self.max_rolls, "rounds": self.rounds,
            "target": self.target, "rng": self.rng.state,
            "scripted_rolls": list(self.scripted_rolls), "round": self.round,
            "phase": self.phase, "boards": [list(b) for b in self.boards],
            "offers": [list(o) for o in self.offers], "pools": [list(p) for p in self.pools],
            "roll": self.roll, "rolls": self.rolls, "total_rolls": self.total_rolls,
            "acted": list(self.acted), "totals": list(self.totals),
            "history": [dict(h) for h in self.history], "winners": list(self.winners)}


def parse_deal(deal: Any, seats: int, faces: tuple[int, ...]) -> tuple[Optional[list[list[int]]], list[int]]:
    """Check an explicit deal: (per-seat counter orders or None, scripted rolls)."""
    if deal is None:
        return None, []
    if isinstance(deal, (list, tuple)):
        deal = {"counters": deal}
    if not isinstance(deal, dict):
        raise DealError("the deal must be a mapping with 'counters' and/or 'rolls'")
    unknown = sorted(set(deal) - {"counters", "rolls"})
    if unknown:
        raise DealError(f"the deal has unknown key(s) {', '.join(map(str, unknown))}"
                        " (known: counters, rolls)")
    counters = deal.get("counters")
    orders: Optional[list[list[int]]] = None
    if counters is not None:
        if not isinstance(counters, (list, tuple)) or len(counters) != seats:
            got = len(counters) if isinstance(counters, (list, tuple)) else "no list"
            raise DealError(f"deal counters: one list per seat is needed ({seats}), got {got}")
        orders = []
        for s, order in enumerate(counters):
            if (not isinstance(order, (list, tuple))
                    or any(isinstance(n, bool) or not isinstance(n, int) for n in order)):
                raise DealError(f"deal counters for seat {s}: must be a list of whole numbers")
            if sorted(order) != list(range(1, COUNTERS + 1)):
                raise DealError(f"deal counters for seat {s}: must hold each of 1 to {COUNTERS}"
                                f" exactly once, got {list(order)}")
            orders.append(list(order))
    rolls = deal.get("rolls") or []
    if not isinstance(rolls, (list, tuple)):
        raise DealError("deal rolls: must be a list of die numbers")
    for i, r in enumerate(rolls):
        if isinstance(r, bool) or not isinstance(r, int) or r not in faces:
            raise DealError(f"deal rolls[{i}]: {r!r} is not a face of the die"
                            f" ({faces[0]} to {faces[-1]})")
    return orders, list(rolls)
