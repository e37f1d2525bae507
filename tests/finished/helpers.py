"""Helpers for Finished! scenario tests: explicit deals, action scripts, mid-game states."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from game.core import Event, Seat, Setup
from game.finished import ENGINE
from game.finished.state import State
from tests.helpers import Scenario

# a solo game: a test names no seat, it is seat 0
SCENARIO = Scenario(ENGINE, lambda state, text: text if text[0].isdigit() else f"0 {text}")


def make_deal(top: Sequence[int], rest: Optional[Sequence[int]] = None) -> list[int]:
    """A full deal: `top` first (top of the Draw Stack), then `rest`, then the other cards
    from high to low (so nothing is scored by accident), and 00:48 at the bottom."""
    head = list(top) + list(rest or [])
    others = [c for c in range(47, 0, -1) if c not in head]
    return head + others + [48]


def new(top: Sequence[int], level: str = "very-easy", rest: Optional[Sequence[int]] = None,
        practice: bool = False) -> State:
    """A new game from an explicit deal."""
    return ENGINE.new_game(Setup(0, make_deal(top, rest)), {"level": level, "practice": practice},
                           [Seat("tester")])


def play(state: State, *texts: str) -> tuple[State, list[Event]]:
    """Apply actions given in text form ("activate 5", "pick 30", ...; seat 0 implied).

    Returns the final state and the events of all the actions, in order.
    """
    return SCENARIO.play(state, *texts)


def mid(**fields: Any) -> State:
    """A mid-game state (very easy supplies unless given), in phase act, turn 5, round 1."""
    data: dict[str, Any] = {"level": "very-easy", "max_rounds": 8, "coffee": 7,
                            "sweets_active": 7, "sweets_reserved": 3, "turn": 5, "round": 1,
                            "phase": "act"}
    data.update(fields)
    state = State.from_snapshot(data)
    placed = (state.draw + state.present + state.past + state.aside + state.finished
              + [c for a in state.futures for c in a])
    assert sorted(placed) == list(range(1, 49)), "a mid-game state must hold all 48 cards"
    assert (state.sweets_active + state.sweets_reserved + sum(state.sweets_on.values())) == 10
    return state


def rest_of(*groups: Sequence[int]) -> list[int]:
    """The cards 1..48 not in any of `groups`, high to low (48 excluded if listed)."""
    used = {c for g in groups for c in g}
    return [c for c in range(48, 0, -1) if c not in used]


def texts(events: list[Event], kind: Optional[str] = None) -> list[str]:
    """The log sentences of events (of one kind)."""
    return [e.text for e in events if kind is None or e.kind == kind]


def moves(events: list[Event]) -> list[tuple[str, str, str]]:
    """(piece, source, target) of the move events, in order."""
    return [(e.piece or "", e.source or "", e.target or "") for e in events if e.kind == "move"]


def total_sweets(state: State) -> int:
    return state.sweets_active + state.sweets_reserved + sum(state.sweets_on.values())
