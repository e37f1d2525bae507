"""Events are small frozen values: built by position or keyword, defaults as documented,
equal and hashable by their fields, never changed once made."""
from __future__ import annotations

import dataclasses

import pytest

from game.core import Event


def test_events_by_position_and_keyword_are_the_same_value():
    a = Event("move", "Ann plays red 7.", "red-7.1", "hand0", "discard", None, 0, False)
    b = Event("move", text="Ann plays red 7.", piece="red-7.1", source="hand0",
              target="discard", seat=0)
    assert a == b and hash(a) == hash(b)
    assert dataclasses.asdict(a) == {"kind": "move", "text": "Ann plays red 7.",
                                     "piece": "red-7.1", "source": "hand0",
                                     "target": "discard", "value": None, "seat": 0,
                                     "reveals": False, "code": "", "data": {}}
    assert Event("end") == Event("end", "", None, None, None, None, None, False)
    assert Event("roll", value=4) != Event("roll", value=5)


def test_an_event_cannot_be_changed():
    event = Event("message", "Hello.")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.text = "Bye."  # type: ignore[misc]
    assert dataclasses.replace(event, text="Bye.").text == "Bye." and event.text == "Hello."
