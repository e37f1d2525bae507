"""Fixtures for the flip-book tests: the headless app of the UI tests, and movie helpers."""
from __future__ import annotations

from datetime import datetime

import pygame
import pytest

from tests.ui.conftest import app  # noqa: F401  (the headless App fixture)


def press(app, k, mod=0, frame=False):
    """A key press sent through the app, without moving the clock unless asked."""
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    if frame:
        app.frame(0.0)


def click(app, pos, frame=False):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    if frame:
        app.frame(0.0)


@pytest.fixture
def some_movies():
    """Three saved movies: 23 frames (oldest), 48 frames won, 5 frames (newest)."""
    from game.finished.movies import save_movie
    return [save_movie(list(range(1, 24)), False, "easy", "Easy", "finished-a",
                       when=datetime(2025, 5, 12, 14, 3)),
            save_movie(list(range(1, 49)), True, "very-easy", "Very Easy", "finished-b",
                       when=datetime(2025, 5, 14, 9, 41)),
            save_movie(list(range(1, 6)), False, "difficult", "Difficult", "finished-c",
                       when=datetime(2025, 5, 15, 20, 15))]
