"""The Finito! view is exactly what `FinitoView` says, its names are the engine's, and the
Finito! scenes import those names instead of spelling them."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import get_type_hints

import pytest

from game.core import HIDDEN, Gesture, Rng, Seat, Setup
from game.finito import ENGINE, FinitoEngine, PLAYERS
from game.finito import view as fv
from game.finito.data import finito_data
from game.finito.state import FinitoState

from tests.finito.helpers import NAMES
from tests.core.typed_views import problems

SCENES = Path(__file__).resolve().parents[2] / "scenes" / "finito"


def game_states(seats: int, seed: int, rounds: bool, target: int = 30) -> list[FinitoState]:
    """Every state of a game between random players (good ones, so that runs grow)."""
    table = [Seat(NAMES[i], "computer", "good") for i in range(seats)]
    state = ENGINE.new_game(Setup(seed=seed), {"rounds": rounds, "target": target}, table)
    players = [PLAYERS["random" if (seed + i) % 2 else "good"]() for i in range(seats)]
    rng = Rng(seed)
    states = [state]
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        action = players[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        state, _ = ENGINE.apply(state, action)
        states.append(state)
    return states


@pytest.fixture(scope="module")
def many_states() -> list[FinitoState]:
    states: list[FinitoState] = []
    for seats, seed, rounds in ((2, 1, False), (3, 2, True), (4, 3, False), (4, 4, True),
                                (2, 5, True)):
        states += game_states(seats, seed, rounds, target=25)
    return states


def test_the_games_reach_every_phase_and_seat_count(many_states):
    """The states below cover what the type must describe, or the next tests prove little."""
    phases = Counter(s.phase for s in many_states)
    assert set(phases) == set(fv.PHASES), phases
    assert {s.seats for s in many_states} == {2, 3, 4}
    assert any(s.history for s in many_states if s.phase == fv.ROUND_OVER)
    assert any(len(s.winners) > 0 for s in many_states)


def test_view_returns_exactly_the_typed_keys_and_types(many_states):
    for state in many_states:
        for seat in list(range(state.seats)) + [None]:
            view = ENGINE.view(state, seat)
            assert problems(dict(view), fv.FinitoView) == [], (seat, state.snapshot())
            for entry in view["history"]:
                assert problems(dict(entry), fv.HistoryEntry) == []


def test_engine_view_is_annotated_with_the_typed_view():
    assert get_type_hints(FinitoEngine.view)["return"] is fv.FinitoView
    assert get_type_hints(fv.build_view)["return"] is fv.FinitoView


def test_the_view_names_only_the_engines_phases_zones_and_pieces(many_states):
    data = finito_data()
    for state in many_states[::7]:
        view = ENGINE.view(state, None)
        seats = range(state.seats)
        assert view["phase"] in fv.PHASES
        assert set(view["zones"]) == {z(s) for s in seats
                                      for z in (fv.board_zone, fv.offer_zone, fv.pool_zone)}
        for s in seats:
            assert view["zones"][fv.pool_zone(s)] == [HIDDEN] * len(state.pools[s])
            for square, piece in enumerate(view["zones"][fv.board_zone(s)]):
                number = state.boards[s][square]
                assert piece == (fv.piece_id(s, number) if number else None)
                assert piece is None or fv.parse_piece(piece) == (s, number)
            assert [fv.parse_piece(p) for p in view["offers"][s]] == [(s, n) for n in state.offers[s]]
        assert view["faces"] == list(data.faces)
        assert view["columns"] * view["rows"] == len(view["layout"])
        best = max(view["scores"])
        assert view["leaders"] == [s for s in seats if best > 0 and view["scores"][s] == best]
        for s in seats:
            if view["phase"] in fv.PLAYING and s in view["to_act"]:
                assert view["targets"][s] == ENGINE.targets(state, s)
            else:
                assert view["targets"][s] == []


def test_events_and_gestures_use_the_view_names(many_states):
    """Every zone and piece the engine names in events and gestures reads back with view.py."""
    state = many_states[0]
    for _ in range(6):
        seat = ENGINE.to_act(state)[0]
        action = ENGINE.legal_actions(state, seat)[0]
        for gesture in ENGINE.gestures(state, action):
            assert fv.parse_piece(gesture.piece) == (seat, action.counter)
            assert fv.parse_square(gesture.target) == (seat, action.square)
        state, events = ENGINE.apply(state, action)
        for event in events:
            if event.kind == "roll":
                assert event.piece == fv.DIE
            elif event.piece:
                assert fv.parse_piece(event.piece) is not None
                assert event.target and (fv.parse_square(event.target) is not None
                                         or event.target in {fv.offer_zone(s) for s in range(2)})


def test_piece_and_square_ids_read_back_and_refuse_anything_else():
    assert fv.piece_id(2, 11) == "p2-11" and fv.parse_piece("p2-11") == (2, 11)
    assert fv.square_target(1, 35) == "board1#35" and fv.parse_square("board1#35") == (1, 35)
    for bad in ("", None, "?", "p1", "p-3", "p1-", "p1-7x", "xp1-7", "d20", "sweet"):
        assert fv.parse_piece(bad) is None, bad
    for bad in ("", None, "board1", "offer1#2", "board#3", "board1#", "board1#3#4"):
        assert fv.parse_square(bad) is None, bad
    assert fv.KEEP == "keep" and fv.NEXT_ROUND == "next"


def test_a_drag_is_still_refused_in_the_rules_words():
    """refuse() reads pieces and squares with view.py: its answers are unchanged."""
    state = ENGINE.new_game(Setup(seed=3), {}, [Seat("Ann"), Seat("Ben")])
    piece = fv.piece_id(0, state.offers[0][0])
    assert ENGINE.refuse(state, 0, Gesture("d20", fv.offer_zone(0), "board0#1")) == \
        "Only your counters can be dragged."
    assert ENGINE.refuse(state, 0, Gesture(fv.piece_id(1, 3), fv.offer_zone(1), "board1#1")) == \
        "That counter belongs to Ben."
    assert ENGINE.refuse(state, 0, Gesture(piece, fv.offer_zone(0), "offer0")) == \
        "Drop the counter on a square of your board."
    assert ENGINE.refuse(state, 0, Gesture(piece, fv.offer_zone(0), fv.square_target(1, 4))) == \
        "That is Ben's board: put the counter on yours."
    assert ENGINE.refuse(state, 0, Gesture(piece, fv.pool_zone(0), fv.square_target(0, 4))) == \
        "That counter is still face down."


# -- the scenes spell none of the engine's names -------------------------------------------

PHASE_WORDS = re.compile(r"""(["'])(placing|moving|round over|over|place|move|keep|next)\1""")
SPELLED_IDS = re.compile(r"""\bf(["'])(p|board|offer|pool)\{""")


def spelled(source: str) -> list[str]:
    """Phase names and action kinds as quoted words, and piece or zone ids built by f-string."""
    return [m.group(0) for m in PHASE_WORDS.finditer(source)] + \
        [m.group(0) for m in SPELLED_IDS.finditer(source)]


def test_the_scan_finds_what_it_looks_for():
    """The check below can fail: it sees each way of spelling a name the engine owns."""
    assert spelled('if view["phase"] == "round over":') == ['"round over"']
    assert spelled("phase in ('placing', 'moving')") == ["'placing'", "'moving'"]
    assert spelled('zones[f"board{seat}"] = f"p{seat}-{n}"') == ['f"board{', 'f"p{']
    assert spelled("key = f'pool{s}'; kind == 'keep'") == ["'keep'", "f'pool{"]
    assert spelled('text = f"Round {n} is over"; label = "Keep"') == []


def test_finito_scenes_import_phases_and_ids_instead_of_spelling_them():
    files = sorted(SCENES.glob("*.py"))
    assert len(files) >= 7, files
    found = {f.name: spelled(f.read_text(encoding="utf-8")) for f in files}
    assert {name: hits for name, hits in found.items() if hits} == {}
