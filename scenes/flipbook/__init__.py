"""The Finished! flip-book: the player scene (player.py) with its position and motion
(playback.py), its drawing (drawing.py) and the pages it shows (pages.py)."""
from scenes.flipbook.player import FlipbookPlayer, open_player, open_player_for

__all__ = ["FlipbookPlayer", "open_player", "open_player_for"]
