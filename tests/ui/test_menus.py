"""Menus driven by synthetic events: new game, Continue with broken saves, settings, rules."""
from __future__ import annotations

import pygame
import pytest

from game.core import Outcome, Seat, registry
from game.core.paths import saves_dir
from game.core.settings import load_settings
from game.core.stats import record_result
from game.core.registry import game_ids, playable_ids
from scenes.menu import MainMenu
from tests.ui.conftest import key, post_click
from tests.ui.rings import ring_sides


def menu(app):
    scene = MainMenu(app)
    app.push(scene)
    app.frame(0.016)
    return scene


def test_tile_click_opens_the_new_game_dialog_and_start_puts_the_game_on_the_table(app):
    from scenes.newgame import NewGameDialog
    from scenes.table.scene import TableScene
    scene = menu(app)
    post_click(app, scene.tiles[0].center)
    dialog = app.manager.top
    assert isinstance(dialog, NewGameDialog) and dialog.info.id == scene.games[0].id
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, TableScene)
    assert app.manager.top.match.game_id == scene.games[0].id


def test_new_game_dialog_keyboard_changes_options_and_seats(app):
    from scenes.newgame import NewGameDialog
    menu(app)
    dialog = NewGameDialog(app, "flag-finish")
    app.push(dialog)
    key(app, pygame.K_DOWN)  # the Players row
    key(app, pygame.K_RIGHT)
    assert dialog.count == 3
    races = next(i for i, row in enumerate(dialog.rows) if row[0] == "option" and row[2].id == "races")
    dialog.focus_row = races
    key(app, pygame.K_RIGHT)
    assert dialog.options["races"] == 7
    seat_row = next(i for i, row in enumerate(dialog.rows) if row[0] == "seat" and row[2] == 1)
    dialog.focus_row = seat_row
    key(app, pygame.K_LEFT)  # computer (steady) -> computer (random) -> phone -> person
    assert (dialog.kinds[1], dialog.strengths[1]) == ("computer", "random")
    key(app, pygame.K_LEFT)
    assert dialog.kinds[1] == "phone"
    key(app, pygame.K_LEFT)
    assert dialog.kinds[1] == "human"


def test_continue_lists_games_and_broken_files_with_reasons(app):
    from scenes.resume import ContinueScene
    from scenes.table.registry import start_new_game
    menu(app)
    table = start_new_game(app, "finished", [Seat("You")], None, 3)
    app.pop(table)
    folder = saves_dir()
    (folder / "broken.yaml").write_bytes(b"\x00\x01\x02")
    scene = ContinueScene(app)
    app.push(scene)
    app.frame(0.016)
    app.draw()
    titles = [r["title"] for r in scene.rows]
    assert any("Finished!" in t for t in titles)
    broken = [r for r in scene.rows if r.get("broken")]
    assert broken and "binary" in broken[0]["detail"]
    scene.selected = scene.rows.index(broken[0])
    key(app, pygame.K_RETURN)
    assert app.manager.top is scene, "a broken save must not open"
    scene.selected = next(i for i, r in enumerate(scene.rows) if not r.get("broken"))
    key(app, pygame.K_RETURN)
    assert app.manager.top.match.save_id == table.match.save_id


def test_settings_change_and_persist(app):
    from scenes.settings import SettingsScene
    menu(app)
    scene = SettingsScene(app)
    app.push(scene)
    scene.selected = 1  # volume
    before = app.settings.volume
    key(app, pygame.K_LEFT)
    assert app.settings.volume == round(before - 0.1, 2)
    scene.selected = 2  # mute
    key(app, pygame.K_RETURN)
    assert app.sounds.muted is True
    assert load_settings().muted is True


def test_statistics_and_rules_pages(app):
    from scenes.rules import RulesScene
    from scenes.statistics import StatisticsScene
    record_result("finished", Outcome([0], [48], "won"), {"level": "easy"}, [Seat("You")])
    scene = menu(app)
    key(app, pygame.K_s)
    stats = app.manager.top
    assert isinstance(stats, StatisticsScene)
    assert any("Easy" in r["title"] and "won 1" in r["detail"] for r in stats.rows)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is scene
    key(app, pygame.K_F1)
    key(app, pygame.K_RETURN)  # the chooser starts on the selected game
    rules = app.manager.top
    assert isinstance(rules, RulesScene) and len(rules.blocks) > 10
    key(app, pygame.K_PAGEDOWN)
    assert rules.scroll > 0
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is scene


def test_escape_on_a_table_pauses_and_quit_to_menu_keeps_the_save(app):
    from game.core.saves import list_saves
    from scenes.table.overlays import PauseMenu
    from scenes.table.registry import start_new_game
    scene = menu(app)
    table = start_new_game(app, "finished", [Seat("You")], None, 3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseMenu)
    key(app, pygame.K_q)
    assert app.manager.top is scene
    assert [e.match.save_id for e in list_saves()] == [table.match.save_id]


def test_tab_walks_every_tile_then_every_button_with_a_visible_ring(app):
    from scenes.statistics import StatisticsScene
    scene = menu(app)
    tiles, buttons = len(scene.games), scene.buttons.buttons
    labels = [b.label for b in buttons]
    assert {"New game", "Continue", "Movies", "Statistics", "Settings", "Rules", "Quit"} <= set(labels)
    rects = list(scene.tiles) + [b.rect for b in buttons]
    visited = []
    for step in range(1, len(rects) + 1):
        key(app, pygame.K_TAB)
        app.draw()
        focused = step % len(rects)
        visited.append(focused)
        lift = -4 if focused < tiles else 0  # the focused tile rises a little
        assert ring_sides(app.screen, rects[focused].move(0, lift)) == 4, f"no ring on control {focused}"
        others = [r.move(0, -4) if i < tiles and i == scene.selected else r
                  for i, r in enumerate(rects) if i != focused]
        assert all(ring_sides(app.screen, r) <= 1 for r in others), "one ring at a time"
    assert sorted(visited) == list(range(len(rects))), "Tab reaches every tile and every button"
    key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert scene.focus == len(rects) - 1, "Shift+Tab goes back (to Quit)"
    while scene.focus != tiles + labels.index("Statistics"):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, StatisticsScene), "Enter uses the focused button"


def test_arrows_reach_the_buttons_and_come_back(app):
    scene = menu(app)
    for _ in range(3):
        key(app, pygame.K_DOWN)
    assert scene.focused_button() is not None
    key(app, pygame.K_RIGHT)
    assert scene.focused_button().label == "Continue"
    key(app, pygame.K_UP)
    assert scene.focus == scene.selected and scene.focused_button() is None


@pytest.fixture
def coming_game(tmp_path):
    """A game registered the way every game is, by its data file, marked as coming: nothing
    in the menu's code names it (issue 26: a new game touches no shared code)."""
    toy = (registry.Path(__file__).parents[1] / "toy" / "toy.yaml").read_text()
    (tmp_path / "later.yaml").write_text(
        toy.replace("id: toy-pairs", "id: later").replace("title: Toy Pairs", "title: Later")
        .replace("  order: 99\n", "  order: 99\n  coming: true\n"))
    registry.add_data_folder(tmp_path)
    yield "later"
    registry.remove_data_folder(tmp_path)


def test_the_home_screen_shows_every_game_and_a_coming_one_never_starts(app, coming_game):
    scene = menu(app)
    titles = [g.title for g in scene.games]
    assert {"Finished!", "Flag Finish", "Finito!", "Finita", "Finale"} <= set(titles)
    assert len(scene.tiles) == len(titles) == len(game_ids())
    coming = [g.title for g in scene.games if getattr(g, "coming", False)]
    assert coming == ["Later"], "every game with a data file and a table is playable"
    for title in coming:
        i = titles.index(title)
        post_click(app, scene.tiles[i].center)
        assert app.manager.top is scene, "a coming game opens no dialog"
        assert any("coming" in words for words, _ in app.toasts.active())
        scene.set_focus(i)
        key(app, pygame.K_RETURN)
        key(app, pygame.K_n)
        assert app.manager.top is scene
    playable = [g for g in scene.games if not getattr(g, "coming", False)]
    assert [g.id for g in playable] == playable_ids() and "finale" in playable_ids()


def test_coming_tiles_have_their_own_art(app):
    from scenes.tiles import draw_tile, emblem_of
    points = [(x, y) for x in range(0, 300, 4) for y in range(0, 158, 4)]  # the picture's part

    def pixels(game_id):
        tile = draw_tile(game_id, 300, 240, (90, 90, 90))
        return [tuple(tile.get_at(p))[:3] for p in points]

    plain = pixels("no-such-game")  # the gradient alone
    for game_id in ("finita", "finale"):
        assert emblem_of(game_id) is not None
        art = pixels(game_id)
        changed = sum(a != b for a, b in zip(art, plain))
        assert changed > len(points) // 4, f"{game_id} has a picture, not a bare tile"
        assert len(set(art) - set(plain)) > 40, f"{game_id}'s picture has colours and shading"
    assert pixels("finita") != pixels("finale")


def test_coming_tiles_go_through_the_disk_cache_like_the_others(app, finis_home, monkeypatch):
    from scenes import tiles
    from scenes.art import diskcache
    diskcache.cache_dir.cache_clear()
    monkeypatch.setattr(diskcache, "_starting", True)
    tiles.tile_card.cache_clear()
    try:
        args = ("finale", 260, 210, (58, 70, 112), 16, "Finale", "2 players", "Coach a team.")
        first = tiles.tile_card(*args, True)
        files = sorted((finis_home / "cache").glob("card-finale-*.bmp"))
        assert len(files) == 1
        assert {"scenes.tiles", "scenes.finale.emblem"} <= set(tiles.card_modules("finale")), \
            "the key holds the drawing code's fingerprint"
        assert "scenes.finito.tokens" in tiles.card_modules("finito"), "and what its emblem uses"
        assert "scenes.finito.tokens" not in tiles.card_modules("finale"), "only its own"
        tiles.tile_card.cache_clear()
        again = tiles.tile_card(*args, True)
        assert all(first.get_at((x, y)) == again.get_at((x, y)) for x in range(0, 260, 13)
                   for y in range(0, 210, 13))
        tiles.tile_card(*args, False)  # the ribbon is part of the key: a second picture
        assert len(list((finis_home / "cache").glob("card-finale-*.bmp"))) == 2
    finally:
        tiles.tile_card.cache_clear()
        diskcache.cache_dir.cache_clear()


def test_rules_from_the_menu_offer_every_game(app, coming_game):
    from scenes.rules import RulesChooser, RulesScene
    scene = menu(app)
    key(app, pygame.K_r)
    chooser = app.manager.top
    assert isinstance(chooser, RulesChooser)
    listed = [row["game"] for row in chooser.rows]
    assert listed[:len(game_ids())] == game_ids() and {"finita", "finale"} <= set(listed)
    for gid in playable_ids():
        chooser.selected = listed.index(gid)
        key(app, pygame.K_RETURN)
        page = app.manager.top
        assert isinstance(page, RulesScene) and page.game_id == gid
        assert page.blocks[0][0] == "h1" and len(page.blocks) > 5
        key(app, pygame.K_ESCAPE)
        assert app.manager.top is chooser
    assert chooser.rows[listed.index("finale")]["title"] == "Finale"
    later = RulesChooser(app, [registry.game_info(coming_game)])
    app.push(later)
    key(app, pygame.K_RETURN)
    assert app.manager.top is later, "a game without a data file has no rules page yet"
    assert any("arrive" in words for words, _ in app.toasts.active())
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is scene
