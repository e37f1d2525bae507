"""The flip-book player: the Finished! pile held in the hand, pages flipping under the thumb.

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
from functools import lru_cache
from typing import Any, Optional, Sequence

import pygame

from game.movies import TOTAL_FRAMES, Movie, movie_of_match, save_match_movie
from scenes import widgets as ui
from scenes.art import fonts
from scenes.art._cache import cached
from scenes.art.draw import blur, canvas, down, finish, mix, radial
from scenes.art.table import felt
from scenes.manager import Scene

SPEEDS = (1, 2, 3, 4, 6, 8, 10, 12, 15, 18, 24, 30)
DEFAULT_FPS = 12
FLIP_SECONDS = 0.32  # a flip never takes longer than this, however slow the speed
STEP_SECONDS = 0.30  # the flip shown for a single step
LOOP_HOLD = 1.6  # seconds the closing page stays before a loop starts over
PAPER = (251, 247, 237)
PAPER_EDGE = (228, 218, 198)
INK = (74, 56, 42)
TAPE = (128, 58, 44)
KRAFT = (170, 128, 88)
SKIN = (236, 190, 156)

Page = tuple  # ("frame", number) or ("end", kind, frames)


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
    from scenes.finished.faces import frame_image
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


__all__ = ["FlipbookPlayer", "open_player", "open_player_for", "draw_turning_page", "page_image",
           "frame_picture"]
