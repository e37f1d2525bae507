"""Where things live: the assets folder (in the source tree or a frozen build) and the
person's data folder (saves, settings, statistics, movies, logs)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "finis"


def assets_dir() -> Path:
    """The assets folder, in a PyInstaller build or next to the source packages."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parent.parent.parent / "assets"


def resource(*parts: str) -> Path:
    """One file under assets/, e.g. resource("data", "finished.yaml")."""
    return assets_dir().joinpath(*parts)


def data_home() -> Path:
    """The data folder: $FINIS_HOME if set, else the platform's user data folder."""
    override = os.environ.get("FINIS_HOME")
    if override:
        return Path(override).expanduser()
    import platformdirs
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """Games in progress (and finished ones kept for replay)."""
    return data_home() / "saves"


def history_dir() -> Path:
    """Finished games, one record each."""
    return data_home() / "history"


def movies_dir() -> Path:
    """Finished! flip-book movies, one file per game."""
    return data_home() / "movies"


def cache_dir() -> Path:
    """Things finis can always make again (drawn pictures, parse memos): FINIS_HOME/cache,
    or the platform's user cache folder."""
    override = os.environ.get("FINIS_HOME")
    if override:
        return Path(override).expanduser() / "cache"
    import platformdirs
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def memo_path(name: str) -> Path:
    """The parse memo for one YAML file (see fileio.read_yaml)."""
    return cache_dir() / "memo" / f"{name}.json"


def log_dir() -> Path:
    """Logs and crash reports; under FINIS_HOME when that is set."""
    override = os.environ.get("FINIS_HOME")
    if override:
        return Path(override).expanduser() / "logs"
    import platformdirs
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def pictures_dir() -> Path:
    """Where exports go by default."""
    import platformdirs
    return Path(platformdirs.user_pictures_dir())
