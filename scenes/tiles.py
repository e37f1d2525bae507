"""Menu tiles: each game gets its own little picture, drawn by code."""
from __future__ import annotations

import ast
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Optional

import pygame

from game.core.registry import DataError, game_info
from scenes import widgets as ui
from scenes.art.diskcache import startup_picture
from scenes.art import fonts
from scenes.art.draw import mix


#: The code every tile is drawn with; a game's own emblem module (and what it imports of
#: scenes/) joins it in `card_modules`, so no game is named here.
SHARED_MODULES = ("scenes.tiles", "scenes.art.tokens", "scenes.art.table", "scenes.art.draw",
                  "scenes.widgets", "scenes.art.fonts")
SCENES = Path(__file__).resolve().parent


def emblem_module(game_id: str) -> str:
    """Where a game's emblem lives: `emblem` beside its table (scenes/<game>/emblem.py, or
    beside the table module its data file names)."""
    try:
        table = game_info(game_id).table_module
    except (KeyError, DataError):
        table = ""
    package = table.rsplit(".", 1)[0] if table else f"scenes.{game_id.replace('-', '_')}"
    return f"{package}.emblem"


def _source(module: str) -> Optional[Path]:
    parts = module.split(".")
    if parts[0] != "scenes":
        return None
    path = SCENES.joinpath(*parts[1:])
    return path.with_suffix(".py") if path.with_suffix(".py").is_file() else \
        (path / "__init__.py" if (path / "__init__.py").is_file() else None)


@lru_cache(maxsize=None)
def card_modules(game_id: str) -> tuple[str, ...]:
    """The modules whose code draws a game's tile (their fingerprint keys its cached picture):
    the shared ones, the game's emblem and what the emblem imports of scenes/ (read from its
    source, nothing imported)."""
    emblem = emblem_module(game_id)
    found = [*SHARED_MODULES, emblem]
    source = _source(emblem)
    if source is not None:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    found.append(sub if _source(sub) is not None else node.module)
            elif isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
    return tuple(dict.fromkeys(m for m in found if m.startswith("scenes.")))


@lru_cache(maxsize=32)
def tile_card(game_id: str, w: int, h: int, colour: tuple[int, int, int], base: int,
              title: str, who: str, tagline: str, coming: bool = False) -> pygame.Surface:
    """The menu's whole tile: the picture with a band holding the title, the number of
    players and the tagline (and a "coming" ribbon for a game not yet playable). Kept on
    disk like the picture, since the first frame shows it; the words are part of the key, so
    an edited title or tagline draws afresh. Only the first frame's tiles go to disk, so
    resizing the window writes no files."""
    words = zlib.crc32("\n".join((title, who, tagline, "coming" if coming else "")).encode())
    key = f"card-{game_id}-{w}x{h}-{base}-{'-'.join(map(str, colour))}-{words:08x}"
    return startup_picture(key, lambda: draw_card(game_id, w, h, colour, base, title, who, tagline,
                                                  coming), card_modules(game_id), keep=16)


def draw_card(game_id: str, w: int, h: int, colour: tuple[int, int, int], base: int,
              title: str, who: str, tagline: str, coming: bool = False) -> pygame.Surface:
    card = draw_tile(game_id, w, h, colour)
    if coming:
        _coming_ribbon(card, base)
    shape = card.copy()
    shape.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # white, the tile's alpha
    band, words = card_words(w, h, base, title, who, tagline)
    ui.panel(card, band, 150)
    for image, rect in words:
        card.blit(image, rect)
    card.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # the band keeps the tile's corners
    return card


TILE_TEXT_FLOOR = 11  # no word on a tile is smaller (px)


def words_margin(base: int) -> int:
    """How far every word on a tile keeps from the tile's edges (px)."""
    return max(8, int(base * 0.6))


def card_words(w: int, h: int, base: int, title: str, who: str, tagline: str
               ) -> tuple[pygame.Rect, list[tuple[pygame.Surface, pygame.Rect]]]:
    """The band at the bottom of a tile and its words, each picture with its place: the
    title, the number of players at its right, and the whole tagline under them, all inside
    the tile with a margin. The band grows (up to half the tile, then a little more) until
    the tagline fits; if it still does not, the tagline's letters shrink, never below 11 px."""
    side, pad = base, words_margin(base)
    inner = max(1, w - 2 * side)
    who_image = fonts.render_text(who, max(TILE_TEXT_FLOOR, int(base * 0.8)), ui.GOLD)
    title_image = fonts.fit_text(title, max(1, inner - who_image.get_width() - base // 2),
                                 max(TILE_TEXT_FLOOR, int(base * 1.25)), ui.INK, bold=True,
                                 min_size=TILE_TEXT_FLOOR)
    top = max(int(base * 2.0), base // 2 + title_image.get_height())  # the tagline, in the band
    size = max(TILE_TEXT_FLOOR, int(base * 0.76))
    for limit in (0.5, 0.6):
        tag_size = size
        while True:
            tag_image = fonts.wrap_text(tagline, inner, tag_size, ui.DIM)
            need = top + tag_image.get_height() + pad
            if need <= int(h * limit) or tag_size <= TILE_TEXT_FLOOR:
                break
            tag_size -= 1
        if need <= int(h * limit):
            break
    band_h = min(max(int(h * 0.38), need), int(h * 0.6))
    band = pygame.Rect(0, h - band_h, w, band_h)
    words = [(title_image, title_image.get_rect(topleft=(band.x + side, band.y + base // 2))),
             (who_image, who_image.get_rect(topright=(band.right - side, band.y + base // 2 + 4)))]
    tag_rect = pygame.Rect(band.x + side, band.y + top, inner, tag_image.get_height())
    # words that still do not fit (a tile far too small for them) are cut at the margin
    tag_rect.height = min(tag_rect.height, h - pad - tag_rect.y)
    words.append((tag_image.subsurface((0, 0, tag_rect.width, max(0, tag_rect.height))), tag_rect))
    return band, words


# The tiles of the default 1280x800 window: the size the shipped tile pictures are made at.
ART_SIZE = (327, 261)


def draw_tile(game_id: str, w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A rounded tile with a gradient in the game's colour and an emblem of the game: the
    shipped picture (see `shipped_tile`) when there is one for this game, colour and size,
    else painted now. A new Surface the caller may draw on."""
    shipped = shipped_tile(game_id, w, h, colour)
    return shipped if shipped is not None else paint_tile(game_id, w, h, colour)


def shipped_tile(game_id: str, w: int, h: int, colour: tuple[int, int, int]) -> Optional[pygame.Surface]:
    """assets/tiles/<game>-<r>-<g>-<b>.png: `paint_tile` at ART_SIZE, made by
    tools/prerender.py and checked by tests/art/test_art_shipped.py. Painting the five
    emblems is most of a first start's first frame; loading them takes a few milliseconds.

    Only at ART_SIZE, the tiles of the window a first start opens (1280x800): a scaled
    picture would not be the same as one painted at that size (the emblems' parts round
    their sizes differently), and any other size is painted once and then kept in the disk
    cache. None for another size or colour, or a missing file."""
    if (w, h) != ART_SIZE:
        return None
    name = f"{game_id}-{'-'.join(str(int(c)) for c in colour)}.png"
    try:
        from game.core.paths import resource
        picture = pygame.image.load(str(resource("tiles", name)))
    except (pygame.error, FileNotFoundError, OSError):
        return None
    if picture.get_size() != ART_SIZE:
        return None
    if pygame.display.get_surface() is not None:
        picture = picture.convert_alpha()
    return picture


def paint_tile(game_id: str, w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Paint the tile: the gradient, the rounded corners and the game's emblem."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    top, bottom = mix(colour, (255, 255, 255), 0.18), mix(colour, (0, 0, 0), 0.35)
    for y in range(h):
        pygame.draw.line(surf, mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=max(8, w // 24))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    emblem = emblem_of(game_id)
    if emblem:
        emblem(surf, pygame.Rect(0, 0, w, int(h * 0.66)))
    return surf


def _coming_ribbon(card: pygame.Surface, base: int) -> None:
    """A diagonal ribbon across the top right corner: this game is not playable yet."""
    w, h = card.get_size()
    size = max(8, int(base * 0.8))
    label = fonts.render_text("COMING", size, (60, 36, 8), bold=True)
    band_h = int(label.get_height() * 1.35)
    band_w = int(label.get_width() + band_h * 4)
    band = pygame.Surface((band_w, band_h), pygame.SRCALPHA)
    band.fill((244, 196, 84, 255))
    pygame.draw.line(band, (255, 232, 160), (0, 1), (band_w, 1), max(1, band_h // 12))
    pygame.draw.line(band, (150, 96, 30), (0, band_h - 2), (band_w, band_h - 2), max(1, band_h // 12))
    band.blit(label, label.get_rect(center=(band_w // 2, band_h // 2)))
    turned = pygame.transform.rotozoom(band, -38, 1)
    reach = int(band_h * 2.6)
    card.blit(turned, turned.get_rect(center=(w - reach, reach)))
    clip = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), (0, 0, w, h), border_radius=max(8, w // 24))
    card.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def emblem_of(game_id: str):
    """A game's emblem: `draw(surface, area)` in its emblem module (see `emblem_module`),
    found by name like its table; None for a game without one."""
    import importlib
    try:
        return importlib.import_module(emblem_module(game_id)).draw
    except ImportError:
        return None
