"""Headless app fixtures for UI tests: scenes fed synthetic pygame events."""
from __future__ import annotations

import argparse

import pygame
import pytest


@pytest.fixture(autouse=True)
def pictures_drawn_at_once(monkeypatch):
    """Pictures at a new size are drawn in steps against a frame's time budget in the app
    (scenes/art/_cache.py): how far a frame gets depends on the machine's speed. The UI tests
    draw every picture when it is asked for, so what they see never depends on it; the step
    drawing has its own tests (tests/art/test_art_steps*.py), on a counted clock."""
    from scenes.art._cache import steps
    monkeypatch.setattr(steps, "budget", float("inf"))


@pytest.fixture
def app():
    from scenes.app import App
    pygame.init()
    args = argparse.Namespace(size="1280x800", fullscreen=False, game=None, seats=None, option=[],
                              seed=None)
    application = App(args)
    application.settings.animation_speed = "instant"
    # pygame stays initialised: fonts and cached pictures live for the whole test session
    return application


def post_click(app, pos, button=1):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame(0.016)


def drag(app, start, end, steps=5):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(0.016)


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(0.016)
