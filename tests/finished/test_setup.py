"""Finished! set-up: seeded and explicit deals, the four levels, deal validation, data."""
from __future__ import annotations

import pytest

from tests.finished.helpers import make_deal, new
from game.core import Seat, Setup
from game.core.registry import DataError, game_info
from game.finished import ENGINE, PLAYERS
from game.finished.data import card_data, parse_card_data
from game.core.registry import load_data


def seeded(seed: int, level: str = "very-easy"):
    return ENGINE.new_game(Setup(seed), {"level": level, "practice": False}, [Seat("me")])


def test_seeded_deal_keeps_48_at_the_bottom_and_draws_three():
    for seed in range(20):
        state = seeded(seed)
        assert state.draw[-1] == 48
        assert len(state.present) == 3  # scoring always draws a replacement
        everything = state.draw + state.present + state.finished
        assert sorted(everything) == list(range(1, 49))
        assert state.turn == 1 and state.round == 1


def test_same_seed_same_game_and_different_seeds_differ():
    assert seeded(5).snapshot() == seeded(5).snapshot()
    assert seeded(5).draw != seeded(6).draw


def test_explicit_deal_is_used_top_first():
    state = new([20, 30, 40, 41, 42])
    assert state.present == [20, 30, 40]
    assert state.draw[:2] == [41, 42]
    assert state.draw[-1] == 48


@pytest.mark.parametrize("level, coffee, active, reserved, rounds", [
    ("very-easy", 7, 7, 3, 8), ("easy", 7, 5, 5, 8), ("regular", 6, 5, 5, 7),
    ("difficult", 5, 5, 5, 6)])
def test_levels_set_up_supplies_and_round_limit(level, coffee, active, reserved, rounds):
    state = new([20, 30, 40], level=level)  # no sweet icon among the first three
    view = ENGINE.view(state, 0)
    assert (state.coffee, state.sweets_active, state.sweets_reserved, state.max_rounds) == \
        (coffee, active, reserved, rounds)
    assert (view["coffee"], view["sweets_active"], view["sweets_reserved"], view["max_rounds"]) \
        == (coffee, active, reserved, rounds)
    assert view["level"] == level and view["round"] == 1


@pytest.mark.parametrize("deal, words", [
    ([1, 2, 3], "48 card numbers"),
    (list(range(1, 48)) + [47], "each of 1..48 once"),
    (list(range(48, 0, -1)), "bottom"),
    ("1 2 3", "list"),
    (list(range(1, 48)) + [True], "48 card numbers"),
])
def test_bad_deals_are_refused_with_a_reason(deal, words):
    with pytest.raises(ValueError, match=words):
        ENGINE.new_game(Setup(0, deal), {"level": "easy", "practice": False}, [Seat("me")])


def test_unknown_level_and_wrong_seats_are_refused():
    with pytest.raises(ValueError, match="level"):
        ENGINE.new_game(Setup(0), {"level": "nightmare", "practice": False}, [Seat("me")])
    with pytest.raises(ValueError, match="solo"):
        ENGINE.new_game(Setup(0), {"level": "easy", "practice": False}, [Seat("a"), Seat("b")])


def test_make_deal_helper_builds_permutations():
    deal = make_deal([5, 1], rest=[7])
    assert deal[:3] == [5, 1, 7] and deal[-1] == 48 and sorted(deal) == list(range(1, 49))


def test_registry_section_and_players():
    info = game_info("finished")
    assert info.title == "Finished!" and info.min_seats == info.max_seats == 1
    assert info.engine_module == "game.finished"
    assert set(info.strengths) == {"random", "good"} and info.default_strength == "good"
    level = info.option("level")
    assert level.default == "very-easy"
    assert level.choices == ("very-easy", "easy", "regular", "difficult")
    assert info.option("practice").default is False and info.option("practice").help
    assert set(PLAYERS) >= set(info.strengths)


def test_card_data_table():
    data = card_data()
    assert len(data.cards) == 48 and len(data.actions) == 13
    by_action: dict[str, list[int]] = {}
    for number, card in data.cards.items():
        by_action.setdefault(card.action, []).append(number)
    assert by_action["take_sweets"] == [3, 6, 10, 15, 21, 28, 36, 45]
    assert by_action["draw_one"] == [9, 14, 20, 27, 31, 34, 46]
    assert by_action["below_stack"] == [4, 7, 29, 42]
    assert by_action["into_past"] == [5, 11, 17, 23, 25, 41]
    assert by_action["from_past"] == [8, 18, 30, 44]
    assert by_action["one_future"] == [12, 19, 32, 40]
    assert by_action["all_future"] == [16, 24, 26, 35, 38]
    assert by_action["exchange"] == [13, 22, 33, 39, 43]
    assert by_action["draw_two"] == [2] and by_action["draw_thrice"] == [47]
    assert by_action["remove_sweets"] == [37]
    assert by_action["first"] == [1] and by_action["last"] == [48]
    assert data.actions["draw_thrice"].uses == 3
    assert [n for n, c in data.cards.items() if c.sweet] == by_action["take_sweets"]
    assert data.rules_notes


def _broken(change):
    data = load_data("finished")
    data = {**data, "cards": [dict(c) for c in data["cards"]],
            "actions": [dict(a) for a in data["actions"]],
            "levels": [dict(x) for x in data["levels"]]}
    change(data)
    return data


@pytest.mark.parametrize("change, key, words", [
    (lambda d: d["cards"].pop(), "cards", "48 cards"),
    (lambda d: d["cards"][1].update(number=1), "cards[1].number", "duplicate"),
    (lambda d: d["cards"][4].update(action="teleport"), "cards[4].action", "unknown action"),
    (lambda d: d["actions"].append({"id": "teleport", "name": "T", "text": "Go.", "cost": 1,
                                    "uses": 1}), "actions[13].id", "unknown action"),
    (lambda d: d["actions"].pop(3), "actions", "missing"),
    (lambda d: d["levels"][0].update(sweets_active=9), "levels[0]", "add up"),
    (lambda d: d["cards"][2].update(sweet=False), "cards[2].sweet", "icon"),
    (lambda d: d["levels"][1].update(coffee="lots"), "levels[1].coffee", "whole number"),
])
def test_bad_card_data_raises_data_error(change, key, words):
    with pytest.raises(DataError) as caught:
        parse_card_data(_broken(change))
    assert caught.value.file == "finished.yaml"
    assert caught.value.key == key
    assert words in caught.value.reason
