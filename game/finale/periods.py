"""The match around the attacks: the kick-off (squads laid out, decks dealt), the tactics hand
drawn up to three, each period's start and end, substitutions and players leaving the field,
and what a level score leads to after 90 minutes: extra time, the cup tie's replay, the
shoot-out (game/finale/shootout.py) or the final whistle.
"""
from __future__ import annotations

from typing import Optional

from game.core import Event

from .data import GOALIE, WHITE
from .match import (changed, finish, is_player, last_period, name, period_minute, piece, player,
                    schluss, score, side, tactic, team_names)
from .narrator import NARRATOR
from .shootout import start_shootout
from .state import PICK, REGULAR_PERIODS, FinaleState

# -- the kick-off and the tactics hand --------------------------------------------------------

def kick_off(state: FinaleState, events: list[Event], decks: Optional[list[list[str]]] = None) -> None:
    """Both squads and decks are ready: lay them out and start period 1."""
    for seat, coach in enumerate(state.coaches):
        coach.lineup = (tuple(coach.field), tuple(coach.bench))
        if decks is not None:
            coach.chosen = list(decks[seat])
        deal_deck(state, seat, events, order=None if decks is None else list(decks[seat]))
    events.append(NARRATOR.event("message", "kick_off", {"teams": team_names(state)}))
    start_period(state, 1, events)


def deal_deck(state: FinaleState, seat: int, events: list[Event], order: Optional[list[str]] = None,
              cards: Optional[list[str]] = None) -> None:
    """Shuffle `cards` (default: the chosen deck less the openers) under... the Schlusskarte
    at the bottom; the hand takes the openers, then draws up to three."""
    coach = state.coaches[seat]
    final = schluss(state)
    if order is not None:  # an explicit deal: drawn first to last
        coach.deck = list(reversed(order))
        coach.hand = []
    else:
        rest = [c for c in (cards if cards is not None else coach.chosen)
                if c != final and c not in coach.openers]
        state.rng.shuffle(rest)
        coach.deck = [final] + rest
        coach.hand = [c for c in coach.openers if c in coach.chosen] if cards is None else []
    refill(state, seat, events)


def refill(state: FinaleState, seat: int, events: list[Event]) -> None:
    """Draw until the hand holds three cards or the deck is empty."""
    coach = state.coaches[seat]
    while len(coach.hand) < state.data.hand and coach.deck:
        card = coach.deck.pop()
        coach.hand.append(card)
        face_up = card == schluss(state)
        where = dict(piece=piece(state, seat, card), source=f"deck{seat}", target=f"hand{seat}",
                     seat=seat, reveals=face_up)
        events.append(NARRATOR.event("move", "schluss_drawn", side(state, seat), **where)
                      if face_up else Event("move", "", **where))


def playable(state: FinaleState, seat: int) -> list[str]:
    """The cards a coach may reveal or play: his hand, but the Schlusskarte only once nothing
    else is left (wherever it lies)."""
    coach = state.coaches[seat]
    final = schluss(state)
    cards = [c for c in coach.hand if c != final]
    if cards:
        return cards
    if final in coach.hand or final in coach.table:
        return [final]
    return []


# -- a period ---------------------------------------------------------------------------------

def start_period(state: FinaleState, period: int, events: list[Event]) -> None:
    state.period = period
    state.phase = PICK
    state.attacker = None
    state.counter_used = state.counter = False
    state.revealed = [None, None]
    for coach in state.coaches:
        coach.pick = None
    events.append(NARRATOR.event("phase", "period", {
        "period": period, "first_minute": period_minute(period - 1) + 1,
        "last_minute": period_minute(period)}, value=period))


def end_period(state: FinaleState, events: list[Event]) -> None:
    for seat, coach in enumerate(state.coaches):
        for card in coach.table:
            target = "hand" if card == schluss(state) else "played"
            (coach.hand if target == "hand" else coach.played).append(card)
            events.append(Event("move", "", piece(state, seat, card), f"table{seat}",
                                f"{target}{seat}", seat=seat))
        coach.table = []
    state.card = None
    state.area = ""
    events.append(NARRATOR.event("message", "period_end", dict(score(state), period=state.period)))
    if state.period < last_period(state):
        start_period(state, state.period + 1, events)
    else:
        full_time(state, events)


# -- changes of players -----------------------------------------------------------------------

FIELD_SUBS, GOALIE_SUBS = 3, 1


def sub_problem(state: FinaleState, seat: int, out: str, into: str) -> Optional[str]:
    coach = state.coaches[seat]
    if out not in coach.field:
        return f"{name(state, out) if is_player(state, out) else out} is not on the field."
    if into not in coach.bench:
        return f"{name(state, into) if is_player(state, into) else into} is not on the bench."
    keeper_out = player(state, out).position == GOALIE
    keeper_in = player(state, into).position == GOALIE
    if keeper_in and not keeper_out:
        return "The reserve goalie only comes on for the goalie."
    if keeper_out and not keeper_in:
        return "The goalie is only replaced by the reserve goalie."
    if keeper_out and coach.goalie_subs >= GOALIE_SUBS:
        return "The goalie has already been changed once."
    if not keeper_out and coach.subs >= FIELD_SUBS:
        return f"All {FIELD_SUBS} field substitutions are used."
    return None


def substitute(state: FinaleState, seat: int, out: str, into: str, why: str,
               events: list[Event]) -> None:
    coach = state.coaches[seat]
    if player(state, out).position == GOALIE:
        coach.goalie_subs += 1
    else:
        coach.subs += 1
    leave(state, seat, out, why, events)
    incident(state, seat, out, why, into)
    coach.bench.remove(into)
    coach.field.append(into)
    events.append(NARRATOR.event("move", "substitution", changed(state, seat, into, out), piece=into,
                                 source=f"bench{seat}", target=f"field{seat}", seat=seat))


def incident(state: FinaleState, seat: int, pid: str, what: str, by: Optional[str] = None) -> None:
    """Note a booking, sending-off, injury or change for the match report."""
    state.incidents.append({"match": state.match, "period": state.period, "seat": seat,
                            "player": pid, "what": what, "by": by})


def leave(state: FinaleState, seat: int, pid: str, why: str, events: list[Event]) -> None:
    coach = state.coaches[seat]
    if pid in coach.field:
        coach.field.remove(pid)
    coach.out.append(pid)
    coach.why[pid] = why
    events.append(Event("move", "", pid, f"field{seat}", f"out{seat}", seat=seat))


def replacements(state: FinaleState, seat: int, pid: str) -> list[str]:
    """Bench players who may come on for injured `pid` (subs left, a goalie for a goalie)."""
    coach = state.coaches[seat]
    if player(state, pid).position == GOALIE:
        if coach.goalie_subs >= GOALIE_SUBS:
            return []
        return [p for p in coach.bench if player(state, p).position == GOALIE]
    if coach.subs >= FIELD_SUBS:
        return []
    return [p for p in coach.bench if player(state, p).position != GOALIE]


# -- level after 90 minutes, and the end ------------------------------------------------------

def full_time(state: FinaleState, events: list[Event]) -> None:
    a, b = (c.goals for c in state.coaches)
    if a != b:
        finish(state, 0 if a > b else 1, events)
    elif state.options.get("cup_tie") and state.match == 1:
        replay(state, events)
    elif state.options.get("extra_time") and not state.extra:
        extra_time(state, events)
    elif state.options.get("shootout"):
        start_shootout(state, events)
    else:
        finish(state, None, events)


def extra_time(state: FinaleState, events: list[Event]) -> None:
    """Two more periods; each coach takes his white cards back into the deck with his hand."""
    state.extra = True
    events.append(NARRATOR.event("message", "extra_time", score(state)))
    for seat, coach in enumerate(state.coaches):
        whites = [c for c in coach.played if tactic(state, c).colour == WHITE]
        back = coach.hand + coach.deck + whites
        for card in whites:
            coach.played.remove(card)
        for card in coach.hand:
            events.append(Event("move", "", piece(state, seat, card), f"hand{seat}", f"deck{seat}",
                                seat=seat))
        for card in whites:
            events.append(Event("move", "", piece(state, seat, card), f"played{seat}", f"deck{seat}",
                                seat=seat))
        coach.hand, coach.deck = [], []
        saved, coach.openers = coach.openers, []
        deal_deck(state, seat, events, cards=back)
        coach.openers = saved
    start_period(state, REGULAR_PERIODS + 1, events)


def replay(state: FinaleState, events: list[Event]) -> None:
    """A cup tie level after 90 minutes: the match is played again from the start."""
    events.append(NARRATOR.event("message", "replay", score(state)))
    state.match = 2
    for seat, coach in enumerate(state.coaches):
        coach.legs.append(coach.goals)
        coach.goals = 0
        before = set(coach.field) | set(coach.bench) | set(coach.out)
        coach.field, coach.bench = list(coach.lineup[0]), list(coach.lineup[1])
        coach.out, coach.why, coach.turns, coach.booked = [], {}, {}, []
        coach.subs = coach.goalie_subs = 0
        for pid in sorted(before):
            events.append(Event("move", "", pid, None, "field" + str(seat) if pid in coach.field
                                else "bench" + str(seat), seat=seat))
        coach.played, coach.table, coach.hand, coach.deck = [], [], [], []
        deal_deck(state, seat, events)
    start_period(state, 1, events)
