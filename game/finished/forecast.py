"""How promising a Finished! position is, for the computer player.

All unscored cards form one cycle in the order they will next reach the Present: the cards set
aside and the Future Areas, the Draw Stack from the top, the Past from the oldest, and last
the Present, sorted. Scoring walks this cycle from card to card (needed, needed + 1, ...);
every time the walk goes past 00:48 before 00:48 is needed, 00:48 goes through the Present
once more and costs a coffee. The forecast counts those passes (with a discount for two cards
that will probably share a Present anyway, and a half for two cards whose order is unknown)
and compares them with the coffee left: the margin, plus a little for active sweets and
progress, is the value.
"""
from __future__ import annotations

from typing import Optional

from .data import LAST
from .state import OVER, WON, State

WIN = 1000.0
LOSS = -100.0
SWEET_VALUE = 0.1
PROGRESS_VALUE = 0.02
CARRY = 0.85  # chance to carry a card one Present further when needed
# chance that two cards d places apart in the cycle end up in the same Present
SAME_WINDOW = {1: 2.0 / 3.0, 2: 1.0 / 3.0}
_SIZE = LAST + 1


def passes(s: State, unknown: set[int] | frozenset[int]) -> float:
    """Expected coffees still needed to score 00:48, if nothing is rearranged any more."""
    # The cycle's places (this runs for every position the computer player looks at, so it
    # is written for speed; the arithmetic and its order are exactly those of the walk
    # described above: tests/finished/test_players.py holds it to figures to the last bit).
    aside, futures, draw, past = s.aside, s.futures, s.draw, s.past
    if futures:
        flat = [c for area in futures for c in area]
        start_draw = len(aside) + len(flat)
        order = aside + flat + draw + past + sorted(s.present)
        next_window = start_draw
    else:
        start_draw = len(aside)
        order = aside + draw + past + sorted(s.present)
        next_window = start_draw + 3
    pos: list[float] = [-1] * _SIZE
    for i, c in enumerate(order):
        pos[c] = i
    end_draw = start_draw + len(draw)
    p48 = pos[LAST]
    if p48 < 0:  # 00:48 scored: the game is won
        return 0.0
    hidden = [c for c in draw if c in unknown] if unknown else None
    if hidden:  # unseen cards: somewhere in their block, order unknown
        return _walk_hidden(s, pos, hidden, unknown, start_draw, end_draw, next_window)
    # the Future Area of a card (-1: none); the cards set aside share area 0's Present
    window = [-1] * _SIZE
    for c in aside:
        window[c] = 0
    for area_no, area in enumerate(futures):
        for c in area:
            window[c] = area_no
    carry = CARRY if s.sweets_active > 0 else 0.0
    total = 1.0 if LAST in s.present else 0.0  # it leaves the Present at step 6
    cur: float = -0.5
    prev = 0
    same_window = SAME_WINDOW
    needed = len(s.finished) + 1
    for k, q in zip(range(needed, LAST), pos[needed:LAST]):
        if q > cur:
            if cur < p48 < q:
                total += 1.0
            cur = q
            prev = k
            continue
        if q < 0:
            continue
        elif q == cur or p48 == q or p48 == cur:
            total += 0.5
        elif p48 > cur or p48 < q:
            if window[k] >= 0 and window[k] == window[prev]:
                cost = 0.0
            else:
                gap = cur - q
                cost = 1.0 - same_window.get(int(gap), 0.0)
                if q < next_window and cur < end_draw:
                    cost *= 1.0 - carry ** ((gap + 2) // 3)
            total += cost
        cur = q
        prev = k
    return total


def _walk_hidden(s: State, pos: list[float], hidden: list[int],
                 unknown: set[int] | frozenset[int], start_draw: int, end_draw: int,
                 next_window: int) -> float:
    """The walk of `passes` when some Draw Stack cards are unseen."""
    middle = sum(pos[c] for c in hidden) / len(hidden)
    for c in hidden:
        pos[c] = middle
    window = [-1] * _SIZE
    for c in s.aside:
        window[c] = 0
    for area_no, area in enumerate(s.futures):
        for c in area:
            window[c] = area_no
    p48 = pos[LAST]
    carry = CARRY if s.sweets_active > 0 else 0.0
    total = 1.0 if LAST in s.present else 0.0
    cur: float = -0.5
    prev = 0
    prev_hidden = False
    same_window = SAME_WINDOW
    needed = len(s.finished) + 1
    for k, q in zip(range(needed, LAST), pos[needed:LAST]):
        if q < 0:
            continue
        k_hidden = k in unknown and start_draw <= q < end_draw
        if prev_hidden and k_hidden:
            total += 0.5
        elif q > cur:
            if cur < p48 < q:
                total += 1.0
        elif q == cur or p48 == q or p48 == cur:
            total += 0.5
        elif p48 > cur or p48 < q:
            if window[k] >= 0 and window[k] == window[prev]:
                cost = 0.0
            else:
                gap = cur - q
                cost = 1.0 - same_window.get(int(gap), 0.0)
                if q < next_window and cur < end_draw and not prev_hidden:
                    cost *= 1.0 - carry ** ((gap + 2) // 3)
            total += cost
        cur = q
        prev = k
        prev_hidden = k_hidden
    return total


def cycle_key(s: State) -> tuple:
    """Everything `passes` looks at, but the unseen cards."""
    return (len(s.finished), s.sweets_active > 0, tuple(s.aside),
            tuple(map(tuple, s.futures)) if s.futures else (), tuple(s.draw), tuple(s.past),
            tuple(sorted(s.present)))


def value(s: State, unknown: set[int] | frozenset[int],
          memo: Optional[dict[tuple, float]] = None) -> float:
    """Bigger is better: the coffee margin, plus small rewards for sweets and progress.

    `memo` keeps `passes` by `cycle_key` (for one set of unseen cards only): many positions
    the search meets differ only in things that do not move a card.
    """
    if s.phase == OVER:
        if s.result == WON:
            return WIN
        return LOSS + len(s.finished)
    spare = min(s.coffee, s.max_rounds - s.round)
    if memo is None:
        margin = spare - passes(s, unknown)
    else:
        key = cycle_key(s)
        expected = memo.get(key)
        if expected is None:
            expected = memo[key] = passes(s, unknown)
        margin = spare - expected
    return margin + SWEET_VALUE * s.sweets_active + PROGRESS_VALUE * len(s.finished)


__all__ = ["cycle_key", "passes", "value"]

