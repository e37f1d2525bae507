"""Hidden information: a seat sees its own hand only; pile draws are told as "?"."""
import pytest

from tests.flag_finish.helpers import SEQUENCE, deal, fill, run, start
from game.core import HIDDEN, Rng, Seat, Setup, to_json
from game.flag_finish import ENGINE, PLAYERS
from game.flag_finish.actions import DrawPile
from game.flag_finish.rules import card_words

ANNA = SEQUENCE + ["flag-1"]
BO = fill([], ANNA)

KEYS = {"zones", "to_act", "status", "mode", "race", "races", "match_scores", "race_scores",
        "next_needed", "hand_counts", "owes_discard", "greens_played", "phase",
        "first_player", "last_discard"}


def test_a_view_shows_the_own_hand_and_only_counts_of_the_others():
    state = run(start(deal([ANNA, BO], flips=["flag-2", "green-4"], then=["blue-0"])),
                "1 draw_pile 0")
    mine, theirs = ENGINE.view(state, 1), ENGINE.view(state, 0)
    assert KEYS <= set(mine)
    assert mine["zones"]["hand1"] == BO + ["blue-0"]
    assert mine["zones"]["hand0"] == [HIDDEN] * 12 and mine["hand_counts"] == [12, 13]
    assert theirs["zones"]["hand1"] == [HIDDEN] * 13 and theirs["zones"]["hand0"] == ANNA
    assert mine["zones"]["draw"] == [HIDDEN] * 45
    assert mine["zones"]["discard"] == ["flag-2", "green-4"]
    assert mine["owes_discard"] and not theirs["owes_discard"]
    assert mine["next_needed"] == [0, 0] and mine["greens_played"] == [0, 0]
    assert mine["mode"] == "warm-up" and mine["phase"] == "racing" and mine["races"] == 1
    spectator = ENGINE.view(state, None)
    assert spectator["zones"]["hand0"] == [HIDDEN] * 12 and not spectator["owes_discard"]
    assert ENGINE.hidden_pieces(state, 1) == set(state.draw) | set(ANNA)


@pytest.mark.parametrize("mode, strengths", [
    ("warm-up", ["steady", "random", "quick"]),
    ("challenge", ["lightning", "random", "steady"]),
])
def test_no_view_and_no_draw_event_ever_names_a_hidden_card(mode, strengths):
    seats = [Seat(n) for n in ("Anna", "Bo", "Cy")]
    players = [PLAYERS[s]() for s in strengths]
    state = ENGINE.new_game(Setup(21), {"mode": mode, "races": 2}, seats)
    rng, steps = Rng(21), 0
    while ENGINE.outcome(state) is None and steps < 3000:
        seat = ENGINE.to_act(state)[rng.randrange(len(ENGINE.to_act(state)))]
        for viewer in (0, 1, 2, None):
            text = to_json(ENGINE.view(state, viewer))
            assert not [p for p in ENGINE.hidden_pieces(state, viewer) if f'"{p}"' in text]
        legal = ENGINE.legal_actions(state, seat)
        action = players[seat].choose(ENGINE.view(state, seat), legal, rng)
        state, events = ENGINE.apply(state, action)
        if isinstance(action, DrawPile):  # the card is told as "?", in pieces and in words
            drawn = state.hands[seat][-1]
            assert [e.piece for e in events if e.target == f"hand{seat}"] == [HIDDEN]
            assert all(drawn not in e.text and card_words(drawn) not in e.text for e in events)
        steps += 1
    assert steps > 50
