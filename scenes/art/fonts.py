"""Type for the whole table: Lato Regular / Bold for words, Lato Black for big numbers.

Fonts load from assets/fonts through game.core.paths.resource; if a file is missing the
pygame default font stands in, so a broken install still shows text.
"""
from __future__ import annotations

import functools
import logging
from typing import Sequence

import pygame

from game.core.paths import resource

from ._cache import cached
from .draw import finish

log = logging.getLogger(__name__)

REGULAR = "Lato-Regular.ttf"
BOLD = "Lato-Bold.ttf"
DISPLAY = "Lato-Black.ttf"

INK = (250, 247, 240)  # default text colour: warm white, for text on felt and panels
MIN_SIZE = 6
READABLE = 11  # the smallest letters a sentence people must read is drawn in (px)


def font_file(bold: bool = False, display: bool = False) -> str:
    """The file name that font(..., bold, display) loads."""
    return DISPLAY if display else BOLD if bold else REGULAR


def _ensure_init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


@functools.lru_cache(maxsize=48)  # each size keeps its glyphs: up to half a megabyte
def _font(size: int, bold: bool, display: bool) -> pygame.font.Font:
    _ensure_init()
    path = resource("fonts", font_file(bold, display))
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError, pygame.error) as exc:
        log.warning("font %s unavailable (%s); using pygame's default", path, exc)
        f = pygame.font.Font(None, size)
        f.bold = bold or display
        return f


def font(size: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
    """The UI font at `size` pixels (>= 6); bold for emphasis, display for big numbers."""
    return _font(max(MIN_SIZE, int(size)), bool(bold), bool(display))


@cached(maxsize=512)  # a table's every line at two sizes, and the log's last few hundred
def render_text(text: str, size: int, colour: Sequence[int] = INK, bold: bool = False, display: bool = False) -> pygame.Surface:
    """Anti-aliased text on a transparent surface, cached (least recently used goes first)."""
    f = font(size, bold, display)
    surf = f.render(str(text), True, colour[:3])
    if len(colour) > 3 and colour[3] < 255:
        surf.set_alpha(colour[3])
    return finish(surf)


@cached(maxsize=256)
def fit_text(text: str, max_width: float, size: int, colour: Sequence[int] = INK, bold: bool = False,
             display: bool = False, min_size: int = 8) -> pygame.Surface:
    """Text at `size`, shrunk until it is no wider than max_width; cut with an ellipsis if even
    min_size is too wide."""
    max_width = max(1, int(max_width))
    size = max(MIN_SIZE, int(size))
    min_size = max(MIN_SIZE, min(int(min_size), size))
    s = size
    while s > min_size and font(s, bold, display).size(text)[0] > max_width:
        # shrink proportionally first, then settle by single steps
        w = font(s, bold, display).size(text)[0]
        s = max(min_size, min(s - 1, int(s * max_width / w)))
    f = font(s, bold, display)
    if f.size(text)[0] <= max_width:
        return render_text(text, s, colour, bold, display)
    cut = text
    while cut and f.size(cut + "…")[0] > max_width:
        cut = cut[:-1]
    return render_text(cut.rstrip() + "…" if cut else "…", s, colour, bold, display)


def wrap_lines(text: str, width: int, size: int, bold: bool = False, display: bool = False) -> list[str]:
    """Split text into lines no wider than width (a word longer than a line gets its own line)."""
    f = font(size, bold, display)
    lines: list[str] = []
    for para in str(text).split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@cached(maxsize=256)
def wrap_text(text: str, width: int, size: int, colour: Sequence[int] = INK, bold: bool = False,
              display: bool = False, align: str = "left", line_spacing: float = 1.15) -> pygame.Surface:
    """Several lines of text wrapped to `width` pixels; align is left, centre or right.

    The surface is exactly `width` wide and as tall as the lines need.
    """
    width = max(1, int(width))
    f = font(size, bold, display)
    lines = wrap_lines(text, width, size, bold, display)
    step = max(1, int(round(f.get_linesize() * line_spacing)))
    height = step * (len(lines) - 1) + f.get_height()
    surf = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
    for i, line in enumerate(lines):
        if not line:
            continue
        img = render_text(line, size, colour, bold, display)
        if img.get_width() > width:
            img = fit_text(line, width, size, colour, bold, display)
        if align in ("centre", "center"):
            x = (width - img.get_width()) // 2
        elif align == "right":
            x = width - img.get_width()
        else:
            x = 0
        surf.blit(img, (x, i * step))
    return finish(surf)
