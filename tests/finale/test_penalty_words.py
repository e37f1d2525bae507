"""How the end of a shoot-out is told: the same order of the two tallies in the status line and
in the result's summary (the winner's first), whichever coach sits at seat 0."""
from __future__ import annotations

from game.finale import ENGINE
from game.finale import rules
from tests.finale.helpers import act, legal_texts, start

GOAL, MISS = [5, 0], [0, 5]  # (taker's die, goalie's die): any taker beats any goalie, or not


def shoot_out(dice):
    """A shoot-out from the kick-off (seat 0 shoots first), every taker named, kicks by `dice`."""
    s = start()
    rules.start_shootout(s, [])
    s.dice = [3, 1] + [face for kick in dice for face in kick]
    for seat in (0, 1):
        for _ in range(5):
            s = act(s, legal_texts(s, seat)[0])
    assert s.phase == "over"
    return s


def test_a_shoot_out_win_is_told_winner_first_in_the_status_and_in_the_summary():
    # seat 1 wins 4 to 1: seat 0 scores once, seat 1 four times
    s = shoot_out([GOAL, GOAL, MISS, GOAL, MISS, GOAL, MISS, GOAL, MISS, MISS])
    teams = [t.name for t in s.data.teams]
    assert [sum(c.kicks) for c in s.coaches] == [1, 4]
    status = ENGINE.view(s, 0)["status"]
    summary = ENGINE.outcome(s).summary
    for words in (status, summary):
        assert f"{teams[1]} win 4 to 1 on penalties" in words, words
        assert "1 to 4" not in words, words
    assert f"{teams[0]} 0, {teams[1]} 0" in summary, "the goals of the match stay in the summary"


def test_a_seat_0_win_on_penalties_reads_the_same_way():
    s = shoot_out([GOAL, MISS] * 3 + [GOAL, GOAL] * 2)  # 5 to 2, decided after three pairs
    teams = [t.name for t in s.data.teams]
    for words in (ENGINE.view(s, 1)["status"], ENGINE.outcome(s).summary):
        assert f"{teams[0]} win 5 to 2 on penalties" in words, words
