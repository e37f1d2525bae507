"""Menus driven by synthetic events: new game, Continue with broken saves, settings, rules."""
from __future__ import annotations

import pygame

from game.core import Outcome, Seat
from game.core.paths import saves_dir
from game.core.settings import load_settings
from game.core.stats import record_result
from scenes.menu import MainMenu
from tests.ui.conftest import key, post_click


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
    key(app, pygame.K_LEFT)  # computer (steady) -> computer (random) -> person
    assert (dialog.kinds[1], dialog.strengths[1]) == ("computer", "random")
    key(app, pygame.K_LEFT)
    assert dialog.kinds[1] == "human"


def test_continue_lists_games_and_broken_files_with_reasons(app):
    from scenes.resume import ContinueScene
    from scenes.tables import start_new_game
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
    rules = app.manager.top
    assert isinstance(rules, RulesScene) and len(rules.blocks) > 10
    key(app, pygame.K_PAGEDOWN)
    assert rules.scroll > 0
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is scene


def test_escape_on_a_table_pauses_and_quit_to_menu_keeps_the_save(app):
    from game.core.saves import list_saves
    from scenes.table.overlays import PauseMenu
    from scenes.tables import start_new_game
    scene = menu(app)
    table = start_new_game(app, "finished", [Seat("You")], None, 3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseMenu)
    key(app, pygame.K_q)
    assert app.manager.top is scene
    assert [e.match.save_id for e in list_saves()] == [table.match.save_id]
