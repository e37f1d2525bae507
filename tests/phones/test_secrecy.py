"""Secrecy: over random games of every game with more than one seat, every message the host
sends a phone seat (views, refusals, what just happened) names no piece hidden from it.

The check is the conformance suite's JSON secrecy check (tests/conformance: a hidden piece's
id never appears as a JSON string), applied to the whole message, at the moment it is sent."""
from __future__ import annotations

import json

import pytest

from game.core import Seat, Setup
from game.core.registry import game_ids, game_info
from game.core.rng import Rng
from game.core.session import Match
from scenes.phones.host import PhoneHost
from scenes.phones.server import Inbound
from tests.phones.helpers import Recorder

MULTI = [g for g in game_ids() if game_info(g).max_seats > 1]
MOVES = 1500  # per game: enough for rounds to end and hands to open, short enough to run often


def leaks(engine, state, seat, message) -> list[str]:
    """Hidden pieces named in the message: as a JSON string (the conformance check), or
    inside a sentence."""
    text = json.dumps(message)
    said = " ".join(message.get("said", ()))
    return sorted(p for p in engine.hidden_pieces(state, seat) if f'"{p}"' in text or p in said)


def test_the_games_with_phones_are_known():
    assert {"finita", "flag-finish", "finale"} <= set(MULTI)


@pytest.mark.parametrize("game_id", MULTI)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_message_to_a_phone_names_a_piece_hidden_from_its_seat(game_id, seed):
    info = game_info(game_id)
    for count in sorted({info.min_seats, info.max_seats}):
        recorder = Recorder()
        match = Match.start(game_id, Setup(seed), None,
                            [Seat(f"Seat {i}") for i in range(count)])
        engine = match.engine
        host = PhoneHost(match, recorder, range(count))
        rng = Rng(seed * 7919 + count)
        checked = 0

        def check() -> None:
            nonlocal checked
            for seat, message in recorder.sent:
                found = leaks(engine, match.state, seat, message)
                assert not found, f"{game_id}: seat {seat} was sent hidden {found}"
                # the pictures a seat may fetch are the view's `art`: none of them hidden
                hidden = engine.hidden_pieces(match.state, seat)
                assert not set(message.get("art", ())) & hidden
                checked += 1
            recorder.sent.clear()

        check()
        for _ in range(MOVES):
            if match.outcome() is not None:
                break
            seats = engine.to_act(match.state)
            seat = seats[rng.randrange(len(seats))]
            legal = engine.legal_actions(match.state, seat)
            # a phone's tries: another seat's move, an illegal one, then the real one
            other = (seat + 1) % count
            for text in (legal[0].text(), f"{other} " + legal[0].text().split(" ", 1)[1]):
                recorder.inbound.put(Inbound(other, {"type": "act", "action": text,
                                                     "turn": len(match.steps)}, 0.0))
            host.poll()
            check()
            if len(match.steps) and match.steps[-1].action.seat == other:
                continue  # the other seat's move happened to be legal for it too
            match.act(rng.choice(legal))
            host.poll()
            check()
        assert checked > count
