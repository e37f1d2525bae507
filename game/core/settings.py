"""The person's settings, kept in settings.yaml in the data folder.

A broken or hand-edited file never stops the app: every bad value falls back to its default
and `problems` says which and why, so the Settings screen can tell the person.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Optional

from .fileio import FileProblem, dump_yaml, read_yaml, remember, safe_parse, write_atomic
from .paths import data_home, memo_path

FORMAT = 1
CARD_BACKS = ("classic", "waves", "stars", "plain")
SPEEDS = ("slow", "normal", "fast", "instant")


@dataclass
class Settings:
    """Everything the Settings screen can change."""

    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 800
    volume: float = 0.7
    muted: bool = False
    animation_speed: str = "normal"
    colour_blind: bool = False
    card_back: str = "classic"
    player_name: str = "Player"
    problems: list[str] = field(default_factory=list, compare=False, repr=False)

    def speed_factor(self) -> float:
        """Multiplier on animation durations (0 means no animation)."""
        return {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}[self.animation_speed]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("problems")
        return {"format": FORMAT, **data}


_CHECKS: dict[str, Any] = {
    "fullscreen": lambda v: isinstance(v, bool),
    "window_width": lambda v: isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 10000,
    "window_height": lambda v: isinstance(v, int) and not isinstance(v, bool) and 240 <= v <= 10000,
    "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
    "muted": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: v in SPEEDS,
    "colour_blind": lambda v: isinstance(v, bool),
    "card_back": lambda v: v in CARD_BACKS,
    "player_name": lambda v: isinstance(v, str) and 0 < len(v.strip()) <= 24,
}


def settings_path() -> Path:
    return data_home() / "settings.yaml"


def load_settings(path: Optional[Path] = None) -> Settings:
    """The saved settings, or defaults with `problems` explaining what was ignored."""
    path = path or settings_path()
    settings = Settings()
    if not path.exists():
        return settings
    try:
        data = read_yaml(path, memo=memo_path("settings"))
    except FileProblem as exc:
        settings.problems.append(f"Settings file {exc.reason}; using the defaults.")
        return settings
    if not isinstance(data, dict):
        settings.problems.append("Settings file is not a mapping; using the defaults.")
        return settings
    version = data.get("format", FORMAT)
    if isinstance(version, int) and version > FORMAT:
        settings.problems.append("Settings were written by a newer finis; using the defaults.")
        return settings
    for f in fields(Settings):
        if f.name == "problems" or f.name not in data:
            continue
        value = data[f.name]
        if _CHECKS[f.name](value):
            if f.name == "volume":
                value = float(value)
            setattr(settings, f.name, value)
        else:
            settings.problems.append(f"Setting {f.name} = {value!r} is not valid; using "
                                     f"{getattr(settings, f.name)!r}.")
    return settings


def save_settings(settings: Settings, path: Optional[Path] = None) -> None:
    """Write the settings atomically (and the parse memo, so the next start reads them fast)."""
    text = dump_yaml(settings.to_dict())
    write_atomic(path or settings_path(), text)
    remember(memo_path("settings"), text, safe_parse(text))
