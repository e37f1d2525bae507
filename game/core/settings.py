"""The person's settings, kept in settings.yaml in the data folder.

A broken or hand-edited file never stops the app: every bad value falls back to its default
and `problems` says which and why, so the Settings screen can tell the person.
"""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Optional

from .datafiles import load_kept, make_room
from .fileio import short, write_atomic
from .parsememo import remember
from .safeyaml import dump_yaml, safe_parse
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
    # each game's table rules as last started (game id -> option id -> value): the New game
    # dialog opens with them; the dialog checks each value against the game's options
    table_rules: dict[str, dict[str, Any]] = field(default_factory=dict)
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
    "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,  # NaN fails
    "muted": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: v in SPEEDS,
    "colour_blind": lambda v: isinstance(v, bool),
    "card_back": lambda v: v in CARD_BACKS,
    "player_name": lambda v: isinstance(v, str) and 0 < len(v.strip()) <= 24,
    "table_rules": lambda v: _rules_shape(v),
}


def _rules_shape(value: Any) -> bool:
    """A mapping of a few games to a few options of plain values (a hand-edited file may hold
    anything: nothing else is let in)."""
    def plain(v: Any) -> bool:
        return isinstance(v, (bool, int)) or (isinstance(v, str) and len(v) <= 40)

    def short_key(k: Any) -> bool:
        return isinstance(k, str) and 0 < len(k) <= 40

    return (isinstance(value, dict) and len(value) <= 20 and all(
        short_key(game) and isinstance(rules, dict) and len(rules) <= 40
        and all(short_key(k) and plain(v) for k, v in rules.items())
        for game, rules in value.items()))


def settings_path() -> Path:
    return data_home() / "settings.yaml"


def _shape(data: Any) -> str:
    """'' for a settings mapping; the reason the whole file cannot be used otherwise."""
    return "" if isinstance(data, dict) else "is not a mapping"


def load_settings(path: Optional[Path] = None) -> Settings:
    """The saved settings, or defaults with `problems` explaining what was ignored.

    A broken file is set aside (never deleted) and its backup, when good, is used instead
    (fileio.load_kept): the person is told once, and nothing ever writes over it."""
    path = path or settings_path()
    settings = Settings()
    if not os.path.lexists(path):
        return settings
    data, note = load_kept(path, "Settings", _shape, FORMAT, memo=memo_path("settings"))
    if note:
        settings.problems.append(note if data is not None else f"{note} Using the defaults.")
    if data is None:
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
            settings.problems.append(f"Setting {f.name} = {short(value, 40)} is not valid; using "
                                     f"{getattr(settings, f.name)!r}.")
    return settings


def save_settings(settings: Settings, path: Optional[Path] = None) -> None:
    """Write the settings atomically (and the parse memo, so the next start reads them fast)."""
    text = dump_yaml(settings.to_dict())
    path = path or settings_path()
    make_room(path, _shape, FORMAT, memo=memo_path("settings"))  # a broken or newer file is kept
    write_atomic(path, text)
    remember(memo_path("settings"), text, safe_parse(text))
