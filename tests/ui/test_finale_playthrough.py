"""What a play-through of Finale at a real screen turned up (issue 25: each a bug seen, then
mended): the builder left open over a started match, the first click after a result lost, a
drop that went to the slot under the card, lines and labels that hid each other, and words
that disagreed."""
from __future__ import annotations

import pygame
import pytest

from game.core import Seat
from game.finale.actions import Mark
from scenes import widgets as ui
from scenes.finale.builder import Builder
from scenes.table.registry import start_new_game
from tests.ui.conftest import key


@pytest.mark.parametrize("seed", (1, 2, 3, 7, 42))
@pytest.mark.parametrize("cup_tie", (False, True))
def test_the_second_coachs_first_game_line_up_closes_the_builder_once_the_match_starts(
        app, seed, cup_tie):
    """Two people pick their squads; the second one's F (from the Tactics tab) starts the
    match. The builder used to stay open over it and paint the deck the engine now hides."""
    from scenes.menu import MainMenu
    assert app.size == (1280, 800)
    app.push(MainMenu(app))
    options = {"lineups": "pick", **({"cup_tie": "yes"} if cup_tie else {})}
    table = start_new_game(app, "finale", [Seat("Ann", "human"), Seat("Bo", "human")],
                           options, seed)
    app.frame(0.016)
    for k in (pygame.K_RETURN, pygame.K_f, pygame.K_RETURN, pygame.K_RETURN, pygame.K_2):
        key(app, k)
    builder = app.manager.top
    assert isinstance(builder, Builder) and builder.seat == 1 and builder.tab == "tactics"
    key(app, pygame.K_f)  # this frame used to raise KeyError: ''
    for _ in range(3):
        app.frame(0.016)
    assert table.view["phase"] != "draft", "both coaches are ready: the match is on"
    assert not any(isinstance(s, Builder) for s in app.manager.stack)
    assert table.builder_open is False
    app.needs_redraw = True
    app.draw()  # the table over the started match paints without the builder


def gesture_of(table, action):
    """The click or drag that does `action` at the table: ("click", at) or ("drag", from, to)."""
    from tests.ui.test_finale_table import at
    gestures = table.engine.gestures(table.state, action)
    click = next((g for g in gestures if g.target is None and g.piece in table.sprites), None)
    if click is not None:
        return ("click", at(table, click.piece))
    g = next(g for g in gestures if g.piece in table.sprites)
    if g.target in table.sprites:
        end = at(table, g.target)
    else:
        zone = table.zones[g.target.split("#")[0]]
        end = zone.cell_rect(int(g.target.split("#")[1])).center if "#" in g.target \
            else zone.rect.center
    return ("drag", at(table, g.piece), end)


def until_my_turn(app, table, seconds=30.0):
    """Frames of 50 ms (the computer coach thinks at its own pace) until the person may act."""
    waited = 0.0
    while not table.legal() and table.match.outcome() is None and waited < seconds:
        app.frame(0.05)
        waited += 0.05
    return bool(table.legal())


@pytest.mark.parametrize("pause", (0.0, 3.0))
def test_the_first_click_after_an_areas_result_acts_at_normal_speed(app, pause):
    """At normal speed, every click or drag of a period acts the first time: right after a
    result (while the cards still turn and glide, the click finishes that at once) and after a
    look at the result banner (a marked card's quarter turn used to never end, so the table
    counted as moving and took the next click to stop it)."""
    from tests.ui.conftest import drag, post_click
    from tests.ui.test_finale_table import WEAK, new_table
    table = new_table(app, [["offener-schlagabtausch", "brechstange", "alles-oder-nichts"], WEAK])
    app.settings.animation_speed = "normal"
    results = acted = 0
    for _ in range(80):
        if table.state.period != 1 or table.match.outcome() is not None:
            break
        if not until_my_turn(app, table):
            break
        t = 0.0
        while t < pause:
            app.frame(0.05)
            t += 0.05
        action = table.legal()[0]
        how = gesture_of(table, action)
        before = len(table.match.steps)
        results_before = len(table.view["history"])
        if how[0] == "click":
            post_click(app, how[1])
        else:
            drag(app, how[1], how[2])
        assert len(table.match.steps) > before, \
            f"{table.engine.describe(action)}: the first {how[0]} was lost"
        acted += 1
        results += len(table.view["history"]) > results_before
    assert acted >= 6 and results >= 2, (acted, results)
    assert not table.turning, "a marked card's quarter turn comes to an end"


def lit_slots(app, table, monkeypatch):
    """The open slots of the area panel as painted (outlined in the open colour), in slot
    order: what the person sees and aims at."""
    from scenes.finale import paint
    seen: list[pygame.Rect] = []
    real = pygame.draw.rect

    def spy(surface, colour, rect, *args, **kwargs):
        if tuple(colour)[:3] == paint.OPEN:
            seen.append(pygame.Rect(rect))
        return real(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", spy)
    table.panel_cache = None
    app.needs_redraw = True
    app.draw()
    monkeypatch.setattr(pygame.draw, "rect", real)
    return seen


@pytest.mark.parametrize("size", ((1024, 640), (1920, 1080)))
@pytest.mark.parametrize("attacking", (True, False))
def test_a_player_dropped_inside_a_painted_slot_goes_into_that_slot(app, monkeypatch, size,
                                                                     attacking):
    """The drop goes to the slot the pointer is in, as painted: the panel shows each side's
    slots two to a row in its own half, while the drop used to cut the whole panel into equal
    strips (the third slot of an attack's set-up, painted under the first two, took the
    first's strip: "That slot already holds ...")."""
    from tests.ui.conftest import drag
    from tests.ui.test_finale_table import WEAK, at, new_table, settle
    from tests.ui.text_sizes import resize
    strong = ["offener-schlagabtausch", "kontrolliertes-spiel", "vorsichtiger-spielaufbau"]
    table = new_table(app, [strong, WEAK] if attacking else [WEAK, strong])
    resize(app, size)
    mine = table.state.coaches[0].hand[0]
    from tests.ui.conftest import post_click
    post_click(app, at(table, f"stollen-{mine}"))
    settle(app, table)
    assert table.state.phase == "mark" and table.state.marker == 0
    assert (table.view["att"] == 0) is attacking
    slots = sorted({a.slot for a in table.legal() if a.kind == "mark"})
    boxes = lit_slots(app, table, monkeypatch)
    area = table.view["area"]
    assert len(boxes) == len(slots) >= 2
    for slot, box in reversed(list(zip(slots, boxes))):  # the last first: it lies lowest
        player = next(a.player for a in table.legal() if a.kind == "mark" and a.slot == slot)
        before = len(table.match.steps)
        drag(app, at(table, player), box.center)
        done = table.match.steps[before].action if len(table.match.steps) > before else None
        assert done == Mark(0, slot, player), (slot, done)
        if table.view["area"] != area:
            break


SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def crowded_match(seed=3):
    """A new match in which Anna has brought on her bench midfielder for a striker (five in
    midfield) and Ben his bench defender for a striker (five at the back)."""
    from tests.ui.test_finale_table import DATA, five_defenders_for_ben
    match = five_defenders_for_ben(seed)
    coach = match.state.coaches[0]
    into = next(p for p in coach.bench if DATA.player(p).position == "midfield")
    out = next(p for p in coach.field if DATA.player(p).position == "striker")
    match.act(match.engine.parse_action(f"0 sub {out} {into}"))
    return match


@pytest.mark.parametrize("size", SIZES)
def test_a_five_man_line_shows_every_card_whole_on_the_pitch(app, size):
    """Five in a line used to lie one over the other, each hiding the lower part (and its
    strength) of the card above, and ran over the touchlines: where one file has no room, the
    line stands in two staggered files, every card whole, all on the pitch."""
    from tests.ui.test_finale_table import DATA, table_at
    table = table_at(app, size, crowded_match())
    lines = {seat: [DATA.player(p).position for p in table.contents[f"field{seat}"]]
             for seat in (0, 1)}
    assert lines[0].count("midfield") == 5 and lines[1].count("defence") == 5
    cards = [s for s in table.sprites.values() if s.zone in ("field0", "field1")]
    assert len(cards) == 22
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            assert not a.rect.colliderect(b.rect), (size, a.piece, b.piece)
    pitch = table.frames.pitch
    assert all(pitch.contains(s.rect) for s in cards), size


def drawn_badges(app, table, monkeypatch):
    """The count badges of the decks and used piles as painted into the table's background."""
    from scenes.finale import paint
    seen: list[pygame.Rect] = []
    real = pygame.draw.rect

    def spy(surface, colour, rect, *args, **kwargs):
        seen.append(pygame.Rect(rect))
        return real(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", spy)
    paint.pile_badges(table, pygame.Surface(app.size), ui.ui_size(app.size))
    monkeypatch.setattr(pygame.draw, "rect", real)
    return seen


@pytest.mark.parametrize("size", SIZES)
def test_every_piles_count_stands_clear_of_the_cards(app, monkeypatch, size):
    """The count of each deck and used pile used to sit on the pile's corner, under the cards
    (the deck hid its own count): it stands beside the pile, off every card and the pile's
    thickness, inside the window."""
    from tests.ui.test_finale_table import table_at
    table = table_at(app, size, crowded_match())
    badges = drawn_badges(app, table, monkeypatch)
    assert len(badges) == 4
    cards = [s.rect for s in table.sprites.values()]
    piles = [table.zones[f"{name}{seat}"].rect for name in ("deck", "played") for seat in (0, 1)]
    thick = [r.union(r.move(6, 12)) for r in piles]  # the edges drawn under a tall pile
    window = pygame.Rect(0, 0, *size)
    for badge in badges:
        assert window.contains(badge), (size, badge)
        assert badge.collidelist(cards) < 0, (size, badge)
        assert badge.collidelist(thick) < 0, (size, badge)
        assert badge.collidelist([table.frames.scoreboard]) < 0, (size, badge)


@pytest.mark.parametrize("size", ((1024, 640), (1280, 800)))
def test_every_tactics_card_title_on_the_table_is_written_in_11_px_or_more(app, monkeypatch,
                                                                            size):
    """The titles of the tactics cards in the hand, on the table and on the used pile were
    about 7 px at 1024x640 (type drawn on the big picture and shrunk with it): every title a
    card shows is written whole at 11 px or more, on one to three lines inside the card."""
    from scenes.art import fonts
    from scenes.art.draw import scale_for
    from scenes.finale import tactics_art, tokens
    from scenes.finale.card_base import tier_of
    from tests.ui.test_finale_table import DATA, table_at
    table = table_at(app, size, crowded_match())
    sizes = {table.zones[z].card for z in ("hand0", "table0", "table1", "played0")}
    sizes = {(w, h) for w, h in sizes if tier_of(w) >= 1}
    assert sizes, "the table shows tactics cards with titles"
    written: list[tuple[str, float]] = []
    k = [1]
    real_render, real_text = fonts.render_text, tokens.text
    monkeypatch.setattr(fonts, "render_text", lambda words, px, *a, **kw: written.append(
        (words, px)) or real_render(words, px, *a, **kw))
    monkeypatch.setattr(tokens, "text", lambda words, px, *a, **kw: written.append(
        (words, px / 0.72 / k[0])) or real_text(words, px, *a, **kw))
    for w, h in sizes:
        k[0] = scale_for(w, h)
        for card in DATA.tactics:
            written.clear()
            tactics_art._tactic_card.cache_clear()
            image = tactics_art.tactic_face(f"stollen-{card.id}", w, h)
            parts = [(words, px) for words, px in written
                     if words and words.strip(".") and words in card.name]
            said = " ".join(words for words, _ in parts).replace("- ", "-").split()
            assert all(word in said for word in card.name.split()), (size, (w, h), card.name,
                                                                     written)
            assert all(px >= 11 for _, px in parts), (size, (w, h), card.name, parts)
            assert image.get_size() == (w, h)
    tactics_art._tactic_card.cache_clear()


def before_the_last_taker(seed):
    """A match of two simple coaches (Anna at the screen) up to the moment the last penalty
    taker of the first round is still to be named: that naming shoots the round."""
    from tests.ui.test_finale_table import played_until
    return played_until(seed, lambda s: s.phase == "shooters" and s.shoot_round == 1 and sum(
        len(c.shooters) for c in s.coaches) == 9)


def shoot(app, table):
    """The last taker is named (by Anna's click, or by the computer coach after its pause)."""
    legal = table.legal()
    if legal:
        from tests.ui.test_finale_table import at
        from tests.ui.conftest import post_click
        post_click(app, at(table, legal[0].player))
    for _ in range(200):
        if table.view["phase"] == "over":
            return
        app.frame(0.05)
    raise AssertionError("the round was not shot")


def panel_words(app, table, monkeypatch):
    from scenes.finale import paint
    seen: list[str] = []
    real = paint.ui.text
    monkeypatch.setattr(paint.ui, "text", lambda surface, words, *a, **k: seen.append(words)
                        or real(surface, words, *a, **k))
    table.panel_cache = None
    app.needs_redraw = True
    app.draw()
    monkeypatch.setattr(paint.ui, "text", real)
    return seen


def test_a_shoot_out_decided_before_the_fifth_pair_says_the_rest_shoot_as_the_rules_want(
        app, monkeypatch):
    """Seed 42: 3 to 0 after three pairs. The table tells the kicks one by one; from the kick
    that decides it on, the panel says the winner can no longer be caught and that the rest
    still shoot by the rules, so the kicks that follow do not look like a mistake."""
    from tests.ui.test_finale_table import on_table
    app.settings.animation_speed = "normal"
    table = on_table(app, before_the_last_taker(42))
    shoot(app, table)
    info = table.view["shootout"]
    winner = table.view["winner"]
    team = table.view["teams"][winner]
    told = {}
    while table.kicks_waiting():
        told[table.kicks_shown] = [w for w in panel_words(app, table, monkeypatch)
                                   if "caught" in w]
        app.frame(0.05)
    told[table.kicks_shown] = [w for w in panel_words(app, table, monkeypatch) if "caught" in w]
    assert sum(len(k) for k in info["kicks"]) == 10, "all five pairs shot"
    decided = 6  # the sixth kick (the third pair's second) makes it 3 to 0
    assert set(told) >= set(range(1, 11))
    for shown, words in told.items():
        if shown < decided:
            assert not words, (shown, words)
        else:
            assert len(words) == 1 and team in words[0] and "rules" in words[0], (shown, words)


def test_the_result_after_penalties_gives_each_sides_kicks_beside_its_goals(app):
    """The result listed 'Anna: 0' and 'Ben: 0 - winner' after a shoot-out: each line now
    gives that side's penalties too, and the summary says them winner first, as the status
    line does."""
    from scenes.table.overlays import ResultOverlay
    from tests.ui.test_finale_table import on_table
    table = on_table(app, before_the_last_taker(42))
    shoot(app, table)
    for _ in range(40):
        if isinstance(app.manager.top, ResultOverlay):
            break
        app.frame(0.05)
    result = app.manager.top
    assert isinstance(result, ResultOverlay)
    tally = table.view["shootout"]["tally"]
    winner = table.view["winner"]
    lines = [words for words, _ in result.score_lines()]
    for seat, words in enumerate(lines):
        assert f"{tally[seat]} on penalties" in words, lines
    assert "winner" in lines[winner] and "winner" not in lines[1 - winner]
    best, worst = tally[winner], tally[1 - winner]
    assert f"{best} to {worst} on penalties" in result.outcome.summary
    assert f"{best} to {worst} on penalties" in table.view["status"]
    app.draw()
