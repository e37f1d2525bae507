"""The computer players of Finished!: legal, memory of the stack, stronger than random."""
from __future__ import annotations

from game.core import Rng, Seat, Setup
from game.core.players import RandomPlayer
from game.finished import ENGINE, PLAYERS, hint
from game.finished.players import GoodPlayer
from game.finished.simulate import play


def test_players_table():
    assert set(PLAYERS) == {"random", "good"}
    assert isinstance(PLAYERS["good"](), GoodPlayer)
    assert isinstance(PLAYERS["random"](), RandomPlayer)


def test_good_player_plays_legal_actions_and_remembers_the_stack():
    state = ENGINE.new_game(Setup(21), {"level": "easy", "practice": False}, [Seat("cpu")])
    player = GoodPlayer()
    rng = Rng(1)
    checked = 0
    while ENGINE.outcome(state) is None:
        legal = ENGINE.legal_actions(state, 0)
        action = player.choose(ENGINE.view(state, 0), legal, rng)
        assert action in legal
        belief = player.belief
        assert belief is not None and len(belief.deck) == len(state.draw)
        for guess, card in zip(belief.deck, state.draw):
            assert guess is None or guess == card  # what it remembers is right
        checked += sum(1 for g in belief.deck if g is not None)
        state, _ = ENGINE.apply(state, action)
    assert checked > 1000  # it did remember most of the stack after the first round


def test_hint_gives_a_legal_action_without_memory():
    state = ENGINE.new_game(Setup(3), {"level": "regular", "practice": False}, [Seat("me")])
    for _ in range(30):
        legal = ENGINE.legal_actions(state, 0)
        action = hint(ENGINE.view(state, 0), legal, Rng(0))
        assert action in legal
        state, _ = ENGINE.apply(state, action)


def test_good_player_beats_random_player():
    seeds = range(200, 206)
    good = [play(seed, "very-easy", "good") for seed in seeds]
    chance = [play(seed, "very-easy", "random") for seed in seeds]
    good_mean = sum(r.scores[0] for r in good) / len(good)
    chance_mean = sum(r.scores[0] for r in chance) / len(chance)
    assert good_mean > chance_mean + 12
    assert sum(1 for r in good if r.winners) >= 2
    assert not any(r.winners for r in chance)


# -- the search's speed-ups must not change what it finds ---------------------------------------

import dataclasses  # noqa: E402

import pytest  # noqa: E402

from game.finished import search  # noqa: E402
from game.finished.forecast import passes  # noqa: E402
from game.finished.search import END, Table, beam, children, state_key  # noqa: E402
from game.finished.state import ACT, OVER, State  # noqa: E402


def _random_position(seed: int, level: str, steps: int) -> State:
    """A reproducible mid-game state: `steps` random legal actions from a seeded deal."""
    state = ENGINE.new_game(Setup(seed), {"level": level, "practice": False}, [Seat("cpu")])
    rng = Rng(seed)
    for _ in range(steps):
        if ENGINE.outcome(state) is not None:
            break
        state, _ = ENGINE.apply(state, RandomPlayer().choose({}, ENGINE.legal_actions(state, 0), rng))
    return state


def _searched_positions() -> list[tuple[State, frozenset[int]]]:
    """Every position the good player searched from in a few seeded games (the guesses it made,
    with the cards it had not seen), at every level."""
    found: list[tuple[State, frozenset[int]]] = []
    real_beam = search.beam

    def spy(s, unknown, **kwargs):
        found.append((s.clone(), frozenset(unknown)))
        return real_beam(s, unknown, **kwargs)

    from game.finished import players as ai
    ai.beam = spy
    try:
        for seed, level in ((11, "very-easy"), (12, "regular"), (13, "difficult")):
            play(seed, level, "good")
    finally:
        ai.beam = real_beam
    return found


def _plain_beam(s, unknown, turns, width, per_turn):
    """The search without transposition table and without skipping anything (the reference)."""
    best_value, best_plan = float("-inf"), [END]
    frontier = [(0.0, [], s, 0, 0)]
    while frontier:
        grown = []
        for _, plan, state, ends, acts in frontier:
            for score, steps, child in children(state, unknown):
                is_end = steps[0] == END
                n_ends = ends + (1 if is_end else 0)
                n_acts = 0 if is_end else acts + 1
                if child.phase == OVER or n_ends >= turns:
                    if score > best_value:
                        best_value, best_plan = score, plan + steps
                    continue
                if child.phase == ACT and n_acts <= per_turn:
                    grown.append((score, plan + steps, child, n_ends, n_acts))
        grown.sort(key=lambda node: -node[0])
        frontier = grown[:width]
    return best_value, best_plan


@pytest.fixture(scope="module")
def searched():
    return _searched_positions()


def test_transposition_table_finds_the_same_plans_as_the_plain_search(searched):
    assert len(searched) > 100
    assert any(unknown for _, unknown in searched)  # early guesses with unseen cards too
    table = Table()  # one table through all searches, as the player keeps it
    for s, unknown in searched:
        with_table = beam(s, unknown, turns=2, width=10, per_turn=4, table=table)
        assert with_table == _plain_beam(s, unknown, 2, 10, 4)
    assert table.hits > 0  # the table was really used


def test_children_for_the_last_action_of_a_turn_lists_exactly_the_ends(searched):
    left_out = game_over = 0
    for s, unknown in searched[::3]:
        full = children(s, unknown)
        ends = children(s, unknown, only_ends=True)
        wanted = [c for c in full if c[1][0] == END or c[2].phase == OVER]
        assert [(v, steps) for v, steps, _ in ends] == [(v, steps) for v, steps, _ in wanted]
        left_out += len(full) - len(ends)
        game_over += sum(1 for c in ends if c[2].phase == OVER)
    assert left_out > 0 and game_over > 0  # children were left out, and games ended


def test_state_key_sees_every_field_the_rules_use():
    s = _random_position(5, "regular", 60)
    assert s.phase == ACT and s.pending is None and s.draw and s.present and s.past
    base = state_key(s)
    changes = {
        "draw": lambda t: t.draw.reverse(), "present": lambda t: t.present.reverse(),
        "past": lambda t: t.past.reverse(), "aside": lambda t: t.aside.append(99),
        "futures": lambda t: t.futures.append([99]), "finished": lambda t: t.finished.append(99),
        "sweets_active": lambda t: setattr(t, "sweets_active", t.sweets_active + 1),
        "sweets_reserved": lambda t: setattr(t, "sweets_reserved", t.sweets_reserved + 1),
        "sweets_on": lambda t: t.sweets_on.__setitem__(t.present[0], 3),
        "coffee": lambda t: setattr(t, "coffee", t.coffee + 1),
        "round": lambda t: setattr(t, "round", t.round + 1),
        "max_rounds": lambda t: setattr(t, "max_rounds", t.max_rounds + 1),
        "phase": lambda t: setattr(t, "phase", OVER),
    }
    for name, change in changes.items():
        other = s.clone()
        change(other)
        assert state_key(other) != base, name
    # what the rules never read: the turn number, counters kept for the table, the generator
    other = s.clone()
    other.turn, other.top_known, other.fresh, other.went_below = 99, 1, 2, 3
    other.rng = Rng(12345)
    assert state_key(other) == base


def test_clone_copies_every_field_and_shares_no_list():
    s = _random_position(6, "easy", 90)
    s.futures = [[40, 41], [42]]
    s.sweets_on = {s.present[0]: 1}
    copy = s.clone()
    for f in dataclasses.fields(State):
        assert getattr(copy, f.name) == getattr(s, f.name), f.name
    assert copy.snapshot() == s.snapshot()
    copy.draw.append(1)
    copy.present.append(1)
    copy.past.append(1)
    copy.aside.append(1)
    copy.futures[0].append(1)
    copy.finished.append(1)
    copy.sweets_on[1] = 1
    copy.rng.next64()
    assert copy.snapshot() != s.snapshot()
    assert s.draw != copy.draw and s.futures[0] == [40, 41] and 1 not in s.sweets_on
    assert s.rng != copy.rng


@pytest.mark.parametrize("seed, level, steps, open_stack, half_unseen", [
    (1, "very-easy", 40, 18.434177567708335, 16.434177567708335),
    (2, "regular", 120, 19.666666666666668, 16.666666666666668),
    (3, "difficult", 250, 21.333333333333336, 13.166666666666668),
    (4, "easy", 400, 16.0, 18.5),
])
def test_forecast_passes_keeps_its_exact_figures(seed, level, steps, open_stack, half_unseen):
    # figures of the forecast before it was rewritten for speed, to the last bit
    s = _random_position(seed, level, steps)
    assert passes(s, set()) == open_stack
    assert passes(s, set(s.draw[len(s.draw) // 2:])) == half_unseen
