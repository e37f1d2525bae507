"""Lay out every piece of the shared art on a 1280 x 800 felt and save it as a PNG.

    python tools/art_preview.py [out.png]        (default /tmp/art_preview.png)

Runs headless (SDL dummy drivers); a quick way to look at the table after changing the art.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from scenes.art import fonts, table, tokens  # noqa: E402
from scenes.finished import tokens as finished_tokens  # noqa: E402
from scenes.finito import tokens as finito_tokens  # noqa: E402
from scenes.flag_finish import tokens as flag_tokens  # noqa: E402


def _label(screen: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    img = fonts.render_text(text, 13, (236, 230, 214, 190))
    screen.blit(img, pos)


def _card_face(w: int, h: int, number: int, colour) -> pygame.Surface:
    """A stand-in face: what a game's card might look like on the shared blank."""
    face = table.card_blank(w, h).copy()
    big = fonts.fit_text(str(number), w * 0.8, round(h * 0.42), colour, display=True)
    face.blit(big, big.get_rect(center=(w // 2, h // 2)))
    small = fonts.render_text(str(number), max(8, round(h * 0.13)), colour, display=True)
    face.blit(small, (round(w * 0.09), round(h * 0.05)))
    return face


def build(size: tuple[int, int] = (1280, 800)) -> pygame.Surface:
    """The preview picture."""
    screen = pygame.Surface(size)
    screen.blit(table.felt(size), (0, 0))
    cw, ch = 96, 134

    # top left: a fanned hand with a lifted card
    x0, y0 = 40, 40
    colours = [(196, 40, 48), (30, 84, 160), (30, 120, 70), (60, 50, 40), (196, 40, 48)]
    for i, n in enumerate((3, 7, 12, 18, 25)):
        face = _card_face(cw, ch, n, colours[i])
        rot = pygame.transform.rotozoom(face, 14 - 7 * i, 1)
        x, y = x0 + i * 46, y0 + abs(i - 2) * 8
        if i == 3:
            sh = table.card_shadow(cw, ch, 1.6)
            screen.blit(pygame.transform.rotozoom(sh, 14 - 7 * i, 1), (x - 14, y - 8))
            y -= 18
        screen.blit(rot, (x, y))
    _label(screen, "card_blank + fonts (display), card_shadow", (x0, y0 + ch + 40))

    # card backs
    x = 380
    for style, accent in zip(table.CARD_BACK_STYLES, [(150, 30, 40), (24, 70, 140), (40, 36, 96), (22, 104, 92)]):
        back = table.card_back(cw, ch, style, accent)
        sh = table.card_shadow(cw, ch, 0.6)
        screen.blit(sh, sh.get_rect(center=(x + cw // 2, y0 + ch // 2)))
        screen.blit(back, (x, y0))
        _label(screen, style, (x, y0 + ch + 8))
        x += cw + 22
    # a deck: stacked backs
    for i in range(6):
        screen.blit(table.card_back(cw, ch, "classic"), (x + i, y0 - i))
    _label(screen, "deck", (x, y0 + ch + 8))

    # zones and highlight
    y1 = 250
    zx = 40
    screen.blit(table.zone_outline(cw, ch, "Finished pile"), (zx, y1))
    hl = table.highlight(cw, ch, (255, 214, 90), 3)
    screen.blit(table.zone_outline(cw, ch, "Present"), (zx + cw + 24, y1))
    screen.blit(hl, hl.get_rect(center=(zx + cw + 24 + cw // 2, y1 + ch // 2)))
    face = _card_face(cw, ch, 9, (30, 84, 160))
    fx = zx + 2 * (cw + 24)
    hl2 = table.highlight(cw, ch, (120, 220, 255), 3)
    screen.blit(hl2, hl2.get_rect(center=(fx + cw // 2, y1 + ch // 2)))
    screen.blit(face, (fx, y1))
    screen.blit(table.zone_outline(2 * cw + 30, ch, "Future areas"), (fx + cw + 24, y1))
    _label(screen, "zone_outline, highlight", (zx, y1 + ch + 8))

    # panel with buttons and text
    px, py, pw, ph = 700, 240, 540, 250
    screen.blit(tokens.panel(pw, ph), (px, py))
    title = fonts.render_text("Flag Finish", 30, (250, 240, 220), bold=True)
    screen.blit(title, (px + 24, py + 18))
    body = fonts.wrap_text("Race your counters to the finish line. Sweets and coffee are "
                           "shared; the die decides how far a bold move goes.", pw - 48, 16, (226, 220, 206))
    screen.blit(body, (px + 24, py + 62))
    bx, by = px + 24, py + 140
    for i, (state, prim) in enumerate((("normal", True), ("hover", True), ("pressed", True))):
        screen.blit(tokens.button(150, 44, "Play", state, primary=prim), (bx + i * 166, by))
    for i, state in enumerate(("normal", "hover", "pressed", "disabled")):
        screen.blit(tokens.button(116, 40, "Rules" if state != "disabled" else "Undo", state), (bx + i * 124, by + 56))

    # tokens row
    y2 = 520
    x = 40
    for i, c in enumerate(finished_tokens.sweet_colours):
        screen.blit(finished_tokens.sweet(56, c), (x + i * 50, y2 + (i % 2) * 22))
    _label(screen, "sweet x 10 colours", (x, y2 + 88))
    x = 560
    screen.blit(finished_tokens.coffee_cup(96, True), (x, y2 - 14))
    screen.blit(finished_tokens.coffee_cup(96, False), (x + 100, y2 - 14))
    _label(screen, "coffee_cup full / empty", (x, y2 + 88))
    x = 790
    for v, tint in ((20, (230, 70, 60)), (7, (60, 120, 220)), (13, (240, 180, 40))):
        screen.blit(finito_tokens.die_d20(84, v, tint), (x, y2 - 6))
        x += 90
    _label(screen, "die_d20", (790, y2 + 88))
    screen.blit(flag_tokens.flag_icon(96), (1080, y2 - 14))
    screen.blit(flag_tokens.flag_icon(40), (1180, y2 + 10))
    _label(screen, "flag_icon", (1080, y2 + 88))

    # counters and shapes
    y3 = 640
    x = 40
    for i, (c, shp) in enumerate(zip(tokens.SEAT_COLOURS, tokens.SEAT_SHAPES)):
        screen.blit(finito_tokens.counter(72, c, [1, 7, 12, 5, 20, 9][i], shp), (x + i * 78, y3))
    screen.blit(finito_tokens.counter(72, tokens.SEAT_COLOURS[0], None, "circle", face_up=False), (x + 6 * 78, y3))
    screen.blit(finito_tokens.counter(44, tokens.SEAT_COLOURS[2], 3), (x + 7 * 78, y3 + 14))
    _label(screen, "counter (seat colours + shapes), face down, small", (x, y3 + 80))
    x = 700
    for i, (c, shp) in enumerate(zip(tokens.SEAT_COLOURS, tokens.SEAT_SHAPES)):
        screen.blit(tokens.shape_icon(shp, 40, c), (x + i * 48, y3 + 16))
        screen.blit(tokens.shape_icon(shp, 18, c), (x + i * 48 + 11, y3 + 62))
    _label(screen, "shape_icon / SEAT_COLOURS", (x, y3 + 86))
    x = 1010
    for i, d in enumerate((24, 32, 44)):
        screen.blit(finished_tokens.sweet(d, finished_tokens.sweet_colours[i * 3]), (x, y3 + 20))
        x += d + 6
    screen.blit(finito_tokens.die_d20(40, 4), (x + 4, y3 + 20))
    screen.blit(finished_tokens.coffee_cup(40), (x + 48, y3 + 18))
    _label(screen, "small sizes", (1010, y3 + 80))
    return screen


def main(argv: list[str]) -> int:
    out = argv[1] if len(argv) > 1 else "/tmp/art_preview.png"
    pygame.init()
    t = time.perf_counter()
    table.felt((2560, 1440))
    print(f"felt 2560x1440 (cold): {(time.perf_counter() - t) * 1000:.0f} ms")
    table.felt.cache_clear()
    t = time.perf_counter()
    table.felt((2560, 1440))
    print(f"felt 2560x1440 (grain tile warm): {(time.perf_counter() - t) * 1000:.0f} ms")
    t = time.perf_counter()
    screen = build()
    print(f"preview built in {(time.perf_counter() - t) * 1000:.0f} ms")
    pygame.image.save(screen, out)
    print("wrote", out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
