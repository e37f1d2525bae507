"""The good player's planner works out a candidate board from the board it came from: only
the faces a change touches are looked at again, and the counters are taken over from the
base board. These parts must give exactly what a plain computation gives."""
from __future__ import annotations

import random

from game.finito import players as ai

from tests.finito.helpers import LAYOUT, SORTED
from tests.finito.test_players import _reference_plan_cost


def _random_board(rnd: random.Random, counters: int) -> list[int]:
    board = [0] * len(LAYOUT)
    for number, square in zip(rnd.sample(SORTED, counters), rnd.sample(range(len(LAYOUT)), counters)):
        board[square] = number
    return board


def _candidates(rnd: random.Random, board: list[int]) -> list[tuple[list[int], tuple[int, ...]]]:
    """A few places (when counters are left) or moves from `board`, with their changed squares."""
    free = [i for i, n in enumerate(board) if n == 0]
    found = []
    missing = [n for n in SORTED if n not in board]
    for _ in range(4):
        square = rnd.choice(free)
        candidate = list(board)
        if missing:
            candidate[square] = rnd.choice(missing)
            found.append((candidate, (square,)))
        else:
            counter = rnd.choice(SORTED)
            origin = candidate.index(counter)
            candidate[origin], candidate[square] = 0, counter
            found.append((candidate, (origin, square)))
    return found


def test_only_the_listed_faces_can_reach_differently_after_a_change():
    rnd = random.Random(21)
    table = ai._table(LAYOUT, 20)
    for _ in range(600):
        board = _random_board(rnd, rnd.choice([rnd.randint(1, 11), 12, 12]))
        planner = ai._Planner(board, table, False)
        for candidate, changed in _candidates(rnd, board):
            listed = {table.face_of[changed[-1]], *planner.edges[changed[-1]]}
            if len(changed) == 2:
                listed |= {table.face_of[changed[0]], *planner.spans[changed[0]]}
            for f, (x, y) in enumerate(table.owns):
                if ai._share(candidate, x, y) != planner.shares[f]:
                    assert f in listed, (board, candidate, f)


def test_a_candidate_costs_what_the_plain_formula_says():
    rnd = random.Random(34)
    table = ai._table(LAYOUT, 20)
    checked = 0
    for _ in range(500):
        board = _random_board(rnd, rnd.choice([rnd.randint(0, 11), 12, 12]))
        if all(board):
            continue
        for tails in (False, True):
            planner = ai._Planner(board, table, tails)
            for candidate, changed in _candidates(rnd, board):
                table.memo.pop(bytes(candidate), None)  # worked out, not remembered
                cost = planner.cost_of(candidate, changed, float("inf"))
                assert cost == _reference_plan_cost(candidate, LAYOUT, 20), (board, candidate)
                checked += 1
    assert checked > 3000
