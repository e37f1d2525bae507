"""Sound effects for the table: play("deal"), a volume, a mute switch.

Sounds are loaded on first use from assets/sounds/<name>.wav. Sound is a nicety: when the
mixer cannot start (no audio device, pygame built without the mixer, a broken file), Sounds
logs it once and stays silent. It never raises.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Optional

from game.core.paths import resource

log = logging.getLogger(__name__)

NAMES = ("deal", "flip", "drop", "refuse", "win", "click", "roll", "token")


def _mixer() -> Any:
    """pygame.mixer, or None when this pygame has none (split out so tests can take it away)."""
    try:
        import pygame.mixer as mixer
        return mixer
    except Exception:  # ImportError, NotImplementedError from a pygame without SDL_mixer
        return None


class Sounds:
    """The table's sound effects; one per app is enough (see sounds())."""

    def __init__(self, directory: Optional[Path] = None, volume: float = 0.8, muted: bool = False) -> None:
        self._dir = Path(directory) if directory is not None else resource("sounds")
        self._volume = self._clamp(volume)
        self._muted = bool(muted)
        self._cache: dict[str, Any] = {}
        self._ready: Optional[bool] = None  # None: not tried yet; False: tried and failed

    # ---------------------------------------------------------------- settings

    @staticmethod
    def _clamp(v: Any) -> float:
        try:
            return max(0.0, min(1.0, float(v)))
        except (TypeError, ValueError):
            return 0.8

    @property
    def volume(self) -> float:
        """Loudness 0..1 for every effect."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = self._clamp(value)
        for snd in self._cache.values():
            if snd is not None:
                try:
                    snd.set_volume(self._volume)
                except Exception:
                    pass

    @property
    def muted(self) -> bool:
        """When True, play() does nothing (and playing sounds are stopped)."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted:
            self.stop()

    def toggle_mute(self) -> bool:
        """Flip the mute switch; returns the new state."""
        self.muted = not self._muted
        return self._muted

    @property
    def available(self) -> bool:
        """Whether sound can be heard at all (tries to start the mixer if not tried yet)."""
        return self._init()

    # ---------------------------------------------------------------- mixer

    def _init(self) -> bool:
        if self._ready is not None:
            return self._ready
        self._ready = False
        mixer = _mixer()
        if mixer is None:
            log.info("sound off: this pygame has no mixer")
            return False
        try:
            if not mixer.get_init():
                mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self._ready = bool(mixer.get_init())
            if self._ready:
                mixer.set_num_channels(max(16, mixer.get_num_channels()))
        except Exception as exc:  # pygame.error: no audio device, busy device, ...
            log.info("sound off: the mixer did not start (%s)", exc)
            self._ready = False
        return self._ready

    def _load(self, name: str) -> Any:
        if name in self._cache:
            return self._cache[name]
        snd = None
        path = self._dir / f"{name}.wav"
        try:
            mixer = _mixer()
            if mixer is not None:
                snd = mixer.Sound(str(path))
                snd.set_volume(self._volume)
        except Exception as exc:
            log.warning("sound %r not loaded from %s (%s)", name, path, exc)
            snd = None
        self._cache[name] = snd  # a failure is remembered too: it is not retried every frame
        return snd

    # ---------------------------------------------------------------- playing

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Play effect `name` (e.g. "deal"); volume scales the global volume for this one play.

        Returns True if a sound was started. Never raises.
        """
        if self._muted or self._volume <= 0.0:
            return False
        try:
            if not self._init():
                return False
            snd = self._load(str(name))
            if snd is None:
                return False
            channel = snd.play()
            if channel is not None:
                channel.set_volume(self._clamp(volume))
            return channel is not None
        except Exception as exc:
            log.debug("sound %r not played (%s)", name, exc)
            return False

    def preload(self) -> None:
        """Load every known effect now (avoids a hitch on the first play)."""
        if self._init():
            for name in NAMES:
                self._load(name)

    def stop(self) -> None:
        """Silence everything now playing."""
        if not self._ready:
            return
        try:
            mixer = _mixer()
            if mixer is not None and mixer.get_init():
                mixer.stop()
        except Exception:
            pass


_SOUNDS: Optional[Sounds] = None


def sounds() -> Sounds:
    """The app's one Sounds object, made on first call."""
    global _SOUNDS
    if _SOUNDS is None:
        _SOUNDS = Sounds()
    return _SOUNDS
