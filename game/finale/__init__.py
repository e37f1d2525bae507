"""Finale (2 coaches, a football match with player and tactics cards): the card data (data.py),
the rules engine and the computer coaches.

`ENGINE` follows docs/engine-protocol.md; `PLAYERS` maps the strengths listed in
assets/data/finale.yaml to player factories.
"""
from .engine import FinaleEngine
from .players import RandomPlayer, SimplePlayer
from .state import FinaleState

ENGINE = FinaleEngine()

PLAYERS = {"random": RandomPlayer, "simple": SimplePlayer}

__all__ = ["ENGINE", "FinaleEngine", "FinaleState", "PLAYERS", "RandomPlayer",
           "SimplePlayer"]
