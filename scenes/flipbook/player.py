"""The flip-book player: the Finished! pile held in the hand, pages flipping under the thumb.

(The pages themselves are drawn in scenes.flipbook.pages.)

Each scored card is a page of a little bound book lying over the felt. Playing lets the top
page lift off the binding, curl and spring away, revealing the next frame beneath; the pile's
edge thins as the pages go. After the last scored card comes a closing page: how many frames
are still to earn, or the "Finished!" title page for a won game.

Time moves only in update(dt), so tests drive the player with a simulated clock. `pos` counts
pages (float); the page on top is floor(pos), and while playing, the last part of each page's
time is its flip.
"""
from __future__ import annotations

import math
from typing import Any, Optional, Sequence

import pygame

from game.movies import TOTAL_FRAMES, Movie, movie_of_match, save_match_movie
from scenes import widgets as ui
from scenes.art.draw import mix
from scenes.art.table import felt
from scenes.flipbook.pages import (KRAFT, PAPER, PAPER_EDGE, Page, book_shadow, draw_turning_page,
                                   page_image, page_size_for, spine_width, tape, thumb)
from scenes.manager import Scene

SPEEDS = (1, 2, 3, 4, 6, 8, 10, 12, 15, 18, 24, 30)
DEFAULT_FPS = 12
FLIP_SECONDS = 0.32  # a flip never takes longer than this, however slow the speed
STEP_SECONDS = 0.30  # the flip shown for a single step
LOOP_HOLD = 1.6  # seconds the closing page stays before a loop starts over


# -- the scene -------------------------------------------------------------------------------

class IconButton(ui.Button):
    """A button showing a drawn symbol (Lato has no media glyphs)."""

    icon: str = ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        colour = (52, 38, 26) if self.enabled else (200, 200, 196)
        c = self.rect.centerx, self.rect.centery - (0 if self.pressed else 2)
        r = self.rect.height * 0.2
        draw_icon(surface, self.icon, c, r, colour)


def draw_icon(surface: pygame.Surface, icon: str, c: tuple[float, float], r: float, colour) -> None:
    """Media symbols: play, pause, step back/forward, first, last."""
    x, y = c

    def tri(cx: float, direction: int) -> None:
        pygame.draw.polygon(surface, colour, [(cx - r * 0.8 * direction, y - r),
                                              (cx - r * 0.8 * direction, y + r),
                                              (cx + r * 0.9 * direction, y)])
    bar = max(2, int(r * 0.42))
    if icon == "play":
        tri(x + r * 0.1, 1)
    elif icon == "pause":
        for dx in (-r * 0.45, r * 0.45):
            pygame.draw.rect(surface, colour, (int(x + dx - bar / 2), int(y - r), bar, int(2 * r)))
    elif icon in ("next", "prev"):
        d = 1 if icon == "next" else -1
        tri(x - r * 0.25 * d, d)
        pygame.draw.rect(surface, colour, (int(x + r * 0.75 * d - bar / 2), int(y - r), bar, int(2 * r)))
    elif icon in ("last", "first"):
        d = 1 if icon == "last" else -1
        tri(x - r * 0.7 * d, d)
        tri(x + r * 0.4 * d, d)
        pygame.draw.rect(surface, colour, (int(x + r * 1.3 * d - bar / 2), int(y - r), bar, int(2 * r)))


class FlipbookPlayer(Scene):
    """Plays a Finished! pile as a flip-book: play/pause, step, scrub, speed, loop."""

    def __init__(self, app, pile: Sequence[int], won: bool = False, title: str = "",
                 subtitle: str = "", fps: int = DEFAULT_FPS) -> None:
        super().__init__(app)
        self.pile = [int(n) for n in pile]
        self.won = bool(won) and len(self.pile) >= TOTAL_FRAMES
        self.title = title or "Your flip-book"
        self.subtitle = subtitle
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
        self.hover_tip = ""
        self.play_button = IconButton("", self.toggle_play, tip="Play or pause (Space)")
        self.play_button.icon = "pause" if self.playing else "play"
        self.loop_button = ui.Button("Loop: off", self.toggle_loop, tip="Play again from the start (L)")
        self.transport = [self._icon("first", self.first, "First frame (Home)"),
                          self._icon("prev", lambda: self.step(-1), "Back one frame (Left)"),
                          self.play_button,
                          self._icon("next", lambda: self.step(1), "On one frame (Right)"),
                          self._icon("last", self.last, "Last frame (End)")]
        self.slower = ui.Button("\u2212", lambda: self.change_speed(-1), tip="Slower (-)")
        self.faster = ui.Button("+", lambda: self.change_speed(1), tip="Faster (+)")
        self.others = [self.loop_button,
                       ui.Button("Full screen", self.app.toggle_fullscreen, tip="Full screen (F11)"),
                       ui.Button("Back", self.back, tip="Back (Esc)")]
        self.buttons = ui.ButtonRow(self.transport + [self.slower, self.faster] + self.others)
        self.resize(app.size)

    def _icon(self, icon: str, action, tip: str) -> IconButton:
        b = IconButton("", action, tip=tip)
        b.icon = icon
        return b

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

    # -- controls -----------------------------------------------------------------------------

    def toggle_play(self) -> None:
        if self.playing:
            self.pause_play()
            return
        if not self.pile:
            self.app.toast("There are no frames to play yet.", 2)
            return
        if self.at_end:
            self.pos = 0.0
        self.anim = None
        self.hold = 0.0
        self.playing = True
        self.play_button.icon = "pause"

    def pause_play(self) -> None:
        self.playing = False
        self.pos = float(self.page_index)
        self.play_button.icon = "play"

    def step(self, direction: int) -> None:
        """One page on (the top page flips away) or back (it comes back down)."""
        self.pause_play()
        old = self.page_index
        new = max(0, min(self.last_page, old + direction))
        if new == old:
            return
        self.pos = float(new)
        self.anim = [old, new, 0.0, False] if new > old else [new, old, 0.0, True]
        self.app.play("flip")

    def seek(self, index: int) -> None:
        """Show pile frame `index` at once (no flip)."""
        self.pos = float(max(0, min(max(0, len(self.pile) - 1), index)))
        self.anim = None
        self.hold = 0.0

    def first(self) -> None:
        self.seek(0)

    def last(self) -> None:
        self.pause_play()
        self.seek(len(self.pile) - 1)

    def change_speed(self, direction: int) -> None:
        i = SPEEDS.index(self.fps) if self.fps in SPEEDS else SPEEDS.index(DEFAULT_FPS)
        self.fps = SPEEDS[max(0, min(len(SPEEDS) - 1, i + direction))]

    def toggle_loop(self) -> None:
        self.loop = not self.loop
        self.loop_button.label = f"Loop: {'on' if self.loop else 'off'}"

    def back(self) -> None:
        self.app.pop(self)

    # -- scene --------------------------------------------------------------------------------

    def resize(self, size):
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        self.base = base
        bh = int(base * 2.3)
        gap = max(6, base // 2)
        y = h - bh - int(base * 1.7)
        widths = [bh] * 5 + [bh, bh] + [int(base * 6.5), int(base * 7.5), int(base * 5)]
        readout = int(base * 6.2)
        total = sum(widths) + readout + gap * (len(widths) - 1) + base * 2
        x = (w - total) // 2
        for i, b in enumerate(self.transport + [self.slower]):
            b.rect = pygame.Rect(x, y, widths[i], bh)
            x += widths[i] + gap
        self.readout = pygame.Rect(x, y, readout, bh)
        x += readout + gap
        self.faster.rect = pygame.Rect(x, y, bh, bh)
        x += bh + gap + base * 2
        for b, bw in zip(self.others, widths[7:]):
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + gap
        self.scrub = pygame.Rect(0, 0, min(int(w * 0.72), int(base * 50)), max(8, int(base * 0.7)))
        self.scrub.midbottom = (w // 2, y - int(base * 1.0))
        top = int(base * 3.6)
        area = pygame.Rect(0, top, int(w * 0.86), self.scrub.top - int(base * 2.7) - top)
        # room around the page: the pile's edge, the thumb, and a lifting page growing taller
        pw, ph = page_size_for(area.inflate(-int(area.width * 0.06), -int(area.height * 0.17)))
        self.book = pygame.Rect(0, 0, pw, ph)
        self.book.center = (w // 2, top + area.height // 2)

    def handle_event(self, event):
        if self.buttons.handle(event):
            if event.type == pygame.MOUSEMOTION:
                self.hover_tip = self.buttons.tip_at(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_tip = self.buttons.tip_at(event.pos)
            if self.scrubbing:
                self.seek(self.scrub_index(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.scrub.inflate(0, self.base * 1.4).collidepoint(event.pos) and self.pile:
                self.scrubbing = True
                self.seek(self.scrub_index(event.pos[0]))
                return True
            if self.book.collidepoint(event.pos):
                self.toggle_play()
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.scrubbing:
            self.scrubbing = False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.step(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.back()
            elif k == pygame.K_SPACE:
                self.toggle_play()
            elif k == pygame.K_RIGHT:
                self.step(1)
            elif k == pygame.K_LEFT:
                self.step(-1)
            elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.change_speed(1)
            elif k in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE):
                self.change_speed(-1)
            elif k == pygame.K_l:
                self.toggle_loop()
            elif k == pygame.K_HOME:
                self.first()
            elif k == pygame.K_END:
                self.last()
            else:
                return False
            return True
        return False

    def scrub_index(self, x: int) -> int:
        """The pile frame under x on the scrub bar (which shows all 48 slots)."""
        slot = int((x - self.scrub.x) / max(1, self.scrub.width) * TOTAL_FRAMES)
        return max(0, min(len(self.pile) - 1, slot))

    def update(self, dt):
        if self.anim:
            self.anim[2] += dt
            if self.anim[2] >= STEP_SECONDS:
                self.anim = None
        if not self.playing or self.scrubbing:
            return
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
                self.play_button.icon = "play"

    def busy(self) -> bool:
        return self.playing or self.anim is not None or self.scrubbing

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface):
        w, h = surface.get_size()
        base = self.base
        surface.blit(felt((w, h)), (0, 0))
        ui.text(surface, self.title, int(base * 1.5), (w // 2, int(base * 1.0)), colour=ui.GOLD,
                bold=True, anchor="midtop", max_width=w - base * 4)
        if self.subtitle:
            ui.text(surface, self.subtitle, int(base * 0.85), (w // 2, int(base * 2.7)),
                    colour=ui.DIM, anchor="midtop", max_width=w - base * 4)
        self.draw_book(surface)
        self.draw_scrub(surface)
        self.draw_readout(surface)
        self.buttons.draw(surface)

    def draw_book(self, surface: pygame.Surface) -> None:
        book = self.book
        top, under, t = self.turning()
        remaining = max(0, self.last_page - max(top, under) + (1 if t <= 0 else 0))
        per_page = max(0.35, book.height * 0.0011)
        depth = int(round(remaining * per_page)) + 2
        shadow = book_shadow(book.width, book.height)
        surface.blit(shadow, shadow.get_rect(center=(book.centerx + depth + book.height * 0.025,
                                                     book.centery + depth + book.height * 0.045)))
        cover = book.inflate(int(book.width * 0.012), int(book.width * 0.012)).move(depth, depth)
        pygame.draw.rect(surface, KRAFT, cover, border_radius=max(2, book.width // 120))
        pygame.draw.rect(surface, mix(KRAFT, (40, 24, 10), 0.35), cover, 1,
                         border_radius=max(2, book.width // 120))
        self.draw_edges(surface, book, depth, remaining)
        if t <= 0:
            surface.blit(page_image(self.pages[top], book.width, book.height), book.topleft)
        else:
            surface.blit(page_image(self.pages[under], book.width, book.height), book.topleft)
            draw_turning_page(surface, self.pages[top], book, t)
        spine = spine_width(book.width)
        band = tape(spine + int(book.width * 0.012), book.height + depth + int(book.height * 0.03))
        surface.blit(band, (book.x - int(book.width * 0.012), book.y - int(book.height * 0.015)))
        image, (dx, dy) = thumb(int(book.height * 0.3))
        tip = (book.right - book.width * 0.045, book.y + book.height * 0.78)
        surface.blit(image, image.get_rect(center=(tip[0] - dx, tip[1] - dy)))

    def draw_edges(self, surface: pygame.Surface, book: pygame.Rect, depth: int, pages: int) -> None:
        """The pile's thickness: paper edges along the right and bottom, a line per page."""
        if depth <= 0:
            return
        for j in range(depth, 0, -1):
            boundary = pages and int(j * pages / max(1, depth)) != int((j - 1) * pages / max(1, depth))
            colour = (204, 192, 170) if boundary else mix(PAPER, PAPER_EDGE, 0.3 + 0.5 * j / depth)
            pygame.draw.line(surface, colour, (book.x + j, book.bottom - 1 + j),
                             (book.right - 1 + j, book.bottom - 1 + j))
            pygame.draw.line(surface, colour, (book.right - 1 + j, book.y + j),
                             (book.right - 1 + j, book.bottom - 1 + j))

    def draw_scrub(self, surface: pygame.Surface) -> None:
        bar = self.scrub
        base = self.base
        pygame.draw.rect(surface, (18, 34, 26), bar.inflate(6, 6), border_radius=bar.height)
        cell = bar.width / TOTAL_FRAMES
        earned = len(self.pile)
        for i in range(TOTAL_FRAMES):
            r = pygame.Rect(int(bar.x + i * cell) + 1, bar.y, max(1, int(cell) - 1), bar.height)
            if i < earned:
                colour = (240, 200, 110) if i <= self.frame_index else (150, 126, 78)
            else:
                colour = (44, 62, 52)
            pygame.draw.rect(surface, colour, r, border_radius=2)
        if earned:
            cx = int(bar.x + (self.frame_index + 0.5) * cell)
            pygame.draw.circle(surface, (60, 40, 20), (cx, bar.centery + 1), int(bar.height * 0.95))
            pygame.draw.circle(surface, (255, 240, 210), (cx, bar.centery), int(bar.height * 0.9))
        label = f"{earned} of {TOTAL_FRAMES} frames earned" if earned < TOTAL_FRAMES else \
            "All 48 frames earned"
        ui.text(surface, label, int(base * 0.75), (bar.right, bar.y - base * 0.45), colour=ui.DIM,
                anchor="bottomright")
        if not self.pile:
            shown = "No frames yet"
        elif self.at_end:
            shown = "The end" if self.won else "The end, for now"
        else:
            shown = f"Frame {self.frame_index + 1} of {len(self.pile)}"
        ui.text(surface, shown, int(base * 0.95), (bar.x, bar.y - base * 0.4), colour=ui.INK,
                bold=True, anchor="bottomleft")

    def draw_readout(self, surface: pygame.Surface) -> None:
        r = self.readout
        ui.text(surface, f"{self.fps} frames/s", int(self.base * 0.85), r.center, colour=ui.INK,
                anchor="center", max_width=r.width)
        hint = self.hover_tip or "Space play/pause   \u2190 \u2192 step   + \u2212 speed   " \
                                 "L loop   Home/End   Esc back"
        ui.text(surface, hint, int(self.base * 0.72), (surface.get_width() // 2,
                surface.get_height() - int(self.base * 0.35)), colour=ui.DIM, anchor="midbottom",
                max_width=surface.get_width() - 20)


# -- opening it ----------------------------------------------------------------------------------

def _subtitle(movie: Movie) -> str:
    when = movie.created_at
    date = f"{when.day} {when:%b %Y, %H:%M}"
    result = "won" if movie.won else movie.length_text()
    return f"{movie.level_label} \u2013 {date} \u2013 {result}"


def open_player(app, movie: Movie) -> FlipbookPlayer:
    """Play a saved movie (from the gallery); Esc comes back to where it was opened."""
    player = FlipbookPlayer(app, movie.pile, movie.won, "Finished! flip-book", _subtitle(movie))
    app.push(player)
    return player


def open_player_for(app, match: Any, overlay: Optional[Scene] = None) -> FlipbookPlayer:
    """Play the pile of a Finished! game that just ended (from its result overlay).

    The movie is saved to the gallery first (once per game). The player is pushed over the
    result overlay, so Esc comes back to the result.
    """
    movie = movie_of_match(match)
    pile: list[int] = list(movie.pile) if movie else []
    won = bool(movie.won) if movie else False
    if movie is not None and pile:
        try:
            movie = save_match_movie(match) or movie
        except (OSError, ValueError) as exc:
            app.toast(f"The movie could not be kept for the gallery: {exc}", 5, "warn")
    subtitle = _subtitle(movie) if movie else ""
    player = FlipbookPlayer(app, pile, won, "Your Finished! flip-book", subtitle)
    app.push(player)
    return player


__all__ = ["FlipbookPlayer", "open_player", "open_player_for"]
