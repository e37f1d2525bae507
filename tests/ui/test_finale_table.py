"""The Finale table driven by synthetic mouse and keyboard events: choosing a card by drag and
by click, the reveal, marking players by click and into a slot by drag, a refused mark, a
substitution by dragging a bench card onto a field card, the curtain between two coaches, the
shoot-out panel and the match report."""
from __future__ import annotations

import math

import pygame
import pytest

from game.core import Seat, Setup
from game.core.rng import Rng
from game.core.session import Match
from game.finale.data import GOALIE, finale_data
from game.finale.players import SimplePlayer
from scenes.finale.report import Report
from scenes.table.curtain import Curtain, HandOver
from tests.helpers import open_game_table, seats_of
from scenes.table.registry import open_match
from tests.finale.helpers import deck
from tests.ui.conftest import drag, key, post_click

DATA = finale_data()
WEAK = ["elfmeter", "offside-trick", "eckball"]  # a simple coach reveals Corner kick (2)


def new_table(app, hands=((), ()), kinds=("human", "computer"), dice=(), options=None):
    deal = {"decks": [deck(hands[0]), deck(hands[1])], "dice": list(dice)}
    return open_game_table(app, "finale", seats_of(("Anna", "Ben"), kinds, "simple"), options,
                           3, deal)


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
    assert isinstance(app.manager.top, HandOver), "the coach sees the card laid, then passes"
    key(app, pygame.K_RETURN)
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


# -- the table at several window sizes: dice, the area panel, goals, names --------------------

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


def drive(app, table, each, limit=3000):
    """Play the match on the table to its end: Anna by a simple coach through the table's own
    `act`, Ben by the table's computer; `each(table)` after every change."""
    coach, rng = SimplePlayer(), Rng(5)
    for _ in range(limit):
        if table.match.outcome() is not None:
            break
        legal = table.legal()
        if legal:
            table.act(coach.choose(table.engine.view(table.state, 0), legal, rng))
        else:
            table.computer_wait = 0
            table.update(0.05)
        each(table)
    assert table.match.outcome() is not None, "the match did not end"


def table_at(app, size, match):
    from tests.ui.text_sizes import resize
    resize(app, size)
    return on_table(app, match)


class Blits:
    """Stands in for the screen: notes where each picture would go."""

    def __init__(self):
        self.rects = []

    def blit(self, image, pos, *args, **kwargs):
        rect = image.get_rect(topleft=pos[:2] if not isinstance(pos, pygame.Rect) else pos.topleft)
        self.rects.append(rect)
        return rect

    def get_size(self):
        return pygame.display.get_surface().get_size()


def dice_over_cards(table):
    """(die, card) pairs of a die drawn over a card or chip on the table, or over the room a
    field card sweeps while it turns a quarter (it turns as the dice roll); dice off screen;
    the row of the marking coach's chips over a card."""
    from scenes import widgets as ui
    from scenes.finale import paint
    screen = pygame.Rect((0, 0), table.size)
    spy = Blits()
    paint.dice(table, spy, ui.ui_size(table.size))
    assert len(spy.rects) == len(table.dice)
    found = [(die, "off screen") for die in spy.rects if not screen.contains(die)]
    chips = table.zones[f"chips{table.bottom()}"].rect
    for piece, sprite in table.sprites.items():
        if not sprite.zone.startswith("chips") and chips.colliderect(sprite.rect):
            found.append((chips, piece))  # the marking coach's chips lie by the dice
        room = sprite.rect
        if sprite.zone.startswith("field"):
            side = int(math.hypot(*sprite.size)) + 1
            room = pygame.Rect(0, 0, side, side)
            room.center = sprite.rect.center
        found += [(die, piece) for die in spy.rects if die.colliderect(room)]
    return found


def five_defenders_for_ben(seed):
    """A new match in which Ben has brought on his bench defender for a striker: five in his
    back line, the lowest of them near the bottom of the pitch."""
    match = Match.start("finale", Setup(seed), None, [Seat("Anna"), Seat("Ben", "computer")])
    coach = match.state.coaches[1]
    into = next(p for p in coach.bench if DATA.player(p).position == "defence")
    out = next(p for p in coach.field if DATA.player(p).position == "striker")
    match.act(match.engine.parse_action(f"1 sub {out} {into}"))
    assert sum(DATA.player(p).position == "defence" for p in match.state.coaches[1].field) == 5
    return match


def test_the_dice_never_cover_a_card_in_any_phase_that_rolls_at_four_sizes(app):
    """A whole match (tied reveals, set-ups, finishes, symbol rolls) and a shoot-out's roll for
    the first taker, at each size: every time dice lie on the table, no card is under them,
    not even a card of the other team's lowest row while it turns."""
    rolled = {}
    for size in SIZES:
        for match in (five_defenders_for_ben(3), five_defenders_for_ben(5)):  # 5: penalties
            table = table_at(app, size, match)
            bad = []

            def check(t):
                if t.dice:
                    rolled[size] = rolled.get(size, 0) + 1
                    bad.extend(dice_over_cards(t))
            drive(app, table, check)
            assert not bad, f"at {size}: {bad[:3]}"
            app.pop(table)
    assert all(rolled.get(size, 0) > 20 for size in SIZES), rolled


def panel_problems(table, monkeypatch, art_seen):
    """What is wrong with the text the area panel draws now: text under 11 px, text shrunk or
    cut to fit its width, wrapped text taller than its room, text out of the panel."""
    from scenes import widgets as ui
    from scenes.art import fonts
    from scenes.finale import paint
    frame = table.frames.panel
    problems = []
    real_text, real_paragraph, real_area = ui.text, ui.paragraph, paint.art.area_panel

    def text(surface, words, size, pos, colour=ui.INK, bold=False, anchor="topleft",
             display=False, max_width=None):
        rect = real_text(surface, words, size, pos, colour, bold, anchor, display, max_width)
        natural = fonts.render_text(words, size, colour, bold=bold, display=display).get_width()
        if size < 11 or (max_width and natural > max_width) or not frame.contains(rect):
            problems.append((words, size, natural, max_width, rect))
        return rect

    def paragraph(surface, words, size, rect, colour=ui.INK, bold=False):
        used = real_paragraph(surface, words, size, rect, colour, bold)
        if size < 11 or used > rect.height or not frame.contains(rect.clip(rect.x, rect.y, rect.width, used)):
            problems.append((words, size, used, rect))
        return used

    def area(card, kind, att, dfn, w, h):
        art_seen.add((card, kind, tuple(att), tuple(dfn), w, h))
        return real_area(card, kind, att, dfn, w, h)

    monkeypatch.setattr(ui, "text", text)
    monkeypatch.setattr(ui, "paragraph", paragraph)
    monkeypatch.setattr(paint.art, "area_panel", area)
    try:
        paint.panel(table, pygame.display.get_surface(), ui.ui_size(table.size))
    finally:
        monkeypatch.setattr(ui, "text", real_text)
        monkeypatch.setattr(ui, "paragraph", real_paragraph)
        monkeypatch.setattr(paint.art, "area_panel", real_area)
    return problems


def area_label_problems(monkeypatch, art_seen):
    """Slot labels of the area pictures drawn under 11 px or squeezed to fit."""
    from scenes.art.draw import scale_for
    from scenes.finale import tactics_art, tokens
    problems = []
    real = tokens.text
    for card, kind, att, dfn, w, h in sorted(art_seen):
        k = scale_for(w, h)

        def text(words, size, colour, max_w=0, bold=False, display=True):
            image = real(words, size, colour, 0, bold, display)
            px = round(size / 0.72) / k
            if px < 11 or (max_w and image.get_width() > max_w):
                problems.append((card, kind, words, round(px, 1), w, h))
            return real(words, size, colour, max_w, bold, display)
        monkeypatch.setattr(tokens, "text", text)
        tactics_art._area_panel.cache_clear()
        tactics_art.area_panel(card, kind, att, dfn, w, h)
        monkeypatch.setattr(tokens, "text", real)
    tactics_art._area_panel.cache_clear()
    return problems


def test_the_area_panel_is_readable_at_1024x640_in_every_phase(app, monkeypatch):
    """A whole match and a shoot-out at the smallest size the table is made for: whatever the
    panel shows (the reveal's attacker, a set-up, a finish, a counter-attack, the outcome, the
    penalties told one by one), its text is 11 px or more, whole, and inside the panel."""
    phases, problems, art_seen = set(), [], set()
    for match in (five_defenders_for_ben(3), five_defenders_for_ben(5)):  # 5: penalties
        table = table_at(app, (1024, 640), match)

        def check(t):
            view = t.view
            shoot = view.get("shootout")
            phases.add("counter" if view["counter"] and view["phase"] == "mark" else
                       "penalties" if shoot else
                       f"mark {view['area']}" if view["phase"] == "mark" else view["phase"])
            covered = [b.label for b in t.buttons.buttons if b.rect.colliderect(t.frames.panel)]
            problems.extend(f"the panel covers the {label} button" for label in covered)
            if shoot:
                kicks = sum(len(k) for k in shoot["kicks"])
                for shown in range(kicks + 1):
                    t.kicks_shown = shown
                    problems.extend(panel_problems(t, monkeypatch, art_seen))
            else:
                problems.extend(panel_problems(t, monkeypatch, art_seen))
        check(table)
        drive(app, table, check)
        app.pop(table)
    assert {"mark setup", "mark result", "counter", "play", "swap", "replace", "pick",
            "penalties"} <= phases, phases
    assert not problems, problems[:4]
    assert not area_label_problems(monkeypatch, art_seen)


def test_a_goal_names_one_scorer_the_same_way_in_the_toast_the_panel_and_the_report(app, monkeypatch):
    """The scorer of a goal is the attacking player whose strength counted most in the finish
    (the first slot's on a tie): the toast, the panel and the match report name him, and only
    him of the finish's players, in the same words."""
    from game.finale import attack, rules
    from scenes.finale import paint, report
    from scenes import widgets as ui
    finishes = []  # for every finish played: (player, his strength then) in slot order
    real_resolve = attack.resolve_area

    def resolve(state, events):
        if state.area == "result":
            finishes.append([(p, rules.strength(state, state.att, p)) for p in state.marks[state.att] if p])
        real_resolve(state, events)
    monkeypatch.setattr(attack, "resolve_area", resolve)  # where the marking calls it
    toasts = []
    monkeypatch.setattr(app, "toast", lambda text, *a, **k: toasts.append(text))
    table = table_at(app, (1024, 640), five_defenders_for_ben(3))
    seen = []

    def check(t):
        view = t.view
        results = [e for e in view["history"] if e["area"] == "result"]
        if len(finishes) != len(results) or not results or not results[-1]["ok"] \
                or len(seen) == sum(e["ok"] for e in results):
            return
        entry, played = results[-1], finishes[-1]
        assert [p for p, _ in played] == entry["players"]
        best = max(s for _, s in played)
        scorer = next(p for p, s in played if s == best)
        name = DATA.player(scorer).name
        words = f"{name} scores for {view['teams'][entry['seat']]}"
        others = [DATA.player(p).name for p in entry["players"] if p != scorer]
        toast = toasts[-1]
        goal_sentence = toast[toast.index("Goal"):].split(".")[0]
        assert words in goal_sentence and not any(o in goal_sentence for o in others), toast
        drawn = []
        real_paragraph = ui.paragraph
        monkeypatch.setattr(ui, "paragraph", lambda s, w, *a, **k: drawn.append(w) or real_paragraph(s, w, *a, **k))
        paint.panel(t, pygame.display.get_surface(), ui.ui_size(t.size))
        monkeypatch.setattr(ui, "paragraph", real_paragraph)
        assert any(words in w for w in drawn), drawn
        line = report.goals(view)[len(seen)]
        assert words in line and not any(o in line for o in others), line
        seen.append((scorer, [p for p, _ in played], best, played[0][1]))
    drive(app, table, check)
    assert len(seen) == sum(table.view["goals"]) >= 3
    assert any(len(players) > 1 for _, players, _, _ in seen), "a goal of several attackers"
    assert any(first < best for _, _, best, first in seen), "a scorer who was not in the first slot"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_small_player_cards_show_each_player_s_surname(app, monkeypatch, size):
    """On the pitch and the benches at 1024x640 and 1280x800 a card is too small for its
    photo and a name band both: the band wins, and every player's surname (or its first
    letters and a full stop) is written on it in 11 px type or larger."""
    from scenes.art import fonts
    from scenes.finale import art, tokens
    table = table_at(app, size, five_defenders_for_ben(3))
    sizes = {table.zones[z].card for z in ("field0", "field1", "bench0", "bench1")}
    assert max(w for w, _ in sizes) < 110, "the small cards"
    written = []
    real_render, real_text = fonts.render_text, tokens.text
    monkeypatch.setattr(fonts, "render_text", lambda words, size, *a, **k: written.append((words, size))
                        or real_render(words, size, *a, **k))
    monkeypatch.setattr(tokens, "text", lambda words, size, *a, **k: written.append((words, size / 0.72 / 4))
                        or real_text(words, size, *a, **k))
    players = [p for team in DATA.teams for p in team.players]
    for w, h in sizes:
        for p in players:
            written.clear()
            art._player_card.cache_clear()
            art._player_final.cache_clear()
            art.player_face(p.id, 0, w, h)
            last = p.name.split()[-1]
            names = [(words, px) for words, px in written
                     if words == last or (words.endswith(".") and last.startswith(words[:-1])
                                          and len(words) > 4)]
            assert names, f"{p.name} at {w}x{h}: nothing of his name is written ({written})"
            words, px = names[0]
            assert px >= 11, (p.name, words, px)
            assert fonts.font(int(px), True).size(words)[0] * 0.8 <= w, (p.name, words)
    art._player_card.cache_clear()
    art._player_final.cache_clear()


def test_the_status_bar_words_never_run_into_each_other_at_1024x640(app, monkeypatch):
    """Two people, a long status ('... to choose a card (substitutions first).') and the
    right-hand 'Playing: ... - Match shown at the end': three texts side by side, none over
    another, all inside the window."""
    from scenes import widgets as ui
    table = new_table(app, kinds=("human", "human"))
    if isinstance(app.manager.top, Curtain):
        key(app, pygame.K_RETURN)
    app.screen = pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640))
    app.frame(0.016)
    drawn = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda s, words, *a, **k: drawn.append((words, real(s, words, *a, **k)))
                        or drawn[-1][1])
    table.view["status"] = ("Period 1 at 0:0: Maximilian and Bartholomew to choose a card "
                            "(substitutions first).")  # as long names make it
    table.paint_status(pygame.Surface((1024, 640)))
    bar = [(words, rect) for words, rect in drawn if rect.top < ui.ui_size((1024, 640)) * 2]
    assert len(bar) == 3 and any("choose" in words for words, _ in bar), bar
    rects = [rect for _, rect in bar]
    assert all(0 <= r.left and r.right <= 1024 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), bar


def test_the_area_panel_kept_as_a_picture_looks_as_painted_and_follows_the_match(app, monkeypatch):
    """While the table stands still the panel is blitted from a picture: it must look like
    the panel painted straight onto the frame, and show each new area as soon as it comes."""
    from scenes.finale import paint as paint_module
    table = table_at(app, (1280, 800), Match.start("finale", Setup(3), None,
                                                   [Seat("Anna"), Seat("Ben", "computer")]))
    compared, pictures = [], set()

    def check(t):
        if t.view["phase"] != "mark" or t.animating() or len(compared) >= 6:
            return
        kept = pygame.Surface(t.size)
        t.draw(kept)
        assert t.panel_cache is not None
        pictures.add(id(t.panel_cache[1]))
        with monkeypatch.context() as m:
            m.setattr(paint_module, "kept_panel", paint_module.panel)  # paint it as before
            straight = pygame.Surface(t.size)
            t.draw(straight)
        area = t.frames.panel.inflate(20, 20).clip(kept.get_rect())
        a = pygame.image.tobytes(kept.subsurface(area), "RGB")
        b = pygame.image.tobytes(straight.subsurface(area), "RGB")
        differences = [abs(x - y) for x, y in zip(a, b)]
        assert max(differences) <= 3, "the kept panel looks different"  # rounding only
        assert sum(differences) < len(a)  # under one level on average
        compared.append(t.view["area"])
    drive(app, table, check)
    assert len(compared) == 6 and len(pictures) >= 3, "new areas made new pictures"
