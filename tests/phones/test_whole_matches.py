"""Whole matches with every seat on a phone (issue 27), against the real finis: six phones in
Finita and two in Finale, each a scripted WebSocket client on loopback that plays one of its
seat's legal actions whenever its seat is to act. On the way finis is killed (SIGKILL) and
opened again from Continue, and a phone's connection is cut: every phone rejoins at the same
address by itself and the match goes on to its end, its every move in the save.

The host runs headless (SDL's dummy video driver); the phones see only what the protocol sends.
"""
from __future__ import annotations

import collections
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Optional

import pytest
from websockets.sync.client import connect

from scenes.phones.server import RATE
from tests.e2e.xvfb import saved_match, wait_for

ROOT = Path(__file__).resolve().parents[2]
# a phone taps no faster than the server takes messages (RATE a second), as a person does:
# past the rate a tap is refused with an error, and a test phone that raced ahead would wait
PACE = 1.2 / RATE
FIRST = ("take", "pass")  # kinds a scripted person leaves for last (a draw, a pass)


def env(home: Path) -> dict[str, str]:
    found = dict(os.environ)
    found.update(FINIS_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return found


def start_new(home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "scenes", "--size", "1024x640", *args],
                            cwd=ROOT, env=env(home), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def reopen(home: Path) -> subprocess.Popen:
    """finis again, from Continue; what it prints goes to `home/host.txt` (a failure shows it)."""
    out = open(home / "host.txt", "ab")
    return subprocess.Popen([sys.executable, "-m", "tests.phones.continue_host"], cwd=ROOT,
                            env=env(home), stdout=out, stderr=subprocess.STDOUT)


saved = saved_match


class ScriptedPhone(threading.Thread):
    """A phone that rejoins whenever its connection drops and plays whenever its seat is to
    act: a random legal action, a draw or a pass only when nothing else is offered."""

    def __init__(self, seat: int, port: int, secret: str, seed: int) -> None:
        super().__init__(daemon=True, name=f"phone-{seat}")
        self.seat, self.port, self.secret = seat, port, secret
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.cut = threading.Event()  # the test cuts this phone's connection once
        self.joins = 0
        self.sent = 0
        self.over = False
        self.problems: list[str] = []
        self.refusals: list[str] = []
        self.turn = -1  # the newest view's move count
        self.last_sent = 0.0
        self.heard: collections.deque[str] = collections.deque(maxlen=8)  # shown on a failure

    def choose(self, view: dict[str, Any]) -> str:
        legal = [a["action"] for a in view["legal"]]
        kinds = {a: a.split()[1] if len(a.split()) > 1 else "" for a in legal}
        eager = [a for a in legal if kinds[a] not in FIRST and kinds[a] != "wait"]
        return self.rng.choice(eager or [a for a in legal if kinds[a] != "wait"] or legal)

    def run(self) -> None:
        while not self.stop.is_set() and not self.over:
            try:
                with connect(f"ws://127.0.0.1:{self.port}/ws/{self.secret}", open_timeout=5,
                             close_timeout=1) as ws:
                    self.joins += 1
                    self.play(ws)
            except Exception:  # the host is down or restarting: try again soon
                time.sleep(0.2)

    def play(self, ws) -> None:
        acted: Optional[int] = None
        latest: Optional[dict[str, Any]] = None
        while not self.stop.is_set():
            if self.cut.is_set():
                self.cut.clear()
                return  # the connection closes; the phone comes back as a reload would
            try:
                message = json.loads(ws.recv(timeout=0.05))
            except TimeoutError:
                message = None
            if message is not None:
                self.heard.append(summary(message))
            if message is not None and message.get("type") == "view":
                latest = message
                self.turn = message["turn"]
                if message["seat"] != self.seat:
                    self.problems.append(f"seat {self.seat} was sent seat {message['seat']}'s view")
                if message["over"]:
                    self.over = True
                    return
            elif message is not None and message.get("type") == "refused":
                self.refusals.append(message["reason"])
                if message["why"] != "stale":  # a stale tap waits for the newer view
                    acted = None  # try another of the seat's actions on this view
            elif message is not None and message.get("type") == "error":
                self.problems.append(f"seat {self.seat}: {message}")
                acted = None  # as the page does: the person may tap again
            if (latest is not None and self.seat in latest["to_act"] and latest["legal"]
                    and acted != latest["turn"]
                    and time.monotonic() - self.last_sent >= PACE):
                self.last_sent = time.monotonic()
                acted = latest["turn"]
                action = self.choose(latest)
                self.heard.append(f"sent {action} at {latest['turn']}")
                ws.send(json.dumps({"type": "act", "action": action, "turn": latest["turn"]}))
                self.sent += 1


def summary(message: dict[str, Any]) -> str:
    """A message a phone heard, in a few words (a failure prints the last ones)."""
    if message.get("type") == "view":
        return (f"view turn {message['turn']} to_act {message['to_act']} "
                f"legal {[a['action'] for a in message['legal']][:4]}")
    return f"{message.get('type')} {message.get('why', '')} {message.get('reason', '')}"


def play_whole_match(tmp_path: Path, game: str, seats: int, options: list[str],
                     timeout: float) -> Any:
    home = tmp_path / "home"
    args = ["--game", game, "--seats", ",".join(["phone"] * seats), "--seed", "3"]
    for option in options:
        args += ["--option", option]
    host = start_new(home, *args)
    phones: list[ScriptedPhone] = []
    try:
        first = wait_for(lambda: (m := saved(home)) is not None and "phone_port" in m.meta and m,
                         60, "the save to know the phones' port")
        port = first.meta["phone_port"]
        phones = [ScriptedPhone(s, port, first.meta["phones"][str(s)], 100 + s)
                  for s in range(seats)]
        for phone in phones:
            phone.start()
        # some moves, then finis is killed and opened again from Continue
        wait_for(lambda: (m := saved(home)) is not None and len(m.steps) >= 12, timeout,
                 "a dozen moves by phone")
        os.kill(host.pid, signal.SIGKILL)
        host.wait(10)
        host = reopen(home)
        wait_for(lambda: all(p.joins >= 2 for p in phones), 60, "every phone to rejoin")
        phones[-1].cut.set()  # and one phone's connection is cut: it rejoins by itself
        wait_for(lambda: phones[-1].joins >= 3, 60, "the cut phone to rejoin")
        match = wait_for(lambda: (m := saved(home)) is not None and m.outcome() is not None and m,
                         timeout, "the match to end", lambda: (
                             [(p.seat, p.joins, p.sent, p.turn, list(p.heard)) for p in phones],
                             host.poll(), (home / "host.txt").read_text()[-3000:]))
        wait_for(lambda: all(p.over for p in phones), 30, "every phone to see the end")
        assert not [p for phone in phones for p in phone.problems]
        assert host.poll() is None, "finis kept running"
        seats_played = {step.action.seat for step in match.steps}
        assert seats_played == set(range(seats)), "every phone played its own seat"
        return match
    finally:
        for phone in phones:
            phone.stop.set()
        if host.poll() is None:
            host.kill()
            host.wait(10)


def test_a_whole_finita_match_with_six_phones_survives_kills(tmp_path):
    match = play_whole_match(tmp_path, "finita", 6, ["target=50"], timeout=300)
    assert match.outcome().winners


def test_a_whole_finale_match_with_two_phones_survives_kills(tmp_path):
    match = play_whole_match(tmp_path, "finale", 2, [], timeout=300)
    assert match.outcome() is not None


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-q"])
