"""Phones on loopback: from a tap on one phone to every phone showing the result.

Six real WebSocket clients join a six-seat Finita match served by a real PhoneServer; the
host is polled as the table polls it, once a frame (60 frames a second by default, or as fast
as it can with --fps 0), in a process of its own (phones are other devices). The phone of the
seat to act taps its first offer, at a random moment of the table's frame as a person would;
the time runs until the sixth phone holds the view that shows the move. Prints one JSON line:
p50, p99 and max in milliseconds over --taps taps (goal: p99 under 30 ms), and the server's
round-trip times. Not a test: timings depend on the machine.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import connect  # noqa: E402

from game.core import Seat, Setup  # noqa: E402
from game.core.session import Match  # noqa: E402
from scenes.phones.host import PhoneHost  # noqa: E402
from scenes.phones.server import PhoneServer  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument("--fps", type=float, default=60.0, help="host polls a second (0: no wait)")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.taps, args.fps))))


if __name__ == "__main__":
    main()
