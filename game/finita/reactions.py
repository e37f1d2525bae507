"""Finita's reactions, open to every seat at their moment: the Finita! call and the catch of a
missed one, throwing in an identical card, clapping after a 9, and the penalty button.
"""
from __future__ import annotations

from typing import Optional

from game.core import Event

from .matching import identical
from .moves import advance, after_lay, give, lay, open_windows, set_force
from .narrator import NARRATOR, seat_data
from .state import ANSWER, CLAP, DEMAND, DRAWN, HIDE, MATCH_OVER, ROUND_OVER, TURN, FinitaState


def may_call(state: FinitaState, seat: int) -> bool:
    """A "Finita!" call is due: one card left and no call yet, or two when the seat is about
    to lay one (its turn, a card just drawn, a draw to pass on, a demand or a skip to answer)."""
    if state.called[seat] or len(state.hands[seat]) > 2 or state.phase in (
            ROUND_OVER, MATCH_OVER, HIDE):
        return False
    held = state.total(seat)
    return held == 1 or (held == 2 and state.turn == seat
                         and state.phase in (TURN, DRAWN, DEMAND, ANSWER))


def throw_card(state: FinitaState, seat: int) -> Optional[str]:
    """The card of `seat` identical to the top card, if the seat holds one."""
    if not state.discard:
        return None
    top = state.discard[-1]
    return next((c for c in state.hands[seat] if identical(c, top)), None)


def may_throw(state: FinitaState, seat: int) -> bool:
    """A throw window is open for this seat (it is neither the seat to act nor the one who
    laid the top card)."""
    return (state.options["throws"] and state.throw_until is not None and state.phase == TURN
            and state.chain == 0 and seat != state.turn and seat != state.laid_by)


def call(state: FinitaState, seat: int, events: list[Event]) -> None:
    state.called[seat] = True
    if state.unsafe == seat:
        state.unsafe = None
    events.append(NARRATOR.event("message", "called", seat_data(state.names, seat), seat=seat))


def catch(state: FinitaState, seat: int, target: int, events: list[Event]) -> None:
    cost = 1 if state.options["punish"] else 2
    state.unsafe = None
    events.append(NARRATOR.event("message", "caught", {
        "catcher": seat, "catcher_name": state.names[seat], "caught": target,
        "caught_name": state.names[target], "cards": cost}, seat=seat, value=target))
    give(state, target, cost, events, "missed_call")
    state.called[target] = False


def throw(state: FinitaState, seat: int, ms: int, events: list[Event]) -> None:
    found = throw_card(state, seat)
    if found is None:
        events.append(NARRATOR.event("message", "throw_without_card",
                                     seat_data(state.names, seat), seat=seat))
        give(state, seat, 1, events, "penalty")
        return
    state.throw_until = None
    lay(state, seat, found, events, told="thrown")
    set_force(state, found)
    if after_lay(state, seat, events):
        return
    advance(state, seat)
    open_windows(state, ms, events)


def clap(state: FinitaState, seat: int, ms: int, events: list[Event]) -> None:
    if state.phase != CLAP:
        events.append(NARRATOR.event("message", "clap_at_nothing", seat_data(state.names, seat),
                                     seat=seat))
        give(state, seat, 1, events, "penalty")
        return
    state.clapped.append(seat)
    events.append(NARRATOR.event("message", "clapped", seat_data(state.names, seat), seat=seat))
    if len(state.clapped) == state.seats:
        last = state.clapped[-1]
        events.append(NARRATOR.event("message", "clap_last", seat_data(state.names, last),
                                     seat=last))
        give(state, last, 1, events)
        end_clap(state, ms, events)


def close(state: FinitaState, ms: int, events: list[Event]) -> None:
    """A window's time ran out: the clap window (whoever did not clap draws) or a throw."""
    if state.phase == CLAP:
        for s in range(state.seats):
            if s not in state.clapped:
                events.append(NARRATOR.event("message", "no_clap", seat_data(state.names, s),
                                             seat=s))
                give(state, s, 1, events)
        end_clap(state, ms, events)
    else:
        state.throw_until = None


def end_clap(state: FinitaState, ms: int, events: list[Event]) -> None:
    state.phase, state.resume = state.resume, ""
    state.clap_until, state.clapped = None, []
    if state.options["throws"] and state.phase == TURN and not state.chain:
        state.throw_until = ms + state.options["window"]


def penalty(state: FinitaState, seat: int, target: int, reason: str, events: list[Event]) -> None:
    reason = "suggestion" if reason == "suggestion" else "question"
    count = 2 if reason == "suggestion" else 1
    events.append(NARRATOR.event("message", "penalty", {
        "giver": seat, "giver_name": state.names[seat], "target": target,
        "target_name": state.names[target], "reason": reason, "cards": count},
        seat=seat, value=target))
    give(state, target, count, events, "penalty")
