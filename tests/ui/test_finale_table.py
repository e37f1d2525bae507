"""The Finale table driven by synthetic mouse and keyboard events: choosing a card by drag and
by click, the reveal, marking players by click and into a slot by drag, a refused mark, a
substitution by dragging a bench card onto a field card, the curtain between two coaches, the
shoot-out panel and the match report."""
from __future__ import annotations

import pygame

from game.core import Seat, Setup
from game.core.rng import Rng
from game.core.session import Match
from game.finale.data import GOALIE, finale_data
from game.finale.players import SimplePlayer
from scenes.finale.report import Report
from scenes.table.overlays import Curtain
from scenes.table.registry import open_match, start_new_game
from tests.finale.helpers import deck
from tests.ui.conftest import drag, key, post_click

DATA = finale_data()
WEAK = ["elfmeter", "offside-trick", "eckball"]  # a simple coach reveals Corner kick (2)


def new_table(app, hands=((), ()), kinds=("human", "computer"), dice=(), options=None):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    seats = [Seat(name, kind, "" if kind == "human" else "simple")
             for name, kind in zip(("Anna", "Ben"), kinds)]
    deal = {"decks": [deck(hands[0]), deck(hands[1])], "dice": list(dice)}
    table = start_new_game(app, "finale", seats, options, 3, deal=deal)
    app.frame(0.016)
    return table


def at(table, piece):
    x, y = table.sprites[piece].pos
    return int(x), int(y)


def settle(app, table, frames=80):
    """Let computer coaches act and animations end."""
    for _ in range(frames):
        table.computer_wait = 0
        app.frame(0.05)
        if not table.computer_pending() and not table.animating():
            break


def test_dragging_a_hand_card_onto_the_table_chooses_it_and_the_reveal_follows(app):
    table = new_table(app, [["offener-schlagabtausch", "eckball", "flanke"], WEAK])
    drag(app, at(table, "stollen-offener-schlagabtausch"), table.zones["table0"].rect.center)
    settle(app, table)
    state = table.state
    assert state.revealed[0] == "offener-schlagabtausch"
    assert state.revealed[1] is not None, "the computer chose too and the cards turned"
    assert table.view["attacker"] is not None


def test_a_click_on_a_hand_card_chooses_it(app):
    table = new_table(app, [["eckball", "flanke", "einwurf"], ["elfmeter"]])
    post_click(app, at(table, "stollen-flanke"))
    assert table.state.coaches[0].pick == "flanke" or table.state.revealed[0] == "flanke"


def test_the_coach_marks_by_click_and_a_wrong_player_is_refused_with_a_reason(app):
    table = new_table(app, [["brechstange"], WEAK])
    toasts = []
    app.toast = lambda text, *a, **k: toasts.append(text)
    post_click(app, at(table, "stollen-brechstange"))
    settle(app, table)
    assert table.state.phase == "mark" and table.state.marker == 0
    assert set(table.view["slots"][0]) == {"striker"}
    keeper = next(p for p in table.state.coaches[0].field if DATA.player(p).position == GOALIE)
    post_click(app, at(table, keeper))
    assert table.state.marks[0] == [None, None]
    assert any("goalie" in t for t in toasts), toasts
    striker = next(p for p in table.state.coaches[0].field if DATA.player(p).position == "striker")
    post_click(app, at(table, striker))
    assert striker in table.state.marks[0]


def test_a_player_dragged_onto_a_slot_of_the_area_panel_fills_that_slot(app):
    table = new_table(app, [["offener-schlagabtausch"], WEAK])
    post_click(app, at(table, "stollen-offener-schlagabtausch"))
    settle(app, table)
    assert table.state.phase == "mark" and table.state.marker == 0
    zone = table.zones["area"]
    kinds = table.view["slots"][0]
    slot = kinds.index("defence")
    defender = next(p for p in table.state.coaches[0].field if DATA.player(p).position == "defence")
    drag(app, at(table, defender), zone.cell_rect(slot).center)
    assert table.state.marks[0][slot] == defender


def test_a_bench_card_dragged_onto_a_field_card_comes_on(app):
    table = new_table(app)
    out = next(p for p in table.state.coaches[0].field if DATA.player(p).position == "striker")
    into = next(p for p in table.state.coaches[0].bench if DATA.player(p).position != GOALIE)
    drag(app, at(table, into), at(table, out))
    assert into in table.state.coaches[0].field and out in table.state.coaches[0].out


def test_two_coaches_choose_behind_the_curtain_and_the_first_card_stays_hidden(app):
    table = new_table(app, [["eckball", "flanke", "einwurf"], ["elfmeter", "alleingang", "einwurf"]],
                      kinds=("human", "human"))
    if isinstance(app.manager.top, Curtain):
        key(app, pygame.K_RETURN)
    who = table.perspective
    mine = table.state.coaches[who].hand[0]
    post_click(app, at(table, f"{table.state.coaches[who].team}-{mine}"))
    assert isinstance(app.manager.top, Curtain), "the screen passes behind the curtain"
    key(app, pygame.K_RETURN)
    other = table.perspective
    assert other != who
    shown = set(table.view["zones"][f"table{who}"])
    assert shown == {"?"}, "the first coach's card lies face down for the second"


def played_until(seed, done):
    """A match of two simple coaches (Anna at the screen) played until `done(state)`."""
    match = Match.start("finale", Setup(seed), None, [Seat("Anna"), Seat("Ben", "computer")])
    players, rng = [SimplePlayer(), SimplePlayer()], Rng(2)
    while match.outcome() is None and not done(match.state):
        seat = match.engine.to_act(match.state)[0]
        match.act(players[seat].choose(match.engine.view(match.state, seat),
                                       match.engine.legal_actions(match.state, seat), rng))
    return match


def first_match(done):
    """The first seed whose match of two simple coaches reaches `done(state)`."""
    for seed in range(200):
        match = played_until(seed, done)
        if match.outcome() is None and done(match.state):
            return match
    raise AssertionError("no seed reached the wanted moment")


def on_table(app, match):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = open_match(app, match)
    app.frame(0.016)
    if isinstance(app.manager.top, Curtain):
        key(app, pygame.K_RETURN)
    return table


def test_the_match_report_lists_the_goals_with_their_period(app):
    match = first_match(lambda s: s.coaches[0].goals + s.coaches[1].goals >= 1)
    table = on_table(app, match)
    key(app, pygame.K_m)
    report = app.manager.top
    assert isinstance(report, Report)
    from scenes.finale.report import goals
    lines = goals(table.view)
    assert len(lines) == 1 and "'" in lines[0]
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is table


def test_penalty_takers_are_named_by_click_and_the_panel_shows_the_shoot_out(app):
    match = first_match(lambda s: s.phase == "shooters")  # level after extra time
    table = on_table(app, match)
    app.draw()
    assert table.view["shootout"]["round"] == 1
    takers = [a.player for a in table.legal() if a.kind == "shooter"]
    post_click(app, at(table, takers[0]))
    assert table.state.coaches[0].shooters == [takers[0]]


def test_the_keyboard_chooses_a_card_and_marks_a_player(app):
    table = new_table(app, [["brechstange"], WEAK])
    key(app, pygame.K_TAB)
    focused = table.input.focused()
    assert focused is not None and focused.zone == "hand0"
    while table.input.focused().piece != "stollen-brechstange":
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    settle(app, table)
    assert table.state.revealed[0] == "brechstange" and table.state.marker == 0
    key(app, pygame.K_TAB)
    sprite = table.input.focused()
    assert sprite.zone == "field0" and DATA.player(sprite.piece).position == "striker"
    key(app, pygame.K_SPACE)
    assert sprite.piece in table.state.marks[0]


def test_a_chip_dragged_onto_a_player_marks_him(app):
    table = new_table(app, [["brechstange"], WEAK])
    post_click(app, at(table, "stollen-brechstange"))
    settle(app, table)
    chips = [s for s in table.sprites.values() if s.zone == "chips0"]
    assert len(chips) == 2, "one chip for each open slot"
    striker = next(p for p in table.state.coaches[0].field if DATA.player(p).position == "striker")
    drag(app, tuple(int(v) for v in chips[-1].pos), at(table, striker))
    assert striker in table.state.marks[0]
    assert len([s for s in table.sprites.values() if s.zone == "chips0"]) == 1


def test_a_whole_period_is_played_with_the_mouse_alone(app):
    """Every action of the person at the screen done by its click, drag or button."""
    table = new_table(app, [["offener-schlagabtausch", "brechstange", "alles-oder-nichts"], WEAK])
    for _ in range(120):
        if table.state.period != 1 or table.match.outcome() is not None:
            break
        legal = table.legal()
        if not legal:
            settle(app, table, frames=5)
            continue
        action = legal[0]
        gestures = table.engine.gestures(table.state, action)
        click = next((g for g in gestures if g.target is None and g.piece in table.sprites), None)
        before = len(table.match.steps)
        if click is not None:
            post_click(app, at(table, click.piece))
        elif gestures:
            g = gestures[0]
            end = at(table, g.target) if g.target in table.sprites else table.zones[g.target.split("#")[0]].rect.center
            drag(app, at(table, g.piece), end)
        else:
            button = next(b for b in table.buttons.buttons if b.label == table.engine.describe(action))
            post_click(app, button.rect.center)
        assert len(table.match.steps) > before, f"{action.text()} was not done by its gesture"
    assert table.state.period == 2 or table.match.outcome() is not None


def test_the_penalties_are_told_one_by_one_and_the_result_waits_for_them(app):
    from scenes.table.overlays import ResultOverlay
    match = first_match(lambda s: s.phase == "shooters")
    table = on_table(app, match)
    app.settings.animation_speed = "normal"
    while table.state.phase == "shooters" and table.legal():
        post_click(app, at(table, table.legal()[0].player))
    for _ in range(30):  # the computer names its takers, and the kicks are taken
        table.computer_wait = 0
        app.frame(0.02)
        if sum(len(k) for k in table.view["shootout"]["kicks"]):
            break
    kicks = sum(len(k) for k in table.view["shootout"]["kicks"])
    assert kicks >= 10 and table.kicks_shown < kicks, "the kicks are not all shown at once"
    assert not isinstance(app.manager.top, ResultOverlay)
    for _ in range(400):
        table.computer_wait = 0
        app.frame(0.1)
        if table.kicks_shown >= sum(len(k) for k in table.view["shootout"]["kicks"]) \
                and table.match.outcome() is not None:
            break
    app.frame(0.1)
    keepers = [c.keeper for c in table.state.coaches if c.keeper]
    assert all(table.sprites[k].angle == 0.0 for k in keepers if k in table.sprites), \
        "the keepers' cards stand upright again"
    if table.match.outcome() is not None:
        assert isinstance(app.manager.top, ResultOverlay)
        assert "penalties" in table.view["status"]


def test_a_named_penalty_taker_wears_his_place_in_the_order(app, monkeypatch):
    from scenes.finale import paint
    match = first_match(lambda s: s.phase == "shooters")
    table = on_table(app, match)
    takers = [a.player for a in table.legal() if a.kind == "shooter"][:2]
    for pid in takers:
        post_click(app, at(table, pid))
    said = []
    monkeypatch.setattr(paint.ui, "text", lambda surface, words, *a, **k: said.append(words) or pygame.Rect(0, 0, 1, 1))
    paint.taker_order(table, app.screen, 18)
    assert said[:2] == ["1", "2"]
