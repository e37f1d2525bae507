"""Draws one frame of the flip-book from its state (see story.Frame).

The picture, back to front: the wall with the window (the sky outside runs through the
day), the clock and the lamp; the chair, the woman behind her desk; the monitor and
everything on the desk; her arms and hands, and whatever she is holding; the lamp's
light last. Picture units are 960 x 720; the pen draws them supersampled.
"""
from __future__ import annotations

import math

from . import palette as P
from .pen import (Pen, Xform, arc_pts, bezier, ellipse_pts, lerp, mix, rrect_pts,
                  stroke_pts, with_alpha)
from .story import (BOWL, CX, DONE_X, FILES, FOLDER_H, HEAD_Y, IN_X, SHOULDER_Y,
                    TRAY_FLOOR, Frame)

W, H = 960, 720

# ---- the day's light ------------------------------------------------------------------

# (u, sky top, sky middle, sky at the horizon)
SKY = [
    (0.00, (92, 98, 168), (206, 146, 172), (255, 196, 150)),
    (0.12, (116, 168, 228), (196, 218, 238), (250, 228, 200)),
    (0.30, (94, 162, 232), (168, 208, 240), (214, 234, 246)),
    (0.55, (82, 154, 230), (156, 202, 240), (206, 230, 246)),
    (0.74, (100, 156, 222), (184, 206, 228), (250, 222, 172)),
    (0.87, (108, 112, 188), (236, 152, 142), (255, 180, 100)),
    (1.00, (44, 44, 102), (150, 88, 140), (246, 132, 98)),
]

# (u, multiply factors for everything indoors)
TINT = [
    (0.00, (0.82, 0.78, 0.88)),
    (0.12, (0.96, 0.94, 0.96)),
    (0.28, (1.0, 1.0, 1.0)),
    (0.62, (1.0, 1.0, 1.0)),
    (0.78, (1.0, 0.96, 0.90)),
    (0.90, (0.99, 0.88, 0.80)),
    (1.00, (0.80, 0.72, 0.84)),
]


def _table(table, u):
    for a, b in zip(table, table[1:]):
        if a[0] <= u <= b[0]:
            t = (u - a[0]) / (b[0] - a[0])
            return [tuple(lerp(x, y, t) for x, y in zip(ca, cb)) for ca, cb in zip(a[1:], b[1:])]
    return [tuple(c) for c in table[-1][1:]]


def sky_colours(u):
    top, mid, hor = _table(SKY, u)
    return tuple(map(int, top)), tuple(map(int, mid)), tuple(map(int, hor))


def tint_at(u):
    return _table(TINT, u)[0]


def smoothstep(a, b, x):
    t = max(0.0, min(1.0, (x - a) / (b - a)))
    return t * t * (3 - 2 * t)


# ---- the room -------------------------------------------------------------------------

GLASS = (54, 54, 272, 272)     # x, y, w, h of the window's glass


def draw_room(pen: Pen, fr: Frame) -> None:
    pen.rect(P.WALL, 0, 0, W, H)
    pen.rect(P.BASEBOARD, 0, 652, W, 12)
    pen.rect(P.FLOOR, 0, 664, W, H - 664)
    for y in (684, 706):
        pen.rect(P.FLOOR_LINE, 0, y, W, 2)
    for x, y in ((150, 664), (420, 684), (700, 664), (260, 706), (840, 684)):
        pen.rect(P.FLOOR_LINE, x, y, 2, 20 if y < 706 else 14)


def draw_window(pen: Pen, fr: Frame) -> None:
    u = fr.u
    gx, gy, gw, gh = GLASS
    # wall shadow and frame
    pen.rrect(with_alpha(P.SHADOW, 26), 46, 48, 304, 304, 10)
    pen.rrect(P.WINDOW_FRAME, 40, 40, 300, 300, 8)
    # the sky, lit from outside
    k = pen.k
    clip = pen.surface.get_clip()
    pen.surface.set_clip((gx * k, gy * k, gw * k, gh * k))
    top, mid, hor = sky_colours(u)
    pen.vgradient(top, hor, gx, gy, gw, gh, lit=True, stops=[(0.62, mid)])
    dusk = smoothstep(0.84, 1.0, u)
    # stars at dusk
    for i, (sx, sy) in enumerate(((80, 78), (132, 98), (230, 70), (290, 112), (176, 66),
                                  (258, 142), (104, 136), (306, 80))):
        a = int(230 * smoothstep(0.88 + i * 0.012, 0.99, u))
        if a > 0:
            pen.circle(with_alpha((255, 250, 230), a), sx, sy, 1.7 if i % 3 else 2.3, lit=True)
    # the sun on its arc
    s = u / 0.93
    if s < 1.04:
        sx = lerp(gx - 6, gx + gw + 6, s)
        sy = gy + gh - 40 - math.sin(math.pi * min(1.0, max(0.0, s))) * 190
        high = math.sin(math.pi * min(1.0, max(0.0, s)))
        sun = mix((255, 150, 80), (255, 246, 200), high)
        pen.glow(sun, sx, sy, 62, 62, 110, rings=10)
        pen.circle(sun, sx, sy, 19, lit=True)
    # clouds drifting to the right
    cloud = mix((255, 255, 255), (255, 190, 170), smoothstep(0.72, 0.92, u))
    cloud = mix(cloud, (176, 120, 160), dusk * 0.8)
    for base, cy, sc in ((40.0, 110.0, 1.0), (200.0, 170.0, 0.8), (330.0, 92.0, 0.7)):
        cx = gx - 60 + (base + fr.k * 4.2) % (gw + 120)
        for dx, dy, r in ((0, 0, 16), (18, -8, 20), (38, 0, 15), (18, 6, 16), (-14, 5, 11), (52, 6, 10)):
            pen.circle(with_alpha(cloud, 235), cx + dx * sc, cy + dy * sc, r * sc, lit=True)
    # the town below
    town = mix(mix(top, (90, 96, 140), 0.45), hor, 0.25)
    town = mix(town, (54, 46, 86), dusk)
    far = mix(town, hor, 0.45)
    buildings = [(0, 38, 70), (34, 30, 96), (60, 44, 58), (100, 26, 112), (122, 40, 80),
                 (158, 34, 64), (188, 28, 100), (212, 46, 74), (252, 30, 90)]
    for i, (bx, bw, bh) in enumerate(buildings):
        x = gx + bx + (8 if i % 2 else -4)
        pen.rect(far, x + 10, gy + gh - bh - 22, bw * 0.8, bh + 22, lit=True)
    lights = smoothstep(0.8, 0.96, u)
    for i, (bx, bw, bh) in enumerate(buildings):
        x, y = gx + bx, gy + gh - bh
        pen.rect(town, x, y, bw, bh, lit=True)
        if lights > 0:
            for r in range(int(bh // 14)):
                for c in range(int(bw // 10)):
                    if (i * 7 + r * 3 + c * 5) % 4 == 0:
                        a = int(240 * smoothstep(0.0, 1.0, lights * 2 - ((i + r + c) % 3) * 0.3))
                        if a > 0:
                            pen.rect(with_alpha((255, 220, 130), a), x + 4 + c * 10, y + 6 + r * 14,
                                     5, 7, lit=True)
    pen.surface.set_clip(clip)
    # mullions and the sill
    pen.rect(P.WINDOW_FRAME, gx + gw / 2 - 5, gy, 10, gh)
    pen.rect(P.WINDOW_FRAME, gx, gy + gh / 2 - 5, gw, 10)
    pen.rect(with_alpha(P.WINDOW_SHADE, 150), gx, gy, gw, 5)
    pen.rect(with_alpha(P.SHADOW, 30), 30, 350, 320, 8)
    pen.rrect(P.SILL, 26, 334, 328, 16, 4)
    draw_plant(pen, fr, 300, 334)


def draw_plant(pen: Pen, fr: Frame, x: float, y: float) -> None:
    sway = math.sin(fr.k * 0.55) * 3.0
    leaves = [(-58, 44, P.LEAF_DARK), (-22, 52, P.LEAF), (8, 56, P.LEAF_DARK), (40, 46, P.LEAF),
              (-40, 34, P.LEAF), (24, 36, P.LEAF_DARK)]
    for i, (ang, ln, col) in enumerate(leaves):
        a = math.radians(ang - 90 + sway * (1 if i % 2 else 0.6))
        tip = (x + math.cos(a) * ln, y - 26 + math.sin(a) * ln)
        base = (x, y - 26)
        mid = ((base[0] + tip[0]) / 2, (base[1] + tip[1]) / 2)
        nx, ny = -(tip[1] - base[1]) / ln, (tip[0] - base[0]) / ln
        w = 9
        pts = (bezier(base, (mid[0] + nx * w, mid[1] + ny * w), tip, n=10)
               + bezier(tip, (mid[0] - nx * w, mid[1] - ny * w), base, n=10)[1:])
        pen.poly(col, pts)
    pen.poly(P.POT, [(x - 20, y - 30), (x + 20, y - 30), (x + 15, y), (x - 15, y)])
    pen.rrect(P.POT_DARK, x - 22, y - 34, 44, 9, 3)


def draw_clock(pen: Pen, fr: Frame) -> None:
    cx, cy, r = 838.0, 114.0, 52.0
    pen.circle(with_alpha(P.SHADOW, 34), cx + 4, cy + 6, r + 1)
    pen.circle(P.CLOCK_RIM, cx, cy, r)
    pen.circle(P.CLOCK_FACE, cx, cy, r - 7)
    for i in range(12):
        a = math.radians(i * 30 - 90)
        r0 = r - 15 if i % 3 else r - 19
        pen.line(P.CLOCK_HAND, (cx + math.cos(a) * r0, cy + math.sin(a) * r0),
                 (cx + math.cos(a) * (r - 12), cy + math.sin(a) * (r - 12)), 3.4 if i % 3 == 0 else 2.2)
    h = fr.hours
    ha = math.radians((h % 12) / 12 * 360 - 90)
    ma = math.radians((h % 1) * 360 - 90)
    pen.line(P.CLOCK_HAND, (cx - math.cos(ha) * 5, cy - math.sin(ha) * 5),
             (cx + math.cos(ha) * 22, cy + math.sin(ha) * 22), 6)
    pen.line(P.CLOCK_HAND, (cx - math.cos(ma) * 6, cy - math.sin(ma) * 6),
             (cx + math.cos(ma) * 34, cy + math.sin(ma) * 34), 3.6)
    pen.circle(P.CLOCK_RED, cx, cy, 4.2)


LAMP_X = 596.0


def draw_lamp(pen: Pen, fr: Frame) -> None:
    x = LAMP_X
    pen.line(P.LAMP_CORD, (x, -4), (x, 64), 3)
    on = fr.lamp > 0.01
    pen.poly(P.LAMP_SHADE, [(x - 15, 60), (x + 15, 60)] + arc_pts(x + 40, 98, 8, 8, -60, 90, 6)
             + arc_pts(x - 40, 98, 8, 8, 90, 240, 6))
    pen.rrect(mix(P.LAMP_SHADE, (255, 255, 255), 0.25), x - 17, 56, 34, 8, 4)
    inside = mix(P.LAMP_INSIDE, P.LAMP_BULB, fr.lamp)
    pen.ellipse(inside, x, 105, 44, 5, lit=on)
    bulb = mix((236, 232, 222), P.LAMP_BULB, fr.lamp)
    pen.poly(bulb, arc_pts(x, 106, 10, 10, 0, 180, 10), lit=on)


def draw_lamp_light(pen: Pen, fr: Frame) -> None:
    if fr.lamp <= 0.01:
        return
    x = LAMP_X
    a = fr.lamp
    pen.glow(P.LAMP_LIGHT, x, 120, 300, 250, int(60 * a), rings=12)
    pen.glow((255, 246, 220), x, 110, 60, 40, int(90 * a), rings=8)


# ---- the desk and what is on it -------------------------------------------------------

DESK_BACK = 458.0
DESK_FRONT = 578.0


def draw_under_desk(pen: Pen, fr: Frame) -> None:
    # the shadow under the desk, the chair's foot and her legs
    pen.rect(with_alpha(P.KNEE_SPACE, 120), 250, 600, 650, 64)
    pen.rect(with_alpha(P.KNEE_SPACE, 150), 250, 664, 650, 56)
    pen.ellipse(with_alpha(P.SHADOW, 60), 480, 698, 150, 14)
    pen.rect(P.CHAIR_METAL, 476, 600, 10, 70)
    for ex, ey in ((396, 690), (566, 690), (480, 700)):
        pen.line(P.CHAIR_METAL, (481, 668), (ex, ey), 9)
        pen.circle((50, 50, 58), ex, ey + 6, 7)
    tap = 3.0 if fr.typing and fr.k % 2 == 0 else 0.0
    for i, x in enumerate((438.0, 492.0)):
        pen.rrect(mix(P.TROUSERS, (0, 0, 0), 0.12), x, 596, 34, 86, 12)
        lift = tap if i == 1 else 0.0
        shoe = Xform((x + 17 + (-6 if i == 0 else 6), 688 - lift), -8 if i == 0 else 8 - lift * 2)
        pen.poly(P.SHOES, shoe.pts(ellipse_pts(0, 0, 22, 9, 28)))
        pen.poly(mix(P.SHOES, (255, 255, 255), 0.3), shoe.pts(ellipse_pts(-2, -4, 12, 3, 16)))


def draw_desk(pen: Pen, fr: Frame) -> None:
    pen.poly(P.DESK_TOP, [(28, DESK_BACK), (932, DESK_BACK), (948, DESK_FRONT), (12, DESK_FRONT)])
    pen.poly(P.DESK_TOP_BACK, [(28, DESK_BACK), (932, DESK_BACK), (934, DESK_BACK + 8),
                               (26, DESK_BACK + 8)])
    pen.rect(P.DESK_EDGE, 12, DESK_FRONT - 3, 936, 3)
    pen.rect(P.DESK_FRONT, 12, DESK_FRONT, 936, 22)
    pen.rect(P.DESK_DARK, 12, DESK_FRONT + 22, 936, 3)
    # left pedestal with drawers, right leg
    pen.rect(P.DESK_FRONT, 34, 600, 216, 56)
    pen.rect(P.DESK_FRONT, 34, 656, 216, 8)
    for y in (608, 634):
        pen.rrect(mix(P.DESK_FRONT, (255, 255, 255), 0.08), 44, y, 196, 22, 4)
        pen.rrect(P.HANDLE, 124, y + 8, 36, 6, 3)
    pen.rect(P.DESK_DARK, 34, 660, 216, 4)
    pen.rect(P.DESK_FRONT, 898, 600, 30, 64)


def draw_sunlight(pen: Pen, fr: Frame) -> None:
    """The window's light on the desk: it slides from right to left as the sun crosses
    the sky, strongest at midday, gone at sunset."""
    s = fr.u / 0.93
    if s >= 1.0:
        return
    strength = math.sin(math.pi * s) ** 0.7
    a = int(60 * strength)
    if a <= 0:
        return
    cx = lerp(430, 150, s)
    skew = lerp(-70, 70, s)
    for grow, alpha in ((10, a // 2), (0, a)):
        x0, x1 = cx - 90 - grow, cx + 90 + grow
        pen.poly(with_alpha((255, 244, 214), alpha),
                 [(x0, DESK_BACK + 2), (x1, DESK_BACK + 2), (x1 + skew, DESK_FRONT - 4),
                  (x0 + skew, DESK_FRONT - 4)], lit=True, aa=False)
    # the window's cross, as a shadow in the light
    mx = cx + skew / 2
    pen.poly(with_alpha(P.SHADOW, int(a * 0.5)),
             [(mx - 4 - skew / 2, DESK_BACK + 2), (mx + 4 - skew / 2, DESK_BACK + 2),
              (mx + 4 + skew / 2, DESK_FRONT - 4), (mx - 4 + skew / 2, DESK_FRONT - 4)], aa=False)


def draw_desk_things(pen: Pen, fr: Frame) -> None:
    """A cup of pencils on the left, a little succulent on the right."""
    x, y = 92.0, 520.0
    pen.ellipse(with_alpha(P.SHADOW, 44), x + 2, y + 4, 30, 5)
    for dx, ang, col in ((-8, -14, (250, 200, 60)), (2, 4, (234, 92, 86)), (10, 16, (90, 140, 220)),
                         (-1, -4, (106, 190, 100))):
        a = math.radians(ang - 90)
        tip = (x + dx + math.cos(a) * 62, y - 20 + math.sin(a) * 62)
        pen.line(col, (x + dx, y - 20), tip, 7)
        pen.line(P.SKIN_DARK if col != (90, 140, 220) else (60, 60, 70),
                 (x + dx + math.cos(a) * 58, y - 20 + math.sin(a) * 58), tip, 3)
    pen.poly(P.TRAY_DONE, rrect_pts(x - 22, y - 40, 44, 44, (4, 4, 8, 8)))
    pen.rect(P.TRAY_DONE_DARK, x - 22, y - 40, 44, 6)
    pen.rect(mix(P.TRAY_DONE, (255, 255, 255), 0.25), x - 14, y - 30, 5, 26)
    # succulent
    x, y = 886.0, 526.0
    pen.ellipse(with_alpha(P.SHADOW, 44), x + 2, y + 2, 24, 5)
    for ang, ln in ((-50, 24), (-20, 28), (10, 28), (40, 24), (-35, 18), (25, 18), (0, 20)):
        a = math.radians(ang - 90)
        tip = (x + math.cos(a) * ln, y - 26 + math.sin(a) * ln)
        pen.stroke(P.LEAF if ln > 20 else P.LEAF_DARK, [(x, y - 24), tip], 11, 5)
    pen.poly(P.MUG, [(x - 18, y - 30), (x + 18, y - 30), (x + 14, y), (x - 14, y)])
    pen.rect(P.MUG_SHADE, x - 18, y - 30, 36, 5)


def draw_keyboard(pen: Pen, fr: Frame) -> None:
    pen.ellipse(with_alpha(P.SHADOW, 40), 484, 504, 76, 6)
    pen.poly(P.KEYBOARD, [(420, 474), (546, 474), (554, 498), (412, 498)])
    pen.poly(P.KEYBOARD_SIDE, [(412, 498), (554, 498), (554, 503), (412, 503)])
    for r in range(3):
        y = 478 + r * 6.6
        x0 = lerp(424, 416, r / 3)
        x1 = lerp(542, 550, r / 3)
        n = 11
        step = (x1 - x0) / n
        for c in range(n):
            pen.rect(P.KEY, x0 + c * step + 1.2, y, step - 2.4, 4.2)
    pen.rect(P.KEY, 450, 478 + 3 * 6.6 - 0.6, 66, 3.6)


def folder_slab(pen: Pen, xf: Xform, colour, w: float = 132, h: float = FOLDER_H,
                top_face: bool = True, paper: bool = True) -> None:
    x0 = -w / 2
    if top_face:
        pen.poly(mix(colour, (255, 255, 255), 0.35),
                 xf.pts([(x0 + 7, -h - 7), (x0 + w - 7, -h - 7), (x0 + w, -h), (x0, -h)]))
        pen.poly(mix(P.PAPER, colour, 0.1),
                 xf.pts([(x0 + 22, -h - 5.5), (x0 + w - 24, -h - 5.5), (x0 + w - 20, -h - 1.5),
                         (x0 + 18, -h - 1.5)]))
    pen.poly(colour, xf.pts(rrect_pts(x0, -h, w, h, 3)))
    pen.poly(mix(colour, (0, 0, 0), 0.14), xf.pts(rrect_pts(x0, -2.6, w, 2.6, 1)))
    if paper:
        pen.poly(P.PAPER, xf.pts(rrect_pts(x0 + 8, -h + 2, w - 22, 2.6, 1)))


IN_OFFSETS = [0, -5, 4, -2, 6, -6, 2, -3]
DONE_OFFSETS = [1, -2, 2, -1, 3, -2, 1, 0]


def draw_tray(pen: Pen, x: float, dark) -> None:
    pen.ellipse(with_alpha(P.SHADOW, 44), x, TRAY_FLOOR + 10, 84, 8)
    pen.rrect(dark, x - 72, TRAY_FLOOR - 16, 144, 8, 3)


def draw_tray_front(pen: Pen, x: float, base, icon: str) -> None:
    pen.rrect(base, x - 78, TRAY_FLOOR - 6, 156, 17, 5)
    pen.rect(mix(base, (255, 255, 255), 0.25), x - 72, TRAY_FLOOR - 5, 144, 2)
    cx, cy = x, TRAY_FLOOR + 2.5
    if icon == "in":   # an arrow going down into the tray
        pen.line(P.PAPER, (cx, cy - 5), (cx, cy + 3), 3)
        pen.poly(P.PAPER, [(cx - 5, cy + 1), (cx + 5, cy + 1), (cx, cy + 6)])
    else:              # a tick
        pen.stroke(P.PAPER, [(cx - 6, cy), (cx - 2, cy + 4), (cx + 7, cy - 5)], 3)


def draw_piles(pen: Pen, fr: Frame) -> None:
    draw_tray(pen, IN_X, P.TRAY_IN_DARK)
    for i in range(fr.in_count):
        xf = Xform((IN_X + IN_OFFSETS[i], TRAY_FLOOR - i * FOLDER_H))
        folder_slab(pen, xf, P.FOLDER_COLOURS[i], top_face=(i == fr.in_count - 1))
    draw_tray_front(pen, IN_X, P.TRAY_IN, "in")

    draw_tray(pen, DONE_X, P.TRAY_DONE_DARK)
    for j in range(fr.done_count):
        xf = Xform((DONE_X + DONE_OFFSETS[j], TRAY_FLOOR - j * FOLDER_H))
        folder_slab(pen, xf, P.FOLDER_COLOURS[FILES - 1 - j], top_face=(j == fr.done_count - 1))
    draw_tray_front(pen, DONE_X, P.TRAY_DONE, "done")


SWEET_SPOTS = [(-22, -2), (-6, -4), (11, -3), (25, 0), (-14, -12), (3, -14), (17, -11)]


def draw_sweet(pen: Pen, cx: float, cy: float, colour, angle: float = 0.0, r: float = 8.0) -> None:
    xf = Xform((cx, cy), angle)
    pen.poly(mix(colour, (0, 0, 0), 0.1), xf.pts([(-r + 2, 0), (-r - 6, -5), (-r - 6, 5)]))
    pen.poly(mix(colour, (0, 0, 0), 0.1), xf.pts([(r - 2, 0), (r + 6, -5), (r + 6, 5)]))
    pen.poly(colour, xf.pts(ellipse_pts(0, 0, r, r * 0.92, 22)))
    pen.poly(mix(colour, (255, 255, 255), 0.55), xf.pts(ellipse_pts(-2.5, -3, 3, 2, 10)))


def draw_bowl(pen: Pen, fr: Frame) -> None:
    bx, by = BOWL
    pen.ellipse(with_alpha(P.SHADOW, 44), bx, by + 26, 34, 5)
    pen.ellipse(P.BOWL_SHADE, bx, by, 40, 8)
    for i in range(fr.sweets_left):
        dx, dy = SWEET_SPOTS[i]
        draw_sweet(pen, bx + dx, by + dy, P.SWEET_COLOURS[i], angle=(i * 37) % 50 - 25)
    pen.poly(P.BOWL, [(bx - 40, by)] + arc_pts(bx, by, 40, 26, 0, 180, 24)[::-1] + [(bx + 40, by)])
    pen.poly(mix(P.BOWL, (255, 255, 255), 0.35), arc_pts(bx - 6, by + 4, 26, 14, 110, 160, 8)
             + arc_pts(bx - 6, by + 4, 22, 10, 160, 110, 8))
    pen.stroke(P.BOWL_RIM, arc_pts(bx, by, 40, 8, 0, 180, 20), 3)
    pen.rrect(P.BOWL_SHADE, bx - 14, by + 23, 28, 5, 2)


def draw_mug(pen: Pen, fr: Frame) -> None:
    mx, my = fr.mug_pos
    xf = Xform((mx, my), fr.mug_tilt)
    if not fr.mug_in_hand:
        pen.ellipse(with_alpha(P.SHADOW, 50), mx + 2, my + 24, 24, 5)
    # steam
    if fr.steam > 0:
        for j, off in enumerate((-7.0, 6.0)):
            pts = []
            for i in range(10):
                yy = -30 - i * 5.2
                xx = off + math.sin(i * 0.7 + fr.k * 1.3 + j * 2.0) * 4.5
                pts.append((mx + xx, my + yy))
            pen.stroke(with_alpha(P.STEAM, int(150 * fr.steam)), pts, 5, 1.5, lit=True)
    handle = arc_pts(19, 0, 11, 12, -80, 80, 12)
    pen.poly(P.MUG, xf.pts(stroke_pts(handle, 6.5)))
    pen.poly(P.MUG, xf.pts(rrect_pts(-19, -22, 38, 45, (3, 3, 11, 11))))
    pen.poly(P.MUG_SHADE, xf.pts(rrect_pts(9, -20, 9, 42, (0, 2, 9, 0))))
    pen.poly(P.MUG_SHADE, xf.pts(ellipse_pts(0, -22, 19, 4.6, 24)))
    pen.poly(P.COFFEE, xf.pts(ellipse_pts(0, -21.4, 16, 3.2, 24)))
    # a heart on the mug
    pen.poly(P.HEART, xf.pts(ellipse_pts(-5, -1, 4.6, 4.6, 14)))
    pen.poly(P.HEART, xf.pts(ellipse_pts(2, -1, 4.6, 4.6, 14)))
    pen.poly(P.HEART, xf.pts([(-9.4, 0.6), (6.4, 0.6), (-1.5, 9)]))


def draw_monitor(pen: Pen, fr: Frame) -> None:
    pen.ellipse(with_alpha(P.SHADOW, 50), 764, 468, 56, 7)
    pen.rect(P.MONITOR_STAND, 755, 404, 18, 60)
    pen.rect(mix(P.MONITOR_STAND, (0, 0, 0), 0.15), 755, 404, 18, 8)
    pen.poly(P.MONITOR_STAND, ellipse_pts(764, 465, 44, 7, 32))
    pen.poly(P.MONITOR_SIDE, [(872, 266), (884, 274), (884, 400), (872, 408)])
    pen.rrect(P.MONITOR, 648, 260, 228, 150, 10)
    sx, sy, sw, sh = 658.0, 270.0, 208.0, 124.0
    if fr.screen == "off":
        pen.rect(P.SCREEN_OFF, sx, sy, sw, sh)
        pen.poly(with_alpha((255, 255, 255), 16), [(sx + 30, sy), (sx + 90, sy), (sx + 30, sy + sh),
                                                  (sx - 30, sy + sh)], aa=False)
        pen.circle((120, 200, 140), 762, 404, 2)
    else:
        pen.rect(P.SCREEN, sx, sy, sw, sh, lit=True)
        if fr.screen == "check":
            for i, (dx, dy) in enumerate(((-70, -36), (64, -40), (-80, 20), (78, 26), (-40, 44),
                                          (46, 48), (-22, -48), (26, -50), (90, -6), (-94, -6))):
                col = P.SWEET_COLOURS[i % len(P.SWEET_COLOURS)]
                pen.poly(col, Xform((762 + dx, 332 + dy), i * 40).pts(rrect_pts(-5, -2.5, 10, 5, 2)),
                         lit=True)
            pen.circle(P.CHECK, 762, 332, 40, lit=True)
            pen.stroke((255, 255, 255), [(742, 333), (756, 347), (782, 318)], 10, lit=True)
        else:
            draw_document(pen, fr, sx, sy, sw, sh)
        pen.circle((120, 200, 140), 762, 404, 2, lit=True)
    # sticky notes on the bezel
    pen.poly(P.NOTE_YELLOW, Xform((866, 262), 9).pts(rrect_pts(-14, -14, 28, 28, 2)))
    pen.poly(mix(P.NOTE_YELLOW, (0, 0, 0), 0.1), Xform((866, 262), 9).pts(rrect_pts(-14, -14, 28, 5, 1)))
    pen.poly(P.NOTE_PINK, Xform((654, 398), -7).pts(rrect_pts(-12, -12, 24, 24, 2)))


LINE_WIDTHS = [0.92, 0.78, 0.96, 0.6, 0.88, 0.94, 0.5, 0.82, 0.9, 0.7, 0.97, 0.64]


def draw_document(pen: Pen, fr: Frame, sx, sy, sw, sh) -> None:
    pen.rect(P.SCREEN_BAR, sx, sy, sw, 13, lit=True)
    for i in range(3):
        pen.circle((255, 255, 255), sx + 9 + i * 9, sy + 6.5, 2.4, lit=True)
    # a sidebar listing the files: ticks for those done
    pen.rect((222, 230, 242), sx, sy + 13, 44, sh - 13, lit=True)
    for i in range(FILES):
        y = sy + 20 + i * 12.4
        done = i < fr.done_count
        pen.rrect(P.FOLDER_COLOURS[FILES - 1 - i], sx + 5, y, 9, 7, 1.5, lit=True)
        pen.rrect(P.SCREEN_TEXT, sx + 17, y + 1.5, 16, 3.5, 1.5, lit=True)
        if done:
            pen.stroke(P.CHECK, [(sx + 34, y + 3), (sx + 36.5, y + 6), (sx + 41, y)], 2.2, lit=True)
    # the page being typed
    px, py, pw, ph = sx + 54, sy + 20, sw - 64, sh - 26
    pen.rect((255, 255, 255), px, py, pw, ph, lit=True)
    per_page = 8
    lines = fr.doc_lines
    page = int(lines // per_page)
    on_page = lines - page * per_page
    pen.rrect(P.SCREEN_TEXT_DARK, px + 8, py + 6, pw * 0.45, 5, 2, lit=True)
    for i in range(per_page):
        full = i + 1 <= on_page
        part = on_page - i if not full else 1.0
        if part <= 0:
            break
        wfrac = LINE_WIDTHS[(page * per_page + i) % len(LINE_WIDTHS)]
        w = (pw - 16) * wfrac * min(1.0, part)
        if w > 2:
            pen.rrect(P.SCREEN_TEXT, px + 8, py + 16 + i * 9, w, 3.6, 1.5, lit=True)
    if on_page < per_page:  # the cursor
        i = int(on_page)
        wfrac = LINE_WIDTHS[(page * per_page + i) % len(LINE_WIDTHS)]
        cx = px + 8 + (pw - 16) * wfrac * (on_page - i)
        pen.rect(P.SCREEN_BAR, cx + 1, py + 14 + i * 9, 1.6, 7.6, lit=True)


# ---- the woman -------------------------------------------------------------------------

UPPER_ARM = 110.0
FOREARM = 104.0


class Body:
    """Where her joints are on this frame."""

    def __init__(self, fr: Frame):
        L, D, R = fr.lean, fr.dip, fr.recline
        self.head = (CX + L * 1.05, HEAD_Y + D + abs(L) * 0.06 + 7 * R)
        sy = SHOULDER_Y + D * 0.8 + abs(L) * 0.05 + 8 * R
        self.sy = sy
        self.neck = (CX + L * 0.9, sy - 4)
        self.sl = (CX + L * 0.9 - 56, sy + 18)
        self.sr = (CX + L * 0.9 + 56, sy + 18)
        self.el, self.hl = ik(self.sl, fr.hand_l, -1)
        self.er, self.hr = ik(self.sr, fr.hand_r, +1)
        if fr.elbow_l is not None:
            self.el, self.hl = fr.elbow_l, fr.hand_l
        if fr.elbow_r is not None:
            self.er, self.hr = fr.elbow_r, fr.hand_r


def ik(s, h, side):
    """Elbow and (reachable) hand for a shoulder s, a hand target h; the elbow bends away
    from her body (side -1: her right arm, our left)."""
    a, b = UPPER_ARM, FOREARM
    dx, dy = h[0] - s[0], h[1] - s[1]
    d = math.hypot(dx, dy) or 1.0
    if d > a + b - 0.5:
        k = (a + b - 0.5) / d
        h = (s[0] + dx * k, s[1] + dy * k)
        dx, dy, d = dx * k, dy * k, a + b - 0.5
    d = max(d, abs(a - b) + 0.5)
    x = (a * a - b * b + d * d) / (2 * d)
    hh = math.sqrt(max(0.0, a * a - x * x))
    ux, uy = dx / d, dy / d
    e1 = (s[0] + ux * x - uy * hh, s[1] + uy * x + ux * hh)
    e2 = (s[0] + ux * x + uy * hh, s[1] + uy * x - ux * hh)
    # prefer the elbow further out to her side, and lower down
    score1 = 0.5 * side * (e1[0] - s[0]) + (e1[1] - s[1])
    score2 = 0.5 * side * (e2[0] - s[0]) + (e2[1] - s[1])
    return (e1 if score1 >= score2 else e2), h


def draw_chair(pen: Pen, fr: Frame) -> None:
    x = CX + fr.lean * 0.35
    y = 252 + fr.dip * 0.4 + fr.recline * 6
    pen.rrect(P.CHAIR_DARK, x - 104, y + 6, 208, 270, 54)
    pen.rrect(P.CHAIR, x - 100, y, 200, 262, 50)
    pen.rrect(mix(P.CHAIR, (255, 255, 255), 0.1), x - 80, y + 18, 160, 120, 36)


def draw_torso(pen: Pen, fr: Frame, b: Body) -> None:
    nx, ny = b.neck
    sy = b.sy
    # neck
    hx, hy = b.head
    pen.poly(P.SKIN, rrect_pts(nx - 15, hy + 20, 30, ny - hy - 6, 8))
    pen.poly(P.SKIN_SHADE, rrect_pts(nx - 15, hy + 28, 30, 18, 8))
    sl, sr = b.sl, b.sr
    waist = CX + fr.lean * 0.25
    pts = ([(nx - 18, sy - 4)]
           + bezier((nx - 18, sy - 4), (sl[0] + 6, sy - 8), (sl[0] - 16, sy + 26), n=10)[1:]
           + [(waist - 66, 470), (waist - 64, 520), (waist + 64, 520), (waist + 66, 470)]
           + bezier((sr[0] + 16, sy + 26), (sr[0] - 6, sy - 8), (nx + 18, sy - 4), n=10))
    pen.poly(with_alpha(P.SHADOW, 40), [(x + 9, y + 5) for x, y in pts], aa=False)
    pen.poly(P.SWEATER, pts)
    # a softer side, and the rib of the neckline
    pen.poly(P.SWEATER_SHADE, [(waist + 30, 470), (sr[0] + 12, sy + 34), (sr[0] + 16, sy + 26),
                               (waist + 66, 470), (waist + 64, 520), (waist + 26, 520)])
    pen.stroke(P.SWEATER_DARK, arc_pts(nx, sy - 6, 22, 14, 10, 170, 14), 6)
    # the white collar
    pen.poly(P.COLLAR, [(nx - 20, sy - 6), (nx - 1, sy + 6), (nx - 12, sy + 17)])
    pen.poly(P.COLLAR, [(nx + 20, sy - 6), (nx + 1, sy + 6), (nx + 12, sy + 17)])


def draw_head(pen: Pen, fr: Frame, b: Body) -> None:
    xf = Xform(b.head, fr.tilt)
    t = fr.turn
    poly = lambda c, pts, **kw: pen.poly(c, xf.pts(pts), **kw)  # noqa: E731
    stroke = lambda c, pts, w, w2=None: pen.poly(c, xf.pts(stroke_pts(pts, w, w2)))  # noqa: E731
    # hair behind (a bob), the bun with a pencil through it
    back = (arc_pts(0, -2, 61, 62, 180, 360, 30)
            + bezier((61, -2), (64, 32), (46, 58), n=8)[1:]
            + [(-46, 58)]
            + bezier((-46, 58), (-64, 32), (-61, -2), n=8)[1:])
    poly(P.HAIR, back)
    bx = 3 + 5 * t
    stroke(P.PENCIL, [(bx - 34, -96), (bx + 30, -56)], 7)
    poly((246, 150, 160), stroke_pts([(bx - 34, -96), (bx - 29, -93)], 7))
    poly(P.HAIR, ellipse_pts(bx, -68, 27, 25, 36))
    poly(P.HAIR_LIGHT, stroke_pts(arc_pts(bx, -68, 18, 16, 200, 290, 10), 4.5))
    stroke(P.PENCIL, [(bx + 14, -66), (bx + 30, -56)], 7)
    poly(P.SKIN_DARK, stroke_pts([(bx + 30, -56), (bx + 36, -52)], 5, 1.5))
    poly(P.HAIR_TIE, ellipse_pts(bx - 1, -46, 15, 5.5, 20))
    # face
    poly(P.SKIN, ellipse_pts(0, 2, 47, 52, 48))
    fx = 10 * t
    # cheeks
    a = 120 if fr.mouth != "chew" else 170
    for sx in (-27, 27):
        r = 1.25 if (fr.mouth == "chew" and sx > 0) else 1.0
        poly(with_alpha(P.BLUSH, a), ellipse_pts(sx + fx * 0.9, 23, 9 * r, 5.5 * r, 20))
    # fringe, swept to one side
    part = 6 + 8 * t
    fringe = (arc_pts(0, -2, 51, 57, 182, 358, 30)
              + bezier((51, -4), (38, -12), (part, -34), n=10)[1:]
              + bezier((part, -34), (-8, -22), (-30, -28), n=8)[1:]
              + bezier((-30, -28), (-46, -18), (-51, -2), n=8)[1:])
    poly(P.HAIR, fringe)
    poly(P.HAIR_LIGHT, stroke_pts(arc_pts(part - 6, -14, 30, 34, 215, 260, 8), 4))
    # strands framing the face
    stroke(P.HAIR, [(-48, -10), (-51, 16), (-43, 46)], 13, 4)
    stroke(P.HAIR, [(48, -10), (51, 16), (43, 46)], 13, 4)
    draw_eyes(pen, fr, xf, fx)
    # nose
    nx = 3 + fx * 1.15
    stroke(P.SKIN_DARK, [(nx - 1, 14), (nx + 2.5, 20), (nx - 1.5, 22)], 2.6)
    draw_mouth(pen, fr, xf, 1 + fx * 1.05, 34)


def draw_eyes(pen: Pen, fr: Frame, xf: Xform, fx: float) -> None:
    gx, gy = fr.gaze
    for side in (-1, 1):
        ex = side * 17 + fx
        ey = 6.0
        far = (side < 0 and fr.turn > 0) or (side > 0 and fr.turn < 0)
        squeeze = 1.0 - 0.22 * abs(fr.turn) if far else 1.0
        # eyebrow
        by = -12 - fr.brows
        brow = arc_pts(ex, by + 5, 8 * squeeze, 5, 205, 335, 8)
        pen.poly(P.HAIR, xf.pts(stroke_pts(brow, 3.4, 2.6)))
        e = fr.eyes
        if e == "open" or e == "down":
            px, py = ex + gx * 2.6, ey + gy * 2.2
            pen.poly(P.EYE, xf.pts(ellipse_pts(px, py, 4.7 * squeeze, 6.3, 18)))
            pen.poly((255, 255, 255), xf.pts(ellipse_pts(px + 1.4, py - 2.2, 1.7, 1.7, 8)))
            if e == "down":  # lids half down, softly curved
                lid = arc_pts(px, py + 1.5, 6.2, 4.2, 180, 360, 10)
                pen.poly(P.SKIN, xf.pts([(px - 7, py - 9), (px + 7, py - 9)] + lid[::-1]))
                pen.poly(P.EYE, xf.pts(stroke_pts(lid, 2.4)))
            else:
                lash = [(px + side * 3.6 * squeeze, py - 4.4), (px + side * 6.6 * squeeze, py - 6.4)]
                pen.poly(P.EYE, xf.pts(stroke_pts(lash, 2.0, 1.0)))
        elif e == "blink":
            pen.poly(P.EYE, xf.pts(stroke_pts(arc_pts(ex, ey - 1, 5.6, 2.2, 15, 165, 8), 2.6)))
        elif e == "closed":
            pen.poly(P.EYE, xf.pts(stroke_pts(arc_pts(ex, ey - 2.5, 6, 4.5, 15, 165, 10), 2.8)))
            lash = [(ex + side * 5.6, ey - 0.8), (ex + side * 9, ey - 2.8)]
            pen.poly(P.EYE, xf.pts(stroke_pts(lash, 2.0, 1.2)))
        else:  # happy
            pen.poly(P.EYE, xf.pts(stroke_pts(arc_pts(ex, ey + 3, 6, 5.5, 195, 345, 10), 3.0)))


def draw_mouth(pen: Pen, fr: Frame, xf: Xform, mx: float, my: float) -> None:
    m = fr.mouth
    if m == "smile":
        pen.poly(P.MOUTH, xf.pts(stroke_pts(arc_pts(mx, my - 7, 10.5, 8, 30, 150, 12), 3.2)))
    elif m == "flat":
        pen.poly(P.MOUTH, xf.pts(stroke_pts([(mx - 6, my), (mx, my + 1.2), (mx + 6, my)], 3.0)))
    elif m == "grin":
        pts = [(mx - 12.5, my - 4)] + arc_pts(mx, my - 4, 12.5, 11, 0, 180, 16)[::-1]
        pts = list(reversed(pts))
        pen.poly(P.MOUTH, xf.pts(pts))
        pen.poly(P.TONGUE, xf.pts(ellipse_pts(mx + 1, my + 3.5, 6, 3.2, 14)))
        pen.poly(P.TEETH, xf.pts([(mx - 10.5, my - 4), (mx + 10.5, my - 4), (mx + 9, my - 1),
                                  (mx - 9, my - 1)]))
    elif m in ("o", "sip"):
        pen.poly(P.MOUTH, xf.pts(ellipse_pts(mx, my + 1, 4.4, 5.4, 14)))
    elif m == "yawn":
        pen.poly(P.MOUTH, xf.pts(ellipse_pts(mx, my + 3, 8, 11.5, 20)))
        pen.poly(P.TONGUE, xf.pts(ellipse_pts(mx, my + 9, 5.5, 3.5, 14)))
    elif m == "bite":
        pen.poly(P.MOUTH, xf.pts(ellipse_pts(mx, my + 1, 7.5, 7.5, 16)))
    elif m == "chew":
        pen.poly(P.MOUTH, xf.pts(stroke_pts([(mx - 7, my + 1), (mx - 3, my - 1.5), (mx + 1, my + 1),
                                             (mx + 5, my - 1.5)], 2.8)))


def draw_arm(pen: Pen, s, e, h) -> None:
    pen.circle(P.SWEATER, s[0], s[1], 17)
    pen.stroke(P.SWEATER, [s, e], 34, 30)
    pen.stroke(P.SWEATER, [e, h], 30, 25)
    # the cuff
    dx, dy = h[0] - e[0], h[1] - e[1]
    d = math.hypot(dx, dy) or 1.0
    c0 = (h[0] - dx / d * 16, h[1] - dy / d * 16)
    c1 = (h[0] - dx / d * 7, h[1] - dy / d * 7)
    pen.stroke(P.SWEATER_DARK, [c0, c1], 26)


def draw_hand(pen: Pen, e, h, fist=False, point=False) -> None:
    ang = math.degrees(math.atan2(h[1] - e[1], h[0] - e[0]))
    xf = Xform(h, ang)
    if point:
        pen.poly(P.SKIN, xf.pts(ellipse_pts(4, 0, 12, 11.5, 24)))
        pen.poly(P.SKIN, xf.pts(stroke_pts([(10, -3), (26, -3)], 8)))
        pen.poly(P.SKIN_SHADE, xf.pts(stroke_pts([(6, 5), (12, 5)], 2.2)))
    elif fist:
        pen.poly(P.SKIN, xf.pts(ellipse_pts(4, 0, 12.5, 12, 24)))
        for yy in (-4.5, 0.5, 5.5):
            pen.poly(P.SKIN_SHADE, xf.pts(stroke_pts([(10, yy), (14, yy)], 2.0)))
    else:
        pen.poly(P.SKIN, xf.pts(ellipse_pts(6, 0, 14, 11, 24)))
        pen.poly(P.SKIN, xf.pts(ellipse_pts(2, -9, 6, 4.5, 12)))


def draw_held_folder(pen: Pen, fr: Frame, b: Body) -> None:
    col = P.FOLDER_COLOURS[fr.folder_index]
    if fr.folder == "l":
        h = b.hl
        folder_slab(pen, Xform((h[0] - 4, h[1] + 13), -5), col)
    elif fr.folder == "r":
        h = b.hr
        folder_slab(pen, Xform((h[0] + 2, h[1] + 12), 4), col)
    elif fr.folder == "read":
        cx = (b.hl[0] + b.hr[0]) / 2
        cy = (b.hl[1] + b.hr[1]) / 2 - 8
        xf = Xform((cx, cy), (b.hr[1] - b.hl[1]) * 0.3)
        pen.poly(mix(col, (0, 0, 0), 0.12), xf.pts(rrect_pts(-50, -36, 30, 10, 3)))
        pen.poly(P.PAPER, xf.pts(rrect_pts(-42, -40, 82, 60, 2)))
        for i in range(4):
            pen.poly(P.PAPER_LINE, xf.pts(rrect_pts(-34, -32 + i * 7, 64 - (i % 2) * 14, 2.6, 1)))
        pen.poly(col, xf.pts(rrect_pts(-50, -28, 100, 64, 4)))
        pen.poly(mix(col, (255, 255, 255), 0.3), xf.pts(rrect_pts(-50, -28, 100, 4, 2)))
        pen.poly(mix(col, (0, 0, 0), 0.14), xf.pts(rrect_pts(-8, -4, 16, 10, 3)))


def draw_woman_back(pen: Pen, fr: Frame, b: Body) -> None:
    """Chair, legs, body and head: everything of her that is behind the desk."""
    draw_torso(pen, fr, b)
    if fr.arms_behind:
        draw_arm(pen, b.sl, b.el, b.hl)
        draw_arm(pen, b.sr, b.er, b.hr)
        draw_hand(pen, b.el, b.hl, fist=True)
        draw_hand(pen, b.er, b.hr, fist=True)
    draw_head(pen, fr, b)


def draw_woman_front(pen: Pen, fr: Frame, b: Body) -> None:
    """Arms, hands and what they hold: in front of the desk things."""
    if fr.mug_in_hand:
        draw_mug(pen, fr)
    if not fr.arms_behind:
        draw_arm(pen, b.sl, b.el, b.hl)
        draw_arm(pen, b.sr, b.er, b.hr)
        draw_held_folder(pen, fr, b)
        draw_hand(pen, b.el, b.hl, fist=fr.fist_l)
        draw_hand(pen, b.er, b.hr, fist=fr.fist_r, point=fr.point_r)
    if fr.sweet_in_hand is not None:
        h = b.hl
        draw_sweet(pen, h[0] + 6, h[1] - 12, P.SWEET_COLOURS[fr.sweet_in_hand], angle=-30, r=7)


# ---- the whole picture ----------------------------------------------------------------

def draw_frame(pen: Pen, fr: Frame) -> None:
    pen.tint = tint_at(fr.u)
    draw_room(pen, fr)
    draw_window(pen, fr)
    draw_clock(pen, fr)
    draw_lamp(pen, fr)
    b = Body(fr)
    draw_chair(pen, fr)
    draw_under_desk(pen, fr)
    draw_woman_back(pen, fr, b)
    draw_desk(pen, fr)
    draw_sunlight(pen, fr)
    draw_monitor(pen, fr)
    draw_keyboard(pen, fr)
    draw_desk_things(pen, fr)
    draw_piles(pen, fr)
    draw_bowl(pen, fr)
    if not fr.mug_in_hand:
        draw_mug(pen, fr)
    draw_woman_front(pen, fr, b)
    draw_lamp_light(pen, fr)
