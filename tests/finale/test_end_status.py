"""The status line at the end of a match says when it ended: "Full time" after 90 minutes,
"After extra time" when extra time decided it, "After the shoot-out" when penalties did.
Whole matches of two simple computer coaches, played by the engine until each kind of ending
is seen."""
from __future__ import annotations

from game.core import Seat, Setup
from game.core.players import make_player
from game.core.rng import Rng
from game.core.session import Match
from game.finale import rules
from tests.finale.helpers import start


def play(seed: int, **options) -> Match:
    opts = {"extra_time": True, "shootout": True}
    opts.update(options)
    match = Match.start("finale", Setup(seed), opts,
                        [Seat("A", "computer", "simple"), Seat("B", "computer", "simple")])
    players = [make_player("finale", "simple") for _ in range(2)]
    rng = Rng(seed)
    while match.outcome() is None:
        seat = match.engine.to_act(match.state)[0]
        view = match.engine.view(match.state, seat)
        match.act(players[seat].choose(view, match.engine.legal_actions(match.state, seat), rng))
    return match


def ending(match: Match) -> str:
    state = match.state
    if any(c.kicks for c in state.coaches):
        return "shoot-out"
    return "extra time" if state.extra else "full time"


def test_each_way_a_match_ends_is_named_in_the_status_line():
    seen: dict[str, str] = {}
    summaries: dict[str, str] = {}
    for seed in range(1, 60):
        match = play(seed)
        kind = ending(match)
        if kind not in seen:
            seen[kind] = match.engine.view(match.state, None)["status"]
            summaries[kind] = match.outcome().summary
        if len(seen) == 3:
            break
    assert set(seen) == {"full time", "extra time", "shoot-out"}, seen
    assert seen["full time"].startswith("Full time: ")
    assert seen["extra time"].startswith("After extra time: "), seen["extra time"]
    assert seen["shoot-out"].startswith("After the shoot-out: "), seen["shoot-out"]
    assert "on penalties" in seen["shoot-out"]
    for kind in ("extra time", "shoot-out"):
        assert "Full time" not in seen[kind]
    # the result's summary (the end dialog) says extra time as well
    assert "after extra time" in summaries["extra time"], summaries["extra time"]
    assert "extra time" not in summaries["full time"], summaries["full time"]


def test_a_draw_after_extra_time_says_so():
    s = start(extra_time=True, shootout=False)
    s.coaches[0].goals = s.coaches[1].goals = 1
    for period in (6, 8):  # level after 90 minutes, and again after extra time
        s.period = period
        rules.end_period(s, [])
    assert s.phase == "over" and s.extra
    from game.finale import ENGINE
    assert ENGINE.view(s, 0)["status"] == "After extra time: a draw."
    assert ENGINE.outcome(s).summary.startswith("A draw after extra time: ")
