"""The felt of the table: a green cloth with a woven grain, drawn by code for the window's
size (the first frame's felt comes from the picture cache, see diskcache.py)."""
from __future__ import annotations

import math
import random
from typing import Generator, Sequence

import pygame

from ._cache import cached, whole
from .diskcache import startup_picture, startup_time
from .draw import lighten, opaque, radial

FELT = (28, 92, 60)

_TILE = 256


# ---------------------------------------------------------------- felt

def _noise_tile(seed: int, size: int, low: int, high: int) -> pygame.Surface:
    """A grey noise tile, values low..high, from a seeded RNG (same picture every run)."""
    rng = random.Random(seed)
    tile = pygame.image.frombytes(rng.randbytes(size * size), (size, size), "P")
    tile.set_palette([(v, v, v) for v in (low + (high - low) * i // 255 for i in range(256))])
    rgb = pygame.Surface((size, size))
    rgb.blit(tile, (0, 0))
    return rgb


@cached(maxsize=4)
def _grain(seed: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Two tileable grain layers (to add and to subtract): pixel noise plus soft fibres."""
    layers = []
    for k in range(2):
        fine = _noise_tile(seed * 7 + k, _TILE, 0, 7)
        soft = _noise_tile(seed * 13 + k, _TILE // 2, 0, 9)
        soft = pygame.transform.smoothscale(soft, (_TILE, _TILE))
        fine.blit(soft, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        # fibres: short curved hairs, drawn at every wrap offset so the tile repeats seamlessly
        rng = random.Random(seed * 31 + k)
        hairs = pygame.Surface((_TILE, _TILE))
        hairs.fill((0, 0, 0))
        for _ in range(260):
            x, y = rng.uniform(0, _TILE), rng.uniform(0, _TILE)
            ang = rng.uniform(0, math.pi)
            length = rng.uniform(4, 13)
            bend = rng.uniform(-0.5, 0.5)
            v = rng.randint(4, 11)
            pts = []
            for i in range(5):
                t = i / 4 - 0.5
                a = ang + bend * t
                pts.append((x + math.cos(a) * length * t, y + math.sin(a) * length * t))
            xs = [0] + ([_TILE] if x < length else []) + ([-_TILE] if x > _TILE - length else [])
            ys = [0] + ([_TILE] if y < length else []) + ([-_TILE] if y > _TILE - length else [])
            for ox in xs:
                for oy in ys:
                    pygame.draw.aalines(hairs, (v, v, v), False, [(px + ox, py + oy) for px, py in pts])
        fine.blit(hairs, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        layers.append(fine)
    return layers[0], layers[1]


def _tile_over(target: pygame.Surface, tile: pygame.Surface, flags: int, shift: int = 0) -> None:
    tw, th = tile.get_size()
    w, h = target.get_size()
    for y in range(-shift, h, th):
        for x in range(-shift, w, tw):
            target.blit(tile, (x, y), special_flags=flags)


_FELT_MODULES = ("scenes.art.felt", "scenes.art.draw")


@cached(maxsize=3, stand_in=("size",), parts=True)
def felt(size: Sequence[int], colour: Sequence[int] = FELT) -> Generator[None, None, pygame.Surface]:
    """The table cloth at `size`: felt grain, a soft cloudy mottle and a vignette.

    Opaque (no per-pixel alpha): it is the bottom layer and is blitted every frame.
    The felt the first frame waits for comes from the disk cache (the two newest sizes are
    kept there); later ones, while the window is resized, are drawn, in parts (a generator:
    the memo returns the picture; scenes/art/_cache.py), each a pass over the window.
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    key = f"felt-{w}x{h}-{'-'.join(str(int(c)) for c in colour[:3])}"
    if startup_time():
        return startup_picture(key, lambda: whole(_draw_felt(w, h, colour)), _FELT_MODULES,
                               opaque=True, keep=2)
    return (yield from _draw_felt(w, h, colour))


def _draw_felt(w: int, h: int, colour: Sequence[int]) -> Generator[None, None, pygame.Surface]:
    # light: a cloudy mottle (values 222..255) times a vignette falling off to ~62% at the
    # corners, both computed at quarter size; they change far slower than one grey level per
    # four pixels, so a nearest-neighbour blow-up is invisible under the grain and cheap
    qw, qh = max(1, w // 4), max(1, h // 4)
    rng = random.Random(1907)
    cw, ch = 9, max(3, round(9 * h / w))
    light = pygame.image.frombytes(bytes(rng.randint(222, 255) for _ in range(cw * ch * 3)), (cw, ch), "RGB")
    light32 = pygame.Surface((qw, qh), 0, 32)  # 32-bit: blending onto 24-bit is ~10x slower
    light32.blit(pygame.transform.smoothscale(light, (qw, qh)), (0, 0))
    light = light32
    vig = radial(128, [(0.0, (255, 255, 255)), (0.45, (246, 246, 246)), (0.85, (200, 200, 200)),
                       (1.0, (168, 168, 168))])
    vig_rgb = pygame.Surface((128, 128))
    vig_rgb.fill((158, 158, 158))
    vig_rgb.blit(vig, (0, 0))
    vw, vh = max(1, int(qw * 1.22)), max(1, int(qh * 1.30))
    vig_rgb = pygame.transform.smoothscale(vig_rgb, (vw, vh))
    light.blit(vig_rgb, (-(vw - qw) // 2, -(vh - qh) // 2), special_flags=pygame.BLEND_RGB_MULT)
    light.fill(lighten(colour, 0.10), special_flags=pygame.BLEND_RGB_MULT)
    yield
    surf = pygame.transform.scale(light, (w, h))
    yield
    add, sub = _grain(1)
    _tile_over(surf, add, pygame.BLEND_RGB_ADD)
    yield
    _tile_over(surf, sub, pygame.BLEND_RGB_SUB, shift=_TILE // 3)
    return opaque(surf)
