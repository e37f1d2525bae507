"""What the Finito! table shows: the shape of the view and the names it uses.

`FinitoView` lists every key `view()` returns, with its type; a test checks both in many
states (each phase, each seat and the onlooker), so the type cannot drift from the dict. The
constants and small functions below are the engine's own names for phases, pieces, zones and
squares: the table imports them instead of spelling them.
"""
from __future__ import annotations

import re
from typing import Optional, TypedDict

from game.core import HIDDEN

from . import board as rules
from .actions import Keep, Move, NextRound, Place
from .data import finito_data
from .state import MOVING, OVER, PLACING, ROUND_OVER, FinitoState, HistoryEntry

# -- phases ---------------------------------------------------------------------------------
PHASES = (PLACING, MOVING, ROUND_OVER, OVER)
PLAYING = (PLACING, MOVING)  # a roll is being played: squares are lit, seats act in turn

# -- pieces ---------------------------------------------------------------------------------
DIE = "d20"  # the die, as `roll` events name it
COUNTER = "p"  # + seat, "-", number: p1-7 is seat 1's counter 7
_PIECE = re.compile(r"p(\d+)-(\d+)")

# -- zones (the keys of `view["zones"]`: one of each per seat) -------------------------------
BOARD_ZONE = "board"  # + seat: the 36 squares, None where free
OFFER_ZONE = "offer"  # + seat: the face-up counters waiting to be placed
POOL_ZONE = "pool"  # + seat: the face-down counters, next first
ZONE_KINDS = (BOARD_ZONE, OFFER_ZONE, POOL_ZONE)
_SQUARE = re.compile(BOARD_ZONE + r"(\d+)#(\d+)")

# -- action kinds (`Action.kind`) -----------------------------------------------------------
PLACE, MOVE, KEEP, NEXT_ROUND = Place.kind, Move.kind, Keep.kind, NextRound.kind

__all__ = ["BOARD_ZONE", "COUNTER", "DIE", "FinitoView", "HistoryEntry", "KEEP", "MOVE", "MOVING",
           "NEXT_ROUND", "OFFER_ZONE", "OVER", "PHASES", "PLACE", "PLACING", "PLAYING", "POOL_ZONE",
           "ROUND_OVER", "ZONE_KINDS", "board_zone", "build_view", "offer_zone", "parse_piece",
           "parse_square", "piece_id", "pool_zone", "square_target"]


def piece_id(seat: int, number: int) -> str:
    """The id of a seat's counter, e.g. ``p0-5``."""
    return f"{COUNTER}{seat}-{number}"


def parse_piece(piece: Optional[str]) -> Optional[tuple[int, int]]:
    """(seat, number) of a counter id like 'p1-7'; None for anything else."""
    found = _PIECE.fullmatch(piece or "")
    return (int(found.group(1)), int(found.group(2))) if found else None


def board_zone(seat: int) -> str:
    """Zone id of a seat's board: board0."""
    return f"{BOARD_ZONE}{seat}"


def offer_zone(seat: int) -> str:
    """Zone id of a seat's face-up counters: offer0."""
    return f"{OFFER_ZONE}{seat}"


def pool_zone(seat: int) -> str:
    """Zone id of a seat's face-down counters: pool0."""
    return f"{POOL_ZONE}{seat}"


def square_target(seat: int, square: int) -> str:
    """A square of a seat's board as events and gestures name it: board0#14."""
    return f"{board_zone(seat)}#{square}"


def parse_square(target: Optional[str]) -> Optional[tuple[int, int]]:
    """(seat, square) of a target like 'board0#14'; None for anything else."""
    found = _SQUARE.fullmatch(target or "")
    return (int(found.group(1)), int(found.group(2))) if found else None


class FinitoView(TypedDict):
    """Everything the table shows. Nothing is secret but the face-down counters."""

    seat: Optional[int]  # whose view this is (None: an onlooker)
    names: list[str]
    zones: dict[str, list[Optional[str]]]  # board/offer/pool + seat -> piece ids, HIDDEN, None
    to_act: list[int]  # every seat still to act on the roll (empty once over)
    status: str  # the sentence at the top of the table
    roll: int  # the number the die shows
    faces: list[int]  # the die's faces
    phase: str  # one of PHASES
    boards: list[list[Optional[str]]]  # per seat, per square: a counter's piece id or None
    offers: list[list[str]]  # per seat: the face-up counters' piece ids
    pool_counts: list[int]  # per seat: how many counters are still face down
    targets: list[list[int]]  # per seat: the squares it may use now (empty when not to act)
    acted: list[bool]  # per seat: has acted on the current roll
    round: int
    rounds: bool  # repeat rounds to a target score
    scores: list[int]  # per seat: the total (the round's points when there is one round)
    target_score: int
    leaders: list[int]  # the seats with the highest total, when it is above 0
    runs: list[int]  # per seat: the longest run on the board now
    rolls: int  # rolls so far this round
    max_rolls: int  # the round ends after this many rolls
    layout: list[int]  # the number printed on each square, in reading order
    columns: int
    rows: int
    history: list[HistoryEntry]
    winners: list[int]  # once over


def build_view(state: FinitoState, seat: Optional[int], to_act: list[int], status: str) -> FinitoView:
    """The view of `state` for `seat`: every counter that is face up, and how many are not.
    `to_act` and `status` are the engine's (FinitoEngine.to_act and .status)."""
    boards = [[piece_id(s, n) if n else None for n in state.boards[s]]
              for s in range(state.seats)]
    offers = [[piece_id(s, n) for n in state.offers[s]] for s in range(state.seats)]
    zones: dict[str, list[Optional[str]]] = {}
    for s in range(state.seats):
        zones[board_zone(s)] = list(boards[s])
        zones[offer_zone(s)] = list(offers[s])
        zones[pool_zone(s)] = [HIDDEN] * len(state.pools[s])
    acting = list(to_act)
    playing = state.phase in PLAYING
    columns = finito_data().columns
    best = max(state.totals, default=0)
    return {
        "seat": seat, "names": list(state.names), "zones": zones, "to_act": acting,
        "status": status, "roll": state.roll, "faces": list(state.faces),
        "phase": state.phase, "boards": boards, "offers": offers,
        "pool_counts": [len(p) for p in state.pools],
        "targets": [rules.targets(state.boards[s], state.layout, state.roll)
                    if playing and s in acting else [] for s in range(state.seats)],
        # as FinitoEngine.targets
        "acted": list(state.acted), "round": state.round, "rounds": state.rounds,
        "scores": list(state.totals), "target_score": state.target,
        "leaders": [s for s, total in enumerate(state.totals) if total == best and best > 0],
        "runs": [rules.longest_run(b) for b in state.boards],
        "rolls": state.rolls, "max_rolls": state.max_rolls,
        "layout": list(state.layout), "columns": columns, "rows": len(state.layout) // columns,
        "history": [h.copy() for h in state.history],
        "winners": list(state.winners)}
