"""The referee runs computer seats on a clock, with timed windows, for any game.

A small made-up game is enough to pin it down: two seats race to press a bell; the first
press opens a half-second window in which the other may still tie; when the window ends the
round closes. A new round starts the clocks again.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Optional

from game.core.actions import Action
from game.core.engine import Engine, Outcome
from game.core.referee import Referee, reaction_ms
from game.core.rng import Rng

WINDOW = 500


@dataclass(frozen=True)
class Press(Action):
    kind: ClassVar[str] = "press"
    ms: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Close(Action):
    kind: ClassVar[str] = "close"
    ms: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Next(Action):
    kind: ClassVar[str] = "next"
    ms: int = field(default=0, compare=False)


@dataclass
class Bell:
    rounds: int = 2
    round: int = 1
    pressed: list[int] = field(default_factory=list)
    window_end: Optional[int] = None
    between: bool = False
    last_ms: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])

    def clone(self) -> "Bell":
        return dataclasses.replace(self, pressed=list(self.pressed), wins=list(self.wins))


class BellEngine(Engine[Bell]):
    name = "bell"

    def to_act(self, state: Bell) -> list[int]:
        return [] if state.round > state.rounds else [0, 1]

    def legal_actions(self, state: Bell, seat: int) -> list[Action]:
        if state.round > state.rounds:
            return []
        if state.between:
            return [Next(seat, state.last_ms)]
        found: list[Action] = [] if seat in state.pressed else [Press(seat, state.last_ms)]
        if state.window_end is not None:
            found.append(Close(seat, state.last_ms))
        return found

    def _apply(self, state: Bell, action: Action, events: list) -> None:
        state.last_ms = action.ms  # type: ignore[attr-defined]
        if isinstance(action, Press):
            state.pressed.append(action.seat)
            if state.window_end is None:
                state.window_end = action.ms + WINDOW
        elif isinstance(action, Close):
            for seat in state.pressed:
                state.wins[seat] += 1
            state.between, state.pressed, state.window_end = True, [], None
        else:
            state.round += 1
            state.between, state.last_ms = False, 0

    def view(self, state: Bell, seat: Optional[int]) -> dict[str, Any]:
        return {"pressed": list(state.pressed)}

    def outcome(self, state: Bell) -> Optional[Outcome]:
        if state.round <= state.rounds:
            return None
        best = max(state.wins)
        return Outcome([s for s in (0, 1) if state.wins[s] == best], list(state.wins), "")

    # time
    def clocked(self, state: Bell) -> bool:
        return not state.between and state.round <= state.rounds

    def time_of(self, state: Bell) -> int:
        return state.last_ms

    def deadlines(self, state: Bell) -> list[tuple[int, Action]]:
        return [] if state.window_end is None else [(state.window_end, Close(0))]

    def at_time(self, action: Action, ms: int) -> Action:
        return dataclasses.replace(action, ms=ms)  # type: ignore[call-arg]

    def waits(self, action: Action) -> bool:
        return isinstance(action, Close)

    def racing(self, state: Bell) -> list[int]:
        return [s for s in self.to_act(state) if s not in state.pressed]

    def round_started(self, before: Bell, after: Bell) -> bool:
        return before.between and not after.between


class Presser:
    """Presses whenever it may, else waits (chooses Close), then goes on to the next round."""

    def __init__(self, delay_ms: int) -> None:
        self.delay_ms = delay_ms

    def choose(self, view, legal, rng):
        for kind in (Press, Next, Close):
            for action in legal:
                if isinstance(action, kind):
                    return action
        raise AssertionError("nothing to do")


def test_on_a_simulated_clock_the_quicker_seat_acts_first_at_its_own_moment():
    engine = BellEngine()
    referee = Referee(engine, {0: Presser(3000), 1: Presser(1000)}, Rng(4))
    referee.restart(0)
    quick, slow = referee.due[1], referee.due[0]
    assert 800 <= quick <= 1200 and 2400 <= slow <= 3600
    action = referee.step(Bell())
    assert isinstance(action, Press) and action.seat == 1 and action.ms == quick


def test_a_window_closes_when_nobody_beats_it_and_a_waiting_seat_looks_again_at_its_end():
    engine = BellEngine()
    referee = Referee(engine, {0: Presser(3000), 1: Presser(100)}, Rng(4))
    state, actions = referee.play_out(Bell(rounds=1))
    texts = [a.kind for a in actions]
    assert texts[:2] == ["press", "close"]  # the slow seat never makes the window
    first = actions[0]
    assert actions[1].ms == first.ms + WINDOW  # closed exactly when the window ended
    assert engine.outcome(state).winners == [1]


def test_a_seat_inside_the_window_ties():
    engine = BellEngine()
    referee = Referee(engine, {0: Presser(1000), 1: Presser(1000)}, Rng(9))
    referee.restart(0)
    gap = abs(referee.due[0] - referee.due[1])
    state, actions = referee.play_out(Bell(rounds=1))
    presses = [a for a in actions if isinstance(a, Press)]
    if gap < WINDOW:
        assert len(presses) == 2 and engine.outcome(state).winners == [0, 1]
    else:
        assert len(presses) == 1


def test_on_a_wall_clock_nothing_happens_before_a_seat_is_due():
    engine = BellEngine()
    referee = Referee(engine, {1: Presser(1000)}, Rng(2))  # seat 0 is a person
    referee.restart(0)
    due = referee.due[1]
    state = Bell()
    assert referee.step(state, now=due - 1) is None
    action = referee.step(state, now=due + 40)  # the frame came a little late
    assert isinstance(action, Press) and action.ms == due
    after, _ = engine.apply(state, action)
    referee.applied(state, action, after)
    assert referee.next_time(after) == due + WINDOW  # only the window is left for computers


def test_a_new_round_starts_every_clock_again():
    engine = BellEngine()
    rng = Rng(5)
    referee = Referee(engine, {0: Presser(1000), 1: Presser(2000)}, rng)
    state, actions = referee.play_out(Bell(rounds=2))
    assert [a.kind for a in actions].count("next") == 2
    second_round = actions[[a.kind for a in actions].index("next") + 1]
    assert second_round.ms < 2 * 1000 * 1.2 + 1  # measured from the new round's start


def test_the_same_seed_plays_the_same_game():
    def play(seed):
        referee = Referee(BellEngine(), {0: Presser(900), 1: Presser(1100)}, Rng(seed))
        return [a.text() for a in referee.play_out(Bell(rounds=3))[1]]
    assert play(7) == play(7)
    assert reaction_ms(Presser(1000), Rng(1)) in range(800, 1201)


def test_turn_by_turn_the_computer_to_act_simply_chooses():
    engine = BellEngine()
    referee = Referee(engine, {1: Presser(1000)}, Rng(1))
    between = Bell(between=True)
    action = referee.step(between)
    assert isinstance(action, Next) and action.seat == 1


def test_the_engine_says_when_nothing_may_be_taken_back():
    """Undo is the game's policy: a real-time Flag Finish race refuses it, warm-up allows it."""
    from game.core.engine import Seat, Setup
    from game.core.session import Match
    for mode, open_ in (("challenge", False), ("warm-up", True)):
        match = Match.start("flag-finish", Setup(3), {"mode": mode}, [Seat("Ann"), Seat("Bo", "computer")])
        seat = match.engine.to_act(match.state)[0]
        quiet = [a for a in match.engine.legal_actions(match.state, seat) if a.kind == "discard"] \
            or match.engine.legal_actions(match.state, seat)
        match.act(quiet[0])
        back, reason = match.undo_span(seat)
        if open_:
            assert reason != "A real-time race has no taking back."
        else:
            assert back == 0 and reason == "A real-time race has no taking back."
