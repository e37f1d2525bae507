"""Finale speaks in codes (issue 26): every event with a sentence carries a code and plain data,
its words come from game/finale/narrator.py, and docs/events.md lists every code with its data."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.core import Seat, Setup
from game.core.narration import nonsense, retold
from game.core.rng import Rng
from game.finale import ENGINE
from game.finale.narrator import NARRATOR

DOCS = Path(__file__).resolve().parents[2] / "docs" / "events.md"
OPTIONS = ({"lineups": "first"}, {"lineups": "pick", "cup_tie": True},
           {"lineups": "first", "extra_time": False})


def random_match(seed: int, options: dict) -> list:
    """Every event of a match of random legal actions (the opening's too)."""
    state = ENGINE.new_game(Setup(seed), options, [Seat("Ann", "computer"), Seat("Bo", "computer")])
    events = list(ENGINE.opening_events(state))
    rng = Rng(seed)
    while ENGINE.outcome(state) is None:
        seats = ENGINE.to_act(state)
        seat = seats[rng.randrange(len(seats))]
        legal = ENGINE.legal_actions(state, seat)
        action = rng.choice(legal)
        if state.phase == "draft" and rng.random() < 0.3:  # a squad gets ready now and then
            action = next((a for a in legal if a.kind == "first_game"), action)
        state, told = ENGINE.apply(state, action)
        events += told
    return events


def documented() -> dict[str, str]:
    """code -> its row in the Finale section of docs/events.md."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("\n## Finale\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        found = re.match(r"\| `(finale\.[a-z_]+)` \|", line)
        if found:
            rows[found.group(1)] = line
    return rows


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_sentence_comes_from_the_narrator_with_a_documented_code_and_plain_data(seed):
    rows = documented()
    for event in random_match(seed, OPTIONS[seed % len(OPTIONS)]):
        if not event.text:
            assert not event.code, event  # a code always has its words
            continue
        assert event.code in rows, (event.code, event.text)
        assert json.loads(json.dumps(event.data)) == event.data, event.code  # plain JSON values
        assert event.text == NARRATOR.say(event.code.split(".", 1)[1], event.data)
        row = rows[event.code]
        missing = [k for k in event.data if f"`{k}`" not in row]
        assert not missing, (event.code, missing)


def test_every_code_of_the_narrator_is_documented_and_nothing_else():
    assert set(documented()) == {NARRATOR.code(name) for name in NARRATOR.phrases}


def test_other_words_change_only_the_words():
    plain = random_match(5, {"lineups": "first"})
    with retold(nonsense):
        other = random_match(5, {"lineups": "first"})
    assert len(other) == len(plain)
    for a, b in zip(plain, other):
        assert (a.kind, a.code, a.data, a.piece, a.source, a.target, a.value, a.seat, a.reveals) == \
               (b.kind, b.code, b.data, b.piece, b.source, b.target, b.value, b.seat, b.reveals)
        assert bool(a.text) == bool(b.text) and (not a.text or a.text != b.text)
