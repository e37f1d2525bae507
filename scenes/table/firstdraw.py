"""Pictures drawn for the first time, a few a frame, as a part of the table scene (a mixin of
TableScene): no frame waits for a hundred new pictures at once (issue 25, item 17).

Every picture the table asks for is asked inside the step drawing's frame
(scenes/art/_cache.py Steps): once the frame's budget is spent, a picture not drawn yet
stands in, and `settle_pictures` (each frame, in update) draws the waiting ones while the
budget lasts, then asks for the pictures again.

- A picture drawn before at another size (the window was resized) stands in scaled: the
  table shows its last size's pictures until the real ones came, then asks again once.
- A picture never drawn at any size gets a placeholder that is never seen: a frame that
  holds one is not shown (the last frame stays on screen) until the placeholders were drawn
  and the table asked again. A table entered with none of its pictures drawn yet shows a
  cover meanwhile ("Setting the table"), so a click that opens it is answered at once.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.core import Event
from scenes import widgets as ui
from scenes.art._cache import steps as pictures
from scenes.table.parts import TableParts, ViewT

HELD_FRAMES = 90  # frames held for placeholders before the rest is drawn at once (a safety net)
COVER = (24, 78, 52)  # the cover's cloth: the felt's colour, plain


class FirstDraw(TableParts[ViewT]):
    """The step drawing's side of the table: a mixin of TableScene (see scene.py)."""

    presented = False  # a frame of the table itself (not the cover) was shown
    at_once = False  # the safety net is out: pictures are drawn when asked, placeholders none
    held = 0  # frames in a row not shown for a placeholder
    frame_shown = True  # may the frame drawn last be shown (`presentable`)
    cover_total = 0  # the most pictures seen waiting while the cover shows (its progress bar)
    resize_pending = False  # the window's size changed since the last frame drawn
    held_for_resize = False  # the last frame was not drawn: the resize's, which laid out afresh

    def resize(self, size: tuple[int, int]) -> None:
        """A new size: the table is laid out afresh in this frame (scene.py) and drawn in the
        next, so no frame does both (at 2560x1440 each is 30 to 60 ms); the window shows its
        last frame meanwhile. While the window's edge is dragged, every other frame is drawn."""
        if tuple(size) != tuple(self.size) and self.presented:
            self.resize_pending = True
        super().resize(size)

    def refresh(self, events: list[Event], animate: bool = True) -> None:
        """Pieces.refresh, asking for every picture inside the step drawing's frame."""
        if "asked_holes" not in self.__dict__:  # placeholders handed out before this table
            self.asked_holes = pictures.holes
        with pictures.frame(hold=not self.at_once):
            super().refresh(events, animate)

    def holed(self) -> bool:
        """Did the table take a placeholder since it last asked for all its pictures?"""
        return pictures.holes != self.__dict__.get("asked_holes", pictures.holes)

    def ask_again(self) -> None:
        """Ask for every picture again (real ones came): the whole view when nothing moves
        or is held, else only the pieces' pictures and the background (a glide goes on)."""
        keep = self.static if not self.holed() else None  # (never one with a placeholder)
        self.asked_holes = pictures.holes
        self.pictures_seen = pictures.generation
        self.images.clear()
        if not self.animating() and self.input.lift is None:
            self.refresh([], animate=False)
        else:
            with pictures.frame(hold=not self.at_once):
                for sprite in self.sprites.values():
                    sprite.refresh()
            self.static = self.under = None
        if keep is not None and self.static is None and keep.get_size() == tuple(self.size):
            # the background with its stand-ins stays one frame more: painting the real one
            # is the next frame's work (at 2560x1440 it is 20 to 40 ms)
            self.static, self.static_due = keep, True
        self.app.needs_redraw = True

    def settle_pictures(self) -> None:
        """Draw waiting pictures within the frame's budget; in the frame after, once every
        placeholder is real, ask again; once every stand-in is, ask again when nothing moves."""
        if self.__dict__.pop("static_due", False):
            self.static = None  # painted afresh in this frame's drawing, its only work
            return
        if self.resize_pending or self.held_for_resize:
            return  # the resize's frames lay out and draw the table: nothing more
        worked = bool(pictures.waiting)
        if worked:
            pictures.settle()
        if self.held > HELD_FRAMES and not self.at_once:
            self.at_once = True  # never stuck on a placeholder: the rest comes in one frame
            pictures.forget()
            self.ask_again()
            return
        if worked:
            return  # asking again is the next frame's work (a frame does one or the other)
        if self.holed():
            if not pictures.placeholders:
                self.ask_again()
        elif self.pictures_seen != pictures.generation and not self.animating() \
                and self.input.lift is None:
            self.ask_again()

    def pictures_busy(self) -> bool:
        """Frames must come while pictures wait or the table has not asked for the new ones."""
        return (bool(pictures.waiting) or self.pictures_seen != pictures.generation
                or self.holed() or "static_due" in self.__dict__ or self.resize_pending
                or self.held_for_resize)

    def draw_pictures(self, surface: pygame.Surface, draw: Callable[[pygame.Surface], None]) -> None:
        """The table's frame inside the step drawing's frame; the cover while a table never
        shown yet waits for its first pictures."""
        if not self.presented and self.holed():
            self.draw_cover(surface)
            self.frame_shown = True
            return
        if self.resize_pending and not self.held_for_resize:
            self.resize_pending, self.held_for_resize = False, True
            self.frame_shown = False  # the resize's frame: drawn in the next
            return
        if self.held_for_resize:
            pictures.spend()  # the new layout's frame: stand-ins only, the pictures come after
        self.resize_pending = self.held_for_resize = False
        with pictures.frame(hold=not self.at_once):
            draw(surface)
        self.frame_shown = not self.holed()
        if self.frame_shown:
            self.presented = True
            self.held = 0
        else:
            self.held += 1

    def presentable(self) -> bool:
        return self.frame_shown

    def exit(self) -> None:
        super().exit()
        pictures.forget()  # what still waits was this table's

    def draw_cover(self, surface: pygame.Surface) -> None:
        """The felt's colour, the game's name and how far the pictures are."""
        w, h = surface.get_size()
        surface.fill(COVER)
        base = ui.ui_size((w, h))
        ui.text(surface, self.info.title, int(base * 1.6), (w // 2, h // 2 - base * 2),
                colour=ui.GOLD, bold=True, anchor="center")
        ui.text(surface, "Setting the table...", int(base * 0.95), (w // 2, h // 2),
                colour=ui.INK, anchor="center")
        waiting = len(pictures.waiting)
        self.cover_total = max(self.cover_total, waiting)
        done = 1 - waiting / self.cover_total if self.cover_total else 0.0
        bar = pygame.Rect(0, 0, min(w // 2, base * 16), max(4, base // 3))
        bar.center = (w // 2, h // 2 + base * 2)
        pygame.draw.rect(surface, (16, 52, 34), bar, border_radius=bar.height // 2)
        if done > 0:
            pygame.draw.rect(surface, ui.GOLD, (bar.x, bar.y, max(bar.height, int(bar.width * done)),
                                                bar.height), border_radius=bar.height // 2)
