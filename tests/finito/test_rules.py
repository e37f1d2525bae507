"""Finito! rule scenarios from explicit deals: each a rulebook sentence (or one of our
documented decisions) made executable."""
from __future__ import annotations

import pytest

from game.core import Gesture, IllegalAction
from game.finito import ENGINE, Keep, Move, NextRound, Place
from game.finito.board import longest_run, targets

from tests.finito.helpers import (NAMES, ASCENDING_ROLLS, ASCENDING_SQUARES, LAYOUT, SORTED, act, ascending_plan,
                            board_of, new, place_all)


# -- the board ---------------------------------------------------------------------------------

def test_layout_is_the_decided_board():
    assert list(LAYOUT) == [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
                            13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19, 20]
    view = ENGINE.view(new(rolls=[1]), 0)
    assert view["layout"] == list(LAYOUT) and view["columns"] == 6


# -- setting up ------------------------------------------------------------------------------------

def test_three_counters_face_up_the_rest_face_down():
    state = new(counters=[[5, 1, 9, 2, 3, 4, 6, 7, 8, 10, 11, 12], SORTED], rolls=[4])
    view = ENGINE.view(state, 0)
    assert view["offers"][0] == ["p0-5", "p0-1", "p0-9"]
    assert view["zones"]["offer0"] == ["p0-5", "p0-1", "p0-9"]
    assert view["zones"]["pool0"] == ["?"] * 9
    assert view["pool_counts"] == [9, 9]
    assert view["boards"][0] == [None] * 36 == view["zones"]["board0"]
    assert view["phase"] == "placing" and view["round"] == 1 and view["rolls"] == 1


def test_first_roll_happens_at_the_start_and_is_shared():
    state = new(rolls=[14])
    view = ENGINE.view(state, 1)
    assert view["roll"] == 14
    assert view["status"] == "Roll 14: Anna and Ben place a counter"
    assert ENGINE.to_act(state) == [0, 1]


def test_seeded_counters_are_a_shuffle_of_one_to_twelve():
    from game.core import Seat, Setup
    state = ENGINE.new_game(Setup(seed=99), {"rounds": False, "target": 30},
                            [Seat("A"), Seat("B"), Seat("C")])
    for seat in range(3):
        assert sorted(state.offers[seat] + state.pools[seat]) == SORTED
    assert 1 <= state.roll <= 20


# -- 1b: placing ---------------------------------------------------------------------------

def test_rulebook_15_rolled_counter_3_on_the_right_hand_15():
    state = new(counters=[[3, 7, 11] + [n for n in SORTED if n not in (3, 7, 11)], SORTED],
                rolls=[15])
    legal = ENGINE.legal_actions(state, 0)
    assert Place(0, 3, 26) in legal and Place(0, 3, 27) in legal  # the choice of two 15s
    assert {a.square for a in legal} == {26, 27}
    assert ENGINE.view(state, 0)["targets"][0] == [26, 27]
    state, events = ENGINE.apply(state, Place(0, 3, 27))
    assert state.boards[0][27] == 3
    assert events[0].kind == "move" and events[0].target == "board0#27"
    assert "right-hand 15" in events[0].text


def test_rulebook_12_rolled_with_12s_and_13s_covered_offers_11_or_14():
    # Cover both 12s and both 13s first; then a 12 leaves the right-hand 11 or the first 14.
    state = new(rolls=[12, 12, 13, 13, 12])
    state, _ = place_all(state, [[(1, 20)] * 2, [(2, 21)] * 2, [(3, 22)] * 2, [(4, 23)] * 2])
    assert ENGINE.targets(state, 0) == [19, 24]
    assert LAYOUT[19] == 11 and LAYOUT[24] == 14 and 24 % 6 == 0  # first square of the next row
    assert {a.square for a in ENGINE.legal_actions(state, 0)} == {19, 24}
    state, events = ENGINE.apply(state, Place(0, 5, 24))
    assert state.boards[0][24] == 5 and "left-hand 14" in events[0].text


def test_covered_number_with_only_one_free_side():
    # Both 1s? There is one 1; with 1 and 2 covered, a 1 can only go after them.
    state = new(rolls=[1, 2, 1])
    state, _ = place_all(state, [[(1, 0)] * 2, [(2, 1)] * 2])
    assert ENGINE.targets(state, 0) == [2]
    # and a 20 with the 20 covered goes before it only
    assert targets(board_of({35: 12}), LAYOUT, 20) == [34]


def test_one_of_two_squares_free_is_the_only_choice():
    state = new(rolls=[7, 7])
    state, _ = place_all(state, [[(1, 10)] * 2])
    assert ENGINE.targets(state, 0) == [11]


def test_a_new_counter_is_turned_up_after_each_placement_as_a_reveal():
    state = new(counters=[[4, 5, 6, 9, 1, 2, 3, 7, 8, 10, 11, 12], SORTED], rolls=[6, 8])
    state, events = act(state, "0 place 4 8")
    flip = events[1]
    assert flip.kind == "flip" and flip.piece == "p0-9" and flip.source == "pool0"
    assert flip.target == "offer0" and flip.reveals
    assert state.offers[0] == [5, 6, 9] and state.pools[0][0] == 1


def test_all_seats_act_on_the_same_roll_at_once_in_any_order_then_the_die_rolls():
    state = new(seats=3, rolls=[10, 4])
    assert ENGINE.to_act(state) == [0, 1, 2]  # as on paper, everybody places at once
    assert ENGINE.legal_actions(state, 2)  # the last seat need not wait for the first
    state, events = act(state, "2 place 3 16")
    assert ENGINE.to_act(state) == [0, 1] and state.roll == 10
    assert not any(e.kind == "roll" for e in events)
    with pytest.raises(IllegalAction) as refused:  # a seat places once a roll
        act(state, "2 place 4 17")
    assert NAMES[0] in refused.value.reason and NAMES[1] in refused.value.reason
    state, _ = act(state, "0 place 1 16")
    state, events = act(state, "1 place 2 17")
    roll = [e for e in events if e.kind == "roll"]
    assert len(roll) == 1 and roll[0].value == 4 and roll[0].reveals and roll[0].piece == "d20"
    assert ENGINE.to_act(state) == [0, 1, 2] and state.roll == 4 and state.rolls == 2


def test_rolls_come_from_the_seed_once_the_deal_runs_out():
    first, _ = place_all(new(rolls=[10], seed=5), [[(1, 16), (1, 16)]])
    second, _ = place_all(new(rolls=[10], seed=5), [[(1, 16), (1, 16)]])
    other, _ = place_all(new(rolls=[10], seed=6), [[(1, 16), (1, 16)]])
    assert first.roll == second.roll and 1 <= first.roll <= 20
    assert first.rng.state != other.rng.state


def _moving_state(last_roll: int):
    """Both seats placed 2 1 3 4 ... 12 (not sorted), then `last_roll` comes up."""
    state = new(rolls=ASCENDING_ROLLS + [last_roll])
    plan = ascending_plan(2)
    plan[0] = [(2, 0)] * 2
    plan[1] = [(1, 2)] * 2
    state, _ = place_all(state, plan)
    return state


def test_moving_phase_starts_once_all_twelve_are_placed():
    state = new(rolls=ASCENDING_ROLLS + [5])
    plan = ascending_plan(2)
    plan[0] = [(2, 0)] * 2  # 2 before 1: nobody finishes while placing
    plan[1] = [(1, 2)] * 2
    state, events = place_all(state, plan)
    assert ENGINE.view(state, 0)["phase"] == "moving"
    assert any(e.kind == "phase" and e.value == "moving" for e in events)
    assert ENGINE.outcome(state) is None
    assert state.offers == [[], []] and state.pools == [[], []]
    legal = ENGINE.legal_actions(state, 0)
    assert Keep(0) in legal and all(isinstance(a, (Move, Keep)) for a in legal)
    assert ENGINE.view(state, 0)["status"] == "Roll 5: Anna and Ben move a counter or keep the board"


def test_rulebook_move_10_from_square_12_to_square_15():
    # 10 lies on the 12 (square index 21) after this placement; a 15 comes up.
    squares = [0, 2, 6, 8, 12, 14, 18, 21, 24, 25, 30, 35]
    counters = [1, 2, 3, 4, 5, 6, 7, 10, 8, 9, 11, 12]
    deal = [counters, counters]
    state = new(counters=deal, rolls=[LAYOUT[sq] for sq in squares] + [15])
    state, _ = place_all(state, [[(c, sq)] * 2 for c, sq in zip(counters, squares)])
    assert state.phase == "moving" and state.roll == 15 and state.boards[0][21] == 10
    assert Move(0, 10, 26) in ENGINE.legal_actions(state, 0)
    state, events = act(state, "0 move 10 27")
    assert state.boards[0][21] == 0 and state.boards[0][27] == 10
    assert events[0].source == "board0#21" and events[0].target == "board0#27"
    assert "moves 10 to the right-hand 15" in events[0].text
    # Seat 1 does the same: both boards are now 1..12 in order, and share the win.
    state, events = act(state, "1 move 10 26")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1]


def test_a_counter_on_the_rolled_number_may_move_off_it():
    # Both 5s are covered (by 3 and 4): a 5 sends a counter to the nearest free square
    # before them (a 4) or after them (a 6), and the 3 lying on a 5 may be the one to go.
    order = [2, 1] + SORTED[2:]
    squares = [0, 2, 6, 7, 12, 14, 18, 20, 24, 26, 30, 35]
    state = new(counters=[order, order], rolls=[LAYOUT[sq] for sq in squares] + [5])
    state, _ = place_all(state, [[(c, sq)] * 2 for c, sq in zip(order, squares)])
    assert state.phase == "moving" and state.boards[0][6] == 3 and state.boards[0][7] == 4
    assert ENGINE.targets(state, 0) == [5, 8]
    legal = ENGINE.legal_actions(state, 0)
    assert Move(0, 3, 5) in legal and Move(0, 4, 8) in legal and Move(0, 12, 5) in legal
    assert len(legal) == 12 * 2 + 1
    state, _ = act(state, "0 move 3 5")
    assert state.boards[0][5] == 3 and state.boards[0][6] == 0


def test_keep_leaves_the_board_as_it_is():
    state = _moving_state(13)
    before = list(state.boards[0])
    state, events = act(state, "0 keep")
    assert state.boards[0] == before and events[0].kind == "message"
    assert ENGINE.to_act(state) == [1]


def test_finito_in_the_moving_phase_wins_alone():
    state = _moving_state(3)  # the 2 on square 0 moves to the free 3 (square 3)
    state, _ = act(state, "0 move 2 3")
    state, events = act(state, "1 keep")
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [0]
    assert outcome.scores == [12, 11] and all(type(s) is int for s in outcome.scores)
    assert outcome.summary == "Anna calls Finito! after 13 rolls."
    assert outcome.details["rolls"] == 13 and outcome.details["rounds"] == 1
    assert events[-1].kind == "end" and ENGINE.to_act(state) == []
    assert ENGINE.view(state, 0)["phase"] == "over"


def test_shared_win_when_two_boards_finish_on_the_same_roll():
    state = new(seats=3, counters=[SORTED, SORTED, [2, 1] + SORTED[2:]], rolls=ASCENDING_ROLLS)
    plan = ascending_plan(3)
    plan[0] = [(1, 0), (1, 0), (2, 0)]
    plan[1] = [(2, 2), (2, 2), (1, 2)]
    state, events = place_all(state, plan)
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [0, 1]
    assert "share the win" in outcome.summary and "Anna and Ben" in outcome.summary
    assert outcome.scores == [12, 12, 11] and all(type(s) is int for s in outcome.scores)


def test_the_first_board_to_finish_wins_even_mid_placement_of_others():
    # Finishing is checked after every seat has acted on the roll, so the seat order does
    # not favour anyone: seat 1 finishing while seat 0 does not still wins.
    state = new(counters=[[2, 1] + SORTED[2:], SORTED], rolls=ASCENDING_ROLLS)
    plan = ascending_plan(2)
    plan[0] = [(2, 0), (1, 0)]
    plan[1] = [(1, 2), (2, 2)]
    state, _ = place_all(state, plan)
    assert ENGINE.outcome(state).winners == [1]


# -- scoring and repeat rounds --------------------------------------------------------------

def test_rulebook_scoring_example_4_6_8_9_10_scores_5():
    board = board_of({0: 7, 3: 1, 5: 12, 9: 4, 12: 6, 13: 8, 20: 9, 26: 10, 30: 2, 31: 3,
                      33: 5, 35: 11})
    assert longest_run(board) == 5


def test_longest_run_skips_free_squares_and_needs_neighbours():
    assert longest_run(board_of({0: 1, 20: 2, 35: 3})) == 3
    assert longest_run(board_of({0: 3, 1: 2, 2: 1})) == 1
    assert longest_run(board_of({})) == 0
    assert longest_run(board_of({i: n for i, n in zip(ASCENDING_SQUARES, SORTED)})) == 12


def _round_one(target: int, rounds: bool = True):
    """Anna finishes (12 points), Ben has 12 1 2 ... 11 (11 points)."""
    state = new(counters=[SORTED, [12] + SORTED[:11]], rolls=ASCENDING_ROLLS, rounds=rounds,
                target=target)
    plan = [[(c, sq), (b, sq)] for c, b, sq in zip(SORTED, [12] + SORTED[:11], ASCENDING_SQUARES)]
    return place_all(state, plan)


def test_repeat_rounds_add_points_and_start_a_new_round():
    state, events = _round_one(target=30)
    scores = [e for e in events if e.kind == "score"]
    assert [(e.seat, e.value) for e in scores] == [(0, 12), (1, 11)]
    view = ENGINE.view(state, 0)
    assert view["phase"] == "round over" and view["scores"] == [12, 11]
    assert view["status"] == "Round 1 is over: Anna starts round 2"
    assert ENGINE.to_act(state) == [0] and ENGINE.legal_actions(state, 0) == [NextRound(0)]
    assert ENGINE.legal_actions(state, 1) == []
    state, events = act(state, "0 next")
    assert state.round == 2 and state.phase == "placing" and state.rolls == 1
    assert state.boards == [[0] * 36, [0] * 36]
    assert sum(1 for e in events if e.kind == "flip" and e.reveals) == 6
    assert events[-1].kind == "roll" and events[-1].reveals
    for seat in range(2):
        assert sorted(state.offers[seat] + state.pools[seat]) == SORTED
    assert ENGINE.view(state, 0)["scores"] == [12, 11]


def test_next_round_is_started_by_the_first_person_at_the_screen():
    state = new(counters=[SORTED, SORTED], rolls=ASCENDING_ROLLS, rounds=True, humans=False)
    assert ENGINE.starter(state) == 0
    state.humans = [False, True]
    assert ENGINE.starter(state) == 1


def test_reaching_the_target_ends_the_game():
    state, events = _round_one(target=12)
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [0] and outcome.scores == [12, 11]
    assert all(type(s) is int for s in outcome.scores)
    assert outcome.summary == "Anna wins with 12 points after 1 round."
    assert outcome.details["round_points"] == [[12, 11]]


def test_several_past_the_target_the_highest_total_wins():
    state, _ = _round_one(target=10)
    assert ENGINE.outcome(state).winners == [0]


def test_equal_totals_at_the_target_share_the_win():
    state = new(counters=[SORTED, SORTED], rolls=ASCENDING_ROLLS, rounds=True, target=12)
    state, _ = place_all(state, ascending_plan(2))
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [0, 1] and "share the win" in outcome.summary


def test_a_round_without_finito_stops_at_the_roll_limit():
    state = _moving_state(13)
    state.max_rolls = 14  # the data file says 150; a short limit keeps the test small
    state, _ = act(state, "0 keep")
    state, _ = act(state, "1 keep")
    assert state.rolls == 14 and ENGINE.outcome(state) is None
    state, _ = act(state, "0 keep")
    state, events = act(state, "1 keep")
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [0, 1]  # both have 2 1 3 .. 12: longest run 11
    assert outcome.details["limit_reached"] and "No Finito!" in outcome.summary


# -- refused actions and their reasons ---------------------------------------------------------

def reason(state, text):
    with pytest.raises(IllegalAction) as caught:
        act(state, text)
    return caught.value.reason


def test_refused_rolled_square_is_free():
    state = new(rolls=[17])
    assert reason(state, "0 place 1 5") == "17 is free: the counter must go there."
    gesture = Gesture("p0-1", "offer0", "board0#5")
    with pytest.raises(IllegalAction, match="17 is free: the counter must go there."):
        ENGINE.action_for(state, 0, gesture)


def test_refused_not_the_nearest_free_square():
    state = new(rolls=[12, 12, 13, 13, 12])
    state, _ = place_all(state, [[(1, 20)] * 2, [(2, 21)] * 2, [(3, 22)] * 2, [(4, 23)] * 2])
    assert reason(state, "0 place 5 18") == (
        "Every 12 is covered: the counter goes on the nearest free square, "
        "the right-hand 11 before them or the left-hand 14 after them.")


def test_refused_square_already_covered():
    state = new(rolls=[15, 15])
    state, _ = place_all(state, [[(1, 26)] * 2])
    assert reason(state, "0 place 2 26") == "The left-hand 15 is already covered by 1."


def test_refused_face_down_counter_and_unknown_counter():
    state = new(rolls=[15])
    assert reason(state, "0 place 9 26") == "9 is still face down: choose 1, 2 and 3."
    assert reason(state, "0 place 13 26") == "There is no counter 13."
    assert reason(state, "0 place 1 40") == "There is no square 40: squares go from 0 to 35."


def test_refused_counter_already_on_the_board():
    state = new(rolls=[15, 16])
    state, _ = place_all(state, [[(1, 26)] * 2])
    assert reason(state, "0 place 1 28") == "1 is already on your board."


def test_refused_wrong_phase():
    state = new(rolls=[15])
    assert reason(state, "0 move 1 26") == "Counters can only be moved once all twelve are on the board."
    assert reason(state, "0 keep") == "Every roll places a counter until all twelve are on the board."
    assert reason(state, "0 next") == "The round is still being played."
    moving = _moving_state(13)
    assert reason(moving, "0 place 1 22") == "All counters are on the board: move one of them, or keep the board."


def test_refused_out_of_turn():
    state = new(rolls=[15])
    state, _ = act(state, "1 place 1 26")  # Ben need not wait for Anna
    assert reason(state, "1 place 2 27") == "You have already acted on this roll: waiting for Anna."
    assert ENGINE.view(state, 0)["status"] == "Roll 15: Anna places a counter"
    state, _ = act(state, "0 place 1 26")
    assert reason(state, "5 keep") == "There is no seat 5 at this table."


def test_refused_after_the_game():
    state = _moving_state(3)
    state, _ = act(state, "0 move 2 3")
    state, _ = act(state, "1 keep")
    assert reason(state, "0 keep") == "The game is over."
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.refuse(state, 0, Gesture("p0-1", "board0", "board0#4")) == "The game is over."


def test_refused_move_to_a_square_the_roll_does_not_allow():
    state = _moving_state(13)
    assert reason(state, "0 move 5 1") == "13 is free: the counter must go there."


def test_refused_gestures():
    state = new(rolls=[15])
    assert ENGINE.refuse(state, 0, Gesture("p1-1", "offer1", "board0#26")) == "That counter belongs to Ben."
    assert ENGINE.refuse(state, 0, Gesture("p0-1", "offer0", "board1#26")) == \
        "That is Ben's board: put the counter on yours."
    assert ENGINE.refuse(state, 0, Gesture("p0-9", "pool0", "board0#26")) == "That counter is still face down."
    assert ENGINE.refuse(state, 0, Gesture("p0-1", "offer0", None)) == "Drop the counter on a square of your board."
    assert ENGINE.refuse(state, 0, Gesture("p0-1", "board0", "board0#26")) == \
        "Counters can only be moved once all twelve are on the board."
    state, _ = act(state, "1 place 1 26")
    assert ENGINE.refuse(state, 1, Gesture("p1-2", "offer1", "board1#27")).startswith(
        "You have already acted on this roll")


def test_refused_between_rounds():
    state, _ = _round_one(target=30)
    state.humans = [False, True]  # Ben is the person at the screen: he starts round 2
    assert reason(state, "0 next") == "Ben starts the next round."
    assert reason(state, "1 keep") == "The round is over: start the next round first."
    state, _ = act(state, "1 next")
    assert state.round == 2


def test_refused_touching_a_board_counter_while_placing_names_the_phase():
    from game.core import Gesture, Seat, Setup
    from game.core.registry import engine
    eng = engine("finito")
    state = eng.new_game(Setup(3), {"rounds": False, "target": 30}, [Seat("A"), Seat("B")])
    seat = eng.to_act(state)[0]
    place = eng.legal_actions(state, seat)[0]
    state, _ = eng.apply(state, place)
    piece = f"p{seat}-{place.counter}"
    reason = eng.refuse(state, seat, Gesture(piece, f"board{seat}", None))
    assert "once all twelve" in reason
