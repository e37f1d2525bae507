"""The race clock of a challenge race, and when each computer racer acts next.

The clock is the table's own: it advances by the frame times the table is given, only while
the race runs on top of the scene stack. So it stops while the pause menu, the rules or the
settings are open (the table is hidden meanwhile, see Table.draw), and tests drive it with
plain frame times. Every race starts with a countdown (3, 2, 1, Go!) during which nobody acts;
a resumed race counts down again and goes on from the time of its last action.

Computer racers act on their own clocks, as in game/flag_finish/simulate.py: each one acts
`reaction_ms` (its strength's `delay_ms`, give or take a fifth; never scaled by the animation
speed) after its previous action, and its action carries that time.
"""
from __future__ import annotations

import math

COUNTDOWN = 3.0  # seconds of 3, 2, 1
GO_SHOWN = 0.9  # seconds "Go!" stays on screen once the race runs


class RaceClock:
    """Milliseconds since the race began, a countdown before it, and the racers' next times."""

    def __init__(self) -> None:
        self.ms = 0.0
        self.countdown = 0.0
        self.go = 0.0
        self.race = 0  # the race the clock was started for (0: none yet)
        self.due: dict[int, int] = {}  # computer seat -> race time of its next action

    @property
    def counting(self) -> bool:
        """The countdown is on: nobody may act yet."""
        return self.countdown > 0

    def start(self, race: int, from_ms: int) -> None:
        """Count down to a race (or back into a resumed one at `from_ms`)."""
        self.race, self.ms = race, float(from_ms)
        self.countdown, self.go = COUNTDOWN, 0.0
        self.due = {}

    def tick(self, dt: float) -> bool:
        """Advance by dt seconds; True at the moment the countdown reaches Go."""
        if self.countdown > 0:
            self.countdown -= dt
            if self.countdown > 0:
                return False
            self.ms += -self.countdown * 1000
            self.countdown, self.go = 0.0, GO_SHOWN
            return True
        self.ms += dt * 1000
        self.go = max(0.0, self.go - dt)
        return False

    def now(self) -> int:
        """The race time in whole milliseconds."""
        return int(self.ms)

    def banner(self) -> str:
        """What the big centre sign says: 3, 2, 1, Go! or nothing."""
        if self.countdown > 0:
            return str(max(1, math.ceil(self.countdown)))
        return "Go!" if self.go > 0 else ""

    def text(self) -> str:
        """The race time for the table: ``1:07.4``."""
        tenths = int(self.ms // 100)
        minutes, rest = divmod(tenths, 600)
        return f"{minutes}:{rest // 10:02d}.{rest % 10}"
