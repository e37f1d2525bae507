"""Finita (2-6 players, 120 cards, superpowers and optional table rules): rules engine and
computer players.

`ENGINE` follows docs/engine-protocol.md; `PLAYERS` maps the strengths listed in
assets/data/finita.yaml to player factories.
"""
from .engine import FinitaEngine
from .players import GoodPlayer, RandomPlayer, SimplePlayer
from .state import FinitaState

ENGINE = FinitaEngine()

PLAYERS = {"random": RandomPlayer, "simple": SimplePlayer, "good": GoodPlayer}

__all__ = ["ENGINE", "FinitaEngine", "FinitaState", "GoodPlayer", "PLAYERS", "RandomPlayer",
           "SimplePlayer"]
