"""Look-ahead for the computer player: a beam search over whole turns on a known Draw Stack.

A step is either one action with all its choices (which two cards into the Past, which card
on top, ...) or END (sort the Present ascending and end the turn). A plan is a list of steps;
the search keeps the best few partial plans at each depth and stops a plan after `turns`
ENDs. Leaves are judged by `forecast.value`.
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterator, Optional, Union

from game.core import Action

from . import quick, rules
from .actions import Activate, Confirm, Pick
from .data import CARD_COUNT
from .engine import apply_action
from .reasons import activation_problem
from .forecast import value
from .rules import ACTION_OF, CHOICES
from .state import ACT, CHOOSE, OVER, WON, State
from .story import Silent

END = "end"
Step = Union[str, Action]
Plan = list[Step]
CHOICES_KEPT = 3  # completions of one action kept for deeper search
MEMO_LIMIT = 20000  # forecasts a transposition table keeps at most (a few megabytes)
_QUIET = Silent()
_CONFIRM = Confirm(0)
_ACTIVATE = {c: Activate(0, c) for c in range(1, CARD_COUNT + 1)}
_PICK = {c: Pick(0, c) for c in range(1, CARD_COUNT + 1)}


def _step(s: State, step: Step) -> None:
    """Carry out one step on `s` in place, telling nobody (the search needs no story)."""
    kind = type(step)
    if kind is str:
        s.present.sort()
        rules.end_turn(s, _QUIET)
    elif kind is Pick:
        assert s.pending is not None
        s.pending.picked.append(step.card)  # type: ignore[union-attr]  # `kind is Pick` narrows it: the search's fast path
    elif kind is Activate:
        rules.activate(s, step.card, _QUIET)  # type: ignore[union-attr]  # as above: `kind is Activate`
    elif kind is Confirm:
        rules.confirm(s, _QUIET)
    else:
        apply_action(s, step, _QUIET)


def run(s: State, steps: list[Step]) -> State:
    """A copy of `s` after `steps` (rules only)."""
    s = s.clone()
    try:
        for step in steps:
            _step(s, step)
    except rules.GameEnded:
        pass
    return s


def completions(s: State) -> list[list[Action]]:
    """Every sensible way to finish the waiting choice of `s` (picks then confirm)."""
    p = s.pending
    assert p is not None
    free = [c for c in s.present if c not in p.picked]
    if p.action == "into_past":
        need = 2 - len(p.picked)
        options = [[Pick(0, c) for c in pair] for pair in combinations(sorted(free), need)]
    elif p.action == "below_stack":
        options = [[Pick(0, c) for c in sorted(free)]]
    else:
        options = [[]] if p.picked else [[Pick(0, c)] for c in free]
    return [o + [_CONFIRM] for o in options]


Child = tuple[float, list[Step], State]


def children(s: State, unknown: set[int] | frozenset[int], keep: int = CHOICES_KEPT,
             only_ends: bool = False, memo: Optional[dict[tuple, float]] = None
             ) -> list[Child]:
    """(value, steps, state) for every next step from `s` (an ACT state).

    Of each action with a choice only the `keep` best completions are listed. With
    `only_ends` the caller has no use for a child that goes on with this turn (the beam at
    its last action of a turn): then only the END child and the children that end the game
    are listed, exactly those and in the same order as without it, and nothing else is
    judged. This relies on `forecast.value` ranking every won game above every open
    position and every open position above every lost game. `memo`: see `forecast.value`.

    The positions are made by `quick` (the rules without their story); `children_by_rules`
    is the same list made with the real rules.
    """
    after = quick.copy(s)
    try:
        quick.end(after)
    except rules.GameEnded:
        pass
    result: list[Child] = [(value(after, unknown, memo), [END], after)]
    if s.sweets_active <= 0:  # an action costs a sweet
        return result
    for card in dict.fromkeys(s.present):
        if not quick.usable(s, card):
            continue
        use = _ACTIVATE[card]
        first = quick.copy(s)
        action = ACTION_OF[card]
        try:
            quick.activate(first, card)
        except rules.GameEnded:
            result.append((value(first, unknown, memo), [use], first))
            continue
        if action not in CHOICES or (action == "exchange" and not first.present):
            if not only_ends:
                result.append((value(first, unknown, memo), [use], first))
            continue
        if only_ends:
            result.extend(_ending_completions(first, use, action, unknown, keep, memo))
            continue
        options = [(value(done, unknown, memo), steps, done)
                   for steps, done in _completed(first, use, action)]
        options.sort(key=_minus_value)
        result.extend(options[:keep])
    return result


def _completed(first: State, use: Action, action: str) -> Iterator[tuple[list[Step], State]]:
    """(steps, state) for every completion of `first`'s choice, in `completions`' order."""
    present = first.present
    if action == "into_past":
        for a, b in combinations(sorted(present), 2):
            done = quick.copy(first)
            try:
                quick.into_past(done, a, b)
            except rules.GameEnded:
                pass
            yield [use, _PICK[a], _PICK[b], _CONFIRM], done
    elif action == "below_stack":
        row = sorted(present)
        done = quick.copy(first)
        try:
            quick.below_stack(done, row)
        except rules.GameEnded:
            pass
        yield [use, *[_PICK[c] for c in row], _CONFIRM], done
    else:
        carry_out = quick.one_future if action == "one_future" else quick.exchange
        for c in present:
            done = quick.copy(first)
            carry_out(done, c)
            yield [use, _PICK[c], _CONFIRM], done


def children_by_rules(s: State, unknown: set[int] | frozenset[int], keep: int = CHOICES_KEPT,
                      only_ends: bool = False, memo: Optional[dict[tuple, float]] = None
                      ) -> list[Child]:
    """`children` made with the real rules, step by step through `run` (slow: the reference
    the tests hold `children` to)."""
    result: list[Child] = []
    after = run(s, [END])
    result.append((value(after, unknown, memo), [END], after))
    usable = dict.fromkeys(s.present) if s.sweets_active > 0 else ()
    for card in usable:
        if activation_problem(s, card) is not None:
            continue
        use = Activate(0, card)
        first = run(s, [use])
        if first.phase != CHOOSE:
            if not only_ends or first.phase == OVER:
                result.append((value(first, unknown, memo), [use], first))
            continue
        options = []
        for picks in completions(first):
            done = run(first, picks)
            options.append((value(done, unknown, memo), [use] + picks, done))
        if only_ends:
            wins = [o for o in options if o[2].phase == OVER and o[2].result == WON]
            losses = [o for o in options if o[2].phase == OVER and o[2].result != WON]
            still_open = len(options) - len(wins) - len(losses)
            kept = wins[:keep]
            room = keep - len(kept) - still_open
            if room > 0:
                losses.sort(key=_minus_value)
                kept.extend(losses[:room])
            result.extend(kept)
            continue
        options.sort(key=_minus_value)
        result.extend(options[:keep])
    return result


def _minus_value(child: Child) -> float:
    return -child[0]


def _ending_completions(first: State, use: Action, action: str,
                        unknown: set[int] | frozenset[int], keep: int,
                        memo: Optional[dict[tuple, float]]) -> list[Child]:
    """The completions of `first`'s choice that end the game and that `children` would keep
    among its best `keep`: wins rank first, then every open position, then losses."""
    wins: list[Child] = []
    losses: list[Child] = []
    still_open = 0
    for steps, done in _completed(first, use, action):
        if done.phase != OVER:
            still_open += 1
            continue
        child = (value(done, unknown, memo), steps, done)
        (wins if done.result == WON else losses).append(child)
    kept = wins[:keep]
    room = keep - len(kept) - still_open
    if room > 0:
        losses.sort(key=_minus_value)
        kept.extend(losses[:room])
    return kept


def state_key(s: State) -> tuple:
    """Everything about an ACT state that the rules and `forecast.value` look at (not the
    turn number, the bookkeeping counters or the random generator): two states with the same
    key have the same children, with the same values."""
    return (s.phase, s.coffee, s.round, s.max_rounds, s.sweets_active, s.sweets_reserved,
            len(s.finished), tuple(s.present), tuple(s.past), tuple(s.draw), tuple(s.aside),
            tuple(map(tuple, s.futures)) if s.futures else (),
            tuple(sorted(s.sweets_on.items())) if s.sweets_on else ())


class Table:
    """A transposition table for `beam`: the children of the states already expanded, in
    this search and the one before (the next turn's search meets many of them again).

    Children depend on the Draw Stack guess and on which cards are unseen; a search with
    other unseen cards starts an empty table. Sharing is safe: children are never changed.
    """

    def __init__(self) -> None:
        self.unknown: frozenset[int] | None = None
        self.now: dict[tuple, list[Child]] = {}
        self.before: dict[tuple, list[Child]] = {}
        self.memo: dict[tuple, float] = {}  # forecast.passes by forecast.cycle_key
        self.hits = 0
        self.misses = 0

    def start(self, unknown: set[int] | frozenset[int]) -> frozenset[int]:
        """A new search: keep the last search's entries one more time."""
        frozen = frozenset(unknown)
        if frozen != self.unknown:
            self.unknown, self.before, self.memo = frozen, {}, {}
        else:
            self.before = self.now
        if len(self.memo) > MEMO_LIMIT:
            self.memo = {}
        self.now = {}
        return frozen

    def children(self, s: State, only_ends: bool) -> list[Child]:
        """`children(s, ...)` from the table when it is there (the full list serves both)."""
        assert self.unknown is not None and s.pending is None
        key = state_key(s)
        found = self.now.get((key, False))
        if found is None and only_ends:
            found = self.now.get((key, True))
        if found is None:
            for full in ((False, True) if only_ends else (False,)):
                found = self.before.get((key, full))
                if found is not None:
                    self.now[(key, full)] = found
                    break
        if found is not None:
            self.hits += 1
            return found
        self.misses += 1
        found = children(s, self.unknown, CHOICES_KEPT, only_ends, self.memo)
        self.now[(key, only_ends)] = found
        return found


def beam(s: State, unknown: set[int] | frozenset[int], turns: int = 2, width: int = 5,
         per_turn: int = 4, table: Table | None = None) -> tuple[float, Plan]:
    """Best value reachable within `turns` turn ends, and the plan that reaches it.

    `table` (optional) carries expanded states over to the next search; the result is the
    same with or without it.
    """
    if table is None:
        table = Table()
    unknown = table.start(unknown)
    best_value, best_plan = float("-inf"), [END]
    frontier: list[tuple[float, Plan, State, int, int]] = [(value(s, unknown), [], s, 0, 0)]
    while frontier:
        grown: list[tuple[float, Plan, State, int, int]] = []
        for _, plan, state, ends, acts in frontier:
            for score, steps, child in table.children(state, acts >= per_turn):
                is_end = type(steps[0]) is str
                n_ends = ends + 1 if is_end else ends
                n_acts = 0 if is_end else acts + 1
                if child.phase == OVER or n_ends >= turns:
                    if score > best_value:
                        best_value, best_plan = score, plan + steps
                    continue
                if child.phase == ACT and n_acts <= per_turn:
                    grown.append((score, plan + steps, child, n_ends, n_acts))
        grown.sort(key=_minus_score)
        frontier = grown[:width]
    return best_value, best_plan


def _minus_score(node: tuple[float, Plan, State, int, int]) -> float:
    return -node[0]


def first_steps(plan: Plan) -> list[Step]:
    """The steps of a plan up to and including its first END (this turn's part)."""
    out: list[Step] = []
    for step in plan:
        out.append(step)
        if step == END:
            break
    return out


__all__ = ["END", "Plan", "Step", "Table", "beam", "children", "children_by_rules", "completions",
           "first_steps", "run", "state_key"]
