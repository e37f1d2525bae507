"""What Finale's card pictures share: finding a piece by its id (a clear ValueError naming a
bad one), the card body with its rim, a row of balls, and how much a card of a width can show.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from game.finale.data import Player, Tactic, Team, card_id, finale_data
from scenes.art import fonts
from scenes.art.draw import apply_mask, canvas, darken, lighten, rounded_mask, vgradient
from scenes.finale import tokens as T

# ---------------------------------------------------------------- what a piece is

def player_of(pid: str) -> Player:
    """The player card of an id; ValueError naming the id."""
    try:
        return finale_data().player(str(pid))
    except KeyError:
        raise ValueError(f"{pid!r} is not a Finale player card") from None


def team_of(team_id: str) -> Team:
    """The team of an id (stollen, acker); ValueError naming the id."""
    try:
        return finale_data().team(str(team_id))
    except KeyError:
        raise ValueError(f"{team_id!r} is not a Finale team") from None


def tactic_of(piece: str) -> tuple[Team, Tactic]:
    """The team and card of a piece id such as "stollen-pressing"; ValueError naming the id."""
    piece = str(piece)
    team, _, _ = piece.partition("-")
    try:
        return finale_data().team(team), finale_data().tactic(card_id(piece))
    except KeyError:
        raise ValueError(f"{piece!r} is not a Finale tactics card (team-card, e.g. stollen-pressing)") from None


def card_of(cid: str) -> Tactic:
    """The tactics card of a card id ("pressing"); ValueError naming the id."""
    try:
        return finale_data().tactic(str(cid))
    except KeyError:
        raise ValueError(f"{cid!r} is not a Finale tactics card") from None


def player_name(pid: str) -> str:
    """A player's full name for hover text: "Sven Abseits" (its last word is the surname)."""
    return player_of(pid).name


def tactic_name(piece: str) -> str:
    """A tactics card's title for hover text, its German title after it where that differs:
    "Open exchange (Offener Schlagabtausch)"."""
    _, c = tactic_of(piece)
    german = f" ({c.german})" if c.german and c.german != c.name else ""
    return f"{c.name}{german}"


def surname(name: str) -> str:
    """The last word of a name: what a small card has room for."""
    return name.split()[-1]


NAME_PX = 11  # the smallest type that reads: a card with less room for its name shows none
CONDENSE = 0.8  # how far a name may be narrowed to fit (type narrower than this turns to mush)


def short_name(name: str, room: float, px: int, bold: bool = True) -> str:
    """What a small card's band says of a player at `px` in `room` pixels (narrowed to
    CONDENSE at most): the surname, or its first letters and a full stop ("Wadenbeis.")."""
    font = fonts.font(px, bold)
    last = surname(name)
    if font.size(last)[0] * CONDENSE <= room:
        return last
    cut = last
    while len(cut) > 3 and font.size(cut + ".")[0] * CONDENSE > room:
        cut = cut[:-1]
    return cut + "."


# ---------------------------------------------------------------- shared pieces of a card

def body(W: int, H: int, R: int, rim_rgb: Sequence[int], rim_frac: float = 0.05) -> tuple[pygame.Surface, pygame.Rect, int]:
    """Dark hairline, then a rim in `rim_rgb` with a soft gradient; returns the surface, the
    rect inside the rim and its corner radius."""
    surf = canvas(W, H, T.EDGE)
    pygame.draw.rect(surf, (*T.EDGE, 255), (0, 0, W, H), border_radius=R)
    e = max(1, round(min(W, H) * 0.012))
    rim = vgradient(W - 2 * e, H - 2 * e, [(0.0, lighten(rim_rgb, 0.18)), (1.0, darken(rim_rgb, 0.18))])
    apply_mask(rim, rounded_mask(W - 2 * e, H - 2 * e, max(1, R - e)))
    surf.blit(rim, (e, e))
    t = max(e + 1, round(W * rim_frac))
    inner = pygame.Rect(t, t, W - 2 * t, H - 2 * t)
    return surf, inner, max(1, R - t + round(t * 0.4))


def balls_row(surf: pygame.Surface, n: int, cx: float, cy: float, d: float, vertical: bool = False) -> None:
    """n balls d across in a row (or a column) centred on (cx, cy)."""
    img = T.ball_art(d)
    step = d * 1.08
    for i in range(n):
        off = (i - (n - 1) / 2) * step
        x, y = (cx, cy + off) if vertical else (cx + off, cy)
        surf.blit(img, img.get_rect(center=(round(x), round(y))))


def tier_of(w: int) -> int:
    """How much a card of width w can show: 0 tiny (numbers only), 1 small, 2 large."""
    return 0 if w < 56 else 1 if w < 110 else 2
