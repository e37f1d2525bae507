"""The New game dialog's help line follows the pointer and the keyboard (it changed only when
a row's name was clicked), and a game's table rules are remembered for its next game."""
from __future__ import annotations

import pygame

from game.core.settings import load_settings
from scenes import widgets as ui
from scenes.newgame import NewGameDialog
from tests.ui.conftest import key


def dialog(app, game_id):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    scene = NewGameDialog(app, game_id)
    app.push(scene)
    app.frame(0.016)
    return scene


def drawn_words(app, monkeypatch) -> list[str]:
    seen: list[str] = []
    real = ui.text

    def spy(surface, words, *args, **kwargs):
        seen.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(ui, "text", spy)
    app.draw()
    monkeypatch.setattr(ui, "text", real)
    return seen


def option_rows(scene):
    return [(i, row) for i, row in enumerate(scene.rows) if row[0] == "option" and row[2].help]


def test_pointing_at_a_row_shows_its_help(app, monkeypatch):
    scene = dialog(app, "finita")
    rows = option_rows(scene)
    assert len(rows) >= 3
    for index, (_, rect, spec) in rows[:4]:
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda r=rect: r.center)  # SDL's pointer
        app.needs_redraw = False
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0)))
        assert app.needs_redraw, "pointing at another row draws the dialog again"
        words = " ".join(drawn_words(app, monkeypatch))  # a long help takes two lines
        assert spec.help in words, spec.id


def test_tab_shows_the_help_of_the_row_it_reaches_wherever_the_pointer_rests(app, monkeypatch):
    scene = dialog(app, "finita")
    (_, (_, resting, rested_on)), *_ = option_rows(scene)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: resting.center)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=resting.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    seen = set()
    for _ in range(len(scene.stops())):
        key(app, pygame.K_TAB)
        if scene.focus and scene.focus[0] == "row" and scene.rows[scene.focus[1]][0] == "option":
            spec = scene.rows[scene.focus[1]][2]
            if spec is rested_on or not spec.help:
                continue
            words = " ".join(drawn_words(app, monkeypatch))
            assert spec.help in words and rested_on.help not in words, spec.id
            seen.add(spec.id)
    assert len(seen) >= 3


def test_table_rules_are_remembered_for_the_next_game(app):
    from scenes.table.scene import TableScene
    scene = dialog(app, "finita")
    scene.options.update({"throws": True, "clap": True, "memory": 2, "target": 300})
    scene.start()
    assert isinstance(app.manager.top, TableScene)
    assert app.manager.top.match.options["throws"] is True
    app.pop(app.manager.top)
    again = dialog(app, "finita")
    for rule, value in {"throws": True, "clap": True, "memory": 2, "target": 300}.items():
        assert again.options[rule] == value, rule
    assert load_settings().table_rules["finita"]["memory"] == 2, "kept in the settings file"
    other = dialog(app, "finito")
    assert other.options == other.info.default_options(), "each game keeps its own rules"


def test_a_remembered_rule_that_is_no_longer_valid_is_left_out(app):
    app.settings.table_rules = {"finita": {"memory": 99, "throws": True, "gone": 1}}
    scene = dialog(app, "finita")
    assert scene.options["throws"] is True
    assert scene.options["memory"] == scene.info.default_options()["memory"]
    assert "gone" not in scene.options


def test_a_hand_edited_table_rules_setting_of_the_wrong_shape_is_ignored_with_a_reason():
    from game.core.settings import settings_path
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for bad in ("table_rules: [1, 2]", "table_rules: {finita: {memory: [1]}}",
                "table_rules: {finita: {memory: " + "x" * 500 + "}}"):
        path.write_text(f"format: 1\nvolume: 0.5\n{bad}\n", encoding="utf-8")
        settings = load_settings()
        assert settings.table_rules == {} and settings.volume == 0.5
        assert any("table_rules" in p for p in settings.problems), bad


def test_a_long_help_takes_two_lines_of_readable_letters_inside_the_dialog(app):
    """At 1024x640 Finita's Strict table help was shrunk to about 7 px on one line."""
    for game_id in ("finita", "finale", "flag-finish", "finito", "finished"):
        scene = dialog(app, game_id)
        scene.resize((1024, 640))
        surface = pygame.Surface((1024, 640))
        for _, (_, _, spec) in option_rows(scene):
            rects = scene.draw_help(surface, spec.help)
            assert 1 <= len(rects) <= 2, spec.id
            for rect in rects:
                assert rect.height >= 11 and scene.box.contains(rect), spec.id
            if len(rects) == 2:
                assert rects[0].bottom <= rects[1].top, spec.id
        app.pop(scene)
