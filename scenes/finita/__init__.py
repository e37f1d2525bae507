"""Finita: its table comes with the game; for now its menu emblem (emblem.py)."""
