"""Shared pieces of every game: the engine protocol, RNG, registry, saves, players.

The names below load on first use (PEP 562), so that importing a light module such as
game.core.paths or game.core.settings does not import the engine protocol with it.
"""
from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "Action": "actions", "ActionSyntaxError": "actions", "IllegalAction": "actions",
    "action_kinds": "actions", "parse_action": "actions", "TimedAction": "actions",
    "time_field": "actions", "time_of_action": "actions",
    "HIDDEN": "engine", "Engine": "engine", "Event": "engine", "Gesture": "engine",
    "Outcome": "engine", "Seat": "engine", "Setup": "engine", "state_digest": "engine",
    "to_json": "engine",
    "Rng": "rng",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
