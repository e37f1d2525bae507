"""Round scoring, the match to its target, and rounds that stop without a winner."""
from game.finita import ENGINE
from tests.finita.helpers import act, late, legal, refused, run, start, texts

COSTLY = ["red-skip.1", "wild.1", "paul.1", "blue-7.1", "red-10", "blue-0"]


def last_card(**options):
    """Ann holds her last card (called); Bo holds a skip, a colour choice, Paul, 7, 10 and 0."""
    state = start([["red-1.1"], COSTLY, ["yellow-10"]], **options)
    state = late(state, ["red-1.1"], COSTLY)
    state.called[0] = True
    return state


def test_the_round_scores_numbers_at_face_value_actions_20_and_black_cards_50():
    state, events = act(last_card(), "0 play red-1.1")
    assert "Ann is out and wins round 1." in texts(events)
    cy = sum(int(c.split("-")[1].split(".")[0]) for c in state.hands[2])
    assert state.history == [{"round": 1, "winner": 0, "scores": [0, 20 + 50 + 50 + 7 + 10, cy],
                              "totals": [0, 137, cy], "turns": 0}]
    assert "Bo: 137 points." in texts(events)
    assert state.phase == "round over" and ENGINE.outcome(state) is None
    assert ENGINE.to_act(state) == [0, 1, 2] and legal(state, 2) == ["2 next_round"]
    assert ENGINE.view(state, 1)["status"] == ("Ann is out. Round 1 is scored; start the next "
                                               "one when ready.")


def test_while_a_person_sits_at_the_table_only_people_deal_the_next_round():
    """Issue 25: a computer seat dealt the next round in the very millisecond the round ended,
    so the score sheet never showed. With a person at the table the round waits on the sheet
    until a person goes on; a table of computers alone deals on by itself."""
    from game.core import Rng
    from game.finita import SimplePlayer
    from game.finita.referee import FinitaReferee
    state = last_card()
    state.people = [0]  # Ann is the only person: Bo and Cy are computer seats
    state = run(state, "0 play red-1.1")
    assert ENGINE.to_act(state) == [0] and legal(state, 1) == [] and legal(state, 2) == []
    referee = FinitaReferee(ENGINE, {1: SimplePlayer(), 2: SimplePlayer()}, Rng(1))
    assert referee.step(state) is None and referee.step(state, 10_000) is None
    state.people = []  # nobody but computers at the table
    assert ENGINE.to_act(state) == [0, 1, 2]
    assert referee.step(state).kind == "next_round"


def test_the_next_round_is_dealt_from_the_seed():
    state = run(last_card(), "0 play red-1.1")
    assert refused(state, "0 play red-1.1") == "The round is over: start the next one."
    state, events = act(state, "1 next_round")
    assert state.round == 2 and state.phase == "turn"
    assert [len(h) for h in state.hands] == [7, 7, 7] and len(state.discard) == 1
    assert state.totals == state.history[0]["totals"]
    assert [t for t in texts(events) if t.startswith("Round 2: ")]
    assert sum(len(h) for h in state.hands) + len(state.draw) + len(state.discard) == 120
    assert refused(state, "0 next_round") == "The round is still being played."


def test_the_match_ends_at_the_target_and_the_lowest_total_wins():
    state, events = act(last_card(target=100), "0 play red-1.1")
    assert state.phase == "match over" and state.winners == [0]
    assert "The match is over: Ann with the fewest points." in texts(events)
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [0] and outcome.scores == state.totals
    assert outcome.details["round_count"] == 1
    assert ENGINE.to_act(state) == [] and legal(state, 0) == []
    assert refused(state, "0 next_round") == "The match is over."


def test_a_tie_for_the_lowest_total_shares_the_win():
    state = last_card(target=100)
    cy = sum(int(c.split("-")[1].split(".")[0]) for c in state.hands[2])
    state.totals = [cy, 0, 0]  # earlier rounds
    state, _ = act(state, "0 play red-1.1")
    assert state.totals == [cy, 137, cy] and state.winners == [0, 2]
    assert ENGINE.outcome(state).winners == [0, 2]
    assert ENGINE.outcome(state).summary == (f"Ann and Cy share the win with {cy} points after "
                                             "1 round.")
    state.totals[0] = state.totals[2] = 1  # one point: no plural either
    assert "with 1 point after 1 round." in ENGINE.outcome(state).summary


def test_a_round_stops_when_nobody_can_play_or_draw():
    state = start([["blue-3.1"], ["blue-4.1"]])
    state = late(state, ["blue-3.1"], ["blue-4.1"])
    state.hands[1] += state.draw  # Bo took the whole pile: nothing is left to draw
    state.draw = []
    state, events = act(state, "0 draw")
    assert state.phase == "turn" and state.passes == 1
    state, events = act(state, "1 draw")
    assert "The round is stuck and stops here." in texts(events)
    assert "Round 1 stops with nobody out." in texts(events)
    assert state.round_winner is None and state.history[-1]["scores"][0] == 3
    assert state.history[-1]["scores"][1] > 1000


def test_a_round_stops_at_its_turn_limit():
    state = start([["blue-3.1"], ["blue-4.1"]])
    state.turns = state.data.round_limit - 1
    state, events = act(state, "0 draw")
    assert "The round is stuck and stops here." in texts(events)
    assert state.phase == "round over" and state.history[-1]["winner"] is None
