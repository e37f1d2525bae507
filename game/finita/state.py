"""Finita's game state, the names of its phases, choices and zones, and the explicit deal.

Explicit deal (`Setup.deal`), plain data: the 120 card ids of the shuffled deck, top first,
as a list, or a mapping ``{"cards": [...], "first": 2}`` that also names the seat that starts
round 1 (otherwise drawn by lot). Seat 0 takes the top 7 cards, seat 1 the next 7, and so on;
the next card is turned up to start the discard pile, and the rest is the draw pile. Later
rounds are shuffled from the seed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from game.core import Event, Rng

from game.core.decks import check_order

from .data import FinitaData, deck_ids

# phases
HIDE, TURN, DRAWN, CHOOSE, ANSWER, DEMAND, PATRICK, CLAP = (
    "hide", "turn", "drawn", "choose", "answer", "demand", "patrick", "clap")
ROUND_OVER, MATCH_OVER = "round over", "match over"
# what a CHOOSE phase asks for
COLOUR, NUMBER_DEMAND, RANGE_DEMAND, PIA_NAME, PIA_ANSWER, SWAP = (
    "colour", "paul", "petra", "pia", "pia answer", "swap")

# where the cards lie: the two piles, and each seat's hand, memory cards and Patrick spot
DRAW_ZONE, DISCARD_ZONE = "draw", "discard"


def hand_zone(seat: int) -> str:
    return f"hand{seat}"


def memory_zone(seat: int) -> str:
    return f"memory{seat}"


def compare_zone(seat: int) -> str:
    return f"compare{seat}"


OPTION_DEFAULTS: dict[str, Any] = {
    "target": 500, "overtime": True, "chaos": False, "throws": False, "window": 1500,
    "clap": False, "memory": 0, "memory_swap": False, "poker": False, "punish": False,
    "strict": False, "penalty": False}


@dataclass
class FinitaState:
    """Everything about a match in progress; `clone` copies it by hand."""

    names: list[str]
    options: dict[str, Any]
    data: FinitaData
    rng: Rng
    round: int = 0
    phase: str = TURN
    draw: list[str] = field(default_factory=list)  # face down, top last
    discard: list[str] = field(default_factory=list)  # face up, top last
    hands: list[list[str]] = field(default_factory=list)
    memory: list[list[str]] = field(default_factory=list)  # face-down cards before each seat
    known: list[list[bool]] = field(default_factory=list)  # per memory card: its owner knows it
    turn: int = 0
    direction: int = 1
    colour: Optional[str] = None  # the colour in force (None with a free or number-only demand)
    face: Optional[str] = None  # the face in force ("7", "skip", ...), None if only a colour
    chain: int = 0  # cards a running draw makes the seat to act take
    chain_kind: str = ""  # draw2 or wild4
    choice: str = ""  # what a CHOOSE phase asks for
    chooser: int = 0
    answering: str = ""  # with a Pia answer: "draw" or "skip"
    pending_chain: int = 0  # a +4 waiting for its colour before the draw runs on
    skip_target: Optional[int] = None  # a skip aimed at a seat that may answer with Pia
    demand: Optional[dict[str, Any]] = None  # Paul / Petra: kind, number, dir, by, queue, ...
    patrick: Optional[dict[str, Any]] = None  # by, queue, chosen {seat: card}, before
    drawn: Optional[str] = None  # the card just drawn that may be played at once
    called: list[bool] = field(default_factory=list)
    unsafe: Optional[int] = None  # one card left without a call: may be caught
    laid_by: Optional[int] = None  # who laid the top card
    throw_until: Optional[int] = None  # a throw window is open until this time
    clap_until: Optional[int] = None
    clapped: list[int] = field(default_factory=list)
    resume: str = ""  # the phase a clap interrupted
    last_ms: int = 0
    turns: int = 0  # turns this round
    passes: int = 0  # seats in a row that could neither play nor draw
    starter: int = 0
    first_of_match: Optional[int] = None  # the deal's starting seat for round 1
    totals: list[int] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    round_winner: Optional[int] = None
    winners: Optional[list[int]] = None
    opening: list[Event] = field(default_factory=list)
    people: list[int] = field(default_factory=list)  # the seats of persons (never changed)

    @property
    def seats(self) -> int:
        return len(self.names)

    def total(self, seat: int) -> int:
        """Cards a seat still holds: its hand, its memory and a card chosen for Patrick."""
        chosen = 1 if self.patrick and seat in self.patrick["chosen"] else 0
        return len(self.hands[seat]) + len(self.memory[seat]) + chosen

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % self.seats

    def clone(self) -> "FinitaState":
        c = FinitaState.__new__(FinitaState)
        c.__dict__.update(self.__dict__)
        # options are set by new_game and never changed after: the copies share them
        c.rng = self.rng.copy()
        c.draw, c.discard = list(self.draw), list(self.discard)
        c.hands = [list(h) for h in self.hands]
        c.memory = [list(m) for m in self.memory]
        c.known = [list(k) for k in self.known]
        c.called, c.clapped = list(self.called), list(self.clapped)
        c.totals = list(self.totals)
        c.history = list(self.history)  # rounds are never changed once written
        if self.demand is not None:
            c.demand = dict(self.demand)
            if "queue" in c.demand:
                c.demand["queue"] = list(c.demand["queue"])
        if self.patrick is not None:
            c.patrick = dict(self.patrick, queue=list(self.patrick["queue"]),
                             chosen=dict(self.patrick["chosen"]))
        if self.winners is not None:
            c.winners = list(self.winners)
        return c

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data."""
        return {
            "names": list(self.names), "options": dict(self.options), "round": self.round,
            "phase": self.phase, "draw": list(self.draw), "discard": list(self.discard),
            "hands": [list(h) for h in self.hands], "memory": [list(m) for m in self.memory],
            "known": [list(k) for k in self.known], "turn": self.turn,
            "direction": self.direction, "colour": self.colour, "face": self.face,
            "chain": self.chain, "chain_kind": self.chain_kind, "choice": self.choice,
            "chooser": self.chooser, "answering": self.answering,
            "pending_chain": self.pending_chain, "skip_target": self.skip_target,
            "demand": None if self.demand is None else {
                k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in self.demand.items()},
            "patrick": None if self.patrick is None else {
                "by": self.patrick["by"], "queue": list(self.patrick["queue"]),
                "chosen": {str(k): v for k, v in self.patrick["chosen"].items()},
                "before": list(self.patrick["before"])},
            "drawn": self.drawn, "called": list(self.called), "unsafe": self.unsafe,
            "laid_by": self.laid_by, "throw_until": self.throw_until,
            "clap_until": self.clap_until, "clapped": list(self.clapped), "resume": self.resume,
            "last_ms": self.last_ms, "turns": self.turns, "passes": self.passes,
            "starter": self.starter, "totals": list(self.totals),
            "history": [dict(h) for h in self.history], "round_winner": self.round_winner,
            "winners": None if self.winners is None else list(self.winners),
            # `people` is left out: it follows from the save's seats, and a digest taken from
            # it would refuse every save written before it was kept
            "rng": self.rng.state}


def memory_piece(state: FinitaState, seat: int, index: int) -> str:
    """A memory card as its owner sees it: its id if the owner knows it, else face down."""
    return state.memory[seat][index] if state.known[seat][index] else "?"


def check_deal(deal: Any, data: FinitaData, seats: int) -> tuple[list[str], Optional[int]]:
    """An explicit deal as (card ids top first, starting seat or None); ValueError saying
    what is wrong."""
    first = None
    if isinstance(deal, dict):
        unknown_keys = sorted(set(map(str, deal)) - {"cards", "first"})
        if unknown_keys:
            raise ValueError(f"a Finita deal has no key {unknown_keys[0]!r} (use cards and first)")
        first = deal.get("first")
        if first is not None and (not isinstance(first, int) or isinstance(first, bool)
                                  or not 0 <= first < seats):
            raise ValueError(f"the deal's first seat must be a seat number 0..{seats - 1}")
        deal = deal.get("cards")
    if not isinstance(deal, (list, tuple)):
        raise ValueError("a Finita deal is the list of all 120 card ids, top of the deck first")
    order = check_order(deal, deck_ids(data))
    return order, first
