"""The Finished! table driven by synthetic mouse and keyboard events."""
from __future__ import annotations

import sys

import pygame
import pytest

from game.core import Seat
from tests.helpers import open_game_table
from scenes.widgets import ui_size
from tests.ui.conftest import drag, key, post_click


def new_table(app, seed=7):
    return open_game_table(app, "finished", [Seat("You")], None, seed)


def present_sprites(table):
    return [table.sprites[p] for p in table.view["zones"]["present"]]


def test_dragging_a_present_card_sorts_it(app):
    table = new_table(app)
    cards = present_sprites(table)
    last = cards[-1]
    first = cards[0]
    drag(app, last.rect.center, (first.rect.left + 4, first.rect.centery))
    assert table.match.actions[-1].text() == f"0 move {last.piece[1:]} 0"
    assert table.view["zones"]["present"][0] == last.piece


def test_an_illegal_drop_glides_back_and_says_why(app):
    table = new_table(app)
    card = present_sprites(table)[0]
    home = card.pos
    past = table.zones["past"].rect.center
    drag(app, card.rect.center, past)
    assert table.match.actions == []
    messages = [t for t, kind in app.toasts.active() if kind == "bad"]
    assert messages and messages[-1].strip()
    table.skip_animations()
    assert card.pos == home


def test_clicking_the_action_strip_twice_uses_the_action(app):
    table = new_table(app)
    legal = {a.text() for a in table.legal()}
    for sprite in present_sprites(table):
        number = sprite.piece[1:]
        if f"0 activate {number}" in legal:
            before = table.view["sweets_active"]
            post_click(app, (sprite.rect.centerx, sprite.rect.bottom - 6))
            post_click(app, (sprite.rect.centerx, sprite.rect.bottom - 6))
            assert table.match.actions[-1].text() == f"0 activate {number}"
            assert table.view["sweets_active"] == before - 1 or table.view.get("pending")
            return
    raise AssertionError("seed 7 should offer an action in the first Present")


def test_keyboard_pick_and_drop(app):
    table = new_table(app)
    key(app, pygame.K_TAB)
    focused = table.input.focused()
    assert focused is not None
    key(app, pygame.K_RETURN)
    assert table.input.lift is not None and table.input.lift.targets
    target = table.input.lift.targets[0]
    key(app, pygame.K_RETURN)
    assert table.match.actions, "Enter on a target must drop the piece"
    gestures = table.engine.gestures(table.match.states[-2], table.match.actions[-1])
    assert any(g.target == target for g in gestures)


def test_click_to_move(app):
    table = new_table(app)
    cards = present_sprites(table)
    first, last = cards[0], cards[-1]
    post_click(app, (first.rect.centerx, first.rect.top + 10))  # the body, not the action strip
    assert table.input.lift is not None and not table.input.lift.by_pointer
    post_click(app, (last.rect.right - 4, last.rect.centery))
    assert table.match.actions[-1].text().startswith(f"0 move {first.piece[1:]}")


def test_undo_takes_back_a_sort_but_not_a_draw(app):
    table = new_table(app)
    cards = present_sprites(table)
    drag(app, cards[-1].rect.center, (cards[0].rect.left + 4, cards[0].rect.centery))
    assert len(table.match.actions) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.match.actions == []
    end_turn = [a for a in table.legal() if a.kind == "done"]
    table.act(end_turn[0])
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(table.match.actions) == 1, "a turn that drew new cards cannot be undone"
    assert any("cannot be undone" in t for t, _ in app.toasts.active())


def test_every_action_is_saved_at_once(app):
    from game.core.saves import load_save, path_for
    table = new_table(app)
    cards = present_sprites(table)
    drag(app, cards[-1].rect.center, (cards[0].rect.left + 4, cards[0].rect.centery))
    loaded = load_save(path_for(table.match.save_id))
    assert [a.text() for a in loaded.actions] == [a.text() for a in table.match.actions]


def test_resizing_keeps_the_table_usable_and_a_sliver_is_refused_politely(app):
    table = new_table(app)
    for size in ((1024, 640), (2560, 1440), (200, 120), (1280, 800)):
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.frame(0.016)
        app.draw()
        if size[0] >= 1024:
            for zone in table.zones.values():
                assert zone.rect.right <= size[0] and zone.rect.bottom <= size[1], zone.id
            widths = [table.sprites[p].rect.width for p in table.view["zones"]["present"]]
            assert min(widths) >= 60
    assert app.too_small() is False


def test_hint_lights_a_move_and_is_counted(app):
    table = new_table(app)
    key(app, pygame.K_h)
    assert table.hint is not None
    assert table.match.meta["hints"] == 1
    assert table.hint_words  # said on the band under the status bar (no toast over the hand)


def test_a_finished_game_keeps_its_movie_and_offers_to_play_it(app):
    from game.core.players import make_player
    from game.core.rng import Rng
    from game.finished.movies import list_movies
    from scenes.flipbook.player import FlipbookPlayer
    from scenes.table.overlays import ResultOverlay
    table = new_table(app, seed=4)
    player, rng = make_player("finished", "good"), Rng(2)
    while table.match.outcome() is None:
        legal = table.legal()
        table.match.act(player.choose(table.engine.view(table.state, 0), legal, rng))
    table.after_change([], animate=False)
    app.frame(0.016)
    # the result comes first, whatever keys are still being pressed for the last moves
    assert isinstance(app.manager.top, ResultOverlay), "the result is seen before the movie"
    movies = list_movies()
    pile = table.match.outcome().details["finished_pile"]
    assert len(movies) == 1 and list(movies[0].movie.pile) == list(pile)
    for _ in range(3):
        key(app, pygame.K_1)
        key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, ResultOverlay)
    app.frame(ResultOverlay.ARMING + 0.1)  # its buttons wake up a moment after it shows
    key(app, pygame.K_RETURN)  # the main button: watch the movie
    assert isinstance(app.manager.top, FlipbookPlayer), "the movie plays from the result"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, ResultOverlay)
    key(app, pygame.K_m)
    assert isinstance(app.manager.top, FlipbookPlayer), "and can be watched again"


def test_automatic_moves_animate_one_after_another_and_a_click_skips_them(app):
    table = new_table(app)
    app.settings.animation_speed = "normal"
    end_turn = [a for a in table.legal() if a.kind == "done"][0]
    table.act(end_turn)
    assert table.animating()
    moving = [s for s in table.sprites.values() if s.tween is not None]
    delays = sorted({round(s.tween.delay, 3) for s in moving})
    assert len(delays) > 2, "the cards must move one after another, not all at once"
    post_click(app, (5, app.size[1] // 2))
    assert not table.animating()


def seed_with_a_draw_action() -> tuple[int, int]:
    """A deal whose first Present holds a Draw a Card / Draw 2 Cards card."""
    from game.core import Setup
    from game.core.registry import engine
    from game.finished.data import card_data
    eng = engine("finished")
    for seed in range(1, 300):
        view = eng.view(eng.new_game(Setup(seed), {"level": "very-easy", "practice": False},
                                     [Seat("You")]), 0)
        for piece in view["zones"]["present"]:
            if card_data().action_of(int(piece[1:])).id in ("draw_one", "draw_two"):
                return seed, int(piece[1:])
    raise AssertionError("no such deal in 300 seeds")


def test_a_refused_action_says_why_and_changes_nothing(app):
    seed, number = seed_with_a_draw_action()
    table = new_table(app, seed)
    sprite = table.sprites[f"c{number}"]
    post_click(app, (sprite.rect.centerx, sprite.rect.bottom - 6))
    post_click(app, (sprite.rect.centerx, sprite.rect.bottom - 6))
    assert table.match.actions[-1].text() == f"0 activate {number}"
    if f"c{number}" not in table.view["zones"]["present"]:
        return  # the drawn card scored it away; nothing left to refuse (checked below by engine)
    steps = len(table.match.actions)
    table.skip_animations()
    sprite = table.sprites[f"c{number}"]
    post_click(app, (sprite.rect.centerx, sprite.rect.bottom - 6))
    assert len(table.match.actions) == steps
    reasons = [t for t, kind in app.toasts.active() if kind == "bad"]
    assert reasons and "already" in reasons[-1], reasons


def test_dragging_a_sweet_onto_a_card_uses_its_action(app):
    seed, number = seed_with_a_draw_action()
    table = new_table(app, seed)
    sweet = table.sprites["sweet"]
    target = table.sprites[f"c{number}"]
    drag(app, sweet.rect.center, target.rect.center)
    assert [a.text() for a in table.match.actions] == [f"0 activate {number}"]


def table_with_action(app, action_id: str):
    """A table whose first Present offers `action_id`, and that activation."""
    from game.finished.data import card_data
    for seed in range(1, 200):
        table = new_table(app, seed)
        choice = [a for a in table.legal() if a.kind == "activate"
                  and card_data().action_of(a.card).id == action_id]
        if choice:
            return table, choice[0]
    raise AssertionError(f"no deal with {action_id} in the first Present")


def test_a_choice_lights_the_cards_it_may_take_and_can_be_cancelled(app):
    table, choice = table_with_action(app, "into_past")
    sweets = table.view["sweets_active"]
    table.act(choice)
    picks = [a for a in table.legal() if a.kind == "pick"]
    assert picks and table.view["pending"]
    app.draw()
    cancel = [a for a in table.legal() if a.kind == "cancel"]
    table.act(cancel[0])
    assert table.view["pending"] is None and table.view["sweets_active"] == sweets


def button(table, label):
    return next((b for b in table.buttons.buttons if b.label == label), None)


def test_confirm_keeps_the_place_of_end_turn_and_cancel_stands_apart(app):
    table, choice = table_with_action(app, "into_past")
    slot = button(table, "End turn").rect.copy()
    table.act(choice)
    for picks in range(3):
        confirm, cancel = button(table, "Confirm"), button(table, "Cancel")
        assert confirm is not None, f"after {picks} picks there is no Confirm button"
        assert confirm.rect == slot, f"after {picks} picks Confirm left its place"
        assert confirm.enabled == (picks == 2)
        assert not cancel.rect.colliderect(slot)
        if picks < 2:
            key(app, pygame.K_1)  # 1 is Confirm's key, greyed here: it must not cancel
            assert table.view["pending"] is not None
            table.act([a for a in table.legal() if a.kind == "pick"][0])
    post_click(app, slot.center)
    assert table.match.actions[-1].text() == "0 confirm"


def test_confirms_tip_counts_the_picks_still_missing(app):
    table, choice = table_with_action(app, "into_past")
    table.act(choice)
    tips = []
    for _ in range(3):
        tips.append(button(table, "Confirm").tip)
        picks = [a for a in table.legal() if a.kind == "pick"]
        if picks:
            table.act(picks[0])
    assert tips[0].startswith("Pick 2 more cards first") and tips[1].startswith("Pick 1 more card first")
    assert tips[2].startswith("Carry out Cards into the Past"), tips


def test_clicking_and_dragging_pick_cards_the_same_way(app):
    table, choice = table_with_action(app, "into_past")
    table.act(choice)
    first, second, *_ = present_sprites(table)
    body = (first.rect.centerx, first.rect.top + 10)  # not the action strip
    post_click(app, body)
    assert table.view["pending"]["picked"] == [first.piece]
    post_click(app, body)
    assert table.view["pending"]["picked"] == [], "a second click takes the pick back"
    post_click(app, body)
    drag(app, second.rect.center, table.zones["past"].rect.center)
    assert table.view["pending"]["picked"] == [first.piece, second.piece]
    assert not [t for t, kind in app.toasts.active() if kind == "bad"]


def strip_centre(table, number):
    from scenes.finished.art import strip_on_card
    return strip_on_card(table.sprites[f"c{number}"].rect).center


def test_one_click_selects_an_action_strip_and_the_second_uses_it(app, monkeypatch):
    import scenes.table.painting as shared_table
    tips = []
    real_tip = shared_table.draw_tip
    monkeypatch.setattr(shared_table, "draw_tip",
                        lambda surface, tip, base, **kw: (tips.append(tip), real_tip(surface, tip, base, **kw)))
    seed, number = seed_with_a_draw_action()
    table = new_table(app, seed)
    sweets = table.view["sweets_active"]
    post_click(app, strip_centre(table, number))
    assert table.match.actions == [] and table.view["sweets_active"] == sweets
    assert table.selected == number
    app.draw()
    assert tips and "Enter" in tips[-1] and "Esc" in tips[-1]
    assert "cannot be undone" in tips[-1], "a drawing action warns that it cannot be taken back"
    post_click(app, strip_centre(table, number))
    assert [a.text() for a in table.match.actions] == [f"0 activate {number}"]
    assert table.selected is None


def test_esc_or_a_click_elsewhere_lets_a_selected_action_be_and_enter_uses_it(app):
    from scenes.table.overlays import PauseMenu
    seed, number = seed_with_a_draw_action()
    table = new_table(app, seed)
    post_click(app, strip_centre(table, number))
    assert table.match.actions == []
    key(app, pygame.K_ESCAPE)
    assert table.selected is None and not isinstance(app.manager.top, PauseMenu)
    post_click(app, strip_centre(table, number))
    post_click(app, (5, app.size[1] // 2))  # the felt
    assert table.selected is None
    post_click(app, strip_centre(table, number))
    assert table.match.actions == [], "after a cancelled selection a click selects again"
    key(app, pygame.K_RETURN)
    assert [a.text() for a in table.match.actions] == [f"0 activate {number}"]


def test_space_on_a_focused_card_still_uses_its_action(app):
    seed, number = seed_with_a_draw_action()
    table = new_table(app, seed)
    for _ in range(len(table.input.focusables())):
        key(app, pygame.K_TAB)
        if table.input.focused().piece == f"c{number}":
            break
    key(app, pygame.K_SPACE)
    assert [a.text() for a in table.match.actions] == [f"0 activate {number}"]


def resize(app, size):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame(0.016)


class FontSpy:
    """Every font size the Finished! table asks for while drawing (its symbols' glyphs, drawn
    three times larger and scaled down as pictures, left out)."""

    def __init__(self, monkeypatch, table):
        from scenes.art import _cache, fonts
        from scenes.finished import art as faces
        self.sizes: list[tuple[int, str]] = []
        self.in_icon = False
        self.tools = table.tools.buttons
        real_font, real_icon = fonts._font, faces.action_icon

        def font(size, bold, display):
            where, frame = None, sys._getframe(1)
            while frame is not None and not self.in_icon:
                name = frame.f_code.co_filename.replace("\\", "/")
                if frame.f_code.co_name == "draw" and name.endswith("scenes/widgets.py") \
                        and any(frame.f_locals.get("self") is b for b in self.tools):
                    break  # the shared table's tool buttons are not the Finished! table's own
                if where is None and "scenes/finished/" in name:
                    where = frame.f_code.co_name
                frame = frame.f_back
            else:
                if where is not None:
                    self.sizes.append((size, where))
            return real_font(size, bold, display)

        def icon(action, d):
            self.in_icon = True
            try:
                return real_icon(action, d)
            finally:
                self.in_icon = False

        monkeypatch.setattr(fonts, "_font", font)
        monkeypatch.setattr(faces, "action_icon", icon)
        _cache.clear_caches()
        faces.card_face.cache_clear()

    def smallest(self) -> tuple[int, str]:
        return min(self.sizes)


def table_with_a_past(app):
    table = new_table(app, 19)
    table.act([a for a in table.legal() if a.kind == "done"][0])
    table.skip_animations()
    assert table.view["zones"]["past"], "the first turn leaves cards in the Past"
    return table


@pytest.mark.parametrize("size", [(800, 500), (1024, 640)])
def test_past_action_labels_are_11_px_or_more_or_only_the_symbol(app, monkeypatch, size):
    from game.finished.data import card_data
    from scenes.finished.art import SHORT_NAMES, card_face, label_choice
    table = table_with_a_past(app)
    resize(app, size)
    w, h = table.zones["past"].card
    spy = FontSpy(monkeypatch, table)
    for piece in table.view["zones"]["past"]:
        card_face(int(piece[1:]), w, h)
    assert spy.sizes and spy.smallest()[0] >= 11, spy.smallest()
    for action_id, action in card_data().actions.items():
        words, px = label_choice(action_id, w, h)
        assert words in ("", action.name, SHORT_NAMES[action_id]), action_id
        assert px >= 11 or words == "", (action_id, px)


def test_texts_on_the_table_are_11_px_or_more_at_800x500(app, monkeypatch):
    from game.finished.data import card_data
    table = table_with_a_past(app)
    resize(app, (800, 500))
    activations = {card_data().action_of(a.card).id: a for a in table.legal() if a.kind == "activate"}
    into_past = activations.pop("into_past")
    post_click(app, strip_centre(table, next(iter(activations.values())).card))  # and its tip
    for situation in ("a strip selected", "choosing cards"):
        if situation == "choosing cards":
            table.act(into_past)
            table.act([a for a in table.legal() if a.kind == "pick"][0])
        spy = FontSpy(monkeypatch, table)
        table.images.clear()
        table.refresh([], animate=False)
        app.draw()
        assert spy.smallest()[0] >= 11, (situation, spy.smallest())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (2560, 1440)])
def test_the_move_log_keeps_clear_of_the_round_line(app, size):
    table = table_with_a_past(app)
    resize(app, size)
    past, base = table.zones["past"].rect, ui_size(size)
    round_line_top = past.centery - base // 2
    assert table.log_area(size).bottom <= round_line_top


def test_future_rows_are_laid_out_in_the_order_the_view_gives(app):
    """Newest Future Area on top; the oldest, nearest the Present, is labelled as returning
    next; the empty row for cards set aside is left out."""
    from game.finished import ENGINE
    from game.finished.view import FUTURE, future_area
    from scenes.finished.table import layout
    from tests.finished.helpers import new, play
    state, _ = play(new([16, 30, 20, 24, 9, 12]), "activate 16", "activate 24")
    view = ENGINE.view(state, 0)
    zones = layout((1280, 800), view)
    rows = sorted((z for z in view["future_zones"] if z in zones), key=lambda z: zones[z].rect.y)
    assert rows == [future_area(1), future_area(0)] and FUTURE not in zones
    assert [zones[z].label for z in rows] == ["Future Area 2", "Future Area 1 (returns next)"]


def test_a_click_on_the_strips_top_edge_selects_its_action(app):
    """A pressed card is drawn a little larger; the strip a click means is the one under the
    pointer on the card as it lies, so a click just inside its top edge selects the action
    (it used to pick the card up instead: the larger card's strip begins a few pixels lower)."""
    from scenes.finished.art import strip_on_card
    seed, number = seed_with_a_draw_action()
    table = new_table(app, seed)
    card = table.sprites[f"c{number}"].rect
    post_click(app, (card.centerx, strip_on_card(card).top))
    assert table.selected == number and table.input.lift is None
    assert table.match.actions == []
