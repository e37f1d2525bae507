"""The shared look and sound of the finis card table.

Everything here is drawn by code at the size asked for and cached, so the table is sharp at
any window size. Surfaces returned are shared: blit them, never draw on them (copy() first).

    from scenes.art import table, tokens, fonts, sound
    screen.blit(table.felt(screen.get_size()), (0, 0))
    screen.blit(table.card_back(90, 126, "classic"), (x, y))
    sound.sounds().play("deal")

Modules: fonts (type), table (felt, cards, shadows, zones), tokens (shapes, buttons, panels,
seat colours), sound (effects), draw (helpers). Each game's own pieces (sweets and cups,
counters and the d20, the flag) are in scenes/<game>/tokens.py.
"""
from __future__ import annotations

from ._cache import clear_caches
from .fonts import fit_text, font, render_text, wrap_text
from .sound import Sounds, sounds
from .table import (CARD_BACK_STYLES, card_back, card_blank, card_radius, card_shadow, felt, highlight,
                    shadow_margin, zone_outline)
from .tokens import (SEAT_COLOURS, SEAT_SHAPES, SHAPES, button, panel, seat_colour, seat_shape,
                     shape_icon)

__all__ = [
    "clear_caches", "font", "render_text", "fit_text", "wrap_text", "Sounds", "sounds",
    "felt", "card_blank", "card_shadow", "card_back", "card_radius", "shadow_margin", "highlight",
    "zone_outline", "CARD_BACK_STYLES", "shape_icon", "button", "panel", "SEAT_COLOURS", "SEAT_SHAPES", "SHAPES",
    "seat_colour", "seat_shape",
]
