"""The one engine protocol every game follows.

A game is `setup + options + seats + [actions]`:

- `new_game(setup, options, seats)` builds the first state; all luck comes from the `Rng`
  stored in the state.
- `to_act(state)` names the seats that may act now (several at once in real-time games).
- `legal_actions(state, seat)` lists what that seat may do; `apply(state, action)` returns a
  new state and the ordered `Event`s that tell what happened, or raises `IllegalAction` with a
  reason a player can read. The state passed in is never changed.
- `view(state, seat)` is what that seat may see (a JSON-able dict); `outcome(state)` is None
  while the game runs.

The table never guesses rules: a drag on screen is a `Gesture` that the engine turns into an
action (`action_for`) or refuses with a reason.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Mapping, Optional, Protocol, TypeVar

from .actions import Action, ActionSyntaxError, IllegalAction, TimedAction, parse_action
from .rng import Rng

HIDDEN = "?"  # how a face-down piece appears in a view


@dataclass(frozen=True)
class Seat:
    """One chair at the table: a person at the screen or a computer player."""

    name: str
    kind: str = "human"  # "human" or "computer"
    strength: str = ""  # computer strength name; "" means the game's default

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.strength:
            data["strength"] = self.strength
        return data


@dataclass(frozen=True)
class Setup:
    """How a game starts: a seed, or an explicit deal (game-specific data), or both."""

    seed: int = 0
    deal: Any = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seed": self.seed}
        if self.deal is not None:
            data["deal"] = self.deal
        return data


@dataclass(frozen=True, init=False)
class Event:
    """One step of the story an action tells, in order, for the table to animate.

    kind: "move" (piece from source zone to target zone), "flip", "token" (value tokens of
    kind `piece` from source to target), "roll" (die `piece` shows `value`), "score",
    "phase" (a new step or turn begins), "message", "end".
    `reveals` marks events that showed hidden information or luck: undo stops there.

    `code` says what happened in a stable word (`finale.goal`) and `data` holds its plain
    particulars (`{"team": 0, "scorer": "kai-fangmann"}`): a presentation decides what to show
    from these, never from `text`, which is the game's narrator's sentence for people to read
    (see game/core/narration.py). Events without a code only move pieces.
    """

    kind: str
    text: str = ""
    piece: Optional[str] = None
    source: Optional[str] = None
    target: Optional[str] = None
    value: Any = None
    seat: Optional[int] = None
    reveals: bool = False
    code: str = ""
    data: dict[str, Any] = field(default_factory=dict, hash=False)

    def __init__(self, kind: str, text: str = "", piece: Optional[str] = None,
                 source: Optional[str] = None, target: Optional[str] = None, value: Any = None,
                 seat: Optional[int] = None, reveals: bool = False, code: str = "",
                 data: Optional[dict[str, Any]] = None) -> None:
        # the frozen dataclass's own __init__ sets each field through object.__setattr__, a
        # third of the cost of a simulated action; one update of the instance dict is the same
        self.__dict__.update(kind=kind, text=text, piece=piece, source=source, target=target,
                             value=value, seat=seat, reveals=reveals, code=code,
                             data=data if data is not None else {})


@dataclass(frozen=True)
class Gesture:
    """What a person did on the table: dragged `piece` from `source` to `target`.

    A click on a piece is a gesture with `target` None. Zone names may carry a slot after a
    '#': ``"present#2"`` is the third place in the Present row.
    """

    piece: str
    source: str
    target: Optional[str] = None


@dataclass
class Outcome:
    """How a finished game ended."""

    winners: list[int]
    scores: list[float]
    summary: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores),
                "summary": self.summary, "details": self.details}


_Self = TypeVar("_Self", bound="GameState")


class GameState(Protocol):
    """What every game's state offers the shared engine: a copy to change."""

    def clone(self: _Self) -> _Self: ...


S = TypeVar("S", bound=GameState)


class Engine(Generic[S]):
    """Base class of a game's rules. Subclasses fill in the `_...` hooks.

    States are plain objects with a `clone()` method; `apply` clones before it changes
    anything, so callers may keep old states (undo, search, replays).
    """

    name: ClassVar[str] = ""
    actions: ClassVar[dict[str, type[Action]]] = {}
    # piece ids of fungible tokens (sweets, coffee): they may repeat and may leave the game
    tokens: ClassVar[frozenset[str]] = frozenset()

    # -- the protocol -------------------------------------------------------------------

    def new_game(self, setup: Setup, options: dict[str, Any], seats: list[Seat]) -> S:
        """The state before the first action."""
        raise NotImplementedError

    def to_act(self, state: S) -> list[int]:
        """Seats that may act now (empty when the game is over)."""
        raise NotImplementedError

    def opening_events(self, state: S) -> list[Event]:
        """What happened inside `new_game` (the deal, first draws), for the table to animate."""
        return []

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action `seat` may take now."""
        raise NotImplementedError

    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]:
        """A new state after `action`, and the events that tell what happened."""
        if action not in self.legal_actions(state, action.seat):
            raise IllegalAction(self.explain(state, action))
        problem = self.time_problem(state, action)
        if problem:
            raise IllegalAction(problem)
        new_state = state.clone()
        events: list[Event] = []
        self._apply(new_state, action, events)
        return new_state, events

    def view(self, state: S, seat: Optional[int]) -> Mapping[str, Any]:
        """What `seat` may see; seat None is a spectator who sees only public things."""
        raise NotImplementedError

    def outcome(self, state: S) -> Optional[Outcome]:
        """None while the game runs, else scores and winners."""
        raise NotImplementedError

    # -- hooks and helpers a game fills in ----------------------------------------------

    def _apply(self, state: S, action: Action, events: list[Event]) -> None:
        """Carry out a legal action on `state` in place, appending events."""
        raise NotImplementedError

    def explain(self, state: S, action: Action) -> str:
        """Why `action` is not legal now, in plain words."""
        if self.outcome(state) is not None:
            return "The game is over."
        if action.seat not in self.to_act(state):
            return "It is not your turn."
        return "That move is not allowed now."

    def snapshot(self, state: S) -> dict[str, Any]:
        """The whole state, hidden parts included, as JSON-able data (inspect, digests)."""
        raise NotImplementedError

    def hidden_pieces(self, state: S, seat: Optional[int]) -> set[str]:
        """Pieces `seat` must not be able to identify (the conformance suite checks views)."""
        return set()

    def public_action(self, before: S, action: Action) -> Optional[str]:
        """What everyone at the table sees of `action`, taken in state `before`: its text (a
        caller masks the pieces hidden now, as the view does), or None when the table shows
        nothing of it at all (a choice made in secret, like a Finale coach's squad)."""
        return action.text()

    def parse_action(self, text: str) -> Action:
        """Read an action's text form."""
        return parse_action(text, self.actions)

    def describe(self, action: Action) -> str:
        """A short label for a button, the log or a hint."""
        return action.text()

    def gestures(self, state: S, action: Action) -> list[Gesture]:
        """The drags or clicks that do `action` on the table; empty means a button."""
        return []

    def action_for(self, state: S, seat: int, gesture: Gesture) -> list[Action]:
        """The legal actions a gesture stands for; IllegalAction with a reason if none."""
        matches = [a for a in self.legal_actions(state, seat) if gesture in self.gestures(state, a)]
        if not matches:
            raise IllegalAction(self.refuse(state, seat, gesture))
        return matches

    def refuse(self, state: S, seat: int, gesture: Gesture) -> str:
        """Why a gesture that matches no legal action is refused."""
        if self.outcome(state) is not None:
            return "The game is over."
        if seat not in self.to_act(state):
            return "It is not your turn."
        return "That piece cannot go there now."

    def digest(self, state: S) -> str:
        """A short fingerprint of the whole state, for saves to detect tampering or drift."""
        return state_digest(self.snapshot(state))

    def play_out(self, state: S, players: list[Any], rng: Rng,
                 max_actions: int = 200_000) -> tuple[S, list[Action]]:
        """Computer players finish the game from `state` (simulate, tests): the final state
        and every action. Turn by turn here; a game whose players act on clocks, like Flag
        Finish's challenge races, plays them out its own way."""
        done: list[Action] = []
        while self.outcome(state) is None:
            seats = self.to_act(state)
            if not seats:
                raise RuntimeError(f"{self.name}: nobody may act but the game is not over")
            seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
            action = players[seat].choose(self.view(state, seat), self.legal_actions(state, seat), rng)
            state, _ = self.apply(state, action)
            done.append(action)
            if len(done) > max_actions:
                raise RuntimeError(f"{self.name}: no end after {max_actions} actions")
        return state, done

    def undo_refusal(self, state: S) -> str:
        """Why nothing may be taken back now ('' when honest undo is open; see
        Match.undo_span for the rest of the policy: never past a reveal or another person)."""
        return ""

    # -- time (see game/core/referee.py) --------------------------------------------------

    def clocked(self, state: S) -> bool:
        """Do seats act on their own clocks now (a real-time round), rather than in turn?"""
        return False

    def time_of(self, state: S) -> int:
        """The game's clock in milliseconds: the time of the last action (0: no clock)."""
        return 0

    def deadlines(self, state: S) -> list[tuple[int, Action]]:
        """Timed windows open now: (ms, action applied then if nobody acted first)."""
        return []

    def at_time(self, action: Action, ms: int) -> Action:
        """The action stamped with a time, when it carries one (a TimedAction)."""
        return action.at(ms) if isinstance(action, TimedAction) else action

    def time_problem(self, state: S, action: Action) -> str:
        """Why a legal action's time cannot be taken now ('' when it can): games on a clock
        refuse a time that runs backwards or a window that has shut."""
        return ""

    def waits(self, action: Action) -> bool:
        """Is this choice only a wait for a window to end (the referee then looks later)?"""
        return False

    def racing(self, state: S) -> list[int]:
        """The seats that may still act before the deadlines."""
        return self.to_act(state)

    def round_started(self, before: S, after: S) -> bool:
        """Did the clocks start again between these states (a new race or round)?"""
        return self.time_of(after) < self.time_of(before)

    def woken(self, before: S, action: Action, after: S) -> list[int]:
        """The seats whose reaction starts afresh after this action (on a clock). By default
        the seat that acted; a game where everyone reacts to every card (Finita) names all,
        and a computer seat that chose to wait then sleeps until the next action wakes it."""
        return [action.seat] if self.clocked(before) else []


def state_digest(snapshot: dict[str, Any]) -> str:
    """sha256 of a canonical JSON form, first 16 hex digits."""
    text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"), default=_jsonable)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _jsonable(value: Any) -> Any:
    if isinstance(value, Rng):
        return value.state
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"not JSON-able: {type(value).__name__}")


def to_json(data: Any) -> str:
    """JSON text of a snapshot or view (sets, dataclasses and Rng allowed)."""
    return json.dumps(data, sort_keys=True, default=_jsonable)


__all__ = ["Action", "ActionSyntaxError", "Engine", "Event", "Gesture", "HIDDEN",
           "IllegalAction", "Outcome", "Seat", "Setup", "state_digest", "to_json"]
