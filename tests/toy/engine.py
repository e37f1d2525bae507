"""Toy Pairs: a few cards, two seats, one timed window (tests of the shared house only).

Eight cards (a1..a4, b1..b4): three to each hand, face down to the other seat, two in the
draw pile. In turn, a seat plays a card from its hand onto the pile and draws one if any is
left. When the card played has the number of the card under it, a snap window of one second
opens: the first seat to snap takes the pile into its tricks; if nobody snaps in time the
window closes and play goes on. When both hands are empty, more tricks win.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Optional, TypedDict

from game.core import HIDDEN, Action, Engine, Event, Outcome, Rng, Seat, Setup
from game.core.actions import action_kinds

WINDOW_MS = 1000
CARDS = [f"{c}{n}" for c in "ab" for n in range(1, 5)]


@dataclass(frozen=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: str = ""


@dataclass(frozen=True)
class Snap(Action):
    kind: ClassVar[str] = "snap"
    ms: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Close(Action):
    kind: ClassVar[str] = "close"
    ms: int = field(default=0, compare=False)


@dataclass
class Toy:
    rng: Rng
    hands: list[list[str]]
    draw: list[str]
    pile: list[str] = field(default_factory=list)
    tricks: list[list[str]] = field(default_factory=lambda: [[], []])
    turn: int = 0
    window_end: Optional[int] = None
    last_ms: int = 0

    def clone(self) -> "Toy":
        return dataclasses.replace(self, rng=self.rng.copy(), hands=[list(h) for h in self.hands],
                                   draw=list(self.draw), pile=list(self.pile),
                                   tricks=[list(t) for t in self.tricks])


class ToyView(TypedDict):
    """What one seat sees: the least a view holds (docs/views.md)."""

    zones: dict[str, list[str]]  # draw, pile, hand<s>, tricks<s>: card ids, "?" if face down
    to_act: list[int]
    status: str
    seat: Optional[int]


class ToyEngine(Engine[Toy]):
    name = "toy-pairs"
    actions = action_kinds(Play, Snap, Close)

    def new_game(self, setup: Setup, options: dict[str, Any], seats: list[Seat]) -> Toy:
        rng = Rng(setup.seed)
        deck = list(setup.deal) if setup.deal else list(CARDS)
        if not setup.deal:
            rng.shuffle(deck)
        return Toy(rng, [deck[0:3], deck[3:6]], deck[6:])

    def to_act(self, state: Toy) -> list[int]:
        if self.outcome(state) is not None:
            return []
        return [0, 1] if state.window_end is not None else [state.turn]

    def legal_actions(self, state: Toy, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.window_end is not None:
            return [Snap(seat, state.last_ms), Close(seat, state.last_ms)]
        return [Play(seat, card) for card in state.hands[seat]]

    def _apply(self, state: Toy, action: Action, events: list[Event]) -> None:
        if isinstance(action, Play):
            state.hands[action.seat].remove(action.card)
            state.pile.append(action.card)
            events.append(Event("move", f"Seat {action.seat + 1} plays {action.card}.", action.card,
                                f"hand{action.seat}", "pile", seat=action.seat))
            if state.draw:
                card = state.draw.pop()
                state.hands[action.seat].append(card)
                events.append(Event("move", "", HIDDEN, "draw", f"hand{action.seat}",
                                    seat=action.seat, reveals=True))
            state.turn = 1 - action.seat
            state.last_ms = 0
            if len(state.pile) >= 2 and state.pile[-1][1] == state.pile[-2][1]:
                state.window_end = WINDOW_MS
                events.append(Event("phase", "A pair! Snap it first."))
        elif isinstance(action, Snap):
            state.last_ms = action.ms
            state.tricks[action.seat].extend(state.pile)
            events.extend(Event("move", "", card, "pile", f"tricks{action.seat}") for card in state.pile)
            events.append(Event("message", f"Seat {action.seat + 1} snaps the pile."))
            state.pile, state.window_end = [], None
        else:
            state.last_ms = action.ms
            state.window_end = None
            events.append(Event("message", "Too slow: nobody snapped."))

    def view(self, state: Toy, seat: Optional[int]) -> ToyView:
        zones = {"draw": [HIDDEN] * len(state.draw), "pile": list(state.pile)}
        for s in (0, 1):
            zones[f"hand{s}"] = list(state.hands[s]) if s == seat else [HIDDEN] * len(state.hands[s])
            zones[f"tricks{s}"] = list(state.tricks[s])
        status = "Snap!" if state.window_end is not None else f"Seat {state.turn + 1} to play."
        return {"zones": zones, "to_act": self.to_act(state), "status": status, "seat": seat}

    def outcome(self, state: Toy) -> Optional[Outcome]:
        if state.hands[0] or state.hands[1] or state.window_end is not None:
            return None
        scores = [float(len(t)) for t in state.tricks]
        best = max(scores)
        return Outcome([s for s in (0, 1) if scores[s] == best], scores, "The cards are out.")

    def snapshot(self, state: Toy) -> dict[str, Any]:
        return {"hands": state.hands, "draw": state.draw, "pile": state.pile,
                "tricks": state.tricks, "turn": state.turn, "window_end": state.window_end,
                "last_ms": state.last_ms, "rng": state.rng.state}

    def hidden_pieces(self, state: Toy, seat: Optional[int]) -> set[str]:
        hidden = set(state.draw)
        for s in (0, 1):
            if s != seat:
                hidden.update(state.hands[s])
        return hidden

    def gestures(self, state: Toy, action: Action):
        from game.core import Gesture
        if isinstance(action, Play):
            return [Gesture(action.card, f"hand{action.seat}", "pile")]
        return []

    def describe(self, action: Action) -> str:
        return {"play": f"Play {getattr(action, 'card', '')}", "snap": "Snap!",
                "close": "Let it go"}[action.kind]

    # time: a snap window is real time
    def clocked(self, state: Toy) -> bool:
        return state.window_end is not None

    def time_of(self, state: Toy) -> int:
        return state.last_ms

    def deadlines(self, state: Toy) -> list[tuple[int, Action]]:
        return [] if state.window_end is None else [(state.window_end, Close(state.turn))]

    def at_time(self, action: Action, ms: int) -> Action:
        return dataclasses.replace(action, ms=ms) if hasattr(action, "ms") else action  # type: ignore

    def waits(self, action: Action) -> bool:
        return isinstance(action, Close)

    def round_started(self, before: Toy, after: Toy) -> bool:
        return before.window_end is None and after.window_end is not None


class QuickPlayer:
    """Plays its first card; snaps every pair."""

    delay_ms = 400

    def choose(self, view, legal, rng):
        snaps = [a for a in legal if isinstance(a, Snap)]
        return snaps[0] if snaps else legal[0]


ENGINE = ToyEngine()
PLAYERS = {"quick": QuickPlayer}
