"""The flip-book player: the Finished! pile held in the hand, pages flipping under the thumb.

Each scored card is a page of a little bound book lying over the felt. Playing lets the top
page lift off the binding, curl and spring away, revealing the next frame beneath; the pile's
edge thins as the pages go. After the last scored card comes a closing page: how many frames
are still to earn, or the "Finished!" title page for a won game.

This module is the scene: its buttons and where they lie, the mouse and keys, and opening the
player from the gallery or a finished game. Where the book is and how it moves is its
Playback (playback.py); what it looks like is drawn by drawing.py, the pages by pages.py.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

import pygame

from game.finished.movies import Movie, movie_of_match, save_match_movie
from scenes import widgets as ui
from scenes.art.table import felt
from scenes.flipbook.drawing import IconButton, draw_book, draw_readout, draw_scrub
from scenes.flipbook.pages import page_size_for
from scenes.flipbook.playback import DEFAULT_FPS, LOOP_HOLD, SPEEDS, STEP_SECONDS, Playback
from scenes.manager import Scene

__all__ = ["DEFAULT_FPS", "LOOP_HOLD", "SPEEDS", "STEP_SECONDS", "FlipbookPlayer", "open_player",
           "open_player_for"]


class FlipbookPlayer(Playback, Scene):
    """Plays a Finished! pile as a flip-book: play/pause, step, scrub, speed, loop."""

    def __init__(self, app, pile: Sequence[int], won: bool = False, title: str = "",
                 subtitle: str = "", fps: int = DEFAULT_FPS) -> None:
        Scene.__init__(self, app)
        Playback.__init__(self, pile, won, fps)
        self.title = title or "Your flip-book"
        self.subtitle = subtitle
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

    # -- controls -----------------------------------------------------------------------------

    def toggle_play(self) -> None:
        if self.playing:
            self.pause_play()
            return
        if not self.pile:
            self.app.toast("There are no frames to play yet.", 2)
            return
        self.start_playing()
        self.play_button.icon = "pause"

    def pause_play(self) -> None:
        self.stop_playing()
        self.play_button.icon = "play"

    def step(self, direction: int) -> None:
        """One page on (the top page flips away) or back (it comes back down)."""
        turned = self.turn_page(direction)
        self.play_button.icon = "play"
        if turned:
            self.app.play("flip")

    def first(self) -> None:
        self.seek(0)

    def last(self) -> None:
        self.pause_play()
        self.seek(len(self.pile) - 1)

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
        return self.scrub_slot((x - self.scrub.x) / max(1, self.scrub.width))

    def update(self, dt):
        if self.advance(dt):
            self.play_button.icon = "play"

    def busy(self) -> bool:
        return self.moving()

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
        draw_book(surface, self.book, self)
        draw_scrub(surface, self.scrub, base, self)
        draw_readout(surface, self.readout, base, self.fps, self.hover_tip)
        self.buttons.draw(surface)


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
    seat = (match.seats or [None])[0]
    title = "Your Finished! flip-book"  # a game the computer played alone is not "yours"
    if seat is not None and not seat.is_human:
        title = f"{seat.name}'s Finished! flip-book"
    player = FlipbookPlayer(app, pile, won, title, subtitle)
    app.push(player)
    return player
