"""Actions that carry their time (issue 26, item 3): one TimedAction in game/core, the `ms`
field and its stamping written once, the time check made by the shared `apply` through each
game's `time_problem`; every computer player says how long it takes (`delay_ms`)."""
from __future__ import annotations

import dataclasses

import pytest

from game.core import IllegalAction, Seat, Setup, TimedAction
from game.core.actions import Action, time_of_action
from game.core.players import RandomPlayer, make_player
from game.core.registry import engine, game_ids, game_info, players


def timed_games() -> list[str]:
    """The games whose actions carry a time (found by their action classes, not named)."""
    found = []
    for game_id in game_ids():
        eng = engine(game_id)
        state = eng.new_game(Setup(1), {}, [Seat(f"S{i}") for i in range(game_info(game_id).min_seats)])
        legal = [a for seat in eng.to_act(state) for a in eng.legal_actions(state, seat)]
        if legal and all(isinstance(a, TimedAction) for a in legal):
            found.append(game_id)
    return found


def test_two_games_play_on_a_clock_and_share_one_timed_action():
    assert len(timed_games()) >= 2


@pytest.mark.parametrize("game_id", timed_games())
def test_stamping_keeps_the_action_and_ends_its_text_with_the_time(game_id):
    eng = engine(game_id)
    state = eng.new_game(Setup(3), {}, [Seat(f"S{i}") for i in range(game_info(game_id).min_seats)])
    seat = eng.to_act(state)[0]
    action = eng.legal_actions(state, seat)[0]
    stamped = eng.at_time(action, 1234)
    assert type(stamped) is type(action) and stamped == action  # the time is not in equality
    assert time_of_action(stamped) == 1234 and time_of_action(action) == action.ms
    assert stamped.text().endswith(" 1234") and dataclasses.fields(stamped)[-1].name == "ms"
    assert eng.parse_action(stamped.text()) == stamped
    assert eng.parse_action(stamped.text()).ms == 1234


@pytest.mark.parametrize("game_id", timed_games())
def test_a_time_that_runs_backwards_is_refused_with_a_reason_and_changes_nothing(game_id):
    eng = engine(game_id)
    state = eng.new_game(Setup(5), {}, [Seat(f"S{i}") for i in range(game_info(game_id).min_seats)])
    for _ in range(40):  # play on with the clock running forward until a second action
        seat = eng.to_act(state)[0]
        action = eng.legal_actions(state, seat)[0]
        state, _ = eng.apply(state, eng.at_time(action, eng.time_of(state) + 700))
        if eng.time_of(state) >= 1400:
            break
    now = eng.time_of(state)
    assert now > 0
    late = [a for seat in eng.to_act(state) for a in eng.legal_actions(state, seat)
            if a.kind not in ("close", "next_round")]
    assert late, "nothing to try"
    before = eng.snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        eng.apply(state, eng.at_time(late[0], now - 500))
    assert refused.value.reason and eng.snapshot(state) == before


def test_an_action_without_a_time_is_at_zero_and_stamping_leaves_it_alone():
    plain = Action(0)
    assert time_of_action(plain) == 0
    eng = engine(game_ids()[0])
    assert eng.at_time(plain, 99) is plain


@pytest.mark.parametrize("game_id", game_ids())
def test_every_computer_player_says_how_long_it_takes(game_id):
    for strength in players(game_id):
        player = make_player(game_id, strength)
        assert isinstance(player.delay_ms, int) and player.delay_ms > 0, strength
    assert RandomPlayer().delay_ms > 0
