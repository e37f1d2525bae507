"""The deal, the first card, matching by colour or number, drawing, and the reshuffle."""
import pytest

from game.core import Seat, Setup
from game.finita import ENGINE
from game.finita.data import card, deck_ids, finita_data
from tests.finita.helpers import DECK, act, deal, legal, refused, run, start, texts


# -- the deck and the deal ------------------------------------------------------------------

def test_the_deck_holds_120_cards_as_the_rulebook_counts_them():
    kinds = [card(c).kind for c in DECK]
    assert len(DECK) == len(set(DECK)) == 120
    assert kinds.count("number") == 80
    assert sum(1 for c in DECK if card(c).kind == "number" and card(c).number in (0, 10)) == 8
    assert kinds.count("skip") == kinds.count("reverse") == kinds.count("draw2") == 8
    assert kinds.count("wild") == kinds.count("wild4") == 4
    for power in ("paul", "petra", "pia", "patrick"):
        assert kinds.count(power) == 2
    assert deck_ids(finita_data()) == DECK


def test_an_explicit_deal_gives_seven_cards_each_turns_one_and_leaves_the_rest():
    state = start([["red-7.1", "blue-3.1"], ["blue-7.1"], ["green-0"]], starter=2,
                  then=["yellow-1.1", "yellow-2.1"])
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert state.hands[0][:2] == ["red-7.1", "blue-3.1"] and state.hands[2][0] == "green-0"
    assert state.discard == ["red-5.1"] and (state.colour, state.face) == ("red", "5")
    assert state.draw[-1] == "yellow-1.1" and state.draw[-2] == "yellow-2.1"
    assert len(state.draw) == 120 - 21 - 1
    assert state.turn == 2 and state.phase == "turn"


def test_a_bad_deal_is_refused_with_its_reason():
    seats = [Seat("Ann"), Seat("Bo")]
    order = deal([["red-7.1"], ["blue-7.1"]])
    with pytest.raises(ValueError, match="unknown cards: red-77"):
        ENGINE.new_game(Setup(1, order[:-1] + ["red-77"]), {}, seats)
    with pytest.raises(ValueError, match="twice: red-7.1"):
        ENGINE.new_game(Setup(1, order[:-1] + ["red-7.1"]), {}, seats)
    with pytest.raises(ValueError, match="119 cards"):
        ENGINE.new_game(Setup(1, order[:-1]), {}, seats)
    with pytest.raises(ValueError, match="first seat"):
        ENGINE.new_game(Setup(1, {"cards": order, "first": 2}), {}, seats)
    with pytest.raises(ValueError, match="no key 'top'"):
        ENGINE.new_game(Setup(1, {"cards": order, "top": 2}), {}, seats)
    with pytest.raises(ValueError, match="2 to 6"):
        ENGINE.new_game(Setup(1), {}, [Seat("Ann")])


def test_the_same_seed_deals_the_same_and_the_starter_is_drawn_by_lot():
    seats = [Seat(n) for n in ("Ann", "Bo", "Cy", "Di")]
    one = ENGINE.new_game(Setup(5), {}, seats)
    assert ENGINE.snapshot(one) == ENGINE.snapshot(ENGINE.new_game(Setup(5), {}, seats))
    starters = {ENGINE.new_game(Setup(seed), {}, seats).starter for seed in range(30)}
    assert starters == {0, 1, 2, 3}


# -- the first card -----------------------------------------------------------------------------

def test_a_skip_turned_up_skips_the_first_player():
    state = start([["red-7.1"], ["blue-7.1"], []], first="red-skip.1")
    assert state.turn == 1 and state.phase == "turn"


def test_a_reverse_turned_up_turns_the_direction_before_anyone_plays():
    state = start([["red-7.1"], ["blue-7.1"], []], first="red-reverse.1")
    assert state.turn == 0 and state.direction == -1
    state = run(state, "0 play red-7.1")
    assert state.turn == 2


def test_a_reverse_turned_up_between_two_skips_the_first_player():
    state = start([["red-7.1"], ["blue-7.1"]], first="red-reverse.1")
    assert state.turn == 1


def test_a_draw_two_turned_up_makes_the_first_player_draw():
    state = start([["red-7.1"], ["blue-7.1"]], first="red-draw2.1")
    assert state.chain == 2 and legal(state, 0) == ["0 take"]
    state, events = act(state, "0 take")
    assert len(state.hands[0]) == 9 and state.turn == 1 and state.chain == 0
    assert "Ann draws 2 cards." in texts(events)


@pytest.mark.parametrize("black", ["wild.1", "wild4.1", "paul.1", "petra.1", "pia.1",
                                   "patrick.1"])
def test_a_black_card_or_superpower_turned_up_goes_back_into_the_pile(black):
    state = start([["red-7.1"], ["blue-7.1"]], first=black, then=["blue-4.1"])
    assert state.discard == ["blue-4.1"] and black in state.draw
    assert len(state.draw) == 120 - 14 - 1
    moves = [e for e in ENGINE.opening_events(state) if e.piece == black]
    assert [(m.source, m.target) for m in moves] == [("draw", "discard"), ("discard", "draw")]


# -- matching ------------------------------------------------------------------------------------

def test_a_card_matches_by_colour_or_number():
    state = start([["red-9.1", "blue-5.1", "blue-3.1", "green-10"], []])
    assert "0 play red-9.1" in legal(state, 0) and "0 play blue-5.1" in legal(state, 0)
    assert "0 play blue-3.1" not in legal(state, 0)
    assert refused(state, "0 play blue-3.1") == "Blue 3 does not fit: match red or 5."
    state = run(state, "0 play blue-5.1")
    assert (state.colour, state.face) == ("blue", "5") and state.turn == 1


def test_an_action_card_goes_on_its_own_colour_or_its_own_kind():
    # the skip turned up skips Bo, who was to start: Ann plays on a red skip
    state = start([["blue-skip.1", "blue-reverse.1", "blue-draw2.1", "red-draw2.1"], []],
                  first="red-skip.1", starter=1)
    assert state.turn == 0
    mine = legal(state, 0)
    assert "0 play blue-skip.1" in mine and "0 play red-draw2.1" in mine
    assert "0 play blue-reverse.1" not in mine
    assert refused(state, "0 play blue-draw2.1") == "Blue +2 does not fit: match red or skip."


def test_black_cards_and_superpowers_go_on_anything():
    powers = ["wild.1", "wild4.1", "paul.1", "petra.1", "pia.1", "patrick.1"]
    state = start([powers, []], first="blue-3.1")
    assert all(f"0 play {c}" in legal(state, 0) for c in powers)


def test_with_nothing_that_fits_only_the_draw_is_offered():
    state = start([["blue-3.1"], []])
    assert legal(state, 0) == ["0 draw"]
    assert refused(state, "1 draw") == "It is Ann's turn, not Bo's."
    assert refused(state, "0 play blue-9.1") == "Blue 9 is not in Ann's hand."
    assert refused(state, "0 play red-77") == "There is no card red-77 in Finita."
    assert refused(state, "0 keep") == "That is not asked for now."


# -- drawing ------------------------------------------------------------------------------------

def test_a_drawn_card_that_fits_may_be_played_at_once():
    state = start([["blue-3.1"], []], then=["red-1.1"])
    state, events = act(state, "0 draw")
    assert state.phase == "drawn" and state.drawn == "red-1.1" and state.turn == 0
    assert legal(state, 0) == ["0 play red-1.1", "0 keep"]
    assert ENGINE.view(state, 0)["drawn"] == "red-1.1" and ENGINE.view(state, 1)["drawn"] is None
    assert refused(state, "0 play blue-3.1") == "Play the card you drew, or keep it."
    state = run(state, "0 play red-1.1")
    assert state.discard[-1] == "red-1.1" and state.turn == 1 and state.phase == "turn"


def test_a_drawn_card_that_fits_may_be_kept():
    state = start([["blue-3.1"], []], then=["red-1.1"])
    state = run(state, "0 draw", "0 keep")
    assert "red-1.1" in state.hands[0] and state.turn == 1 and state.discard == ["red-5.1"]


def test_a_drawn_card_that_does_not_fit_ends_the_turn():
    state = start([["blue-3.1"], []], then=["blue-1.1"])
    state, events = act(state, "0 draw")
    assert state.phase == "turn" and state.turn == 1 and state.hands[0][-1] == "blue-1.1"
    assert "Ann draws a card." in texts(events)


def test_an_empty_draw_pile_is_refilled_from_the_discards_under_the_top_card():
    state = start([["red-7.1", "red-8.1"], ["red-9.1"]])
    played = state.discard + ["red-7.1", "red-9.1"]
    state.draw = []  # a pile drawn dry (the state is a test's own copy)
    state = run(state, "0 play red-7.1", "1 play red-9.1")
    before = set(state.discard[:-1])
    state, events = act(state, "0 draw")
    assert state.discard == ["red-9.1"]
    assert len(state.draw) + 1 == len(before) and set(state.draw) | {state.hands[0][-1]} == before
    assert "The discards are shuffled into a new draw pile." in texts(events)
    assert set(played) - {"red-9.1"} == before


def test_with_nothing_to_draw_the_seat_passes():
    state = start([["blue-3.1"], ["blue-4.1"]])
    state.draw = []
    state, events = act(state, "0 draw")
    assert "Ann has nothing to draw and passes." in texts(events)
    assert state.turn == 1 and len(state.hands[0]) == 7 and state.passes == 1
