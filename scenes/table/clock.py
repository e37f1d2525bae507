"""The clock of a real-time round: a countdown (3, 2, 1, Go!), then the round's time running.

For any game whose players act at once rather than in turns. The table scene owns one and
ticks it with the frame times it is given, so tests drive it with plain numbers and it never
reads the wall clock. A game:

- `start(round, from_ms)` when a round begins (or a saved round is resumed: it counts down
  again and goes on from the time of the round's last action);
- sets `paused` while something is opened over the table (menu, rules, a board), so nobody
  gains time while the table is hidden;
- calls `tick(dt)` every frame (True once, at the moment of Go) and refuses actions while
  `counting`;
- stamps each action with `now()` (whole milliseconds since the round began), so a saved
  match replays exactly;
- shows `banner()` big in the middle of the table and `text()` in its status line.

`due` is free for the game's own scheduling: when each computer seat acts next, in round
milliseconds (emptied by `start`).
"""
from __future__ import annotations

import math


class RaceClock:
    """Milliseconds since the round began, a countdown before it, and the seats' next times."""

    def __init__(self, countdown: float = 3.0, go_shown: float = 0.9) -> None:
        self.count_from = countdown  # seconds of 3, 2, 1
        self.go_shown = go_shown  # seconds "Go!" stays on screen once the round runs
        self.ms = 0.0
        self.countdown = 0.0
        self.go = 0.0
        self.round = 0  # the round the clock was started for (0: none yet)
        self.paused = False  # ticks change nothing while paused
        self.due: dict[int, int] = {}  # computer seat -> round time of its next action

    @property
    def counting(self) -> bool:
        """The countdown is on: nobody may act yet."""
        return self.countdown > 0

    def start(self, round: int, from_ms: int) -> None:
        """Count down to a round (or back into a resumed one at `from_ms`)."""
        self.round, self.ms = round, float(from_ms)
        self.countdown, self.go = self.count_from, 0.0
        self.due = {}

    def tick(self, dt: float) -> bool:
        """Advance by dt seconds (unless paused); True at the moment the countdown reaches Go."""
        if self.paused:
            return False
        if self.countdown > 0:
            self.countdown -= dt
            if self.countdown > 0:
                return False
            self.ms += -self.countdown * 1000
            self.countdown, self.go = 0.0, self.go_shown
            return True
        self.ms += dt * 1000
        self.go = max(0.0, self.go - dt)
        return False

    def now(self) -> int:
        """The round time in whole milliseconds."""
        return int(self.ms)

    def banner(self) -> str:
        """What the big centre sign says: 3, 2, 1, Go! or nothing."""
        if self.countdown > 0:
            return str(max(1, math.ceil(self.countdown)))
        return "Go!" if self.go > 0 else ""

    def text(self) -> str:
        """The round time for the table: ``1:07.4``."""
        tenths = int(self.ms // 100)
        minutes, rest = divmod(tenths, 600)
        return f"{minutes}:{rest // 10:02d}.{rest % 10}"
