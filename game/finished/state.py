"""The Finished! game state: where every card and token is, and what the player is doing.

Zones, in the table's words: the face-down Draw Stack (`draw`, top first), the `present`
row, the `past` line (oldest first), the cards set aside by "1 Card into the Future"
(`aside`, they join the next Present that forms), the Future Areas made by "All Cards into
the Future" (`futures`, oldest first) and the `finished` pile (00:01 first).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from game.core import Rng

_NEW = object.__new__

# phases
ACT = "act"  # steps 4 and 5: use actions, sort the Present, end the turn
CHOOSE = "choose"  # an action waits for the player's picks
OVER = "over"

# results
WON = "won"
ASLEEP = "asleep"  # 00:48 needed a coffee and none was left
OUT_OF_ROUNDS = "rounds"  # a round would end beyond the level's last one


@dataclass(slots=True)
class Pending:
    """An activated action that still needs the player's choice."""

    card: int  # the card whose action runs
    action: str  # behaviour id: into_past, below_stack, one_future, exchange
    picked: list[int] = field(default_factory=list)
    revealed: bool = False  # something was drawn: cancelling is no longer possible

    def clone(self) -> "Pending":
        """An independent deep copy."""
        new = _NEW(Pending)
        new.card, new.action, new.picked, new.revealed = (
            self.card, self.action, self.picked[:], self.revealed)
        return new


@dataclass(slots=True)
class State:
    """Everything about one game of Finished!; `clone` copies it deeply by hand."""

    level: str
    practice: bool
    max_rounds: int
    rng: Rng
    draw: list[int]
    present: list[int] = field(default_factory=list)
    past: list[int] = field(default_factory=list)
    aside: list[int] = field(default_factory=list)
    futures: list[list[int]] = field(default_factory=list)
    finished: list[int] = field(default_factory=list)
    sweets_active: int = 0
    sweets_reserved: int = 0
    sweets_on: dict[int, int] = field(default_factory=dict)
    coffee: int = 0
    round: int = 1
    turn: int = 1
    phase: str = ACT
    pending: Optional[Pending] = None
    result: str = ""
    top_known: int = 0  # cards put face down on top by Exchange Cards, still on top
    fresh: int = 0  # cards of the starting deal never drawn yet (under the top_known ones)
    went_below: int = 0  # cards moved under the Draw Stack during this game (a statistic)

    def clone(self) -> "State":
        """An independent deep copy (made field by field: the computer player's search makes
        hundreds of thousands, so it skips the constructor)."""
        new = _NEW(State)
        new.level, new.practice, new.max_rounds = self.level, self.practice, self.max_rounds
        new.rng = self.rng.copy()
        new.draw, new.present, new.past = self.draw[:], self.present[:], self.past[:]
        new.aside, new.finished = self.aside[:], self.finished[:]
        new.futures = [area[:] for area in self.futures] if self.futures else []
        new.sweets_active, new.sweets_reserved = self.sweets_active, self.sweets_reserved
        new.sweets_on = self.sweets_on.copy()
        new.coffee, new.round, new.turn, new.phase = self.coffee, self.round, self.turn, self.phase
        new.pending = self.pending.clone() if self.pending is not None else None
        new.result, new.top_known, new.fresh = self.result, self.top_known, self.fresh
        new.went_below = self.went_below
        return new

    @property
    def needed(self) -> int:
        """The number the Finished! pile waits for."""
        return len(self.finished) + 1

    @property
    def below_count(self) -> int:
        """How many cards at the bottom of the Draw Stack went there during the game."""
        return len(self.draw) - self.top_known - self.fresh

    def sweets_on_cards(self) -> int:
        """Sweets lying on cards."""
        return sum(self.sweets_on.values())

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (hidden parts included)."""
        return {
            "level": self.level, "practice": self.practice, "max_rounds": self.max_rounds,
            "rng": self.rng.state, "draw": list(self.draw), "present": list(self.present),
            "past": list(self.past), "aside": list(self.aside),
            "futures": [list(a) for a in self.futures], "finished": list(self.finished),
            "sweets_active": self.sweets_active, "sweets_reserved": self.sweets_reserved,
            "sweets_on": {str(k): v for k, v in sorted(self.sweets_on.items())},
            "coffee": self.coffee, "round": self.round, "turn": self.turn, "phase": self.phase,
            "pending": None if self.pending is None else {
                "card": self.pending.card, "action": self.pending.action,
                "picked": list(self.pending.picked), "revealed": self.pending.revealed},
            "result": self.result, "top_known": self.top_known, "fresh": self.fresh,
            "went_below": self.went_below,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> "State":
        """Rebuild a state from `snapshot()` data (tests use it for mid-game positions).

        Missing keys take starting values; nothing is validated beyond the types.
        """
        pending = data.get("pending")
        return cls(
            level=str(data.get("level", "very-easy")), practice=bool(data.get("practice", False)),
            max_rounds=int(data.get("max_rounds", 8)), rng=Rng(int(data.get("rng", 0))),
            draw=[int(c) for c in data.get("draw", [])],
            present=[int(c) for c in data.get("present", [])],
            past=[int(c) for c in data.get("past", [])],
            aside=[int(c) for c in data.get("aside", [])],
            futures=[[int(c) for c in a] for a in data.get("futures", [])],
            finished=[int(c) for c in data.get("finished", [])],
            sweets_active=int(data.get("sweets_active", 0)),
            sweets_reserved=int(data.get("sweets_reserved", 0)),
            sweets_on={int(k): int(v) for k, v in dict(data.get("sweets_on", {})).items() if v},
            coffee=int(data.get("coffee", 0)), round=int(data.get("round", 1)),
            turn=int(data.get("turn", 1)), phase=str(data.get("phase", ACT)),
            pending=None if not pending else Pending(
                int(pending["card"]), str(pending["action"]),
                [int(c) for c in pending.get("picked", [])], bool(pending.get("revealed", False))),
            result=str(data.get("result", "")), top_known=int(data.get("top_known", 0)),
            fresh=int(data.get("fresh", 0)), went_below=int(data.get("went_below", 0)))
