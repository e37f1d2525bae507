"""A player's walk through the screens around the tables (seen in a real window under Xvfb,
then pinned here headless): Continue asks before a game in progress is deleted and survives a
file that cannot be deleted; Statistics stays a readable line (and draws at once) whatever
names a hand-edited file holds; the New game dialog refuses two people with one real-time key,
and a click on a row's value moves the keyboard there."""
from __future__ import annotations

import pygame
import yaml

from game.core import Seat, Setup
from game.core.paths import saves_dir
from game.core.saves import list_saves, write_save
from game.core.session import Match
from game.core.stats import stats_path
from scenes.newgame import NewGameDialog
from tests.ui.conftest import key, post_click


def a_save(seed: int = 4):
    match = Match.start("finished", Setup(seed), None, [Seat("You")])
    match.act(match.engine.legal_actions(match.state, 0)[0])
    return write_save(match)


def open_continue(app):
    from scenes.menu import MainMenu
    from scenes.resume import ContinueScene
    app.push(MainMenu(app))
    scene = ContinueScene(app)
    app.push(scene)
    app.frame(0.016)
    return scene


def last_toast(app) -> str:
    return app.toasts.active()[-1][0]


# -- Continue: Delete ---------------------------------------------------------------------------


def test_one_press_of_delete_only_asks_and_the_second_deletes(app):
    path = a_save()
    kept = path.read_bytes()
    scene = open_continue(app)
    key(app, pygame.K_DELETE)
    assert path.read_bytes() == kept, "one key press must not delete a game in progress"
    assert scene.delete_button.label == "Confirm delete" and "again" in last_toast(app)
    app.draw()
    key(app, pygame.K_DELETE)
    assert not path.exists() and scene.rows == []
    assert last_toast(app) == "Game deleted." and scene.delete_button.label == "Delete"


def test_the_delete_button_clicked_once_only_asks(app):
    path = a_save()
    scene = open_continue(app)
    post_click(app, scene.delete_button.rect.center)
    assert path.exists() and scene.delete_button.label == "Confirm delete"
    post_click(app, scene.delete_button.rect.center)
    assert not path.exists()


def test_escape_or_another_row_takes_the_question_back(app):
    first, second = a_save(4), a_save(5)
    scene = open_continue(app)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_ESCAPE)  # keeps the game, and the screen stays
    assert app.manager.top is scene and scene.delete_button.label == "Delete"
    key(app, pygame.K_DELETE)
    assert app.manager.top is scene
    key(app, pygame.K_DOWN)  # the question was about the other row
    assert scene.delete_button.label == "Delete"
    key(app, pygame.K_DELETE)
    assert first.exists() and second.exists()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # and the next Esc leaves as before
    assert app.manager.top is not scene


def test_a_save_that_cannot_be_deleted_is_reported_not_a_crash(app, monkeypatch):
    import scenes.resume as resume
    path = a_save()
    kept = path.read_bytes()
    scene = open_continue(app)

    def refused(target, folder=None):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(resume, "delete_save", refused)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_DELETE)
    assert app.manager.top is scene and path.read_bytes() == kept
    assert "could not be deleted: Permission denied" in last_toast(app)
    assert [r["entry"].path for r in scene.rows] == [path]


# -- Statistics: names from the file ------------------------------------------------------------


def test_statistics_with_huge_names_stay_one_readable_line(app, monkeypatch):
    """A 20,000-letter team, cup holder or level (a valid file, edited by hand) froze the
    window for minutes while its line was fitted, and then showed a line of dots."""
    from scenes.statistics import StatisticsScene
    stats = {"format": 1, "games": {
        "finale": {"all": {"played": 2, "won": 1, "cup_holder": "C" * 20000,
                           "teams": {"SV Stollen": {"played": 2, "won": 1},
                                     "T" * 20000: {"played": 1, "won": 0}}}},
        "finito": {"L" * 20000: {"played": 1, "won": 1}, "K" * 5000 + "/x": {"played": 1}}}}
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(yaml.safe_dump(stats), encoding="utf-8")
    scene = StatisticsScene(app)
    assert len(scene.rows) == 3
    for row in scene.rows:
        assert len(row["title"]) <= 80 and len(row["detail"]) <= 300, row["title"][:40]
        assert "C" * 41 not in row["detail"] and "T" * 41 not in row["detail"]
    finale = next(r for r in scene.rows if r["title"].startswith("Finale"))
    assert "SV Stollen won 1 of 2" in finale["detail"] and "cup holder CCC" in finale["detail"]
    fitted: list[int] = []
    from scenes.art import fonts
    real = fonts.fit_text
    monkeypatch.setattr(fonts, "fit_text", lambda words, *a, **k: fitted.append(len(words))
                        or real(words, *a, **k))
    app.push(scene)
    app.draw()
    assert fitted and max(fitted) <= 300


# -- New game: real-time keys and the keyboard after a click ------------------------------------


def finita_dialog(app, players: int = 3):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    scene = NewGameDialog(app, "finita")
    app.push(scene)
    app.frame(0.016)
    while scene.count < players:
        scene.change("seats", None, 1)
    return scene


def seat_value(scene, seat):
    rect = next(r for kind, r, data in scene.rows if kind == "seat" and data == seat)
    return scene.value_rect(rect)


def test_two_people_with_one_key_are_refused_at_start_by_name(app):
    """Seat 1 takes V while seat 3 is a computer; seat 3 then becomes a person and still has
    V. Start used to begin the game anyway, and the table quietly gave everyone the default
    keys instead of the ones shown."""
    scene = finita_dialog(app)
    assert scene.kinds[2] == "computer" and scene.keys[2] == "v"
    post_click(app, scene.key_rect(0).center)
    key(app, pygame.K_v)
    assert scene.keys[0] == "v" and not scene.error
    while scene.kinds[2] != "human":
        value = seat_value(scene, 2)
        post_click(app, (value.x + 5, value.centery))
    app.draw()
    post_click(app, scene.buttons.buttons[0].rect.center)  # Start
    assert app.manager.top is scene, "the game must not start"
    assert "Player and Clara both have the key V" in scene.error
    assert list_saves(replay=False) == [] and not list(saves_dir().glob("*.yaml"))
    app.draw()
    post_click(app, scene.key_rect(2).center)  # Clara takes another key: now it starts
    key(app, pygame.K_k)
    post_click(app, scene.buttons.buttons[0].rect.center)
    assert scene not in app.manager.stack  # a curtain over the table: two people share it
    table = next(s for s in app.manager.stack if hasattr(s, "match"))
    assert table.match.meta["keys"] == {"0": "v", "2": "k"}


def test_a_click_on_a_value_moves_the_keyboard_to_that_row(app):
    """After a click on the Players count, a click on seat 2's value and then Left changed
    the number of players, not seat 2."""
    scene = finita_dialog(app, 2)
    players = scene.value_rect(scene.rows[0][1])
    post_click(app, (players.right - 5, players.centery))
    assert scene.count == 3 and scene.focus_row == 0
    value = seat_value(scene, 1)
    post_click(app, (value.right - 5, value.centery))
    before = (scene.kinds[1], scene.strengths[1])
    key(app, pygame.K_LEFT)
    assert scene.count == 3, "Left must change the row clicked last"
    assert (scene.kinds[1], scene.strengths[1]) != before


# -- Settings in a low window -------------------------------------------------------------------


def test_settings_rows_stay_on_the_panel_and_clear_of_done_in_a_low_window(app):
    """At 400x260 (above the 'too small' notice) the last rows slid under Done and off the
    panel, where no click could reach them; at the usual sizes nothing moves."""
    from scenes.settings import SettingsScene
    scene = SettingsScene(app)
    app.push(scene)
    base = scene.base
    assert [r.y for r in scene.rects] == [int(scene.box.y + base * 4 + i * base * 2.6)
                                           for i in range(len(scene.rects))]
    for size in ((400, 260), (1024, 400), (360, 240)):
        scene.resize(size)
        done = scene.buttons.buttons[0].rect
        for rect in scene.rects:
            assert scene.box.contains(rect) and not rect.colliderect(done), (size, rect, done)
            assert rect.height >= scene.base  # a line of text still fits
        surface = pygame.Surface(size)
        scene.draw(surface)
        # every row is still reached by a click on its value
        value = scene.value_rect(scene.rects[-1])
        before = app.settings.card_back
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(value.right - 3,
                                                                         value.centery), button=1))
        assert app.settings.card_back != before
