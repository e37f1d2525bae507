"""What a play-through of Finito! at real window sizes showed: words on the table that sat on
top of each other, and messages that covered the other players' boards."""
from __future__ import annotations

import os
import traceback

import pygame

from scenes import widgets as ui
from tests.ui.conftest import drag
from tests.ui.test_finito_table import new_table, offer_sprites
from tests.ui.text_sizes import resize

SIZES = ((800, 500), (1024, 640), (1280, 800), (1920, 1080), (2560, 1440))


def drawn_words(app, monkeypatch, table) -> list[tuple[str, pygame.Rect, str]]:
    """(words, rectangle, 'file:line') of every line of text the Finito! scene code draws in
    one full redraw of the table."""
    real = ui.text
    seen: list[tuple[str, pygame.Rect, str]] = []

    def spy(surface, words, size, pos, *args, **kwargs):
        rect = real(surface, words, size, pos, *args, **kwargs)
        for frame in reversed(traceback.extract_stack()[:-1]):
            where = frame.filename.replace(os.sep, "/")
            if "/scenes/finito/" in where:
                seen.append((words, rect.copy(), f"{os.path.basename(where)}:{frame.lineno}"))
                break
        return rect

    monkeypatch.setattr(ui, "text", spy)
    table.static = None
    app.needs_redraw = True
    app.draw()
    monkeypatch.setattr(ui, "text", real)
    return seen


def overlaps(seen: list[tuple[str, pygame.Rect, str]]) -> list[tuple[str, str]]:
    found = []
    for i, (words, rect, _) in enumerate(seen):
        for other, rect2, _ in seen[i + 1:]:
            if rect.colliderect(rect2):
                found.append((words, other))
    return found


def test_the_round_line_under_the_die_leaves_room_for_the_counters_label(app, monkeypatch):
    """With repeat rounds the die's dish has two lines under it (roll no., round); the
    'Your counters' label over the rack must not be written over the second one."""
    table = new_table(app, ("human", "computer"), options={"rounds": True, "target": 30})
    app.frame(5.0)  # the first roll has landed
    for size in SIZES:
        resize(app, size)
        app.frame(0.016)
        seen = drawn_words(app, monkeypatch, table)
        words = [w for w, _, _ in seen]
        assert "round 1" in words and "Your counters" in words, (size, words)
        assert overlaps(seen) == [], size
    resize(app, (1280, 800))



def others_rects(table) -> list[pygame.Rect]:
    """Everything of the other seats: name plate, board, face-up counters, face-down heap."""
    big = table.big_seat()
    return [r for p in table.geo.seats.values() if p.seat != big
            for r in (p.plate, p.frame, p.offer, p.heap)]


def test_refusals_never_cover_the_other_players_boards_or_counters(app):
    """A refusal shows in the large board's column: at 1024x640 it used to lie over the
    opponent's face-up counters, at 2560x1440 over the lowest board on the right."""
    long = ("Every 4 is covered: the counter goes on the nearest free square, the right-hand 3 "
            "before them or the right-hand 5 after them.")
    for kinds in (("human", "computer"), ("human", "computer", "computer"),
                  ("human", "computer", "computer", "computer")):
        table = new_table(app, kinds)
        for size in SIZES:
            resize(app, size)
            area = table.message_area(size)
            surface = pygame.Surface(size)
            boxes = ui.draw_toasts(surface, [(long, "bad"), ("Hint: Put 8 on the 12", "info")], area)
            window = pygame.Rect((0, 0), size)
            for box in boxes:
                assert window.contains(box), (kinds, size, box)
                assert box.collidelist(others_rects(table)) == -1, (kinds, size, box)
                assert box.collidelist([b.rect for b in table.tools.buttons]) == -1
        app.manager.pop()
    resize(app, (1280, 800))


def test_a_refusal_replaces_the_prompt_and_the_tip_under_the_board(app, monkeypatch):
    """After a drop on a covered square the pointer rests on a counter: its tip, the prompt
    line and the refusal all wanted the strip under the board and were drawn over each other.
    While the refusal shows, it alone speaks there."""
    import scenes.table.painting as painting
    table = new_table(app, ("human", "human"))
    resize(app, (1024, 640))
    app.frame(5.0)
    prompt = "Drag a face-up counter onto a lit square"
    assert prompt in [w for w, _, _ in drawn_words(app, monkeypatch, table)]
    square = table.view["targets"][table.perspective][0]
    table.act(next(a for a in table.legal() if getattr(a, "square", None) == square))
    table.act(table.legal()[0])  # the other seat; the die rolls again
    table.skip_animations()
    app.frame(5.0)
    covered = table.zones["board0"].cell_rect(square).center
    if square in table.view["targets"][table.perspective]:
        table.act(next(a for a in table.legal() if getattr(a, "square", None) == square))
        table.act(table.legal()[0])
        table.skip_animations()
        app.frame(5.0)
    drag(app, offer_sprites(table)[0].rect.center, covered)
    assert [t for t, kind in app.toasts.active() if kind == "bad"], "the drop was refused"
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=covered, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.input.hover_tip, "the pointer rests on the counter that covers the square"
    tips: list[str] = []
    real_tip = painting.draw_tip

    def spy_tip(surface, tip, *args, **kwargs):
        tips.append(tip)
        return real_tip(surface, tip, *args, **kwargs)

    monkeypatch.setattr(painting, "draw_tip", spy_tip)
    words = [w for w, _, _ in drawn_words(app, monkeypatch, table)]
    assert prompt not in words
    assert table.input.hover_tip not in tips
    app.toasts.items.clear()  # the refusal has gone: prompt and tip are back
    tips.clear()
    assert prompt in [w for w, _, _ in drawn_words(app, monkeypatch, table)]
    assert table.input.hover_tip in tips


def test_no_turn_banner_is_drawn_over_the_round_score_sheet(app, monkeypatch):
    """Hot-seat with repeat rounds: the round ends, the starter's 'your turn' banner used to
    be drawn across the middle of the score sheet, over the names and points."""
    from scenes.finito import motion
    from tests.ui.test_finito_table import play_until
    table = new_table(app, ("human", "human"), options={"rounds": True, "target": 60})
    resize(app, (1024, 640))
    play_until(table, lambda: table.view["phase"] == "round over", limit=4000)
    app.frame(0.016)
    assert table.banner.active, "the turn went back to the first person: a banner is due"
    shown = []
    real = motion.Banner.draw

    def spy(banner, surface, centre, base):
        if banner.active and banner.text:
            shown.append(banner.text)
        return real(banner, surface, centre, base)

    monkeypatch.setattr(motion.Banner, "draw", spy)
    words = [w for w, _, _ in drawn_words(app, monkeypatch, table)]
    assert "Round 1 is over" in words
    assert shown == []
