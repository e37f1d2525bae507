"""The Finished! flip-book: the player scene (the pile in hand, pages flipping)."""
from scenes.flipbook.player import FlipbookPlayer, open_player, open_player_for

__all__ = ["FlipbookPlayer", "open_player", "open_player_for"]
