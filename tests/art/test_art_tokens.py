import pygame
import pytest

from scenes.art import tokens
from scenes.finished import tokens as finished_tokens
from scenes.finito import tokens as finito_tokens
from scenes.flag_finish import tokens as flag_tokens

DS = [12, 32, 64, 150]


def _alpha(s):
    return bool(s.get_flags() & pygame.SRCALPHA)


@pytest.mark.parametrize("d", DS)
def test_tokens_have_the_asked_size(d):
    pieces = [
        finished_tokens.sweet(d, finished_tokens.sweet_colours[3]),
        finished_tokens.coffee_cup(d, True),
        finished_tokens.coffee_cup(d, False),
        finito_tokens.counter(d, tokens.SEAT_COLOURS[0], 7, "star"),
        finito_tokens.counter(d, tokens.SEAT_COLOURS[1], 12),
        finito_tokens.counter(d, tokens.SEAT_COLOURS[2], 3, "hexagon", face_up=False),
        finito_tokens.die_d20(d, 20),
        flag_tokens.flag_icon(d),
    ]
    pieces += [tokens.shape_icon(s, d, (200, 100, 50)) for s in tokens.SHAPES]
    for p in pieces:
        assert p.get_size() == (d, d)
        assert _alpha(p)
        assert p.get_at((0, 0)).a < 40  # transparent around the piece


@pytest.mark.parametrize("w,h", [(60, 24), (150, 44), (320, 64)])
def test_buttons_and_panels_have_the_asked_size(w, h):
    for state in ("normal", "hover", "pressed", "disabled"):
        for primary in (False, True):
            b = tokens.button(w, h, "Play", state, primary)
            assert b.get_size() == (w, h) and _alpha(b)
    p = tokens.panel(w, h, 180)
    assert p.get_size() == (w, h) and _alpha(p)


def test_button_states_look_different():
    pics = {s: pygame.image.tobytes(tokens.button(120, 40, "OK", s), "RGBA")
            for s in ("normal", "hover", "pressed", "disabled")}
    assert len(set(pics.values())) == 4
    assert tokens.button(120, 40, "OK", primary=True) is not tokens.button(120, 40, "OK")


def test_caching_returns_the_same_surface():
    assert finished_tokens.sweet(40, (232, 64, 76)) is finished_tokens.sweet(40, [232, 64, 76])
    assert finished_tokens.coffee_cup(50) is finished_tokens.coffee_cup(50, True)
    assert finito_tokens.counter(60, (1, 2, 3), 5, "star") is finito_tokens.counter(60, (1, 2, 3), 5, "star")
    assert finito_tokens.die_d20(60, 13) is finito_tokens.die_d20(60, 13)
    assert finito_tokens.die_d20(60, 13) is not finito_tokens.die_d20(60, 14)
    assert flag_tokens.flag_icon(30) is flag_tokens.flag_icon(30)
    assert tokens.button(100, 30, "Go", "hover") is tokens.button(100, 30, "Go", "hover")
    assert tokens.panel(300, 200) is tokens.panel(300, 200)


def test_palettes():
    assert len(finished_tokens.sweet_colours) == 10 and len(set(finished_tokens.sweet_colours)) == 10
    assert len(tokens.SEAT_COLOURS) == 6 and len(set(tokens.SEAT_COLOURS)) == 6
    assert len(tokens.SEAT_SHAPES) == 6 and set(tokens.SEAT_SHAPES) <= set(tokens.SHAPES)
    assert tokens.seat_colour(7) == tokens.SEAT_COLOURS[1]
    assert tokens.seat_shape(6) == tokens.SEAT_SHAPES[0]
    # seat colours are told apart: every pair differs clearly in RGB
    cs = tokens.SEAT_COLOURS
    for i in range(6):
        for j in range(i + 1, 6):
            assert sum(abs(a - b) for a, b in zip(cs[i], cs[j])) > 120


def test_counter_faces_differ():
    up = pygame.image.tobytes(finito_tokens.counter(64, (222, 84, 44), 9, "circle"), "RGBA")
    down = pygame.image.tobytes(finito_tokens.counter(64, (222, 84, 44), 9, "circle", face_up=False), "RGBA")
    other = pygame.image.tobytes(finito_tokens.counter(64, (222, 84, 44), 6, "circle"), "RGBA")
    assert len({up, down, other}) == 3


def test_full_and_empty_cups_differ():
    assert pygame.image.tobytes(finished_tokens.coffee_cup(64, True), "RGBA") != pygame.image.tobytes(finished_tokens.coffee_cup(64, False), "RGBA")


def test_unknown_shape_draws_a_circle():
    assert tokens.shape_icon("blob", 20, (10, 200, 10)).get_size() == (20, 20)
    assert finito_tokens.counter(40, (10, 200, 10), 3, "blob").get_size() == (40, 40)


def test_finito_counters_of_one_colour_share_one_drawn_disc(monkeypatch):
    """Issue 25, item 17: a board of 48 counters at a new size drew 48 wooden discs with their
    blurred bevels (0.4 s entering a table); the disc is the same for every number of a colour,
    so it is drawn once per colour and size and each counter writes its number on a copy."""
    from scenes.art import clear_caches
    from scenes.finito import tokens as finito_tokens
    clear_caches()
    drawn = []
    real = finito_tokens._wood
    monkeypatch.setattr(finito_tokens, "_wood", lambda *a, **k: drawn.append(a) or real(*a, **k))
    colours = [(200, 60, 50), (60, 120, 200), (230, 200, 60), (80, 160, 90)]
    for colour in colours:
        for number in range(1, 13):
            finito_tokens.counter(53, colour, number, "circle", True)
    assert len(drawn) == len(colours)
    clear_caches()
