"""Pictures that are slow to draw and never change, kept on disk between runs.

The key holds the picture's arguments and a fingerprint of the drawing code, so a change to
the art (or a new finis) draws afresh. A missing or unreadable cache only costs time.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional

import pygame

from game import __version__
from game.core import paths


@lru_cache(maxsize=1)
def cache_dir() -> Optional[Path]:
    """FINIS_HOME/cache, or the platform's user cache folder."""
    try:
        return paths.cache_dir()
    except Exception:  # no cache is fine
        return None


@lru_cache(maxsize=None)
def code_fingerprint(*modules: str) -> str:
    """A short hash of the drawing modules' source files (their size and bytes)."""
    digest = hashlib.sha256(__version__.encode())
    here = Path(__file__).resolve().parent.parent
    for name in modules:
        path = here.joinpath(*name.split(".")[1:]).with_suffix(".py")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(name.encode())
    return digest.hexdigest()[:12]


def remembered(key: str, draw: Callable[[], pygame.Surface], modules: tuple[str, ...]) -> pygame.Surface:
    """The picture for `key` from the disk cache, or drawn now and stored for next time."""
    folder = cache_dir()
    if folder is None:
        return draw()
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in key)
    path = folder / f"{safe}-{code_fingerprint(*modules)}.png"
    try:
        image = pygame.image.load(str(path))
        return image.convert_alpha() if pygame.display.get_surface() else image
    except (pygame.error, FileNotFoundError, OSError):
        pass
    image = draw()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tile.", suffix=".png", dir=folder)
        os.close(fd)
        pygame.image.save(image, tmp)
        os.replace(tmp, path)
    except (pygame.error, OSError):
        pass
    return image
