"""Finita's card art: every card draws at any size, cards tell apart, colour-blind help shows."""
from __future__ import annotations

import pygame
import pytest

from game.finita.data import cards
from scenes.finita import art

SIZES = [(60, 90), (140, 210)]


def _bytes(s: pygame.Surface, rect: pygame.Rect | None = None) -> bytes:
    return pygame.image.tobytes(s.subsurface(rect) if rect else s, "RGBA")


def _corner(w: int, h: int) -> pygame.Rect:
    """What a fan leaves showing of a card: its top-left corner."""
    return pygame.Rect(0, 0, round(w * 0.3), round(h * 0.36))


def _coloured() -> list[str]:
    return sorted({c.face for c in cards().values() if c.colour})


def test_the_deck_has_62_faces_of_120_cards():
    assert len(cards()) == 120
    assert len(art.faces()) == 62
    assert len(_coloured()) == 56


@pytest.mark.parametrize("w,h", SIZES)
def test_every_card_renders_at_the_asked_size(w, h):
    for card in cards():
        face = art.card_face(card, w, h)
        assert face.get_size() == (w, h), card
        assert face.get_flags() & pygame.SRCALPHA
        assert face.get_at((0, 0)).a < 60, f"{card}: corners are rounded off"
        assert face.get_at((w // 2, h // 2)).a == 255, card
    assert art.card_back(w, h).get_size() == (w, h)


@pytest.mark.parametrize("w,h", SIZES)
def test_different_faces_differ(w, h):
    pictures = {f: _bytes(art.card_face(f, w, h)) for f in art.faces()}
    assert len(set(pictures.values())) == len(pictures)


def test_the_top_left_corner_alone_tells_every_face_apart():
    corners = {f: _bytes(art.card_face(f, 60, 90), _corner(60, 90)) for f in art.faces()}
    assert len(set(corners.values())) == len(corners)


def test_copies_of_a_card_share_one_face():
    assert art.card_face("red-7.1", 60, 90) is art.card_face("red-7.2", 60, 90)
    assert art.card_face("red-7", 60, 90) is art.card_face("red-7.1", 60, 90)
    assert art.card_face("paul.2", 60, 90) is art.card_face("paul", 60, 90)


@pytest.mark.parametrize("w,h", SIZES)
def test_colour_blind_faces_differ_for_coloured_cards_only(w, h):
    for face in art.faces():
        plain, helped = art.card_face(face, w, h), art.card_face(face, w, h, colour_blind=True)
        if face in _coloured():
            assert _bytes(plain) != _bytes(helped), face
            # the corner's shape grows, so it helps in a fan too
            assert _bytes(plain, _corner(w, h)) != _bytes(helped, _corner(w, h)), face
        else:
            assert _bytes(plain) == _bytes(helped), face


def test_the_back_differs_from_every_face():
    for w, h in SIZES:
        back = _bytes(art.card_back(w, h))
        for face in art.faces():
            for colour_blind in (False, True):
                assert back != _bytes(art.card_face(face, w, h, colour_blind)), face


def test_the_back_is_not_another_games_back():
    from scenes.art import table
    mine = _bytes(art.card_back(60, 90))
    for style in table.CARD_BACK_STYLES:
        assert mine != _bytes(table.card_back(60, 90, style))


def test_tiny_sizes_do_not_crash():
    for face in art.faces():
        assert art.card_face(face, 8, 12).get_size() == (8, 12)
        assert art.card_face(face, 8, 12, True).get_size() == (8, 12)
    assert art.card_back(8, 12).get_size() == (8, 12)
    assert art.colour_badge("red", 6).get_size() == (6, 6)


def test_colour_badges_are_round_sized_and_distinct():
    chips = {c: art.colour_badge(c, 40) for c in ("red", "yellow", "green", "blue")}
    for colour, chip in chips.items():
        assert chip.get_size() == (40, 40)
        assert chip.get_at((0, 0)).a < 40 and chip.get_at((20, 20)).a == 255
        assert _bytes(chip) != _bytes(art.colour_badge(colour, 40, colour_blind=True))
    assert len({_bytes(c) for c in chips.values()}) == 4
    # the chip is in its colour: red chip reddest, blue chip bluest, a little off the centre
    assert chips["red"].get_at((20, 7)).r > chips["blue"].get_at((20, 7)).r
    assert chips["blue"].get_at((20, 7)).b > chips["red"].get_at((20, 7)).b


def test_card_names_for_tooltips():
    assert art.card_name("red-7.2") == "red 7"
    assert art.card_name("red-0") == "red 0"
    assert art.card_name("blue-skip.1") == "blue skip"
    assert art.card_name("green-reverse") == "green reverse"
    assert art.card_name("yellow-draw2.2") == "yellow +2"
    assert art.card_name("wild4.3") == "+4"
    assert art.card_name("wild") == "colour choice"
    assert art.card_name("pia.1") == "Pia"
    assert art.card_name("patrick") == "Patrick"


@pytest.mark.parametrize("bad", ["purple-3", "red-11", "joker", "", "red-skip-2"])
def test_a_stranger_is_refused_by_name(bad):
    for call in (lambda: art.card_face(bad, 60, 90), lambda: art.card_name(bad)):
        with pytest.raises(ValueError, match="not a Finita card"):
            call()


def test_an_unknown_colour_is_refused_by_name():
    with pytest.raises(ValueError, match="not a Finita colour"):
        art.colour_badge("purple", 40)


def test_faces_are_cached():
    assert art.card_face("blue-3", 60, 90) is art.card_face("blue-3", 60, 90)
    assert art.card_back(60, 90) is art.card_back(60, 90)
    assert art.colour_badge("green", 30) is art.colour_badge("green", 30)


def test_faces_convert_to_the_display_format(display):
    face = art.card_face("green-9", 61, 91)
    assert face.get_size() == (61, 91)
    display.blit(face, (0, 0))
