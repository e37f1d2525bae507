"""Finita's superpowers: Paul's and Petra's demands and their answers, Pia's naming and her
answer to a draw, a skip, a demand or Patrick, and Patrick's comparison of face-down cards.
"""
from __future__ import annotations

from typing import Optional

from game.core import Event

from .data import NUMBER, PATRICK, PAUL, PETRA, card
from .moves import advance, after_lay, aim_skip, ask, give, lay, open_windows, set_force
from .narrator import NARRATOR, seat_data
from .state import (ANSWER, DEMAND, NUMBER_DEMAND, PATRICK as PATRICK_PHASE, PIA_ANSWER, TURN,
                    FinitaState, compare_zone, hand_zone)


# -- Paul and Petra ---------------------------------------------------------------------------

def make_demand(state: FinitaState, seat: int, what: str, word: str,
                events: list[Event]) -> None:
    """Paul names a number (`what` NUMBER_DEMAND, `word` "7") or Petra a number and
    higher or lower (RANGE_DEMAND, "higher-6"): everyone after the seat answers in turn."""
    before = state.demand["before"] if state.demand else (state.colour, state.face)
    if what == NUMBER_DEMAND:
        number, direction = int(word), ""
        events.append(NARRATOR.event("message", "paul_asks",
                                     seat_data(state.names, seat, number=number),
                                     seat=seat, value=word))
    else:
        direction, number_text = word.split("-")
        number = int(number_text)
        events.append(NARRATOR.event("message", "petra_asks",
                                     seat_data(state.names, seat, number=number,
                                               dir=direction),
                                     seat=seat, value=word))
    queue = [state.next_seat(seat, i) for i in range(1, state.seats)]
    state.demand = {"kind": PAUL if what == NUMBER_DEMAND else PETRA, "number": number,
                    "dir": direction, "by": seat, "queue": queue, "before": before,
                    "answered": False}
    state.phase, state.turn = DEMAND, queue[0]


def answer_demand(state: FinitaState, seat: int, card_id: str, ms: int, events: list[Event],
                  source: Optional[str] = None) -> None:
    assert state.demand is not None
    lay(state, seat, card_id, events, told="answer", source=source)
    set_force(state, card_id)
    state.demand["answered"] = True
    if after_lay(state, seat, events):
        return
    next_in_demand(state, events)
    open_windows(state, ms, events)


def next_in_demand(state: FinitaState, events: list[Event]) -> None:
    """The demand moves to the next seat, or play goes on after the seat that made it."""
    demand = state.demand
    assert demand is not None
    demand["queue"].pop(0)
    if demand["queue"]:
        state.phase, state.turn = DEMAND, demand["queue"][0]
        return
    state.demand = None
    top = card(state.discard[-1])
    if top.kind in (PAUL, PETRA):  # nobody answered: play goes on on the card below
        state.colour, state.face = demand["before"]
    advance(state, demand["by"])


# -- Pia ----------------------------------------------------------------------------------------

def pia_names(state: FinitaState, seat: int, word: str, events: list[Event]) -> None:
    """Pia played freely names what comes next: a colour, or a number of any colour."""
    if word.isdigit():
        state.colour, state.face = None, word
        events.append(NARRATOR.event("message", "pia_number",
                                     seat_data(state.names, seat, number=int(word)),
                                     seat=seat, value=word))
    else:
        state.colour, state.face = word, None
        events.append(NARRATOR.event("message", "pia_colour",
                                     seat_data(state.names, seat, colour=word),
                                     seat=seat, value=word))
    advance(state, seat)


def pia_answer(state: FinitaState, seat: int, word: str, events: list[Event]) -> None:
    """After Pia answered a draw or a skip: end the effect here, or pass it on whole."""
    against = state.answering
    state.answering = ""
    told = seat_data(state.names, seat, against=against)
    if word == "end":
        if against == "draw":
            state.chain, state.chain_kind = 0, ""
        events.append(NARRATOR.event("message", "pia_ended", told, seat=seat))
        state.phase, state.turn = TURN, seat
        return
    events.append(NARRATOR.event("message", "pia_passed", told, seat=seat))
    if against == "draw":
        advance(state, seat)
    else:
        aim_skip(state, state.next_seat(seat), events)


def play_pia_answer(state: FinitaState, seat: int, card_id: str, ms: int,
                    events: list[Event], source: Optional[str] = None) -> None:
    """Pia laid against an effect aimed at its holder (from the hand, or a memory card)."""
    lay(state, seat, card_id, events, told="answer", source=source)
    state.colour = state.face = None  # anything may follow a Pia
    if after_lay(state, seat, events):
        return
    if state.phase == TURN and state.chain:
        state.answering = "draw"
        ask(state, seat, PIA_ANSWER)
    elif state.phase == ANSWER:
        state.skip_target = None
        state.answering = "skip"
        ask(state, seat, PIA_ANSWER)
    elif state.phase == DEMAND:
        next_in_demand(state, events)
    elif state.phase == PATRICK_PHASE:
        assert state.patrick is not None
        state.patrick["queue"].remove(seat)
        events.append(NARRATOR.event("message", "patrick_sat_out", seat_data(state.names, seat),
                                     seat=seat))
        next_in_patrick(state, events)


# -- Patrick ------------------------------------------------------------------------------------

def start_patrick(state: FinitaState, seat: int, before: tuple, events: list[Event]) -> None:
    queue = [state.next_seat(seat, i) for i in range(1, state.seats + 1)]
    queue = [s for s in queue if any(card(c).kind == NUMBER for c in state.hands[s])]
    state.patrick = {"by": seat, "queue": queue, "chosen": {}, "before": before}
    events.append(NARRATOR.event("message", "patrick_begins", seat_data(state.names, seat),
                                 seat=seat))
    next_in_patrick(state, events)


def next_in_patrick(state: FinitaState, events: list[Event]) -> None:
    patrick = state.patrick
    assert patrick is not None
    if patrick["queue"]:
        state.phase, state.turn = PATRICK_PHASE, patrick["queue"][0]
        return
    resolve_patrick(state, events)


def compare(state: FinitaState, seat: int, card_id: str, events: list[Event]) -> None:
    patrick = state.patrick
    assert patrick is not None
    state.hands[seat].remove(card_id)
    patrick["chosen"][seat] = card_id
    patrick["queue"].remove(seat)
    events.append(NARRATOR.event("move", "picked", seat_data(state.names, seat), piece="?",
                                 source=hand_zone(seat), target=compare_zone(seat), seat=seat))
    next_in_patrick(state, events)


def number_on(card_id: str) -> int:
    """The number on a number card (ValueError for any other card)."""
    number = card(card_id).number
    if number is None:
        raise ValueError(f"{card_id} is not a number card")
    return number


def resolve_patrick(state: FinitaState, events: list[Event]) -> None:
    """Show the chosen cards; the highest and every shared number draw 3; cards go back."""
    patrick = state.patrick
    assert patrick is not None
    chosen: dict[int, str] = patrick["chosen"]
    numbers = {s: number_on(c) for s, c in chosen.items()}  # only number cards are chosen
    losers: list[int] = []
    if numbers:
        high = max(numbers.values())
        for s, n in numbers.items():
            shared = sum(1 for m in numbers.values() if m == n) > 1
            if n == high or shared:
                losers.append(s)
    for s, c in sorted(chosen.items()):  # value: whether this seat draws three
        events.append(NARRATOR.event("flip", "shown",
                                     seat_data(state.names, s, card=c, draws=s in losers),
                                     piece=c, source=compare_zone(s), target=compare_zone(s),
                                     value=s in losers, seat=s, reveals=True))
    for s, c in sorted(chosen.items()):
        state.hands[s].append(c)
        events.append(Event("move", "", c, compare_zone(s), hand_zone(s), seat=s))
    state.patrick = None
    for s in sorted(losers):
        give(state, s, 3, events, "patrick")
    if card(state.discard[-1]).kind == PATRICK:
        state.colour, state.face = patrick["before"]
    advance(state, patrick["by"])
