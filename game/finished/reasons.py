"""Words for the table: why an action is refused, button labels, prompts, gestures."""
from __future__ import annotations

from typing import Any, Optional

from game.core import Action, Gesture
from game.core.text import plural

from . import rules
from .actions import Activate, Cancel, Confirm, Done, Move, Pick, Unpick
from .data import CARD_COUNT, label
from .state import CHOOSE, OVER, State
from .story import cid

PICK_TARGET = {"into_past": "past", "below_stack": "draw", "one_future": "future",
               "exchange": "draw"}
ZONE_WORDS = {"past": "the Past", "draw": "the Draw Stack", "future": "the Future"}


def activation_problem(state: State, card: int) -> Optional[str]:
    """Why `card`'s action cannot be used now, or None if it can."""
    if state.phase == OVER:
        return "The game is over."
    if state.phase == CHOOSE and state.pending is not None:
        return (f"Finish {rules.name_of(state.pending.card)} "
                f"({label(state.pending.card)}) first.")
    if not 1 <= card <= CARD_COUNT:
        return f"There is no card {card}."
    if card not in state.present:
        return f"{label(card)} is not in the Present: only Present cards can be used."
    action = rules.ACTION_OF[card]
    if rules.USES[card] == 0:
        if action == "take_sweets":
            return f"{label(card)} has no action to use: its sweet came when it was drawn."
        return f"{label(card)} has no action to use."
    if rules.used_up(state, card):
        if rules.USES[card] > 1:
            return f"{label(card)} already used all {rules.USES[card]} of its actions."
        return f"{label(card)} already used its action this turn (its sweet is still on it)."
    if state.sweets_active <= 0:
        return "No sweets left in your active stash."
    if action == "into_past" and len(state.present) < 2:
        return "Cards into the Past needs two cards in the Present."
    if action == "from_past" and not state.past:
        return "The Past is empty: there is nothing to bring back."
    if action in rules.DRAWING and not rules.can_draw(state):
        return "There is no card left to draw."
    return None


def prompt(state: State) -> str:
    """What the waiting action asks for, as one sentence."""
    p = state.pending
    if p is None:
        return ""
    picked = " then ".join(label(c) for c in p.picked)
    if p.action == "into_past":
        if len(p.picked) == 0:
            return "Cards into the Past: pick the first of two Present cards to send to the Past."
        if len(p.picked) == 1:
            return f"Cards into the Past: pick the second card ({picked} goes first)."
        return f"Cards into the Past: confirm to send {picked} to the Past, or unpick a card."
    if p.action == "below_stack":
        if not p.picked:
            return ("Below the Stack: pick cards in the order they go under the Draw Stack, "
                    "or confirm to keep the Present order.")
        return (f"Below the Stack: {picked} go first; pick more or confirm "
                "(the rest follow in their Present order).")
    if p.action == "one_future":
        if not p.picked:
            return "1 Card into the Future: pick the card to set aside for the next Present."
        return f"1 Card into the Future: confirm to set {picked} aside, or unpick it."
    if not p.picked:
        return "Exchange Cards: pick the card to put face down on top of the Draw Stack."
    return f"Exchange Cards: confirm to put {picked} on top of the Draw Stack, or unpick it."


def explain_action(state: State, action: Action) -> str:
    """Why `action` is not legal now, in plain words."""
    if state.phase == OVER:
        return "The game is over."
    if action.seat != 0:
        return "Finished! has only one seat (seat 0)."
    p = state.pending
    if isinstance(action, Activate):
        return activation_problem(state, action.card) or "That action cannot be used now."
    if isinstance(action, (Pick, Unpick, Confirm, Cancel)) and p is None:
        return "No action is waiting for a choice."
    if isinstance(action, Pick):
        assert p is not None
        if action.card not in state.present:
            return f"{label(action.card)} is not in the Present: only Present cards can be picked."
        if action.card in p.picked:
            return f"{label(action.card)} is already picked."
        return f"{rules.name_of(p.card)} takes no more cards: unpick one first."
    if isinstance(action, Unpick):
        return f"{label(action.card)} is not picked."
    if isinstance(action, Confirm):
        assert p is not None
        missing = rules.need_picks(state) - len(p.picked)
        return f"Pick {plural(missing, 'more card', 'more cards')} first."
    if isinstance(action, Cancel):
        assert p is not None
        return f"{rules.name_of(p.card)} already drew a card, so it cannot be cancelled."
    if state.phase == CHOOSE and p is not None:
        return f"Finish or cancel {rules.name_of(p.card)} first."
    if isinstance(action, Move):
        if action.card not in state.present:
            return f"{label(action.card)} is not in the Present: only Present cards are sorted."
        if not 0 <= action.index < len(state.present):
            return f"The Present has places 0 to {len(state.present) - 1} only."
        return f"{label(action.card)} is already at that place."
    if isinstance(action, Done):
        return "The turn cannot end now."
    return "That move is not allowed now."


def describe_action(action: Action) -> str:
    """A short label for a button, the log or a hint."""
    if isinstance(action, Activate):
        if 1 <= action.card <= CARD_COUNT:
            return f"Use {label(action.card)}: {rules.name_of(action.card)}"
        return f"Use card {action.card}"
    if isinstance(action, Pick):
        return f"Pick {label(action.card)}"
    if isinstance(action, Unpick):
        return f"Unpick {label(action.card)}"
    if isinstance(action, Confirm):
        return "Confirm"
    if isinstance(action, Cancel):
        return "Cancel the action"
    if isinstance(action, Move):
        return f"Move {label(action.card)} to place {action.index + 1}"
    if isinstance(action, Done):
        return "End turn"
    return action.text()


def gestures_for(state: State, action: Action) -> list[Gesture]:
    """The drags and clicks that do `action`; none means a button."""
    if isinstance(action, Activate):
        return [Gesture(cid(action.card), "present", None),
                Gesture("sweet", "sweets_active", cid(action.card))]
    if isinstance(action, Move):
        return [Gesture(cid(action.card), "present", f"present#{action.index}")]
    if isinstance(action, Pick) and state.pending is not None:
        return [Gesture(cid(action.card), "present", None),
                Gesture(cid(action.card), "present", PICK_TARGET[state.pending.action])]
    if isinstance(action, Unpick):
        return [Gesture(cid(action.card), "present", None)]
    return []


def _card_of(piece: str) -> Optional[int]:
    if piece.startswith("c") and piece[1:].isdigit():
        number = int(piece[1:])
        if 1 <= number <= CARD_COUNT:
            return number
    return None


def _where(state: State, card: int) -> str:
    if card in state.present:
        return "present"
    if card in state.past:
        return "past"
    if card in state.finished:
        return "finished"
    if card in state.aside or any(card in a for a in state.futures):
        return "future"
    return "draw"


def refuse_gesture(state: State, seat: int, gesture: Any) -> str:
    """Why a drag or click matches no legal action, as specifically as possible."""
    if state.phase == OVER:
        return "The game is over."
    if seat != 0:
        return "Finished! has only one seat."
    piece, target = gesture.piece, gesture.target
    p = state.pending
    if piece == "sweet":
        if gesture.source != "sweets_active":
            return "Sweets are spent from your active stash."
        card = _card_of(target or "")
        if card is None:
            return "Drop the sweet on a Present card to use its action."
        return activation_problem(state, card) or "That action cannot be used now."
    if piece == "coffee":
        return "Coffee is drunk by itself each time 00:48 goes by."
    card = _card_of(piece)
    if card is None:
        return "That piece cannot be moved."
    where = _where(state, card)
    if where == "past":
        return "Cards in the Past keep their order and cannot be moved."
    if where == "finished":
        return "Cards on the Finished! pile stay there."
    if where == "future":
        return "Cards in the Future wait until they come back to the Present."
    if where == "draw":
        return "The Draw Stack is face down."
    if target is not None and target.startswith("present"):
        if p is not None:
            return f"Finish or cancel {rules.name_of(p.card)} before sorting."
        slot = target.partition("#")[2]
        if not slot.isdigit():
            return "Drop the card on a place in the Present row."
        return explain_action(state, Move(0, card, int(slot)))
    if p is not None:
        wanted = PICK_TARGET[p.action]
        if target is None or target == wanted:
            return explain_action(state, Pick(0, card))
        return (f"{rules.name_of(p.card)} sends cards to {ZONE_WORDS[wanted]}: "
                f"drop the card there or click it.")
    if target is None:
        return activation_problem(state, card) or "That action cannot be used now."
    return ("Cards leave the Present only through actions or at the end of the turn: "
            "click a card to use its action.")
