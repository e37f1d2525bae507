"""The good player's planner works out a candidate board from the board it came from: only
the faces a change touches are looked at again, and the counters are taken over from the
base board. These parts must give exactly what a plain computation gives (the joined search,
which adds the far part's cost summed from the far end, up to rounding)."""
from __future__ import annotations

import math
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
                table.joined.pop(bytes(candidate), None)
                cost = planner.cost_of(candidate, changed, float("inf"))
                expected = _reference_plan_cost(candidate, LAYOUT, 20)
                if tails:
                    assert math.isclose(cost, expected, rel_tol=1e-12), (board, candidate)
                else:
                    assert cost == expected, (board, candidate)
                checked += 1
    assert checked > 3000


def test_the_far_part_of_every_counter_costs_what_the_plain_search_from_there_says():
    """`_back`: per counter, the cheapest way on to the far end, against the plain formula
    run on the board with every counter before it lifted and the number below it as the
    near end (a chain from there may only use what lies after it)."""
    rnd = random.Random(55)
    table = ai._table(LAYOUT, 20)
    checked = 0
    for _ in range(300):
        board = _random_board(rnd, rnd.choice([rnd.randint(1, 11), 12]))
        planner = ai._Planner(board, table, True)
        prefix = list(ai.accumulate(ai._halves(board, table.owns), initial=0))
        for (square, number), back in zip(planner.nodes, planner.back):
            if square == len(board):
                assert back == 0.0
                continue
            # The plain search started at this counter: a near end standing on it.
            plain = ai._chain([(number, 0.0, square + 1)],
                              [nd for nd in planner.nodes if nd[0] > square], prefix, table.terms)
            assert math.isclose(back, plain, rel_tol=1e-12), (board, square)
            checked += 1
    assert checked > 1500



def test_a_player_that_keeps_its_search_between_turns_chooses_as_a_fresh_one():
    """A good player keeps the search on a kept board for the next roll; whole games played
    by one such player choose exactly what a new player would at every turn."""
    from game.core import Rng, Seat, Setup
    from game.finito import ENGINE, GoodPlayer, Keep

    kept = 0
    for seed in range(6):
        table = [Seat("A", "computer", "good"), Seat("B", "computer", "good")]
        state = ENGINE.new_game(Setup(seed=70 + seed), {"rounds": False}, table)
        players = [GoodPlayer(), GoodPlayer()]
        step = 0
        while ENGINE.outcome(state) is None:
            seat = ENGINE.to_act(state)[0]
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            action = players[seat].choose(view, legal, Rng(step))
            assert action == GoodPlayer().choose(view, legal, Rng(step)), (seed, step)
            kept += isinstance(action, Keep)
            state, _ = ENGINE.apply(state, action)
            step += 1
    assert kept > 20  # the kept search was used again
