"""Shared helpers for the Finito! scenarios: build games from explicit deals and play them."""
from __future__ import annotations

from typing import Any, Iterable, Optional

from game.core import Event, Rng, Seat, Setup
from game.finito import ENGINE, PLAYERS, Place
from game.finito.data import finito_data
from game.finito.state import FinitoState
from tests.helpers import Scenario

SCENARIO = Scenario(ENGINE)

LAYOUT = finito_data().layout
NAMES = ["Anna", "Ben", "Cleo", "Dan"]
SORTED = list(range(1, 13))
# Rolls that let counters 1..12 (turned up in order) go on ascending squares: the first
# free square of each rolled number.
ASCENDING_ROLLS = [1, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 20]
ASCENDING_SQUARES = [0, 2, 6, 8, 12, 14, 18, 20, 24, 26, 30, 35]


def new(counters: Optional[list[list[int]]] = None, rolls: Iterable[int] = (), seats: int = 2,
        seed: int = 1, rounds: bool = False, target: int = 30,
        humans: bool = True) -> FinitoState:
    """A game from an explicit deal (counters per seat, default 1..12 in order, and rolls)."""
    if counters is None:
        counters = [list(SORTED) for _ in range(seats)]
    kind = "human" if humans else "computer"
    table = [Seat(NAMES[i], kind) for i in range(len(counters))]
    deal: dict[str, Any] = {"counters": counters, "rolls": list(rolls)}
    return ENGINE.new_game(Setup(seed=seed, deal=deal), {"rounds": rounds, "target": target}, table)


def act(state: FinitoState, text: str) -> tuple[FinitoState, list[Event]]:
    """Apply an action given in its text form."""
    return SCENARIO.act(state, text)


def place_all(state: FinitoState, plan: list[list[tuple[int, int]]]) -> tuple[FinitoState, list[Event]]:
    """Play rounds of placements: plan[k][seat] = (counter, square) for the k-th roll."""
    events: list[Event] = []
    for step in plan:
        for seat, (counter, square) in enumerate(step):
            state, evs = ENGINE.apply(state, Place(seat, counter, square))
            events.extend(evs)
    return state, events


def ascending_plan(seats: int) -> list[list[tuple[int, int]]]:
    """Every seat puts 1..12 on ASCENDING_SQUARES (use with ASCENDING_ROLLS)."""
    return [[(c, sq)] * seats for c, sq in zip(SORTED, ASCENDING_SQUARES)]


def board_of(pairs: dict[int, int]) -> list[int]:
    """A 36-square board from {square: counter}."""
    board = [0] * 36
    for square, counter in pairs.items():
        board[square] = counter
    return board


def play(strengths: list[str], seed: int, rounds: bool = False, target: int = 30) -> Any:
    """A whole game between computer players; returns (outcome, final state)."""
    table = [Seat(NAMES[i], "computer", s) for i, s in enumerate(strengths)]
    state = ENGINE.new_game(Setup(seed=seed), {"rounds": rounds, "target": target}, table)
    players = [PLAYERS[s]() for s in strengths]
    rng = Rng(seed * 31 + 7)
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        action = players[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        state, _ = ENGINE.apply(state, action)
    return ENGINE.outcome(state), state
