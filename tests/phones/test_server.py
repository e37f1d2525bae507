"""The phone server on loopback with real clients: routes, secrets, bounds, rejoins, stopping."""
from __future__ import annotations

import contextlib
import json
import socket
import threading

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from scenes.phones import server as phones_server
from scenes.phones.server import MAX_SOCKETS, PER_SEAT, RATE, PhoneServer
from tests.phones.helpers import WAIT, drained, get, phone, receive, until


@pytest.fixture
def server():
    running = PhoneServer("127.0.0.1", 0, ping_interval=0.2).start()
    yield running
    running.stop()


def test_the_page_and_its_two_files_are_served_and_nothing_else(server):
    secret = server.add_seat(0)
    status, headers, body = get(server, f"/s/{secret}")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert b"/assets/phone.js" in body and b"/assets/phone.css" in body
    assert "default-src 'none'" in headers["content-security-policy"]
    assert headers["cache-control"] == "no-store"
    status, headers, body = get(server, "/assets/phone.js")
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    assert b"WebSocket" in body
    status, headers, _ = get(server, "/assets/phone.css")
    assert status == 200 and headers["content-type"].startswith("text/css")


@pytest.mark.parametrize("path", [
    "/", "/s/", "/s", "/ws/", "/assets/", "/assets", "/favicon.ico", "/index.html",
    "/assets/index.html", "/assets/phone.js/", "/assets/phone.js/..", "/assets/../pyproject.toml",
    "/assets/%2e%2e/pyproject.toml", "/s/../../etc/passwd", "/s/..%2f..%2fetc%2fpasswd",
    "//etc/passwd", "/assets/../../../../etc/passwd", "/assets/phone/index.html",
    "/assets/PHONE.JS", "/assets/phone.js%00.css",
])
def test_every_other_route_is_a_plain_not_found(server, path):
    server.add_seat(0)
    status, headers, body = get(server, path)
    assert status == 404
    assert headers["content-type"].startswith("text/plain")
    assert b"[project]" not in body and b"root:" not in body and b"<html" not in body


def test_a_wrong_or_shortened_secret_gets_neither_page_nor_socket(server):
    secret = server.add_seat(0)
    other = server.add_seat(1)
    assert secret != other and len(secret) >= 22
    for wrong in ("x" * len(secret), secret[:-1], secret + "a", secret.upper(), secret + "/",
                  f"{secret}/../{other}"):
        assert get(server, f"/s/{wrong}")[0] == 404
        with pytest.raises(InvalidStatus) as refused:
            phone(server, wrong)
        assert refused.value.response.status_code == 404
    assert server.inbound.empty()
    assert not server.status(0).connected and not server.status(1).connected


def test_a_socket_from_another_sites_page_is_refused(server):
    secret = server.add_seat(0)
    with pytest.raises(InvalidStatus):
        phone(server, secret, origin="http://evil.example")
    with phone(server, secret, origin=f"http://127.0.0.1:{server.port}") as ws:
        ws.send(json.dumps({"type": "ping", "t": 1}))
        assert receive(ws, "pong")["t"] == 1


def test_a_phone_joins_gets_the_whole_view_and_again_when_it_rejoins(server):
    secret = server.add_seat(2)
    server.send(2, {"type": "view", "turn": 0, "view": {"zones": {}}})
    server.send(2, {"type": "view", "turn": 1, "view": {"zones": {"hand2": ["red-4"]}}})
    with phone(server, secret) as ws:
        message = receive(ws)
        assert message["turn"] == 1 and message["view"]["zones"]["hand2"] == ["red-4"]
        until(lambda: server.status(2).connected)
    until(lambda: not server.status(2).connected)
    server.send(2, {"type": "view", "turn": 2, "view": {"zones": {}}})
    with phone(server, secret) as ws:  # the same address again: the newest view at once
        assert receive(ws)["turn"] == 2


def test_acts_arrive_checked_and_tagged_with_their_seat(server):
    first, second = server.add_seat(0), server.add_seat(1)
    with phone(server, first) as a, phone(server, second) as b:
        a.send(json.dumps({"type": "act", "action": "0 draw 0", "turn": 3}))
        b.send(json.dumps({"type": "act", "action": "0 draw 0", "turn": 3}))
        items = until(lambda: drained(server.inbound) or None)
        items += until(lambda: drained(server.inbound) or None) if len(items) < 2 else []
    assert sorted(item.seat for item in items) == [0, 1]
    assert all(item.message == {"type": "act", "action": "0 draw 0", "turn": 3} for item in items)


@pytest.mark.parametrize("raw", [
    "not json", "", "[1, 2]", "null", "3", '"act"', '{"type": "act"}',
    '{"type": "act", "action": "0 draw 0"}', '{"type": "act", "action": 5, "turn": 0}',
    '{"type": "act", "action": "0 draw 0", "turn": true}',
    '{"type": "act", "action": "0 draw 0", "turn": "0"}',
    '{"type": "act", "action": "0 draw 0", "turn": 0, "seat": 1}',
    '{"type": "act", "action": "0 draw 0", "turn": NaN}',
    '{"type": "nope"}', '{"type": ["act"]}', '{"type": "view", "turn": 0}',
    '{"type": "ping"}', '{"type": "act", "action": "' + "x" * 300 + '", "turn": 0}',
    "[" * 2000 + "]" * 2000, '{"a":' * 600 + "1" + "}" * 600,
    b"\x00\x01binary",
])
def test_garbage_is_answered_with_an_error_and_nothing_is_queued(server, raw):
    secret = server.add_seat(0)
    with phone(server, secret) as ws:
        ws.send(raw)
        error = receive(ws)
        assert error["type"] == "error" and error["reason"]
        ws.send(json.dumps({"type": "ping", "t": 7}))  # the phone may go on
        assert receive(ws, "pong")["t"] == 7
    assert server.inbound.empty()


def test_an_oversized_message_closes_that_socket_only(server):
    first, second = server.add_seat(0), server.add_seat(1)
    with phone(server, first) as big, phone(server, second) as calm:
        big.send(json.dumps({"type": "act", "action": "0 draw 0", "turn": 0, "x": "y" * 5000}))
        with pytest.raises(ConnectionClosed) as closed:
            receive(big)
        assert closed.value.rcvd.code == 1009
        calm.send(json.dumps({"type": "ping", "t": 2}))
        assert receive(calm, "pong")["t"] == 2
    assert server.inbound.empty()


def test_a_flood_is_refused_and_a_long_one_closed(server):
    secret = server.add_seat(0)
    act = json.dumps({"type": "act", "action": "0 draw 0", "turn": 0})
    with phone(server, secret) as ws:
        for _ in range(RATE * 3):
            ws.send(act)
        assert "slow down" in receive(ws, "error")["reason"]
    taken = drained(server.inbound)
    assert RATE <= len(taken) <= RATE * 3 - RATE  # some went through, the rest were refused
    with phone(server, secret) as ws:
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(RATE * 30):
                ws.send(act)
            while True:
                receive(ws)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert len(drained(server.inbound)) <= RATE * 2


def test_a_seat_holds_a_few_sockets_and_the_newest_win(server):
    secret = server.add_seat(0)
    server.send(0, {"type": "view", "turn": 5, "view": {}})
    with contextlib.ExitStack() as stack:
        clients = [stack.enter_context(phone(server, secret)) for _ in range(PER_SEAT + 4)]
        for ws in clients[-PER_SEAT:]:
            assert receive(ws)["turn"] == 5
        until(lambda: server.status(0).sockets == PER_SEAT)
        for ws in clients[:-PER_SEAT]:  # the older ones were closed
            with pytest.raises(ConnectionClosed):
                while True:
                    receive(ws)


def idle_sockets(server, count):
    made = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
        made.append(s)
    return made


def crowd(server, count):
    """`count` idle TCP connections, then a real phone must still join and be served."""
    secret = server.add_seat(0)
    server.send(0, {"type": "view", "turn": 9, "view": {}})
    crowd = idle_sockets(server, count)
    try:
        until(lambda: server.sockets() <= MAX_SOCKETS)
        with phone(server, secret) as ws:
            assert receive(ws)["turn"] == 9
            ws.send(json.dumps({"type": "ping", "t": 3}))
            assert receive(ws, "pong")["t"] == 3
        assert server.sockets() <= MAX_SOCKETS + 1
    finally:
        for s in crowd:
            s.close()


def test_a_thousand_idle_connections_do_not_keep_a_phone_out(server):
    crowd(server, 1000)


def test_a_connection_that_never_asks_is_closed():
    srv = PhoneServer("127.0.0.1", 0, open_timeout=0.3).start()
    try:
        idle = socket.create_connection(("127.0.0.1", srv.port), timeout=WAIT)
        until(lambda: srv.sockets() == 1)
        assert idle.recv(100) == b""  # closed by the server, nothing said
        until(lambda: srv.sockets() == 0)
        idle.close()
    finally:
        srv.stop()


def test_status_shows_joined_and_a_round_trip_time(server):
    secret = server.add_seat(1)
    assert not server.status(1).connected
    with phone(server, secret):
        status = until(lambda: server.status(1).rtt_ms is not None and server.status(1))
        assert status.connected and status.rtt_ms >= 0 and status.sockets == 1


def test_send_from_many_threads_reaches_the_phone(server):
    secret = server.add_seat(0)
    with phone(server, secret) as ws:
        until(lambda: server.status(0).connected)
        threads = [threading.Thread(target=lambda n=n: server.send(0, {"type": "note", "n": n}))
                   for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        got = {receive(ws, "note")["n"] for _ in range(8)}
    assert got == set(range(8))


def test_a_seat_taken_back_loses_its_socket_and_its_address(server):
    secret = server.add_seat(0)
    with phone(server, secret) as ws:
        until(lambda: server.status(0).connected)
        server.remove_seat(0)
        with pytest.raises(ConnectionClosed):
            while True:
                receive(ws)
    assert get(server, f"/s/{secret}")[0] == 404


def test_start_and_stop_are_clean_and_safe_twice():
    srv = PhoneServer("127.0.0.1", 0)
    srv.stop()  # never started: nothing to do
    srv.start()
    srv.start()  # already running: the same server
    secret = srv.add_seat(0)
    with phone(srv, secret) as ws:
        until(lambda: srv.status(0).connected)
        srv.stop()
        assert not srv.running
        with pytest.raises(ConnectionClosed):
            while True:
                receive(ws)
    srv.stop()
    assert not any(t.name == "finis-phones" for t in threading.enumerate())
    srv.start()  # and again, on a fresh port
    try:
        assert get(srv, f"/s/{secret}")[0] == 200
    finally:
        srv.stop()


def test_a_taken_port_is_reported_at_start():
    first = PhoneServer("127.0.0.1", 0).start()
    try:
        with pytest.raises(OSError):
            PhoneServer("127.0.0.1", first.port).start()
        assert not any(t.name == "finis-phones" and t is not first._thread
                       for t in threading.enumerate())
    finally:
        first.stop()


def test_assets_are_read_from_the_fixed_map_only():
    names = {name for name, _ in phones_server.ASSETS.values()} | {phones_server.PAGE[0]}
    assert names == {"index.html", "phone.js", "phone.css"}


# -- the pictures of pieces (GET /art/<secret>/<piece>.png) -------------------------------

PNG = b"\x89PNG\r\n\x1a\n" + b"picture"


def art_view(server, seat, pieces):
    server.send(seat, {"type": "view", "turn": 0, "view": {}, "art": list(pieces)})


def test_a_piece_the_seats_view_pictures_is_served_as_a_cacheable_png(server):
    secret = server.add_seat(0)
    art_view(server, 0, ["red-5.1"])
    assert server.art.wanted(8) == ["red-5.1"]  # the table is asked to draw it
    assert get(server, f"/art/{secret}/red-5.1.png")[0] == 404  # not drawn yet
    assert server.art.put("red-5.1", PNG)
    assert server.art.wanted(8) == []
    status, headers, body = get(server, f"/art/{secret}/red-5.1.png")
    assert status == 200 and body == PNG
    assert headers["content-type"] == "image/png"
    assert "max-age" in headers["cache-control"] and "no-store" not in headers["cache-control"]
    assert headers["x-content-type-options"] == "nosniff"


def test_a_piece_the_seat_may_not_see_now_is_never_served(server):
    """Drawn for one seat, hidden from another: another seat's secret gets nothing, and a
    piece a seat's newest view no longer pictures is gone for it too."""
    mine, theirs = server.add_seat(0), server.add_seat(1)
    art_view(server, 0, ["red-5.1", "blue-2.1"])
    art_view(server, 1, ["green-7.1"])
    for piece in ("red-5.1", "blue-2.1", "green-7.1"):
        server.art.put(piece, PNG)
    assert get(server, f"/art/{mine}/red-5.1.png")[0] == 200
    for secret, piece in ((theirs, "red-5.1"), (theirs, "blue-2.1"), (mine, "green-7.1")):
        status, headers, body = get(server, f"/art/{secret}/{piece}.png")
        assert status == 404 and body == b"404 Not Found\n"
        assert headers["content-type"].startswith("text/plain")
    art_view(server, 0, ["blue-2.1"])  # red-5.1 was played: no longer this seat's to fetch
    assert get(server, f"/art/{mine}/red-5.1.png")[0] == 404
    assert get(server, f"/art/{mine}/blue-2.1.png")[0] == 200
    server.remove_seat(0)  # taken back at the screen: its pictures go with its address
    assert get(server, f"/art/{mine}/blue-2.1.png")[0] == 404


@pytest.mark.parametrize("path", [
    "/art/", "/art/{s}", "/art/{s}/", "/art/{s}/red-5.1", "/art/{s}/red-5.1.PNG",
    "/art/{s}/red-5.1.png/", "/art/{s}/unknown.png", "/art/{s}/?.png", "/art/{s}/%3F.png",
    "/art/{s}/../red-5.1.png", "/art/{s}/..%2fred-5.1.png", "/art/{s}/./red-5.1.png",
    "/art/{s}//red-5.1.png", "/art/{s}/x/red-5.1.png", "/art/{s}/red-5.1.png%00",
    "/art/{s}/..%2f..%2fpyproject.toml", "/art/{s}/../../pyproject.toml",
    "/art/{s}/phone.js", "/art/{s}/index.html.png", "/art/{wrong}/red-5.1.png",
    "/art/{short}/red-5.1.png", "/art/red-5.1.png", "/art//red-5.1.png", "/art/{s}{s}/red-5.1.png",
    "/art/../assets/phone.js",
])
def test_every_other_art_address_is_the_same_plain_not_found(server, path):
    secret = server.add_seat(0)
    art_view(server, 0, ["red-5.1"])
    server.art.put("red-5.1", PNG)
    path = path.format(s=secret, wrong="x" * len(secret), short=secret[:-1])
    status, headers, body = get(server, path)
    assert status == 404 and body == b"404 Not Found\n"
    assert headers["content-type"].startswith("text/plain")


def test_the_pictures_are_bounded_in_count_and_bytes():
    shelf = phones_server.ArtShelf()
    assert not shelf.put("big", PNG + b"x" * phones_server.ART_ONE)  # one too big: refused
    assert not shelf.put("text", b"<html>")  # not a PNG: refused
    for n in range(phones_server.ART_PIECES + 50):
        shelf.put(f"c{n}", PNG)
    count, size = shelf.size()
    assert count == phones_server.ART_PIECES and size == count * len(PNG)
    large = PNG + b"x" * (phones_server.ART_ONE - len(PNG))
    for n in range(phones_server.ART_BYTES // phones_server.ART_ONE + 5):
        shelf.put(f"l{n}", large)
    assert shelf.size()[1] <= phones_server.ART_BYTES
    shelf.allow(0, [f"w{n}" for n in range(phones_server.ART_WANTED * 3)])
    assert len(shelf.wanted(10_000)) == phones_server.ART_WANTED
    shelf.allow(0, "not a list")  # a malformed art list allows nothing
    assert shelf.picture(0, "c399") is None
