"""Why Flag Finish refuses an action or a drop on the table, in words a racer can act on."""
from __future__ import annotations

from typing import Optional

from game.core import Action, Gesture, HIDDEN
from game.core.actions import time_of_action

from .actions import Close, Discard, DrawPile, NextRace, Play, TakeDiscard
from .data import is_flag
from .rules import can_draw, fits, hand_zone, need_text, next_needed, row_zone, seconds
from .state import CHALLENGE, CLOSING, MATCH_OVER, RACE_OVER, FlagState

NOT_NOW = "That move is not allowed now."


def explain(state: FlagState, action: Action) -> str:
    """The reason an action is not among the legal ones."""
    seat = action.seat
    if not 0 <= seat < state.seats:
        return f"There is no seat {seat} at this table."
    if state.phase == MATCH_OVER:
        return "The match is over."
    if state.phase == RACE_OVER:
        return NOT_NOW if isinstance(action, NextRace) else "The race is over: start the next race."
    if isinstance(action, NextRace):
        return "The race is still on."
    if isinstance(action, Close):
        return NOT_NOW if state.phase == CLOSING else "Nobody has crossed the line yet."
    if state.phase == CLOSING and seat in state.finishers:
        return "You have crossed the line: wait for the finish to close."
    if state.mode != CHALLENGE and seat != state.turn:
        return f"It is {state.names[state.turn]}'s turn."
    return _card_reason(state, action)


def _card_reason(state: FlagState, action: Action) -> str:
    seat, hand = action.seat, state.hands[action.seat]
    if state.owes[seat] and not isinstance(action, Discard):
        return "Discard a card first."
    if isinstance(action, Discard):
        if not state.owes[seat]:
            return "Draw a card first: a discard only follows a draw."
        if action.card not in hand:
            return f"{action.card} is not in your hand."
        if action.card == state.taken[seat]:
            return f"You just took {action.card}: discard a different card."
    elif isinstance(action, TakeDiscard):
        if action.card not in state.discard:
            return f"{action.card} is not in the discard pile."
    elif isinstance(action, DrawPile):
        if not can_draw(state):
            return "The draw pile is empty and there is nothing to shuffle into it."
    elif isinstance(action, Play):
        if action.card not in hand:
            return f"{action.card} is not in your hand."
        need = next_needed(state, seat)
        if not fits(action.card, need):
            if is_flag(action.card):
                return f"Play {need_text(need)} next: the flag comes after {state.data.high}."
            return f"Play {need_text(need)} next."
    return NOT_NOW


def time_problem(state: FlagState, action: Action) -> Optional[str]:
    """Why a legal action's time `ms` cannot be accepted, or None."""
    ms = time_of_action(action)
    if ms < 0:
        return "Race times count up from 0."
    if ms < state.last_ms:
        return (f"That time ({seconds(ms)}) is earlier than the last action "
                f"({seconds(state.last_ms)}).")
    if state.phase == CLOSING and state.window_end is not None:
        if isinstance(action, Close) and ms < state.window_end:
            return f"The finish stays open until {seconds(state.window_end)}."
        if not isinstance(action, Close) and ms >= state.window_end:
            return f"Too late: the finish closed at {seconds(state.window_end)}."
    return None


def gesture_action(state: FlagState, seat: int, gesture: Gesture) -> Action | str:
    """The action a drag stands for, legal or not, or the reason it stands for none."""
    source, target = gesture.source, (gesture.target or "").split("#")[0]
    own_hand, own_row = hand_zone(seat), row_zone(seat)
    if source.startswith("row"):
        return "Played cards stay in their row."
    if source.startswith("hand") and source != own_hand:
        return "That is not your hand."
    if target.startswith("hand") and target != own_hand:
        return "Cards can only go into your own hand."
    if target.startswith("row") and target != own_row:
        return "Play onto your own row."
    if source == "draw":
        return DrawPile(seat) if target == own_hand else "A card from the pile goes into your hand."
    if source == "discard":
        if target == own_hand:
            return TakeDiscard(seat, gesture.piece)
        return "Take the card into your hand first."
    if source == own_hand and gesture.piece != HIDDEN:
        if target == "discard":
            return Discard(seat, gesture.piece)
        if target == own_row:
            return Play(seat, gesture.piece)
        if target == "draw":
            return "Cards never go back onto the draw pile."
    return "That card cannot go there."


def refuse(state: FlagState, seat: int, gesture: Gesture) -> str:
    """The reason for a drop that matches no legal action."""
    found = gesture_action(state, seat, gesture)
    if isinstance(found, str):
        if state.phase == MATCH_OVER:
            return "The match is over."
        return found
    return explain(state, found)
