"""The plain moves every Finita rule is made of: drawing (the discards shuffled into a new
pile when it runs dry), laying a card and what it sets in force, the seat going out, the turn
passed on, a choice asked, a skip aimed, and the clap and throw windows opened.
"""
from __future__ import annotations

from typing import Optional

from game.core import Event

from .data import NUMBER, PIA, card
from .narrator import NARRATOR, seat_data
from .scoring import end_round
from .state import ANSWER, CHOOSE, CLAP, DISCARD_ZONE, DRAW_ZONE, TURN, FinitaState, hand_zone


def refill(state: FinitaState, events: list[Event]) -> bool:
    """Shuffle the discards under the top card into a new draw pile; False if none."""
    if len(state.discard) <= 1:
        return False
    state.draw = state.discard[:-1]
    state.discard = state.discard[-1:]
    state.rng.shuffle(state.draw)
    events.append(NARRATOR.event("message", "shuffle", {"count": len(state.draw)},
                                 source=DISCARD_ZONE, target=DRAW_ZONE, value=len(state.draw)))
    return True


def give(state: FinitaState, seat: int, count: int, events: list[Event], why: str = "") -> int:
    """`seat` draws `count` cards (fewer if the pile and the discards run dry); `why` is one
    of narrator.DRAW_REASONS ("" for an ordinary draw, "penalty", "patrick", ...)."""
    got = 0
    for _ in range(count):
        if not state.draw and not refill(state, events):
            events.append(NARRATOR.event("message", "pile_empty", seat_data(state.names, seat),
                                         seat=seat))
            break
        state.hands[seat].append(state.draw.pop())
        got += 1
        events.append(Event("move", "", "?", DRAW_ZONE, hand_zone(seat), seat=seat, reveals=True))
    if got:
        state.called[seat] = False
        if state.unsafe == seat:
            state.unsafe = None  # more than one card again: nothing left to catch
        told = seat_data(state.names, seat, count=got, why=why)
        events.append(NARRATOR.event("message", "draw", told, seat=seat, value=got))
    return got


def lay(state: FinitaState, seat: int, card_id: str, events: list[Event], told: str = "play",
        source: Optional[str] = None) -> None:
    """Move a card from the seat's hand (or `source`) onto the discard pile; `told` is the
    event's code: play, answer (to a demand or with Pia) or thrown."""
    if source is None:
        state.hands[seat].remove(card_id)
    if state.unsafe is not None and state.unsafe != seat:
        state.unsafe = None  # another card was played: too late to catch a missed call
    state.discard.append(card_id)
    state.laid_by = seat
    state.passes = 0
    events.append(NARRATOR.event("move", told, seat_data(state.names, seat, card=card_id),
                                 piece=card_id, source=source or hand_zone(seat),
                                 target=DISCARD_ZONE, seat=seat))


def set_force(state: FinitaState, card_id: str) -> None:
    c = card(card_id)
    state.colour, state.face = c.colour, c.mark


def after_lay(state: FinitaState, seat: int, events: list[Event]) -> bool:
    """Bookkeeping once a seat's card(s) landed: the round may end; a missing call makes the
    seat catchable. True when the round ended."""
    if state.total(seat) == 0:
        end_round(state, seat, events)
        return True
    if state.total(seat) == 1 and not state.called[seat]:
        state.unsafe = seat
    return False


def advance(state: FinitaState, seat: int, steps: int = 1) -> None:
    """The turn goes `steps` seats on from `seat`. A call made ahead by a seat that laid no
    card after all (it kept a drawn card, or took a skip) lapses."""
    if state.total(seat) > 1:
        state.called[seat] = False
    state.turn = state.next_seat(seat, steps)
    state.phase = TURN
    state.turns += 1


def ask(state: FinitaState, seat: int, what: str) -> None:
    state.phase, state.choice, state.chooser, state.turn = CHOOSE, what, seat, seat


def open_windows(state: FinitaState, ms: int, events: list[Event]) -> None:
    """After a card landed on an ordinary turn: a 9 opens the clap window (Clap), a number
    card the throw window (Throws)."""
    top = card(state.discard[-1])
    if state.options["clap"] and top.kind == NUMBER and top.number == 9:
        state.resume, state.phase = state.phase, CLAP
        state.clap_until, state.clapped = ms + state.options["window"], []
        events.append(NARRATOR.event("message", "clap_window", {"until": state.clap_until},
                                     value=state.clap_until))
        return
    if state.options["throws"] and top.kind == NUMBER and state.phase == TURN and not state.chain:
        state.throw_until = ms + state.options["window"]


def aim_skip(state: FinitaState, target: int, events: list[Event]) -> None:
    """A skip aimed at `target`: answered with Pia if the seat holds one, else served."""
    if any(card(c).kind == PIA for c in state.hands[target]):
        state.phase, state.skip_target, state.turn = ANSWER, target, target
        return
    events.append(NARRATOR.event("message", "skipped", seat_data(state.names, target),
                                 seat=target))
    advance(state, target)
