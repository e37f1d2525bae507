"""The glue between a match on the table and its phones (called from the pygame thread).

`PhoneHost.poll()` is called once a frame: it takes at most a few messages from the server's
queue (a frame stays fast whatever the phones send), applies each act for the seat whose
secret sent it, answers refusals, and after any change to the match (a phone's move, a move
at the screen, a computer's, an undo) sends every phone seat its fresh view.
"""
from __future__ import annotations

import logging
import queue
import time
from typing import Any, Callable, Iterable, Optional, Protocol

from game.core import Event, IllegalAction
from game.core.actions import Action

from .protocol import Refusal, check_act, view_message

log = logging.getLogger(__name__)

PER_POLL = 16  # messages handled in one frame at most


class Phones(Protocol):
    """What the host needs of a server (PhoneServer, or a recorder in tests)."""

    inbound: "queue.Queue[Any]"

    def send(self, seat: int, message: dict[str, Any]) -> None: ...


Act = Callable[[int, Action], Optional[str]]  # applies an action; a refusal's reason or None
Clock = Callable[[], Optional[float]]  # the table's clock in ms now (None: no clock runs)


class PhoneHost:
    """Phones of some seats of one match (see the module's docstring).

    `match` is a Match or anything with `engine`, `state`, `steps` and `seats`; `act` applies
    an action the way the table does (default: `match.act`, its refusal's reason returned);
    `clock` gives the table's clock, with which a press is stamped at the moment it arrived,
    as the table stamps a key (no clock: the engine's own time for the action)."""

    def __init__(self, match: Any, server: Phones, seats: Iterable[int],
                 act: Optional[Act] = None, clock: Optional[Clock] = None,
                 per_poll: int = PER_POLL, now: Callable[[], float] = time.monotonic,
                 hands_down: Callable[[], bool] = lambda: False) -> None:
        self.match = match
        self.server = server
        self.seats = sorted(set(seats))
        self.act = act or self._apply
        self.clock = clock
        self.hands_down = hands_down  # the table's: every hand lies face down just now
        self._down = False  # what the phones were last told of it
        self.per_poll = per_poll
        self.now = now
        self._seen: tuple[int, Any] = (-1, None)  # (moves, the last step) when last sent
        self.push()

    # -- the frame ------------------------------------------------------------------------

    def poll(self) -> bool:
        """Handle what phones sent (bounded), then send fresh views if the match changed.
        True when the match changed since the last views were sent."""
        for _ in range(self.per_poll):
            try:
                seat, message, arrived = self.server.inbound.get_nowait()
            except queue.Empty:
                break
            if seat in self.seats and message.get("type") == "act":
                self._act(seat, message, arrived)
        return self.push(force=self.hands_down() != self._down)  # Go!: the hands turn up

    def push(self, force: bool = False) -> bool:
        """Send every phone seat its view if the match changed (or `force`); True if sent."""
        steps = self.match.steps
        now = (len(steps), steps[-1] if steps else None)
        if now[0] == self._seen[0] and now[1] is self._seen[1] and not force:
            return False
        before = self._seen[0]
        events: list[Event] = []
        if 0 <= before <= len(steps):  # moves added: tell what they did (an undo tells none)
            for step in steps[before:]:
                events.extend(step.events)
        self._seen = now
        self._down = self.hands_down()
        for seat in self.seats:
            self.send_view(seat, events)
        return True

    def send_view(self, seat: int, events: Iterable[Event] = ()) -> None:
        match = self.match
        name = match.seats[seat].name if 0 <= seat < len(match.seats) else ""
        self.server.send(seat, view_message(match.engine, match.state, seat,
                                            len(match.steps), events, name,
                                            hands_down=self._down))

    # -- acting ---------------------------------------------------------------------------

    def _act(self, seat: int, message: dict[str, Any], arrived: float) -> None:
        match = self.match
        try:
            found = check_act(match.engine, match.state, seat, message, len(match.steps))
        except Exception:  # whatever a phone sends, the table goes on
            found = Refusal("not understood", "That is not an action of this game.")
        if isinstance(found, Refusal):
            log.debug("phones: seat %s %r at turn %r refused (%s) at turn %s", seat,
                      message.get("action"), message.get("turn"), found.kind, len(match.steps))
            self.server.send(seat, found.message(message.get("action", "")))
            if found.kind == "stale":  # "look again": the phone gets the table as it stands
                self.send_view(seat)
            return
        action = self._stamped(found, arrived)
        turn = len(match.steps)
        reason = self.act(seat, action)
        log.debug("phones: seat %s %s at turn %s: %s", seat, action, turn, reason or "played")
        if reason:
            self.server.send(seat, Refusal("illegal", reason).message(message["action"]))

    def _stamped(self, action: Action, arrived: float) -> Action:
        """A press carries the table clock's time at the moment it arrived (never earlier
        than the game's time): the phone's own figure is never used."""
        reading = self.clock() if self.clock is not None else None
        if reading is None:
            return action
        engine = self.match.engine
        waited = max(0.0, (self.now() - arrived) * 1000)
        ms = max(int(reading - waited), engine.time_of(self.match.state))
        return engine.at_time(action, ms)

    def _apply(self, seat: int, action: Action) -> Optional[str]:
        try:
            self.match.act(action)
        except IllegalAction as exc:
            return exc.reason
        return None
