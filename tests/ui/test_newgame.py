"""The New game dialog with synthetic events: the first click on Start counts, Ctrl+A selects a
name, Tab walks every control with a ring a player can see, and Practice is explained."""
from __future__ import annotations

import pygame

from scenes import widgets as ui
from scenes.newgame import NewGameDialog
from tests.ui.conftest import key, post_click
from tests.ui.rings import ring_sides


def dialog(app, game_id):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    scene = NewGameDialog(app, game_id)
    app.push(scene)
    app.frame(0.016)
    return scene


def type_text(app, words):
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=words))
    app.frame(0.016)


def stop_rect(scene, stop):
    kind, data = stop
    if kind == "name":
        return scene.names[data].rect
    if kind == "seed":
        return scene.seed.rect
    if kind == "button":
        return scene.buttons.buttons[data].rect
    return scene.value_rect(scene.rows[data][1])


def test_the_first_click_on_start_after_typing_a_name_starts_the_game(app):
    from scenes.table.scene import TableScene
    scene = dialog(app, "finished")
    field = scene.names[0]
    post_click(app, field.rect.center)
    assert field.focused
    type_text(app, "Zoe")
    post_click(app, scene.buttons.buttons[0].rect.center)  # Start, once
    table = app.manager.top
    assert isinstance(table, TableScene), "one click on Start is enough"
    assert table.match.seats[0].name.endswith("Zoe")


def test_a_click_elsewhere_ends_editing_and_still_reaches_what_is_under_it(app):
    scene = dialog(app, "finito")
    post_click(app, scene.names[1].rect.center)
    assert scene.names[1].focused
    players = scene.value_rect(scene.rows[0][1])
    post_click(app, (players.right - 5, players.centery))  # one more player, in one click
    assert not scene.names[1].focused and scene.count == 3


def test_ctrl_a_selects_the_whole_name_and_typing_replaces_it(app):
    scene = dialog(app, "flag-finish")
    field = scene.names[1]
    before = field.value
    post_click(app, field.rect.center)
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    assert field.value == before, "Ctrl+A types nothing"
    app.draw()
    marked = pygame.mask.from_threshold(app.screen.subsurface(field.rect), ui.GOLD, (4, 4, 4, 255))
    assert marked.count() > field.rect.height * 4, "the selection is drawn"
    type_text(app, "Zoe")
    assert field.value == "Zoe"
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    key(app, pygame.K_BACKSPACE)
    assert field.value == ""


def test_tab_walks_every_control_with_a_visible_ring_and_shift_tab_walks_back(app):
    scene = dialog(app, "flag-finish")
    stops = scene.stops()
    kinds = {kind for kind, _ in stops}
    assert kinds == {"row", "name", "seed", "button"}
    seen = []
    for _ in stops:
        key(app, pygame.K_TAB)
        seen.append(scene.focus)
        app.draw()
        rect = stop_rect(scene, scene.focus)
        assert ring_sides(app.screen, rect) == 4, f"no visible focus on {scene.focus}"
        others = [s for s in stops if s != scene.focus]
        assert all(ring_sides(app.screen, stop_rect(scene, s)) <= 1 for s in others), \
            "exactly one control shows the focus"
    assert seen == stops, "Tab reaches every control once, in order"
    assert seen[-3:] == [("button", 0), ("button", 1), ("button", 2)]
    back = []
    for _ in stops:
        key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
        back.append(scene.focus)
    assert back == list(reversed(stops[:-1])) + [stops[-1]]


def test_tab_into_a_name_selects_it_and_enter_on_a_focused_button_uses_it(app):
    from scenes.menu import MainMenu
    scene = dialog(app, "flag-finish")
    key(app, pygame.K_TAB)  # the Players row
    key(app, pygame.K_TAB)
    assert scene.focus == ("name", 0) and scene.names[0].focused
    type_text(app, "Ida")
    assert scene.names[0].value == "Ida", "a name reached by Tab is replaced by typing"
    while scene.focus != ("button", 2):  # Back
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, MainMenu)


def test_keyboard_reaches_the_practice_switch_and_practice_is_explained(app, monkeypatch):
    from scenes.table.scene import TableScene
    scene = dialog(app, "finished")
    drawn = []
    real_text = ui.text

    def spy(surface, words, *args, **kwargs):
        drawn.append(words)
        return real_text(surface, words, *args, **kwargs)

    monkeypatch.setattr(ui, "text", spy)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()  # the pointer is nowhere near the Practice row
    help_lines = [w for w in drawn if w.startswith("Practice") and len(w) > len("Practice")]
    assert help_lines, "a line of help for Practice is always on the dialog"
    assert "take back any move" in help_lines[0] and "apart in Statistics" in help_lines[0]
    practice = next(i for i, row in enumerate(scene.rows) if row[0] == "option" and row[2].id == "practice")
    while scene.focus != ("row", practice):
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    assert scene.options["practice"] is True
    key(app, pygame.K_RETURN)
    table = app.manager.top
    assert isinstance(table, TableScene) and table.match.practice


def test_each_finale_seat_says_which_team_it_coaches(app, monkeypatch):
    scene = dialog(app, "finale")
    shown = []
    monkeypatch.setattr(scene, "value", lambda surface, rect, words: shown.append(words))
    app.draw()
    assert any(w.endswith("· SV Stollen") for w in shown) and any(w.endswith("· FC Acker") for w in shown)


def test_a_data_file_naming_the_wrong_number_of_sides_is_refused():
    import pytest
    from game.core.registry import DataError, parse_game_info
    game = {"id": "x", "title": "X", "engine": "game.x", "seats": {"min": 2, "max": 2}}
    assert parse_game_info({"game": dict(game, sides=["Red", "Blue"])}, "x.yaml").sides == ("Red", "Blue")
    with pytest.raises(DataError) as info:
        parse_game_info({"game": dict(game, sides=["Red"])}, "x.yaml")
    assert "game.sides" in str(info.value)


def test_number_options_step_in_round_amounts_a_few_presses_apart(app):
    """Finita's match target (50 to 2000) moves by 50 and its reaction window by 100, the
    races of Flag Finish (1 to 20) by one: the player's value is a few presses away."""
    scene = dialog(app, "finita")
    specs = {row[2].id: row[2] for row in scene.rows if row[0] == "option"}
    assert scene.options["target"] == 500
    for _ in range(9):
        scene.change("option", specs["target"], -1)
    assert scene.options["target"] == 50
    scene.change("option", specs["target"], -1)
    assert scene.options["target"] == 50  # not below the minimum
    for _ in range(5):
        scene.change("option", specs["window"], +1)
    assert scene.options["window"] == 2000
    flag = dialog(app, "flag-finish")
    races = next(row[2] for row in flag.rows if row[0] == "option" and row[2].id == "races")
    before = flag.options["races"]
    flag.change("option", races, +1)
    assert flag.options["races"] == before + 1
