"""The Flag Finish view is typed (`FlagView`), its sentences are the engine's, and the scenes
spell no phase or zone id of their own: they read the view and import the names from
game/flag_finish/view.py."""
from __future__ import annotations

import ast
import io
import re
import tokenize
import typing
from pathlib import Path
from typing import Any, Union

import pytest

from tests.flag_finish.helpers import SEQUENCE, deal, fill, run, start
from game.core import Rng, Seat, Setup
from game.flag_finish import ENGINE, PLAYERS
from game.flag_finish.data import flag_data
from game.flag_finish.rules import card_words
from game.flag_finish.view import (CHALLENGE, CLOSING, MATCH_OVER, RACE_OVER, RACING, WARM_UP,
                                   FlagView)

SCENES = Path(__file__).resolve().parents[2] / "scenes" / "flag_finish"
ANNA = SEQUENCE + ["flag-1"]
ONE_GREEN = ["green-0"] + [f"red-{n}" for n in range(1, 11)] + ["flag-1"]
BLUE_ONE_GREEN = ["blue-0", "green-1"] + [f"blue-{n}" for n in range(2, 11)] + ["flag-2"]
NO_GREEN = [f"blue-{n}" for n in range(11)] + ["flag-2"]


def fits(value: Any, kind: Any) -> bool:
    """Whether `value` has the annotated type (the few forms FlagView uses)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is Any:
        return True
    if origin is Union:
        return any(fits(value, k) for k in args)
    if kind is type(None):
        return value is None
    if origin is list:
        return isinstance(value, list) and all(fits(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            fits(k, args[0]) and fits(v, args[1]) for k, v in value.items())
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def side_by_side(anna: list[str], bo: list[str], bo_cards: int = 12) -> Any:
    """A challenge race: Anna plays at 100, 200, .. ms; Bo 50 ms after her."""
    state = start(deal([anna, bo]), mode="challenge")
    for i in range(12):
        state = run(state, f"0 play {anna[i]} {100 * (i + 1)}")
        if i < bo_cards:
            state = run(state, f"1 play {bo[i]} {100 * (i + 1) + 50}")
    return state


def draw_and_discard(state: Any, seat: int) -> Any:
    """`seat` draws from the pile and throws the card it drew away."""
    state = run(state, f"{seat} draw_pile 0")
    return run(state, f"{seat} discard {state.hands[seat][-1]} 0")


def stopped_race() -> Any:
    state = start(deal([ANNA, fill([], ANNA)], flips=["flag-2", "green-4"]), races=2)
    seat = 1
    while state.phase == RACING:
        state = draw_and_discard(state, seat)
        seat = 1 - seat
    return state


def states() -> dict[str, Any]:
    """Matches in every phase and mode, two and three seats."""
    found = {"warm-up opening": start(deal([ANNA, fill([], ANNA)])),
             "challenge three seats": start(deal([ANNA, fill([], ANNA),
                                                  fill([], ANNA + fill([], ANNA))]),
                                            seats=3, mode="challenge"),
             "closing": side_by_side(ONE_GREEN, NO_GREEN, bo_cards=11),
             "tie, race over": side_by_side(ONE_GREEN, BLUE_ONE_GREEN),
             "greens decide, match over": side_by_side(ONE_GREEN, NO_GREEN),
             "stopped, race over": stopped_race()}
    drawn = run(found["warm-up opening"], "0 draw_pile 0")
    found["owes a discard"] = drawn
    return found


STATES = states()


def test_the_states_cover_every_phase_and_mode():
    assert {s.phase for s in STATES.values()} == {RACING, CLOSING, RACE_OVER, MATCH_OVER}
    assert {s.mode for s in STATES.values()} == {WARM_UP, CHALLENGE}


@pytest.mark.parametrize("name", sorted(STATES))
def test_view_returns_exactly_the_typed_keys_with_their_types(name):
    state = STATES[name]
    hints = typing.get_type_hints(FlagView)
    assert set(hints) == set(FlagView.__required_keys__), "every key is required (total)"
    for seat in list(range(state.seats)) + [None]:
        view = ENGINE.view(state, seat)
        assert set(view) == set(hints), f"{name}, seat {seat}"
        wrong = {k: view[k] for k, kind in hints.items() if not fits(view[k], kind)}
        assert not wrong, f"{name}, seat {seat}: {wrong}"


def test_the_type_check_itself_catches_a_wrong_value():
    view = ENGINE.view(STATES["closing"], 0)
    hints = typing.get_type_hints(FlagView)
    assert not fits("3", hints["race"]) and not fits(True, hints["race"])
    assert not fits([1, None], hints["match_scores"]) and fits(None, hints["race_scores"])
    assert not fits({"draw": [1]}, hints["zones"]) and fits(view["zones"], hints["zones"])


def test_the_board_sentences_are_in_the_view():
    racing = ENGINE.view(STATES["warm-up opening"], 0)
    assert racing["headline"] == "Race 1 is on." and racing["match_note"] is None
    assert racing["race_name"] == "Race 1 of 1"
    tie = ENGINE.view(STATES["tie, race over"], 1)
    assert tie["headline"] == ("Anna and Bo crossed the line together. "
                               "Best race: Anna and Bo with 0.")
    assert tie["match_note"] == "The lowest total is tied, so an extra race decides."
    over = ENGINE.view(STATES["greens decide, match over"], None)
    assert over["headline"] == "Anna crossed the line. Best race: Anna with 0."
    assert over["match_note"] == over["status"] == "Anna wins with 0 points after 1 race."
    stopped = ENGINE.view(STATES["stopped, race over"], 0)
    assert stopped["headline"] == ("Nobody crossed the line: the race was stopped. "
                                   "Best race: Anna and Bo with 12.")
    assert stopped["match_note"] == "1 race to go. The lowest total wins the match."
    extra = run(STATES["tie, race over"], "0 next_race 1300")
    assert ENGINE.view(extra, 0)["race_name"] == "Extra race 2"


# -- the race log: the engine's sentences, ready for the table ------------------------------

PIECE_ID = re.compile(r"\b(?:" + "|".join(c.id for c in flag_data().colours) + r"|flag)-\d+\b")


@pytest.mark.parametrize("mode", [WARM_UP, CHALLENGE])
def test_event_texts_name_cards_as_racers_do_never_by_piece_id(mode):
    seats = [Seat(n) for n in ("Anna", "Bo", "Cy")]
    players = [PLAYERS[s]() for s in ("steady", "quick", "random")]
    state = ENGINE.new_game(Setup(5), {"mode": mode, "races": 2}, seats)
    rng, texts = Rng(5), [e.text for e in ENGINE.opening_events(state)]
    while ENGINE.outcome(state) is None and len(texts) < 20_000:
        seat = ENGINE.to_act(state)[rng.randrange(len(ENGINE.to_act(state)))]
        legal = ENGINE.legal_actions(state, seat)
        action = players[seat].choose(ENGINE.view(state, seat), legal, rng)
        state, events = ENGINE.apply(state, action)
        texts.extend(e.text for e in events)
    assert ENGINE.outcome(state) is not None
    named = [t for t in texts if PIECE_ID.search(t)]
    assert not named, named[:5]
    assert any(" turns up " in t for t in texts) and any(" plays " in t for t in texts)


def test_card_words():
    assert card_words("red-4") == "red 4" and card_words("green-10") == "green 10"
    assert card_words("flag-3") == "a flag"


def test_a_finish_says_its_time_only_in_a_challenge_and_carries_it_as_data():
    state = side_by_side(ONE_GREEN, NO_GREEN, bo_cards=11)
    state, events = ENGINE.apply(state, ENGINE.parse_action("1 play flag-2 1300"))
    assert events[0].text == "Bo plays a flag."
    cross = [e for e in events if "crosses the line" in e.text]
    assert [(e.text, e.value) for e in cross] == [("Bo crosses the line at 1.300 s!", 1300)]
    warm = start(deal([ANNA, fill([], ANNA)], flips=["flag-2", "green-4"]))
    for card in ANNA[:-1]:
        warm = run(draw_and_discard(warm, 1), f"0 play {card} 0")
    warm = draw_and_discard(warm, 1)
    warm, events = ENGINE.apply(warm, ENGINE.parse_action("0 play flag-1 0"))
    cross = [e for e in events if "crosses the line" in e.text]
    assert [(e.text, e.value) for e in cross] == [("Anna crosses the line!", 0)]


def test_the_flag_that_goes_back_is_told_in_words():
    state = side_by_side(ONE_GREEN, NO_GREEN, bo_cards=11)
    _, events = ENGINE.apply(state, ENGINE.parse_action("1 play flag-2 1300"))
    assert "Bo finished with fewer green cards: a flag goes back." in [e.text for e in events]


# -- the scenes spell no phase and no zone id --------------------------------------------------

PHASES = {RACING, CLOSING, RACE_OVER, MATCH_OVER, WARM_UP, CHALLENGE}
WORDS = PHASES | {"draw", "discard", "flag", "done"}  # the pile zones and the needs too
ZONE_ID = re.compile(r"(?:hand|row)\d+")
ZONE_PATTERN = re.compile(r"\b(?:hand|row)\{")  # f"hand{seat}", f"row{s}"


def spelled(source: str) -> list[str]:
    """String literals in `source` that spell a phase, mode, pile, need or zone id."""
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type != tokenize.STRING:
            continue
        if ZONE_PATTERN.search(tok.string):
            found.append(f"{tok.start[0]}: {tok.string}")
            continue
        try:
            value = ast.literal_eval(tok.string)
        except (ValueError, SyntaxError):
            continue
        if isinstance(value, str) and (value in WORDS or ZONE_ID.fullmatch(value)):
            found.append(f"{tok.start[0]}: {tok.string}")
    # Python 3.12 splits f-strings into several tokens: look at the text as well
    found.extend(f"{n}: {line.strip()}" for n, line in enumerate(source.splitlines(), 1)
                 if ZONE_PATTERN.search(line) and not line.lstrip().startswith("#")
                 and not any(f.startswith(f"{n}: ") for f in found))
    return found


def test_the_scan_finds_what_it_looks_for():
    bad = ('x = view["phase"] == "race over"\ny = zones[f"row{seat}"]\nz = "hand0"\n'
           'w = zones["discard"]\n')
    assert len(spelled(bad)) == 4
    assert spelled('x = view["phase"] == RACE_OVER\ny = zones[row_zone(seat)]\n'
                   'z = "Race over soon"\n') == []


@pytest.mark.parametrize("path", sorted(SCENES.glob("*.py")), ids=lambda p: p.name)
def test_the_flag_finish_scenes_spell_no_phase_and_no_zone_id(path):
    assert not spelled(path.read_text(encoding="utf-8")), \
        f"{path.name}: use the names in game/flag_finish/view.py"
