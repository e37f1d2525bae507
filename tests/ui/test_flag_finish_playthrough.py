"""What a play-through of Flag Finish at a real screen turned up (each a bug seen, then mended)."""
from __future__ import annotations

import pygame

from game.core import Seat
from scenes.table.overlays import ResultOverlay
from tests.ui.conftest import drag, key
from tests.ui.test_flag_finish_table import (ANNA, bad_toasts, frames, grab, new_table, sprite_of,
                                            texts, top_of_heap, you_and)


def race_anna_home(app, table):
    """Anna lays her perfect hand, 0 to 10 and the flag, while Bo draws and discards."""
    for card in ANNA:
        for _ in range(200):
            if table.my_turn() and not table.view["owes_discard"]:
                break
            frames(app, 0.1)
        table.skip_animations()
        drag(app, grab(sprite_of(table, card)), table.zones["row0"].rect.center)
    frames(app, 1.0)


def test_a_finished_match_cannot_be_taken_back(app):
    table = new_table(app, [Seat("Anna"), Seat("Bo", "computer", "steady")], races=1)
    race_anna_home(app, table)
    assert table.match.outcome() is not None and table.match.outcome().winners == [0]
    assert isinstance(app.manager.top, ResultOverlay)
    frames(app, 1.0)  # the result's buttons wake up
    key(app, pygame.K_l)  # look at the table
    assert app.manager.top is table
    moves = texts(table)
    assert not table.tools.buttons[1].enabled, "Undo is off once the match is over"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert texts(table) == moves, "the counted, filed match stays as it ended"
    assert table.match.outcome() is not None
    assert any("over" in t for t in bad_toasts(app))


def test_after_undo_the_race_log_tells_only_what_stands(app):
    """Anna takes a card from the discards, discards another, and takes the discard back: the
    race log no longer lists it (it used to keep it and add "Undone.")."""
    table = new_table(app, [Seat("Anna"), Seat("Bo", "computer", "steady")], races=1)
    app.settings.animation_speed = "slow"  # Bo thinks for a while: Anna's undo comes first
    drag(app, grab(sprite_of(table, "green-5")), table.zones["hand0"].rect.center)
    table.skip_animations()
    standing = list(table.log)
    assert any("green 5" in line for line in standing), standing
    drag(app, grab(sprite_of(table, "orange-6")), table.zones["discard"].rect.center)
    table.skip_animations()
    assert texts(table) == ["0 take_discard green-5 0", "0 discard orange-6 0"]
    assert any("orange 6" in line for line in table.log)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert texts(table) == ["0 take_discard green-5 0"]
    log = list(table.log)
    assert not [line for line in log if "orange 6" in line], log
    assert "Undone." not in log
    assert log[-1] == "Anna takes back 1 move.", log
    assert log[:-1] == standing[-len(log[:-1]):], "what still stands reads as before"


def test_the_tables_small_words_are_14_px_at_1024x640(app, monkeypatch):
    """The seat lines ("0 points · greens 0 · needs 0"), "drag discards aside to see them",
    "S: scores" and the race log were 12 px at 1024x640 (the seat line of the racer to move
    shrank to fit its row): they read as about 10 px. Now none is under 14 px, with two racers
    or three (whose seat lines are shorter of room)."""
    from tests.ui.test_flag_finish_table import _play_for_everyone
    from tests.ui.text_sizes import drawn_text_sizes, resize, too_small
    for others in ((("Bo", "steady"),), (("Bo", "steady"), ("Cy", "steady"))):
        table = new_table(app, you_and(*others), races=2)
        for seed in range(40):  # mixed moves until the discard pile holds a few cards
            _play_for_everyone(table, 2, seed)
            if len(table.contents["discard"]) > 2 and not table.view["owes_discard"]:
                break
        assert len(table.contents["discard"]) > 1 and table.log  # the hint and the log show
        resize(app, (1024, 640))
        seen = drawn_text_sizes(app, monkeypatch, ("scenes/flag_finish/paint.py",))
        assert len(seen) >= 6, seen
        assert too_small(seen, 14) == [], (len(others) + 1, sorted(seen))
        resize(app, (1280, 800))
        app.manager.pop()


def focus_marks(app, table) -> pygame.Rect | None:
    """Where the keyboard's colour is drawn, solid (None: nowhere)."""
    from scenes import widgets as ui
    app.needs_redraw = True
    app.draw()
    mask = pygame.mask.from_threshold(app.screen, ui.FOCUS, (1, 1, 1, 255))
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects) if rects else None


def tab_to(app, table, zone):
    for _ in range(30):
        key(app, pygame.K_TAB)
        sprite = table.input.focused()
        if sprite is not None and sprite.zone == zone:
            return sprite
    raise AssertionError(f"Tab never reached {zone}")


def test_a_card_picked_by_key_shows_where_enter_puts_it(app):
    """After Enter picked a card, the place it would go was lit the same as the "Discard now"
    glow, and Tab changed nothing to be seen. Now the place Enter puts it is marked in the
    keyboard's colour, and Tab moves the mark."""
    table = new_table(app, you_and(("Bo", "steady")))
    tab_to(app, table, "draw")
    key(app, pygame.K_RETURN)
    assert table.input.lift.targets == ["hand0"]
    mark = focus_marks(app, table)
    assert mark is not None and table.zones["hand0"].rect.inflate(20, 20).contains(mark), mark
    key(app, pygame.K_RETURN)
    assert texts(table) == ["0 draw_pile 0"] and table.view["owes_discard"]
    tab_to(app, table, "hand0")
    key(app, pygame.K_RETURN)
    assert table.input.lift.targets == ["discard"]
    mark = focus_marks(app, table)
    assert mark is not None and table.zones["discard"].rect.inflate(20, 20).contains(mark), mark
    key(app, pygame.K_RETURN)
    assert [t for t in texts(table) if t.startswith("0 discard ")]


def test_tab_moves_the_mark_between_the_places_a_card_may_go(app):
    table = new_table(app, you_and(("Bo", "steady")))
    tab_to(app, table, "discard")
    key(app, pygame.K_RETURN)
    targets = table.input.lift.targets
    assert set(targets) == {"hand0", "discard"}, targets
    seen = []
    for _ in targets:
        target = targets[table.input.target_focus]
        mark = focus_marks(app, table)
        assert mark is not None and table.zones[target].rect.inflate(20, 20).contains(mark)
        seen.append(target)
        key(app, pygame.K_TAB)
    assert set(seen) == {"hand0", "discard"}


def test_no_focus_is_left_in_the_hand_after_mouse_play(app):
    """Tab had put the focus on a card in the hand; the person then played with the mouse,
    and at the next draw the old focus box came back on that card."""
    table = new_table(app, you_and(("Bo", "steady")))
    drag(app, top_of_heap(table).pos, table.zones["hand0"].rect.center)
    focused = tab_to(app, table, "hand0")
    other = next(table.sprites[c] for c in table.view["zones"]["hand0"]
                 if table.sprites[c] is not focused)
    drag(app, grab(other), table.zones["discard"].rect.center)
    assert f"0 discard {other.piece} 0" in texts(table)
    for _ in range(200):  # Bo's turn
        if table.my_turn():
            break
        frames(app, 0.1)
    table.skip_animations()
    drag(app, top_of_heap(table).pos, table.zones["hand0"].rect.center)
    assert table.view["owes_discard"] and focused.zone == "hand0"
    assert table.input.focused() is None, "no focus box is left on a card"
