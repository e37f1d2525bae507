"""The host between a real match and its phones: acts go through for the right seat only,
refusals say why (not understood, not yours, stale, illegal with the engine's reason), every
phone gets the new view after any change, presses are stamped with the table's clock."""
from __future__ import annotations

import contextlib
import json

import pytest

from game.core import Seat, Setup, to_json
from game.core.session import Match
from scenes.phones.host import PER_POLL, PhoneHost
from scenes.phones.server import Inbound, PhoneServer
from tests.phones.helpers import Recorder, phone, receive, until

NAMES = ["Anna", "Bo", "Cy"]


def flag_match(seats: int = 2) -> Match:
    """A warm-up Flag Finish match: turn by turn, no clock."""
    return Match.start("flag-finish", Setup(3), {"mode": "warm-up"},
                       [Seat(NAMES[i]) for i in range(seats)])


@pytest.fixture
def table():
    """A real server, a Flag Finish match with both seats on phones, and its host."""
    server = PhoneServer("127.0.0.1", 0).start()
    match = flag_match()
    secrets = {seat: server.add_seat(seat) for seat in (0, 1)}
    host = PhoneHost(match, server, secrets)
    yield server, match, host, secrets
    server.stop()


def act(ws, action: str, turn: int) -> None:
    ws.send(json.dumps({"type": "act", "action": action, "turn": turn}))


def test_a_tap_goes_through_and_every_phone_gets_the_new_view(table):
    server, match, host, secrets = table
    with phone(server, secrets[0]) as a, phone(server, secrets[1]) as b:
        first = {0: receive(a, "view"), 1: receive(b, "view")}
        mover = match.engine.to_act(match.state)[0]
        assert first[mover]["to_act"] == [mover] and first[mover]["turn"] == 0
        assert first[mover]["name"] == NAMES[mover]
        choice = first[mover]["legal"][0]
        assert choice["words"] == match.engine.describe(match.engine.parse_action(choice["action"]))
        assert first[1 - mover]["legal"] == []  # the other seat waits
        act(a if mover == 0 else b, choice["action"], 0)
        until(lambda: match.steps, step=host.poll)
        assert match.steps[0].action.text() == choice["action"]
        for seat, ws in ((0, a), (1, b)):
            fresh = receive(ws, "view")
            assert fresh["turn"] == 1
            assert fresh["view"] == json.loads(to_json(match.engine.view(match.state, seat)))


def test_a_seats_secret_acts_only_for_that_seat(table):
    server, match, host, secrets = table
    mover = match.engine.to_act(match.state)[0]
    legal = match.engine.legal_actions(match.state, mover)[0].text()
    with phone(server, secrets[1 - mover]) as other:
        receive(other, "view")
        act(other, legal, 0)  # the mover's own legal action, sent from the other seat's phone
        refusal = until(lambda: _refusal(other), step=host.poll)
    assert refusal["why"] == "not yours" and refusal["action"] == legal
    assert not match.steps


def _refusal(ws):
    try:
        return receive(ws, "refused", timeout=0.02)
    except TimeoutError:
        return None


@pytest.mark.parametrize("text, why", [
    ("hello", "not understood"), ("{mover} fly 3", "not understood"),
    ("{mover} draw_pile many", "not understood"), ("x draw_pile 0", "not understood"),
    ("{mover} discard red-4", "not understood"),
])
def test_text_that_spells_no_action_is_not_understood(table, text, why):
    server, match, host, secrets = table
    mover = match.engine.to_act(match.state)[0]
    with phone(server, secrets[mover]) as ws:
        receive(ws, "view")
        act(ws, text.format(mover=mover), 0)
        refusal = until(lambda: _refusal(ws), step=host.poll)
    assert refusal["why"] == why and refusal["reason"]
    assert not match.steps


def test_an_illegal_move_is_refused_with_the_engines_reason(table):
    server, match, host, secrets = table
    engine, mover = match.engine, match.engine.to_act(match.state)[0]
    hand = engine.view(match.state, mover)["zones"][f"hand{mover}"]
    wrong = f"{mover} discard {hand[0]} 0"  # a discard must follow a draw
    with phone(server, secrets[mover]) as ws:
        receive(ws, "view")
        act(ws, wrong, 0)
        refusal = until(lambda: _refusal(ws), step=host.poll)
    assert refusal["why"] == "illegal"
    assert refusal["reason"] == engine.explain(match.state, engine.parse_action(wrong))
    assert not match.steps


def test_a_stale_tap_is_refused_when_the_table_moved_on(table):
    server, match, host, secrets = table
    engine, mover = match.engine, match.engine.to_act(match.state)[0]
    with phone(server, secrets[mover]) as ws:
        receive(ws, "view")
        draw = next(a for a in engine.legal_actions(match.state, mover) if a.kind == "draw_pile")
        match.act(draw)  # made at the screen meanwhile
        host.poll()
        assert receive(ws, "view")["turn"] == 1
        discard = engine.legal_actions(match.state, mover)[0].text()
        act(ws, discard, 0)  # from the view before the draw
        refusal = until(lambda: _refusal(ws), step=host.poll)
        assert refusal["why"] == "stale" and len(match.steps) == 1
        again = receive(ws, "view")  # "look again": the table as it stands comes with it
        assert again["turn"] == 1
        act(ws, discard, 1)
        until(lambda: len(match.steps) == 2, step=host.poll)


def test_a_move_made_elsewhere_reaches_every_phone_and_an_undo_too(table):
    server, match, host, secrets = table
    with phone(server, secrets[0]) as a, phone(server, secrets[1]) as b:
        receive(a, "view"), receive(b, "view")
        mover = match.engine.to_act(match.state)[0]
        events = match.act(match.engine.legal_actions(match.state, mover)[0])
        assert host.poll() and not host.poll()  # sent once, not again
        for ws in (a, b):
            fresh = receive(ws, "view")
            assert fresh["turn"] == 1
            assert [e["code"] for e in fresh["events"]] == [e.code for e in events]
            assert fresh["said"] == [e.text for e in events if e.text]
        match.cut_to(0)  # taken back
        assert host.poll()
        for ws in (a, b):
            back = receive(ws, "view")
            assert back["turn"] == 0 and back["events"] == [] and back["said"] == []


def test_a_phone_that_rejoins_gets_the_whole_view(table):
    server, match, host, secrets = table
    with phone(server, secrets[0]) as ws:
        first = receive(ws, "view")
    mover = match.engine.to_act(match.state)[0]
    match.act(match.engine.legal_actions(match.state, mover)[0])
    host.poll()
    with phone(server, secrets[0]) as ws:
        again = receive(ws, "view")
    assert first["turn"] == 0 and again["turn"] == 1
    assert again["view"] == json.loads(to_json(match.engine.view(match.state, 0)))


def test_a_poll_does_bounded_work():
    recorder = Recorder()
    match = flag_match()
    host = PhoneHost(match, recorder, [0, 1])
    for _ in range(PER_POLL * 3):
        recorder.inbound.put(Inbound(0, {"type": "act", "action": "junk", "turn": 0}, 0.0))
    host.poll()
    assert recorder.inbound.qsize() == PER_POLL * 2
    refusals = [m for _, m in recorder.sent if m["type"] == "refused"]
    assert len(refusals) == PER_POLL


def test_a_seat_not_on_a_phone_is_not_acted_for_nor_sent_to():
    recorder = Recorder()
    match = flag_match()
    mover = match.engine.to_act(match.state)[0]
    host = PhoneHost(match, recorder, [1 - mover])
    action = match.engine.legal_actions(match.state, mover)[0].text()
    recorder.inbound.put(Inbound(mover, {"type": "act", "action": action, "turn": 0}, 0.0))
    host.poll()
    assert not match.steps
    assert {seat for seat, _ in recorder.sent} == {1 - mover}


def finita_match() -> Match:
    return Match.start("finita", Setup(3), None, [Seat(NAMES[i]) for i in range(3)])


def test_a_press_is_stamped_with_the_table_clock_when_it_arrived():
    recorder = Recorder()
    match = finita_match()
    mover = match.engine.to_act(match.state)[0]
    legal = match.engine.legal_actions(match.state, mover)[0]
    host = PhoneHost(match, recorder, [mover], clock=lambda: 5000.0, now=lambda: 100.0)
    forged = legal.text().rsplit(" ", 1)[0] + " 999999"  # the phone's own time is ignored
    recorder.inbound.put(Inbound(mover, {"type": "act", "action": forged, "turn": 0}, 99.9))
    host.poll()
    assert match.steps[0].action.ms == 4900  # the clock, less the 100 ms it waited


def test_without_a_clock_the_engines_own_time_is_kept():
    recorder = Recorder()
    match = finita_match()
    mover = match.engine.to_act(match.state)[0]
    legal = match.engine.legal_actions(match.state, mover)[0]
    host = PhoneHost(match, recorder, [mover])
    forged = legal.text().rsplit(" ", 1)[0] + " 999999"
    recorder.inbound.put(Inbound(mover, {"type": "act", "action": forged, "turn": 0}, 0.0))
    host.poll()
    assert match.steps[0].action.text() == legal.text()


def test_the_tables_own_act_decides_and_its_refusal_reaches_the_phone():
    recorder = Recorder()
    match = flag_match()
    mover = match.engine.to_act(match.state)[0]
    seen = []

    def table_act(seat, action):
        seen.append((seat, action.text()))
        return "The race is paused."

    host = PhoneHost(match, recorder, [mover], act=table_act)
    action = match.engine.legal_actions(match.state, mover)[0].text()
    recorder.inbound.put(Inbound(mover, {"type": "act", "action": action, "turn": 0}, 0.0))
    host.poll()
    assert seen == [(mover, action)] and not match.steps
    refused = recorder.last(mover, "refused")
    assert refused["reason"] == "The race is paused." and refused["why"] == "illegal"


def test_three_phones_of_a_finita_match_play_a_few_turns_over_the_network():
    """Three real clients each play whatever their phone offers first, ten moves."""
    server = PhoneServer("127.0.0.1", 0).start()
    try:
        match = finita_match()
        secrets = {seat: server.add_seat(seat) for seat in range(3)}
        host = PhoneHost(match, server, secrets)
        with contextlib.ExitStack() as stack:
            phones = {s: stack.enter_context(phone(server, secrets[s])) for s in range(3)}
            views = {s: receive(phones[s], "view") for s in range(3)}
            for move in range(10):
                mover = views[0]["to_act"][0]
                offer = [a for a in views[mover]["legal"] if " next_round " not in a["action"]]
                act(phones[mover], offer[0]["action"], views[mover]["turn"])
                until(lambda: len(match.steps) > move, step=host.poll)
                views = {s: receive(phones[s], "view") for s in range(3)}
                assert {v["turn"] for v in views.values()} == {len(match.steps)}
    finally:
        server.stop()
