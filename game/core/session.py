"""A game in play: its record (setup, options, seats, actions) and the states it passed.

The record is the whole truth: the save file, the undo and the replay are all this one list
of actions replayed from the setup.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .actions import Action, ActionSyntaxError, IllegalAction
from .engine import Event, Outcome, Seat, Setup
from .registry import game_info


class ReplayError(Exception):
    """A record that does not replay: `place` names the action, `reason` says why."""

    def __init__(self, place: str, reason: str) -> None:
        self.place, self.reason = place, reason
        super().__init__(f"{place}: {reason}")


@dataclass
class Step:
    """One applied action with what it revealed."""

    action: Action
    events: list[Event]
    reveals: bool


@dataclass
class Match:
    """A running game. `states[i]` is the state after `i` actions."""

    game_id: str
    setup: Setup
    options: dict[str, Any]
    seats: list[Seat]
    states: list[Any] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    save_id: str = ""
    created: float = field(default_factory=time.time)
    meta: dict[str, Any] = field(default_factory=dict)
    on_change: Optional[Callable[["Match"], None]] = None

    @classmethod
    def start(cls, game_id: str, setup: Setup, options: Optional[dict[str, Any]],
              seats: list[Seat], save_id: str = "") -> "Match":
        """A new game; options are checked against the game's data file."""
        info = game_info(game_id)
        if not info.min_seats <= len(seats) <= info.max_seats:
            raise ValueError(f"{info.title} takes {info.min_seats} to {info.max_seats} seats, "
                             f"not {len(seats)}")
        resolved = info.resolve_options(options)
        match = cls(game_id, setup, resolved, list(seats), save_id=save_id or new_save_id(game_id))
        match.states.append(match.engine.new_game(setup, resolved, list(seats)))
        return match

    @property
    def engine(self) -> Any:
        from .registry import engine
        return engine(self.game_id)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def actions(self) -> list[Action]:
        return [s.action for s in self.steps]

    @property
    def practice(self) -> bool:
        return bool(self.options.get("practice", False))

    def outcome(self) -> Optional[Outcome]:
        return self.engine.outcome(self.state)

    def act(self, action: Action) -> list[Event]:
        """Apply an action (IllegalAction if refused), remember it, tell the listener."""
        new_state, events = self.engine.apply(self.state, action)
        self.states.append(new_state)
        self.steps.append(Step(action, events, any(e.reveals for e in events)))
        if self.on_change:
            self.on_change(self)
        return events

    def replay(self, actions: list[str]) -> None:
        """Apply actions given in text form; ReplayError names the first that fails."""
        for number, text in enumerate(actions, start=len(self.steps) + 1):
            try:
                action = self.engine.parse_action(text)
            except ActionSyntaxError as exc:
                raise ReplayError(f"action {number}", str(exc)) from None
            try:
                new_state, events = self.engine.apply(self.state, action)
            except IllegalAction as exc:
                raise ReplayError(f"action {number} ({text})", exc.reason) from None
            except Exception as exc:  # an engine bug must not crash a load either
                raise ReplayError(f"action {number} ({text})",
                                  f"the rules engine failed: {type(exc).__name__}: {exc}") from None
            self.states.append(new_state)
            self.steps.append(Step(action, events, any(e.reveals for e in events)))

    def undo_limit(self) -> int:
        """How many actions may be taken back now (honest undo, or all in practice)."""
        if self.practice:
            return len(self.steps)
        count = 0
        for step in reversed(self.steps):
            if step.reveals:
                break
            count += 1
        return count

    def undo(self, seat: Optional[int] = None) -> bool:
        """Take back the last action if honesty allows it (and, if given, it was `seat`'s)."""
        if self.undo_limit() == 0:
            return False
        if seat is not None and self.steps[-1].action.seat != seat:
            return False
        self.states.pop()
        self.steps.pop()
        if self.on_change:
            self.on_change(self)
        return True

    def digest(self) -> str:
        return self.engine.digest(self.state)


def new_save_id(game_id: str) -> str:
    """A file-name-safe id that sorts by time."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
    return f"{game_id}-{stamp}-{int(time.time() * 1000) % 1000:03d}"
