"""The scene stack: push, pop, replace; overlays draw over the scene below them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol

import pygame

if TYPE_CHECKING:
    from game.core.settings import Settings
    from scenes.art.sound import Sounds


class AppPort(Protocol):
    """What a scene may ask of the app (scenes/app.py's App is the one kind). Named here so
    that the scene modules never import app.py back: no import circle."""

    settings: "Settings"
    manager: "SceneManager"
    screen: pygame.Surface
    needs_redraw: bool
    toasts: Any  # app.py's Toasts (the messages standing now: `active()`)
    sounds: "Sounds"
    frames: int  # frames shown so far

    @property
    def size(self) -> tuple[int, int]: ...

    def push(self, scene: "Scene") -> None: ...

    def pop(self, scene: Optional["Scene"] = None) -> None: ...

    def replace(self, scene: "Scene") -> None: ...

    def toast(self, text: str, seconds: float = 3.5, kind: str = "info") -> None: ...

    def play(self, name: str) -> None: ...

    def quit(self) -> None: ...

    def save_settings(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...


class Scene:
    """One screen. The manager calls enter/exit/pause/resume, events, update and draw.

    `overlay` scenes let the scene below show through; `busy()` tells the app loop that the
    scene is animating and needs frames (an idle scene lets the app sleep).
    """

    overlay = False

    def __init__(self, app: "AppPort") -> None:
        self.app = app
        self.dirty = True

    # life cycle
    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""
        self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout."""
        self.dirty = True

    # frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an event; True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    def busy(self) -> bool:
        """True while something moves (keeps the frame rate up)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; no state changes here."""

    def presentable(self) -> bool:
        """May the frame just drawn be shown? False while a picture in it is a placeholder
        still being drawn (scenes/art/_cache.py): the last frame stays on screen."""
        return True

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Where short messages (toasts) may stack up without covering the scene's controls."""
        return pygame.Rect(0, 0, *size)

    def keep_clear(self) -> list[pygame.Rect]:
        """What no message may cover (a table: the hand of the person to move, countdowns)."""
        return []


class SceneManager:
    """A stack of scenes; the top one gets events, every visible one is drawn."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []
        self.updating: Optional[Scene] = None  # the scene whose update runs just now

    @property
    def top(self) -> Optional[Scene]:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self, scene: Optional[Scene] = None) -> Optional[Scene]:
        """Remove the top scene (or the given one, wherever it is)."""
        if not self.stack:
            return None
        target = scene or self.stack[-1]
        if target not in self.stack:
            return None
        was_top = target is self.stack[-1]
        self.stack.remove(target)
        target.exit()
        if was_top and self.stack:
            self.stack[-1].resume()
        return target

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.stack:
            old = self.stack.pop()
            old.exit()
        self.stack.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Empty the stack and start over with one scene."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def find(self, kind: type) -> Optional[Any]:
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: down to the first non-overlay."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if not self.stack[i].overlay:
                start = i
                break
        return self.stack[start:]

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.top.handle_event(event) if self.top else False

    def update(self, dt: float) -> None:
        for scene in self.visible():
            self.updating = scene
            try:
                scene.update(dt)
            finally:
                self.updating = None

    def speaker(self) -> Optional[Scene]:
        """The scene a message said now belongs to: the one whose update runs (a table under
        a dialog still plays on), else the top one (it has the input)."""
        return self.updating or self.top

    def busy(self) -> bool:
        return any(scene.busy() for scene in self.visible())

    def draw(self, surface: pygame.Surface,
             after: Optional[Callable[[Scene], None]] = None) -> None:
        """Every visible scene, bottom first; `after(scene)` draws what belongs to that scene's
        layer (its messages) before the scenes over it."""
        for scene in self.visible():
            scene.draw(surface)
            if after is not None:
                after(scene)

    def presentable(self) -> bool:
        return all(scene.presentable() for scene in self.visible())

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.stack:
            scene.resize(size)
