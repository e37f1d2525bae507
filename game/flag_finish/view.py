"""What one seat may see of a Flag Finish match, and the sentence at the top of the table."""
from __future__ import annotations

from typing import Any, Optional

from game.core import HIDDEN

from .rules import greens, hand_zone, match_summary, need_text, next_needed, row_zone, seconds
from .state import CHALLENGE, CLOSING, MATCH_OVER, RACE_OVER, FlagState


def hidden_pieces(state: FlagState, seat: Optional[int]) -> set[str]:
    """Cards `seat` may not identify: the draw pile and every other racer's hand."""
    hidden = set(state.draw)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    return hidden


def view(state: FlagState, seat: Optional[int], to_act: list[int]) -> dict[str, Any]:
    """The table as `seat` sees it (None: a spectator, who sees no hand)."""
    zones: dict[str, list[str]] = {"draw": [HIDDEN] * len(state.draw),
                                   "discard": list(state.discard)}
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
        "turn": state.turn if state.mode != CHALLENGE else None,
        "first_player": state.first_player,
        "match_scores": list(state.match_scores),
        "race_scores": None if state.race_scores is None else list(state.race_scores),
        "history": [list(h) for h in state.history],
        "next_needed": [next_needed(state, s) for s in range(state.seats)],
        "hand_counts": [len(h) for h in state.hands],
        "draw_count": len(state.draw),
        "owes_discard": bool(mine and state.owes[seat]),  # type: ignore[index]
        "just_taken": state.taken[seat] if mine else None,  # type: ignore[index]
        "greens_played": [greens(state, s) for s in range(state.seats)],
        "last_discard": state.discard[-1] if state.discard else None,
        "last_ms": state.last_ms,
        "window_end_ms": state.window_end,
        "finishers": list(state.finishers),
        "winners": None if state.winners is None else list(state.winners),
    }


def status(state: FlagState, seat: Optional[int]) -> str:
    """One short sentence for the top of the table."""
    names = state.names
    if state.phase == MATCH_OVER:
        return match_summary(state)
    if state.phase == RACE_OVER:
        board = ", ".join(f"{names[s]} {p}" for s, p in enumerate(state.race_scores or []))
        extra = (" The lowest total is tied, so an extra race follows."
                 if state.race >= state.races else "")
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
