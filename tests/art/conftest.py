"""Headless pygame for the art tests: dummy video and audio drivers, repo root importable."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _pygame_fonts():
    pygame.font.init()
    yield


@pytest.fixture()
def display():
    """A dummy display, for code paths that convert surfaces to the screen format."""
    pygame.display.init()
    screen = pygame.display.set_mode((320, 200))
    yield screen
    pygame.display.quit()
