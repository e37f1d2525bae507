"""One suite over every registered game (OpenSpiel-style random-simulation checks).

A game joins by having a data file with a `game:` section: nothing here names a game.
"""
from __future__ import annotations

import json

import pytest

from game.core import HIDDEN, IllegalAction, Seat, Setup, to_json
from game.core.players import make_player
from game.core.registry import engine, game_ids, game_info
from game.core.rng import Rng
from game.core.saves import load_save, write_save
from game.core.session import Match

GAMES = game_ids()
SEEDS = range(1, 7)
MAX_ACTIONS = 20_000


def seats_for(game_id: str, count: int | None = None) -> list[Seat]:
    info = game_info(game_id)
    n = count or info.min_seats
    return [Seat(f"Seat {i}", "computer", "random") for i in range(n)]


def seat_counts(game_id: str) -> list[int]:
    info = game_info(game_id)
    return sorted({info.min_seats, info.max_seats})


def zone_pieces(view: dict, tokens=frozenset()) -> list[str]:
    """Every piece in the view's zones except fungible tokens."""
    pieces = []
    for content in view["zones"].values():
        pieces.extend(p for p in content if p is not None and p not in tokens)
    return pieces


def random_playthrough(game_id: str, seed: int, seats: list[Seat], check=None):
    """Play random legal actions to the end; returns (states, actions)."""
    eng = engine(game_id)
    state = eng.new_game(Setup(seed), game_info(game_id).default_options(), seats)
    rng = Rng(seed * 7919)
    states, actions = [state], []
    while eng.outcome(state) is None:
        to_act = eng.to_act(state)
        assert to_act, f"{game_id}: nobody may act but the game is not over"
        seat = to_act[rng.randrange(len(to_act))]
        legal = eng.legal_actions(state, seat)
        assert legal, f"{game_id}: seat {seat} must act but has no legal action"
        action = rng.choice(legal)
        if check:
            check(eng, state, seat, legal)
        state, events = eng.apply(state, action)
        assert isinstance(events, list)
        states.append(state)
        actions.append(action)
        assert len(actions) < MAX_ACTIONS, f"{game_id}: no end after {MAX_ACTIONS} actions"
    return states, actions


def test_some_games_are_registered():
    assert GAMES, "no game has a data file with a game: section"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_reaches_a_valid_outcome(game_id, seed):
    for count in seat_counts(game_id):
        seats = seats_for(game_id, count)
        states, actions = random_playthrough(game_id, seed, seats)
        outcome = engine(game_id).outcome(states[-1])
        assert outcome is not None
        assert set(outcome.winners) <= set(range(count))
        assert len(outcome.scores) == count
        assert outcome.summary
        assert engine(game_id).to_act(states[-1]) == []
        json.loads(to_json(outcome.to_dict()))


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game(game_id):
    eng = engine(game_id)
    seats = seats_for(game_id, game_info(game_id).max_seats)
    first = random_playthrough(game_id, 11, seats)
    second = random_playthrough(game_id, 11, seats)
    assert [a.text() for a in first[1]] == [a.text() for a in second[1]]
    assert [eng.digest(s) for s in first[0]] == [eng.digest(s) for s in second[0]]
    other = random_playthrough(game_id, 12, seats)
    assert eng.digest(other[0][0]) != eng.digest(first[0][0]), "the seed changes nothing"


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_never_changes_the_state_it_was_given(game_id):
    eng = engine(game_id)
    seats = seats_for(game_id)
    states, actions = random_playthrough(game_id, 5, seats)
    before = [to_json(eng.snapshot(s)) for s in states]
    replay = eng.new_game(Setup(5), game_info(game_id).default_options(), seats)
    for action in actions:
        replay, _ = eng.apply(replay, action)
    assert [to_json(eng.snapshot(s)) for s in states] == before
    assert eng.digest(replay) == eng.digest(states[-1])


@pytest.mark.parametrize("game_id", GAMES)
def test_save_then_load_gives_the_same_state(game_id, tmp_path):
    seats = seats_for(game_id, game_info(game_id).max_seats)
    _, actions = random_playthrough(game_id, 3, seats)
    for cut in sorted({0, 1, len(actions) // 2, len(actions)}):
        match = Match.start(game_id, Setup(3), None, seats)
        for action in actions[:cut]:
            match.act(action)
        path = write_save(match, tmp_path)
        loaded = load_save(path)
        assert loaded.digest() == match.digest()
        assert [a.text() for a in loaded.actions] == [a.text() for a in actions[:cut]]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:3])
def test_views_hide_what_they_must_and_pieces_are_conserved(game_id, seed):
    totals = set()

    def check(eng, state, seat, legal):
        spectator = eng.view(state, None)
        pieces = zone_pieces(spectator, eng.tokens)
        totals.add(len(pieces))
        named = [p for p in pieces if p != HIDDEN]
        assert len(named) == len(set(named)), "a piece is in two places at once"
        for viewer in list(range(len(state_seats))) + [None]:
            text = to_json(eng.view(state, viewer))
            for piece in eng.hidden_pieces(state, viewer):
                assert f'"{piece}"' not in text, f"seat {viewer} can see hidden {piece}"
            view = eng.view(state, viewer)
            assert {"zones", "to_act", "status"} <= set(view)

    for count in seat_counts(game_id):
        state_seats = seats_for(game_id, count)
        totals.clear()
        random_playthrough(game_id, seed, state_seats, check)
        assert len(totals) == 1, f"pieces were lost or made: {sorted(totals)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_round_trip_and_refusals_have_reasons(game_id):
    eng = engine(game_id)
    seats = seats_for(game_id, game_info(game_id).max_seats)
    refused = 0

    def check(eng_, state, seat, legal):
        nonlocal refused
        for action in legal:
            assert eng.parse_action(action.text()) == action
            assert eng.describe(action)
        waiting = [s for s in range(len(seats)) if s not in eng.to_act(state)]
        if waiting:
            wrong = type(legal[0])(waiting[0], *legal[0].args())
            if wrong not in eng.legal_actions(state, waiting[0]):
                with pytest.raises(IllegalAction) as info:
                    eng.apply(state, wrong)
                assert info.value.reason.strip()
                refused += 1

    random_playthrough(game_id, 2, seats, check)
    if len(seats) > 1:
        assert refused > 0


class Watched:
    """A computer player whose every choice is checked: one of the legal actions it was
    handed, never anything else (the rest of the player, its reaction time, is its own)."""

    def __init__(self, player, label: str) -> None:
        self.player, self.label, self.choices = player, label, 0

    def __getattr__(self, name):
        return getattr(self.player, name)

    def choose(self, view, legal, rng):
        action = self.player.choose(view, legal, rng)
        assert action in list(legal), (
            f"{self.label} chose {action.text()!r}, not one of the {len(legal)} legal actions")
        self.choices += 1
        return action


def busiest_options(game_id: str) -> dict:
    """Every yes-or-no option on and every choice at its last (a game's other mode, squads
    picked by the coaches): the table rules that give computer players the most to choose."""
    options = game_info(game_id).default_options()
    for option in game_info(game_id).options:
        if option.type == "bool":
            options[option.id] = True
        elif option.type == "choice":
            options[option.id] = option.choices[-1]
    return options


@pytest.mark.parametrize("game_id", GAMES)
def test_every_computer_strength_plays_only_legal_actions(game_id):
    """Every strength the game's data file lists plays whole games, with the default options
    at the fewest seats and with every table rule on at the most, as the game plays them out
    (turn by turn, or on the clocks of its real-time rounds): each choice is one of the legal
    actions the player was given, and the engine, which refuses anything else, takes it."""
    info, eng = game_info(game_id), engine(game_id)
    assert info.strengths
    for strength in info.strengths:
        for seed in (1, 2):
            for count, options in ((info.min_seats, info.default_options()),
                                   (info.max_seats, busiest_options(game_id))):
                seats = [Seat(f"Seat {i}", "computer", strength) for i in range(count)]
                label = f"{game_id} {strength} seed {seed} ({count} seats, {options})"
                players = [Watched(make_player(game_id, strength), label) for _ in seats]
                state = eng.new_game(Setup(seed), options, seats)
                final, actions = eng.play_out(state, players, Rng(seed * 7919),
                                              max_actions=MAX_ACTIONS)
                assert eng.outcome(final) is not None, label
                assert actions and sum(p.choices for p in players) > 0, label
