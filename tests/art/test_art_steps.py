"""First drawings cost a bounded amount of work a frame (issue 25, item 17): pictures asked for
inside `steps.frame()` past the frame's drawing budget are the same picture at its last size,
scaled (or, where a scene holds its frame, a blank never shown), until `steps.settle()` draws
them for real, a few a frame; a picture drawn in parts takes several frames. Work is counted
(pictures or parts drawn), never timed: speed is bench/frames.py's."""
from __future__ import annotations

import pygame
import pytest

from scenes.art import _cache
from scenes.art._cache import steps
from scenes.flag_finish import art as cards

FACES = ["blue-1", "blue-2", "blue-3", "green-4", "green-5", "green-6", "orange-7", "orange-8",
         "blue-9", "green-10"]


def rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture()
def counted(display, monkeypatch):
    """Each picture drawn costs 10 ms on this clock: the budget (25 ms) holds three a frame."""
    _cache.clear_caches()
    monkeypatch.setattr(steps, "clock", lambda: steps.drawn * 0.010)
    monkeypatch.setattr(steps, "budget", 0.025)
    monkeypatch.setattr(steps, "begun", False)
    monkeypatch.setattr(steps, "started", steps.clock())  # on this clock, as a fresh process
    yield
    steps.forget()
    _cache.clear_caches()


def test_past_the_budget_a_new_size_stands_in_scaled_and_is_drawn_a_few_a_frame(counted):
    old = {face: cards.card_face(face, 80, 120) for face in FACES}  # the size shown before
    drawn = steps.drawn
    steps.begin()  # the app starts each frame's budget
    with steps.frame():
        shown = {face: cards.card_face(face, 100, 150) for face in FACES}
    assert steps.drawn - drawn == 3, "the frame drew more than its budget holds"
    assert all(p.get_size() == (100, 150) for p in shown.values())
    assert len(steps.waiting) == len(FACES) - 3
    frames = 0
    while steps.waiting:
        steps.begin()
        before = steps.drawn
        generation = steps.generation
        assert steps.settle()
        assert 1 <= steps.drawn - before <= 3 and steps.generation == generation + 1
        frames += 1
    assert frames == 3  # seven waiting pictures, three a frame
    # asked again, every face is the real one: what a fresh drawing at that size gives
    real = {face: cards.card_face(face, 100, 150) for face in FACES}
    assert steps.drawn - drawn == len(FACES)
    _cache.clear_caches()
    for face in FACES:
        assert rgba(real[face]) == rgba(cards.card_face(face, 100, 150)), face
    assert old  # (kept alive above, so the stand-ins had a picture to scale)


def test_the_frame_of_a_new_size_draws_no_picture_that_can_stand_in(counted):
    """The resize's frame lays the table out afresh: every picture with an old size stands in
    at once, and the frames after draw them, a few a frame (the first of them at least one,
    however long the frame's own work took)."""
    old = {face: cards.card_face(face, 80, 120) for face in FACES}
    drawn = steps.drawn
    steps.begin()
    with steps.frame(new_size=True):
        shown = [cards.card_face(face, 100, 150) for face in FACES]
        assert not steps.settle()  # nor does this frame's settling
    assert steps.drawn == drawn and len(steps.waiting) == len(FACES)
    assert all(p.get_size() == (100, 150) for p in shown)
    frames = 0
    while steps.waiting:
        steps.begin()
        steps.started -= 1.0  # a frame whose own work already took a second
        before = steps.drawn
        assert steps.settle()
        assert steps.drawn - before == 1
        frames += 1
    assert frames == len(FACES)
    assert old


def test_a_placeholder_stands_in_only_where_a_scene_holds_its_frame(counted):
    """A picture never drawn at any size has nothing to scale: inside frame(hold=True), past
    the budget, it is a blank of its size (counted in `holes`, waiting as a placeholder)
    until settle() draws it; elsewhere it is drawn when asked."""
    steps.begin()
    holes, drawn = steps.holes, steps.drawn
    with steps.frame(hold=True):
        shown = [cards.card_face(face, 100, 150) for face in FACES]
    assert steps.drawn - drawn == 3 and steps.holes - holes == len(FACES) - 3
    assert steps.placeholders == len(FACES) - 3
    blank = shown[-1]
    assert blank.get_size() == (100, 150) and blank.get_bounding_rect().width == 0
    with steps.frame(hold=True):  # asked again while it waits: the same blank, counted again
        assert cards.card_face(FACES[-1], 100, 150) is blank
    assert steps.holes - holes == len(FACES) - 2
    while steps.waiting:
        steps.begin()
        steps.settle()
    assert steps.placeholders == 0
    real = cards.card_face(FACES[-1], 100, 150)
    assert real is not blank and real.get_bounding_rect().width == 100


def test_a_picture_drawn_in_parts_takes_several_frames_and_comes_out_the_same(counted):
    """Finale's pitch is drawn in parts (a generator): inside a frame a part at a time within
    the budget, its last size scaled meanwhile; the picture is the one drawn at once."""
    from scenes.finale import pieces

    at_once = rgba(pieces.pitch(500, 300))
    pieces.pitch.cache_clear()
    pieces.pitch(250, 150)  # the size shown before
    steps.begin()
    with steps.frame(new_size=True):
        standing = pieces.pitch(500, 300)
    assert standing.get_size() == (500, 300) and steps.waiting
    frames = 0
    while steps.waiting:
        steps.begin()
        before = steps.drawn
        steps.settle()
        assert steps.drawn - before <= 3  # parts, three a frame
        frames += 1
    assert frames >= 3
    assert rgba(pieces.pitch(500, 300)) == at_once


def test_a_stand_in_is_the_old_picture_scaled_never_kept_as_the_picture(counted):
    for face in FACES:
        cards.card_face(face, 80, 120)
    with steps.frame(new_size=True):
        shown = [cards.card_face(face, 100, 150) for face in FACES]
    stand_in = shown[-1]
    scaled = pygame.transform.smoothscale(cards.card_face(FACES[-1], 80, 120), (100, 150))
    assert rgba(stand_in) == rgba(scaled)
    # outside a frame the picture is drawn when asked: the real one, not the stand-in
    real = cards.card_face(FACES[-1], 100, 150)
    assert real is not stand_in and rgba(real) != rgba(stand_in)
    assert FACES[-1] not in [key[1][0] for key in steps.waiting]  # it waits no more
    assert cards.card_face(FACES[-1], 100, 150) is real


def test_a_picture_never_seen_at_any_size_is_drawn_at_once(counted):
    drawn = steps.drawn
    with steps.frame(new_size=True):
        shown = [cards.card_face(face, 100, 150) for face in FACES]
    assert not steps.waiting and steps.drawn - drawn == len(FACES)
    assert all(p.get_size() == (100, 150) for p in shown)


def test_inside_a_picture_drawn_for_real_no_part_is_a_stand_in(counted):
    """Finished!'s face is drawn on the shared blank card: when the blank has an old size to
    scale but the face has none, the face is drawn for real, and its blank with it."""
    from scenes.art import table as table_art
    from scenes.finished import art as finished_art

    for w in (60, 61, 62, 63):
        table_art.card_blank(w, round(w * 1.4))
    steps.begin()
    with steps.frame():
        for w in (60, 61, 62):  # spend the budget
            table_art.card_blank(w + 10, round((w + 10) * 1.4))
        assert steps.spent >= steps.budget
        face = finished_art.card_face(7, 63 + 40, round((63 + 40) * 1.4))
    assert not any(w[0] is table_art.card_blank.pictures for w in steps.waiting.values())
    _cache.clear_caches()
    assert rgba(face) == rgba(finished_art.card_face(7, 103, round(103 * 1.4)))


def test_a_new_size_forgets_what_waited_for_the_old_one(counted):
    for face in FACES:
        cards.card_face(face, 80, 120)
    with steps.frame(new_size=True):
        for face in FACES:
            cards.card_face(face, 100, 150)
    assert steps.waiting
    with steps.frame(new_size=True):
        for face in FACES:
            cards.card_face(face, 90, 135)
    assert all(key[1][1:3] == (90, 135) for key in steps.waiting)
