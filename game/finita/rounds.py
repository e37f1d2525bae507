"""A Finita round from its deal: seven cards each, the first card turned up (black cards and
superpowers go back) and its effect on the first player; the memory cards laid face down,
played blind and swapped.
"""
from __future__ import annotations

from typing import Optional

from game.core import Event

from .data import DRAW2, PIA, REVERSE, SKIP, card, deck_ids
from .effects import play_card
from .matching import answers_demand, fits
from .moves import advance, aim_skip, give, open_windows, set_force
from .narrator import NARRATOR, seat_data
from .state import (DEMAND, DISCARD_ZONE, DRAW_ZONE, HIDE, TURN, FinitaState, hand_zone,
                    memory_zone)
from .superpowers import answer_demand, next_in_demand, play_pia_answer


def start_round(state: FinitaState, events: list[Event], order: Optional[list[str]] = None,
                first: Optional[int] = None) -> None:
    """Deal a round: 7 cards each, a first card turned up (black cards and superpowers go
    back), the memory cards if that rule is on, then the first card's effect."""
    n = state.seats
    state.round += 1
    if order is None:
        order = deck_ids(state.data)
        state.rng.shuffle(order)
    pile = list(reversed(order))  # top last
    state.hands = [[] for _ in range(n)]
    for seat in range(n):
        for _ in range(state.data.hand):
            state.hands[seat].append(pile.pop())
            events.append(Event("move", "", "?", DRAW_ZONE, hand_zone(seat), seat=seat))
    state.draw, state.discard = pile, []
    state.memory = [[] for _ in range(n)]
    state.known = [[] for _ in range(n)]
    state.called, state.clapped = [False] * n, []
    for field_name in ("unsafe", "laid_by", "throw_until", "clap_until", "skip_target",
                       "demand", "patrick", "drawn", "round_winner"):
        setattr(state, field_name, None)
    state.direction, state.chain, state.chain_kind, state.pending_chain = 1, 0, "", 0
    state.turns = state.passes = 0
    state.choice = state.answering = state.resume = ""
    while True:
        top = state.draw.pop()
        state.discard.append(top)
        events.append(NARRATOR.event("move", "turned_up", {"card": top}, piece=top,
                                     source=DRAW_ZONE, target=DISCARD_ZONE, reveals=True))
        if card(top).colour is not None:
            break
        state.discard.pop()
        state.draw.insert(state.rng.randrange(len(state.draw) + 1), top)
        events.append(NARRATOR.event("move", "back_in_pile", {"card": top}, piece=top,
                                     source=DISCARD_ZONE, target=DRAW_ZONE))
    set_force(state, state.discard[-1])
    state.starter = first if first is not None else state.rng.randrange(n)
    events.append(NARRATOR.event("phase", "round_start",
                                 seat_data(state.names, state.starter, round=state.round),
                                 seat=state.starter))
    if state.options["memory"]:
        state.phase, state.turn = HIDE, 0
        return
    begin_play(state, events)


def hide(state: FinitaState, seat: int, card_id: str, events: list[Event]) -> None:
    state.hands[seat].remove(card_id)
    state.memory[seat].append(card_id)
    state.known[seat].append(True)
    events.append(NARRATOR.event("move", "memory_laid", seat_data(state.names, seat),
                                 piece="?", source=hand_zone(seat), target=memory_zone(seat),
                                 seat=seat))
    waiting = [s for s in range(state.seats) if len(state.memory[s]) < state.options["memory"]]
    if waiting:
        state.turn = waiting[0]
    else:
        begin_play(state, events)


def begin_play(state: FinitaState, events: list[Event]) -> None:
    """The first card's effect on the first player."""
    starter, top = state.starter, card(state.discard[-1])
    state.turn, state.phase = starter, TURN
    if top.kind == SKIP:
        aim_skip(state, starter, events)
    elif top.kind == REVERSE:
        state.direction = -1
        events.append(NARRATOR.event("message", "first_reverse", {"direction": -1}))
        if state.seats == 2:
            aim_skip(state, starter, events)
    elif top.kind == DRAW2:
        state.chain, state.chain_kind = 2, DRAW2


def play_hidden(state: FinitaState, seat: int, index: int, ms: int, events: list[Event]) -> None:
    """Memory: a face-down card played blind. If it fits it acts as played; if not, it goes
    to the hand with a penalty card and the turn (or the answer) is over."""
    card_id = state.memory[seat].pop(index)
    state.known[seat].pop(index)
    events.append(NARRATOR.event("flip", "memory_turned",
                                 seat_data(state.names, seat, card=card_id), piece=card_id,
                                 source=memory_zone(seat), target=memory_zone(seat), seat=seat,
                                 reveals=True))
    if state.phase == DEMAND:
        if card(card_id).kind == PIA:
            play_pia_answer(state, seat, card_id, ms, events, source=memory_zone(seat))
            return
        if answers_demand(state, card_id):
            answer_demand(state, seat, card_id, ms, events, source=memory_zone(seat))
            return
        misplaced_hidden(state, seat, card_id, events)
        next_in_demand(state, events)
        return
    if fits(state, card_id):
        play_card(state, seat, card_id, ms, events, source=memory_zone(seat))
        return
    misplaced_hidden(state, seat, card_id, events)
    advance(state, seat)


def misplaced_hidden(state: FinitaState, seat: int, card_id: str, events: list[Event]) -> None:
    state.hands[seat].append(card_id)
    events.append(NARRATOR.event("move", "memory_misfit",
                                 seat_data(state.names, seat, card=card_id), piece=card_id,
                                 source=memory_zone(seat), target=hand_zone(seat), seat=seat))
    give(state, seat, 1, events, "penalty")


def swap(state: FinitaState, seat: int, a: int, ia: int, b: int, ib: int, ms: int,
         events: list[Event]) -> None:
    state.memory[a][ia], state.memory[b][ib] = state.memory[b][ib], state.memory[a][ia]
    state.known[a][ia] = state.known[b][ib] = False
    events.append(NARRATOR.event("message", "swapped", seat_data(
        state.names, seat, first=a, first_name=state.names[a], second=b,
        second_name=state.names[b]), seat=seat))
    state.choice = ""
    advance(state, seat)
    open_windows(state, ms, events)
