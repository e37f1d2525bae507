"""Shared pieces of the phone tests: a real server on loopback, real WebSocket clients, raw
HTTP requests sent exactly as written, and a recorder that stands in for the server."""
from __future__ import annotations

import http.client
import json
import queue
import time
from typing import Any, Callable, Optional

from websockets.sync.client import connect

from scenes.phones.server import PhoneServer

WAIT = 10.0  # seconds a test waits for something that should come at once


def get(server: PhoneServer, path: str) -> tuple[int, dict[str, str], bytes]:
    """A GET of `path` exactly as written (no client-side cleaning of '..')."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=WAIT)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def phone(server: PhoneServer, secret: str, **kwargs: Any):
    """A real WebSocket client on a seat's address."""
    return connect(f"ws://127.0.0.1:{server.port}/ws/{secret}", open_timeout=WAIT,
                   close_timeout=2, **kwargs)


def receive(ws, kind: Optional[str] = None, timeout: float = WAIT) -> dict[str, Any]:
    """The next message (of a kind, skipping others) a client gets."""
    end = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if kind is None or message.get("type") == kind:
            return message


def until(condition: Callable[[], Any], timeout: float = WAIT, step: Callable[[], Any] = None):
    """Wait (calling `step` meanwhile, e.g. the host's poll) until `condition` holds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if step is not None:
            step()
        found = condition()
        if found:
            return found
        time.sleep(0.005)
    raise AssertionError("waited in vain")


def drained(q: "queue.Queue[Any]") -> list[Any]:
    items = []
    while True:
        try:
            items.append(q.get_nowait())
        except queue.Empty:
            return items


class Recorder:
    """Stands in for a PhoneServer: records every message the host sends, per seat."""

    def __init__(self) -> None:
        self.inbound: "queue.Queue[Any]" = queue.Queue()
        self.sent: list[tuple[int, dict[str, Any]]] = []

    def send(self, seat: int, message: dict[str, Any]) -> None:
        self.sent.append((seat, json.loads(json.dumps(message))))

    def last(self, seat: int, kind: Optional[str] = None) -> dict[str, Any]:
        return [m for s, m in self.sent if s == seat and (kind is None or m["type"] == kind)][-1]


def chromium(tmp_path, phone_screen: bool = False, touch_screen: tuple[int, int] = (360, 640)):
    """Headless Debian chromium through its driver (selenium), as a 360x640 window; with
    `phone_screen` a touch screen of `touch_screen` CSS pixels, a phone's by default
    (headless chromium's window is never narrower than 500 px by itself). The caller quits
    it."""
    import shutil

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    assert binary and driver_path, "CI must have chromium and chromium-driver (see .ci/run)"
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=360,640", "--no-first-run", "--disable-extensions",
                 f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(flag)
    if phone_screen:
        width, height = touch_screen
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": height, "pixelRatio": 2, "touch": True}})
    return webdriver.Chrome(options=options, service=Service(driver_path))
