"""The shared card table used by every game's table scene."""
