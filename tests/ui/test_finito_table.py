"""The Finito! table driven by synthetic mouse and keyboard events."""
from __future__ import annotations

import math

import pygame

from game.core import Gesture, Rng
from game.core.players import make_player
from scenes.table.curtain import Curtain
from tests.helpers import open_game_table, seats_of
from tests.ui.conftest import drag, key, post_click

NAMES = ["Anna", "Ben", "Cleo", "Dan"]


def new_table(app, kinds=("human", "computer"), seed=11, options=None):
    return open_game_table(app, "finito", seats_of(NAMES, kinds), options, seed)


def offer_sprites(table, seat=0):
    return [table.sprites[p] for p in table.view["offers"][seat]]


def cell(table, square, seat=0):
    return table.zones[f"board{seat}"].cell_rect(square).center


def play_until(table, done, limit=400):
    """Let the good computer player choose for every seat (through the table) until done()."""
    player = make_player("finito", "good")
    rng = Rng(5)
    for _ in range(limit):
        if done():
            return
        seat = table.engine.to_act(table.state)[0]
        legal = table.engine.legal_actions(table.state, seat)
        table.act(player.choose(table.engine.view(table.state, seat), legal, rng))
    raise AssertionError("the game did not get there")


def test_dragging_a_counter_onto_a_lit_square_places_it(app):
    table = new_table(app)
    square = table.view["targets"][table.perspective][0]
    sprite = offer_sprites(table)[1]
    number = int(sprite.piece.split("-")[1])
    drag(app, sprite.rect.center, cell(table, square))
    assert [a.text() for a in table.match.actions][:1] == [f"0 place {number} {square}"]
    assert table.view["boards"][0][square] == sprite.piece
    assert sprite.zone == "board0" and sprite.index == square


def test_a_drop_on_a_wrong_square_glides_back_with_the_engines_reason(app):
    table = new_table(app)
    wrong = next(i for i, p in enumerate(table.view["boards"][0])
                 if p is None and i not in table.view["targets"][table.perspective])
    sprite = offer_sprites(table)[0]
    home = sprite.pos
    expected = table.engine.refuse(table.state, 0, Gesture(sprite.piece, "offer0", f"board0#{wrong}"))
    drag(app, sprite.rect.center, cell(table, wrong))
    assert table.match.actions == []
    messages = [t for t, kind in app.toasts.active() if kind == "bad"]
    assert messages and messages[-1] == expected
    assert "free: the counter must go there" in expected
    table.skip_animations()
    assert sprite.pos == home and sprite.zone == "offer0"


def test_click_to_move_onto_a_grid_square(app):
    table = new_table(app)
    square = table.view["targets"][table.perspective][-1]
    sprite = offer_sprites(table)[2]
    post_click(app, sprite.rect.center)
    lift = table.input.lift
    assert lift is not None and not lift.by_pointer
    assert f"board0#{square}" in lift.targets
    post_click(app, cell(table, square))
    assert table.match.actions[0].text() == f"0 place {sprite.piece.split('-')[1]} {square}"


def test_a_second_click_on_the_picked_counter_puts_it_down(app):
    table = new_table(app)
    sprite = offer_sprites(table)[0]
    post_click(app, sprite.rect.center)
    assert table.input.lift is not None
    post_click(app, sprite.rect.center)
    assert table.input.lift is None and table.match.actions == []


def test_tab_and_enter_place_a_counter(app):
    table = new_table(app)
    key(app, pygame.K_TAB)
    focused = table.input.focused()
    assert focused is not None and focused.zone == "offer0"
    key(app, pygame.K_RETURN)
    lift = table.input.lift
    assert lift is not None and all(t.startswith("board0#") for t in lift.targets)
    key(app, pygame.K_TAB)
    target = lift.targets[table.input.target_focus]
    key(app, pygame.K_RETURN)
    square = int(target.split("#")[1])
    assert table.match.actions[0].text() == f"0 place {focused.piece.split('-')[1]} {square}"


def test_a_computer_seat_places_after_its_delay_with_a_glide(app):
    table = new_table(app)
    app.settings.animation_speed = "normal"
    table.act(table.legal()[0])
    assert table.engine.to_act(table.state) == [1]
    table.update(0.5)
    assert len(table.match.actions) == 1, "the computer thinks for a moment first"
    assert table.busy()
    table.update(0.5)
    assert len(table.match.actions) == 2
    action = table.match.actions[-1]
    assert action.seat == 1 and action.kind == "place"
    sprite = table.sprites[f"p1-{action.counter}"]
    assert sprite.zone == "board1" and sprite.moving, "the counter glides from its offer"
    for _ in range(60):
        table.update(0.1)
    assert not sprite.moving
    assert sprite.rect.center == table.zones["board1"].cell_rect(action.square).center


def test_two_people_pass_the_screen_with_a_banner_and_no_curtain(app):
    table = new_table(app, ("human", "human"))
    assert table.perspective == 0 and table.geo.seats[0].big
    sprite = offer_sprites(table)[0]
    drag(app, sprite.rect.center, cell(table, table.view["targets"][table.perspective][0]))
    assert table.perspective == 1
    assert table.banner.active and table.banner.text == "Ben, your turn"
    assert not any(isinstance(s, Curtain) for s in app.manager.stack)
    assert table.geo.seats[1].big and not table.geo.seats[0].big
    assert table.view["seat"] == 1 and table.legal()
    app.draw()


def test_the_moving_phase_offers_keep_as_a_button_and_moves_by_drag(app):
    table = new_table(app, ("human", "human"))
    play_until(table, lambda: table.view["phase"] == "moving" and table.my_turn())
    labels = [b.label for b in table.buttons.buttons]
    assert labels == ["Keep"]
    seat = table.perspective
    target = table.view["targets"][table.perspective][0]
    piece = next(p for p in table.view["boards"][seat] if p)
    drag(app, table.sprites[piece].rect.center, cell(table, target, seat))
    assert table.match.actions[-1].text() == f"{seat} move {piece.split('-')[1]} {target}"
    app.draw()
    button = table.buttons.buttons[0]
    assert button.label == "Keep"
    post_click(app, button.rect.center)
    assert table.match.actions[-1].kind == "keep"


def test_round_over_shows_the_scores_and_next_round(app):
    table = new_table(app, ("human", "computer"), options={"rounds": True, "target": 60})
    play_until(table, lambda: table.view["phase"] == "round over")
    app.frame(0.016)
    app.draw()
    assert [b.label for b in table.buttons.buttons] == ["Next round"]
    button = table.buttons.buttons[0]
    assert app.screen.get_rect().contains(button.rect)
    post_click(app, button.rect.center)
    assert table.match.actions[-1].kind == "next"
    assert table.view["round"] == 2 and table.view["phase"] == "placing"
    assert all(p is None for p in table.view["boards"][0])


def test_resizing_keeps_every_board_inside_the_window_with_four_seats(app):
    table = new_table(app, ("human", "computer", "computer", "human"))
    for size in ((1024, 640), (2560, 1440), (1920, 1080), (1280, 800)):
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.frame(0.016)
        app.draw()
        window = pygame.Rect((0, 0), size)
        places = table.geo.seats
        assert len(places) == 4
        for place in places.values():
            assert window.contains(place.frame), (size, place.seat)
            assert window.contains(place.plate) and window.contains(place.offer)
            assert place.counter >= (40 if place.big else 18), (size, place.seat, place.counter)
        frames = [p.frame for p in places.values()]
        for i, a in enumerate(frames):
            assert a.collidelist(frames[i + 1:]) == -1, "boards must not overlap"
        for zone in table.zones.values():
            assert window.contains(zone.rect), zone.id


def test_the_d20_rolls_with_an_animation_that_ends(app):
    table = new_table(app, ("human", "human"))
    app.settings.animation_speed = "normal"
    table.act(table.legal()[0])
    table.act(table.legal()[0])  # everyone has placed: the engine rolls again
    assert table.die.busy and table.busy()
    rolls = table.view["rolls"]
    app.draw()
    for _ in range(5):
        table.update(0.1)
    app.draw()
    assert table.die.busy and not table.die.landed()
    elapsed = 0.5
    while table.busy() and elapsed < 5:
        table.update(0.1)
        elapsed += 0.1
    assert not table.busy() and elapsed > 1.5
    assert table.view["rolls"] == rolls


def test_colour_blind_counters_carry_a_larger_emblem(app):
    table = new_table(app)
    piece = table.view["offers"][0][0]
    plain = table.face(piece, (60, 60))
    app.settings.colour_blind = True
    table.resume()
    marked = table.face(piece, (60, 60))
    assert table.colour_blind
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(marked, "RGBA")


def test_hovering_a_counter_says_whose_it_is_and_what_to_do(app):
    table = new_table(app)
    sprite = offer_sprites(table)[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert "drag it onto a lit square" in table.input.hover_tip


def _drawn_rosettes(table, monkeypatch):
    """The rectangles the winners' rosettes are drawn in (each rosette swapped for a plain
    magenta card of the same size, so it can be found among the pixels)."""
    from scenes.finito import art

    def plain(d, text="Finito!"):
        card = pygame.Surface((d, round(d * 1.3)))
        card.fill((255, 0, 255))
        return card
    monkeypatch.setattr(art, "rosette", plain)
    surface = pygame.Surface(table.size)
    surface.fill((0, 0, 0))
    table.draw_winners(surface)
    found = pygame.mask.from_threshold(surface, (255, 0, 255), (1, 1, 1, 255))
    return found.get_bounding_rects()


def test_the_winner_rosette_covers_no_board_name_or_counter(app, monkeypatch):
    """The Finito! / Winner rosette lies beside the winner's board: never over a board, its
    squares and counters, or a name plate with its run label, at the smallest and largest
    window sizes and for every seat that may win."""
    for kinds in (("human", "computer"), ("human", "computer", "computer"),
                  ("human", "computer", "computer", "computer")):
        table = new_table(app, kinds)
        play_until(table, lambda: table.view.get("phase") == "over", limit=4000)
        for size in ((1024, 640), (1920, 1080), (2560, 1440)):
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            app.frame(0.016)
            window = pygame.Rect((0, 0), size)
            blocks = [p.plate.union(p.frame) for p in table.geo.seats.values()]
            tools = [b.rect for b in table.tools.buttons]
            for winners in [[s] for s in range(len(kinds))] + [list(range(len(kinds)))]:
                table.view["winners"] = winners
                drawn = _drawn_rosettes(table, monkeypatch)
                assert len(drawn) == len(winners), (kinds, size, winners)
                for rect in drawn:
                    assert window.contains(rect)
                    assert rect.collidelist(blocks) == -1, (len(kinds), size, winners, rect)
                    assert rect.collidelist(tools) == -1
                    assert rect.height >= 70, "big enough to read"
                for seat in winners:  # each rosette is near its own board
                    block = table.geo.seats[seat].plate.union(table.geo.seats[seat].frame)
                    assert min(math.dist(r.center, block.center) for r in drawn) \
                        < block.width + block.height
        app.manager.pop()


def test_no_text_on_the_finito_table_is_below_11_px(app, monkeypatch):
    """Board numbers, name plates, the die's line and the winners' rosettes, at the smallest
    window sizes, while placing and at the end."""
    from tests.ui.text_sizes import drawn_text_sizes, resize, too_small
    table = new_table(app, ("human", "computer", "computer", "computer"),
                      options={"rounds": True, "target": 5})
    for moment in ("placing", "over"):
        if moment == "over":
            play_until(table, lambda: table.view.get("phase") == "over", limit=4000)
            while app.manager.top is not table:
                app.manager.pop()
        for size in ((800, 500), (1024, 640)):
            resize(app, size)
            seen = drawn_text_sizes(app, monkeypatch, ("scenes/finito/",))
            assert any("art.py" in where for _, where in seen), "the boards were printed"
            assert too_small(seen) == [], (moment, size)


def test_the_tumbling_die_shows_only_the_faces_the_view_lists(app):
    """The die's faces are the engine's (view["faces"]): the scene does not assume 1 to 20."""
    from game.core import Event
    table = new_table(app, ("human", "human"))
    assert set(table.die.faces) <= set(table.view["faces"])
    table.view["faces"] = [2, 4, 9]
    table.on_roll(Event("roll", "The die shows 4.", piece="d20", value=4), 0.0)
    assert table.die.value == 4 and len(table.die.faces) == 24
    assert set(table.die.faces) <= {2, 4, 9}
    assert all(a != b for a, b in zip(table.die.faces, table.die.faces[1:])), "a face twice running"


def test_the_round_sheet_highlights_the_leaders_the_view_names(app, monkeypatch):
    """Who leads is the view's `leaders`, not the scene's own reading of the scores."""
    from scenes import widgets as ui
    from scenes.finito import panels
    table = new_table(app, ("human", "computer"), options={"rounds": True, "target": 60})
    play_until(table, lambda: table.view["phase"] == "round over")
    scores = table.view["scores"]
    assert table.view["leaders"] == [s for s in (0, 1) if scores[s] == max(scores)]
    drawn = {}
    real = ui.text

    def spy(surface, words, size, pos, colour=ui.INK, **kw):
        drawn[words] = colour
        return real(surface, words, size, pos, colour=colour, **kw)

    monkeypatch.setattr(panels.ui, "text", spy)
    for leaders in ([0], [1], [0, 1], []):
        table.view["leaders"] = leaders
        drawn.clear()
        panels.draw_round_over(app.screen.copy(), table.view, table.geo.base, True)
        gold = {name for name in NAMES[:2] if drawn[name] == ui.GOLD}
        assert gold == {NAMES[s] for s in leaders}, leaders
