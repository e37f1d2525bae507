"""The good player's planner works out a candidate board from the board it came from: only
the faces a change touches are looked at again, the reach with a square covered is shared by
every candidate that covers it, and the counters are taken over from the base board. These
parts must give exactly what a plain computation gives (the joined search, which adds the far
part's cost summed from the far end, up to rounding). Also here: the engine's board helpers,
sped up for the same reason, against plain versions of them."""
from __future__ import annotations

import math
import random
from itertools import accumulate

from game.finito import board as rules
from game.finito import planner as ai

from tests.finito.helpers import LAYOUT, SORTED
from tests.finito.test_players import _reference_plan_cost, _reference_reach


def _random_board(rnd: random.Random, counters: int) -> list[int]:
    board = [0] * len(LAYOUT)
    squares = rnd.sample(range(len(LAYOUT)), counters)
    for number, square in zip(rnd.sample(SORTED, counters), squares):
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


def _plain_prefix(board: list[int]) -> list[int]:
    """The running sum of the plain reach, in halves."""
    return list(accumulate((round(2 * w) for w in _reference_reach(board, LAYOUT)), initial=0))


def _boards(rnd: random.Random, count: int) -> list[list[int]]:
    """Boards being filled and full ones, the usual sights of a game."""
    return [_random_board(rnd, rnd.choice([rnd.randint(1, 11), 12, 12])) for _ in range(count)]


def test_only_the_listed_faces_can_reach_differently_after_a_change():
    rnd = random.Random(21)
    table = ai._table(LAYOUT, 20)
    for board in _boards(rnd, 600):
        planner = ai._Planner(board, table, False)
        for candidate, changed in _candidates(rnd, board):
            listed = {table.face_of[changed[-1]], *planner.edges(changed[-1])}
            if len(changed) == 2:
                listed |= {table.face_of[changed[0]], *planner.spans(changed[0])}
            for f, (x, y) in enumerate(table.owns):
                if ai._share(candidate, x, y) != planner.shares[f]:
                    assert f in listed, (board, candidate, f)


def test_a_base_board_has_the_plain_reach_and_cost():
    rnd = random.Random(3)
    table = ai._table(LAYOUT, 20)
    for board in _boards(rnd, 400):
        planner = ai._Planner(board, table, rnd.random() < 0.5)
        assert planner.prefix == _plain_prefix(board)
        assert planner.shares == [ai._share(board, x, y) for x, y in table.owns]
        assert planner.cost == _reference_plan_cost(board, LAYOUT, 20)


def test_the_reach_with_a_square_covered_or_a_counter_moved_is_the_plain_reach():
    """Shared coverings and the moves built on them: the reach equals the plain reach of the
    candidate board, and every square whose reach changed lies within the span given."""
    rnd = random.Random(17)
    table = ai._table(LAYOUT, 20)
    checked = 0
    for board in _boards(rnd, 500):
        planner = ai._Planner(board, table, False)
        base = planner.weight
        free = [i for i, n in enumerate(board) if n == 0]
        for _ in range(4):
            square = rnd.choice(free)
            covered = list(board)
            covered[square] = 99
            cover = planner.covering(square)
            assert cover.prefix == _plain_prefix(covered)
            changed = [i for i in range(len(board)) if cover.weight[i] != base[i]] + [square]
            assert cover.first <= min(changed) and max(changed) <= cover.last
            counter = rnd.choice([n for n in board if n] or [0])
            if counter:
                moved = list(board)
                moved[moved.index(counter)], moved[square] = 0, counter
                origin, prefix, first, last = planner.moved(counter, square)
                assert prefix == _plain_prefix(moved) and origin == board.index(counter)
                weight = [b - a for a, b in zip(prefix, prefix[1:])]
                changed = [i for i in range(len(board)) if weight[i] != base[i]] + [square, origin]
                assert first <= min(changed) and max(changed) <= last
                checked += 1
        assert planner.board == board  # the planner changes its board for a moment only
    assert checked > 1500


def test_a_candidate_costs_what_the_plain_formula_says():
    rnd = random.Random(34)
    table = ai._table(LAYOUT, 20)
    checked = 0
    for board in _boards(rnd, 500):
        if all(board):
            continue
        for tails in (False, True):
            planner = ai._Planner(board, table, tails)
            for candidate, changed in _candidates(rnd, board):
                target = changed[-1]
                if len(changed) == 1:
                    cost = planner.place_cost(candidate[target], target, float("inf"))
                else:
                    cost = planner.move_cost(candidate[target], target, float("inf"))
                expected = _reference_plan_cost(candidate, LAYOUT, 20)
                if tails:
                    assert math.isclose(cost, expected, rel_tol=1e-12), (board, candidate)
                else:
                    assert cost == expected, (board, candidate)
                checked += 1
    assert checked > 3000


def test_the_gap_bound_never_exceeds_the_windows_it_bounds():
    """`bounds[n][h]` is checked before costing n windows that share h halves of reach; added
    to any cost so far it must stay at or below the windows' sum as the search adds it up."""
    rnd = random.Random(2)
    table = ai._table(LAYOUT, 20)
    for n in range(1, 13):
        for h in range(len(table.terms)):
            for _ in range(60):
                cuts = sorted(rnd.randint(0, h) for _ in range(n - 1))
                parts = [b - a for a, b in zip([0] + cuts, cuts + [h])]
                cost = start = rnd.choice([0.0, rnd.uniform(0, 300)])
                for halves in parts:
                    cost += table.terms[halves]
                assert start + table.bounds[n][h] <= cost, (n, h, parts)
    assert table.bounds[3][30] > 0.9 * 3 * table.terms[10]  # close when the halves are even


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
        prefix = list(accumulate(ai._halves(board, table.owns), initial=0))
        for (square, number), back in zip(planner.nodes, planner.back):
            if square == len(board):
                assert back == 0.0
                continue
            # The plain search started at this counter: a near end standing on it.
            plain = ai._chain([(number, 0.0, square + 1)],
                              [nd for nd in planner.nodes if nd[0] > square], prefix, table)
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


# -- the engine's board helpers, against plain versions ------------------------------------

def _plain_targets(board, layout, roll):
    own = [i for i, n in enumerate(layout) if n == roll]
    if not own:
        return []
    free = [i for i in own if board[i] == 0]
    if free:
        return free
    before = [i for i in range(own[0]) if board[i] == 0][-1:]
    after = [i for i in range(own[-1] + 1, len(board)) if board[i] == 0][:1]
    return before + after


def _plain_longest_run(board):
    seq = [n for n in board if n]
    best = 0
    for start in range(len(seq)):
        end = start + 1
        while end < len(seq) and seq[end] > seq[end - 1]:
            end += 1
        best = max(best, end - start)
    return best


def test_the_board_helpers_agree_with_plain_versions():
    rnd = random.Random(9)
    for _ in range(3000):
        board = _random_board(rnd, rnd.randint(0, 12))
        for layout in (LAYOUT, list(LAYOUT)):  # the engine's tuple, and a plain list
            roll = rnd.randint(0, 21)
            assert rules.targets(board, layout, roll) == _plain_targets(board, layout, roll)
        assert rules.longest_run(board) == _plain_longest_run(board)
        seq = [n for n in board if n]
        assert rules.is_finished(board) == (seq == SORTED)
    full = [0] * len(LAYOUT)
    for number, square in zip(SORTED, sorted(rnd.sample(range(len(LAYOUT)), 12))):
        full[square] = number
    assert rules.is_finished(full) and rules.longest_run(full) == 12
