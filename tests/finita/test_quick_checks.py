"""The engine's quick answers agree with the long way: `is_legal` with membership of
`legal_actions` (apply uses it), `at_time` with dataclasses.replace, `woken` never leaves out
a seat to act or a seat whose call is due."""
from __future__ import annotations

import dataclasses

from game.core import Rng, Seat, Setup
from game.core.registry import game_info
from game.finita import ENGINE
from game.finita import rules
from game.finita.actions import Draw, Pair, Play, Take

OPTION_SETS = [{}, {"strict": True}, {"throws": True, "clap": True, "memory": 2, "poker": True,
                                      "penalty": True, "chaos": True}]


def walk(options, seed, seats=4, steps=600):
    """States of a random game with every seat acting now and then, reactions included."""
    opts = dict(game_info("finita").default_options(), **options)
    state = ENGINE.new_game(Setup(seed), opts, [Seat(f"S{i}") for i in range(seats)])
    rng = Rng(seed)
    for _ in range(steps):
        yield state
        if ENGINE.outcome(state) is not None:
            return
        seat = rng.randrange(seats) if rng.randrange(3) == 0 else rng.choice(ENGINE.to_act(state))
        legal = [a for a in ENGINE.legal_actions(state, seat) if a.kind != "wait"]
        if not legal:
            continue
        state, _ = ENGINE.apply(state, rng.choice(legal))


def test_is_legal_agrees_with_the_list_of_legal_actions():
    checked = 0
    for options in OPTION_SETS:
        for seed in (1, 2):
            for state in walk(options, seed):
                for seat in range(state.seats):
                    legal = ENGINE.legal_actions(state, seat)
                    for action in legal:
                        if action.kind != "wait":
                            assert ENGINE.is_legal(state, action), action
                    hand = state.hands[seat]
                    tries = [Play(seat, c) for c in hand] + [Draw(seat), Take(seat)]
                    tries += [Pair(seat, a, b) for a in hand[:3] for b in hand[:3] if a != b]
                    for action in tries:
                        if isinstance(action, Take) and state.phase == "demand" \
                                and seat in ENGINE.to_act(state):
                            # never offered to a seat that could answer, yet replayed from
                            # saves written before that reading (tests/core/saves_from_before)
                            assert ENGINE.is_legal(state, action), action
                            continue
                        assert ENGINE.is_legal(state, action) == (action in legal), action
                        checked += 1
    assert checked > 5000


def test_at_time_stamps_like_dataclasses_replace():
    action = Play(2, "red-7.1", 40)
    for ms in (0, 41, 123456):
        stamped = ENGINE.at_time(action, ms)
        assert stamped == dataclasses.replace(action, ms=ms) and stamped.ms == ms
        assert type(stamped) is Play and action.ms == 40 and stamped.text() == f"2 play red-7.1 {ms}"


def test_woken_names_every_seat_whose_moment_starts_afresh():
    """A seat newly to act, the actor still to act, a seat whose call just fell due, everyone
    when a missed call becomes catchable; and not everybody after every action."""
    seen_partial = False
    for options in OPTION_SETS:
        states = list(walk(options, 3))
        for before, after in zip(states, states[1:]):
            woken = set(ENGINE.woken(before, Draw(after.turn), after))  # as if the seat to act did it
            acting_before = set(ENGINE.to_act(before))
            for seat in ENGINE.to_act(after):
                if seat not in acting_before or seat == after.turn:
                    assert seat in woken, (seat, before.phase, after.phase)
            for seat in range(after.seats):
                if rules.may_call(after, seat) and not rules.may_call(before, seat):
                    assert seat in woken
            if after.unsafe is not None and after.unsafe != before.unsafe:
                assert woken == set(range(after.seats))
            seen_partial |= len(woken) < after.seats
    assert seen_partial, "woken always named everybody"


def test_a_clap_does_not_put_off_the_other_seats_claps():
    """Issue 25: every clap woke every seat again, so their claps came later and later and
    missed the window. A seat waiting to clap keeps its moment."""
    opts = dict(game_info("finita").default_options(), clap=True)
    state = ENGINE.new_game(Setup(1), opts, [Seat(f"S{i}") for i in range(4)])
    state.phase, state.clap_until, state.clapped = "clap", 1500, []
    after, _ = ENGINE.apply(state, ENGINE.parse_action("2 clap 700"))
    assert 2 not in ENGINE.woken(state, ENGINE.parse_action("2 clap 700"), after)
    assert set(ENGINE.woken(state, ENGINE.parse_action("2 clap 700"), after)).isdisjoint({0, 1, 3})
