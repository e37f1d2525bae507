import pygame
import pytest

from scenes.art import table
from scenes.art.draw import scale_for

SIZES = [(40, 56), (90, 126), (171, 240), (300, 420)]


def _alpha(s: pygame.Surface) -> bool:
    return bool(s.get_flags() & pygame.SRCALPHA)


@pytest.mark.parametrize("w,h", SIZES)
def test_card_pieces_have_the_asked_size(w, h):
    assert table.card_blank(w, h).get_size() == (w, h)
    for style in table.CARD_BACK_STYLES:
        assert table.card_back(w, h, style).get_size() == (w, h)
    assert table.zone_outline(w, h, "Finished pile").get_size() == (w, h)
    m = table.shadow_margin(w, h)
    assert table.card_shadow(w, h).get_size() == (w + 2 * m, h + 2 * m)
    hl = table.highlight(w, h, (255, 214, 90), 3)
    assert hl.get_width() > w and hl.get_height() > h
    assert (hl.get_width() - w) == (hl.get_height() - h)  # same margin all round: blit centred


@pytest.mark.parametrize("w,h", SIZES)
def test_cards_have_transparent_corners_and_opaque_middles(w, h):
    for s in (table.card_blank(w, h), table.card_back(w, h, "stars")):
        assert _alpha(s)
        assert s.get_at((0, 0)).a < 40
        assert s.get_at((w // 2, h // 2)).a == 255


def test_caching_returns_the_same_surface():
    assert table.card_blank(90, 126) is table.card_blank(90, 126)
    assert table.card_blank(90, 126, (250, 247, 240)) is table.card_blank(90, 126, [250, 247, 240])
    assert table.card_back(90, 126, "waves") is table.card_back(90, 126, "waves")
    assert table.card_back(90, 126, "waves") is not table.card_back(90, 126, "stars")
    assert table.card_shadow(90, 126) is table.card_shadow(90, 126)
    assert table.highlight(90, 126, (1, 2, 3), 2) is table.highlight(90, 126, (1, 2, 3), 2)
    assert table.zone_outline(90, 126, "x") is table.zone_outline(90, 126, "x")
    assert table.felt((320, 200)) is table.felt((320, 200))


def test_card_back_styles_differ_and_unknown_falls_back():
    pics = [pygame.image.tobytes(table.card_back(60, 84, s), "RGBA") for s in table.CARD_BACK_STYLES]
    assert len(set(pics)) == len(pics)
    assert table.card_back(60, 84, "nonsense").get_size() == (60, 84)


@pytest.mark.parametrize("style", table.CARD_BACK_STYLES)
def test_card_back_is_symmetric_under_a_half_turn(style):
    back = table.card_back(120, 168, style)
    turned = pygame.transform.rotate(back, 180)
    diffs = []
    for x in range(10, 110, 3):
        for y in range(10, 158, 3):
            a, b = back.get_at((x, y)), turned.get_at((x, y))
            diffs.append(abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b))
    diffs.sort()
    # most pixels match exactly; edges may differ by the rasteriser's half-pixel
    assert diffs[len(diffs) // 2] <= 6


def test_felt_is_deterministic_and_full_size():
    a = table.felt((200, 120))
    table.felt.cache_clear()
    b = table.felt((200, 120))
    assert a.get_size() == (200, 120)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    c = table.felt((200, 120), (30, 50, 110))
    assert c.get_at((100, 60)).b > c.get_at((100, 60)).g  # the colour argument is honoured


def test_felt_vignette_darkens_corners():
    f = table.felt((400, 300))
    centre = sum(f.get_at((200 + dx, 150 + dy)).g for dx in range(-5, 6) for dy in range(-5, 6))
    corner = sum(f.get_at((2 + dx, 2 + dy)).g for dx in range(0, 11) for dy in range(0, 11))
    assert corner < centre * 0.85


def test_felt_covers_a_large_window_with_grain():
    f = table.felt((2560, 1440))
    assert f.get_size() == (2560, 1440)
    row = {tuple(f.get_at((x, 720)))[:3] for x in range(1200, 1400)}
    assert len(row) > 20, "the felt should carry grain, not a flat colour"


def test_surfaces_convert_when_a_display_exists(display):
    table.card_blank.cache_clear()
    s = table.card_blank(50, 70)
    assert s.get_size() == (50, 70) and _alpha(s)
    table.felt.cache_clear()
    assert table.felt((320, 200)).get_size() == (320, 200)


def test_tiny_and_odd_sizes_do_not_crash():
    for w, h in ((1, 1), (3, 5), (7, 200), (600, 20)):
        table.card_blank(w, h)
        table.card_back(w, h, "classic")
        table.zone_outline(w, h, "a long label that cannot fit")
        table.card_shadow(w, h)
        table.highlight(w, h)
    table.felt((1, 1))
    assert scale_for(10, 10) >= scale_for(1000, 1000)


def test_clear_caches_forgets_surfaces():
    from scenes.art import clear_caches

    a = table.card_blank(33, 44)
    clear_caches()
    b = table.card_blank(33, 44)
    assert a is not b and b is table.card_blank(33, 44)


def test_public_api_is_exported():
    import scenes.art as art

    for name in art.__all__:
        assert hasattr(art, name), name
