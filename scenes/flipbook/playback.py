"""Where the flip-book is and how it moves: the pages, the position, the speed, a single
page's turn, playing on and looping. No pygame, no drawing, no input.

Time moves only in `advance(dt)`, so tests drive the player with a simulated clock. `pos`
counts pages (float); the page on top is floor(pos), and while playing, the last part of each
page's time is its flip. The player scene (player.py) is a Playback; drawing.py draws one.
"""
from __future__ import annotations

import math
from typing import Optional, Sequence

from game.finished.movies import TOTAL_FRAMES

SPEEDS = (1, 2, 3, 4, 6, 8, 10, 12, 15, 18, 24, 30)
DEFAULT_FPS = 12
FLIP_SECONDS = 0.32  # a flip never takes longer than this, however slow the speed
STEP_SECONDS = 0.30  # the flip shown for a single step
LOOP_HOLD = 1.6  # seconds the closing page stays before a loop starts over

Page = tuple  # ("frame", number) or ("end", kind, frames): what pages.py draws for a page


class Playback:
    """A Finished! pile as a book of pages: each scored card, then a closing page (how many
    frames are still to earn, or the title page of a won game)."""

    def __init__(self, pile: Sequence[int], won: bool = False, fps: int = DEFAULT_FPS) -> None:
        self.pile = [int(n) for n in pile]
        self.won = bool(won) and len(self.pile) >= TOTAL_FRAMES
        end_kind = "empty" if not self.pile else "won" if self.won or \
            len(self.pile) >= TOTAL_FRAMES else "todo"
        self.pages: list[Page] = [("frame", n) for n in self.pile] + [("end", end_kind, len(self.pile))]
        self.pos = 0.0
        self.fps = fps if fps in SPEEDS else DEFAULT_FPS
        self.playing = bool(self.pile)
        self.loop = False
        self.hold = 0.0
        self.anim: Optional[list] = None  # [top page, page beneath, elapsed, reverse]
        self.scrubbing = False

    # -- what is shown ------------------------------------------------------------------------

    @property
    def last_page(self) -> int:
        return len(self.pages) - 1

    @property
    def page_index(self) -> int:
        """The page on top of the book (the closing page is index len(pile))."""
        return max(0, min(self.last_page, int(math.floor(self.pos + 1e-6))))

    @property
    def frame_index(self) -> int:
        """0-based index into the pile of the frame shown (the last one under the closing
        page; 0 for an empty pile)."""
        return max(0, min(len(self.pile) - 1, self.page_index))

    @property
    def at_end(self) -> bool:
        """The closing page is on top."""
        return self.page_index >= len(self.pile)

    def flip_fraction(self) -> float:
        """The share of each page's time that its flip takes at the current speed."""
        return min(0.8, FLIP_SECONDS * self.fps)

    def turning(self) -> tuple[int, int, float]:
        """(page on top, page beneath, turn 0..1) as it should be drawn now."""
        if self.anim:
            top, under, elapsed, reverse = self.anim
            t = min(1.0, elapsed / STEP_SECONDS)
            return (top, under, 1.0 - t) if reverse else (top, under, t)
        index = self.page_index
        if self.playing and not self.scrubbing and index < self.last_page:
            f = self.flip_fraction()
            frac = self.pos - index
            if frac > 1 - f:
                return index, index + 1, (frac - (1 - f)) / f
        return index, min(self.last_page, index + 1), 0.0

    def moving(self) -> bool:
        """Pages are flipping, turning or being scrubbed (the scene needs frames)."""
        return self.playing or self.anim is not None or self.scrubbing

    # -- moves --------------------------------------------------------------------------------

    def start_playing(self) -> None:
        """Play on (from the first page if the closing page is on top)."""
        if self.at_end:
            self.pos = 0.0
        self.anim = None
        self.hold = 0.0
        self.playing = True

    def stop_playing(self) -> None:
        """Stop on the page on top."""
        self.playing = False
        self.pos = float(self.page_index)

    def turn_page(self, direction: int) -> bool:
        """Stop, then one page on (the top page flips away) or back (it comes back down);
        False if there is no page that way."""
        self.stop_playing()
        old = self.page_index
        new = max(0, min(self.last_page, old + direction))
        if new == old:
            return False
        self.pos = float(new)
        self.anim = [old, new, 0.0, False] if new > old else [new, old, 0.0, True]
        return True

    def seek(self, index: int) -> None:
        """Show pile frame `index` at once (no flip)."""
        self.pos = float(max(0, min(max(0, len(self.pile) - 1), index)))
        self.anim = None
        self.hold = 0.0

    def change_speed(self, direction: int) -> None:
        i = SPEEDS.index(self.fps) if self.fps in SPEEDS else SPEEDS.index(DEFAULT_FPS)
        self.fps = SPEEDS[max(0, min(len(SPEEDS) - 1, i + direction))]

    def advance(self, dt: float) -> bool:
        """Move time on by dt seconds; True if playing has just stopped at the closing page."""
        if self.anim:
            self.anim[2] += dt
            if self.anim[2] >= STEP_SECONDS:
                self.anim = None
        if not self.playing or self.scrubbing:
            return False
        self.pos += dt * self.fps
        if self.pos >= self.last_page:
            self.pos = float(self.last_page)
            if self.loop:
                self.hold += dt
                if self.hold >= LOOP_HOLD:
                    self.hold = 0.0
                    self.pos = 0.0
            else:
                self.playing = False
                return True
        return False

    def scrub_slot(self, share: float) -> int:
        """The pile frame at `share` (0..1) along the scrub bar, which shows all 48 slots."""
        slot = int(share * TOTAL_FRAMES)
        return max(0, min(len(self.pile) - 1, slot))
