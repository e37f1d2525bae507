"""The Finale table laid out by the room there is (issue 25, item 12): no wide empty band right
of the bench (about 300 px at 1920x1080 were kept for a column of action buttons Finale never
fills), the dice and the marking coach's chips in a narrow strip at the right edge; and a line
of five (defence, midfield or attack, for both coaches at once) shows every card's strength at
1024x640 as at 1920x1080."""
from __future__ import annotations

import pygame
import pytest

from game.core import Seat, Setup
from game.core.session import Match
from game.finale.data import GOALIE, finale_data
from scenes import widgets as ui
from scenes.finale.layout import dice_size
from tests.ui.conftest import drag, post_click
from tests.ui.test_finale_table import dice_over_cards, table_at

DATA = finale_data()
ROOM_SIZES = ((1024, 640), (1920, 1080))


def five_in_a_line(line: str, seed: int = 3) -> Match:
    """A match whose coaches picked their squads (`lineups: pick`) with five players in `line`
    on the field, the cheapest of each kind, and the white and lilac deck: ready to kick off."""
    match = Match.start("finale", Setup(seed), {"lineups": "pick"},
                        [Seat("Anna"), Seat("Ben", "computer")])
    engine = match.engine
    for seat in (0, 1):
        team = match.state.data.teams[seat]

        def cheapest(wanted):
            return sorted((p for p in team.players if wanted(p.position)),
                          key=lambda p: (p.value, p.id))

        keepers = cheapest(lambda pos: pos == GOALIE)
        others = cheapest(lambda pos: pos not in (GOALIE, line))
        field = [keepers[0], *cheapest(lambda pos: pos == line)[:5], *others[:5]]
        for p in field:
            match.act(engine.parse_action(f"{seat} sign {p.id} field"))
        for p in (keepers[1], *others[5:8]):
            match.act(engine.parse_action(f"{seat} sign {p.id} bench"))
        match.act(engine.parse_action(f"{seat} deck lilac"))
        match.act(engine.parse_action(f"{seat} ready"))
    assert match.state.phase == "pick"
    for coach in match.state.coaches:
        assert [DATA.player(p).position for p in coach.field].count(line) == 5
    return match


def strength_badge(rect: pygame.Rect) -> pygame.Rect:
    """Where a player card shows the strength that counts now: its top band."""
    return pygame.Rect(rect.x, rect.y, rect.width, max(4, int(rect.height * 0.3)))


@pytest.mark.parametrize("size", ROOM_SIZES)
@pytest.mark.parametrize("line", ("defence", "midfield", "striker"))
def test_a_five_man_line_shows_the_strength_of_all_five_cards(app, size, line):
    """Both coaches field five in the same line, so the two lines of five stand across the
    halfway line from each other too (attack against attack): no card of the pitch covers
    another card's strength, no two cards overlap, all lie on the pitch."""
    table = table_at(app, size, five_in_a_line(line))
    cards = [s for s in table.group.sprites() if s.zone in ("field0", "field1")]
    assert len(cards) == 22
    for i, below in enumerate(cards):
        for above in cards[i + 1:]:  # drawn later: on top
            assert not above.rect.colliderect(strength_badge(below.rect)), \
                (size, line, above.piece, "covers the strength of", below.piece)
            assert not above.rect.colliderect(below.rect), (size, line, above.piece, below.piece)
    assert all(table.frames.pitch.contains(s.rect) for s in cards), (size, line)


def right_of_the_benches(table) -> int:
    """How far the window runs on right of the right bench and its players gone off."""
    edge = max(table.zones[f"{name}{seat}"].rect.right for name in ("bench", "out")
               for seat in (0, 1))
    return table.size[0] - edge


@pytest.mark.parametrize("size", ROOM_SIZES)
def test_no_empty_band_stays_right_of_the_bench(app, size):
    """A column as wide as the action buttons stood right of the bench, for the dice and the
    chips alone (about 300 px at 1920x1080): the pitch now runs on to a strip as narrow as a
    die, where the dice lie one over the other and the chips stand in a column."""
    table = table_at(app, size, five_in_a_line("midfield"))
    base = ui.ui_size(size)
    strip = dice_size(base)
    assert right_of_the_benches(table) <= strip + base * 2, (size, right_of_the_benches(table))
    bench = table.zones[f"bench{1 - table.bottom()}"].rect
    chips = table.zones[f"chips{table.bottom()}"].rect
    for thing in (table.frames.dice, chips):
        assert thing.left > bench.right and thing.right <= size[0], (size, thing, bench)
        assert not thing.colliderect(table.frames.panel), (size, thing)
        assert thing.top > table.frames.info.bottom, (size, thing)
    assert not table.frames.dice.colliderect(chips)


@pytest.mark.parametrize("size", ROOM_SIZES)
def test_the_chips_stand_in_the_strip_and_one_dragged_onto_a_player_marks_him(app, size):
    """The chips of the coach marking stand one under the other in the strip, off every card
    and off the dice; dragging the lowest onto a striker marks him."""
    from tests.ui.test_finale_table import WEAK, at, new_table, settle
    from tests.ui.text_sizes import resize
    resize(app, size)
    table = new_table(app, [["brechstange"], WEAK])
    post_click(app, at(table, "stollen-brechstange"))
    settle(app, table)
    chips = sorted((s for s in table.sprites.values() if s.zone == "chips0"),
                   key=lambda s: s.rect.y)
    assert len(chips) == 2, "one chip for each open slot"
    strip = table.zones["chips0"].rect
    assert all(strip.contains(c.rect) for c in chips)
    assert chips[0].rect.bottom <= chips[1].rect.top, "one under the other, apart"
    assert not dice_over_cards(table), size
    assert all(not table.frames.dice.colliderect(c.rect) for c in chips)
    striker = next(p for p in table.state.coaches[0].field
                   if DATA.player(p).position == "striker")
    drag(app, tuple(int(v) for v in chips[-1].pos), at(table, striker))
    assert striker in table.state.marks[0]
