"""A seat held on a phone (issue 27), as the big screen's table plays it: the New game dialog
offers it, the table serves the seat's phone, a phone's move goes through the table like a move
at the screen, the screen never shows a hand while the people with phones look at it, and a
game resumed from its save lets the same phone rejoin at the same address.

The phones here are real WebSocket clients on loopback; the table is the headless app's."""
from __future__ import annotations

import io
from pathlib import Path
import json
import time

import pygame
import pytest
from websockets.sync.client import connect

from game.core import Seat
from game.core.meta import is_secret
from scenes.table.curtain import Curtain
from scenes.table.phones import ART_SIZE, phone_meta
from scenes.table.registry import open_match, start_new_game
from tests.ui.conftest import key

WAIT = 10.0


def phone_of(table, seat: int):
    phones = table.phones
    return connect(f"ws://127.0.0.1:{phones.server.port}/ws/{phones.secrets[seat]}",
                   open_timeout=WAIT, close_timeout=2)


def frames_until(app, condition, timeout: float = WAIT):
    """Run the app's frames (the table polls its phones in each) until `condition` holds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.frame(0.016)
        found = condition()
        if found:
            return found
        time.sleep(0.005)
    raise AssertionError("waited in vain")


def opened(app, table):
    """Run frames until the table's phone server is open: the first time in a run its modules
    load on a thread of their own, and the table opens it once they have."""
    frames_until(app, lambda: table.phones.server is not None)


def newest(ws, kind: str, timeout: float = 0.3) -> dict:
    """The newest message of a kind the phone has been sent by now (waits a little)."""
    found = None
    end = time.monotonic() + timeout
    while True:
        try:
            message = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        except TimeoutError:
            break
        if message.get("type") == kind:
            found = message
    assert found is not None, f"no {kind} message came"
    return found


def refusal_of(app, ws):
    """Run the app's frames until the phone is told its tap was refused; that message."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        app.frame(0.016)
        try:
            message = json.loads(ws.recv(timeout=0.02))
        except TimeoutError:
            continue
        if message.get("type") == "refused":
            return message
    return None


@pytest.fixture
def phone_table(app):
    """Flag Finish's warm-up: Anna at the screen, Bo on a phone."""
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    meta = phone_meta([1])
    table = start_new_game(app, "flag-finish", [Seat("Anna"), Seat("Bo")], {"mode": "warm-up"},
                           5, meta=meta)
    opened(app, table)
    app.frame(0.016)
    table.skip_animations()
    yield table
    if table.phones is not None:
        table.phones.stop()


def hand_faces(table, seat: int) -> list[bool]:
    return [s.face_up and s.piece != "?" for s in table.sprites.values() if s.zone == f"hand{seat}"]


def lift_curtain(app, table):
    assert isinstance(app.manager.top, Curtain)
    key(app, pygame.K_RETURN)
    assert app.manager.top is table


def phone_moves(app, table, ws, view) -> None:
    """The phone plays its first legal action; the table applies it within some frames."""
    moves = len(table.match.steps)
    assert view["to_act"] == [1] and view["legal"] and view["turn"] == moves
    ws.send(json.dumps({"type": "act", "action": view["legal"][0]["action"], "turn": view["turn"]}))
    frames_until(app, lambda: len(table.match.steps) > moves)
    assert table.match.steps[moves].action.seat == 1
    table.skip_animations()
    app.frame(0.016)


def test_a_phone_plays_its_seat_and_the_screen_never_shows_a_hand_to_the_phones(app, phone_table):
    table = phone_table
    assert table.phone_seats == {1} and table.humans() == [0] and table.person_seats() == [0, 1]
    assert table.phones.server is not None and table.phones.server.running
    with phone_of(table, 1) as ws:
        view = newest(ws, "view")
        assert view["seat"] == 1 and view["name"] == "Bo"
        frames_until(app, lambda: table.phones.joined[1])
        for _ in range(3):
            while table.engine.to_act(table.state) == [0]:  # Anna, at the screen
                if isinstance(app.manager.top, Curtain):
                    assert not any(hand_faces(table, 0)), "behind the curtain no hand shows"
                    lift_curtain(app, table)
                assert table.perspective == 0 and any(hand_faces(table, 0))
                assert table.act(table.legal()[0])
                table.skip_animations()
                app.frame(0.016)
                view = newest(ws, "view")
            # Bo's turn: the screen shows nobody's hand and waits for the phone
            assert table.engine.to_act(table.state) == [1]
            assert app.manager.top is table, "no curtain: Bo's cards are on his phone"
            assert table.viewer() is None and not any(hand_faces(table, 0))
            assert not any(hand_faces(table, 1)), "Bo's cards never show on the screen"
            assert not table.computer_pending()
            log = len(table.log)
            phone_moves(app, table, ws, view)
            assert len(table.log) > log or table.log.maxlen == len(table.log)
            view = newest(ws, "view")
            assert view["turn"] == len(table.match.steps)


def test_a_phone_cannot_act_for_the_seat_at_the_screen(app, phone_table):
    table = phone_table
    with phone_of(table, 1) as ws:
        frames_until(app, lambda: table.phones.joined[1])
        view = newest(ws, "view")
        mine = view["legal"][0]["action"]  # e.g. "1 draw_pile 0": the seat comes first
        assert mine.startswith("1 ")
        moves = len(table.match.steps)
        ws.send(json.dumps({"type": "act", "action": "0" + mine[1:], "turn": moves}))
        refusal = refusal_of(app, ws)
        assert refusal is not None and refusal["reason"]
        assert len(table.match.steps) == moves, "nothing changed"


def test_the_new_game_dialog_offers_a_person_with_a_phone(app):
    from scenes.menu import MainMenu
    from scenes.newgame import PHONE, NewGameDialog
    app.push(MainMenu(app))
    dialog = NewGameDialog(app, "flag-finish")
    app.push(dialog)
    app.frame(0.016)
    dialog.change("seat", 1, -1)  # from a computer back round to the phone
    while dialog.kinds[1] != PHONE:
        dialog.change("seat", 1, 1)
    dialog.start()
    from scenes.table.scene import TableScene
    table = app.manager.find(TableScene)
    assert table is not None
    try:
        assert [s.kind for s in table.seats] == ["human", "human"]
        secret = table.match.meta["phones"]["1"]
        assert is_secret(secret) and len(secret) >= 32  # 192 random bits
        assert table.phone_seats == {1} and table.phones.server.running
        finito = NewGameDialog(app, "finished")  # a game for one has no phone seats
        kinds = set()
        for _ in range(6):
            finito.change("seat", 0, 1)
            kinds.add(finito.kinds[0])
        assert PHONE not in kinds
    finally:
        table.phones.stop()


def test_a_resumed_game_lets_the_same_phone_rejoin_at_the_same_address(app, phone_table):
    from game.core.saves import load_save
    table = phone_table
    with phone_of(table, 1) as ws:  # Bo moves by phone, and the game is saved
        phone_moves(app, table, ws, newest(ws, "view"))
    path = table.match.save.path
    secret, port = table.phones.secrets[1], table.phones.server.port
    app.manager.clear_to(type(app.manager.stack[0])(app))  # the table leaves: its server stops
    assert table.phones.server is None
    match = load_save(path)
    again = open_match(app, match)
    app.frame(0.016)
    try:
        assert again.phones.secrets[1] == secret and again.phones.server.port == port
        with connect(f"ws://127.0.0.1:{port}/ws/{secret}", open_timeout=WAIT) as ws:
            view = newest(ws, "view")
            assert view["seat"] == 1 and view["turn"] == len(match.steps)
    finally:
        again.phones.stop()


def test_the_join_panel_shows_first_hides_every_hand_and_goes_with_f2(app, phone_table):
    from tests.ui.conftest import post_click
    table = phone_table
    assert table.phones.panel_open and table.viewer() is None
    assert app.manager.top is table, "the panel first; the curtain waits for it"
    assert not any(hand_faces(table, 0)) and not any(hand_faces(table, 1))
    moves = len(table.match.steps)
    for sprite in list(table.sprites.values()):  # clicks under the panel play nothing
        post_click(app, sprite.rect.center)
    assert len(table.match.steps) == moves and table.phones.panel_open
    surface = pygame.Surface(table.size)
    table.phones.draw_panel(surface)  # drawn inside the window, QR code included
    key(app, pygame.K_F2)
    assert not table.phones.panel_open
    if table.engine.to_act(table.state) == [0]:  # Anna's move: her curtain comes up now
        lift_curtain(app, table)
        assert any(hand_faces(table, 0))
    else:  # Bo's move: the screen shows nobody's hand
        assert app.manager.top is table and table.viewer() is None
    key(app, pygame.K_F2)
    assert table.phones.panel_open and table.viewer() is None and not any(hand_faces(table, 0))


def test_a_finita_phone_seat_has_no_key_at_the_screen(app):
    from scenes.finita.keys import seat_keys
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, "finita", [Seat("Ann"), Seat("Bea"), Seat("Cy", "computer")],
                           {}, 4, meta=phone_meta([1]))
    opened(app, table)
    try:
        assert set(seat_keys(table.match)) == {0} and set(table.keys) == {0}
    finally:
        table.phones.stop()


def test_the_table_draws_the_pictures_a_phone_may_fetch_and_no_others(app, phone_table):
    """The table (pygame, its own thread) draws the pieces Bo's phone view pictures, a few a
    frame; the server hands them out by id: Bo's cards and the pile's top, never Anna's hand
    or the draw pile, and nothing on Anna's secret (she sits at the screen)."""
    from tests.phones.helpers import get
    table = phone_table
    server = table.phones.server
    secret = table.phones.secrets[1]
    with phone_of(table, 1) as ws:
        view = newest(ws, "view")
        assert set(view["view"]["zones"]["hand1"]) <= set(view["art"])
        frames_until(app, lambda: not server.art.wanted(100))
        for piece in view["art"]:
            status, headers, body = get(server, f"/art/{secret}/{piece}.png")
            assert status == 200 and headers["content-type"] == "image/png"
            picture = pygame.image.load(io.BytesIO(body))
            assert picture.get_size() == ART_SIZE
        state = table.state
        anna = set(table.engine.view(state, 0)["zones"]["hand0"])
        hidden = table.engine.hidden_pieces(state, 1)
        assert anna and anna <= hidden
        for piece in sorted(anna | hidden)[:40]:
            assert get(server, f"/art/{secret}/{piece}.png")[0] == 404
        assert table.phones.draw_art() == 0, "nothing more is drawn than phones may fetch"


def test_phone_pictures_are_drawn_while_the_table_stands_still(app, phone_table):
    """A phone's card picture takes a frame's worth of time to draw: the table draws them while
    nothing glides or is dragged, so no glide stutters, and after a second's wait anyway, so a
    table that never stands still still serves them."""
    table = phone_table
    phones, server = table.phones, table.phones.server
    waiting = len(server.art.wanted(100))
    assert waiting > 1, "Bo's view pictures his hand: those wait to be drawn"
    phones.poll(still=False)
    assert len(server.art.wanted(100)) == waiting, "nothing drawn while pieces move"
    phones.art_since -= 2.0  # a picture has waited two seconds
    phones.poll(still=False)
    left = len(server.art.wanted(100))
    assert left < waiting, "drawn anyway after the wait"
    phones.poll(still=True)
    assert len(server.art.wanted(100)) < left, "and while the table stands still"


def test_the_tables_leave_the_phone_server_unloaded_until_a_table_opens_one():
    """Importing asyncio, websockets and segno takes about a quarter of a second: a table's
    modules (warmed up a step a frame) must not bring them along."""
    import subprocess
    import sys
    code = ("import sys\n"
            "import scenes.table.scene, scenes.newgame, scenes.menu\n"
            "for game in ('finished', 'flag_finish', 'finita', 'finito', 'finale'):\n"
            "    __import__(f'scenes.{game}.table')\n"
            "print(sorted(m for m in ('asyncio', 'websockets', 'segno') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_first_phone_table_of_a_run_loads_the_server_off_the_frame(tmp_path):
    """In a fresh run the server's modules are not loaded: the table that opens one loads them
    on a thread of its own (its frames go on meanwhile: the panel says the connection is being
    opened) and opens the server once they are in."""
    import os
    import subprocess
    import sys
    code = ("import argparse, sys, threading, time\n"
            "from scenes.app import App\n"
            "from scenes.menu import MainMenu\n"
            "from scenes.table.registry import start_new_game\n"
            "from scenes.table.phones import phone_meta\n"
            "from game.core import Seat\n"
            "loads = []\n"
            "real = __builtins__.__import__\n"
            "def spy(name, *a, **k):\n"
            "    if name == 'websockets' or name.startswith('websockets.'):\n"
            "        loads.append(threading.current_thread() is threading.main_thread())\n"
            "    return real(name, *a, **k)\n"
            "__builtins__.__import__ = spy\n"
            "app = App(argparse.Namespace(size='1024x640', fullscreen=False, game=None,\n"
            "          seats=None, option=[], seed=None))\n"
            "app.push(MainMenu(app))\n"
            "table = start_new_game(app, 'flag-finish', [Seat('A'), Seat('B')],\n"
            "                       {'mode': 'warm-up'}, 5, meta=phone_meta([1]))\n"
            "print('loading', table.phones.loading, table.phones.line(1))\n"
            "end = time.monotonic() + 60\n"
            "while table.phones.server is None and time.monotonic() < end:\n"
            "    app.frame(0.016)\n"
            "print('open', table.phones.server is not None and table.phones.server.running)\n"
            "print('main thread loads', any(loads))\n"
            "table.phones.stop()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).resolve().parents[2],
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                               "FINIS_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-2000:]
    said = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    assert said["loading"].startswith("True"), done.stdout
    assert said["open"] == "True" and said["main"] == "thread loads False", done.stdout


def test_a_challenge_race_with_phones_shows_no_hand_before_go(app):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    seats = [Seat("Anna"), Seat("Bo"), Seat("Cy", "computer")]
    with pytest.raises(ValueError):  # a person at the screen would race in everybody's view
        start_new_game(app, "flag-finish", seats, {"mode": "challenge"}, 5, meta=phone_meta([1]))
    table = start_new_game(app, "flag-finish", seats, {"mode": "challenge"}, 5,
                           meta=phone_meta([0, 1]))
    opened(app, table)
    try:
        app.frame(0.016)
        assert table.hands_hidden(), "the race counts down first"
        with phone_of(table, 1) as ws:
            frames_until(app, lambda: table.phones.joined[1])
            view = newest(ws, "view")
            hand = view["view"]["zones"]["hand1"]
            assert view["hands_down"] and hand and set(hand) == {"?"} and not view["legal"]
            own = set(table.engine.view(table.state, 1)["zones"]["hand1"])
            assert not set(view["art"]) & own, "no picture of a face-down card"
            mine = table.engine.legal_actions(table.state, 1)
            if mine:
                moves = len(table.match.steps)
                ws.send(json.dumps({"type": "act", "action": mine[0].text(), "turn": moves}))
                refusal = refusal_of(app, ws)
                assert refusal is not None and len(table.match.steps) == moves
            frames_until(app, lambda: not table.hands_hidden(), timeout=30)  # Go!
            app.frame(0.016)  # the next frame tells the phones
            after = newest(ws, "view", timeout=1.0)
            assert not after["hands_down"] and "?" not in after["view"]["zones"]["hand1"]
            assert after["legal"]
    finally:
        table.phones.stop()


def test_finito_phones_place_on_the_same_roll_at_once_then_the_computer(app):
    """Finito! as on paper: after a roll every person with a phone may place at once (the
    second need not wait for the first), and the computer seat places once they have."""
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, "finito", [Seat("Ann"), Seat("Bea"), Seat("Cy", "computer")],
                           {}, 4, meta=phone_meta([0, 1]))
    opened(app, table)
    try:
        with phone_of(table, 0) as ann, phone_of(table, 1) as bea:
            frames_until(app, lambda: all(table.phones.joined.values()))
            table.skip_animations()
            app.frame(0.016)
            views = {0: newest(ann, "view"), 1: newest(bea, "view")}
            roll = views[0]["view"]["roll"]
            for seat, view in views.items():
                assert view["to_act"] == [0, 1, 2] and view["legal"], "both may place now"
                assert view["view"]["targets"][seat], "each phone is shown its own squares"
            assert not table.computer_pending(), "the computer waits for the people"
            moves = len(table.match.steps)
            # Bea taps first, then Ann on her view of the same roll
            bea.send(json.dumps({"type": "act", "action": views[1]["legal"][0]["action"],
                                 "turn": views[1]["turn"]}))
            frames_until(app, lambda: len(table.match.steps) == moves + 1)
            view = newest(ann, "view")  # the computer still waits for Ann
            assert view["to_act"] == [0, 2] and view["view"]["roll"] == roll
            ann.send(json.dumps({"type": "act", "action": view["legal"][0]["action"],
                                 "turn": view["turn"]}))

            frames_until(app, lambda: len(table.match.steps) >= moves + 2)
            assert [s.action.seat for s in table.match.steps[moves:moves + 2]] == [1, 0]
            for _ in range(200):  # the computer's thinking pause and glide
                if len(table.match.steps) > moves + 2:
                    break
                table.update(0.1)
            assert table.match.steps[moves + 2].action.seat == 2
            table.skip_animations()
            app.frame(0.016)
            view = newest(bea, "view")
            assert view["to_act"] == [0, 1, 2] and view["turn"] == moves + 3, "the next roll"
    finally:
        table.phones.stop()


def test_a_phone_seat_comes_back_to_the_screen_and_its_address_dies(app, phone_table):
    """F2's panel: Bo (on a phone) plays at the screen from now on. His old address no longer
    acts, the save says so, and on his move the screen shows his hand behind his curtain."""
    from game.core.saves import load_save
    from tests.ui.conftest import post_click
    table = phone_table
    old = table.phones.secrets[1]
    with phone_of(table, 1) as ws:
        frames_until(app, lambda: table.phones.joined[1])
        newest(ws, "view")
        assert not table.phones.panel_open, "every phone joined: the panel went"
        if isinstance(app.manager.top, Curtain):
            lift_curtain(app, table)
        key(app, pygame.K_F2)
        assert table.phones.panel_open
        box, cells = table.phones.panel_cells(app.screen.get_size())
        bo = next(c for c in cells if c.seat == 1)
        assert bo.phone and box.contains(bo.button)
        post_click(app, bo.button.center)
        assert table.phone_seats == frozenset() and table.humans() == [0, 1]
        assert "phones" not in load_save(table.match.save.path).meta or \
            load_save(table.match.save.path).meta["phones"] == {}
        with pytest.raises(Exception):  # his phone is let go and its address is dead
            for _ in range(50):
                ws.recv(timeout=0.2)
                app.frame(0.016)
    with pytest.raises(Exception):
        with connect(f"ws://127.0.0.1:{table.phones.server.port}/ws/{old}",
                     open_timeout=WAIT) as ws:
            ws.recv(timeout=2)
    key(app, pygame.K_F2)  # the panel goes; no phone seat is left, so the server closes
    assert table.phones is None
    while table.engine.to_act(table.state) != [1]:  # play on to Bo's move, at the screen
        if isinstance(app.manager.top, Curtain):
            lift_curtain(app, table)
        assert table.act(table.legal()[0])
        table.skip_animations()
        app.frame(0.016)
    app.frame(0.016)
    if not isinstance(app.manager.top, Curtain):  # the turn passed: the screen is handed over
        key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, Curtain), "Bo's hand shows only behind his curtain"
    assert not any(hand_faces(table, 0)) and not any(hand_faces(table, 1))
    lift_curtain(app, table)
    assert table.perspective == 1 and any(hand_faces(table, 1)) and table.legal()


def test_a_person_at_the_screen_moves_to_a_phone_during_the_game(app):
    """A hot-seat Finita with no phones: F2 opens the panel, Bea's number key gives her seat a
    phone; her key at the screen goes, and her phone gets her seat's view and plays it."""
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, "finita", [Seat("Ann"), Seat("Bea"), Seat("Cy", "computer")],
                           {}, 4)
    try:
        assert table.phones is None and set(table.keys) == {0, 1}
        if isinstance(app.manager.top, Curtain):
            lift_curtain(app, table)
        key(app, pygame.K_F2)
        assert table.phones is not None and table.phones.panel_open
        assert table.viewer() is None, "nobody's hand shows under the panel"
        key(app, pygame.K_2)  # Bea is the second person
        assert table.phone_seats == {1} and set(table.keys) == {0}
        secret = table.match.meta["phones"]["1"]
        assert is_secret(secret) and table.phones.secrets[1] == secret
        with phone_of(table, 1) as ws:
            view = newest(ws, "view", timeout=2)
            assert view["seat"] == 1 and view["name"] == "Bea"
            frames_until(app, lambda: table.phones.joined[1])
            assert not table.phones.panel_open, "every phone joined: the panel goes"
    finally:
        if table.phones is not None:
            table.phones.stop()


def test_a_challenge_race_refuses_a_seating_it_cannot_be_raced_with(app):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    seats = [Seat("Anna"), Seat("Bo"), Seat("Cy", "computer")]
    table = start_new_game(app, "flag-finish", seats, {"mode": "challenge"}, 5,
                           meta=phone_meta([0, 1]))
    opened(app, table)
    try:
        app.frame(0.016)
        before = dict(table.match.meta["phones"])
        key(app, pygame.K_1)  # Anna back to the screen while Bo races on his phone: refused
        assert table.phone_seats == {0, 1} and table.match.meta["phones"] == before
        from scenes.flag_finish.table import seating_problem
        said = [t for t, kind in app.toasts.active() if kind == "bad"]
        assert said == [seating_problem(table.match, {1})], "the reason is told"
    finally:
        table.phones.stop()


def test_the_table_itself_warns_when_a_phone_is_too_slow_for_fair_races(app, monkeypatch):
    """In a real-time game (a Finita round), a joined phone whose round trip is too long gets
    a warning on the table, not only in the join panel; a quick phone gets none."""
    from scenes import widgets
    from scenes.menu import MainMenu
    from scenes.phones.server import SeatStatus
    from scenes.table.phones import SLOW_MS
    app.push(MainMenu(app))
    table = start_new_game(app, "finita", [Seat("Ann"), Seat("Bea"), Seat("Cy", "computer")],
                           {}, 4, meta=phone_meta([1]))
    opened(app, table)
    try:
        table.phones.panel_open = False
        table.phones.joined[1] = True  # (as the frame's poll finds with the status below)
        assert table.engine.clocked(table.state)
        real = widgets.text

        def words_with(rtt: float) -> list[str]:
            seen: list[str] = []

            def spy(surface, words, *args, **kwargs):
                seen.append(words)
                return real(surface, words, *args, **kwargs)
            monkeypatch.setattr(table.phones.server, "status",
                                lambda seat: SeatStatus(True, rtt, 1))
            table.phones.poll()
            monkeypatch.setattr(widgets, "text", spy)
            table.draw_phones(pygame.Surface(app.screen.get_size()))
            monkeypatch.setattr(widgets, "text", real)
            return seen

        assert words_with(SLOW_MS / 3) == [], "a quick phone: nothing to say"
        warned = words_with(SLOW_MS * 2)
        assert len(warned) == 1 and "Bea" in warned[0]
    finally:
        table.phones.stop()


def test_the_status_bar_shows_each_phones_round_trip(app, phone_table, monkeypatch):
    from scenes import widgets
    from scenes.phones.server import SeatStatus
    table = phone_table
    real = widgets.text

    def bar_words(rtt, changed=True) -> list[str]:
        seen: list[str] = []

        def spy(surface, words, *args, **kwargs):
            seen.append(words)
            return real(surface, words, *args, **kwargs)
        monkeypatch.setattr(table.phones.server, "status",
                            lambda seat: SeatStatus(rtt is not None, rtt, 1))
        table.static = pygame.Surface((1, 1))  # as if painted
        table.phone_strip_due = 0.0  # (it looks a few times a second)
        table.update(0.016)
        assert (table.static is None) == changed, "a new round trip paints the bar again"
        monkeypatch.setattr(widgets, "text", spy)
        table.paint_status(pygame.Surface(app.screen.get_size()))
        monkeypatch.setattr(widgets, "text", real)
        return seen

    away = bar_words(None, changed=False)  # (as the first frame found it)
    assert any("Bo" in w for w in away) and not any("ms" in w for w in away)
    assert any("Bo" in w and "40" in w for w in bar_words(38.0))
    assert any("Bo" in w and "40" in w for w in bar_words(41.0, changed=False))
    assert any("Bo" in w and "120" in w for w in bar_words(121.0))


def test_the_join_panels_codes_are_made_off_the_frame(app, phone_table, monkeypatch):
    """A QR code takes tens of milliseconds of pure Python: the panel's frame never makes one.
    It shows a place for it meanwhile, and the code once made in the background."""
    import threading

    from scenes.phones import join
    table = phone_table
    phones = table.phones
    made_on: list[str] = []
    real = join.qr_modules

    def slow(text):
        made_on.append(threading.current_thread().name)
        time.sleep(0.2)
        return real(text)
    monkeypatch.setattr(join, "qr_modules", slow)
    phones.stop()  # open again: the codes are made afresh
    phones.start()
    surface = pygame.Surface(app.screen.get_size())
    phones.draw_panel(surface)  # at once: the code is not made yet, and the frame goes on
    assert phones.qr(1, 120) is None
    frames_until(app, phones.codes_ready)
    assert phones.qr(1, 120) is not None
    assert made_on and threading.main_thread().name not in made_on


def test_a_seat_given_a_phone_again_shows_its_new_address_in_the_code(app, phone_table):
    """Bo comes back to the screen, then takes a phone again: his new address, not the dead
    one, is in the panel's code (drawn at the panel's own size, frame after frame)."""
    from scenes.phones.join import qr_modules
    table = phone_table
    phones = table.phones
    phones.panel_open = True
    old = phones.address(1)
    frames_until(app, phones.codes_ready)
    app.needs_redraw = True
    app.frame(0.016)  # the panel draws Bo's code at its size

    def code_size() -> int:
        return next(c for c in phones.panel_cells(app.screen.get_size())[1] if c.seat == 1).qr.width
    assert phones.qr(1, code_size()) is not None
    table.move_seat(1)  # to the screen
    table.move_seat(1)  # and to a phone again
    new = phones.address(1)
    assert new != old
    frames_until(app, phones.codes_ready)
    size = code_size()
    picture = phones.qr(1, size)
    rows = qr_modules(new)
    cell = size // len(rows)
    dark = [[picture.get_at((x * cell + cell // 2, y * cell + cell // 2))[0] < 128
             for x in range(len(rows))] for y in range(len(rows))]
    assert dark == rows, "the code shows the new address"
