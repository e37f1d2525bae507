"""The computer player's fast paths give exactly what the slow, plain ones give.

`quick` (the rules without their story, for the look-ahead) is held to the real rules, and the
rewritten `forecast.passes` to the plain walk it replaced, over positions from random play.
"""
from __future__ import annotations

from itertools import combinations

import pytest

from game.core import Rng, Seat, Setup
from game.core.players import RandomPlayer
from game.finished import ENGINE, quick
from game.finished.actions import Activate, Confirm, Pick
from game.finished.data import LAST
from game.finished.forecast import CARRY, SAME_WINDOW, passes
from game.finished.reasons import activation_problem
from game.finished.rules import ACTION_OF, CHOICES, GameEnded
from game.finished.search import END, children, children_by_rules, run, state_key
from game.finished.state import ACT, OVER, State

LEVELS = ("very-easy", "easy", "regular", "difficult")


def _positions(games: int = 12, every: int = 7) -> list[State]:
    """ACT positions met along random games, a few from each game and level."""
    found: list[State] = []
    for seed in range(games):
        level = LEVELS[seed % len(LEVELS)]
        state = ENGINE.new_game(Setup(100 + seed), {"level": level, "practice": False},
                                [Seat("cpu")])
        rng = Rng(seed)
        step = 0
        while ENGINE.outcome(state) is None and step < 600:
            if state.phase == ACT and step % every == 0:
                found.append(state.clone())
                if step % 2 == 0:  # random play spends its sweets early: give some back
                    found[-1].sweets_active += 3
                    found[-1].sweets_on.clear()
                if step % 3 == 0:  # and the coffee runs out late: 00:48 may end the game
                    found[-1].coffee = 0
            action = RandomPlayer().choose({}, ENGINE.legal_actions(state, 0), rng)
            state, _ = ENGINE.apply(state, action)
            step += 1
    # a game one turn from the win: the next turn's draws score 00:45 to 00:48
    found.append(State.from_snapshot({
        "level": "regular", "finished": list(range(1, 45)), "present": [47, 45],
        "draw": [46, 48], "sweets_active": 3, "coffee": 2, "round": 5, "max_rounds": 7}))
    return found


@pytest.fixture(scope="module")
def positions() -> list[State]:
    found = _positions()
    assert len(found) > 200
    return found


def _same(fast: State, slow: State) -> None:
    assert (state_key(fast), fast.result) == (state_key(slow), slow.result)


def test_quick_rules_agree_with_the_real_rules(positions):
    counted: dict[str, int] = {}
    for s in positions:
        fast = quick.copy(s)
        try:
            quick.end(fast)
        except GameEnded:
            pass
        _same(fast, run(s, [END]))
        for card in dict.fromkeys(s.present):
            allowed = quick.usable(s, card)
            assert allowed == (activation_problem(s, card) is None), card
            assert allowed == (Activate(0, card) in ENGINE.legal_actions(s, 0)), card
            if not allowed:
                continue
            real = run(s, [Activate(0, card)])
            action = ACTION_OF[card]
            counted[action] = counted.get(action, 0) + 1
            first = quick.copy(s)
            try:
                quick.activate(first, card)
            except GameEnded:
                _same(first, real)
                continue
            if action not in CHOICES or real.phase != "choose":
                _same(first, real)
                continue
            picks: list[list[int]]
            if action == "into_past":
                picks = [list(p) for p in combinations(sorted(first.present), 2)]
            elif action == "below_stack":
                picks = [sorted(first.present), list(reversed(first.present))]
            else:
                picks = [[c] for c in first.present]
            for chosen in picks:
                done = quick.copy(first)
                try:
                    if action == "into_past":
                        quick.into_past(done, *chosen)
                    elif action == "below_stack":
                        quick.below_stack(done, chosen)
                    elif action == "one_future":
                        quick.one_future(done, chosen[0])
                    else:
                        quick.exchange(done, chosen[0])
                except GameEnded:
                    pass
                steps = [Pick(0, c) for c in chosen] + [Confirm(0)]
                _same(done, run(real, steps))
    # every action with a use was tried, those with a choice too
    assert set(counted) >= {"draw_one", "draw_two", "into_past", "below_stack", "from_past",
                            "one_future", "all_future", "exchange", "remove_sweets"}


def test_quick_copy_leaves_the_original_alone(positions):
    s = next(p for p in positions if p.past and p.draw and p.present)
    before = s.snapshot()
    fast = quick.copy(s)
    quick.end(fast)
    assert s.snapshot() == before and state_key(fast) != state_key(s)


@pytest.mark.parametrize("only_ends", [False, True])
def test_children_made_quickly_are_the_children_the_rules_make(positions, only_ends):
    listed = ended = 0
    for s in positions:
        unknown = frozenset(s.draw[len(s.draw) // 2:]) if len(s.draw) % 3 == 0 else frozenset()
        fast = children(s, unknown, only_ends=only_ends, memo={})
        slow = children_by_rules(s, unknown, only_ends=only_ends)
        assert ([(v, steps, state_key(c), c.result) for v, steps, c in fast]
                == [(v, steps, state_key(c), c.result) for v, steps, c in slow])
        listed += len(fast)
        ended += sum(1 for _, _, c in fast if c.phase == OVER)
    assert listed > len(positions)
    assert ended > 0  # games won and lost among them


def _plain_passes(s: State, unknown: set[int] | frozenset[int]) -> float:
    """The forecast's walk as first written: one card at a time, nothing skipped."""
    pos: list[float] = [-1] * (LAST + 1)
    window = [-1] * (LAST + 1)
    i = 0
    for c in s.aside:
        pos[c], window[c] = i, 0
        i += 1
    for area_no, area in enumerate(s.futures):
        for c in area:
            pos[c], window[c] = i, area_no
            i += 1
    start_draw = i
    next_window = start_draw if s.futures else start_draw + 3
    for c in s.draw:
        pos[c] = i
        i += 1
    end_draw = i
    for c in s.past + sorted(s.present):
        pos[c] = i
        i += 1
    hidden = [c for c in s.draw if c in unknown]
    if hidden:
        middle = sum(pos[c] for c in hidden) / len(hidden)
        for c in hidden:
            pos[c] = middle
    p48 = pos[LAST]
    if p48 < 0:
        return 0.0
    carry = CARRY if s.sweets_active > 0 else 0.0
    total = 1.0 if LAST in s.present else 0.0
    cur: float = -0.5
    prev, prev_hidden = 0, False
    for k in range(len(s.finished) + 1, LAST):
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
        cur, prev, prev_hidden = q, k, k_hidden
    return total


def test_passes_gives_the_plain_walks_figures_to_the_last_bit(positions):
    tried = set()
    for n, s in enumerate(positions):
        variants = [s]
        if n % 5 == 0 and len(s.present) >= 2:  # Future Areas and cards set aside too
            t = s.clone()
            t.futures = [t.present[:1], t.draw[:2]]
            t.aside, t.present, t.draw = t.present[1:2], t.present[2:], t.draw[2:]
            variants.append(t)
        for v in variants:
            for unknown in (frozenset(), frozenset(v.draw[1::2]), frozenset(v.draw)):
                expected = _plain_passes(v, unknown)
                assert passes(v, unknown) == expected
                tried.add(expected)
    assert len(tried) > 50  # many different figures, not one repeated
