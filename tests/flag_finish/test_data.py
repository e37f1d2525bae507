"""The data file: 72 cards in six colours with shapes, checked on load."""
import copy

import pytest

from game.core.registry import DataError, game_info, load_data
from game.flag_finish.data import colour_of, flag_data, number_of, parse_data


def test_the_shipped_deck_has_72_cards_with_a_shape_per_colour():
    data = flag_data()
    deck = data.deck()
    assert len(deck) == len(set(deck)) == 72
    assert [c.id for c in data.colours] == ["red", "orange", "yellow", "green", "blue", "purple"]
    assert data.shape_of("green") == "diamond" and len({c.shape for c in data.colours}) == 6
    assert {f"flag-{i}" for i in range(1, 7)} <= set(deck)
    assert number_of("red-10") == 10 and number_of("flag-2") is None
    assert colour_of("green-0") == "green"
    info = game_info("flag-finish")
    assert (info.min_seats, info.max_seats) == (2, 3)
    assert (info.default_strength, info.better) == ("steady", "lower")
    assert info.resolve_options(None) == {"mode": "warm-up", "races": 6}


@pytest.mark.parametrize("path, value, key", [
    (("cards", "colours", 1, "shape"), "circle", "cards.colours"),
    (("cards", "colours", 0, "rgb"), [1, 2], "cards.colours[0].rgb"),
    (("cards", "colours", 0, "id"), "flag", "cards.colours[0].id"),
    (("cards", "numbers", "high"), "ten", "cards.numbers.high"),
    (("cards", "flags"), 0, "cards.flags"),
    (("race", "start_colour"), "pink", "race.start_colour"),
    (("race", "hand"), 30, "race.hand"),
])
def test_a_broken_data_file_names_the_key(path, value, key):
    data = copy.deepcopy(load_data("flag-finish"))
    place = data
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    with pytest.raises(DataError) as info:
        parse_data(data)
    assert info.value.key == key and info.value.file == "flag-finish.yaml"
