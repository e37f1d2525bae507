"""The Flag Finish table driven by synthetic mouse and keyboard events (SDL dummy drivers)."""
from __future__ import annotations

import re

import pygame

from game.core import Seat
from game.flag_finish.data import flag_data
from tests.helpers import open_game_table
from scenes.table.registry import start_new_game
from tests.ui.conftest import drag, key

ANNA = ["red-0", "orange-1", "yellow-2", "blue-3", "purple-4", "red-5", "orange-6", "yellow-7",
        "blue-8", "purple-9", "red-10", "flag-1"]
BO_PERFECT = ["blue-0", "purple-1", "red-2", "orange-3", "yellow-4", "blue-5", "purple-6",
              "red-7", "orange-8", "yellow-9", "blue-10", "flag-2"]


def deck(hands, flips=("green-5",), then=()):
    """A full deck, top first: the hands, the cards turned up until a green, the draw pile's
    next cards, then the rest (greens last, so no other green turns up by accident)."""
    order = [c for hand in hands for c in hand] + list(flips) + list(then)
    rest = [c for c in flag_data().deck() if c not in order]
    rest.sort(key=lambda c: c.startswith("green"))
    return order + rest


def spare(count, used):
    """`count` non-green, non-flag cards not in `used` (a slow hand)."""
    cards = [c for c in flag_data().deck() if c not in used and not c.startswith(("green", "flag"))
             and not c.endswith("-0")]
    return cards[:count]


def new_table(app, seats, mode="warm-up", races=6, hands=None, then=()):
    hands = hands or [ANNA]
    used = [c for h in hands for c in h] + ["green-5"] + list(then)
    while len(hands) < len(seats):
        hands = hands + [spare(12, used)]
        used += hands[-1]
    table = open_game_table(app, "flag-finish", seats, {"mode": mode, "races": races}, 5,
                            deck(hands, then=then))
    table.skip_animations()  # the opening deal
    app.frame(0.016)
    return table


def you_and(*others):
    return [Seat("Anna")] + [Seat(name, "computer", strength) for name, strength in others]


def sprite_of(table, piece):
    return table.sprites[piece]


def grab(sprite):
    """A point on the visible part of a card: left of its middle, where neighbours to the
    right (which lie on top in fans, rows and the spread) do not reach."""
    return (int(sprite.pos[0] - sprite.size[0] * 0.3), int(sprite.pos[1] - sprite.size[1] * 0.2))


def texts(table):
    return [a.text() for a in table.match.actions]


def bad_toasts(app):
    return [t for t, kind in app.toasts.active() if kind == "bad"]


def frames(app, seconds, dt=0.05):
    for _ in range(int(round(seconds / dt))):
        app.frame(dt)


def top_of_heap(table):
    heap = [s for s in table.sprites.values() if s.zone == "draw"]
    return max(heap, key=lambda s: s.index)


def discard_edge(app, table):
    """The colours along the top edge of the discard area, as drawn."""
    app.draw()
    rect = table.zones["discard"].rect
    return [app.screen.get_at((rect.centerx + dx, rect.top)) for dx in (-150, 0, 150)]


def test_draw_from_the_pile_then_the_table_asks_for_a_discard(app):
    table = new_table(app, you_and(("Bo", "steady")))
    hand = table.zones["hand0"].rect
    assert not any(c.r > 180 and c.b < 140 for c in discard_edge(app, table))
    drag(app, top_of_heap(table).pos, hand.center)
    assert texts(table) == ["0 draw_pile 0"]
    assert table.view["owes_discard"] and "discard" in table.view["status"].lower()
    assert all(c.r > 180 and c.b < 140 for c in discard_edge(app, table)), "the pile lights up"
    assert len(table.view["zones"]["hand0"]) == 13
    card = sprite_of(table, "orange-6")
    drag(app, grab(card), table.zones["discard"].rect.center)
    assert texts(table)[1] == "0 discard orange-6 0"
    assert table.match.states[2].discard[-1] == "orange-6"
    assert not table.engine.view(table.match.states[2], 0)["owes_discard"]


def test_take_a_card_from_the_discard_spread(app):
    table = new_table(app, you_and(("Bo", "steady")))
    drag(app, grab(sprite_of(table, "green-5")), table.zones["hand0"].rect.center)
    assert texts(table) == ["0 take_discard green-5 0"]
    assert "green-5" in table.view["zones"]["hand0"]
    taken = sprite_of(table, "green-5")
    drag(app, grab(taken), table.zones["discard"].rect.center)
    assert texts(table) == ["0 take_discard green-5 0"], "the card just taken cannot go back"
    assert any("green-5" in t for t in bad_toasts(app))


def test_play_the_next_card_onto_your_row(app):
    table = new_table(app, you_and(("Bo", "steady")))
    drag(app, grab(sprite_of(table, "red-0")), table.zones["row0"].rect.center)
    assert texts(table)[0] == "0 play red-0 0"
    assert table.view["zones"]["row0"] == ["red-0"]
    assert sprite_of(table, "red-0").zone == "row0"


def test_an_illegal_play_glides_back_with_the_reason(app):
    table = new_table(app, you_and(("Bo", "steady")))
    card = sprite_of(table, "orange-1")
    home = card.pos
    drag(app, grab(card), table.zones["row0"].rect.center)
    assert texts(table) == []
    assert "Play 0 next." in bad_toasts(app)
    table.skip_animations()
    assert card.pos == home and card.zone == "hand0"


def test_discards_can_be_pushed_aside_without_an_action(app):
    table = new_table(app, you_and(("Bo", "steady")))
    zone = table.zones["discard"].rect
    card = sprite_of(table, "green-5")
    spot = (zone.right - card.size[0], zone.bottom - card.size[1] * 0.6)
    start = grab(card)
    drag(app, start, (int(spot[0] - card.pos[0] + start[0]), int(spot[1] - card.pos[1] + start[1])))
    table.skip_animations()
    assert texts(table) == []
    assert abs(card.pos[0] - spot[0]) < 3 and abs(card.pos[1] - spot[1]) < 3
    assert table.contents["discard"][-1] == "green-5", "a moved card lies on top"
    drag(app, grab(card), table.zones["row0"].rect.center)
    assert texts(table) == [] and bad_toasts(app)[-1] == "Take the card into your hand first."
    drag(app, grab(card), table.zones["hand0"].rect.center)
    assert texts(table) == ["0 take_discard green-5 0"]


def test_hot_seat_passes_the_screen_and_never_shows_the_wrong_hand(app):
    from scenes.table.curtain import Curtain
    table = new_table(app, [Seat("Anna"), Seat("Bo")])
    assert isinstance(app.manager.top, Curtain), "nobody sees a hand before its owner takes the screen"
    assert all(s.piece == "?" for s in table.sprites.values() if s.zone.startswith("hand"))
    key(app, pygame.K_RETURN)
    assert app.manager.top is table and table.perspective == 0
    assert all(s.piece == "?" for s in table.sprites.values() if s.zone == "hand1")
    assert all(s.piece != "?" for s in table.sprites.values() if s.zone == "hand0")
    drag(app, grab(sprite_of(table, "red-0")), table.zones["row0"].rect.center)
    assert texts(table) == ["0 play red-0 0"]
    from scenes.table.curtain import HandOver
    assert isinstance(app.manager.top, HandOver)  # Anna sees her move, then passes the screen
    assert all(s.piece == "?" for s in table.sprites.values() if s.zone == "hand1")
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, Curtain)
    hands = [s for s in table.sprites.values() if s.zone.startswith("hand")]
    assert hands and all(s.piece == "?" and not s.face_up for s in hands)
    key(app, pygame.K_RETURN)
    assert app.manager.top is table and table.perspective == 1
    mine = [s for s in table.sprites.values() if s.zone == "hand1"]
    other = [s for s in table.sprites.values() if s.zone == "hand0"]
    assert len(mine) == 12 and all(s.piece != "?" and s.face_up for s in mine)
    assert len(other) == 11 and all(s.piece == "?" and not s.face_up for s in other)
    assert table.zones["hand1"].rect.bottom > table.zones["hand0"].rect.bottom, "Bo sits at the bottom now"


def test_a_computer_racer_takes_its_time_in_warm_up(app):
    app.settings.animation_speed = "normal"
    table = new_table(app, you_and(("Bo", "steady")))
    drag(app, grab(sprite_of(table, "red-0")), table.zones["row0"].rect.center)
    assert len(texts(table)) == 1
    frames(app, 0.4)
    assert len(texts(table)) == 1, "Bo thinks for a moment first"
    frames(app, 0.5)
    assert texts(table)[1] == "1 draw_pile 0"
    frames(app, 0.8)
    assert texts(table)[2].startswith("1 discard ")
    app.settings.animation_speed = "fast"
    table.skip_animations()
    drag(app, grab(sprite_of(table, "orange-1")), table.zones["row0"].rect.center)
    assert len(texts(table)) == 4
    frames(app, 0.25)
    assert len(texts(table)) == 4
    frames(app, 0.2)
    assert len(texts(table)) == 5, "the fast setting halves the pause"


def test_challenge_counts_down_then_everyone_races_on_the_clock(app):
    from game.core.saves import load_save, path_for
    table = new_table(app, you_and(("Bo", "lightning")), mode="challenge")
    assert table.clock.counting and table.frozen_reason()
    drag(app, grab(sprite_of(table, "red-0")), table.zones["row0"].rect.center)
    assert texts(table) == [] and "Go" in bad_toasts(app)[-1]
    assert all(not s.face_up for s in table.sprites.values() if s.zone == "hand0")
    frames(app, 3.05)
    assert not table.clock.counting
    assert all(s.face_up for s in table.sprites.values() if s.zone == "hand0")
    for card in ANNA[:4]:
        frames(app, 0.4)
        table.skip_animations()
        drag(app, grab(sprite_of(table, card)), table.zones["row0"].rect.center)
        assert texts(table)[-1].startswith(f"0 play {card} ")
        stamped = table.match.actions[-1].ms
        assert abs(stamped - table.clock.now()) <= 60
    frames(app, 1.0)
    times = [a.ms for a in table.match.actions]
    assert times == sorted(times) and times[0] > 0
    assert any(a.seat == 1 for a in table.match.actions), "Bo races on his own clock"
    assert all(a.seat == 0 or a.ms > 0 for a in table.match.actions)
    loaded = load_save(path_for(table.match.save_id))
    assert [a.text() for a in loaded.actions] == texts(table)
    assert loaded.digest() == table.match.digest()


def test_the_race_board_waits_for_the_person(app):
    from scenes.flag_finish.board import RaceBoard
    table = new_table(app, you_and(("Bo", "lightning")), mode="challenge", races=2,
                      hands=[spare(12, BO_PERFECT + ["green-5"]), BO_PERFECT])
    frames(app, 3.0 + 12 * 0.75 + 1.0, dt=0.1)
    assert table.state.phase == "race over", table.view["status"]
    kinds = [a.kind for a in table.match.actions]
    assert kinds.count("play") == 12 and "close" in kinds
    times = [a.ms for a in table.match.actions]
    assert times == sorted(times)
    assert isinstance(app.manager.top, RaceBoard)
    board = app.manager.top
    pictures = []
    for under in ((255, 255, 255), (0, 0, 0)):  # nothing under the sheet shows through it
        surface = pygame.Surface(app.screen.get_size())
        surface.fill(under)
        board.draw(surface)
        pictures.append(pygame.image.tobytes(surface.subsurface(board.box.inflate(-40, -40)), "RGB"))
    assert pictures[0] == pictures[1]
    frames(app, 5.0, dt=0.25)
    assert table.state.phase == "race over" and "next_race" not in texts(table)[-1]
    assert isinstance(app.manager.top, RaceBoard)
    key(app, pygame.K_RETURN)
    assert texts(table)[-1].endswith("next_race " + str(table.match.actions[-2].ms))
    assert table.state.race == 2 and app.manager.top is table
    assert table.clock.counting, "the next race counts down again"


def test_resizing_keeps_every_piece_inside_the_window(app):
    table = new_table(app, you_and(("Bo", "steady"), ("Cy", "quick")))
    for size in ((1024, 640), (2560, 1440), (1280, 800)):
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.frame(0.016)
        app.draw()
        window = pygame.Rect((0, 0), size)
        for zone in table.zones.values():
            assert window.contains(zone.rect), (size, zone.id)
        for sprite in table.sprites.values():
            assert window.contains(sprite.rect), (size, sprite.key, sprite.rect)
        names = [z for z in table.zones if z.startswith(("row", "hand"))]
        assert len(names) == 6
        assert min(table.sprites[p].rect.width for p in table.view["zones"]["hand0"]) >= 50


def test_challenge_needs_at_most_one_person(app):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    try:
        start_new_game(app, "flag-finish", [Seat("Anna"), Seat("Bo")], {"mode": "challenge"}, 1)
    except ValueError as exc:
        assert "one person" in str(exc)
    else:
        raise AssertionError("two people cannot race in real time at one screen")


def test_keyboard_draws_and_discards(app):
    table = new_table(app, you_and(("Bo", "steady")))
    focus = []
    for _ in range(20):
        key(app, pygame.K_TAB)
        sprite = table.input.focused()
        focus.append(sprite.zone)
        if sprite.zone == "draw":
            break
    assert focus[-1] == "draw", focus
    key(app, pygame.K_RETURN)
    assert table.input.lift is not None and table.input.lift.targets == ["hand0"]
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert texts(table) == ["0 draw_pile 0"]
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert table.input.lift.targets == ["discard"]
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert texts(table)[1].startswith("0 discard ")


def test_a_card_taken_away_under_the_pointer_is_let_go(app):
    from game.flag_finish.actions import Discard, DrawPile, TakeDiscard
    table = new_table(app, you_and(("Bo", "lightning")), mode="challenge")
    frames(app, 3.05)
    table.clock.due.clear()  # Bo waits while we stage the scene
    card = sprite_of(table, "green-5")
    start = grab(card)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] + 30),
                                    rel=(0, 0), buttons=(1, 0, 0)))
    assert table.input.lift is not None
    held = card.pos
    assert table.act_for_table(DrawPile(1, table.clock.now()))
    assert table.act_for_table(Discard(1, table.state.hands[1][0], table.clock.now()))
    assert table.input.lift is not None and card.pos == held, "still in the person's hand"
    assert table.act_for_table(TakeDiscard(1, "green-5", table.clock.now()))
    assert table.input.lift is None
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=table.zones["hand0"].rect.center,
                                    button=1))
    assert [a.seat for a in table.match.actions] == [1, 1, 1]
    app.frame(0.016)
    app.draw()


def test_the_race_clock_stops_while_the_menu_is_open(app):
    table = new_table(app, you_and(("Bo", "lightning")), mode="challenge")
    frames(app, 3.5)
    running = table.clock.now()
    key(app, pygame.K_ESCAPE)
    frames(app, 2.0)
    assert table.clock.now() == running
    done = len(table.match.actions)
    key(app, pygame.K_ESCAPE)  # Resume
    assert app.manager.top is table
    frames(app, 1.0)
    assert table.clock.now() >= running + 950 and len(table.match.actions) > done


def test_colour_blind_cards_show_large_shapes(app):
    from scenes.flag_finish import art as faces
    plain = faces.card_face("blue-5", 90, 132, False)
    shaped = faces.card_face("blue-5", 90, 132, True)
    assert plain.get_size() == shaped.get_size() == (90, 132)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(shaped, "RGBA")
    table = new_table(app, you_and(("Bo", "steady")))
    before = sprite_of(table, "red-0").image
    app.settings.colour_blind = True
    table.resume()
    assert sprite_of(table, "red-0").image is not before


def test_the_rules_page_lists_our_decisions_and_the_controls(app):
    from game.core.registry import load_data
    from scenes.rules import load_rules
    blocks = load_rules("flag-finish")
    heads = [text for kind, text in blocks if kind == "h2"]
    assert "Our decisions" in heads and "On the table" in heads
    start = blocks.index(("h2", "Our decisions"))
    items = []
    for kind, text in blocks[start + 1:]:
        if kind != "item":
            break
        items.append(text)
    assert len(items) == len(load_data("flag-finish")["decisions"])


def test_the_discard_spread_keeps_every_number_in_view(app):
    from scenes.flag_finish.layout import layout
    from scenes.table.spread import LooseSpread
    cards = flag_data().deck()[:40]
    for size in ((1024, 640), (2560, 1440)):
        zone = layout(size, 3, 0)["discard"]
        cw, ch = zone.card
        spread = LooseSpread()
        order, spots = spread.spots(zone.rect, zone.card, spread.sync(cards))
        places = dict(zip(order, spots))
        for i, (x, y, _) in enumerate(spots[:len(order)]):
            corner = pygame.Rect(int(x - cw / 2) + 2, int(y - ch / 2) + 2, int(cw * 0.3), int(ch * 0.26))
            for x2, y2, _ in spots[i + 1:len(order)]:
                above = pygame.Rect(int(x2 - cw / 2), int(y2 - ch / 2), cw, ch)
                assert not above.colliderect(corner), (size, order[i])
            assert zone.rect.collidepoint(x, y)
        fewer = [c for c in cards if c not in cards[5:15]]
        order2, spots2 = spread.spots(zone.rect, zone.card, spread.sync(fewer))
        assert all(places[c] == s for c, s in zip(order2, spots2)), "the others stay put"


def _play_for_everyone(table, count, seed=3):
    """`count` actions for whichever racer may act: takes from the discard pile (which leave
    gaps in the spread) mixed with draws, discards and plays; each one refreshes the table."""
    import random
    rng = random.Random(seed)
    for _ in range(count):
        legal = [a for s in range(len(table.seats)) for a in table.engine.legal_actions(table.state, s)
                 if a.kind != "next_race"]
        if not legal:
            return
        plays = [a for a in legal if a.kind == "play"]
        takes = [a for a in legal if a.kind == "take_discard"]
        if plays and rng.random() < 0.5:
            action = plays[0]
        elif takes and rng.random() < 0.6:
            action = rng.choice(takes)
        else:
            action = rng.choice([a for a in legal if a.kind != "take_discard"] or legal)
        assert table.act_for_table(action), action.text()



def _discard_picture(table):
    """The discard pile as drawn: the cards bottom to top, their spots and sprite places."""
    table.skip_animations()
    order = list(table.contents["discard"])
    spots = [tuple(round(v, 3) for v in s) for s in table.zones["discard"].extra["spots"]]
    places = {card: tuple(round(v, 1) for v in table.sprites[card].pos) for card in order}
    stacked = [s.key for s in table.group.sprites() if s.key in places]
    return order, spots, places, stacked


def test_a_resumed_table_lays_the_discard_pile_as_it_was(app, tmp_path):
    """kill -9, then Continue: the loose discards are rebuilt from the saved actions, in the
    same places and the same stacking order as before."""
    from game.core.saves import load_save, write_save
    from scenes.table.registry import open_match
    table = new_table(app, you_and(("Bo", "steady"), ("Cy", "steady")))
    _play_for_everyone(table, 70)
    assert sum(a.kind == "take_discard" for a in table.match.actions) >= 3
    before = _discard_picture(table)
    assert len(before[0]) >= 6
    resumed = open_match(app, load_save(write_save(table.match, tmp_path)))
    assert resumed is not table and resumed.match.digest() == table.match.digest()
    assert _discard_picture(resumed) == before


def test_no_text_on_the_flag_finish_table_is_below_11_px(app, monkeypatch):
    """At the smallest window sizes: the seat lines, pile labels, race line and race board."""
    from tests.ui.text_sizes import drawn_text_sizes, resize, too_small
    table = new_table(app, you_and(("Bo", "steady"), ("Cy", "steady")), races=2)
    _play_for_everyone(table, 30)
    assert len(table.contents["discard"]) > 1  # the "drag discards aside" hint shows
    for size in ((800, 500), (1024, 640)):
        resize(app, size)
        seen = drawn_text_sizes(app, monkeypatch, ("scenes/flag_finish/",))
        assert any("paint.py" in where for _, where in seen), "the table's words were drawn"
        assert too_small(seen) == [], size
    table.open_board()
    for size in ((800, 500), (1024, 640)):
        resize(app, size)
        seen = drawn_text_sizes(app, monkeypatch, ("scenes/flag_finish/", "scenes/table/scores.py"))
        assert any("scores.py" in where for _, where in seen)
        assert too_small(seen) == [], size


def test_the_race_log_shows_the_engines_words_as_they_are(app, monkeypatch):
    """The log panel draws the engine's sentences unchanged: cards named as racers say them
    ("red 4", "a flag"), never rewritten by the table."""
    from scenes.art import fonts
    table = new_table(app, you_and(("Bo", "steady")))
    _play_for_everyone(table, 12)
    table.skip_animations()
    drawn: list[str] = []
    real = fonts.wrap_text
    monkeypatch.setattr(fonts, "wrap_text", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
    table.static = None
    app.draw()
    log = list(table.log)
    assert drawn and drawn == log[len(log) - len(drawn):][::-1], "the newest lines, unchanged"
    assert any(re.search(r"\b(takes|discards|plays|turns up) (a flag|[a-z]+ \d+)\b", line)
               for line in drawn), drawn
    assert not [line for line in drawn if re.search(r"\b[a-z]+-\d+\b", line)], drawn



def test_a_person_draws_when_the_pile_has_run_out(app):
    """Once the draw pile is used up a draw turns the discards over into a new pile: while the
    person may draw, one face-down card lies on the empty pile, and dragging it into the hand
    draws, as from any pile (nothing lay there before, and nobody at the screen could draw)."""
    from game.core.rng import Rng
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, "flag-finish", you_and(("Bo", "random")), {"races": 1}, 1)
    engine, rng = table.engine, Rng(1)
    while True:  # set up: both racers draw and discard until the pile is empty on Anna's turn
        state = table.state
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        if seat == 0 and not state.draw and any(a.kind == "draw_pile" for a in legal):
            break
        table.match.act(rng.choice([a for a in legal if a.kind in ("draw_pile", "discard")]
                                   or legal))
    table.refresh([], animate=False)
    assert table.view["draw_count"] == 0 and len(table.view["zones"]["discard"]) >= 2
    pile = [s for s in table.sprites.values() if s.zone == "draw"]
    assert len(pile) == 1 and pile[0].piece == "?"
    steps = len(table.match.steps)
    drag(app, pile[0].rect.center, table.zones["hand0"].rect.center)
    assert len(table.match.steps) == steps + 1
    assert table.match.actions[-1].kind == "draw_pile" and table.match.actions[-1].seat == 0
    assert table.state.draw or table.view["owes_discard"]
