"""Finito! (2-4 players, 36-square board, d20): rules engine and computer players.

`ENGINE` follows docs/engine-protocol.md; `PLAYERS` maps the strengths listed in
assets/data/finito.yaml to player factories.
"""
from game.core.players import RandomPlayer

from .actions import Keep, Move, NextRound, Place
from .players import GoodPlayer, SimplePlayer
from .engine import FinitoEngine, piece_id
from .state import DealError, FinitoState

ENGINE = FinitoEngine()

PLAYERS = {"random": RandomPlayer, "simple": SimplePlayer, "good": GoodPlayer}

__all__ = ["DealError", "ENGINE", "FinitoEngine", "FinitoState", "GoodPlayer", "Keep", "Move",
           "NextRound", "PLAYERS", "Place", "SimplePlayer", "piece_id"]
