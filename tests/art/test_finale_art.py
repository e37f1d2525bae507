"""Finale's pictures: every card draws at any size, the strength on top follows the turns, a
tactics area's slots sit apart inside their panel, and a bad id is named in the error."""
from __future__ import annotations

import re

import pygame
import pytest

from game.finale.data import finale_data
from scenes.finale import art

SMALL, LARGE = (40, 57), (180, 258)
TEAMS = ("stollen", "acker")


def _bytes(s: pygame.Surface, rect: pygame.Rect | None = None) -> bytes:
    return pygame.image.tobytes(s.subsurface(rect) if rect else s, "RGBA")


def _top(w: int, h: int) -> pygame.Rect:
    """The strip across the top of a player card where the strength in play is printed."""
    return pygame.Rect(0, 0, w, round(h * 0.25))


def _players():
    return [p for t in finale_data().teams for p in t.players]


@pytest.mark.parametrize("w,h", [SMALL, LARGE])
def test_every_player_card_draws_at_the_asked_size(w, h):
    for p in _players():
        for turns in (0, 1):
            face = art.player_face(p.id, turns, w, h)
            assert face.get_size() == (w, h), p.id
            assert face.get_flags() & pygame.SRCALPHA
            assert face.get_at((0, 0)).a < 60, f"{p.id}: corners are rounded off"
            assert face.get_at((w // 2, h // 2)).a == 255, p.id


@pytest.mark.parametrize("w,h", [SMALL, LARGE])
def test_every_tactics_card_draws_for_both_teams(w, h):
    for team in TEAMS:
        for c in finale_data().tactics:
            face = art.tactic_face(f"{team}-{c.id}", w, h)
            assert face.get_size() == (w, h), c.id
            assert face.get_at((0, 0)).a < 60 and face.get_at((w // 2, h // 2)).a == 255, c.id


def test_different_cards_look_different():
    players = {p.id: _bytes(art.player_face(p.id, 0, 60, 86)) for p in _players()}
    assert len(set(players.values())) == len(players)
    for team in TEAMS:
        tactics = {c.id: _bytes(art.tactic_face(f"{team}-{c.id}", 60, 86)) for c in finale_data().tactics}
        assert len(set(tactics.values())) == len(tactics)
    # the same card in the other team's colours
    assert _bytes(art.tactic_face("stollen-pressing", 60, 86)) != _bytes(art.tactic_face("acker-pressing", 60, 86))


@pytest.mark.parametrize("w,h", [SMALL, LARGE, (30, 42)])
def test_the_strength_on_top_follows_the_turns(w, h):
    p = finale_data().player("sven-abseits")
    assert p.edges[0] != p.edges[1]
    top = _top(w, h)
    turn0, turn1 = art.player_face(p.id, 0, w, h), art.player_face(p.id, 1, w, h)
    assert _bytes(turn0, top) != _bytes(turn1, top)
    # four quarter turns bring the card back to where it started
    assert _bytes(turn0) == _bytes(art.player_face(p.id, 4, w, h))
    assert art.player_face(p.id, 4, w, h) is turn0


def test_the_strengths_to_come_show_on_the_other_edges():
    """Kai Fangmann reads 4, 4, 3, 3: a turn keeps the 4 on top but brings a 3 to the right edge."""
    p = finale_data().player("kai-fangmann")
    assert p.edges == (4, 4, 3, 3)
    w, h = LARGE
    turn0, turn1 = art.player_face(p.id, 0, w, h), art.player_face(p.id, 1, w, h)
    assert _bytes(turn0, _top(w, h)) == _bytes(turn1, _top(w, h))
    right = pygame.Rect(round(w * 0.8), round(h * 0.3), w - round(w * 0.8), round(h * 0.38))
    assert _bytes(turn0, right) != _bytes(turn1, right)


def test_markers_and_a_booking_show_without_touching_the_plain_card():
    w, h = LARGE
    plain = art.player_face("sven-abseits", 0, w, h)
    before = _bytes(plain)
    looks = {_bytes(art.player_face("sven-abseits", 0, w, h, m, b)) for m in ("", "!", "!!") for b in (False, True)}
    assert len(looks) == 6
    assert _bytes(plain) == before


@pytest.mark.parametrize("w,h", [(420, 160), (300, 120)])
def test_area_slots_match_the_card_and_sit_apart_inside_the_panel(w, h):
    panel_rect = pygame.Rect(0, 0, w, h)
    for c in finale_data().tactics:
        for area_name in ("setup", "result"):
            area = getattr(c, area_name)
            slots = art.area_slots(c.id, area_name, w, h)
            expected = {("attack", i) for i in range(len(area.attack))} | {("defend", i) for i in range(len(area.defend))}
            assert set(slots) == expected, (c.id, area_name)
            rects = list(slots.values())
            for r in rects:
                assert panel_rect.contains(r) and r.w > 0 and r.h > 0, (c.id, area_name, r)
            for i, a in enumerate(rects):
                for b in rects[i + 1:]:
                    assert not a.colliderect(b), (c.id, area_name, a, b)
            for (side, _), r in slots.items():  # attacker left of the halfway line, defender right
                assert (r.right <= w // 2) if side == "attack" else (r.left >= w // 2), (c.id, side, r)
            panel = art.area_panel(c.id, area_name, (196, 40, 44), (34, 84, 180), w, h)
            assert panel.get_size() == (w, h)


def test_an_empty_set_up_has_no_slots_and_says_so():
    c = finale_data().tactic("freistoss")
    assert c.setup.empty
    assert art.area_slots(c.id, "setup", 420, 160) == {}
    empty = art.area_panel(c.id, "setup", (196, 40, 44), (34, 84, 180), 420, 160)
    other = art.area_panel("elfmeter", "setup", (196, 40, 44), (34, 84, 180), 420, 160)
    full = art.area_panel("pressing", "setup", (196, 40, 44), (34, 84, 180), 420, 160)
    assert _bytes(empty) == _bytes(other) != _bytes(full)


def test_pieces_come_at_the_size_asked():
    for w, h in (SMALL, LARGE):
        for team in TEAMS:
            assert art.player_back(team, w, h).get_size() == (w, h)
            assert art.tactic_back(team, w, h).get_size() == (w, h)
    for w, h in ((1024, 420), (300, 140)):
        field = art.pitch(w, h)
        assert field.get_size() == (w, h)
        assert all(field.get_at(pt).a == 255 for pt in ((0, 0), (w - 1, h - 1), (w // 2, h // 2)))
    for size in (16, 48):
        assert {art.die_face(v, size, (196, 40, 44)).get_size() for v in range(6)} == {(size, size)}
        for piece in (art.chip("!", size), art.chip("!!", size), art.ball(size), art.yellow_card(size),
                      art.red_card(size), art.referee(size)):
            assert piece.get_size() == (size, size)


def test_the_die_faces_differ_and_the_markers_differ():
    faces = {_bytes(art.die_face(v, 40, (34, 84, 180))) for v in range(6)}
    assert len(faces) == 6
    assert _bytes(art.chip("!", 40)) != _bytes(art.chip("!!", 40))
    assert _bytes(art.yellow_card(40)) != _bytes(art.red_card(40))


def test_the_backs_differ_by_team_and_by_kind():
    backs = {_bytes(f(team, 60, 86)) for f in (art.player_back, art.tactic_back) for team in TEAMS}
    assert len(backs) == 4


def test_bad_ids_are_named_in_the_error():
    for bad in ("stollen-nonsense", "nobody-pressing", "pressing", ""):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            art.tactic_face(bad, 60, 86)
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            art.tactic_name(bad)
    with pytest.raises(ValueError, match="nobody-at-all"):
        art.player_face("nobody-at-all", 0, 60, 86)
    with pytest.raises(ValueError, match="nonsense"):
        art.area_slots("nonsense", "setup", 420, 160)
    with pytest.raises(ValueError, match="middle"):
        art.area_panel("pressing", "middle", (0, 0, 0), (0, 0, 0), 420, 160)
    with pytest.raises(ValueError, match="nobody"):
        art.player_back("nobody", 60, 86)
    with pytest.raises(ValueError, match="6"):
        art.die_face(6, 40, (0, 0, 0))
    with pytest.raises(ValueError):
        art.chip("?", 40)
    with pytest.raises(ValueError):
        art.player_face("sven-abseits", 0, 60, 86, marked="!!!")


def test_hover_names():
    assert art.player_name("sven-abseits") == "Sven Abseits"
    assert art.tactic_name("acker-offener-schlagabtausch") == "Open exchange (Offener Schlagabtausch)"
    assert art.tactic_name("stollen-pressing") == "Pressing"  # the German title is the same word


def test_pieces_convert_to_the_screen_format(display):
    """With a window open the pictures are converted for fast blits and keep their size."""
    assert art.player_face("olaf-hechter", 2, 61, 87, "!", True).get_size() == (61, 87)
    assert art.tactic_face("acker-eckball", 61, 87).get_size() == (61, 87)
    field = art.pitch(333, 150)
    assert field.get_size() == (333, 150) and field.get_at((0, 0)).a == 255
