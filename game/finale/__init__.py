"""Finale (2 coaches, a football match with player and tactics cards): the card data (data.py),
the rules engine and the computer coaches.

`ENGINE` follows docs/engine-protocol.md; `PLAYERS` maps the strengths listed in
assets/data/finale.yaml to player factories.
"""
from .engine import FinaleEngine
from .good import GoodPlayer
from .players import RandomPlayer, SimplePlayer
from .state import FinaleState

ENGINE = FinaleEngine()

PLAYERS = {"random": RandomPlayer, "simple": SimplePlayer, "good": GoodPlayer}

__all__ = ["ENGINE", "FinaleEngine", "FinaleState", "GoodPlayer", "PLAYERS", "RandomPlayer",
           "SimplePlayer"]
