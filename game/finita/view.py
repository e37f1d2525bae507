"""What one seat may see of a Finita match (`FinitaView`), the sentences the table shows, and
the names scenes use for phases, zones and choices (so they never spell them)."""
from __future__ import annotations

from typing import Any, Optional, TypedDict, cast

from game.core import HIDDEN
from game.core.text import plural

from .data import KIND_WORDS, card_words
from .matching import answers_demand, fits
from .reactions import may_call
from .scoring import match_summary
from .state import (ANSWER, CHOOSE, CLAP, COLOUR, DEMAND, DISCARD_ZONE, DRAW_ZONE, DRAWN, HIDE,
                    MATCH_OVER, NUMBER_DEMAND, PATRICK, PIA_ANSWER, PIA_NAME, RANGE_DEMAND,
                    ROUND_OVER, SWAP, TURN, FinitaState, compare_zone, hand_zone, memory_zone)

__all__ = ["ANSWER", "CHOOSE", "CLAP", "COLOUR", "DEMAND", "DISCARD_ZONE", "DRAWN", "DRAW_ZONE",
           "DemandView", "FinitaView", "HIDE", "MATCH_OVER", "NUMBER_DEMAND", "PATRICK",
           "PIA_ANSWER", "PIA_NAME", "RANGE_DEMAND", "ROUND_OVER", "RoundEntry", "SWAP", "TURN",
           "compare_zone", "hand_zone", "hidden_pieces", "memory_zone", "status", "view"]


class DemandView(TypedDict):
    """Paul's or Petra's demand while the seats after its maker answer it."""

    kind: str  # "paul" (exactly a number) or "petra" (higher or lower than a number)
    number: int
    dir: str  # Petra's "higher" or "lower"; "" for Paul
    by: int  # the seat that made the demand
    queue: list[int]  # the seats still to answer, the one answering now first
    answered: bool  # someone has answered it already


class RoundEntry(TypedDict):
    """One scored round."""

    round: int
    winner: Optional[int]  # who went out (None: the round was stopped)
    scores: list[int]  # per seat: the points the round cost (0 for the winner)
    totals: list[int]  # per seat: the match totals after it
    turns: int  # turns the round took


class FinitaView(TypedDict):
    """The table as one seat sees it: every key `view` returns, and nothing else."""

    zones: dict[str, list[str]]  # draw, discard, hand<s>, memory<s>, compare<s>: ids or "?"
    to_act: list[int]
    status: str
    seat: Optional[int]
    names: list[str]
    phase: str
    round: int
    target: int
    turn: int
    direction: int  # 1 clockwise (seat order), -1 the other way
    colour: Optional[str]  # the colour in force (None: any, or only a number asked)
    face: Optional[str]  # the face in force ("7", "skip"), None if only a colour counts
    force_text: str  # "blue or 7", "any card", "a 4 (Pia)"
    chain: int  # cards a running draw will make someone take (0: none)
    chain_kind: str
    demand: Optional[DemandView]
    demand_text: str  # "a 4!", "higher than 6", or ""
    choice: str  # what the seat to act must name in a CHOOSE phase ("" otherwise)
    hand_counts: list[int]
    memory_counts: list[int]
    called: list[bool]
    unsafe: Optional[int]
    may_call: bool  # this seat could call Finita now
    misfits: list[str]  # this seat's cards that do not fit the pile on its ordinary turn
    laid_by: Optional[int]
    drawn: Optional[str]  # the card this seat just drew and may play (None for others)
    throw_until: Optional[int]
    clap_until: Optional[int]
    clapped: list[int]
    last_ms: int
    totals: list[int]
    history: list[RoundEntry]
    round_winner: Optional[int]
    winners: Optional[list[int]]
    options: dict[str, Any]
    patrick_chosen: list[int]  # seats that picked their card for Patrick


ZONE_NAMES = [(hand_zone(s), memory_zone(s), compare_zone(s)) for s in range(8)]


def hidden_pieces(state: FinitaState, seat: Optional[int]) -> set[str]:
    """Cards `seat` may not identify: the draw pile, other hands, memory cards it does not
    know, and the cards others picked for Patrick."""
    hidden = set(state.draw)
    over = state.phase in (ROUND_OVER, MATCH_OVER)
    for other in range(state.seats):
        if other != seat and not over:
            hidden.update(state.hands[other])
        for c, known in zip(state.memory[other], state.known[other]):
            if not over and (other != seat or not known):
                hidden.add(c)
    if state.patrick:
        hidden.update(c for s, c in state.patrick["chosen"].items() if s != seat)
    return hidden


def view(state: FinitaState, seat: Optional[int], to_act: list[int]) -> FinitaView:
    """The table as `seat` sees it (None: a spectator, who sees no hand). After a round
    everything is shown, as players lay their hands down to count."""
    over = state.phase in (ROUND_OVER, MATCH_OVER)
    zones: dict[str, list[str]] = {DRAW_ZONE: [HIDDEN] * len(state.draw),
                                   DISCARD_ZONE: list(state.discard)}
    chosen = state.patrick["chosen"] if state.patrick else {}
    for s, (hand, memory) in enumerate(zip(state.hands, state.memory)):
        hand_id, memory_id, compare_id = ZONE_NAMES[s]
        zones[hand_id] = list(hand) if (s == seat or over) else [HIDDEN] * len(hand)
        zones[memory_id] = [c if over or (s == seat and k) else HIDDEN
                            for c, k in zip(memory, state.known[s])] if memory else []
        picked = chosen.get(s)
        zones[compare_id] = [] if picked is None else [picked if s == seat else HIDDEN]
    mine = seat is not None and 0 <= seat < state.seats
    demand = state.demand
    return {
        "zones": zones,
        "to_act": list(to_act),
        "status": status(state, seat),
        "seat": seat,
        "names": list(state.names),
        "phase": state.phase,
        "round": state.round,
        "target": int(state.options["target"]),
        "turn": state.turn,
        "direction": state.direction,
        "colour": state.colour,
        "face": state.face,
        "force_text": force_text(state),
        "chain": state.chain,
        "chain_kind": state.chain_kind,
        "demand": None if demand is None or "queue" not in demand else {
            "kind": demand["kind"], "number": demand["number"], "dir": demand["dir"],
            "by": demand["by"], "queue": list(demand["queue"]), "answered": demand["answered"]},
        "demand_text": demand_text(state),
        "choice": state.choice if state.phase == CHOOSE else "",
        "hand_counts": [len(h) for h in state.hands],
        "memory_counts": [len(m) for m in state.memory],
        "called": list(state.called),
        "unsafe": state.unsafe,
        "may_call": bool(mine and seat is not None and may_call(state, seat)),
        "misfits": misfits(state, seat),
        "laid_by": state.laid_by,
        "drawn": state.drawn if mine and state.turn == seat and state.phase == DRAWN else None,
        "throw_until": state.throw_until,
        "clap_until": state.clap_until,
        "clapped": list(state.clapped),
        "last_ms": state.last_ms,
        "totals": list(state.totals),
        "history": cast("list[RoundEntry]", [dict(h) for h in state.history]),
        "round_winner": state.round_winner,
        "winners": None if state.winners is None else list(state.winners),
        "options": dict(state.options),
        "patrick_chosen": sorted(state.patrick["chosen"]) if state.patrick else [],
    }


def misfits(state: FinitaState, seat: Optional[int]) -> list[str]:
    """The cards of `seat`'s hand that do not fit the pile, on its own ordinary turn (no draw
    running): a strict table lets them be laid at a price (taken back with a penalty card),
    any other refuses them. None at any other moment, and none for another seat."""
    if seat is None or not 0 <= seat < state.seats or seat != state.turn \
            or state.phase != TURN or state.chain:
        return []
    return [c for c in state.hands[seat] if not fits(state, c)]


def force_text(state: FinitaState) -> str:
    """What the next card must match, in words."""
    if state.colour is None and state.face is None:
        return "any card"
    if state.colour is None:
        return f"a {state.face}"
    if state.face is None:
        return f"any {state.colour} card"
    face = state.face if state.face.isdigit() else KIND_WORDS.get(state.face, state.face)
    return f"{state.colour} or {face}"


def demand_text(state: FinitaState) -> str:
    """Paul's or Petra's demand in large type ("a 4!", "higher than 6!")."""
    demand = state.demand
    if not demand or "queue" not in demand:
        return ""
    if demand["kind"] == "paul":
        return f"a {demand['number']}!"
    return f"{demand['dir']} than {demand['number']}!"


def status(state: FinitaState, seat: Optional[int]) -> str:
    """One short sentence for the top of the table."""
    names = state.names
    if state.phase == MATCH_OVER:
        return match_summary(state)
    if state.phase == ROUND_OVER:
        who = state.round_winner
        lead = f"{names[who]} is out." if who is not None else "The round stopped."
        return f"{lead} Round {state.round} is scored; start the next one when ready."
    if state.phase == CLAP:
        return "Clap! Everyone hits their key before the window shuts."
    who = state.turn
    you = who == seat
    name = "You" if you else names[who]
    if state.phase == HIDE:
        want = plural(int(state.options["memory"]), "memory card")
        return f"{name}: lay {want} face down." if you else f"{name} lays memory cards."
    if state.phase == CHOOSE:
        asks = {COLOUR: "name a colour", NUMBER_DEMAND: "name a number for Paul",
                RANGE_DEMAND: "name a number and higher or lower for Petra",
                PIA_NAME: "name a colour or a number for Pia",
                PIA_ANSWER: "end the effect or pass it on", SWAP: "swap two memory cards or keep"}
        return f"{name}: {asks.get(state.choice, 'choose')}." if you else f"{name} is choosing."
    if state.phase == ANSWER:
        return f"{name}: skipped, unless Pia answers." if you else f"{name} is skipped..."
    if state.phase == DEMAND:
        if not you:
            return f"{name} answers {demand_text(state)[:-1]}."
        if any(answers_demand(state, c) for c in state.hands[who]):
            return f"{name}: play {demand_text(state)[:-1]}."  # only who cannot answer draws
        return f"{name}: play {demand_text(state)[:-1]} or draw."
    if state.phase == PATRICK:
        return (f"{name}: pick a number card face down for Patrick." if you
                else f"{name} picks a card for Patrick.")
    if state.phase == DRAWN:
        drawn = state.drawn
        if you and drawn:
            return f"You drew {card_words(drawn)}: play it or keep it."
        return f"{name} drew a card that fits."
    if state.chain:
        return (f"{name}: take {state.chain} or pass the draw on." if you
                else f"{name} faces +{state.chain}.")
    return f"Your turn: play {force_text(state)}, or draw." if you else f"{name}'s turn."
