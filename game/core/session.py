"""A game in play: its record (setup, options, seats, actions) and the states it passed.

The record is the whole truth: the save file, the undo and the replay are all this one list
of actions replayed from the setup.
"""
from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

from .actions import Action, ActionSyntaxError, IllegalAction
from .engine import Engine, Event, Outcome, Seat, Setup
from .registry import game_info

if TYPE_CHECKING:
    from .savefile import SaveHandle


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


class StateHistory:
    """The states a match passed through, `history[i]` after `i` actions, kept sparsely.

    The first state, every `every`-th and the newest `recent` are kept; any other is rebuilt
    when asked for by replaying the steps from the nearest kept state before it (the rules are
    deterministic: the luck is in the state's RNG). A long game then holds a few hundred
    states instead of one per action, and loading it stays linear.
    """

    def __init__(self, match: "Match", every: int = 128, recent: int = 256) -> None:
        self._match = match
        self.every, self.recent = every, recent
        self._kept: dict[int, Any] = {}
        self._rebuilt: dict[int, Any] = {}  # the same object for the same index while it lasts
        self._len = 0

    def __len__(self) -> int:
        return self._len

    def append(self, state: Any) -> None:
        index = self._len
        self._kept[index] = state
        self._len += 1
        old = index - self.recent
        if old > 0 and old % self.every:
            self._kept.pop(old, None)

    def pop(self) -> Any:
        if not self._len:
            raise IndexError("pop from an empty history")
        state = self[self._len - 1]
        self._kept.pop(self._len - 1, None)
        self._rebuilt.pop(self._len - 1, None)
        self._len -= 1
        if self._len and self._len - 1 not in self._kept:
            self._kept[self._len - 1] = self[self._len - 1]  # the newest is always at hand
        return state

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("state index out of range")
        state = self._kept.get(index)
        if state is None:
            state = self._rebuilt.get(index)
        if state is None:
            start = max(i for i in self._kept if i < index)
            state = self._kept[start]
            engine, steps = self._match.engine, self._match.steps
            for k in range(start, index):
                state, _ = engine.apply(state, steps[k].action)
            if len(self._rebuilt) >= self.recent:
                self._rebuilt.clear()
            self._rebuilt[index] = state
        return state

    def __iter__(self) -> "Iterator[Any]":
        engine, steps = self._match.engine, self._match.steps
        state = None
        for index in range(self._len):
            kept = self._kept.get(index)
            state = kept if kept is not None else (
                self[index] if state is None else engine.apply(state, steps[index - 1].action)[0])
            yield state


@dataclass
class Match:
    """A running game. `states[i]` is the state after `i` actions (see StateHistory)."""

    game_id: str
    setup: Setup
    options: dict[str, Any]
    seats: list[Seat]
    states: Any = None  # a StateHistory, made for the match
    steps: list[Step] = field(default_factory=list)
    save_id: str = ""
    created: float = field(default_factory=time.time)
    #: When the last move was made or taken back (saved as `updated`; Continue lists by it).
    updated: float = field(default_factory=time.time)
    meta: dict[str, Any] = field(default_factory=dict)
    on_change: Optional[Callable[["Match"], None]] = None
    #: The file the match lives in, once loaded from it or first written (saves.py).
    save: Optional["SaveHandle"] = None

    def __post_init__(self) -> None:
        if not isinstance(self.states, StateHistory):
            given, self.states = list(self.states or []), StateHistory(self)
            for state in given:
                self.states.append(state)

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
    def engine(self) -> "Engine[Any]":
        found: Optional[Engine[Any]] = self.__dict__.get("_engine")
        if found is None:  # looked up once: a replay asks for it twice an action
            from .registry import engine
            found = self.__dict__["_engine"] = engine(self.game_id)
        return found

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

    def act(self, action: Action, hinted: bool = False) -> list[Event]:
        """Apply an action (IllegalAction if refused), remember it, tell the listener.

        `hinted`: the action is the one the hint proposed (see `played_by_person`)."""
        new_state, events = self.engine.apply(self.state, action)
        self.states.append(new_state)
        self.steps.append(Step(action, events, any(e.reveals for e in events)))
        self.updated = time.time()
        if hinted:
            self.note_hinted()
        if self.on_change:
            self.on_change(self)
        return events

    def replay(self, actions: list[str]) -> None:
        """Apply actions given in text form; ReplayError names the first that fails.

        The cyclic garbage collector rests meanwhile: a replay makes no reference cycles, and
        its passes over thousands of kept steps made long loads grow faster than the game."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._replay(actions)
        finally:
            if collecting:
                gc.enable()

    def _replay(self, actions: list[str]) -> None:
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

    def cut_to(self, count: int) -> None:
        """Forget every action after the first `count` (a journal's record of undos)."""
        while len(self.steps) > max(0, count):
            self.states.pop()
            self.steps.pop()

    def undo_limit(self) -> int:
        """How many actions may be taken back now (honest undo, or all in practice; none once
        the game is over, see `undo_span`)."""
        if self.outcome() is not None:
            return 0
        if self.practice:
            return len(self.steps)
        count = 0
        for step in reversed(self.steps):
            if step.reveals:
                break
            count += 1
        return count

    def could_take_back(self, action: Action) -> bool:
        """Could `action`, if taken now, be undone afterwards? Not when it shows a hidden card
        or rolls (outside practice), nor in a game whose engine refuses undo now."""
        if self.engine.undo_refusal(self.state):
            return False
        if self.practice:
            return True
        try:
            _, events = self.engine.apply(self.state, action)
        except IllegalAction:
            return True
        return not any(e.reveals for e in events)

    def undo_span(self, seat: Optional[int]) -> tuple[int, str]:
        """How many of the last actions `seat` may take back now, or 0 and the reason why not.

        Undo goes back to and including `seat`'s own last action, over computer moves in
        between, but never past a revealed card or a roll (outside practice) and never past
        another person's action: taking that back at a shared screen would show that person's
        cards to whoever sits there now. Nor once the game is over: its result is counted in the
        statistics by then, and its saves are filed away.
        """
        if not self.steps:
            return 0, "Nothing to undo yet."
        if self.outcome() is not None:
            return 0, "The game is over and its result is counted: nothing can be taken back."
        refusal = self.engine.undo_refusal(self.state)
        if refusal:
            return 0, refusal
        limit = self.undo_limit()
        back = 0
        for step in reversed(self.steps):
            if back >= limit:
                if self.practice or back:
                    return 0, "Only computer moves since your last move; nothing of yours to undo."
                return 0, "That cannot be undone: it showed a new card or a roll."
            back += 1
            mover = step.action.seat
            if mover == seat:
                return back, ""
            if 0 <= mover < len(self.seats) and self.seats[mover].is_human:
                name = self.seats[mover].name
                return 0, (f"The last move was {name}'s. Only {name} can take it back, "
                           f"and only before passing the screen.")
        return 0, "Only computer moves since your last move; nothing of yours to undo."

    def note_hinted(self) -> None:
        """The action just applied was the one the hint proposed (kept in meta)."""
        hinted = [i for i in self.meta.get("hinted", []) if isinstance(i, int) and i < len(self.steps)]
        hinted.append(len(self.steps) - 1)
        self.meta["hinted"] = hinted

    def played_by_person(self) -> bool:
        """Did a person's seat make at least one move (not only computer seats)?

        Games the computer played alone are kept apart in the statistics like practice games.
        A move a person made after asking for a hint (or let the hint make) is still that
        person's move: only seats that were computers count as the computer's.
        """
        return any(self.seats[step.action.seat].is_human for step in self.steps
                   if 0 <= step.action.seat < len(self.seats))

    def undo(self, seat: Optional[int] = None) -> bool:
        """Take back the last action if honesty allows it (and, if given, it was `seat`'s)."""
        if self.undo_limit() == 0:
            return False
        if seat is not None and self.steps[-1].action.seat != seat:
            return False
        self.states.pop()
        self.steps.pop()
        self.updated = time.time()
        if "hinted" in self.meta:  # a hint-followed move that is taken back is forgotten
            self.meta["hinted"] = [i for i in self.meta["hinted"]
                                   if isinstance(i, int) and i < len(self.steps)]
        if self.on_change:
            self.on_change(self)
        return True

    def digest(self) -> str:
        return self.engine.digest(self.state)


def new_save_id(game_id: str, taken: Optional[Callable[[str], bool]] = None) -> str:
    """A file-name-safe id (letters, digits and '-') that sorts by time.

    The clock alone does not make it unique (it can be set back, and the daylight-saving hour
    comes twice): with `taken`, a number is added until `taken(id)` is false."""
    now = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = f"{game_id}-{stamp}-{int(now * 1000) % 1000:03d}"
    if taken is None or not taken(base):
        return base
    number = 2
    while taken(f"{base}-{number}"):
        number += 1
    return f"{base}-{number}"
