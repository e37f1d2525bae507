"""What a Finita card does once it is laid on an ordinary turn (a number, a skip, a reverse, a
+2, a colour choice, a +4, and the superpowers' start), and the choices named after it.
"""
from __future__ import annotations

from typing import Optional

from game.core import Event

from .data import DRAW2, NUMBER, PATRICK, PAUL, PETRA, PIA, REVERSE, SKIP, WILD, WILD4, card
from .matching import swap_partners
from .moves import advance, after_lay, aim_skip, ask, lay, open_windows, set_force
from .narrator import NARRATOR, seat_data
from .state import (COLOUR, NUMBER_DEMAND, PIA_ANSWER, PIA_NAME, RANGE_DEMAND, SWAP,
                    FinitaState)
from .superpowers import make_demand, pia_answer, pia_names, start_patrick


def play_card(state: FinitaState, seat: int, card_id: str, ms: int, events: list[Event],
              source: Optional[str] = None) -> None:
    """An ordinary play (or a passed-on draw) and its effect."""
    c = card(card_id)
    before = (state.colour, state.face)
    lay(state, seat, card_id, events, source=source)
    if after_lay(state, seat, events):
        return
    if c.colour is not None:
        set_force(state, card_id)
    kind = c.kind
    if kind == NUMBER:
        if c.number == 0 and state.options["memory_swap"] and swap_partners(state, seat):
            ask(state, seat, SWAP)
            return
        advance(state, seat)
        open_windows(state, ms, events)
    elif kind == SKIP:
        aim_skip(state, state.next_seat(seat), events)
    elif kind == REVERSE:
        state.direction = -state.direction
        events.append(NARRATOR.event("message", "reverse", {"direction": state.direction}))
        if state.seats == 2:
            aim_skip(state, state.next_seat(seat), events)
        else:
            advance(state, seat)
    elif kind == DRAW2:
        state.chain, state.chain_kind = state.chain + 2, DRAW2
        advance(state, seat)
    elif kind == WILD:
        ask(state, seat, COLOUR)
    elif kind == WILD4:
        state.pending_chain = state.chain + 4
        ask(state, seat, COLOUR)
    elif kind == PAUL:
        state.demand = {"before": before}
        ask(state, seat, NUMBER_DEMAND)
    elif kind == PETRA:
        state.demand = {"before": before}
        ask(state, seat, RANGE_DEMAND)
    elif kind == PIA:
        ask(state, seat, PIA_NAME)
    elif kind == PATRICK:
        start_patrick(state, seat, before, events)


def choose(state: FinitaState, word: str, ms: int, events: list[Event]) -> None:
    """Carry out a named choice (the engine checked it is one of `choice_words`)."""
    seat, what = state.chooser, state.choice
    state.choice = ""
    if what == COLOUR:
        state.colour, state.face = word, None
        events.append(NARRATOR.event("message", "colour_named",
                                     seat_data(state.names, seat, colour=word),
                                     seat=seat, value=word))
        if state.pending_chain:
            state.chain, state.chain_kind, state.pending_chain = state.pending_chain, WILD4, 0
        advance(state, seat)
    elif what in (NUMBER_DEMAND, RANGE_DEMAND):
        make_demand(state, seat, what, word, events)
    elif what == PIA_NAME:
        pia_names(state, seat, word, events)
    elif what == PIA_ANSWER:
        pia_answer(state, seat, word, events)
    elif what == SWAP:  # "keep": no swap
        advance(state, seat)
        open_windows(state, ms, events)
