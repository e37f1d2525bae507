"""Look-ahead for the computer player: a beam search over whole turns on a known Draw Stack.

A step is either one action with all its choices (which two cards into the Past, which card
on top, ...) or END (sort the Present ascending and end the turn). A plan is a list of steps;
the search keeps the best few partial plans at each depth and stops a plan after `turns`
ENDs. Leaves are judged by `forecast.value`.
"""
from __future__ import annotations

from itertools import combinations
from typing import Union

from game.core import Action

from . import rules
from .actions import Activate, Confirm, Pick
from .engine import apply_action
from .explain import activation_problem
from .forecast import value
from .state import ACT, CHOOSE, OVER, State
from .story import Silent

END = "end"
Step = Union[str, Action]
Plan = list[Step]
CHOICES_KEPT = 3  # completions of one action kept for deeper search
_QUIET = Silent()


def run(s: State, steps: list[Step]) -> State:
    """A copy of `s` after `steps` (rules only)."""
    s = s.clone()
    try:
        for step in steps:
            if step == END:
                s.present.sort()
                rules.end_turn(s, _QUIET)
            else:
                apply_action(s, step, _QUIET)  # type: ignore[arg-type]
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
    return [o + [Confirm(0)] for o in options]


def children(s: State, unknown: set[int], keep: int = CHOICES_KEPT
             ) -> list[tuple[float, list[Step], State]]:
    """(value, steps, state) for every next step from `s` (an ACT state)."""
    result: list[tuple[float, list[Step], State]] = []
    after = run(s, [END])
    result.append((value(after, unknown), [END], after))
    for card in dict.fromkeys(s.present):
        if activation_problem(s, card) is not None:
            continue
        first = run(s, [Activate(0, card)])
        if first.phase != CHOOSE:
            result.append((value(first, unknown), [Activate(0, card)], first))
            continue
        options = []
        for picks in completions(first):
            done = run(first, picks)  # type: ignore[arg-type]
            options.append((value(done, unknown), [Activate(0, card)] + picks, done))
        options.sort(key=lambda o: -o[0])
        result.extend(options[:keep])
    return result


def beam(s: State, unknown: set[int], turns: int = 2, width: int = 5,
         per_turn: int = 4) -> tuple[float, Plan]:
    """Best value reachable within `turns` turn ends, and the plan that reaches it."""
    best_value, best_plan = float("-inf"), [END]
    frontier: list[tuple[float, Plan, State, int, int]] = [(value(s, unknown), [], s, 0, 0)]
    while frontier:
        grown: list[tuple[float, Plan, State, int, int]] = []
        for _, plan, state, ends, acts in frontier:
            for score, steps, child in children(state, unknown):
                is_end = steps[0] == END
                n_ends = ends + (1 if is_end else 0)
                n_acts = 0 if is_end else acts + 1
                full = plan + steps
                if child.phase == OVER or n_ends >= turns:
                    if score > best_value:
                        best_value, best_plan = score, full
                    continue
                if child.phase == ACT and n_acts <= per_turn:
                    grown.append((score, full, child, n_ends, n_acts))
        grown.sort(key=lambda node: -node[0])
        frontier = grown[:width]
    return best_value, best_plan


def first_steps(plan: Plan) -> list[Step]:
    """The steps of a plan up to and including its first END (this turn's part)."""
    out: list[Step] = []
    for step in plan:
        out.append(step)
        if step == END:
            break
    return out


__all__ = ["END", "Plan", "Step", "beam", "children", "completions", "first_steps", "run"]
