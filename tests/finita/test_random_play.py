"""Random legal play under a covering set of the table rules: every card stays somewhere, no
view shows what its seat may not know, every legal action is accepted, replays are exact; and
whole matches on the referee's clock with every computer strength."""
import pytest

from game.core import HIDDEN, IllegalAction, Rng, Seat, Setup, to_json
from game.finita import ENGINE, PLAYERS
from game.finita.actions import Wait

BOOLS = ("overtime", "chaos", "throws", "clap", "memory_swap", "poker", "punish", "strict",
         "penalty")
ALL_OFF = {k: False for k in BOOLS}
# all off, all on, each rule alone, and the pairs whose rules meet
COVER = {
    "all off": {},
    "all on": {**{k: True for k in BOOLS}, "memory": 2},
    "defaults": {"overtime": True},
    **{f"{k} alone": {k: True} for k in BOOLS if k not in ("memory_swap",)},
    "memory alone": {"memory": 1},
    "memory swap": {"memory": 3, "memory_swap": True},
    "chaos without overtime": {"chaos": True, "overtime": False},
    "throws and clap": {"throws": True, "clap": True},
    "throws and poker": {"throws": True, "poker": True, "overtime": True},
    "throws and memory swap": {"throws": True, "memory": 1, "memory_swap": True},
    "strict and memory": {"strict": True, "memory": 2},
    "clap and memory": {"clap": True, "memory": 1},
    "punish and throws": {"punish": True, "throws": True},
    "chaos and throws": {"chaos": True, "overtime": True, "throws": True},
}


def check(state):
    spectator = ENGINE.view(state, None)
    pieces = [c for zone in spectator["zones"].values() for c in zone]
    assert len(pieces) == 120, f"{len(pieces)} cards in the zones in phase {state.phase}"
    named = [c for c in pieces if c != HIDDEN]
    assert len(named) == len(set(named)), "a card is in two places"
    for viewer in [*range(state.seats), None]:
        text = to_json(ENGINE.view(state, viewer))
        for piece in ENGINE.hidden_pieces(state, viewer):
            assert f'"{piece}"' not in text, f"seat {viewer} sees hidden {piece}"


def random_match(options, seats, seed, limit=450):
    """Any seat (not only the one to act) takes a random legal action at a random later time;
    windows shut when their time comes. Returns (final state, actions)."""
    table = [Seat(f"S{i}") for i in range(seats)]
    state = ENGINE.new_game(Setup(seed), options, table)
    rng, done = Rng(seed), []
    check(state)
    while ENGINE.outcome(state) is None and len(done) < limit:
        ms = state.last_ms + rng.randrange(700)
        deadlines = ENGINE.deadlines(state)
        if deadlines and ms >= deadlines[0][0]:
            action = ENGINE.at_time(deadlines[0][1], deadlines[0][0])
        else:
            seat = rng.randrange(seats) if rng.randrange(3) == 0 else rng.choice(
                ENGINE.to_act(state))
            legal = [a for a in ENGINE.legal_actions(state, seat) if not isinstance(a, Wait)]
            calm = [a for a in legal if a.kind != "penalty"]
            if calm and rng.randrange(5):
                legal = calm
            # lean towards laying cards, so that rounds end and memory cards come out
            laying = [a for a in legal if a.kind in ("play", "pair", "poker", "hidden", "finita")]
            if laying and rng.randrange(4):
                legal = laying
            if not legal:
                continue
            action = ENGINE.at_time(rng.choice(legal), ms)
        try:
            state, _ = ENGINE.apply(state, action)
        except IllegalAction as exc:  # pragma: no cover - the failure message
            raise AssertionError(f"a legal action was refused: {action} ({exc.reason})")
        done.append(action)
        check(state)
    return state, done


@pytest.mark.parametrize("name", sorted(COVER))
def test_random_play_keeps_every_card_and_every_secret(name):
    options = {**ALL_OFF, "memory": 0, "target": 60, **COVER[name]}
    seats = 2 + sum(map(ord, name)) % 5  # 2 to 6 seats, fixed per combination
    final, actions = random_match(options, seats, seed=len(name))
    assert ENGINE.outcome(final) is not None or len(actions) == 450
    replay = ENGINE.new_game(Setup(len(name)), options, [Seat(f"S{i}") for i in range(seats)])
    for action in actions:
        replay, _ = ENGINE.apply(replay, ENGINE.parse_action(action.text()))
    assert to_json(ENGINE.snapshot(replay)) == to_json(ENGINE.snapshot(final))


@pytest.mark.parametrize("name,strengths,seats", [
    ("all on", ("random", "simple", "good"), 3),
    ("throws and clap", ("good", "simple"), 4),
    ("memory swap", ("simple", "random"), 5),
    ("defaults", ("good", "good"), 2),
    ("strict and memory", ("random", "good", "simple"), 6),
])
def test_whole_matches_on_the_referee_with_every_strength(name, strengths, seats):
    options = {**ALL_OFF, "memory": 0, "target": 60, **COVER[name]}
    players = [PLAYERS[strengths[i % len(strengths)]]() for i in range(seats)]
    state = ENGINE.new_game(Setup(seats), options,
                            [Seat(f"C{i}", "computer") for i in range(seats)])
    final, actions = ENGINE.play_out(state, players, Rng(seats))
    outcome = ENGINE.outcome(final)
    assert outcome is not None and outcome.winners
    assert max(final.totals) >= 60 and min(final.totals) == final.totals[outcome.winners[0]]
    assert sum(h["scores"][i] for h in final.history for i in range(seats)) == sum(final.totals)
    check(final)
    latest = 0
    for action in actions:  # times never run backwards (a window shuts at its own time)
        if action.kind not in ("close", "next_round"):
            assert action.ms >= latest, f"{action} came before {latest} ms"
        latest = max(latest, action.ms)
