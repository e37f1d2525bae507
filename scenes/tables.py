"""Which table scene shows which game, and starting or resuming a game on it."""
from __future__ import annotations

import importlib
import time
from typing import Any, Optional

from game.core.engine import Seat, Setup
from game.core.session import Match


def table_class(game_id: str) -> Any:
    """The game's own table scene: scenes/<game>/table.py, class Table."""
    module = importlib.import_module(f"scenes.{game_id.replace('-', '_')}.table")
    return module.Table


def open_match(app, match: Match) -> Any:
    """Put a match on its table (new or resumed)."""
    scene = table_class(match.game_id)(app, match)
    app.push(scene)
    return scene


def start_new_game(app, game_id: str, seats: list[Seat], options: Optional[dict[str, Any]],
                   seed: Optional[int], deal: Any = None) -> Any:
    """A fresh match with a seed (random when None) on its table."""
    if seed is None:
        seed = int(time.time() * 1000) % 1_000_000_000
    match = Match.start(game_id, Setup(int(seed), deal), options, seats)
    return open_match(app, match)
