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

from .cards import LAST
from .state import OVER, WON, State

WIN = 1000.0
LOSS = -100.0
SWEET_VALUE = 0.1
PROGRESS_VALUE = 0.02
CARRY = 0.85  # chance to carry a card one Present further when needed
# chance that two cards d places apart in the cycle end up in the same Present
SAME_WINDOW = {1: 2.0 / 3.0, 2: 1.0 / 3.0}


def passes(s: State, unknown: set[int]) -> float:
    """Expected coffees still needed to score 00:48, if nothing is rearranged any more."""
    pos: list[float] = [-1.0] * (LAST + 1)
    window = [-1] * (LAST + 1)  # Future Area of a card: cards sure to share a Present
    i = 0
    for c in s.aside:
        pos[c] = i
        window[c] = 0
        i += 1
    for area_no, area in enumerate(s.futures):
        for c in area:
            pos[c] = i
            window[c] = area_no
            i += 1
    start_draw = i
    next_window = start_draw if s.futures else start_draw + 3
    hidden: list[int] = []
    for c in s.draw:
        pos[c] = i
        if c in unknown:
            hidden.append(c)
        i += 1
    end_draw = i
    for c in s.past:
        pos[c] = i
        i += 1
    for c in sorted(s.present):
        pos[c] = i
        i += 1
    if hidden:  # unseen cards: somewhere in their block, order unknown
        middle = sum(pos[c] for c in hidden) / len(hidden)
        for c in hidden:
            pos[c] = middle
    p48 = pos[LAST]
    if p48 < 0:  # 00:48 scored: the game is won
        return 0.0
    carry = CARRY if s.sweets_active > 0 else 0.0
    total = 1.0 if LAST in s.present else 0.0  # it leaves the Present at step 6
    cur = -0.5
    prev = 0
    prev_hidden = False
    for k in range(s.needed, LAST):
        q = pos[k]
        if q < 0:
            continue
        k_hidden = bool(hidden) and k in unknown and start_draw <= q < end_draw
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
                cost = 1.0 - SAME_WINDOW.get(int(gap), 0.0)
                if q < next_window and cur < end_draw and not prev_hidden:
                    cost *= 1.0 - carry ** ((gap + 2) // 3)
            total += cost
        cur = q
        prev = k
        prev_hidden = k_hidden
    return total


def value(s: State, unknown: set[int]) -> float:
    """Bigger is better: the coffee margin, plus small rewards for sweets and progress."""
    if s.phase == OVER:
        if s.result == WON:
            return WIN
        return LOSS + len(s.finished)
    spare = min(s.coffee, s.max_rounds - s.round)
    margin = spare - passes(s, unknown)
    return margin + SWEET_VALUE * s.sweets_active + PROGRESS_VALUE * len(s.finished)


__all__ = ["passes", "value"]

