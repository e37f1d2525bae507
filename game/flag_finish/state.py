"""The whole state of a Flag Finish match: the current race and the match around it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from game.core import Event, Rng

from .data import FlagData

RACING, CLOSING, RACE_OVER, MATCH_OVER = "racing", "closing", "race over", "match over"
WARM_UP, CHALLENGE = "warm-up", "challenge"


@dataclass
class FlagState:
    """One match. Lists of cards run bottom/oldest first, top/newest last."""

    data: FlagData  # shared and immutable: never copied
    names: list[str]
    mode: str
    races: int  # races the match is set to (more are added on a tie)
    rng: Rng
    draw: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    owes: list[bool] = field(default_factory=list)  # drew this action, discard still owed
    taken: list[Optional[str]] = field(default_factory=list)  # just taken from the discard
    turn: int = 0  # warm-up: whose turn it is
    first_player: int = 0  # flipped the first green of this race
    race: int = 0  # 1 for the first race
    phase: str = RACING
    last_ms: int = 0  # time of the last applied action in this race
    window_end: Optional[int] = None  # challenge: finishes before this time tie the first
    finishers: list[int] = field(default_factory=list)  # in finishing order
    race_scores: Optional[list[int]] = None  # of the race just ended
    match_scores: list[int] = field(default_factory=list)
    history: list[list[int]] = field(default_factory=list)  # every ended race's scores
    action_counts: list[int] = field(default_factory=list)  # player actions per ended race
    race_actions: int = 0  # player actions in the current race
    race_turns: int = 0  # completed turns (discards and plays) in the current race
    winners: Optional[list[int]] = None  # set when the match is over
    opening: list[Event] = field(default_factory=list)  # events of new_game; never changed

    @property
    def seats(self) -> int:
        """How many racers there are."""
        return len(self.names)

    def clone(self) -> "FlagState":
        """An independent copy (cards data shared)."""
        return FlagState(
            data=self.data, names=list(self.names), mode=self.mode, races=self.races,
            rng=self.rng.copy(), draw=list(self.draw), discard=list(self.discard),
            hands=[list(h) for h in self.hands], rows=[list(r) for r in self.rows],
            owes=list(self.owes), taken=list(self.taken), turn=self.turn,
            first_player=self.first_player, race=self.race, phase=self.phase,
            last_ms=self.last_ms, window_end=self.window_end, finishers=list(self.finishers),
            race_scores=None if self.race_scores is None else list(self.race_scores),
            match_scores=list(self.match_scores), history=[list(h) for h in self.history],
            action_counts=list(self.action_counts), race_actions=self.race_actions,
            race_turns=self.race_turns, opening=self.opening,
            winners=None if self.winners is None else list(self.winners))

    def snapshot(self) -> dict[str, Any]:
        """Everything, hidden cards included, as plain data."""
        return {
            "names": list(self.names), "mode": self.mode, "races": self.races,
            "rng": self.rng.state, "draw": list(self.draw), "discard": list(self.discard),
            "hands": [list(h) for h in self.hands], "rows": [list(r) for r in self.rows],
            "owes": list(self.owes), "taken": list(self.taken), "turn": self.turn,
            "first_player": self.first_player, "race": self.race, "phase": self.phase,
            "last_ms": self.last_ms, "window_end": self.window_end,
            "finishers": list(self.finishers), "race_scores": self.race_scores,
            "match_scores": list(self.match_scores), "history": [list(h) for h in self.history],
            "action_counts": list(self.action_counts), "race_actions": self.race_actions,
            "race_turns": self.race_turns, "winners": self.winners}
