"""Which table scene shows which game, and starting or resuming a game on it."""
from __future__ import annotations

import importlib
import time
from typing import Any, Optional

from game.core.engine import Seat, Setup
from game.core.session import Match


def table_class(game_id: str) -> Any:
    """The game's own table scene: scenes/<game>/table.py, class Table (or the module its
    data file names in `game.table`)."""
    from game.core.registry import game_info
    name = game_info(game_id).table_module or f"scenes.{game_id.replace('-', '_')}.table"
    return importlib.import_module(name).Table


def open_match(app, match: Match) -> Any:
    """Put a match on its table (new or resumed); None, with a message, when the match's
    file is open in another finis window. The table holds the file's lock (see
    game/core/locks.py) until it leaves the stack."""
    from game.core import locks
    handle = match.save
    if handle is not None and (handle.lock is None or not handle.lock.held):
        try:
            handle.lock = locks.acquire(handle.path)
        except locks.Busy as exc:
            app.toast(exc.message, 5, "warn")
            app.play("refuse")
            return None
    try:
        scene = table_class(match.game_id)(app, match)
    except BaseException:
        if handle is not None and handle.lock is not None:
            handle.lock.release()
            handle.lock = None
        raise
    leave = scene.exit

    def exit_and_unlock() -> None:
        try:
            leave()
        finally:
            scene.store.close()

    scene.exit = exit_and_unlock  # the manager calls it when the table leaves the stack
    app.push(scene)
    return scene


def start_new_game(app, game_id: str, seats: list[Seat], options: Optional[dict[str, Any]],
                   seed: Optional[int], deal: Any = None,
                   meta: Optional[dict[str, Any]] = None) -> Any:
    """A fresh match with a seed (random when None) on its table; `meta` is kept with the
    match (Finita's real-time keys)."""
    if seed is None:
        seed = int(time.time() * 1000) % 1_000_000_000
    match = Match.start(game_id, Setup(int(seed), deal), options, seats)
    match.meta.update(meta or {})
    return open_match(app, match)
