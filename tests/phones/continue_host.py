"""The real finis, headless (SDL's dummy video driver), reopening the first game of Continue as
a person would (C, then Enter) and then running its own loop: the host that the whole-match
phone tests kill and bring back (`python -m tests.phones.continue_host`, FINIS_HOME set)."""
from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    import logging

    import pygame
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("scenes.phones").setLevel(logging.DEBUG)

    from scenes.app import App
    from scenes.menu import MainMenu
    from scenes.table.scene import TableScene
    args = argparse.Namespace(size="1024x640", fullscreen=False, game=None, seats=None,
                              option=[], seed=None)
    app = App(args)
    app.push(MainMenu(app))
    app.frame(0.016)
    for key in (pygame.K_c, pygame.K_RETURN):
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        app.frame(0.016)
    deadline = time.monotonic() + 60
    while app.manager.find(TableScene) is None:  # the replay runs a few steps a frame
        if time.monotonic() > deadline:
            print("continue_host: the game did not open", file=sys.stderr)
            return 1
        app.frame(0.016)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
