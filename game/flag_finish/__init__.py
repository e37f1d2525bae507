"""Flag Finish: race your cards from 0 to 10 and finish with a checkered flag (2-3 racers).

`ENGINE` is the rules engine, `PLAYERS` the computer racers by strength.
"""
from .engine import FlagFinishEngine
from .players import PLAYERS

ENGINE = FlagFinishEngine()

__all__ = ["ENGINE", "PLAYERS", "FlagFinishEngine"]
