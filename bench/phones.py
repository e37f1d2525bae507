"""Phones on loopback: from a tap on one phone to every phone showing the result.

Six real WebSocket clients join a six-seat Finita match served by a real PhoneServer; the
host is polled as the table polls it, once a frame (60 frames a second by default, or as fast
as it can with --fps 0), in a process of its own (phones are other devices). The phone of the
seat to act taps its first offer, at a random moment of the table's frame as a person would;
the time runs until the sixth phone holds the view that shows the move. Prints one JSON line:
p50, p99 and max in milliseconds over --taps taps (goal: p99 under 30 ms), and the server's
round-trip times. Not a test: timings depend on the machine.

With --table it measures instead what six phones cost the table itself: a real Finita table
(the app's own scene, headless) with six seats held on phones and six real WebSocket clients
connected on loopback, against the same table with six computer seats and no phones (the
fairest table without phones: the screen shows the same shared view with nobody's hand and no
curtain, and moves keep coming through the same path with the log, the animations and the
autosave; people at the screen would add a curtain before every turn, which a phone table
never shows). Each table runs in a fresh process of its own at 1280x800, the two kinds
alternating, at 60 frames a second with every frame drawn, at the "fast" speed setting; first
--frames frames idle (the phones connected and silent, the computers held), then --frames
frames of play: each phone plays one of its seat's moves (a random one, a draw or a pass only
when nothing else is offered) a pause after its view came, and fetches the card pictures its
views name, as the page does. The pause is the time per move of the latest table of computers
(the first block is one; before it, a computer's own turn at these tables, 1.2 s), so both
tables play at about the same rate. One JSON line: mean and p95 of `App.frame` in each
state with the ratios (goal: within 1.1x) and the slowest frame, the moves made, the slowest
frames while the table opened (the phones joining and fetching their pictures, which the table
draws), and the host process's resident memory (VmRSS) at the end (goal: under 30 MB more
with phones). About two minutes.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # --table: the app's table, headless
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("FINIS_HOME", tempfile.mkdtemp(prefix="finis-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import connect  # noqa: E402

from game.core import Seat, Setup  # noqa: E402
from game.core.session import Match  # noqa: E402
from scenes.phones.host import PhoneHost  # noqa: E402
from scenes.phones.server import PhoneServer  # noqa: E402
from bench.memory import rss_mb  # noqa: E402

SEATS = 6


def new_match(seed: int) -> Match:
    return Match.start("finita", Setup(seed), None, [Seat(f"P{i + 1}") for i in range(SEATS)])


class Table:
    """The pygame side: polls the host once a frame on its own thread."""

    def __init__(self, server: PhoneServer, fps: float) -> None:
        self.server, self.fps = server, fps
        self.secrets = {seat: server.add_seat(seat) for seat in range(SEATS)}
        self.lock = threading.Lock()
        self.seed = 1
        self.host = PhoneHost(new_match(self.seed), server, range(SEATS))
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.frames, daemon=True)

    def frames(self) -> None:
        frame = 1 / self.fps if self.fps else 0
        next_frame = time.perf_counter()
        while not self.stop.is_set():
            with self.lock:
                self.host.poll()
                if self.host.match.outcome() is not None:  # a new match, and its views
                    self.seed += 1
                    self.host.match = new_match(self.seed)
                    self.host.push(force=True)
            if frame:
                next_frame += frame
                time.sleep(max(0.0, next_frame - time.perf_counter()))


def table_process(pipe, fps: float) -> None:
    """The finis side in a process of its own (phones are other devices: their clients must
    not share this process's interpreter lock): the server and the table's frames."""
    server = PhoneServer("127.0.0.1", 0).start()
    table = Table(server, fps)
    table.thread.start()
    pipe.send((server.port, table.secrets))
    pipe.recv()  # the bench is done
    pipe.send([server.status(s).rtt_ms for s in range(SEATS)])
    table.stop.set()
    table.thread.join()
    server.stop()


async def run(taps: int, fps: float) -> dict:
    here, there = multiprocessing.get_context("spawn").Pipe()
    child = multiprocessing.get_context("spawn").Process(target=table_process, args=(there, fps))
    child.start()
    port, secrets = here.recv()
    latencies: list[float] = []
    rng = random.Random(1)
    try:
        phones = [await connect(f"ws://127.0.0.1:{port}/ws/{secrets[s]}")
                  for s in range(SEATS)]
        newest: dict[int, dict] = {}
        arrived: dict[int, asyncio.Event] = {s: asyncio.Event() for s in range(SEATS)}

        async def listen(seat: int) -> None:
            async for raw in phones[seat]:
                message = json.loads(raw)
                if message["type"] == "view":
                    newest[seat] = message
                    arrived[seat].set()

        listeners = [asyncio.create_task(listen(s)) for s in range(SEATS)]
        for seat in range(SEATS):
            await arrived[seat].wait()
        while len(latencies) < taps:
            view = newest[0]
            if view["over"] or not view["to_act"]:
                await asyncio.sleep(0.01)
                continue
            mover = view["to_act"][0]
            mine = newest[mover]
            offers = ([a for a in mine["legal"] if " next_round " not in a["action"]]
                      or mine["legal"])
            if not offers or mine["turn"] != view["turn"]:
                await asyncio.sleep(0.001)
                continue
            turn = mine["turn"]
            if fps:  # a person taps at any moment of the table's frame, not just after one
                await asyncio.sleep(rng.uniform(0, 1 / fps))
            for seat in range(SEATS):
                arrived[seat].clear()
            start = time.perf_counter()
            await phones[mover].send(json.dumps({"type": "act", "action": offers[0]["action"],
                                                 "turn": turn}))
            deadline = start + 2.0
            while any(newest[s]["turn"] == turn for s in range(SEATS)):
                left = deadline - time.perf_counter()
                if left <= 0:
                    break
                waiting = [arrived[s].wait() for s in range(SEATS) if newest[s]["turn"] == turn]
                await asyncio.wait([asyncio.ensure_future(w) for w in waiting], timeout=left,
                                   return_when=asyncio.ALL_COMPLETED)
                for s in range(SEATS):
                    if newest[s]["turn"] == turn:
                        arrived[s].clear()
            if all(newest[s]["turn"] != turn for s in range(SEATS)):
                latencies.append((time.perf_counter() - start) * 1000)
        here.send("done")
        rtts = here.recv()
        for task in listeners:
            task.cancel()
        for ws in phones:
            await ws.close()
    finally:
        child.join(timeout=10)
        if child.is_alive():
            child.kill()
    ordered = sorted(latencies)
    return {
        "phones": SEATS, "taps": len(latencies), "fps": fps or "unbounded",
        "p50_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[max(0, int(len(ordered) * 0.99) - 1)], 2),
        "max_ms": round(ordered[-1], 2),
        "rtt_ms": [round(r, 2) if r is not None else None for r in rtts],
    }


# -- --table: what six phones cost the table's frames and the host's memory ---------------

FRAME = 1 / 60
SPEED = "fast"  # the tables' speed setting: a computer's own turn takes half the data's pace
FIRST = ("take", "pass", "wait")  # kinds a scripted phone leaves for last (a draw, a pass)
LOOPBACK = "127.0.0.1"


def table_block(kind: str, pipe, frames: int, seed: int) -> None:
    """One table in a fresh process: `kind` "phones" (six phone seats, the clients are the
    parent's) or "computers". Times `App.frame` idle, then while the match is played."""
    import pygame

    from game.core.registry import game_info
    from scenes.app import App
    from scenes.table.phones import phone_meta
    from scenes.table.registry import table_class
    pygame.init()
    app = App(argparse.Namespace(size="1280x800", fullscreen=False, game=None, seats=None,
                                 option=[], seed=None))
    app.settings.animation_speed = SPEED
    strength = game_info("finita").default_strength
    if kind == "phones":
        seats = [Seat(f"Phone {i + 1}") for i in range(SEATS)]
    else:
        seats = [Seat(f"Computer {i + 1}", "computer", strength) for i in range(SEATS)]
    match = Match.start("finita", Setup(seed), None, seats)
    if kind == "phones":
        match.meta.update(phone_meta(list(range(SEATS))))
        match.meta["phone_port"] = 0  # any free port
    table = table_class("finita")(app, match)
    if table.phones is not None:
        table.phones.bind = LOOPBACK  # the bench's phones are on this computer
    held = {"on": True}  # until play starts nobody moves: the computers wait, as phones do
    pending, clock = table.computer_pending, table.run_clock
    table.computer_pending = lambda: not held["on"] and pending()
    table.run_clock = lambda dt: None if held["on"] else clock(dt)  # Finita's clocked turns
    app.push(table)
    if table.phones is not None:
        while table.phones.server is None:  # (its modules may load on a thread first)
            app.frame(1 / 60)
        pipe.send((table.phones.server.port, dict(table.phones.secrets)))
    else:
        pipe.send(None)
    next_frame = time.perf_counter()

    def tick() -> float:
        """One frame at 60 a second, every frame drawn; its time in ms."""
        nonlocal next_frame
        app.needs_redraw = True
        start = time.perf_counter()
        app.frame(FRAME)
        spent = (time.perf_counter() - start) * 1000
        next_frame += FRAME
        time.sleep(max(0.0, next_frame - time.perf_counter()))
        if next_frame < time.perf_counter() - 0.1:  # far behind (a loaded machine): no burst
            next_frame = time.perf_counter()
        return spent

    settled = 0
    opening: list[float] = []
    for _ in range(60 * 60):  # warm-up: pictures drawn, every phone joined and its cards drawn
        opening.append(tick())
        ready = (table.presented and not table.pictures_busy()
                 and (table.phones is None or (all(table.phones.joined.values())
                                               and not table.phones.panel_open
                                               and not table.phones.server.art.wanted(1))))
        settled = settled + 1 if ready else 0
        if settled >= 60:
            break
    else:
        raise RuntimeError("the table did not settle in a minute")
    idle = [tick() for _ in range(frames)]
    idle_moves = len(match.steps)
    pipe.send("play")
    held["on"] = False
    played = [tick() for _ in range(frames)]
    moves = len(match.steps) - idle_moves
    rss = rss_mb()
    if table.phones is not None:
        table.phones.stop()
    pipe.send({"kind": kind, "opening": opening, "idle": idle, "play": played, "moves": moves,
               "idle_moves": idle_moves, "rss_mb": rss})


async def fetch(port: int, path: str) -> int:
    """GET a path of the phones' server as a browser would; the status code."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {LOOPBACK}:{port}\r\n"
                 "Connection: close\r\n\r\n".encode("ascii"))
    await writer.drain()
    head = await reader.readline()
    await reader.read()
    writer.close()
    return int(head.split()[1]) if head.startswith(b"HTTP/") else 0


class ScriptedPhone:
    """One phone: holds its seat's newest view, fetches the pictures its views name (as the
    page does: again a little later while not drawn yet), and once play starts plays one of
    its seat's moves `think` seconds after a view gives it one."""

    def __init__(self, seat: int, port: int, secret: str, think: float) -> None:
        self.seat, self.port, self.secret, self.think = seat, port, secret, think
        self.rng = random.Random(100 + seat)
        self.playing = False
        self.ws = None
        self.newest: dict = {}
        self.acted = -1
        self.tasks: set = set()
        self.fetched: set[str] = set()
        self.pictures = 0
        self.sent = 0

    def choose(self, view: dict) -> str:
        legal = [a["action"] for a in view["legal"]]
        kind = {a: (a.split() + ["", ""])[1] for a in legal}
        eager = [a for a in legal if kind[a] not in FIRST]
        return self.rng.choice(eager or [a for a in legal if kind[a] != "wait"] or legal)

    def mine(self, view: dict) -> bool:
        return bool(view) and self.seat in view["to_act"] and bool(view["legal"]) \
            and not view["over"]

    def consider(self) -> None:
        """A move `think` seconds from now, when the newest view gives this seat one."""
        view = self.newest
        if self.playing and self.mine(view) and self.acted != view["turn"]:
            self.acted = view["turn"]
            self.spawn(self.tap(view["turn"]))

    def spawn(self, work) -> None:
        self.tasks = {t for t in self.tasks if not t.done()}
        self.tasks.add(asyncio.create_task(work))

    async def tap(self, turn: int) -> None:
        await asyncio.sleep(self.think)
        view = self.newest
        if view.get("turn") == turn and self.mine(view):
            await self.ws.send(json.dumps({"type": "act", "action": self.choose(view),
                                           "turn": turn}))
            self.sent += 1

    async def picture(self, piece: str) -> None:
        for tries in range(11):
            if await fetch(self.port, f"/art/{self.secret}/{piece}.png") == 200:
                self.pictures += 1
                return
            await asyncio.sleep(0.15 * (tries + 1))

    async def run(self) -> None:
        try:
            async with connect(f"ws://{LOOPBACK}:{self.port}/ws/{self.secret}") as ws:
                self.ws = ws
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] != "view":
                        continue
                    self.newest = message
                    for piece in message["art"]:
                        if piece not in self.fetched:
                            self.fetched.add(piece)
                            self.spawn(self.picture(piece))
                    self.consider()
        finally:
            for task in self.tasks:
                task.cancel()


def think_seconds() -> float:
    """A phone's pause before its move before any table of computers was timed: a computer's
    own turn at these tables (Finita's turn pace scaled by the speed setting)."""
    from game.core.settings import Settings
    from game.finita.data import finita_data
    return finita_data().turn_ms / 1000 * Settings(animation_speed=SPEED).speed_factor()


async def block(kind: str, frames: int, seed: int, think: float) -> dict:
    context = multiprocessing.get_context("spawn")
    here, there = context.Pipe()
    child = context.Process(target=table_block, args=(kind, there, frames, seed))
    child.start()
    loop = asyncio.get_running_loop()
    phones: list[ScriptedPhone] = []
    tasks = []
    try:
        opened = await loop.run_in_executor(None, here.recv)
        if opened is not None:
            port, secrets = opened
            phones = [ScriptedPhone(s, port, secrets[s], think) for s in range(SEATS)]
            tasks = [asyncio.create_task(p.run()) for p in phones]
        message = await loop.run_in_executor(None, here.recv)
        assert message == "play", message
        for phone in phones:
            phone.playing = True
            phone.consider()  # the seat to act holds its move in the view it already has
        result = await loop.run_in_executor(None, here.recv)
    finally:
        for task in tasks:
            task.cancel()
        child.join(timeout=20)
        if child.is_alive():
            child.kill()
    for task in tasks:
        if task.done() and not task.cancelled() and task.exception() is not None:
            raise task.exception()
    result["taps"] = sum(p.sent for p in phones)
    result["think"] = think
    result["pictures"] = sum(p.pictures for p in phones)
    return result


def stats(times: list[float]) -> dict:
    ordered = sorted(times)
    return {"mean_ms": round(statistics.fmean(ordered), 3),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 3),
            "max_ms": round(ordered[-1], 1)}


async def run_table(blocks: int, frames: int, seed: int) -> dict:
    """Blocks of both kinds, alternating which goes first; frames pooled per kind and state."""
    runs: list[dict] = []
    load = os.getloadavg()[0]
    think = think_seconds()
    for i in range(blocks):
        order = ("computers", "phones") if i % 2 == 0 else ("phones", "computers")
        for kind in order:
            runs.append(await block(kind, frames, seed, think))
            if kind == "computers" and runs[-1]["moves"]:  # the phones play at their rate
                think = min(5.0, max(0.3, frames * FRAME / runs[-1]["moves"]))
    out: dict = {"bench": "phones-table", "phones": SEATS, "game": "finita", "size": "1280x800",
                 "blocks": blocks, "frames": frames,
                 "load": [round(load, 2), round(os.getloadavg()[0], 2)]}  # at start and end
    # the frames from the table's opening until its pictures are drawn and (with phones)
    # every phone joined and got its pictures: not compared, their counts differ
    out["opening"] = {("phones" if kind == "phones" else "no_phones"): {
        "frames": [len(r["opening"]) for r in runs if r["kind"] == kind],
        "max_ms": round(max(t for r in runs if r["kind"] == kind for t in r["opening"]), 1),
        "over_50ms": [sum(t > 50 for t in r["opening"]) for r in runs if r["kind"] == kind]}
        for kind in ("computers", "phones")}
    pairs = [(runs[i], runs[i + 1]) if runs[i]["kind"] == "computers" else (runs[i + 1], runs[i])
             for i in range(0, len(runs), 2)]
    for state in ("idle", "play"):
        by_kind = {kind: stats([t for r in runs if r["kind"] == kind for t in r[state]])
                   for kind in ("computers", "phones")}
        out[state] = {"no_phones": by_kind["computers"], "phones": by_kind["phones"],
                      "mean_ratio": round(by_kind["phones"]["mean_ms"]
                                          / by_kind["computers"]["mean_ms"], 3),
                      "p95_ratio": round(by_kind["phones"]["p95_ms"]
                                         / by_kind["computers"]["p95_ms"], 3),
                      # each block of phones against the block of computers beside it: the
                      # machine's load swings less within a pair than over the whole run
                      "pair_mean_ratios": [
                          round(statistics.fmean(p[state]) / statistics.fmean(c[state]), 3)
                          for c, p in pairs]}
    out["moves"] = {kind: [r["moves"] for r in runs if r["kind"] == kind]
                    for kind in ("computers", "phones")}
    out["idle_moves"] = {kind: [r["idle_moves"] for r in runs if r["kind"] == kind]
                         for kind in ("computers", "phones")}
    out["taps"] = [r["taps"] for r in runs if r["kind"] == "phones"]
    out["think_s"] = [round(r["think"], 2) for r in runs if r["kind"] == "phones"]
    out["pictures_fetched"] = [r["pictures"] for r in runs if r["kind"] == "phones"]
    rss = {kind: [round(r["rss_mb"], 1) for r in runs if r["kind"] == kind]
           for kind in ("computers", "phones")}
    out["rss_mb"] = rss
    out["extra_rss_mb"] = round(statistics.median(rss["phones"])
                                - statistics.median(rss["computers"]), 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument("--fps", type=float, default=60.0, help="host polls a second (0: no wait)")
    parser.add_argument("--table", action="store_true",
                        help="the table's frame time and the host's memory, phones or none")
    parser.add_argument("--blocks", type=int, default=3, help="--table: runs of each kind")
    parser.add_argument("--frames", type=int, default=450, help="--table: frames per state")
    parser.add_argument("--seed", type=int, default=3, help="--table: the match's seed")
    args = parser.parse_args()
    if args.table:
        print(json.dumps(asyncio.run(run_table(args.blocks, args.frames, args.seed))))
    else:
        print(json.dumps(asyncio.run(run(args.taps, args.fps))))


if __name__ == "__main__":
    main()
