"""What text a scene draws, and at what pixel size: every font the drawing asks for is noted
with the scene module that asked (caches are emptied first, so nothing is skipped)."""
from __future__ import annotations

import os
import traceback

import pygame


def resize(app, size):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame(0.016)


def drawn_text_sizes(app, monkeypatch, folders: tuple[str, ...]) -> dict[tuple[int, str], int]:
    """(pixel size, 'scenes/x/file.py:line') -> times, for text drawn by code in `folders`
    (e.g. 'scenes/finito/') during one full redraw of every scene on the stack."""
    from scenes.art import fonts
    from scenes.art._cache import clear_caches

    real = fonts.font
    seen: dict[tuple[int, str], int] = {}
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    def spy(size, bold=False, display=False):
        for frame in reversed(traceback.extract_stack()[:-1]):  # the innermost scene code
            where = os.path.relpath(frame.filename, root).replace(os.sep, "/")
            if not where.startswith("scenes/") or where.startswith(("scenes/art/",
                                                                    "scenes/widgets.py")):
                continue
            if where.startswith(folders):
                key = (max(fonts.MIN_SIZE, int(size)), f"{where}:{frame.lineno}")
                seen[key] = seen.get(key, 0) + 1
            break
        return real(size, bold, display)

    clear_caches()
    monkeypatch.setattr(fonts, "font", spy)
    for scene in app.manager.stack:
        if hasattr(scene, "images"):
            scene.images.clear()
            scene.static = None
        if hasattr(scene, "refresh"):
            scene.refresh([], animate=False)
    app.draw()
    monkeypatch.setattr(fonts, "font", real)
    clear_caches()
    return seen


def too_small(seen: dict[tuple[int, str], int], smallest: int = 11) -> list[tuple[int, str]]:
    return sorted(key for key in seen if key[0] < smallest)
