"""What a seat may be told of one event: hidden pieces masked, particulars naming one left out,
everything else plain JSON."""
from __future__ import annotations

import json

from game.core import Event
from scenes.phones.protocol import public_event

HIDDEN_FROM_ME = {"red-4.1", "wild.2"}


def test_a_hidden_card_moving_shows_as_a_card_back():
    told = public_event(Event("move", piece="red-4.1", source="draw", target="hand1"),
                        HIDDEN_FROM_ME)
    assert told["piece"] == "?" and told["source"] == "draw" and told["target"] == "hand1"
    shown = public_event(Event("move", piece="blue-2.1", source="hand1", target="discard"),
                         HIDDEN_FROM_ME)
    assert shown["piece"] == "blue-2.1"


def test_particulars_that_name_a_hidden_card_anywhere_are_left_out():
    for data in ({"card": "red-4.1"}, {"cards": ["blue-1.1", "wild.2"]},
                 {"deep": {"in": [("x", "wild.2")]}}, {"red-4.1": 1}):
        told = public_event(Event("message", code="g.x", data=data, value=data), HIDDEN_FROM_ME)
        assert told["data"] == {} and told["value"] is None
        assert "red-4.1" not in json.dumps(told) and "wild.2" not in json.dumps(told)


def test_other_particulars_pass_as_plain_json():
    data = {"seat": 2, "name": "Bo", "cards": ("blue-1.1", "green-3.2"), "set": {"b", "a"},
            "none": None, "ok": True}
    told = public_event(Event("score", code="g.y", data=data, value=(3, 4)), HIDDEN_FROM_ME)
    assert told["data"] == {"seat": 2, "name": "Bo", "cards": ["blue-1.1", "green-3.2"],
                            "set": ["a", "b"], "none": None, "ok": True}
    assert told["value"] == [3, 4] and told["code"] == "g.y"
    assert json.loads(json.dumps(told)) == told
