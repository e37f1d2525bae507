"""The Finita table driven by synthetic mouse and keyboard events: playing by drag and by
click, a refused card, the chooser, the real-time keys (Finita!, a throw, a clap), the score
sheet between rounds and the curtain between people."""
from __future__ import annotations

import pygame
import pytest

from game.finita.view import CHOOSE, CLAP, DISCARD_ZONE, DRAW_ZONE, ROUND_OVER, hand_zone
from scenes.finita.sheet import ScoreSheet
from scenes.table.curtain import Curtain, HandOver
from tests.finita.helpers import deal
from tests.helpers import open_game_table, seats_of
from tests.ui.conftest import drag, key, post_click

NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn"]


def new_table(app, hands, first="red-5.1", kinds=("human", "computer"), options=None,
              starter=0, then=()):
    hands = list(hands) + [[] for _ in range(len(kinds) - len(hands))]
    order = deal(hands, first, then)
    return open_game_table(app, "finita", seats_of(NAMES, kinds, "simple"), options, 3,
                           {"cards": order, "first": starter})


def centre(table, piece):
    """A point on the card's own left strip (the cards to its right overlap the rest)."""
    sprite = table.sprites[piece]
    x, y = sprite.pos
    return int(x - sprite.size[0] * 0.32), int(y)


def pile(table):
    return table.zones[DISCARD_ZONE].rect.center


def test_dragging_a_card_that_fits_onto_the_pile_plays_it(app):
    table = new_table(app, [["red-7.1", "blue-2.1"]])
    drag(app, centre(table, "red-7.1"), pile(table))
    assert table.state.discard[-1] == "red-7.1"
    assert "red-7.1" not in table.state.hands[0]


def test_one_click_on_a_card_plays_it_and_the_playable_ones_stand_up(app):
    table = new_table(app, [["red-7.1", "blue-2.1"]])
    fits, not_fits = table.sprites["red-7.1"], table.sprites["blue-2.1"]
    zone = table.zones[hand_zone(0)]
    assert zone.raised, "no card stands up"
    assert table.contents[hand_zone(0)].index("red-7.1") in zone.raised
    assert table.contents[hand_zone(0)].index("blue-2.1") not in zone.raised
    assert fits.pos != not_fits.pos
    post_click(app, centre(table, "red-7.1"))
    assert table.state.discard[-1] == "red-7.1"


def test_on_a_strict_table_only_the_cards_that_fit_stand_up_though_any_may_be_laid(app):
    table = new_table(app, [["red-7.1", "blue-2.1"]], options={"strict": True})
    hand = table.contents[hand_zone(0)]
    assert {a.card for a in table.legal() if a.kind == "play"} >= {"red-7.1", "blue-2.1"}
    raised = table.zones[hand_zone(0)].raised
    assert hand.index("red-7.1") in raised and hand.index("blue-2.1") not in raised
    drag(app, centre(table, "blue-2.1"), pile(table))  # laid at a price: back, and a card more
    assert table.state.discard[-1] == "red-5.1" and len(table.state.hands[0]) == 8


def test_a_card_that_does_not_fit_is_refused_with_its_reason(app):
    table = new_table(app, [["blue-2.1"]])
    before = list(table.state.hands[0])
    toasts = []
    app.toast = lambda text, *a, **k: toasts.append(text)
    drag(app, centre(table, "blue-2.1"), pile(table))
    assert table.state.hands[0] == before
    assert any("does not fit" in t and "red or 5" in t for t in toasts), toasts


@pytest.mark.parametrize("strict", [False, True], ids=["refused", "strict"])
def test_a_click_on_a_card_that_does_not_fit_never_picks_it_up(app, strict):
    """Issue 25 play-through: the README said a Finita card with no one-click move is picked
    up; the table refuses a card that does not fit, with its reason (DECISIONS.md: a Strict
    table lays it and gives it back with a penalty card). The README and the rules page now
    say what the table does (test below)."""
    table = new_table(app, [["blue-2.1", "green-7.1"]], options={"strict": strict})
    toasts = []
    app.toast = lambda text, *a, **k: toasts.append(text)
    post_click(app, centre(table, "blue-2.1"))
    assert table.input.lift is None, "nothing is picked up"
    assert table.state.discard[-1] == "red-5.1" and "blue-2.1" in table.state.hands[0]
    if strict:
        assert len(table.state.hands[0]) == 8, "laid, given back, and a penalty card"
    else:
        assert len(table.state.hands[0]) == 7 and not table.match.steps
        assert any("does not fit" in t for t in toasts), toasts


def test_the_readme_and_the_rules_page_say_what_a_click_on_a_card_that_does_not_fit_does():
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    readme = next(line for line in (root / "README.md").read_text(encoding="utf-8").splitlines()
                  if line.startswith("| click a card |"))
    rules = (root / "assets" / "rules" / "finita.md").read_text(encoding="utf-8")
    table_part = " ".join(rules[rules.index("## At the table"):].split())
    for words in (readme, table_part):
        assert "a card that does not fit is refused" in words
        assert "never picked up" in words and "Strict table" in words


def test_a_click_picks_up_a_memory_card_and_a_click_on_the_memory_row_lays_it(app):
    """As a round starts a memory card may go to the Memory row but not by one click: a
    click picks it up (it was refused with "First lay your memory cards face down")."""
    table = new_table(app, [["blue-2.1", "red-7.1"]], options={"memory": 1})
    toasts = []
    app.toast = lambda text, *a, **k: toasts.append(text)
    post_click(app, centre(table, "red-7.1"))
    assert table.input.lift is not None and table.input.lift.sprite.piece == "red-7.1", toasts
    post_click(app, table.zones["memory0"].rect.center)
    assert table.state.memory[0] == ["red-7.1"] and not toasts


def test_a_click_on_the_draw_pile_draws(app):
    table = new_table(app, [["blue-2.1"]])
    top = [s for s in table.sprites.values() if s.zone == DRAW_ZONE][-1]
    post_click(app, tuple(int(v) for v in top.pos))
    assert len(table.state.hands[0]) == 8


def test_a_colour_choice_card_asks_in_the_chooser_and_a_key_answers(app):
    table = new_table(app, [["wild.1", "blue-2.1"]])
    post_click(app, centre(table, "wild.1"))
    assert table.state.phase == CHOOSE
    assert table.chooser.active()
    labels = [b.label for b in table.chooser.buttons.buttons]
    assert labels == ["Red", "Yellow", "Green", "Blue"]
    assert not any(b.label == "Red" for b in table.buttons.buttons), "choices are not buttons"
    key(app, pygame.K_b)
    assert table.state.colour == "blue" and table.state.phase != CHOOSE
    assert not table.chooser.active()


def test_paul_asks_a_number_with_a_click_in_the_chooser(app):
    table = new_table(app, [["paul.1", "blue-2.1"]])
    post_click(app, centre(table, "paul.1"))
    four = next(b for b in table.chooser.buttons.buttons if b.label == "4")
    post_click(app, four.rect.center)
    assert table.state.demand is not None and table.state.demand["number"] == 4


def test_the_finita_key_calls_on_the_second_last_card(app):
    table = new_table(app, [["red-7.1", "red-8.1"]], kinds=("human", "computer"))
    from tests.finita.helpers import late
    late(table.state, ["red-7.1", "red-8.1"])  # two cards left, on Anna's turn
    table.refresh([], animate=False)
    key(app, pygame.K_a)
    assert table.state.called[0]
    post_click(app, centre(table, "red-7.1"))
    assert table.state.unsafe is None, "a called Finita cannot be caught"


def test_the_big_button_says_what_the_key_means_and_does_it(app):
    table = new_table(app, [["red-7.1", "red-8.1"]])
    from tests.finita.helpers import late
    late(table.state, ["red-7.1", "red-8.1"])
    table.refresh([], animate=False)
    app.frame(0.016)
    assert table.react_button.label == "Finita!" and table.react_button.enabled
    post_click(app, table.react_button.rect.center)
    assert table.state.called[0]


def ben_lays_green_3(app, annas_card, **options):
    """Ben (computer) plays first and lays his green 3 (his only card that fits), Cleo is
    next; Anna holds `annas_card`. The table once the throw window is open."""
    table = new_table(app, [[annas_card], ["green-3.1", "blue-8.1", "blue-9.1"]],
                      first="green-5.1", starter=1, kinds=("human", "computer", "computer"),
                      options={"throws": True, "window": 3000, **options})
    from tests.finita.helpers import late
    late(table.state, table.state.hands[0], ["green-3.1", "blue-8.1", "blue-9.1"])
    table.refresh([], animate=False)
    for _ in range(80):
        if table.state.discard[-1] == "green-3.1":
            break
        app.frame(0.05)
    assert table.state.discard[-1] == "green-3.1", "Ben did not lay his green 3"
    assert table.state.throw_until is not None
    return table


def test_a_throw_by_key_out_of_turn(app):
    table = ben_lays_green_3(app, "green-3.2")  # Anna holds the twin of the card he lays
    key(app, pygame.K_a)
    assert table.state.discard[-1] == "green-3.2"
    assert table.state.laid_by == 0


def test_clapping_after_a_nine_with_the_key(app):
    table = new_table(app, [["red-9.1", "blue-2.1"]], options={"clap": True, "window": 5000})
    post_click(app, centre(table, "red-9.1"))
    assert table.state.phase == CLAP
    key(app, pygame.K_a)
    assert 0 in table.state.clapped or table.state.phase != CLAP


def test_a_key_pressed_when_the_button_offers_nothing_does_nothing_and_costs_nothing(app):
    table = new_table(app, [["blue-2.1"]], options={"clap": True})
    assert not table.react_button.enabled
    toasts = []
    app.toast = lambda text, *a, **k: toasts.append(text)
    key(app, pygame.K_a)
    assert len(table.state.hands[0]) == 7 and not table.match.steps
    assert any("nothing to" in t for t in toasts), toasts


def test_the_score_sheet_opens_when_a_round_ends_and_deals_the_next(app):
    table = new_table(app, [["red-7.1"]])
    from tests.finita.helpers import late
    late(table.state, ["red-7.1"])
    table.state.called[0] = True
    table.refresh([], animate=False)
    post_click(app, centre(table, "red-7.1"))
    assert table.state.phase == ROUND_OVER
    for _ in range(5):
        app.frame(0.1)
    sheet = app.manager.top
    assert isinstance(sheet, ScoreSheet)
    app.draw()
    key(app, pygame.K_RETURN)
    assert table.state.round == 2 and table.state.phase != ROUND_OVER


def test_two_people_pass_the_screen_behind_a_curtain(app):
    table = new_table(app, [["red-7.1"], []], kinds=("human", "human"))
    curtain = app.manager.top
    assert isinstance(curtain, Curtain)
    key(app, pygame.K_RETURN)
    post_click(app, centre(table, "red-7.1"))
    assert table.state.discard[-1] == "red-7.1"
    assert isinstance(app.manager.top, HandOver), "Ann sees her card land, then passes"
    steps = len(table.match.steps)
    app.frame(2.0)  # the table stands still meanwhile: no timed move happens
    assert isinstance(app.manager.top, HandOver) and len(table.match.steps) == steps
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, Curtain), "Ben's turn starts behind a curtain"


def test_the_table_draws_at_small_and_large_sizes(app):
    table = new_table(app, [["red-7.1"]], kinds=("human", "computer", "computer", "computer"),
                      options={"memory": 2})
    for size in ((800, 500), (2560, 1440), (1024, 640)):
        app.resize(size) if hasattr(app, "resize") else table.resize(size)
        table.resize(size)
        app.draw()
        for zone in table.zones.values():
            assert zone.rect.right <= size[0] + 4 and zone.rect.bottom <= size[1] + 4, zone.id


def test_a_person_sets_their_key_in_the_new_game_dialog_and_the_table_uses_it(app):
    from scenes.newgame import NewGameDialog
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    dialog = NewGameDialog(app, "finita")
    app.push(dialog)
    app.frame(0.016)
    cap = dialog.key_rect(0)
    assert cap is not None and dialog.keys[0] == "a"
    post_click(app, cap.center)
    assert dialog.capture == 0
    key(app, pygame.K_s)  # a table shortcut: refused with the reason
    assert dialog.keys[0] == "a" and "shortcut" in dialog.error
    post_click(app, cap.center)
    key(app, pygame.K_q)
    assert dialog.keys[0] == "q" and not dialog.error
    dialog.start()
    app.frame(0.016)
    from scenes.finita.table import Table
    table = app.manager.find(Table)
    assert table.keys == {0: "q"}
    assert table.match.meta["keys"] == {"0": "q"}


def test_a_hand_edited_key_in_a_save_falls_back_to_the_default(app):
    from scenes.finita.table import seat_keys
    table = new_table(app, [["red-7.1"], []], kinds=("human", "human"))
    for bad in ({"0": "s", "1": "l"}, {"0": "ab"}, {"0": 7}, "zz", {"0": "l", "1": "l"}):
        table.match.meta["keys"] = bad
        keys = seat_keys(table.match)
        assert len(set(keys.values())) == 2 and not set(keys.values()) & set("bdghorsty"), bad


def test_patrick_shows_every_picked_card_then_clears(app):
    table = new_table(app, [["patrick.1", "red-3.1", "blue-8.1"], ["green-8.1", "yellow-2.1"]],
                      kinds=("human", "computer"))
    from tests.finita.helpers import late
    late(table.state, ["patrick.1", "red-3.1", "blue-8.1"], ["green-8.1", "yellow-2.1"])
    table.refresh([], animate=False)
    post_click(app, centre(table, "patrick.1"))
    assert table.state.phase == "patrick"
    for _ in range(60):  # Anna picks, Ben (computer) picks on the clock
        if table.state.patrick is None:
            break
        picks = [a for a in table.legal() if a.kind == "compare"]
        if picks:
            table.act(next(a for a in picks if a.card == "red-3.1"))
        app.frame(0.1)
        if table.reveal.active():
            break
    assert table.reveal.active(), "the comparison was not shown"
    shown = dict(table.reveal.shown)
    assert shown[0] == "red-3.1" and set(shown) == {0, 1}
    app.draw()
    post_click(app, (5, 5))
    assert not table.reveal.active()


def test_computer_seats_answer_a_persons_card_on_the_clock(app):
    table = new_table(app, [["red-7.1", "blue-2.1"], ["red-3.1", "red-4.1"]],
                      kinds=("human", "computer"))
    for _ in range(40):  # Anna thinks longer than Ben's reaction time: he waits, asleep
        app.frame(0.1)
    post_click(app, centre(table, "red-7.1"))
    assert table.state.turn == 1
    for _ in range(40):  # Ben reacts within his reaction time (1.5 s give or take a fifth)
        app.frame(0.1)
        if table.state.turn != 1 or table.state.phase != "turn":
            break
    assert len(table.match.steps) >= 2 and table.match.steps[-1].action.seat == 1


def test_no_text_on_the_finita_table_is_below_11_px(app, monkeypatch):
    """At the smallest window sizes: name plates, pile labels, the panel in force, the
    chooser, the score sheet."""
    from tests.ui.text_sizes import drawn_text_sizes, resize, too_small
    table = new_table(app, [["paul.1", "red-7.1"]], kinds=("human",) + ("computer",) * 5,
                      options={"memory": 2})
    for _ in range(5):
        app.frame(0.05)
    hides = [a for a in table.legal() if a.kind == "hide"]
    while hides:  # lay the memory cards, then play Paul so that the chooser shows
        table.act(next(a for a in hides if a.card not in ("paul.1", "red-7.1")))
        hides = [a for a in table.legal() if a.kind == "hide"]
    for _ in range(60):
        if table.my_turn() and table.state.phase == "turn":
            break
        app.frame(0.1)
    post_click(app, centre(table, "paul.1"))
    assert table.chooser.active()
    for size in ((800, 500), (1024, 640)):
        resize(app, size)
        seen = drawn_text_sizes(app, monkeypatch, ("scenes/finita/", "scenes/table/scores.py"))
        assert any("paint.py" in where for _, where in seen), "the table's words were drawn"
        assert any("chooser.py" in where for _, where in seen), "the chooser was drawn"
        assert too_small(seen) == [], size
    key(app, pygame.K_4)
    key(app, pygame.K_s)
    assert isinstance(app.manager.top, ScoreSheet)
    for size in ((800, 500), (1024, 640)):
        resize(app, size)
        seen = drawn_text_sizes(app, monkeypatch, ("scenes/finita/", "scenes/table/scores.py"))
        assert any("scores.py" in where for _, where in seen)
        assert too_small(seen) == [], size


def test_every_hand_lies_face_up_when_a_round_is_over(app):
    table = new_table(app, [["red-7.1"], ["blue-2.1", "blue-3.1"]])
    from tests.finita.helpers import late
    late(table.state, ["red-7.1"], ["blue-2.1", "blue-3.1"])
    table.state.called[0] = True
    table.refresh([], animate=False)
    assert not table.sprites["?hand1:0"].shown_up if "?hand1:0" in table.sprites else True
    post_click(app, centre(table, "red-7.1"))
    assert table.state.phase == ROUND_OVER
    app.frame(0.1)
    for card_id in ("blue-2.1", "blue-3.1"):
        assert table.sprites[card_id].shown_up, f"{card_id} is not shown"


def test_a_click_picks_the_card_for_patrick_and_the_spot_shows(app):
    table = new_table(app, [["patrick.1", "red-3.1", "blue-8.1"], ["green-8.1", "yellow-2.1"]])
    from tests.finita.helpers import late
    late(table.state, ["patrick.1", "red-3.1", "blue-8.1"], ["green-8.1", "yellow-2.1"])
    table.refresh([], animate=False)
    post_click(app, centre(table, "patrick.1"))
    if table.state.turn != 0:  # Ben picks first on the clock
        for _ in range(40):
            app.frame(0.1)
            if table.state.phase == "patrick" and table.state.turn == 0:
                break
    assert table.state.phase == "patrick" and table.state.turn == 0
    spot = table.zones["compare0"]
    assert spot.outline and spot.label == "Patrick"
    hand = table.contents[hand_zone(0)]
    assert hand.index("red-3.1") in table.zones[hand_zone(0)].raised
    post_click(app, centre(table, "red-3.1"))
    assert "red-3.1" not in table.state.hands[0] or table.reveal.active()


def test_off_the_strict_table_a_throw_without_the_twin_is_neither_offered_nor_paid(app):
    """Issue 25, item 2: the key does exactly what the big button says, and a press the
    button did not offer costs nothing. Anna has no green 3: the button offers no throw, and
    her key (or a click on the button) changes nothing and says why."""
    table = ben_lays_green_3(app, "blue-2.1")
    table.place_controls()
    assert table.react_button.label != "Throw!" and not table.react_button.enabled
    toasts = []
    app.toast = lambda text, *a, **k: toasts.append(text)
    hands, steps = [list(h) for h in table.state.hands], len(table.match.steps)
    key(app, pygame.K_a)
    post_click(app, table.react_button.rect.center)
    assert [list(h) for h in table.state.hands] == hands and len(table.match.steps) == steps
    assert table.state.throw_until is not None, "the window stays open for the others"
    assert any("green 3" in t for t in toasts), toasts
    assert table.unoffered(table.engine.parse_action("0 throw 0")), "a legal throw not offered"


@pytest.mark.parametrize("by_button", [False, True], ids=["key", "button"])
def test_with_the_twin_the_button_says_throw_and_the_key_or_button_throws_it(app, by_button):
    table = ben_lays_green_3(app, "green-3.2")
    table.place_controls()
    assert table.react_button.label == "Throw!" and table.react_button.enabled
    if by_button:
        post_click(app, table.react_button.rect.center)
    else:
        key(app, pygame.K_a)
    assert table.state.discard[-1] == "green-3.2" and table.state.laid_by == 0


@pytest.mark.parametrize("by_button", [False, True], ids=["key", "button"])
def test_at_a_strict_table_the_button_and_the_key_throw_from_memory(app, by_button):
    """DECISIONS.md: a person throws with their key from memory, and a throw they cannot make
    costs a penalty card; with the Strict table on, as its rules page paragraph says. The
    button says Throw! whenever the key would throw, twin or not."""
    table = ben_lays_green_3(app, "blue-2.1", strict=True)  # Anna has no green 3
    table.place_controls()
    assert table.react_button.label == "Throw!" and table.react_button.enabled
    before = len(table.state.hands[0])
    if by_button:
        post_click(app, table.react_button.rect.center)
    else:
        key(app, pygame.K_a)
    assert len(table.state.hands[0]) == before + 1, "a throw without the twin costs a card"
    assert table.state.discard[-1] == "green-3.1"


def test_the_key_meant_as_a_throw_is_never_punished_as_a_clap_at_nothing(app):
    """Issue 25: the button said Throw!, the seat to act played first, and the person's key,
    pressed a moment later, was a clap at nothing with a penalty card. The key does exactly
    what the button says at that instant: here nothing, at no cost."""
    table = new_table(app, [["green-3.2"], ["green-3.1", "blue-8.1", "blue-9.1"],
                            ["green-4.1"]], first="green-5.1", starter=1,
                      kinds=("human", "computer", "computer"),
                      options={"throws": True, "clap": True, "window": 3000})
    from tests.finita.helpers import late
    late(table.state, table.state.hands[0], ["green-3.1", "blue-8.1", "blue-9.1"])
    table.refresh([], animate=False)
    for _ in range(80):
        if table.state.discard[-1] == "green-3.1":
            break
        app.frame(0.05)
    assert table.state.throw_until is not None
    assert table.react_button.label == "Throw!" and table.react_button.enabled
    cleo = next(a for a in table.engine.legal_actions(table.state, 2) if a.kind == "play")
    assert table.act(cleo)  # Cleo, to act, plays before Anna's key
    assert not table.react_button.enabled, "the button no longer offers anything"
    held = len(table.state.hands[0])
    key(app, pygame.K_a)
    assert len(table.state.hands[0]) == held
    assert not any("at nothing" in e.text for step in table.match.steps for e in step.events)


def test_a_catch_is_said_on_the_table_not_only_in_the_log(app):
    table = new_table(app, [["red-7.1", "red-8.1"]], kinds=("human", "computer"))
    from tests.finita.helpers import late
    late(table.state, ["red-7.1", "red-8.1"])
    table.refresh([], animate=False)
    toasts = []
    app.toast = lambda text, *a, **k: toasts.append(text)
    post_click(app, centre(table, "red-7.1"))  # no Finita! call: Ben catches it on the clock
    for _ in range(40):
        app.frame(0.1)
        if any("catches" in t for t in toasts):
            break
    assert any("catches Anna" in t for t in toasts), toasts


def test_the_clock_stands_while_a_card_glides(app):
    table = new_table(app, [["red-9.1", "blue-2.1"]], options={"clap": True, "window": 1500})
    app.settings.animation_speed = "normal"
    app.frame(0.1)
    post_click(app, centre(table, "red-9.1"))
    assert table.state.phase == "clap" and table.animating()
    start = table.clock_ms
    app.frame(0.05)
    assert table.animating() and table.clock_ms == start, "the window ran while the 9 flew"
    for _ in range(40):
        app.frame(0.05)
        if not table.animating():
            break
    app.frame(0.05)
    app.frame(0.05)
    assert table.clock_ms > start


def test_a_card_s_tip_stands_beside_it_not_over_the_hand(app, monkeypatch):
    """Pointing at a card of one's hand (at the bottom) shows its tip above the card, inside
    the window; the card and the hand stay in view."""
    import scenes.table.painting as painting
    from scenes import widgets as ui
    table = new_table(app, [["red-7.1", "blue-4.1", "green-2.1"]])
    table.skip_animations()
    card = table.sprites["blue-4.1"]
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(table, "blue-4.1"), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    assert table.input.hover_tip and table.input.hover_rect.contains(card.rect)
    boxes = []
    real_panel = ui.panel
    monkeypatch.setattr(ui, "panel", lambda s, rect, *a, **k: (boxes.append(rect.copy()),
                                                                real_panel(s, rect, *a, **k)))
    surface = pygame.Surface(app.screen.get_size())
    painting.draw_tip(surface, table.input.hover_tip, ui.ui_size(surface.get_size()),
                      near=table.input.hover_rect)
    box = boxes[-1]
    hand = [table.sprites[c].rect for c in ("red-7.1", "blue-4.1", "green-2.1")]
    assert surface.get_rect().contains(box)
    assert box.bottom <= card.rect.top and not any(box.colliderect(r) for r in hand)
