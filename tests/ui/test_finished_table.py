"""The Finished! table driven by synthetic mouse and keyboard events."""
from __future__ import annotations

import pygame

from game.core import Seat
from scenes.tables import start_new_game
from tests.ui.conftest import drag, key, post_click


def new_table(app, seed=7):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, "finished", [Seat("You")], None, seed)
    app.frame(0.016)
    return table


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


def test_clicking_the_action_strip_uses_the_action(app):
    table = new_table(app)
    legal = {a.text() for a in table.legal()}
    for sprite in present_sprites(table):
        number = sprite.piece[1:]
        if f"0 activate {number}" in legal:
            before = table.view["sweets_active"]
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
    assert any(t.startswith("Hint:") for t, _ in app.toasts.active())


def test_a_finished_game_keeps_its_movie_and_offers_to_play_it(app):
    from game.core.players import make_player
    from game.core.rng import Rng
    from game.movies import list_movies
    from scenes.flipbook.player import FlipbookPlayer
    from scenes.table.overlays import ResultOverlay
    table = new_table(app, seed=4)
    player, rng = make_player("finished", "good"), Rng(2)
    while table.match.outcome() is None:
        legal = table.legal()
        table.match.act(player.choose(table.engine.view(table.state, 0), legal, rng))
    table.after_change([], animate=False)
    app.frame(0.016)
    assert isinstance(app.manager.top, FlipbookPlayer), "the movie plays at the end of the game"
    movies = list_movies()
    pile = table.match.outcome().details["finished_pile"]
    assert len(movies) == 1 and list(movies[0].movie.pile) == list(pile)
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
    from game.finished.cards import card_data
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


def test_a_choice_lights_the_cards_it_may_take_and_can_be_cancelled(app):
    from game.finished.cards import card_data
    for seed in range(1, 200):
        table = new_table(app, seed)
        choice = [a for a in table.legal() if a.kind == "activate"
                  and card_data().action_of(a.card).id == "into_past"]
        if choice:
            break
    else:
        raise AssertionError("no deal with Cards into the Past in the first Present")
    sweets = table.view["sweets_active"]
    table.act(choice[0])
    picks = [a for a in table.legal() if a.kind == "pick"]
    assert picks and table.view["pending"]
    app.draw()
    cancel = [a for a in table.legal() if a.kind == "cancel"]
    table.act(cancel[0])
    assert table.view["pending"] is None and table.view["sweets_active"] == sweets
