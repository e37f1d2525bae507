"""What one seat may see of a Flag Finish match (`FlagView`), the sentences the table shows,
and the names scenes use for phases, modes, zones and needs (so they never spell them)."""
from __future__ import annotations

from typing import Optional, TypedDict

from game.core import HIDDEN
from game.core.text import plural

from .rules import (DISCARD, DRAW, NEED_DONE, NEED_FLAG, Need, crossed_the_line,
                    extra_race_next, greens, hand_zone, match_summary, need_text, next_needed,
                    race_name, row_zone, seconds)
from .state import CHALLENGE, CLOSING, MATCH_OVER, RACE_OVER, RACING, WARM_UP, FlagState

RACE_ON = (RACING, CLOSING)  # phases while a race is being run, before it is scored

__all__ = ["CHALLENGE", "CLOSING", "DISCARD", "DRAW", "FlagView", "MATCH_OVER", "NEED_DONE",
           "NEED_FLAG", "Need", "RACE_ON", "RACE_OVER", "RACING", "WARM_UP", "hand_zone",
           "hidden_pieces", "need_text", "row_zone", "status", "view"]


class FlagView(TypedDict):
    """The table as one seat sees it: every key `view` returns, and nothing else."""

    zones: dict[str, list[str]]  # DRAW, DISCARD, hand_zone(s), row_zone(s): piece ids or "?"
    to_act: list[int]
    status: str  # one sentence for the top of the table
    seat: Optional[int]  # whose eyes (None: a spectator)
    names: list[str]
    mode: str  # WARM_UP or CHALLENGE
    phase: str  # RACING, CLOSING, RACE_OVER or MATCH_OVER
    race: int  # 1 for the first race
    races: int  # races the match is set to
    race_name: str  # "Race 2 of 6", or "Extra race 7"
    turn: Optional[int]  # warm-up: whose turn; None in challenge
    first_player: int
    match_scores: list[int]
    race_scores: Optional[list[int]]  # of the race just ended; None while one is on
    history: list[list[int]]  # every ended race's scores
    headline: str  # who crossed the line and the best race; or that a race is on
    match_note: Optional[str]  # after a race, what comes next in the match; None during one
    next_needed: list[Need]  # per seat: a number, NEED_FLAG or NEED_DONE
    hand_counts: list[int]
    draw_count: int
    owes_discard: bool
    just_taken: Optional[str]
    greens_played: list[int]
    last_discard: Optional[str]
    last_ms: int
    window_end_ms: Optional[int]
    finishers: list[int]
    winners: Optional[list[int]]


def hidden_pieces(state: FlagState, seat: Optional[int]) -> set[str]:
    """Cards `seat` may not identify: the draw pile and every other racer's hand."""
    hidden = set(state.draw)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    return hidden


def view(state: FlagState, seat: Optional[int], to_act: list[int]) -> FlagView:
    """The table as `seat` sees it (None: a spectator, who sees no hand)."""
    zones: dict[str, list[str]] = {DRAW: [HIDDEN] * len(state.draw),
                                   DISCARD: list(state.discard)}
    for other in range(state.seats):
        hand = state.hands[other]
        zones[hand_zone(other)] = list(hand) if other == seat else [HIDDEN] * len(hand)
        zones[row_zone(other)] = list(state.rows[other])
    mine = seat is not None and 0 <= seat < state.seats
    return {
        "zones": zones,
        "to_act": list(to_act),
        "status": status(state, seat),
        "seat": seat,
        "names": list(state.names),
        "mode": state.mode,
        "phase": state.phase,
        "race": state.race,
        "races": state.races,
        "race_name": race_name(state.race, state.races),
        "turn": state.turn if state.mode != CHALLENGE else None,
        "first_player": state.first_player,
        "match_scores": list(state.match_scores),
        "race_scores": None if state.race_scores is None else list(state.race_scores),
        "history": [list(h) for h in state.history],
        "headline": headline(state),
        "match_note": match_note(state),
        "next_needed": [next_needed(state, s) for s in range(state.seats)],
        "hand_counts": [len(h) for h in state.hands],
        "draw_count": len(state.draw),
        "owes_discard": bool(mine and seat is not None and state.owes[seat]),
        "just_taken": state.taken[seat] if mine and seat is not None else None,
        "greens_played": [greens(state, s) for s in range(state.seats)],
        "last_discard": state.discard[-1] if state.discard else None,
        "last_ms": state.last_ms,
        "window_end_ms": state.window_end,
        "finishers": list(state.finishers),
        "winners": None if state.winners is None else list(state.winners),
    }


def headline(state: FlagState) -> str:
    """After a race: who crossed the line and who ran the best race; during one, its number."""
    scores = state.race_scores
    if scores is None:
        return f"Race {state.race} is on."
    names = state.names
    home = crossed_the_line(state)
    if not home:
        first = "Nobody crossed the line: the race was stopped."
    elif len(home) == 1:
        first = f"{names[home[0]]} crossed the line."
    else:
        first = " and ".join(names[s] for s in home) + " crossed the line together."
    low = min(scores)
    best = " and ".join(names[s] for s, p in enumerate(scores) if p == low)
    return f"{first} Best race: {best} with {low}."


def match_note(state: FlagState) -> Optional[str]:
    """What comes next in the match once a race has ended (None while a race is on)."""
    if state.phase == MATCH_OVER:
        return match_summary(state)
    if state.phase != RACE_OVER:
        return None
    if extra_race_next(state):
        return "The lowest total is tied, so an extra race decides."
    return f"{plural(state.races - state.race, 'race')} to go. The lowest total wins the match."


def status(state: FlagState, seat: Optional[int]) -> str:
    """One short sentence for the top of the table."""
    names = state.names
    if state.phase == MATCH_OVER:
        return match_summary(state)
    if state.phase == RACE_OVER:
        board = ", ".join(f"{names[s]} {p}" for s, p in enumerate(state.race_scores or []))
        extra = (" The lowest total is tied, so an extra race follows."
                 if extra_race_next(state) else "")
        return f"Race {state.race} scores: {board}.{extra} Start the next race when ready."
    if state.phase == CLOSING:
        first = names[state.finishers[0]]
        end = seconds(state.window_end or 0)
        return f"{first} has finished! Others may still finish before {end}."
    if state.mode == CHALLENGE:
        if seat is not None and 0 <= seat < state.seats:
            return _own_task(state, seat, "Race")
        return f"Race {state.race}: everyone races at once."
    who = state.turn
    if who == seat:
        return _own_task(state, who, "Your turn")
    if state.owes[who]:
        return f"{names[who]} discards a card."
    return f"{names[who]}'s turn (needs {need_text(next_needed(state, who))})."


def _own_task(state: FlagState, seat: int, lead: str) -> str:
    if state.owes[seat]:
        return f"{lead}: discard a card."
    need = need_text(next_needed(state, seat))
    return f"{lead}: play {need}, or draw and discard."
