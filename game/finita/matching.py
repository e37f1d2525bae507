"""Which cards go where in Finita: what fits the pile, what passes a running draw on, what
answers Paul's or Petra's demand, identical cards and Poker sets, and the words a choice
accepts. Questions only: nothing here changes a state.
"""
from __future__ import annotations

from typing import Optional

from .data import DRAW2, HIGH, LOW, NUMBER, PAUL, WILD4, card
from .state import (COLOUR, NUMBER_DEMAND, PIA_ANSWER, PIA_NAME, RANGE_DEMAND, SWAP,
                    FinitaState)

DRAW_KINDS = (DRAW2, WILD4)


def matches(colour: Optional[str], face: Optional[str], card_id: str) -> bool:
    """Whether a card goes on a pile whose colour and face in force are these: black cards
    and superpowers always; others share the colour or the face (anything after a free Pia).
    Computer players ask it with the colour and face of their view."""
    c = card(card_id)
    if c.colour is None or (colour is None and face is None):
        return True
    return c.colour == colour or c.mark == face


def fits(state: FinitaState, card_id: str) -> bool:
    """Whether a card may go on the pile on an ordinary turn."""
    return matches(state.colour, state.face, card_id)


def answers_chain(state: FinitaState, card_id: str) -> bool:
    """Whether a card passes the running draw on (Overtime: its own kind; Chaos: either)."""
    kind = card(card_id).kind
    if kind not in DRAW_KINDS:
        return False
    if state.options["chaos"]:
        return True
    return state.options["overtime"] and kind == state.chain_kind


def answers_demand(state: FinitaState, card_id: str) -> bool:
    """Whether a card answers Paul's or Petra's demand (number cards of any colour)."""
    demand, c = state.demand, card(card_id)
    if demand is None or c.kind != NUMBER:
        return False
    if demand["kind"] == PAUL:
        return c.number == demand["number"]
    if demand["dir"] == "higher":
        return c.number > demand["number"]
    return c.number < demand["number"]


def identical(a: str, b: str) -> bool:
    """Two number cards of the same colour and number."""
    ca, cb = card(a), card(b)
    return ca.kind == NUMBER and ca.face == cb.face and a != b


def poker_sets(state: FinitaState, hand: list[str]) -> list[tuple[str, ...]]:
    """Every Poker the hand allows now: five numbers in a row of one colour, or one number in
    four colours, the first card laid fitting the pile (one ordering per first/last card)."""
    numbers = [c for c in hand if card(c).kind == NUMBER]
    by_key: dict[tuple, str] = {}
    for c in sorted(numbers):
        by_key.setdefault((card(c).colour, card(c).number), c)
    found: list[tuple[str, ...]] = []
    colours = state.data.colour_ids
    for colour in colours:
        for low in range(LOW, HIGH - 3):
            run = [c for c in (by_key.get((colour, n)) for n in range(low, low + 5)) if c]
            if len(run) == 5:
                for order in (tuple(run), tuple(reversed(run))):
                    if fits(state, order[0]):
                        found.append(order)
    for n in range(LOW, HIGH + 1):
        group = [c for c in (by_key.get((colour, n)) for colour in colours) if c]
        if len(group) == len(colours):
            for first in group:
                if not fits(state, first):
                    continue
                for last in group:
                    if last != first:
                        middle = [g for g in group if g not in (first, last)]
                        found.append((first, *middle, last))
    return found


def choice_words(state: FinitaState) -> list[str]:
    """The words a CHOOSE phase accepts."""
    colours = list(state.data.colour_ids)
    numbers = [str(n) for n in range(LOW, HIGH + 1)]
    if state.choice == COLOUR:
        return colours
    if state.choice == NUMBER_DEMAND:
        return numbers
    if state.choice == RANGE_DEMAND:
        return [f"higher-{n}" for n in numbers] + [f"lower-{n}" for n in numbers]
    if state.choice == PIA_NAME:
        return colours + numbers
    if state.choice == PIA_ANSWER:
        return ["end", "pass"]
    if state.choice == SWAP:
        return ["keep"]
    return []


def swap_options(state: FinitaState) -> list[tuple[int, int, int, int]]:
    """(seat, index, seat, index) pairs of opponents' memory cards that may be swapped."""
    others = [s for s in range(state.seats) if s != state.chooser and state.memory[s]]
    found = []
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            for ia in range(len(state.memory[a])):
                for ib in range(len(state.memory[b])):
                    found.append((a, ia, b, ib))
    return found


def swap_partners(state: FinitaState, seat: int) -> bool:
    return sum(1 for s in range(state.seats) if s != seat and state.memory[s]) >= 2


def can_draw(state: FinitaState) -> bool:
    return bool(state.draw) or len(state.discard) > 1
