"""A match: several races, the next one dealt by the engine, lowest total wins, ties add races."""
from tests.flag_finish.helpers import SEQUENCE, deal, fill, refused, run, start
from game.core import Rng
from game.flag_finish import ENGINE, PLAYERS
from game.flag_finish.simulate import play_match

ANNA = SEQUENCE + ["flag-1"]
BO = fill([], ANNA)


def anna_wins_race_one(races):
    state = start(deal([ANNA, BO], flips=["green-4"]), races=races)
    for card in ANNA:
        state = run(state, f"0 play {card} 0")
        if state.phase != "racing":
            break
        state = run(state, "1 draw_pile 0")
        state = run(state, f"1 discard {state.hands[1][-1]} 0")
    return state


def test_the_next_race_waits_for_a_seat_and_is_dealt_by_the_engine():
    state = anna_wins_race_one(races=2)
    assert state.phase == "race over" and state.race_scores == [0, 12]
    assert ENGINE.outcome(state) is None and ENGINE.to_act(state) == [0, 1]
    view = ENGINE.view(state, 1)
    assert view["race_scores"] == [0, 12] and view["match_scores"] == [0, 12]
    assert "Start the next race" in view["status"]
    assert refused(state, "1 draw_pile 0") == "The race is over: start the next race."
    state, events = ENGINE.apply(state, ENGINE.parse_action("1 next_race 0"))
    assert state.race == 2 and state.race_scores is None and state.rows == [[], []]
    assert sorted(state.draw + state.discard + state.hands[0] + state.hands[1]) == \
        sorted(ENGINE.view(state, None)["zones"]["discard"] + state.draw + state.hands[0]
               + state.hands[1])
    assert len(state.draw) + len(state.discard) == 48
    flips = [e for e in events if e.kind == "move" and e.target == "discard"]
    assert flips[0].seat == 1, "the first card of race 2 is turned by the next seat"
    assert refused(state, f"{ENGINE.to_act(state)[0]} next_race 0") == "The race is still on."


def test_the_lowest_total_wins_the_match():
    state = anna_wins_race_one(races=2)
    state = run(state, "0 next_race 0")
    players = [PLAYERS["steady"](), PLAYERS["random"]()]
    state, actions = play_match(ENGINE, state, players, Rng(3))
    outcome = ENGINE.outcome(state)
    assert outcome.details["races"][0] == [0, 12] and len(outcome.details["races"]) == 2
    totals = [sum(r[s] for r in outcome.details["races"]) for s in range(2)]
    assert outcome.scores == totals and outcome.winners == [0]
    assert len(outcome.details["actions"]) == 2 and "Anna wins" in outcome.summary
    assert ENGINE.view(state, 0)["phase"] == "match over"


def test_a_tie_after_the_last_race_adds_races_until_it_breaks():
    anna = ["green-0"] + [f"red-{n}" for n in range(1, 11)] + ["flag-1"]
    bo = ["blue-0", "green-1"] + [f"blue-{n}" for n in range(2, 11)] + ["flag-2"]
    state = start(deal([anna, bo], flips=["green-5"]), mode="challenge", races=1)
    for i in range(12):  # both finish within 50 ms, one green each: 0 - 0
        state = run(state, f"0 play {anna[i]} {100 * i}", f"1 play {bo[i]} {100 * i + 50}")
    assert state.race_scores == [0, 0] and state.phase == "race over"
    state = run(state, "0 next_race 1200")
    players = [PLAYERS["quick"](), PLAYERS["quick"]()]
    state, _ = play_match(ENGINE, state, players, Rng(4))
    outcome = ENGINE.outcome(state)
    races = outcome.details["races"]
    assert races[0] == [0, 0] and len(races) >= 2 and len(outcome.winners) == 1
    totals = [sum(r[s] for r in races) for s in range(2)]
    assert outcome.scores == totals and totals[outcome.winners[0]] < totals[1 - outcome.winners[0]]
    for played in range(1, len(races)):  # every race before the last left the totals tied
        assert len({sum(r[s] for r in races[:played]) for s in range(2)}) == 1


def test_a_tie_that_never_breaks_is_shared_after_the_extra_races():
    from game.flag_finish.rules import close_race
    state = start(deal([ANNA, BO], flips=["green-4"]), races=1)
    state.race = 1 + state.data.extra_races  # edited by hand: the last extra race, unfinished
    close_race(state, [])
    assert state.race_scores == [12, 12]
    assert state.phase == "match over" and state.winners == [0, 1]
    assert "share the win" in ENGINE.outcome(state).summary


def test_finis_simulate_races_challenge_mode_on_the_racers_clocks():
    """The generic simulate hands a Flag Finish match to the engine's own play_out, so in a
    challenge race the quicker racer really acts more often and the actions carry times."""
    from game.verbs import simulate
    from game.core import Seat, Setup
    from game.core.players import make_player
    from game.core.session import Match

    seats = [Seat("Quick", "computer", "lightning"), Seat("Slow", "computer", "steady")]
    match = Match.start("flag-finish", Setup(5), {"mode": "challenge", "races": 1}, seats)
    players = [make_player("flag-finish", s.strength) for s in seats]
    final, actions = ENGINE.play_out(match.state, players, Rng(5))
    assert ENGINE.outcome(final) is not None
    race = [a for a in actions if a.kind != "next_race"]
    times = {seat: [a.ms for a in race if a.seat == seat] for seat in (0, 1)}
    for seat in (0, 1):
        assert times[seat] == sorted(times[seat]) and times[seat][-1] > 0
    assert len(times[0]) > len(times[1]), "the lightning racer should get more actions in"
    result = simulate("flag-finish", 20, 1, seats, {"mode": "challenge", "races": 1})
    assert result["results"]["wins"][0] > result["results"]["wins"][1]


def test_a_race_that_is_over_is_not_taken_back():
    """Its points are on the score sheet: undo stops at the winning card (a race still being
    run may be taken back where honest)."""
    state = anna_wins_race_one(races=2)
    assert "race is over" in ENGINE.undo_refusal(state)
    state = run(state, "1 next_race 0")
    assert ENGINE.undo_refusal(state) == ""
