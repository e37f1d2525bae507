"""Finishing a race: the finisher scores 0 with an empty hand (else 2 a card), the others 1 a card;
the draw pile is rebuilt from the discards; a race nobody finishes is stopped."""
from tests.flag_finish.helpers import SEQUENCE, deal, fill, refused, run, start
from game.flag_finish import ENGINE

ANNA = SEQUENCE + ["flag-1"]
BO = fill(["orange-0", "yellow-1", "purple-2"], ANNA)


def to_the_flag():
    """Bo (who turned up the green) plays 0, 1, 2 then draws and discards; Anna plays a card
    each turn. Returns the state with Anna about to play her flag."""
    state = start(deal([ANNA, BO], flips=["flag-2", "green-4"]))
    assert ENGINE.to_act(state) == [1]
    for turn in range(11):
        if turn < 3:
            state = run(state, f"1 play {BO[turn]} 0")
        else:
            state = run(state, "1 draw_pile 0")
            state = run(state, f"1 discard {state.hands[1][-1]} 0")
        state = run(state, f"0 play {ANNA[turn]} 0")
    state = run(state, "1 draw_pile 0")
    return run(state, f"1 discard {state.hands[1][-1]} 0")


def test_a_finish_with_an_empty_hand_scores_0_and_the_others_1_a_card():
    state = to_the_flag()
    assert state.hands[0] == ["flag-1"] and len(state.hands[1]) == 9
    state, events = ENGINE.apply(state, ENGINE.parse_action("0 play flag-1 0"))
    assert state.race_scores == [0, 9] and state.match_scores == [0, 9]
    scores = [(e.seat, e.value) for e in events if e.kind == "score"]
    assert scores == [(0, 0), (1, 9)]
    assert events[-1].kind == "end"
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [0] and outcome.scores == [0, 9]
    assert outcome.details["races"] == [[0, 9]] and outcome.details["actions"] == [33]
    assert ENGINE.to_act(state) == [] and refused(state, "1 next_race 0") == "The match is over."


def test_a_finisher_still_holding_cards_scores_2_a_card():
    # Unreachable in play (every draw comes with a discard), so the hand is edited by hand:
    # the rule is still implemented as the rulebook writes it.
    state = to_the_flag()
    extra = state.draw.pop()
    state.hands[0].append(extra)
    state = run(state, "0 play flag-1 0")
    assert state.race_scores == [2, 9]
    state = to_the_flag()
    state.hands[0] += [state.draw.pop(), state.draw.pop()]
    assert run(state, "0 play flag-1 0").race_scores == [4, 9]


def test_the_empty_draw_pile_is_rebuilt_from_all_discards_but_the_newest():
    hands = [ANNA, fill([], ANNA)]
    greens = [f"green-{n}" for n in range(11)]
    others = [c for c in deal(hands) if c not in greens and c not in hands[0] + hands[1]]
    state = start(deal(hands, flips=others + ["green-0"], then=greens[1:]))
    assert len(state.draw) == 10 and len(state.discard) == 38 and state.first_player == 1
    seat = 1
    for _ in range(10):
        state = run(state, f"{seat} draw_pile 0")
        state = run(state, f"{seat} discard {state.hands[seat][-1]} 0")
        seat = 1 - seat
    assert state.draw == [] and len(state.discard) == 48
    newest, before = state.discard[-1], list(state.discard[:-1])
    state, events = ENGINE.apply(state, ENGINE.parse_action(f"{seat} draw_pile 0"))
    assert state.discard == [newest]
    drawn = state.hands[seat][-1]
    assert sorted(state.draw + [drawn]) == sorted(before) and len(state.draw) == 46
    assert state.draw + [drawn] != before, "the new pile is shuffled"
    refill = [e for e in events if e.kind == "move" and e.target == "draw"]
    assert [e.piece for e in refill] == before  # in discard order, not the secret new order
    assert any(e.reveals and "shuffled" in e.text for e in events)
    assert events[-1].piece == "?"


def test_a_race_nobody_finishes_is_stopped_after_100_turns_each():
    state = start(deal([ANNA, BO], flips=["flag-2", "green-4"]))
    seat = 1
    for turn in range(200):
        assert state.phase == "racing", turn
        state = run(state, f"{seat} draw_pile 0")
        state = run(state, f"{seat} discard {state.hands[seat][-1]} 0")
        seat = 1 - seat
    assert state.race_scores == [12, 12]
    assert state.phase == "race over", "a tied match (1 race) goes on"
