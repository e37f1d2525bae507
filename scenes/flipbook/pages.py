"""The flip-book's pages, drawn by code: paper, the frame pictures, the closing page, the
binding tape, the thumb, and a page curling away from the binding.

Every picture is cached by size; drawing.py composes them into the book the player shows.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.finished.movies import TOTAL_FRAMES
from scenes import widgets as ui
from scenes.art import fonts
from scenes.art._cache import cached
from scenes.art.draw import blur, canvas, down, finish, mix, radial
from scenes.flipbook.playback import Page

PAPER = (251, 247, 237)
PAPER_EDGE = (228, 218, 198)
INK = (74, 56, 42)
TAPE = (128, 58, 44)
KRAFT = (170, 128, 88)
SKIN = (236, 190, 156)



# -- pictures ------------------------------------------------------------------------------

def page_size_for(area: pygame.Rect) -> tuple[int, int]:
    """The largest page (4:3 picture plus margins and binding) fitting in `area`."""
    aspect = (4 / 3) * 1.17 / 1.10
    w = min(area.width, area.height * aspect)
    return max(40, int(w)), max(30, int(w / aspect))


def picture_rect(w: int, h: int) -> pygame.Rect:
    """Where the frame sits on a w x h page (binding margin on the left)."""
    pw = int(w / 1.17)
    ph = int(pw * 3 / 4)
    return pygame.Rect(w - pw - int(w * 0.035), (h - ph) // 2, pw, ph)


def spine_width(w: int) -> int:
    return max(6, int(w * 0.085))


@cached(maxsize=40)
def frame_picture(number: int, w: int, h: int) -> pygame.Surface:
    """Frame `number` smoothscaled from the 960x720 original to exactly w x h (cached per size)."""
    from scenes.finished.art import frame_image
    return _opaque(frame_image(number, max(1, w), max(1, h)))


def _opaque(surf: pygame.Surface) -> pygame.Surface:
    """The display's pixel format when there is a display (fast blits), else as it is."""
    try:
        return surf.convert() if pygame.display.get_surface() is not None else surf
    except pygame.error:
        return surf


@cached(maxsize=4)
def paper(w: int, h: int) -> pygame.Surface:
    """A blank page: warm paper, a faint grain and a soft darkening towards the edges."""
    surf = pygame.Surface((w, h))
    surf.fill(PAPER)
    glow = radial(128, [(0.0, (255, 255, 255)), (0.7, (250, 250, 250)), (1.0, (232, 232, 232))])
    shade = pygame.Surface((w, h))
    shade.fill((232, 232, 232))
    big = pygame.transform.smoothscale(glow, (int(w * 1.3), int(h * 1.5)))
    shade.blit(big, (-(big.get_width() - w) // 2, -(big.get_height() - h) // 2))
    surf.blit(shade, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    pygame.draw.rect(surf, PAPER_EDGE, surf.get_rect(), 1)
    return _opaque(surf)


def _picture_frame(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """A thin printed rule around the picture, with a whisper of shadow under it."""
    pygame.draw.rect(surf, (214, 202, 182), rect.inflate(4, 4), 1)
    pygame.draw.line(surf, (236, 228, 212), rect.move(0, 3).bottomleft, rect.move(0, 3).bottomright, 2)


@cached(maxsize=16)
def page_image(page: Page, w: int, h: int) -> pygame.Surface:
    """One page of the book at w x h: a frame with its page number, or a closing page."""
    surf = paper(w, h).copy()
    pic = picture_rect(w, h)
    if page[0] == "frame":
        number = int(page[1])
        _picture_frame(surf, pic)
        surf.blit(frame_picture(number, pic.width, pic.height), pic.topleft)
        size = max(8, int(h * 0.032))
        ui.text(surf, str(number), size, (pic.right, pic.bottom + (h - pic.bottom) // 2),
                colour=(150, 128, 104), anchor="midright")
    else:
        _end_page(surf, pic, page[1], int(page[2]))
    return surf


def _frame_dots(surf: pygame.Surface, rect: pygame.Rect, earned: int) -> None:
    """48 little squares, earned ones filled: how much of the movie this game holds."""
    cols = 16
    cell = rect.width / cols
    r = max(2, int(cell * 0.34))
    for i in range(TOTAL_FRAMES):
        row, col = divmod(i, cols)
        c = (int(rect.x + cell * (col + 0.5)), int(rect.y + cell * (row + 0.5)))
        box = pygame.Rect(0, 0, r * 2, r * 2)
        box.center = c
        if i < earned:
            pygame.draw.rect(surf, (226, 160, 60), box, border_radius=max(1, r // 2))
        else:
            pygame.draw.rect(surf, (206, 192, 170), box, max(1, r // 4), border_radius=max(1, r // 2))


def _end_page(surf: pygame.Surface, pic: pygame.Rect, kind: str, frames: int) -> None:
    h = pic.height
    cx = pic.centerx
    if kind == "won":
        title, line = "Finished!", "All 48 frames: the whole movie. Well done."
        colour = (196, 92, 52)
    elif kind == "empty":
        title, line = "No movie yet", ("Every card you finish becomes a frame of this flip-book. "
                                       "Finish 00:01 to start it.")
        colour = INK
    else:
        left = TOTAL_FRAMES - frames
        title = f"{left} more frame{'s' if left != 1 else ''} to earn"
        line = "Finish more cards to see the rest."
        colour = INK
    big = int(h * (0.2 if kind == "won" else 0.12))
    img = fonts.fit_text(title, int(pic.width * 0.92), big, colour, display=True)
    surf.blit(img, img.get_rect(center=(cx, pic.y + h * (0.30 if kind == "won" else 0.26))))
    text = fonts.wrap_text(line, int(pic.width * 0.8), max(8, int(h * 0.055)), (120, 100, 82),
                           align="centre")
    surf.blit(text, text.get_rect(midtop=(cx, pic.y + h * 0.44)))
    dots = pygame.Rect(0, 0, int(pic.width * 0.62), int(pic.width * 0.62 / 16 * 3))
    dots.midtop = (cx, int(pic.y + h * 0.66))
    _frame_dots(surf, dots, frames)
    note = "complete" if frames >= TOTAL_FRAMES else f"{frames} of {TOTAL_FRAMES} frames"
    ui.text(surf, note, max(8, int(h * 0.045)), (cx, dots.bottom + h * 0.03),
            colour=(150, 128, 104), anchor="midtop")
    if kind == "won":
        for dx in (-1, 1):
            _star(surf, (cx + dx * pic.width * 0.36, pic.y + h * 0.30), h * 0.05, (232, 178, 70))


def _star(surf: pygame.Surface, centre: tuple[float, float], r: float, colour) -> None:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


@cached(maxsize=16)
def page_back(page: Page, w: int, h: int) -> pygame.Surface:
    """The back of a page: plain paper with the picture faintly showing through, mirrored."""
    front = pygame.transform.flip(page_image(page, w, h), True, False)
    back = paper(w, h).copy()
    front = front.copy()
    front.set_alpha(28)
    back.blit(front, (0, 0))
    return back


@cached(maxsize=4)
def book_shadow(w: int, h: int) -> pygame.Surface:
    """The soft shadow the held book throws on the felt (blurred small, then scaled up)."""
    m = max(8, int(min(w, h) * 0.12))
    q = 4
    surf = canvas((w + 2 * m) // q, (h + 2 * m) // q)
    pygame.draw.rect(surf, (0, 0, 0, 130), (m // q, m // q, w // q, h // q), border_radius=m // (3 * q))
    small = blur(surf, max(1, int(m * 0.55) // q))
    return finish(pygame.transform.smoothscale(small, (w + 2 * m, h + 2 * m)))


@cached(maxsize=4)
def tape(w: int, h: int) -> pygame.Surface:
    """The cloth tape that binds the pages at the left, with a stitched line and a sheen."""
    k = 2
    W, H = w * k, h * k
    surf = canvas(W, H, TAPE)
    pygame.draw.rect(surf, (*TAPE, 255), (0, 0, W, H), border_radius=int(W * 0.18))
    for x in range(W):
        t = x / max(1, W - 1)
        light = 0.78 + 0.35 * math.sin(math.pi * (0.15 + 0.7 * t)) - 0.12 * t
        col = tuple(max(0, min(255, int(c * light))) for c in TAPE)
        pygame.draw.line(surf, (*col, 255), (x, k), (x, H - k))
    mask = canvas(W, H, (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, W, H), border_radius=int(W * 0.18))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    dash, gap = max(4, H // 40), max(3, H // 60)
    x = int(W * 0.62)
    y = dash
    while y < H - dash * 2:
        pygame.draw.line(surf, (236, 210, 180, 200), (x, y), (x, y + dash), max(1, k))
        y += dash + gap
    return finish(down(surf, (w, h)))


@cached(maxsize=4)
def thumb(length: int, angle: float = 68.0) -> tuple[pygame.Surface, tuple[int, int]]:
    """A thumb resting on the free edge of the pile, seen from above, with its shadow.

    Returns the picture and where its tip is, relative to the picture's centre.
    """
    k = 2
    L = length * k
    wide = int(L * 0.36)
    size = int(L * 1.5)
    surf = canvas(size, size, SKIN)
    c = size // 2
    body = pygame.Rect(0, 0, wide, L)
    body.midtop = (c, c - L // 2)
    shadow = canvas(size, size)
    pygame.draw.rect(shadow, (20, 10, 0, 120), body.move(int(wide * 0.22), int(wide * 0.18)),
                     border_radius=wide // 2)
    surf.blit(blur(shadow, max(2, wide // 5)), (0, 0))
    skin = canvas(size, size, SKIN)
    rim = mix(SKIN, (120, 66, 44), 0.45)
    pygame.draw.rect(skin, (*rim, 255), body.inflate(k * 2, k * 2), border_radius=wide // 2 + k)
    for x in range(body.width):  # rounded: lit from the left, shaded on the right
        t = x / max(1, body.width - 1)
        light = 1.06 - 0.28 * t ** 1.6 - 0.10 * (1 - t) ** 4
        col = tuple(max(0, min(255, int(v * light))) for v in SKIN)
        pygame.draw.line(skin, (*col, 255), (body.x + x, body.y), (body.x + x, body.bottom))
    mask = canvas(size, size, (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255, 255), body.inflate(k * 2, k * 2), border_radius=wide // 2 + k)
    skin.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    nail = pygame.Rect(0, 0, int(wide * 0.64), int(L * 0.27))
    nail.midtop = (body.centerx - int(wide * 0.03), body.y + int(wide * 0.16))
    pygame.draw.rect(skin, (*mix(SKIN, (150, 90, 70), 0.3), 255), nail.inflate(k * 2, k * 2),
                     border_radius=nail.width // 2)
    pygame.draw.rect(skin, (*mix(SKIN, (255, 232, 226), 0.5), 255), nail, border_radius=nail.width // 2)
    pygame.draw.rect(skin, (*mix(SKIN, (255, 250, 246), 0.75), 255),
                     (nail.x + nail.width * 0.2, nail.y + nail.height * 0.12, nail.width * 0.22,
                      nail.height * 0.55), border_radius=nail.width // 6)
    crease = body.y + int(L * 0.52)
    for dy in (0, int(wide * 0.12)):
        pygame.draw.arc(skin, (*mix(SKIN, (140, 84, 60), 0.45), 255),
                        (body.x + wide * 0.25, crease + dy - wide * 0.1, wide * 0.5, wide * 0.22),
                        math.pi * 1.1, math.pi * 1.9, max(1, k))
    surf.blit(skin, (0, 0))
    turned = pygame.transform.rotate(surf, angle)
    a = math.radians(angle)
    tip = L / 2
    offset = (-tip * math.sin(a) / k, -tip * math.cos(a) / k)
    out = down(turned, (turned.get_width() // k, turned.get_height() // k))
    return finish(out), (int(offset[0]), int(offset[1]))


@lru_cache(maxsize=4)
def _shadow_ramp(height: int) -> pygame.Surface:
    """A horizontal dark-to-clear ramp (scaled to width when used) for the lifting page."""
    surf = pygame.Surface((64, max(1, height)), pygame.SRCALPHA)
    for x in range(64):
        a = int(150 * (1 - x / 63) ** 1.6)
        pygame.draw.line(surf, (40, 26, 16, a), (x, 0), (x, height))
    return surf


# -- the page turn ---------------------------------------------------------------------------

def curl_strips(t: float, width: float, n: int) -> list[tuple[float, float, float]]:
    """The turning page as n+1 points (x from the hinge, z towards the eye, bend angle).

    t runs 0..1. The page lifts from the hinge (its base angle grows) while bending along its
    width (the free edge leads, most in mid-flip), so it curls up and springs away.
    """
    t = max(0.0, min(1.0, t))
    ease = t * t * (3 - 2 * t)
    theta = ease * 1.62
    bend = 1.25 * math.sin(math.pi * min(1.0, t * 1.15))
    points = [(0.0, 0.0, theta)]
    x = z = 0.0
    step = width / n
    for i in range(1, n + 1):
        u = (i - 0.5) / n
        phi = theta + bend * u ** 1.6
        x += math.cos(phi) * step
        z += math.sin(phi) * step
        points.append((x, z, phi))
    return points


def draw_turning_page(surface: pygame.Surface, page: Page, rect: pygame.Rect, t: float,
                      strips: int = 56) -> None:
    """The top page of the book at `rect`, turned by t (0 flat .. 1 gone), drawn in strips.

    Each strip of the page is scaled to its projected width and height (perspective makes the
    lifted part taller) and shaded by its angle to the light; where the curl folds back over
    itself, the back of the page shows.
    """
    if t <= 0.0:
        surface.blit(page_image(page, rect.width, rect.height), rect.topleft)
        return
    if t >= 1.0:
        return
    w, h = rect.size
    spine = spine_width(w)
    front = page_image(page, w, h)
    back = page_back(page, w, h)
    hinge = rect.x + spine
    span = w - spine
    points = curl_strips(t, span, strips)
    eye = span * 6.0
    cy = rect.centery
    # the lifted page darkens the page beneath just past its edge
    reach = max(hinge + x * eye / (eye - z) for x, z, _ in points)
    lift = min(1.0, max(p[1] for p in points) / (span * 0.35))
    if lift > 0.02:
        sw = int(span * (0.05 + 0.22 * lift))
        ramp = pygame.transform.scale(_shadow_ramp(h), (max(1, sw), h))
        ramp.set_alpha(int(255 * min(1.0, lift * 1.4)))
        x = int(reach - 2)
        clip = surface.get_clip()
        surface.set_clip(rect)
        surface.blit(ramp, (x, rect.y))
        surface.set_clip(clip)
    src_w = span / strips
    left_part = front.subsurface((0, 0, spine, h))
    surface.blit(left_part, rect.topleft)
    for i in range(strips):
        x0, z0, _ = points[i]
        x1, z1, phi = points[i + 1]
        s0, s1 = eye / (eye - z0), eye / (eye - z1)
        sx0, sx1 = hinge + x0 * s0, hinge + x1 * s1
        height = h * (s0 + s1) / 2
        facing = sx1 >= sx0
        left, right = (sx0, sx1) if facing else (sx1, sx0)
        dw = int(math.ceil(right) - math.floor(left)) + 1
        if dw <= 0 or height < 1:
            continue
        if facing:
            src = front.subsurface((spine + int(i * src_w), 0, max(1, int(src_w + 0.999)), h))
            light = 0.66 + 0.36 * math.cos(phi - 0.42)
        else:
            col = w - spine - int((i + 1) * src_w)
            src = back.subsurface((max(0, col), 0, max(1, int(src_w + 0.999)), h))
            light = 0.80 + 0.18 * abs(math.cos(phi))
        strip = pygame.transform.smoothscale(src, (dw, int(height)))
        level = max(0, min(255, int(255 * light)))
        if level < 255:
            strip.fill((level, level, level), special_flags=pygame.BLEND_RGB_MULT)
        if facing and 0.25 < phi < 0.8:  # a soft sheen where the bend catches the light
            glint = int(28 * math.sin((phi - 0.25) / 0.55 * math.pi))
            strip.fill((glint, glint, glint - 4 if glint > 4 else 0), special_flags=pygame.BLEND_RGB_ADD)
        surface.blit(strip, (math.floor(left), int(cy - height / 2)))
