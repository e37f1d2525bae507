"""The Finale squad and tactics builder driven by synthetic mouse and keyboard events: signing
by click, drag and key, refusals in the engine's words, the first-game line-up, the colour
decks, a free choice with its starting hand, and leaving without committing."""
from __future__ import annotations

import pygame
import pytest

from game.core import Seat
from game.finale.actions import Sign
from game.finale.data import finale_data
from scenes.finale.builder import BENCH, FIELD, GRID, HAND, Builder
from scenes.table.curtain import Curtain, HandOver
from scenes.table.registry import start_new_game
from tests.ui.conftest import drag, key, post_click

FREE_DECK = ("schlusskarte", "alles-oder-nichts", "powerplay", "eckball", "flanke", "elfmeter",
             "kontrolliertes-spiel", "offener-schlagabtausch", "vorsichtiger-spielaufbau",
             "brechstange", "fore-checking", "sturmlauf")


def open_builder(app, kinds=("human", "computer"), seed=5):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    seats = [Seat(name, kind) for name, kind in zip(("Ann", "Bo"), kinds)]
    table = start_new_game(app, "finale", seats, {"lineups": "pick"}, seed)
    app.frame(0.016)
    if isinstance(app.manager.top, Curtain):  # two people: the first takes the screen
        key(app, pygame.K_RETURN)
    app.frame(0.016)  # the table opens the builder by itself once it is on top
    builder = app.manager.top
    assert isinstance(builder, Builder)
    return table, builder


def toasts_of(app):
    said = []
    app.toast = lambda text, *a, **k: said.append(text)
    return said


def spot(builder, piece, where=GRID):
    found = [s for s in builder.spots if s.piece == piece and s.where == where]
    assert found, f"{piece} is not shown in {where}"
    return found[0].rect.center


def coach(table, seat=0):
    return table.state.coaches[seat]


def sign_directly(table, players):
    """Sign (pid, place) pairs through the table, as clicks would."""
    for pid, place in players:
        assert table.act(Sign(0, pid, place)), pid


def first_game_squad(seat=0):
    team = finale_data().teams[seat]
    bench = set(team.first_game_bench)
    return [(p.id, BENCH if p.id in bench else FIELD) for p in team.first_game_squad()]


def test_a_click_on_a_card_signs_him_to_the_field_and_the_total_grows(app):
    table, b = open_builder(app)
    assert b.view["value"] == 0
    post_click(app, spot(b, "kai-fangmann"))
    assert coach(table).field == ["kai-fangmann"]
    assert b.view["value"] == 4
    assert spot(b, "kai-fangmann", FIELD)  # he stands on the little pitch now
    post_click(app, spot(b, "frank-libero"))
    assert b.view["value"] == 10


def test_a_click_on_a_signed_card_lets_him_go(app):
    table, b = open_builder(app)
    post_click(app, spot(b, "jens-blocker"))
    post_click(app, spot(b, "jens-blocker", FIELD))
    assert coach(table).squad == []
    assert b.view["value"] == 0


def test_a_second_goalie_dragged_onto_the_field_is_refused_and_nothing_changes(app):
    table, b = open_builder(app)
    post_click(app, spot(b, "kai-fangmann"))
    said = toasts_of(app)
    drag(app, spot(b, "bernd-schranke"), b.frames["pitch"].center)
    assert said == ["One goalie plays on the field; the other waits on the bench."]
    assert coach(table).squad == ["kai-fangmann"]
    # a click finds him the place he may have
    post_click(app, spot(b, "bernd-schranke"))
    assert coach(table).bench == ["bernd-schranke"]


def test_a_player_over_the_budget_is_refused_with_the_engines_sum(app):
    table, b = open_builder(app)
    # 48 in eleven players: every further 3 breaks the 50
    sign_directly(table, [("kai-fangmann", FIELD), ("frank-libero", FIELD), ("karl-taktik", FIELD),
                          ("lars-manndecker", FIELD), ("toni-bomber", FIELD), ("max-riegel", FIELD),
                          ("dirk-sense", FIELD), ("jan-sechser", FIELD), ("nico-spielmacher", FIELD),
                          ("rudi-knipser", FIELD), ("oskar-rackerer", FIELD)])
    app.frame(0.016)
    assert b.view["value"] == 48
    said = toasts_of(app)
    before = list(coach(table).bench)
    post_click(app, spot(b, "simon-joker"))
    assert said == ["With Simon Joker (3) the squad would be worth 51: at most 50."]
    assert coach(table).bench == before
    assert b.view["value"] == 48


def test_dragging_between_field_and_bench_switches_and_back_to_the_grid_releases(app):
    table, b = open_builder(app)
    post_click(app, spot(b, "udo-bollwerk"))
    drag(app, spot(b, "udo-bollwerk", FIELD), b.frames["bench-0"].center)
    assert coach(table).bench == ["udo-bollwerk"] and coach(table).field == []
    drag(app, spot(b, "udo-bollwerk", BENCH), b.frames["pitch"].center)
    assert coach(table).field == ["udo-bollwerk"]
    drag(app, spot(b, "udo-bollwerk", FIELD), b.frames["grid"].center)
    assert coach(table).squad == []


def test_a_drag_cancelled_with_esc_changes_nothing_and_stays_in_the_builder(app):
    table, b = open_builder(app)
    start, end = spot(b, "rudi-knipser"), b.frames["pitch"].center
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    assert b.press is not None and b.press.dragging
    key(app, pygame.K_ESCAPE)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(0.016)
    assert coach(table).squad == []
    assert app.manager.top is b


def test_the_keyboard_filters_moves_the_focus_and_signs(app):
    table, b = open_builder(app)
    key(app, pygame.K_s)  # strikers only
    assert {s.piece for s in b.spots if s.where == GRID} == {
        p.id for p in b.team.players if p.position == "striker"}
    key(app, pygame.K_RIGHT)  # the first card takes the focus
    key(app, pygame.K_RIGHT)
    focused = b.focus
    assert focused == [p.id for p in b.team.players if p.position == "striker"][1]
    key(app, pygame.K_RETURN)
    assert coach(table).field == [focused]
    key(app, pygame.K_b)  # B: to the bench
    assert coach(table).bench == [focused]
    key(app, pygame.K_a)
    assert len([s for s in b.spots if s.where == GRID]) == 30


def test_first_game_line_up_readies_the_coach_and_closes_the_builder(app):
    table, b = open_builder(app)
    button = next(x for x in b.commands.buttons if x.label == "First-game line-up")
    post_click(app, button.rect.center)
    assert coach(table).ready
    assert sorted(coach(table).squad) == sorted(p for p, _ in first_game_squad())
    assert b not in app.manager.stack
    assert table.builder_open is False


def test_ready_while_incomplete_says_what_is_missing(app):
    table, b = open_builder(app)
    assert not b.ready_button.enabled
    said = toasts_of(app)
    post_click(app, b.ready_button.rect.center)
    assert said == [b.view["problem"]] and said[0].startswith("The field has 0 players")
    key(app, pygame.K_r)
    assert len(said) == 2 and not coach(table).ready


def test_the_tactics_tab_builds_white_and_red(app):
    table, b = open_builder(app)
    key(app, pygame.K_2)
    assert b.tab == "tactics"
    button = next(x for x in b.decks.buttons if x.label == "White + Red")
    post_click(app, button.rect.center)
    data = finale_data()
    assert sorted(coach(table).chosen) == sorted(c.id for c in data.tactics if c.colour in ("white", "red"))
    assert b.view["deck_kind"] == "red"
    key(app, pygame.K_TAB)
    assert b.tab == "squad"


def test_a_click_on_a_tactics_card_takes_it_out_and_back_and_the_schlusskarte_stays(app):
    table, b = open_builder(app)
    key(app, pygame.K_2)
    post_click(app, next(x for x in b.decks.buttons if x.label == "White + Blue").rect.center)
    post_click(app, spot(b, "stollen-pressing"))
    assert "pressing" not in coach(table).chosen and len(coach(table).chosen) == 11
    post_click(app, spot(b, "stollen-pressing"))
    assert "pressing" in coach(table).chosen
    said = toasts_of(app)
    post_click(app, spot(b, "stollen-schlusskarte"))
    assert said == ["The Schlusskarte is in every deck."]
    assert "schlusskarte" in coach(table).chosen


def test_a_free_choice_with_three_openers_is_ready_and_starts_with_them(app):
    table, b = open_builder(app)
    sign_directly(table, first_game_squad())
    key(app, pygame.K_2)
    for piece in list(b.chosen):  # empty the deck but for the Schlusskarte
        if piece != "stollen-schlusskarte":
            post_click(app, spot(b, piece))
    for cid in FREE_DECK[1:]:
        post_click(app, spot(b, f"stollen-{cid}"))
    assert b.view["deck_kind"] == "free"
    openers = ["stollen-alles-oder-nichts", "stollen-eckball", "stollen-brechstange"]
    for piece in openers:
        post_click(app, spot(b, piece, HAND))
    assert sorted(b.view["openers"]) == sorted(p.split("-", 1)[1] for p in openers)
    assert b.ready_button.enabled
    post_click(app, b.ready_button.rect.center)
    assert coach(table).ready and b not in app.manager.stack
    for _ in range(40):  # the computer coach picks too, and the match kicks off
        app.frame(0.1)
        if table.state.phase != "draft":
            break
    assert table.state.phase != "draft"
    assert sorted(coach(table).hand) == sorted(p.split("-", 1)[1] for p in openers)


def test_esc_goes_back_to_the_table_without_committing(app):
    table, b = open_builder(app)
    post_click(app, spot(b, "kai-fangmann"))
    before = (list(coach(table).field), list(coach(table).bench), list(coach(table).chosen))
    steps = len(table.match.steps)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert b not in app.manager.stack
    assert table.builder_open is False
    assert len(table.match.steps) == steps
    assert (coach(table).field, coach(table).bench, coach(table).chosen) == before
    assert not coach(table).ready


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_every_card_and_button_fits_the_window(app, size):
    table, b = open_builder(app)
    b.resize(size)
    screen = pygame.Rect((0, 0), size)
    for tab in ("squad", "tactics"):
        b.show(tab)
        controls = [x.rect for row in b._rows() for x in row.buttons]
        for rect in [s.rect for s in b.spots] + controls:
            assert screen.contains(rect), (tab, rect)
        for i, one in enumerate(controls):
            assert not any(one.colliderect(other) for other in controls[i + 1:]), (tab, one)
        cards = [s.rect for s in b.spots if s.where == GRID]
        assert len(cards) == 30
        assert not any(a.colliderect(c) for i, a in enumerate(cards) for c in cards[i + 1:])
        assert min(r.width for r in cards) >= 50


def test_in_hot_seat_the_second_coach_sees_none_of_the_first_coachs_picks(app):
    table, b = open_builder(app, kinds=("human", "human"))
    assert b.seat == 0
    key(app, pygame.K_f)
    assert coach(table, 0).ready
    assert isinstance(app.manager.top, HandOver)  # the first coach passes the screen
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, Curtain)  # the screen passes first
    assert "Bo" in app.manager.top.name
    key(app, pygame.K_RETURN)  # "I am Bo"
    app.frame(0.016)
    second = app.manager.top
    assert isinstance(second, Builder) and second.seat == 1
    zones = second.view["zones"]
    assert zones["field0"] == [] and zones["bench0"] == [] and zones["deck0"] == []
    assert second.team.id == "acker"
    assert all(s.piece in {p.id for p in finale_data().teams[1].players}
               for s in second.spots if s.where == GRID)


def test_the_keyboard_reaches_the_starting_hand_and_picks_an_opener(app):
    from game.finale.actions import Exclude, Include
    table, b = open_builder(app)
    for cid in list(coach(table).chosen):
        if cid != "schlusskarte":
            assert table.act(Exclude(0, f"stollen-{cid}"))
    for cid in FREE_DECK[1:]:
        assert table.act(Include(0, f"stollen-{cid}"))
    key(app, pygame.K_2)
    assert b.view["deck_kind"] == "free"
    key(app, pygame.K_DOWN)  # the first card takes the focus
    for _ in range(6):
        if b.focus_where == HAND:
            break
        key(app, pygame.K_DOWN)
    assert b.focus_where == HAND
    focused = b.focus
    key(app, pygame.K_RETURN)
    assert coach(table).openers == [focused.split("-", 1)[1]]
    key(app, pygame.K_o)  # O on the same card: not an opener any more
    assert coach(table).openers == []


def test_back_to_the_table_stays_there_until_the_squad_button_or_b(app):
    table, b = open_builder(app)
    key(app, pygame.K_ESCAPE)
    for _ in range(3):
        app.frame(0.016)
    assert app.manager.top is table, "the builder does not come back by itself"
    assert not coach(table).ready
    key(app, pygame.K_b)
    assert isinstance(app.manager.top, Builder)
    key(app, pygame.K_ESCAPE)
    post_click(app, table.squad_button.rect.center)
    assert isinstance(app.manager.top, Builder)
