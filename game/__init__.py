"""finis: the rules, data, saves and computer players. Never imports pygame."""
__version__ = "0.1.0"
