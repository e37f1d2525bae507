from dataclasses import dataclass
from typing import Optional

import pytest

from game.core import Action, ActionSyntaxError, Rng, action_kinds, parse_action


@dataclass(frozen=True)
class Place(Action):
    counter: int
    square: Optional[int]
    kind = "place"


@dataclass(frozen=True)
class Order(Action):
    cards: tuple[int, ...]
    note: str
    kind = "order"


KINDS = action_kinds(Place, Order)


def test_text_form_round_trips():
    for action in (Place(1, 5, 17), Place(0, 3, None), Order(2, (4, 5, 6), "x"), Order(0, (), "y")):
        assert parse_action(action.text(), KINDS) == action
    assert Place(1, 5, 17).text() == "1 place 5 17"
    assert Order(0, (), "y").text() == "0 order - y"


@pytest.mark.parametrize("text, words", [
    ("", "not an action"), ("x place 1 2", "seat"), ("0 fly 1", "unknown action"),
    ("0 place 1", "takes 2"), ("0 place one 2", "whole number")])
def test_bad_text_is_refused_with_a_reason(text, words):
    with pytest.raises(ActionSyntaxError) as info:
        parse_action(text, KINDS)
    assert words in str(info.value)


def test_rng_is_deterministic_and_uniform_enough():
    a, b = Rng(42), Rng(42)
    assert [a.randrange(10) for _ in range(50)] == [b.randrange(10) for _ in range(50)]
    counts = [0] * 6
    rng = Rng(7)
    for _ in range(6000):
        counts[rng.randrange(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts
    items = list(range(20))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    copy = a.copy()
    assert copy.next64() == a.next64()
