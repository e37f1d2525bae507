"""Coffee, rounds, winning and losing in Finished!."""
from __future__ import annotations

from tests.finished.helpers import mid, moves, new, play, rest_of
from game.finished import ENGINE


def run_until(state, card: int):
    """End turns until `card` is in the Present (it is at the bottom of the deal)."""
    for _ in range(40):
        if card in state.present:
            return state
        state, _ = play(state, "done")
    raise AssertionError(f"{card} never came")


def test_step_6_with_0048_costs_a_coffee_and_ends_the_round():
    state = run_until(new([20, 30, 40]), 48)
    assert (state.coffee, state.round) == (7, 1)
    state, events = play(state, "done")
    assert (state.coffee, state.round) == (6, 2)
    cup = [e for e in events if e.kind == "token" and e.piece == "coffee"]
    assert len(cup) == 1 and cup[0].source == "coffee" and "Round 2" in cup[0].text
    view = ENGINE.view(state, 0)
    assert view["coffee"] == 6 and view["round"] == 2 and len(view["zones"]["coffee"]) == 6


def test_below_the_stack_with_0048_costs_a_coffee():
    state = mid(draw=rest_of([4, 48, 20]), present=[4, 48, 20])
    state, _ = play(state, "activate 4", "confirm")
    assert (state.coffee, state.round) == (6, 2)
    assert 48 in state.draw


def test_cards_into_the_past_with_0048_costs_a_coffee():
    state = mid(draw=rest_of([5, 48, 20]), present=[5, 48, 20])
    state, _ = play(state, "activate 5", "pick 48", "pick 5", "confirm")
    assert (state.coffee, state.round) == (6, 2)
    assert state.past[-2:] == [48, 5]


def test_exchange_cards_puts_0048_on_top_without_coffee():
    state = mid(draw=rest_of([13, 48, 20]), present=[13, 48, 20])
    state, _ = play(state, "activate 13", "pick 48", "confirm")
    assert (state.coffee, state.round) == (7, 1)
    assert state.draw[0] == 48
    assert ENGINE.view(state, 0)["top_known"] == 1


def test_0048_trimmed_from_the_past_costs_nothing():
    state = mid(draw=rest_of([48, 20, 30, 40, 41, 44]), past=[48, 20, 30], present=[40, 41, 44])
    state, events = play(state, "done")
    assert ("c48", "past", "draw") in moves(events)
    assert (state.coffee, state.round) == (7, 1)


def test_no_coffee_left_means_asleep_and_lost():
    state = mid(draw=rest_of([48, 20, 30]), present=[48, 20, 30], coffee=0, round=8,
                finished=[])
    state, events = play(state, "done")
    assert events[-1].kind == "end" and "asleep" in events[-1].text
    assert ENGINE.to_act(state) == [] and ENGINE.legal_actions(state, 0) == []
    result = ENGINE.outcome(state)
    assert result is not None and result.winners == [] and result.scores == [0]
    assert type(result.scores[0]) is int, "a count of cards is a whole number: 0, not 0.0"
    assert "with 0 cards finished." in result.summary
    assert result.details["won"] is False and result.details["coffee_left"] == 0
    assert result.details["level"] == "very-easy" and result.details["rounds"] == 8
    assert "asleep" in result.summary.lower()


def test_no_coffee_left_loses_even_through_an_action():
    state = mid(draw=rest_of([5, 48, 20]), present=[5, 48, 20], coffee=0, round=8)
    state, _ = play(state, "activate 5", "pick 48", "pick 20", "confirm")
    assert ENGINE.outcome(state).details["result"] == "asleep"


def test_the_round_limit_is_checked_when_a_round_would_end():
    # not reachable with the shipped levels (coffee = rounds - 1); a hand-made position
    state = mid(draw=rest_of([48, 20, 30]), present=[48, 20, 30], coffee=3, round=8)
    state, _ = play(state, "done")
    result = ENGINE.outcome(state)
    assert result.winners == [] and result.details["result"] == "rounds"
    assert "rounds" in result.summary


def test_the_last_round_uses_the_last_coffee_exactly():
    state = run_until(new([20, 30, 40], level="difficult"), 48)
    rounds = []
    for _ in range(400):
        if ENGINE.outcome(state) is not None:
            break
        before = state.round
        state, _ = play(state, "done")
        if state.round != before:
            rounds.append((state.round, state.coffee))
    assert rounds == [(2, 4), (3, 3), (4, 2), (5, 1), (6, 0)]
    result = ENGINE.outcome(state)
    assert result.details["result"] == "asleep" and result.details["rounds"] == 6


def test_scoring_0048_wins():
    state = mid(draw=[48], present=[46, 47], finished=list(range(1, 46)), coffee=2)
    state, events = play(state, "done")
    result = ENGINE.outcome(state)
    assert result is not None and result.winners == [0]
    assert result.scores == [48] and type(result.scores[0]) is int
    assert result.details["won"] and result.details["finished_pile"] == list(range(1, 49))
    assert result.details["coffee_left"] == 2
    assert events[-1].kind == "end" and "win" in events[-1].text
    view = ENGINE.view(state, 0)
    assert view["to_act"] == [] and view["finished_count"] == 48


def test_winning_in_the_middle_of_an_action_stops_it():
    state = mid(draw=[45, 48], present=[46, 47], finished=list(range(1, 45)))
    state, events = play(state, "activate 47")
    assert ENGINE.outcome(state).winners == [0]
    assert state.finished[-4:] == [45, 46, 47, 48]
    assert ENGINE.legal_actions(state, 0) == []


def test_one_card_finished_reads_as_one_card():
    state = mid(draw=rest_of([1, 48, 20, 30]), present=[48, 20, 30], coffee=0, round=8,
                finished=[1])
    state, events = play(state, "done")
    assert "with 1 card finished." in ENGINE.outcome(state).summary
    assert "1 cards" not in ENGINE.outcome(state).summary + events[-1].text
