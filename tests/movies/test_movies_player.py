"""The flip-book player driven by a simulated clock, the keyboard and the mouse."""
from __future__ import annotations

import time
from types import SimpleNamespace

import pygame
import pytest

from game.finished.movies import list_movies
from scenes.flipbook.player import LOOP_HOLD, STEP_SECONDS, FlipbookPlayer, open_player_for
from scenes.manager import Scene
from tests.movies.conftest import click, press


def player(app, frames: int, won: bool = False) -> FlipbookPlayer:
    scene = FlipbookPlayer(app, list(range(1, frames + 1)), won)
    app.push(scene)
    return scene


def run(scene: FlipbookPlayer, seconds: float, step: float = 1 / 60) -> None:
    """Advance the simulated clock in frame-sized steps, as the app loop would."""
    for _ in range(round(seconds / step)):
        scene.update(step)


def test_frame_k_shows_at_the_right_time(app):
    scene = player(app, 23)
    assert scene.playing and scene.fps == 12 and scene.frame_index == 0
    run(scene, 0.5)
    assert scene.frame_index == 6
    scene.update(0.25)
    assert scene.frame_index == 9


def test_one_big_step_of_the_clock_lands_on_the_same_frame(app):
    scene = player(app, 23)
    scene.update(0.5)
    assert scene.frame_index == 6


def test_speed_keys_change_the_rate(app):
    scene = player(app, 40)
    press(app, pygame.K_MINUS)
    press(app, pygame.K_KP_MINUS)
    assert scene.fps == 8
    run(scene, 0.5)
    assert scene.frame_index == 4
    for k in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        press(app, k)
    assert scene.fps == 18  # 8 -> 10 -> 12 -> 15 -> 18
    for _ in range(30):
        press(app, pygame.K_PLUS)
    assert scene.fps == 30  # the fastest speed holds


def test_stops_at_the_last_scored_card_then_shows_the_closing_page(app):
    scene = player(app, 23)
    run(scene, 23 / 12 - 0.05)
    assert scene.frame_index == 22 and not scene.at_end and scene.playing
    run(scene, 1.0)
    assert scene.frame_index == 22 and scene.at_end
    assert not scene.playing and not scene.busy()  # idle: the app may sleep
    assert scene.pages[-1] == ("end", "todo", 23)
    app.draw()


def test_a_won_game_ends_on_the_finished_title_page(app):
    scene = player(app, 48, won=True)
    run(scene, 5.0)
    assert scene.frame_index == 47 and scene.at_end and scene.pages[-1][1] == "won"
    app.draw()


def test_an_empty_pile_shows_a_friendly_page_and_never_plays(app):
    scene = player(app, 0)
    assert not scene.playing and not scene.busy()
    assert scene.frame_index == 0 and scene.at_end and scene.pages == [("end", "empty", 0)]
    for k in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_HOME, pygame.K_END,
              pygame.K_l, pygame.K_PLUS):
        press(app, k, frame=True)
    run(scene, 1.0)
    assert not scene.playing and scene.frame_index == 0
    click(app, scene.scrub.center, frame=True)
    app.draw()


def test_a_single_card_plays_and_ends(app):
    scene = player(app, 1)
    assert scene.playing and scene.frame_index == 0
    run(scene, 0.5)
    assert scene.at_end and not scene.playing and scene.frame_index == 0
    press(app, pygame.K_SPACE)  # play again from the start
    assert scene.playing and scene.page_index == 0


def test_space_pauses_and_resumes(app):
    scene = player(app, 23)
    run(scene, 0.25)
    press(app, pygame.K_SPACE)
    assert not scene.playing and not scene.busy()
    shown = scene.frame_index
    run(scene, 1.0)
    assert scene.frame_index == shown
    press(app, pygame.K_SPACE)
    assert scene.playing and scene.busy()


def test_arrow_keys_step_one_page_with_a_flip(app):
    scene = player(app, 23)
    press(app, pygame.K_RIGHT)
    assert not scene.playing and scene.frame_index == 1
    assert scene.busy()  # the page is turning
    top, under, t = scene.turning()
    assert (top, under) == (0, 1) and t == 0
    scene.update(STEP_SECONDS / 2)
    assert 0 < scene.turning()[2] < 1
    app.draw()  # mid-flip
    scene.update(STEP_SECONDS)
    assert not scene.busy()
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)
    assert scene.frame_index == 1
    assert scene.turning()[:2] == (1, 2) and scene.turning()[2] == 1.0  # comes back down
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert scene.frame_index == 0


def test_home_and_end(app):
    scene = player(app, 23)
    press(app, pygame.K_END)
    assert scene.frame_index == 22 and not scene.at_end and not scene.playing
    press(app, pygame.K_RIGHT)
    assert scene.at_end
    press(app, pygame.K_HOME)
    assert scene.frame_index == 0


def test_scrub_bar_click_and_drag(app):
    scene = player(app, 23)
    bar = scene.scrub
    slot = bar.width / 48

    def x_of(i):
        return int(bar.x + (i + 0.5) * slot)
    click(app, (x_of(10), bar.centery))
    assert scene.frame_index == 10
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x_of(2), bar.centery), button=1))
    assert scene.frame_index == 2 and scene.busy()
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(x_of(15), bar.centery + 30),
                                    rel=(0, 0), buttons=(1, 0, 0)))
    assert scene.frame_index == 15
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(x_of(40), bar.centery),
                                    rel=(0, 0), buttons=(1, 0, 0)))
    assert scene.frame_index == 22  # beyond what was earned: the last scored card
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x_of(40), bar.centery), button=1))
    assert not scene.scrubbing


def test_loop_starts_over_after_the_closing_page(app):
    scene = player(app, 5)
    press(app, pygame.K_l)
    assert scene.loop and scene.loop_button.label == "Loop: on"
    run(scene, 5 / 12 + 0.1)
    assert scene.at_end and scene.playing
    run(scene, LOOP_HOLD)  # the closing page rests, then the book starts over
    assert scene.playing and not scene.at_end and scene.frame_index <= 1


def test_buttons_do_what_the_keys_do(app):
    scene = player(app, 23)
    app.frame(0.0)
    click(app, scene.play_button.rect.center)
    assert not scene.playing
    click(app, scene.transport[3].rect.center)
    assert scene.frame_index == 1
    click(app, scene.faster.rect.center)
    assert scene.fps == 15
    calls = []
    app.toggle_fullscreen = lambda: calls.append(1)
    scene.others[1].action = app.toggle_fullscreen
    click(app, scene.others[1].rect.center)
    assert calls == [1]


def test_time_comes_only_from_update(app, monkeypatch):
    scene = player(app, 23)
    monkeypatch.setattr(time, "monotonic", lambda: pytest.fail("draw read the clock"))
    monkeypatch.setattr(time, "perf_counter", lambda: pytest.fail("draw read the clock"))
    before = scene.frame_index
    scene.draw(app.screen)
    scene.draw(app.screen)
    assert scene.frame_index == before


def test_every_stage_of_a_flip_draws_at_two_sizes(app):
    scene = player(app, 23)
    for size in ((1024, 640), (1920, 1080)):
        surface = pygame.Surface(size)
        scene.resize(size)
        scene.pos = 3.0
        for _ in range(12):
            scene.update(1 / 120)
            scene.draw(surface)
        assert scene.book.width > size[0] * 0.4


class Below(Scene):
    pass


def finished_match(pile, won=False):
    outcome = SimpleNamespace(details={"won": won, "finished_pile": list(pile), "level": "easy"})
    return SimpleNamespace(outcome=lambda: outcome, options={"level": "easy", "practice": False},
                           save_id="finished-test-1", created=1_747_000_000.0, seats=[])


def test_opened_from_the_result_saves_the_movie_once_and_esc_returns(app):
    below = Below(app)
    app.push(below)
    match = finished_match(range(1, 24))
    scene = open_player_for(app, match, below)
    assert app.manager.top is scene and scene.pile == list(range(1, 24)) and scene.playing
    open_player_for(app, match, below)  # watched twice: still one movie
    [entry] = list_movies()
    assert entry.ok and entry.movie.pile == tuple(range(1, 24))
    assert entry.movie.level_label == "Easy"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert app.manager.top is below


def test_a_game_with_no_finished_cards_opens_the_empty_player(app):
    app.push(Below(app))
    scene = open_player_for(app, finished_match([]), None)
    assert scene.pages == [("end", "empty", 0)] and list_movies() == []
    app.draw()
