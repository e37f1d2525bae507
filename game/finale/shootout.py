"""The penalty shoot-out of a match level at the end: each coach names his takers (and a
field player goes in goal when his goalie is off), the dice decide who shoots first, and the
kicks go in pairs, five a round, until a round ends with one side ahead.
"""
from __future__ import annotations

from game.core import Event

from .data import GOALIE
from .match import finish, name, player, player_words, roll, roll_off, side
from .narrator import NARRATOR
from .state import SHOOTERS, FinaleState

# -- naming the takers ------------------------------------------------------------------------

SHOOTERS_PER_ROUND = 5


def start_shootout(state: FinaleState, events: list[Event]) -> None:
    state.phase = SHOOTERS
    state.shoot_round = 1
    events.append(NARRATOR.event("phase", "shootout", {"takers": SHOOTERS_PER_ROUND}, value="shootout"))
    for seat, coach in enumerate(state.coaches):
        coach.turns = {}  # every card back to its first edge; symbols count no more
        coach.shooters, coach.used, coach.kicks, coach.takers = [], [], [], []
        keepers = [p for p in coach.field if player(state, p).position == GOALIE]
        coach.keeper = keepers[0] if keepers else None


def taker_pool(state: FinaleState, seat: int) -> list[str]:
    """Who may take a penalty: field players, not the man in goal (nor a goalie, unless
    nobody else is left)."""
    coach = state.coaches[seat]
    pool = [p for p in coach.field if p != coach.keeper and player(state, p).position != GOALIE]
    return pool or [p for p in coach.field if p != coach.keeper] or list(coach.field)


def takers(state: FinaleState, seat: int) -> list[str]:
    """Who may still be named as the next taker this round (the unused first)."""
    coach = state.coaches[seat]
    pool = taker_pool(state, seat)
    left = [p for p in pool if p not in coach.shooters]
    fresh = [p for p in left if p not in coach.used]
    return fresh or left


def round_size(state: FinaleState, seat: int) -> int:
    return min(SHOOTERS_PER_ROUND, len(taker_pool(state, seat)))


def needs_keeper(state: FinaleState, seat: int) -> bool:
    coach = state.coaches[seat]
    return coach.keeper is None and len(coach.field) > 1


def shooter(state: FinaleState, seat: int, pid: str, events: list[Event]) -> None:
    coach = state.coaches[seat]
    coach.shooters.append(pid)
    events.append(NARRATOR.event("message", "taker_named", side(state, seat), seat=seat))
    if all(len(c.shooters) >= round_size(state, s) and not needs_keeper(state, s)
           for s, c in enumerate(state.coaches)):
        shoot_round(state, events)


def keeper(state: FinaleState, seat: int, pid: str, events: list[Event]) -> None:
    state.coaches[seat].keeper = pid
    events.append(NARRATOR.event("message", "shootout_keeper", dict(side(state, seat), **player_words(state, pid)),
                                 piece=pid, seat=seat))


# -- the kicks --------------------------------------------------------------------------------

def shoot_round(state: FinaleState, events: list[Event]) -> None:
    if state.shoot_round == 1:
        state.shoot_first = roll_off(state, events, "shootout")
    first = state.shoot_first
    order = (first, 1 - first)
    for i in range(SHOOTERS_PER_ROUND):
        for seat in order:
            kick(state, seat, i, events)
        if state.shoot_round > 1 and tally(state, 0) != tally(state, 1):
            break
    for seat, coach in enumerate(state.coaches):
        coach.used += [p for p in coach.shooters if p not in coach.used]
        coach.shooters = []
    a, b = tally(state, 0), tally(state, 1)
    events.append(NARRATOR.event("message", "shootout_score", {"tally": [a, b]}))
    if a != b:
        finish(state, 0 if a > b else 1, events)
    else:
        state.shoot_round += 1
        events.append(NARRATOR.event("phase", "shootout_round", {"round": state.shoot_round,
                                                                 "takers": SHOOTERS_PER_ROUND},
                                     value="shootout"))


def tally(state: FinaleState, seat: int) -> int:
    return sum(state.coaches[seat].kicks)


def kick(state: FinaleState, seat: int, i: int, events: list[Event]) -> None:
    coach, other = state.coaches[seat], state.coaches[1 - seat]
    taker = coach.shooters[i % len(coach.shooters)] if coach.shooters else None
    shot = (player(state, taker).strength(0) if taker else 0) + roll(state)
    guard = other.keeper
    save = (player(state, guard).strength(other.turns.get(guard, 0)) if guard else 0) + roll(state)
    scored = shot > save
    coach.kicks.append(scored)
    coach.takers.append(taker or "")
    events.append(NARRATOR.event("score" if scored else "message", "penalty", dict(
        side(state, seat), player=taker, player_name=name(state, taker) if taker else None,
        scored=scored, shot=shot, save=save, keeper=guard),
        piece=taker, value=[shot, save], seat=seat, reveals=True))
    if guard:
        other.turns[guard] = other.turns.get(guard, 0) + 1
        events.append(Event("flip", "", guard, f"field{1 - seat}", value=other.turns[guard] % 4,
                            seat=1 - seat))
