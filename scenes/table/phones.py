"""The phones of a table's seats (issue 27): the server, the host that plays their moves, and
the join panel with each phone seat's address and QR code.

A table whose match says in `meta.phones` which seats are held on phones (seat number: the
seat's secret) owns one `TablePhones`. It starts the server when the table opens (on the port
of `meta.phone_port` when it is free, so phones that knew the address rejoin after finis was
closed and opened again from Continue), polls it once a frame from the table's own loop, and
stops it when the table leaves. A phone's move goes through the same path as a move at the
screen (`TableScene.apply`), so the log, the animations, the autosave and the computer seats'
answers follow it; its refusal goes back to that phone only.

What it draws (the panel) it learns from the server's status and the match's seats alone.
"""
from __future__ import annotations

import io
import logging
import secrets
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Protocol

import pygame

from game.core.meta import is_secret
from scenes import widgets as ui

if TYPE_CHECKING:  # the server (asyncio, websockets, segno) loads when a table opens it:
    # importing it costs a quarter of a second, too long for one frame of a table's warm-up
    from scenes.phones.host import PhoneHost
    from scenes.phones.server import PhoneServer

SECRET_BYTES = 24  # 192 random bits a seat (scenes/phones/server.py checks at least 128)

log = logging.getLogger(__name__)

PORT = 8765  # the port tried first for a new game; another free one when it is taken
BIND = "0.0.0.0"  # every interface: phones on the same network reach it
SLOW_MS = 150.0  # a round trip this long makes real-time races unfair: the panel says so
JOINED = (160, 226, 160)  # a joined phone's line in the panel
ART_SIZE = (200, 280)  # a card's picture for the phones, in pixels (2x its size on a phone)
ART_SIZES = {"finito": (160, 160)}  # pieces that are not cards
ART_BUDGET = 0.006  # seconds of a frame spent drawing pictures for phones (one at least)
ART_PATIENCE = 1.0  # seconds a picture waits for a still table before it is drawn anyway


@dataclass(frozen=True)
class PanelCell:
    """One person's seat in the join panel (`TablePhones.panel_cells`)."""

    seat: int
    number: int  # the key (1 to 9) that presses its button
    rect: pygame.Rect
    qr: pygame.Rect  # where its QR code shows (a phone seat)
    button: pygame.Rect  # moves the seat between a phone and the screen
    phone: bool  # held on a phone now


SERVER_MODULES = ("scenes.phones.server", "scenes.phones.host", "scenes.phones.join")


def _load_server() -> None:
    """The server's modules, loaded on a thread of their own (`TablePhones.begin`)."""
    import importlib
    for name in SERVER_MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # start() meets the same failure and says so
            log.exception("phones: %s could not be loaded", name)


def phone_meta(seats: list[int]) -> dict[str, Any]:
    """What a new game keeps in its meta for phone seats: a fresh secret per seat (the port
    is added once the table has opened it: `meta.phone_port`)."""
    return {"phones": {str(s): secrets.token_urlsafe(SECRET_BYTES) for s in sorted(set(seats))}}


def phone_seats(meta: dict[str, Any]) -> dict[int, str]:
    """The phone seats a match's meta names, with their secrets (checked when it was read)."""
    found = meta.get("phones") or {}
    return {int(seat): secret for seat, secret in found.items() if is_secret(secret)}


def piece_png(picture: pygame.Surface) -> bytes:
    """A piece's picture as PNG bytes, for the phones' server to hand out."""
    out = io.BytesIO()
    pygame.image.save(picture, out, "piece.png")
    return out.getvalue()


class PhoneTable(Protocol):
    """What the phones ask of their table (TableScene is the one kind; named here so this
    module does not import scene.py, which imports it)."""

    app: Any
    match: Any
    engine: Any
    store: Any
    clock_ms: Optional[float]

    @property
    def state(self) -> Any: ...

    @property
    def seats(self) -> list[Any]: ...

    def person_seats(self) -> list[int]: ...

    def apply_from_phone(self, seat: int, action: Any) -> Optional[str]: ...

    def hands_hidden(self) -> bool: ...

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface: ...


class TablePhones:
    """The server and host of one table's phone seats, and the join panel's state."""

    def __init__(self, table: PhoneTable, seats: dict[int, str], port: int = PORT,
                 bind: str = BIND) -> None:
        self.table = table
        self.secrets = dict(seats)
        self.bind = bind
        self.wanted_port = port
        self.server: Optional[PhoneServer] = None
        self.host: Optional[PhoneHost] = None
        self.problem = ""  # why the phones cannot join (the port could not be opened)
        self.address_host = "127.0.0.1"
        self.panel_open = True  # shown when the table opens, until every phone has joined
        self.joined: dict[int, bool] = {s: False for s in seats}
        self._qr: dict[tuple[int, int], pygame.Surface] = {}
        self._codes: dict[str, Future[list[list[bool]]]] = {}  # address -> its QR modules
        self._coder: Optional[ThreadPoolExecutor] = None  # makes them while the server runs
        self._loader: Optional[threading.Thread] = None  # loads the server's modules
        self.slow: list[int] = []  # joined seats too slow for fair races, at that look
        self._codes_waiting = False  # the panel shows a code still being made
        self.art_since: Optional[float] = None  # since when a picture waits (or its last one)

    @property
    def seats(self) -> list[int]:
        return sorted(self.secrets)

    # -- life -----------------------------------------------------------------------------

    def begin(self) -> None:
        """Open the server as soon as its modules are loaded. The first time in a run they are
        loaded on a thread of their own (asyncio, websockets and segno take a quarter of a
        second or more: too long for a frame); `poll` then opens it."""
        if self.server is not None or self.loading:
            return
        if all(name in sys.modules for name in SERVER_MODULES):
            self.start()
            return
        self._loader = threading.Thread(target=_load_server, daemon=True,
                                        name="finis-phones-load")
        self._loader.start()

    @property
    def loading(self) -> bool:
        """The server's modules are being loaded (`begin`)."""
        return self._loader is not None and self.server is None

    def start(self) -> None:
        """Open the port (the remembered one, else any free one) and serve the seats."""
        for port in dict.fromkeys((self.wanted_port, 0)):
            from scenes.phones.server import PhoneServer
            server = PhoneServer(self.bind, port)
            try:
                server.start()
            except OSError as exc:
                log.info("phones: port %s is not free (%s)", port, exc)
                continue
            self.server = server
            break
        if self.server is None:
            self.problem = "The phones' port could not be opened on this computer."
            return
        for seat, secret in self.secrets.items():
            self.server.add_seat(seat, secret)
        from scenes.phones.host import PhoneHost
        from scenes.phones.join import lan_host
        self.address_host = lan_host()
        match = self.table.match
        if self.server.port is not None and match.meta.get("phone_port") != self.server.port:
            match.meta["phone_port"] = self.server.port  # the port the phones now use
            self.table.store.save()  # kept at once, so a game reopened finds it
        self._coder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="finis-qr")
        self.codes_ready()  # the codes are made while the table's first frames are drawn
        self.host = PhoneHost(match, self.server, self.seats, act=self.table.apply_from_phone,
                              clock=lambda: self.table.clock_ms,
                              hands_down=self.table.hands_hidden)

    def stop(self) -> None:
        self._loader = None  # (a load under way finishes by itself; nothing opens then)
        if self._coder is not None:
            self._coder.shutdown(wait=False, cancel_futures=True)
        self._coder = None
        self._codes.clear()
        self._qr.clear()
        if self.server is not None:
            self.server.stop()
        self.server = self.host = None

    def poll(self, still: bool = True) -> bool:
        """Once a frame: the phones' moves, fresh views after any change, who has joined, and
        the pictures phones wait for, drawn while the table stands `still` (a picture takes
        a frame's worth of time or more to draw: drawn while nothing moves, it holds up no
        glide or drag), or when one has waited too long. True when something the panel
        shows changed."""
        if self.server is None and self._loader is not None and not self._loader.is_alive():
            self._loader = None
            self.start()  # the modules are loaded: open the port now
            return True
        if self.host is None or self.server is None:
            return False
        self.host.match = self.table.match
        self.host.poll()
        waiting = not self.codes_ready() if self.panel_open else False
        if self.panel_open and waiting != self._codes_waiting:
            self._codes_waiting = waiting
            self.table.app.needs_redraw = True
        now = time.monotonic()
        if not self.server.art.wanted(1):
            self.art_since = None
        elif self.art_since is None:
            self.art_since = now
        if still or (self.art_since is not None and now - self.art_since > ART_PATIENCE):
            if self.draw_art():
                self.art_since = now
        changed = False
        self.slow = []  # (every frame: a phone that joins and leaves at once is still seen)
        for seat in self.seats:
            status = self.server.status(seat)
            if status.connected and status.rtt_ms is not None and status.rtt_ms > SLOW_MS:
                self.slow.append(seat)
            now = status.connected
            if now != self.joined.get(seat):
                self.joined[seat] = now
                changed = True
                self.table.app.toast(f"{self.table.seats[seat].name}'s phone "
                                     + ("joined." if now else "left; it can join again."), 2.5)
        if changed and all(self.joined.values()):
            self.panel_open = False
        return changed

    def draw_art(self, budget: float = ART_BUDGET) -> int:
        """Draw the pictures phones may fetch and do not have yet (the pieces their newest
        views picture), here on the table's thread, one at least and then while the frame's
        small budget lasts; the server only hands the bytes out. The number drawn."""
        if self.server is None:
            return 0
        shelf = self.server.art
        size = ART_SIZES.get(self.table.engine.name, ART_SIZE)
        start = time.perf_counter()
        drawn = 0
        for piece in shelf.wanted(8):
            try:
                png = piece_png(self.table.face(piece, size))
            except Exception:  # a piece the table cannot draw: the page shows its tile
                log.exception("phones: no picture for %r", piece)
                png = b""
            shelf.put(piece, png)  # an empty one is refused and no longer wanted
            drawn += 1
            if time.perf_counter() - start > budget:
                break
        return drawn

    def add(self, seat: int, secret: str) -> None:
        """A person's seat goes to a phone during the game: served at once, with its view."""
        self.secrets[seat] = secret
        self.joined[seat] = False
        self._forget_code(seat)
        if self.server is not None:
            self.server.add_seat(seat, secret)
        if self.host is not None:
            self.host.seats = self.seats
            self.host.send_view(seat)

    def remove(self, seat: int) -> None:
        """A phone's seat comes back to the screen: its address stops working at once and its
        phone is let go (a new address is made if it ever goes to a phone again)."""
        self.secrets.pop(seat, None)
        self.joined.pop(seat, None)
        self._forget_code(seat)
        if self.server is not None:
            self.server.remove_seat(seat)
        if self.host is not None:
            self.host.seats = self.seats

    def _forget_code(self, seat: int) -> None:
        """The seat's address changed: its drawn QR codes go (a new address, a new code)."""
        self._qr = {key: picture for key, picture in self._qr.items() if key[0] != seat}

    def resend(self) -> None:
        """Send every phone the whole view again (after an undo or anything unusual)."""
        if self.host is not None:
            self.host.push(force=True)

    # -- what the table shows -------------------------------------------------------------

    def address(self, seat: int) -> str:
        if self.server is None:
            return ""
        return self.server.address(seat, self.address_host)

    def waiting_for(self) -> list[int]:
        """Phone seats to act now whose phone is not joined: the table waits for them."""
        if all(self.joined.get(s) for s in self.seats):
            return []  # (asked every frame: the rules are not asked while every phone is in)
        to_act = self.table.engine.to_act(self.table.state)
        return [s for s in self.seats if s in to_act and not self.joined.get(s)]

    def slow_seats(self) -> list[int]:
        """Joined phone seats whose round trip is too long for fair real-time races (as the
        frame's `poll` found them)."""
        return list(self.slow)

    def line(self, seat: int) -> str:
        """A phone seat's state in a few words: joined (and its round trip) or waiting."""
        if self.loading:
            return "opening the connection..."
        if self.server is None:
            return "no phone (port closed)"
        status = self.server.status(seat)
        if not status.connected:
            return "waiting for the phone"
        if status.rtt_ms is None:
            return "phone joined"
        slow = " - too slow for fair races" if status.rtt_ms > SLOW_MS else ""
        return f"phone joined, {status.rtt_ms:.0f} ms{slow}"

    def codes_ready(self) -> bool:
        """Start making the QR code of every phone seat's address that has none yet, in the
        background: a code takes 15 to 50 ms of pure Python (the choice of its mask), too
        long for a frame, and the panel shows six. True when every code is made."""
        ready = True
        for seat in self.seats:
            address = self.address(seat)
            job = self._codes.get(address)
            if job is None and address and self._coder is not None:
                from scenes.phones.join import qr_modules
                job = self._codes[address] = self._coder.submit(qr_modules, address)
            ready = ready and job is not None and job.done()
        return ready

    def qr(self, seat: int, size: int) -> Optional[pygame.Surface]:
        """The seat's address as a QR code, `size` pixels square (drawn once per size), or
        None while its code is still being made (`codes_ready`)."""
        key = (seat, size)
        found = self._qr.get(key)
        if found is None:
            job = self._codes.get(self.address(seat))
            if job is None or not job.done():  # (poll starts the job while the panel shows)
                return None
            rows = job.result()
            count = len(rows)
            cell = max(1, size // count)
            found = pygame.Surface((cell * count, cell * count))
            found.fill((255, 255, 255))
            for y, row in enumerate(rows):
                for x, dark in enumerate(row):
                    if dark:
                        found.fill((0, 0, 0), (x * cell, y * cell, cell, cell))
            self._qr = {k: v for k, v in self._qr.items() if k[1] == size}
            self._qr[key] = found
        return found

    def panel_cells(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[PanelCell]]:
        """The join panel's box and one cell per person's seat (phone seats and seats at the
        screen), each with its QR code's place (phone seats) and its move button: the same
        layout for drawing and for clicks."""
        w, h = size
        seats = self.table.person_seats()
        base = max(12, min(w, h) // 40)
        gap = base
        columns = max(1, min(len(seats), (w - gap) // (base * 16 + gap)))
        rows = max(1, -(-len(seats) // columns))
        head = base * 4
        foot = base * 4
        cell_w = min(base * 22, (w - gap * (columns + 1)) // columns)
        room_h = (h - head - foot - gap * (rows + 2)) // rows
        extra = base * 8  # name, address, state and the move button
        code = max(21, min(cell_w - 2 * gap, room_h - extra))
        cell_h = code + extra
        box = pygame.Rect(0, 0, columns * cell_w + (columns + 1) * gap,
                          head + rows * cell_h + (rows - 1) * gap + foot)
        box.center = (w // 2, h // 2)
        cells = []
        for i, seat in enumerate(seats):
            col, row = i % columns, i // columns
            cell = pygame.Rect(box.left + gap + col * (cell_w + gap),
                               box.top + head + row * (cell_h + gap), cell_w, cell_h)
            qr = pygame.Rect(0, 0, code, code)
            qr.midtop = (cell.centerx, cell.top + base * 2)
            button = pygame.Rect(0, 0, min(cell_w, base * 17), int(base * 2.4))
            button.midbottom = (cell.centerx, cell.bottom)
            cells.append(PanelCell(seat, i + 1, cell, qr, button, seat in self.secrets))
        return box, cells

    def button_at(self, size: tuple[int, int], pos: tuple[int, int]) -> Optional[int]:
        """The seat whose move button is at `pos` in the panel, if any."""
        for cell in self.panel_cells(size)[1]:
            if cell.button.collidepoint(pos):
                return cell.seat
        return None

    def seat_of_key(self, number: int) -> Optional[int]:
        """The seat whose button the number key `number` (1 to 9) presses in the panel."""
        seats = self.table.person_seats()
        return seats[number - 1] if 1 <= number <= len(seats) else None

    def draw_panel(self, surface: pygame.Surface, pointer: Optional[tuple[int, int]] = None) -> None:
        """The join panel: per person's seat its name; for a phone seat its QR code, address
        and state; for a seat at the screen, that it plays here; a button under each moves
        the seat between a phone and this screen; and the warning that whoever sees a code
        can take that seat."""
        w, h = surface.get_size()
        base = max(12, min(w, h) // 40)
        gap = base
        if self.problem:
            box = pygame.Rect(0, 0, min(w - 2 * gap, base * 36), base * 5)
            box.center = (w // 2, h // 2)
            ui.panel(surface, box, 235)
            ui.text(surface, self.problem, base, box.center, colour=ui.INK, anchor="center",
                    max_width=box.width - 2 * gap)
            return
        box, cells = self.panel_cells((w, h))
        ui.panel(surface, box, 240)
        ui.text(surface, "Phones at this table", int(base * 1.3),
                (box.centerx, box.top + base * 1.6), colour=ui.GOLD, bold=True,
                anchor="center")
        ui.text(surface, "Same Wi-Fi: scan the code, or type the address in the phone's browser.",
                max(11, int(base * 0.85)), (box.centerx, box.top + base * 3.1), colour=ui.DIM,
                anchor="center", max_width=box.width - 2 * gap)
        small = max(11, int(base * 0.75))
        for cell in cells:
            seat, rect = cell.seat, cell.rect
            ui.text(surface, self.table.seats[seat].name, base, (rect.centerx, rect.top + base // 2),
                    colour=ui.INK, bold=True, anchor="midtop", max_width=rect.width)
            if cell.phone:
                picture = self.qr(seat, cell.qr.width)
                spot = cell.qr.copy()
                if picture is None:  # its code is being made (a frame or two)
                    pygame.draw.rect(surface, (235, 235, 230), spot, border_radius=base // 3)
                    ui.text(surface, "making the code...", max(11, int(base * 0.8)),
                            spot.center, colour=(60, 60, 60), anchor="center",
                            max_width=spot.width)
                else:
                    spot = picture.get_rect(midtop=cell.qr.midtop)
                    surface.blit(picture, spot)
                ui.text(surface, self.address(seat), small,
                        (rect.centerx, spot.bottom + base // 2), colour=ui.DIM,
                        anchor="midtop", max_width=rect.width)
                joined = self.joined.get(seat)
                ui.text(surface, self.line(seat), max(11, int(base * 0.8)),
                        (rect.centerx, spot.bottom + base * 1.7),
                        colour=JOINED if joined else ui.WARN, anchor="midtop",
                        max_width=rect.width)
                label = f"{cell.number}: Play at the screen"
            else:
                ui.text(surface, "plays at this screen", max(11, int(base * 0.9)),
                        cell.qr.center, colour=ui.DIM, anchor="center", max_width=rect.width)
                label = f"{cell.number}: Move to a phone"
            hover = pointer is not None and cell.button.collidepoint(pointer)
            ui.Button(label, lambda: None, rect=cell.button, hover=hover).draw(surface)
        ui.text(surface, "Anyone on this network who sees a code can take that seat. "
                "F2 shows or hides this panel.", max(11, int(base * 0.8)),
                (box.centerx, box.bottom - base * 1.8), colour=ui.DIM, anchor="center",
                max_width=box.width - 2 * gap)

    def strip(self) -> str:
        """One line for the table's top bar: how the phones stand."""
        parts = []
        for seat in self.seats:
            name = self.table.seats[seat].name
            status = self.server.status(seat) if self.server is not None else None
            if status is None or not status.connected:
                parts.append(f"{name}: no phone")
            elif status.rtt_ms is not None:  # to 10 ms: the bar is painted again on a change
                parts.append(f"{name}: {round(status.rtt_ms, -1):.0f} ms")
            else:
                parts.append(f"{name}: phone")
        return " · ".join(parts)
