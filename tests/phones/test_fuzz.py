"""Whatever text a phone sends as an action, of every game, the host answers and goes on:
it never raises, and nothing but a legal action of the sending seat changes the match."""
from __future__ import annotations

import pytest

from game.core import Seat, Setup
from game.core.registry import game_ids, game_info
from game.core.rng import Rng
from game.core.session import Match
from scenes.phones.host import PhoneHost
from scenes.phones.server import Inbound
from tests.phones.helpers import Recorder

WORDS = ["0", "1", "-1", "99999999999999999999999", "_", "-", ",", "yes", "no", "a,b", "1,2,3",
         "red-4", "?", "..", "", "é", "0x10", "1e3", "NaN", "None", "hand0", "draw"]


@pytest.mark.parametrize("game_id", game_ids())
def test_random_action_texts_never_break_the_host(game_id):
    info = game_info(game_id)
    count = info.min_seats
    match = Match.start(game_id, Setup(4), None, [Seat(f"S{i}") for i in range(count)])
    engine, recorder = match.engine, Recorder()
    host = PhoneHost(match, recorder, range(count))
    rng = Rng(17)
    kinds = sorted(engine.actions)
    for round_ in range(400):
        seat = rng.randrange(count)
        words = [str(seat), kinds[rng.randrange(len(kinds))]]
        words += [WORDS[rng.randrange(len(WORDS))] for _ in range(rng.randrange(6))]
        text = " ".join(words)
        before = len(match.steps)
        legal = {a.text() for a in engine.legal_actions(match.state, seat)}
        recorder.inbound.put(Inbound(seat, {"type": "act", "action": text,
                                            "turn": len(match.steps)}, 0.0))
        host.poll()
        if len(match.steps) > before:
            assert match.steps[-1].action.seat == seat
            assert match.steps[-1].action.text() in legal or engine.clocked(match.states[-2])
        else:
            assert recorder.last(seat, "refused")["reason"]
        if round_ % 40 == 39 and match.outcome() is None:  # move on so other phases are tried
            mover = engine.to_act(match.state)[0]
            match.act(engine.legal_actions(match.state, mover)[0])
            host.poll()


def test_an_engine_that_fails_on_a_text_does_not_stop_the_table(monkeypatch):
    match = Match.start("flag-finish", Setup(4), None, [Seat("A"), Seat("B")])
    recorder = Recorder()
    host = PhoneHost(match, recorder, [0, 1])

    def broken(text):
        raise KeyError(text)

    monkeypatch.setattr(match.engine, "parse_action", broken)
    recorder.inbound.put(Inbound(0, {"type": "act", "action": "0 draw_pile 0", "turn": 0}, 0.0))
    host.poll()
    assert recorder.last(0, "refused")["why"] == "not understood"
    assert not match.steps
