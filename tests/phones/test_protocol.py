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


# -- what a view message says of cards: the piece each move moves, and the pictures ---------

from game.core import HIDDEN, Seat, Setup  # noqa: E402
from game.core.registry import game_ids, game_info  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Match  # noqa: E402
from scenes.phones.protocol import view_message  # noqa: E402

MULTI = [g for g in game_ids() if game_info(g).max_seats > 1]


def test_each_card_move_names_its_card_and_the_pile_moves_name_none():
    match = Match.start("flag-finish", Setup(3), {"mode": "warm-up"}, [Seat("A"), Seat("B")])
    engine, state = match.engine, match.state
    seat = engine.to_act(state)[0]
    message = view_message(engine, state, seat, 0)
    hand = message["view"]["zones"][f"hand{seat}"]
    assert message["hand"] == f"hand{seat}" and message["game"] == "flag-finish"
    for entry in message["legal"]:
        action = engine.parse_action(entry["action"])
        moved = [g.piece for g in engine.gestures(state, action) if g.piece != HIDDEN]
        if moved:
            assert entry["piece"] == moved[0]
            assert entry["from"] == engine.gestures(state, action)[0].source
        else:  # the draw pile's top is hidden: the move is a button, no card named
            assert "piece" not in entry and "from" not in entry
    played = {e["piece"] for e in message["legal"] if e.get("from") == f"hand{seat}"}
    assert played and played <= set(hand)
    assert set(hand) <= set(message["art"])  # every card in the hand has its picture


def test_finitos_hand_is_its_counters_on_offer():
    match = Match.start("finito", Setup(3), None, [Seat("A"), Seat("B")])
    message = view_message(match.engine, match.state, 0, 0)
    assert message["hand"] == "offer0"
    assert set(message["view"]["zones"]["offer0"]) <= set(message["art"])


def test_no_picture_and_no_moved_piece_is_ever_hidden_from_the_seat():
    for game_id in MULTI:
        info = game_info(game_id)
        match = Match.start(game_id, Setup(11), None,
                            [Seat(f"S{i}") for i in range(info.max_seats)])
        engine, rng = match.engine, Rng(11)
        for _ in range(300):
            if match.outcome() is not None:
                break
            for seat in range(info.max_seats):
                hidden = engine.hidden_pieces(match.state, seat)
                message = view_message(engine, match.state, seat, len(match.steps))
                named = set(message["art"]) | {e["piece"] for e in message["legal"] if "piece" in e}
                assert not named & hidden, (game_id, seat, named & hidden)
                assert HIDDEN not in named
            seats = engine.to_act(match.state)
            seat = seats[rng.randrange(len(seats))]
            match.act(rng.choice(engine.legal_actions(match.state, seat)))


def test_a_seats_choices_never_read_the_same():
    """On a phone every choice is a button with the engine's words (and the picture of the
    card it takes, when it has one): two moves with the same words and no card or the same
    card could not be told apart (Finita's memory swaps once all read 'Swap memory cards of
    seats 1 and 3'; Flag Finish's two flags to take read the same but show their cards)."""
    cases = [(g, None) for g in MULTI] + [("finita", {"memory": 2, "memory_swap": True})]
    for game_id, options in cases:
        info = game_info(game_id)
        for seed in (1, 2, 3):
            match = Match.start(game_id, Setup(seed), options,
                                [Seat(f"S{i}") for i in range(info.max_seats)])
            engine, rng = match.engine, Rng(seed)
            for _ in range(400):
                if match.outcome() is not None:
                    break
                for seat in engine.to_act(match.state):
                    words = [(e["words"], e.get("piece")) for e in
                             view_message(engine, match.state, seat, 0)["legal"]]
                    assert len(words) == len(set(words)), (game_id, seat, sorted(words))
                seats = engine.to_act(match.state)
                seat = seats[rng.randrange(len(seats))]
                match.act(rng.choice(engine.legal_actions(match.state, seat)))
