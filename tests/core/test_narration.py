"""The narrator: an event's words come from its code and data, and `retold` puts other words
in every narrator's mouth (the tests that check tables by codes, never by sentences)."""
from __future__ import annotations

import pytest

from game.core.narration import Narrator, nonsense, retold

TOY = Narrator("toy", {
    "pair": lambda d: f"{d['name']} lays a pair of {d['rank']}s.",
    "end": lambda d: "The game is over.",
})


def test_an_event_carries_its_code_its_data_and_the_narrators_words():
    event = TOY.event("move", "pair", {"name": "Ann", "rank": 7}, piece="c7", seat=0)
    assert (event.kind, event.code, event.data) == ("move", "toy.pair", {"name": "Ann", "rank": 7})
    assert event.text == "Ann lays a pair of 7s." and event.piece == "c7" and event.seat == 0


def test_retold_changes_the_words_and_nothing_else():
    plain = TOY.event("score", "end", {"winner": 1})
    with retold(nonsense):
        told = TOY.event("score", "end", {"winner": 1})
    assert told.text != plain.text and not set(told.text.split()) & set(plain.text.split())
    assert (told.code, told.data, told.kind) == (plain.code, plain.data, plain.kind)
    assert TOY.event("score", "end").text == plain.text  # back to the narrator's own


def test_an_unknown_code_is_a_mistake_in_the_engine_not_a_silent_blank():
    with pytest.raises(KeyError):
        TOY.event("message", "no-such-thing")


def test_told_says_an_event_again_from_its_code_and_data_not_from_the_sentence_it_carries():
    from game.core import Event
    made = TOY.event("move", "pair", {"name": "Ann", "rank": 7})
    stale = Event("move", "something else entirely", code=made.code, data=made.data)
    from game.core.narration import told
    assert told(stale) == made.text == "Ann lays a pair of 7s."
    with retold(nonsense):
        assert told(made) == nonsense(made.code, made.data) != made.text
    plain = Event("move", "A card moves.")  # no code: it keeps its own words
    assert told(plain) == "A card moves."
