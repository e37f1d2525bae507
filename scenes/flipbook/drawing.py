"""Drawing the flip-book player: the book in the hand (cover, the pile's edge, the page on
top or turning, the binding tape, the thumb), the scrub bar, the speed readout with the key
hints, and the media buttons' drawn symbols.

Functions of a Playback (playback.py) and the rectangles the player scene (player.py) lays
out; the pages themselves come from pages.py.
"""
from __future__ import annotations

import pygame

from game.finished.movies import TOTAL_FRAMES
from scenes import widgets as ui
from scenes.art.draw import mix
from scenes.flipbook.pages import (KRAFT, PAPER, PAPER_EDGE, book_shadow, draw_turning_page,
                                   page_image, spine_width, tape, thumb)
from scenes.flipbook.playback import Playback

KEY_HINTS = "Space play/pause   \u2190 \u2192 step   + \u2212 speed   L loop   Home/End   Esc back"


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


def draw_book(surface: pygame.Surface, book: pygame.Rect, playback: Playback) -> None:
    """The book lying in `book`: its shadow and cover, the pile's edge, the page on top (or
    the page beneath with the top one turning), the binding tape and the thumb."""
    top, under, t = playback.turning()
    remaining = max(0, playback.last_page - max(top, under) + (1 if t <= 0 else 0))
    per_page = max(0.35, book.height * 0.0011)
    depth = int(round(remaining * per_page)) + 2
    shadow = book_shadow(book.width, book.height)
    surface.blit(shadow, shadow.get_rect(center=(book.centerx + depth + book.height * 0.025,
                                                 book.centery + depth + book.height * 0.045)))
    cover = book.inflate(int(book.width * 0.012), int(book.width * 0.012)).move(depth, depth)
    pygame.draw.rect(surface, KRAFT, cover, border_radius=max(2, book.width // 120))
    pygame.draw.rect(surface, mix(KRAFT, (40, 24, 10), 0.35), cover, 1,
                     border_radius=max(2, book.width // 120))
    draw_edges(surface, book, depth, remaining)
    if t <= 0:
        surface.blit(page_image(playback.pages[top], book.width, book.height), book.topleft)
    else:
        surface.blit(page_image(playback.pages[under], book.width, book.height), book.topleft)
        draw_turning_page(surface, playback.pages[top], book, t)
    spine = spine_width(book.width)
    band = tape(spine + int(book.width * 0.012), book.height + depth + int(book.height * 0.03))
    surface.blit(band, (book.x - int(book.width * 0.012), book.y - int(book.height * 0.015)))
    image, (dx, dy) = thumb(int(book.height * 0.3))
    tip = (book.right - book.width * 0.045, book.y + book.height * 0.78)
    surface.blit(image, image.get_rect(center=(tip[0] - dx, tip[1] - dy)))


def draw_edges(surface: pygame.Surface, book: pygame.Rect, depth: int, pages: int) -> None:
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


def draw_scrub(surface: pygame.Surface, bar: pygame.Rect, base: int, playback: Playback) -> None:
    """All 48 frame slots (those earned in gold, up to the one shown brighter), the knob,
    how many frames are earned and which one is shown."""
    pygame.draw.rect(surface, (18, 34, 26), bar.inflate(6, 6), border_radius=bar.height)
    cell = bar.width / TOTAL_FRAMES
    earned = len(playback.pile)
    for i in range(TOTAL_FRAMES):
        r = pygame.Rect(int(bar.x + i * cell) + 1, bar.y, max(1, int(cell) - 1), bar.height)
        if i < earned:
            colour = (240, 200, 110) if i <= playback.frame_index else (150, 126, 78)
        else:
            colour = (44, 62, 52)
        pygame.draw.rect(surface, colour, r, border_radius=2)
    if earned:
        cx = int(bar.x + (playback.frame_index + 0.5) * cell)
        pygame.draw.circle(surface, (60, 40, 20), (cx, bar.centery + 1), int(bar.height * 0.95))
        pygame.draw.circle(surface, (255, 240, 210), (cx, bar.centery), int(bar.height * 0.9))
    label = f"{earned} of {TOTAL_FRAMES} frames earned" if earned < TOTAL_FRAMES else \
        "All 48 frames earned"
    ui.text(surface, label, int(base * 0.75), (bar.right, bar.y - base * 0.45), colour=ui.DIM,
            anchor="bottomright")
    if not playback.pile:
        shown = "No frames yet"
    elif playback.at_end:
        shown = "The end" if playback.won else "The end, for now"
    else:
        shown = f"Frame {playback.frame_index + 1} of {len(playback.pile)}"
    ui.text(surface, shown, int(base * 0.95), (bar.x, bar.y - base * 0.4), colour=ui.INK,
            bold=True, anchor="bottomleft")


def draw_readout(surface: pygame.Surface, readout: pygame.Rect, base: int, fps: int,
                 hover_tip: str) -> None:
    """The speed between the - and + buttons; the hover tip (or the keys) along the bottom."""
    ui.text(surface, f"{fps} frames/s", int(base * 0.85), readout.center, colour=ui.INK,
            anchor="center", max_width=readout.width)
    hint = hover_tip or KEY_HINTS
    ui.text(surface, hint, int(base * 0.72), (surface.get_width() // 2,
            surface.get_height() - int(base * 0.35)), colour=ui.DIM, anchor="midbottom",
            max_width=surface.get_width() - 20)
