"""The phone server: the phone page and one WebSocket per seat, on a thread of its own.

It runs its own asyncio loop with `websockets` (which answers the page's plain HTTP GETs in
`process_request` as well as the sockets), so the pygame loop never waits on the network:
what phones send arrives in `inbound`, a thread-safe queue of `Inbound(seat, message,
arrived)` values already parsed and shape-checked; `send(seat, message)` may be called from
any thread. docs/phones.md lists the routes, the messages and the bounds kept here.

Routes (anything else is a plain 404, never a listing):

- ``GET /s/<secret>``: the phone page (one secret per seat, at least 128 random bits);
- ``GET /assets/phone.js`` and ``/assets/phone.css``: from a fixed map, never a path made
  from the address;
- ``GET /art/<secret>/<piece>.png``: the picture of a piece the seat's newest view pictures
  (`art` in the view message), by lookup in a dictionary of pictures the table drew, never a
  file; anything else there is the same plain 404;
- ``/ws/<secret>``: the seat's WebSocket.
"""
from __future__ import annotations

import asyncio
import collections
import hmac
import http
import json
import queue
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, Optional
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.core.paths import assets_dir

MAX_MESSAGE = 4096  # bytes a phone may send in one message
RATE = 20  # messages a second one connection may send; more are refused
RATE_STRIKES = 3  # seconds in a row over the rate before the connection is closed
PER_SEAT = 2  # sockets one seat may hold (a reload opens the next before the old one dies)
MAX_SOCKETS = 64  # TCP connections at once; past it the oldest not yet a phone is dropped
OPEN_TIMEOUT = 5.0  # seconds a connection has to send its request
PING_INTERVAL = 2.0  # keepalive pings: also the round-trip time the table shows
PING_TIMEOUT = 10.0  # a phone silent to pings this long is dropped (it rejoins by itself)
OUTBOX = 16  # messages waiting for one slow phone, a view counting once (the newest)
SECRET_BYTES = 24  # 192 bits
ART_PIECES = 400  # pictures kept at once (the oldest goes first)
ART_BYTES = 16 * 1024 * 1024  # their bytes at most, all together
ART_ONE = 512 * 1024  # one picture at most
ART_WANTED = 256  # pieces waiting to be drawn at most
ART_CACHE = "private, max-age=86400"  # a piece's picture never changes while a table is open

ASSETS = {  # route -> (file in assets/phone, content type); nothing else is served
    "/assets/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
    "/assets/phone.css": ("phone.css", "text/css; charset=utf-8"),
}
PAGE = ("index.html", "text/html; charset=utf-8")
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; "
                                "img-src 'self' data:; connect-src 'self' ws: wss:; "
                                "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
}

# what a phone may send: type -> {field: allowed types}; every listed field is required
SHAPES: dict[str, dict[str, tuple[type, ...]]] = {
    "act": {"action": (str,), "turn": (int,)},
    "ping": {"t": (int, float)},
}
MAX_ACTION_TEXT = 200


class Inbound(NamedTuple):
    """One checked message from a phone: its seat, the message, and when it arrived
    (`time.monotonic()`, so the host can stamp a real-time press with the moment it came)."""

    seat: int
    message: dict[str, Any]
    arrived: float


@dataclass(frozen=True)
class SeatStatus:
    """What the table may show of a phone seat: joined or not, and its round-trip time."""

    connected: bool
    rtt_ms: Optional[float]
    sockets: int


def shape_problem(message: Any) -> str:
    """Why a parsed message is not one a phone may send ('' when it is)."""
    if not isinstance(message, dict):
        return "A message must be a JSON object."
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        return "Unknown message type."
    fields = SHAPES[kind]
    extra = set(message) - set(fields) - {"type"}
    if extra:
        return "Unknown fields: " + ", ".join(sorted(str(k)[:20] for k in extra)[:5]) + "."
    for name, types in fields.items():
        value = message.get(name)
        if name not in message or isinstance(value, bool) or not isinstance(value, types):
            return f"The field {name!r} is missing or of the wrong kind."
    if kind == "act" and len(message["action"]) > MAX_ACTION_TEXT:
        return "The action is too long."
    return ""


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON a phone sends")


def parse_message(text: str) -> tuple[Optional[dict[str, Any]], str]:
    """(message, '') for good JSON of a known shape, else (None, why)."""
    try:
        message = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError):
        return None, "That is not JSON."
    problem = shape_problem(message)
    return (None, problem) if problem else (message, "")


class _Phone:
    """One open WebSocket of a seat, with its outbox and its rate count (loop thread only)."""

    def __init__(self, seat: int, connection: ServerConnection) -> None:
        self.seat = seat
        self.connection = connection
        self.outbox: collections.deque[tuple[str, str]] = collections.deque()  # (kind, text)
        self.wake = asyncio.Event()
        self.window = 0
        self.count = 0
        self.strikes = 0
        self.told = False

    def put(self, kind: str, text: str) -> None:
        if kind == "view":  # a view is whole: an older one still waiting is dropped
            self.outbox = collections.deque(m for m in self.outbox if m[0] != "view")
        while len(self.outbox) >= OUTBOX:
            self.outbox.popleft()
        self.outbox.append((kind, text))
        self.wake.set()

    def over_rate(self, now: float) -> tuple[bool, bool]:
        """(refuse this message, close the connection) by the count of this second: past
        RATE a message is refused; seconds over it in a row, or a flood, close the socket."""
        second = int(now)
        if second != self.window:
            over = self.count > RATE and second == self.window + 1
            self.strikes = self.strikes + 1 if over else 0
            self.window, self.count, self.told = second, 0, False
        self.count += 1
        if self.count <= RATE:
            return False, False
        return True, self.strikes >= RATE_STRIKES - 1 or self.count > RATE * 5


class ArtShelf:
    """The pictures of pieces the table drew for the phones (PNG bytes by piece id), and
    which pieces each seat may fetch now: exactly those its newest view pictures (`art`).

    The server's thread reads it (`picture`); the table's thread fills it (`wanted`, `put`):
    pictures are drawn by the table (pygame) on its own thread, never by the server. Bounded
    in count and bytes; a lookup by id, never a path."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._png: "collections.OrderedDict[str, bytes]" = collections.OrderedDict()
        self._bytes = 0
        self._allowed: dict[int, frozenset[str]] = {}
        self._wanted: "collections.OrderedDict[str, None]" = collections.OrderedDict()

    def allow(self, seat: int, pieces: Any) -> None:
        """The pieces `seat` may fetch from now on (the `art` of the view it was just sent);
        the ones not drawn yet are wanted, in this order."""
        names = [p for p in pieces if isinstance(p, str)] if isinstance(pieces, list) else []
        with self._lock:
            self._allowed[seat] = frozenset(names)
            for piece in names:
                if piece not in self._png and len(self._wanted) < ART_WANTED:
                    self._wanted[piece] = None

    def forget(self, seat: int) -> None:
        with self._lock:
            self._allowed.pop(seat, None)

    def wanted(self, count: int) -> list[str]:
        """Up to `count` pieces a phone may fetch that are not drawn yet (oldest need first)."""
        with self._lock:
            for piece in [p for p in self._wanted if p in self._png]:
                del self._wanted[piece]
            return list(self._wanted)[:count]

    def put(self, piece: str, png: bytes) -> bool:
        """Keep a piece's picture (False when it is too big or not a PNG)."""
        if len(png) > ART_ONE or not png.startswith(b"\x89PNG\r\n\x1a\n"):
            with self._lock:
                self._wanted.pop(piece, None)
            return False
        with self._lock:
            old = self._png.pop(piece, None)
            self._bytes -= len(old) if old is not None else 0
            self._png[piece] = png
            self._bytes += len(png)
            self._wanted.pop(piece, None)
            while len(self._png) > ART_PIECES or self._bytes > ART_BYTES:
                _, dropped = self._png.popitem(last=False)
                self._bytes -= len(dropped)
        return True

    def picture(self, seat: int, piece: str) -> Optional[bytes]:
        """The picture of `piece` if `seat` may fetch it now and it is drawn, else None."""
        with self._lock:
            if piece not in self._allowed.get(seat, frozenset()):
                return None
            return self._png.get(piece)

    def size(self) -> tuple[int, int]:
        """(pictures, bytes) kept now."""
        with self._lock:
            return len(self._png), self._bytes


class PhoneServer:
    """Serves the phone page and the seats' WebSockets on its own thread (see the module)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0,
                 ping_interval: float = PING_INTERVAL,
                 open_timeout: float = OPEN_TIMEOUT) -> None:
        self.host, self.requested_port = host, port
        self.ping_interval, self.open_timeout = ping_interval, open_timeout
        self.port: Optional[int] = None
        self.inbound: "queue.Queue[Inbound]" = queue.Queue(maxsize=4096)
        self._secrets: dict[int, str] = {}
        self._latest: dict[int, str] = {}  # the newest whole view per seat, as sent
        self._phones: dict[int, list[_Phone]] = {}
        self._lock = threading.Lock()  # guards _secrets, _latest and the lists in _phones
        self._thread: Optional[threading.Thread] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._server: Optional[Server] = None
        self._stopping: Optional[asyncio.Event] = None
        self._sockets: "collections.OrderedDict[int, Any]" = collections.OrderedDict()
        self._files = self._read_files()
        self.art = ArtShelf()

    # -- seats (any thread) ---------------------------------------------------------------

    def add_seat(self, seat: int, secret: Optional[str] = None) -> str:
        """Register a phone seat; its secret (a new one unless given, e.g. from a save)."""
        secret = secret or secrets.token_urlsafe(SECRET_BYTES)
        if len(secret) < 22 or not all(c.isalnum() or c in "-_" for c in secret):
            raise ValueError("a seat's secret is at least 128 bits in url-safe letters")
        with self._lock:
            self._secrets[seat] = secret
            self._phones.setdefault(seat, [])
        return secret

    def remove_seat(self, seat: int) -> None:
        """The seat is no longer a phone's: its secret stops working, its sockets close."""
        with self._lock:
            self._secrets.pop(seat, None)
            self._latest.pop(seat, None)
            phones = self._phones.pop(seat, [])
        self.art.forget(seat)
        for phone in phones:
            self._call(self._close_phone, phone, 1008, "seat taken back")

    def secret(self, seat: int) -> Optional[str]:
        with self._lock:
            return self._secrets.get(seat)

    def address(self, seat: int, host: Optional[str] = None) -> str:
        """The page's address for a seat (the join panel's QR code), `host` as phones reach it."""
        return f"http://{host or self.host}:{self.port}/s/{self.secret(seat)}"

    def status(self, seat: int) -> SeatStatus:
        """Joined or not, and the round-trip time of the seat's newest socket (any thread)."""
        with self._lock:
            phones = list(self._phones.get(seat, []))
        if not phones:
            return SeatStatus(False, None, 0)
        latency = phones[-1].connection.latency
        return SeatStatus(True, latency * 1000 if latency else None, len(phones))

    def sockets(self) -> int:
        """TCP connections open now (tests, the bench)."""
        return len(self._sockets)

    # -- sending (any thread) -------------------------------------------------------------

    def send(self, seat: int, message: dict[str, Any]) -> None:
        """Send a message to every phone of a seat; a `view` is also kept for rejoins."""
        kind = str(message.get("type", ""))
        text = json.dumps(message, separators=(",", ":"))
        with self._lock:
            if seat not in self._secrets:
                return
            if kind == "view":
                self._latest[seat] = text
        if kind == "view":  # the pictures this view shows are the ones the seat may fetch
            self.art.allow(seat, message.get("art", []))
        self._call(self._deliver, seat, kind, text)

    def _deliver(self, seat: int, kind: str, text: str) -> None:
        with self._lock:
            phones = list(self._phones.get(seat, []))
        for phone in phones:
            phone.put(kind, text)

    def _call(self, function: Any, *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(function, *args)
            except RuntimeError:  # the loop closed meanwhile: nothing to deliver to
                pass

    # -- start and stop (the owner's thread) ----------------------------------------------

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> "PhoneServer":
        """Bind and serve on a new thread; returns once the port is known (or raises)."""
        if self.running:
            return self
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(ready, failure),
                                        name="finis-phones", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            self._thread.join()
            self._thread = None
            raise failure[0]
        return self

    def stop(self) -> None:
        """Close every connection and the port, and join the thread (safe to call twice)."""
        thread, loop, stopping = self._thread, self._loop, self._stopping
        if thread is None:
            return
        if loop is not None and stopping is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopping.set)
            except RuntimeError:
                pass
        thread.join()
        self._thread = None
        with self._lock:
            for seat in self._phones:
                self._phones[seat] = []

    def _run(self, ready: threading.Event, failure: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve(ready, failure))
        finally:
            self._loop = None
            loop.close()
            ready.set()

    async def _serve(self, ready: threading.Event, failure: list[BaseException]) -> None:
        self._stopping = asyncio.Event()
        owner = self

        class Connection(ServerConnection):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                owner._opened(self, transport)

            def connection_lost(self, exc: Optional[Exception]) -> None:
                owner._sockets.pop(id(self), None)
                super().connection_lost(exc)

        try:
            server = await serve(self._handler, self.host, self.requested_port,
                                 process_request=self._route, max_size=MAX_MESSAGE,
                                 max_queue=4, open_timeout=self.open_timeout,
                                 ping_interval=self.ping_interval, ping_timeout=PING_TIMEOUT,
                                 close_timeout=2, compression=None, server_header=None,
                                 create_connection=Connection)
        except BaseException as exc:  # the port is taken, the address is wrong
            failure.append(exc)
            ready.set()
            return
        self._server = server
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        try:
            await self._stopping.wait()
        finally:
            server.close(close_connections=True)
            await server.wait_closed()
            for transport in list(self._sockets.values()):
                transport.abort()
            self._sockets.clear()
            self._server = None

    def _opened(self, connection: ServerConnection, transport: asyncio.BaseTransport) -> None:
        """Bound the TCP connections: past MAX_SOCKETS the oldest one that is not yet a
        phone's socket is dropped, so a flood of idle connections cannot keep a phone out."""
        self._sockets[id(connection)] = transport
        if len(self._sockets) <= MAX_SOCKETS:
            return
        with self._lock:
            joined = {id(p.connection) for phones in self._phones.values() for p in phones}
        for key, old in list(self._sockets.items()):
            if key not in joined:
                self._sockets.pop(key, None)
                old.abort()
                return

    # -- HTTP -----------------------------------------------------------------------------

    @staticmethod
    def _read_files() -> dict[str, bytes]:
        folder = Path(assets_dir()) / "phone"
        names = [PAGE[0]] + [name for name, _ in ASSETS.values()]
        return {name: (folder / name).read_bytes() for name in names}

    def _seat_of(self, secret: str) -> Optional[int]:
        """The seat whose secret this is, compared in constant time against every seat."""
        found = None
        given = secret.encode("utf-8", "replace")
        with self._lock:
            known = list(self._secrets.items())
        for seat, own in known:
            if hmac.compare_digest(given, own.encode()):
                found = seat
        return found

    def _route(self, connection: ServerConnection, request: Request) -> Optional[Response]:
        path = urlsplit(request.path).path
        if path.startswith("/ws/"):
            seat = self._seat_of(path[4:])
            if seat is None or not self._same_origin(request.headers):
                return self._plain(connection, http.HTTPStatus.NOT_FOUND)
            return None  # the handshake goes on; the handler finds the seat again
        if request.headers.get("Upgrade"):
            return self._plain(connection, http.HTTPStatus.NOT_FOUND)
        if path.startswith("/art/"):
            return self._art(connection, path[5:])
        if path.startswith("/s/") and self._seat_of(path[3:]) is not None:
            return self._file(connection, *PAGE)
        asset = ASSETS.get(path)
        if asset is not None:
            return self._file(connection, *asset)
        return self._plain(connection, http.HTTPStatus.NOT_FOUND)

    def _art(self, connection: ServerConnection, rest: str) -> Response:
        """`<secret>/<piece>.png`: the piece's picture when that seat's newest view pictures
        it and the table has drawn it; the same plain 404 for everything else."""
        secret, _, name = rest.partition("/")
        seat = self._seat_of(secret) if secret else None
        png = None
        if seat is not None and name.endswith(".png") and "/" not in name:
            png = self.art.picture(seat, name[:-4])
        if png is None:
            return self._plain(connection, http.HTTPStatus.NOT_FOUND)
        response = self._plain(connection, http.HTTPStatus.OK)
        for name_ in ("Content-Type", "Content-Length", "Cache-Control"):
            del response.headers[name_]
        response.headers["Content-Type"] = "image/png"
        response.headers["Content-Length"] = str(len(png))
        response.headers["Cache-Control"] = ART_CACHE
        response.body = png
        return response

    @staticmethod
    def _same_origin(headers: Headers) -> bool:
        """A browser's socket must come from the page's own address (no other site's page)."""
        origin = headers.get("Origin")
        if origin is None:
            return True  # not a browser: the secret alone decides
        return urlsplit(origin).netloc == headers.get("Host", "")

    @staticmethod
    def _plain(connection: ServerConnection, status: http.HTTPStatus) -> Response:
        response = connection.respond(status, f"{status.value} {status.phrase}\n")
        for key, value in SECURITY_HEADERS.items():
            response.headers[key] = value
        return response

    def _file(self, connection: ServerConnection, name: str, content_type: str) -> Response:
        response = self._plain(connection, http.HTTPStatus.OK)
        body = self._files[name]
        del response.headers["Content-Type"]
        del response.headers["Content-Length"]
        response.headers["Content-Type"] = content_type
        response.headers["Content-Length"] = str(len(body))
        response.body = body
        return response

    # -- the sockets ----------------------------------------------------------------------

    async def _handler(self, connection: ServerConnection) -> None:
        path = urlsplit(connection.request.path).path if connection.request else ""
        seat = self._seat_of(path[4:]) if path.startswith("/ws/") else None
        if seat is None:  # the seat was taken back during the handshake
            await connection.close(1008, "unknown seat")
            return
        phone = _Phone(seat, connection)
        with self._lock:
            phones = self._phones.setdefault(seat, [])
            phones.append(phone)
            extra = phones[:-PER_SEAT]
            del phones[:-PER_SEAT]
            latest = self._latest.get(seat)
        for old in extra:  # the newest sockets of a seat win (a reload, a second tab)
            self._close_phone(old, 1008, "opened elsewhere")
        if latest is not None:
            phone.put("view", latest)
        writer = asyncio.get_running_loop().create_task(self._write(phone))
        try:
            await self._read(phone)
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            with self._lock:
                mine = self._phones.get(seat)
                if mine is not None and phone in mine:
                    mine.remove(phone)

    async def _read(self, phone: _Phone) -> None:
        connection = phone.connection
        async for raw in connection:
            now = time.monotonic()
            refuse, close = phone.over_rate(now)
            if close:
                await connection.close(1008, "too many messages")
                return
            if refuse:
                if not phone.told:
                    phone.told = True
                    phone.put("error", _error("Too many messages: slow down."))
                continue
            if not isinstance(raw, str):
                phone.put("error", _error("Messages are JSON text."))
                continue
            message, problem = parse_message(raw)
            if message is None:
                phone.put("error", _error(problem))
                continue
            if message["type"] == "ping":
                phone.put("pong", json.dumps({"type": "pong", "t": message["t"]}))
                continue
            try:
                self.inbound.put_nowait(Inbound(phone.seat, message, now))
            except queue.Full:
                phone.put("error", _error("The table is busy: try again."))

    async def _write(self, phone: _Phone) -> None:
        try:
            while True:
                await phone.wake.wait()
                phone.wake.clear()
                while phone.outbox:
                    _, text = phone.outbox.popleft()
                    await phone.connection.send(text)
        except ConnectionClosed:
            pass

    def _close_phone(self, phone: _Phone, code: int, reason: str) -> None:
        asyncio.get_running_loop().create_task(phone.connection.close(code, reason))


def _error(reason: str) -> str:
    return json.dumps({"type": "error", "reason": reason})
