"""Found by playing Finished! in a real window: once All Cards into the Future had made a Future
Area, the empty row for cards set aside lay over the Present (with the Present's label on top
of it) and was labelled "Future Area 1 (returns next)", while the row that really comes back
next was called "Future Area 2"."""
from __future__ import annotations

import pygame
import pytest

from game.finished import ENGINE
from game.finished.view import FUTURE, PRESENT, future_area
from scenes import widgets as ui
from scenes.finished.table import layout
from tests.finished.helpers import new, play

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


def one_area():
    """00:16's Future Area waits; nothing is set aside."""
    state, _ = play(new([16, 30, 20, 12, 9, 7]), "activate 16")
    return state


def one_area_and_a_card_aside():
    state, _ = play(one_area(), "activate 12", "pick 9", "confirm")
    assert state.aside == [9] and len(state.futures) == 1
    return state


def setting_aside_with_an_area():
    """1 Card into the Future waits for its card while a Future Area waits too."""
    state, _ = play(one_area(), "activate 12")
    assert state.pending is not None
    return state


def two_areas():
    state, _ = play(new([16, 30, 20, 24, 9, 12]), "activate 16", "activate 24")
    assert len(state.futures) == 2
    return state


STATES = [one_area, one_area_and_a_card_aside, setting_aside_with_an_area, two_areas]


def label_rect(zone, size) -> pygame.Rect:
    """Where the table paints a zone's label (scenes/table/painting.py: bottom-left, 4 px up)."""
    fs = max(11, int(ui.ui_size(size) * 0.72))
    return pygame.Rect(zone.rect.x + 4, zone.rect.y - 4 - fs, 10 * len(zone.label), fs)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", STATES, ids=lambda f: f.__name__)
def test_future_rows_keep_off_the_present_and_each_other(size, make):
    pygame.init()
    view = ENGINE.view(make(), 0)
    zones = layout(size, view)
    rows = [zones[z] for z in view["future_zones"] if z in zones] + [zones[PRESENT]]
    for a in rows:
        for b in rows:
            if a is b:
                continue
            assert not a.rect.colliderect(b.rect), (a.id, a.rect, b.id, b.rect)
            assert not label_rect(a, size).colliderect(b.rect), (a.label, b.id)


def test_the_row_that_comes_back_next_is_called_so():
    view = ENGINE.view(one_area(), 0)
    zones = layout((1024, 640), view)
    assert zones[future_area(0)].label == "Future Area 1 (returns next)"
    assert FUTURE not in zones, "an empty row for cards set aside only takes room"


def test_older_areas_have_lower_numbers_and_sit_nearer_the_present():
    view = ENGINE.view(two_areas(), 0)
    zones = layout((1280, 800), view)
    assert zones[future_area(0)].label == "Future Area 1 (returns next)"
    assert zones[future_area(1)].label == "Future Area 2"
    assert zones[future_area(1)].rect.y < zones[future_area(0)].rect.y


@pytest.mark.parametrize("make", [one_area_and_a_card_aside, setting_aside_with_an_area],
                         ids=lambda f: f.__name__)
def test_the_set_aside_row_says_where_its_card_goes(make):
    view = ENGINE.view(make(), 0)
    zones = layout((1024, 640), view)
    assert zones[FUTURE].label == "Future: joins the next Present"
    assert zones[future_area(0)].label == "Future Area 1 (returns next)"


def test_with_no_future_area_the_row_is_just_the_future():
    view = ENGINE.view(new([30, 20, 9]), 0)
    assert layout((1024, 640), view)[FUTURE].label == "Future"
