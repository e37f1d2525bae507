"""The costly steps of drawing, made cheaper without changing the picture (issue 25, item 17):
a wide blur is worked on a shrunken copy (pygame's gaussian blur costs its radius for every
pixel: 110 ms for a radius of 16 on a 456 px counter), and a gradient fills its rows of one
colour as one band. Work is counted (pixels times radius), never timed."""
from __future__ import annotations

import random

import pygame

from scenes.art import draw


def rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def blur_work(monkeypatch) -> list[int]:
    """Pixels times radius of every gaussian blur from now on (what the blur's time goes by)."""
    work: list[int] = []
    real = pygame.transform.gaussian_blur

    def counting(surface, radius, *args, **kwargs):
        work.append(surface.get_width() * surface.get_height() * int(radius))
        return real(surface, radius, *args, **kwargs)

    monkeypatch.setattr(pygame.transform, "gaussian_blur", counting)
    return work


def disc(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    pygame.draw.circle(surf, (0, 0, 0, 200), (size // 2, size // 2), size // 3)
    return surf


def test_a_wide_blur_is_worked_on_a_shrunken_copy_and_looks_the_same(monkeypatch):
    picture = disc(456)
    full = pygame.transform.gaussian_blur(picture, 16)
    work = blur_work(monkeypatch)
    soft = draw.blur(picture, 16)
    assert soft.get_size() == picture.get_size()
    assert sum(work) <= 456 * 456 * 16 // 20, "the blur went over every pixel at full radius"
    # the same soft shadow: on average within two levels of alpha of the full blur, nowhere
    # more than about 6 % off (pygame's own full blur is a little lopsided: 119 and 114 at two
    # mirrored points of this disc)
    a, b = rgba(soft)[3::4], rgba(full)[3::4]
    worst = max(abs(x - y) for x, y in zip(a, b))
    mean = sum(abs(x - y) for x, y in zip(a, b)) / len(a)
    assert worst <= 16 and mean <= 2.0, (worst, mean)


def test_a_narrow_blur_is_the_full_one(monkeypatch):
    picture = disc(60)
    assert rgba(draw.blur(picture, 3)) == rgba(pygame.transform.gaussian_blur(picture, 3))



def line_by_line(w, h, stops, alpha=255):
    """The gradient as it was drawn before: one line per row, each row's colour mixed."""
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    stops = sorted(stops, key=lambda s: s[0])
    for y in range(h):
        t = y / max(1, h - 1)
        for i in range(len(stops) - 1):
            (p0, c0), (p1, c1) = stops[i], stops[i + 1]
            if p0 <= t <= p1:
                col = draw.mix(c0, c1, (t - p0) / max(1e-6, p1 - p0))
                break
        else:
            col = tuple(stops[0][1] if t < stops[0][0] else stops[-1][1])[:3]
        pygame.draw.line(surf, (*col[:3], alpha), (0, y), (w - 1, y))
    return surf


def test_a_gradient_is_pixel_for_pixel_what_it_was():
    rng = random.Random(25)
    for _ in range(300):
        w, h = rng.choice([0, 1, 3, 40, 300]), rng.choice([0, 1, 2, 60, 700])
        stops = [(rng.choice([0.0, 0.3, 0.5, 1.0, -0.2, 1.3]),
                  rng.choice([pygame.Color(rng.randrange(256), 90, 40),
                              tuple(rng.randrange(256) for _ in range(rng.choice([3, 4])))]))
                 for _ in range(rng.choice([1, 2, 3]))]
        alpha = rng.choice([0, 90, 255])
        assert rgba(draw.vgradient(w, h, stops, alpha)) == rgba(line_by_line(w, h, stops, alpha)), (w, h, stops)


def test_a_wide_panel_is_pixel_for_pixel_the_panel_drawn_whole(display):
    """Every column between a panel's sides is the same, so a wide panel is drawn narrow and its
    middle column repeated: what drawing the whole width at twice the size gives."""
    from scenes.art import tokens

    for w, h, alpha, radius in [(60, 9, 170, None), (333, 200, 200, None), (900, 560, 215, None),
                                (1190, 780, 235, None), (1500, 45, 170, 30), (61, 300, 255, 10)]:
        r = max(2, min(round(min(w, h) * 0.06) if radius is None else radius, 22))
        k = 2 if max(w, h) < 1200 else 1
        whole = draw.finish(tokens._panel(w, h, alpha, r, k))
        assert rgba(tokens.panel.__wrapped__(w, h, alpha, radius)) == rgba(whole), (w, h)
