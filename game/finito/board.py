"""Pure helpers on one Finito! board: a list of 36 ints, the counter on each square or 0.

Shared by the engine and the computer players (which rebuild boards from their view).
"""
from __future__ import annotations

from functools import lru_cache
from operator import lt
from typing import Sequence

EMPTY = 0


def counters_in_order(board: Sequence[int]) -> list[int]:
    """The counters on the board in reading order, free squares skipped."""
    return [n for n in board if n]


def targets(board: Sequence[int], layout: Sequence[int], roll: int) -> list[int]:
    """The squares a counter may go to for `roll`, in reading order.

    The free squares carrying the rolled number; when all of them are covered, the nearest
    free square before them and the nearest free square after them (either may not exist).
    The board is taken as it stands: a counter about to be moved still covers its square.
    """
    own = _squares_of(layout, roll) if isinstance(layout, tuple) else [
        i for i, n in enumerate(layout) if n == roll]
    if not own:
        return []
    free = [i for i in own if board[i] == EMPTY]
    if free:
        return free
    found: list[int] = []
    for i in range(own[0] - 1, -1, -1):
        if board[i] == EMPTY:
            found.append(i)
            break
    for i in range(own[-1] + 1, len(board)):
        if board[i] == EMPTY:
            found.append(i)
            break
    return found


@lru_cache(maxsize=256)
def _squares_of(layout: tuple[int, ...], roll: int) -> tuple[int, ...]:
    """The squares carrying `roll` (asked for on every turn: worked out once per number)."""
    return tuple(i for i, n in enumerate(layout) if n == roll)


def longest_run(board: Sequence[int]) -> int:
    """Length of the longest stretch of counters ascending one after the other in reading
    order, free squares skipped (4 6 8 9 10 scores 5)."""
    best = run = 0
    previous = 0
    for n in filter(None, board):  # the counters, free squares skipped
        run = run + 1 if run and n > previous else 1
        previous = n
        if run > best:
            best = run
    return best


def in_order_count(board: Sequence[int]) -> int:
    """How many counters form the longest ascending (not necessarily adjacent) sequence."""
    tails: list[int] = []
    for n in counters_in_order(board):
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < n:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(tails):
            tails.append(n)
        else:
            tails[lo] = n
    return len(tails)


def is_finished(board: Sequence[int], counters: int = 12) -> bool:
    """All counters on the board and ascending in reading order: Finito!"""
    seq = counters_in_order(board)
    return len(seq) == counters and all(map(lt, seq, seq[1:]))
