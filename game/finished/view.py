"""What the Finished! table shows: the shape of the view and the names it uses.

`FinishedView` lists every key `view()` returns, with its type; a test checks both in many
states, so the type cannot drift from the dict. The constants are the engine's own names for
zones, phases, results, steps and actions: the table imports them instead of spelling them.
"""
from __future__ import annotations

from typing import Optional, TypedDict

from game.core import HIDDEN
from game.core.text import plural

from . import rules
from .actions import Activate, Cancel, Confirm, Done, Move, Pick, Unpick
from .data import CARD_COUNT, card_data
from .reasons import PICK_TARGET, prompt
from .state import ACT, ASLEEP, CHOOSE, OUT_OF_ROUNDS, OVER, WON, State
from .story import cid

# -- zones (the keys of `view["zones"]`, and the places events name) ------------------------
DRAW = "draw"  # the Draw Stack, face down
PRESENT = "present"
PAST = "past"
FUTURE = "future"  # cards set aside by 1 Card into the Future
FUTURE_AREA = "future"  # + a number: the Future Areas of All Cards into the Future, 0 oldest
FINISHED = "finished"  # the Finished! pile
SWEETS_ACTIVE = "sweets_active"
SWEETS_RESERVED = "sweets_reserved"  # the reserve
COFFEE = "coffee"
BOX = "box"  # where a drunk coffee goes (events only, never a zone of the view)
ZONES = (DRAW, PRESENT, PAST, FUTURE, FINISHED, SWEETS_ACTIVE, SWEETS_RESERVED, COFFEE)
TOKEN_ZONES = (COFFEE, SWEETS_ACTIVE, SWEETS_RESERVED)

# -- pieces ---------------------------------------------------------------------------------
CARD_PIECE = "c"  # + the card's number: c23 is 00:23
SWEET = "sweet"  # a sweet token (also the pieces of the sweet zones)
COFFEE_CUP = "coffee"  # a coffee token (the pieces of the coffee zone)
TOKENS = (SWEET, COFFEE_CUP)

# -- phases, the step a player acts in, results ---------------------------------------------
PHASES = (ACT, CHOOSE, OVER)
ACTION_STEP = 4  # "step" while the player uses actions and sorts (steps 4 and 5)
RESULTS = (WON, ASLEEP, OUT_OF_ROUNDS)

# -- action kinds (`Action.kind`) -----------------------------------------------------------
ACTIVATE, PICK, UNPICK = Activate.kind, Pick.kind, Unpick.kind
CONFIRM, CANCEL, MOVE, DONE = Confirm.kind, Cancel.kind, Move.kind, Done.kind
ACTION_KINDS = (ACTIVATE, PICK, UNPICK, CONFIRM, CANCEL, MOVE, DONE)

__all__ = ["ACT", "ASLEEP", "CHOOSE", "OUT_OF_ROUNDS", "OVER", "WON", "FinishedView",
           "PendingView", "build_view", "card_of", "future_area", "most_tokens", "piece_id",
           "status"]


def future_area(index: int) -> str:
    """Zone id of Future Area `index` (0 is the oldest, the one that comes back first)."""
    return f"{FUTURE_AREA}{index}"


def most_tokens() -> dict[str, int]:
    """The most tokens each token zone can ever hold, over every level: the coffee a level
    starts with (coffee is only ever drunk) and all the sweets (they only move around)."""
    levels = card_data().levels.values()
    sweets = max(level.sweets_active + level.sweets_reserved for level in levels)
    return {COFFEE: max(level.coffee for level in levels), SWEETS_ACTIVE: sweets,
            SWEETS_RESERVED: sweets}


def piece_id(card: int) -> str:
    """Piece id of a card: 23 -> c23."""
    return cid(card)


def card_of(piece: str) -> Optional[int]:
    """The card number of a card piece id (c23 -> 23), None for any other piece."""
    if piece.startswith(CARD_PIECE) and piece[len(CARD_PIECE):].isdigit():
        number = int(piece[len(CARD_PIECE):])
        if 1 <= number <= CARD_COUNT:
            return number
    return None


class PendingView(TypedDict):
    """An activated action waiting for the player's picks."""

    card: str  # piece id of the card whose action waits
    action: str  # behaviour id: into_past, below_stack, one_future, exchange
    name: str  # the action's name
    picked: list[str]  # piece ids, in the order picked
    need: int  # picks needed before Confirm
    max: int  # picks allowed
    missing: int  # picks still needed before Confirm (0 once it may be confirmed)
    target: str  # the zone the picked cards go to
    can_cancel: bool
    can_confirm: bool
    prompt: str  # what the action asks for, one sentence


class FinishedView(TypedDict):
    """The table as the player sees it; `zones` maps ZONES and each future_area(i) to pieces."""

    zones: dict[str, list[str]]  # the Draw Stack as HIDDEN pieces, cards as piece ids
    future_zones: list[str]  # FUTURE, then the Future Areas oldest first: the order they return
    to_act: list[int]
    status: str
    phase: str  # one of PHASES
    step: Optional[int]  # ACTION_STEP while the player acts, else None
    turn: int
    round: int
    max_rounds: int
    coffee: int
    sweets_active: int
    sweets_reserved: int
    sweets_on: dict[str, int]  # piece id -> sweets lying on that card (only cards with some)
    used: list[str]  # waiting cards whose action is used up
    pending: Optional[PendingView]
    draw_count: int
    below_count: int
    top_known: int
    went_below: int
    level: str
    level_label: str
    practice: bool
    finished_count: int
    needed: Optional[int]  # the number the Finished! pile waits for; None once all are in
    result: str  # "" while playing, else one of RESULTS


def build_view(state: State, to_act: list[int]) -> FinishedView:
    """The table as the player sees it (the Draw Stack face down)."""
    zones: dict[str, list[str]] = {
        DRAW: [HIDDEN] * len(state.draw),
        PRESENT: [cid(c) for c in state.present],
        PAST: [cid(c) for c in state.past],
        FUTURE: [cid(c) for c in state.aside],
    }
    for i, area in enumerate(state.futures):
        zones[future_area(i)] = [cid(c) for c in area]
    zones[FINISHED] = [cid(c) for c in state.finished]
    zones[SWEETS_ACTIVE] = [SWEET] * state.sweets_active
    zones[SWEETS_RESERVED] = [SWEET] * state.sweets_reserved
    zones[COFFEE] = [COFFEE_CUP] * state.coffee
    waiting = state.present + state.aside + [c for a in state.futures for c in a]
    return {
        "zones": zones,
        "future_zones": [FUTURE] + [future_area(i) for i in range(len(state.futures))],
        "to_act": to_act,
        "status": status(state),
        "phase": state.phase,
        "step": ACTION_STEP if state.phase in (ACT, CHOOSE) else None,
        "turn": state.turn,
        "round": state.round,
        "max_rounds": state.max_rounds,
        "coffee": state.coffee,
        "sweets_active": state.sweets_active,
        "sweets_reserved": state.sweets_reserved,
        "sweets_on": {cid(c): n for c, n in sorted(state.sweets_on.items()) if n},
        "used": [cid(c) for c in waiting if rules.USES[c] and rules.used_up(state, c)],
        "pending": pending_view(state),
        "draw_count": len(state.draw),
        "below_count": state.below_count,
        "top_known": state.top_known,
        "went_below": state.went_below,
        "level": state.level,
        "level_label": card_data().levels[state.level].label,
        "practice": state.practice,
        "finished_count": len(state.finished),
        "needed": state.needed if state.needed <= CARD_COUNT else None,
        "result": state.result,
    }


def pending_view(state: State) -> Optional[PendingView]:
    """The action waiting for picks, or None."""
    p = state.pending
    if p is None:
        return None
    need = rules.need_picks(state)
    return {"card": cid(p.card), "action": p.action, "name": rules.name_of(p.card),
            "picked": [cid(c) for c in p.picked], "need": need, "max": rules.max_picks(state),
            "missing": max(0, need - len(p.picked)), "target": PICK_TARGET[p.action],
            "can_cancel": not p.revealed, "can_confirm": len(p.picked) >= need,
            "prompt": prompt(state)}


def status(state: State) -> str:
    """One sentence for the top of the table."""
    if state.phase == OVER:
        if state.result == WON:
            return "Finished! All 48 cards are sorted."
        if state.result == ASLEEP:
            return f"Fell asleep with {plural(len(state.finished), 'card')} finished."
        return f"Out of rounds with {plural(len(state.finished), 'card')} finished."
    if state.phase == CHOOSE:
        return prompt(state)
    return (f"Round {state.round} of {state.max_rounds}, turn {state.turn}. "
            "Step 4: use actions, sort the Present, then end the turn.")
