"""Shared pieces of every game: the engine protocol, RNG, registry, saves, players."""
from .actions import Action, ActionSyntaxError, IllegalAction, action_kinds, parse_action
from .engine import HIDDEN, Engine, Event, Gesture, Outcome, Seat, Setup, state_digest, to_json
from .rng import Rng

__all__ = ["Action", "ActionSyntaxError", "Engine", "Event", "Gesture", "HIDDEN", "IllegalAction",
           "Outcome", "Rng", "Seat", "Setup", "action_kinds", "parse_action", "state_digest",
           "to_json"]
