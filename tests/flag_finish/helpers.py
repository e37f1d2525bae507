"""Shared helpers for the Flag Finish scenarios: explicit deals and short ways to act."""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Seat, Setup
from game.flag_finish import ENGINE
from game.flag_finish.data import flag_data
from tests.helpers import Scenario

SCENARIO = Scenario(ENGINE)

NAMES = ["Anna", "Bo", "Cy"]
SEQUENCE = [f"{c}-{n}" for c, n in zip(["red", "orange", "yellow", "blue", "purple", "red",
                                          "orange", "yellow", "blue", "purple", "red"], range(11))]


def deal(hands: Sequence[Sequence[str]], flips: Sequence[str] = ("green-5",),
         then: Sequence[str] = ()) -> list[str]:
    """A full deck, top first: the hands (12 cards each, seat 0 first), the cards turned up
    until a green, the next cards of the draw pile, then every other card in deck order
    (greens last, so that no other green is turned up by accident)."""
    order = [c for hand in hands for c in hand] + list(flips) + list(then)
    rest = [c for c in flag_data().deck() if c not in order]
    rest.sort(key=lambda c: c.startswith("green"))
    return order + rest


def fill(hand: Sequence[str], used: Sequence[str] = ()) -> list[str]:
    """`hand` topped up to 12 with non-green cards not in `used`, chosen in deck order."""
    spare = [c for c in flag_data().deck() if c not in hand and c not in used
             and not c.startswith("green") and not c.startswith("flag")]
    return list(hand) + spare[:12 - len(hand)]


def start(order: list[str], seats: int = 2, mode: str = "warm-up", races: int = 1) -> Any:
    """A new match from an explicit deal."""
    return ENGINE.new_game(Setup(seed=7, deal=order), {"mode": mode, "races": races},
                           [Seat(NAMES[i]) for i in range(seats)])


def act(state: Any, text: str) -> tuple[Any, list]:
    """Apply an action given in its text form."""
    return SCENARIO.act(state, text)


def run(state: Any, *texts: str) -> Any:
    """Apply several actions in order; the final state."""
    return SCENARIO.run(state, *texts)


def refused(state: Any, text: str) -> str:
    """The reason an action is refused (fails the test if it is accepted)."""
    return SCENARIO.refused(state, text)
