"""The end of a Finita round: every hand scored (the winner's nothing), the match over once
someone reaches the target, and a round that is stuck stopped.

It stands apart from the deal (rounds.py): any card laid may end the round, so the plain moves
(moves.py) ask for the scores, while the deal and the memory cards are built on those moves.
"""
from __future__ import annotations

from typing import Optional

from game.core import Event
from game.core.text import plural

from .data import card
from .narrator import NARRATOR, seat_data
from .state import MATCH_OVER, ROUND_OVER, FinitaState


def points(state: FinitaState, seat: int) -> int:
    held = list(state.hands[seat]) + list(state.memory[seat])
    if state.patrick and seat in state.patrick["chosen"]:
        held.append(state.patrick["chosen"][seat])
    return sum(card(c).points for c in held)


def end_round(state: FinitaState, winner: Optional[int], events: list[Event]) -> None:
    """Score every hand; the match ends once someone reaches the target."""
    scores = [0 if s == winner else points(state, s) for s in range(state.seats)]
    for s in range(state.seats):
        state.totals[s] += scores[s]
    state.round_winner = winner
    state.history.append({"round": state.round, "winner": winner, "scores": scores,
                          "totals": list(state.totals), "turns": state.turns})
    state.unsafe = state.throw_until = state.clap_until = None
    state.demand = state.patrick = None
    state.chain, state.pending_chain = 0, 0
    if winner is None:
        events.append(NARRATOR.event("end", "round_stopped",
                                     {"round": state.round, "scores": list(scores)}, value=scores))
    else:
        events.append(NARRATOR.event("end", "round_won", seat_data(
            state.names, winner, round=state.round, scores=list(scores)), seat=winner,
            value=scores))
    for s in range(state.seats):
        if s != winner:
            events.append(NARRATOR.event("score", "points",
                                         seat_data(state.names, s, points=scores[s]), seat=s,
                                         value=scores[s]))
    if max(state.totals) >= state.options["target"]:
        low = min(state.totals)
        state.winners = [s for s in range(state.seats) if state.totals[s] == low]
        state.phase = MATCH_OVER
        events.append(NARRATOR.event("end", "match_over", {
            "winners": list(state.winners), "names": [state.names[s] for s in state.winners],
            "totals": list(state.totals)}, value=list(state.totals)))
    else:
        state.phase = ROUND_OVER


def match_summary(state: FinitaState) -> str:
    if not state.winners:
        return ""
    names = " and ".join(state.names[s] for s in state.winners)
    verb = "share the win" if len(state.winners) > 1 else "wins"
    return (f"{names} {verb} with {plural(min(state.totals), 'point')} after "
            f"{plural(len(state.history), 'round')}.")


def stop_if_stuck(state: FinitaState, events: list[Event]) -> None:
    """A round that runs past its turn limit, or in which every seat in a row could neither
    play nor draw, stops; everyone scores what they hold."""
    if state.phase in (ROUND_OVER, MATCH_OVER):
        return
    if state.turns >= state.data.round_limit or state.passes >= state.seats:
        events.append(NARRATOR.event("message", "stuck"))
        end_round(state, None, events)
