"""Finished!: the solo card-sorting game. Exposes ENGINE, PLAYERS and `hint`."""
from __future__ import annotations

from .players import GoodPlayer, hint, strength_table
from .engine import FinishedEngine

ENGINE = FinishedEngine()
PLAYERS = strength_table()

__all__ = ["ENGINE", "PLAYERS", "GoodPlayer", "hint"]
