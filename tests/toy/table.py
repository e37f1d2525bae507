"""The Toy Pairs table: built from the shared pieces only (scenes/table/), as a real game's is.

Zones for each hand (a fan; the other seat's across the table, upside down), the draw pile
and the pile in the middle, and each seat's tricks. Cards are drawn plainly with the shared
card art; everything else (drags, refusals, the curtain, undo, the referee's clock for the
snap window, saves) comes from the shared table.
"""
from __future__ import annotations

import pygame

from scenes import widgets as ui
from scenes.art import table as table_art
from scenes.table.hand import HandFan
from scenes.table.scene import TableScene
from scenes.table.zones import Zone


class Table(TableScene):
    computer_delay = 0.3

    def layout_zones(self, size, view):
        w, h = size
        base = ui.ui_size(size)
        card = (max(40, w // 12), max(56, int(w // 12 * 1.4)))
        me = self.perspective if self.perspective is not None else 0
        other = 1 - me
        middle = pygame.Rect(w // 2 - card[0] * 2, h // 2 - card[1] // 2, card[0] * 4, card[1])
        return {
            f"hand{other}": HandFan(f"hand{other}", pygame.Rect(w // 4, base * 5, w // 2, card[1]),
                                    "fan", card, face_up=False, owner=other, upside_down=True),
            "draw": Zone("draw", pygame.Rect(w // 8, middle.y, card[0], card[1]), "stack", card,
                         face_up=False, label="Draw", show_count=True),
            "pile": Zone("pile", middle, "stack", card, label="Pile"),
            f"tricks{other}": Zone(f"tricks{other}", pygame.Rect(w - w // 6, base * 5, card[0], card[1]),
                                   "stack", card, label="Tricks", show_count=True),
            f"tricks{me}": Zone(f"tricks{me}", pygame.Rect(w - w // 6, h - card[1] * 2, card[0], card[1]),
                                "stack", card, label="Your tricks", show_count=True),
            f"hand{me}": HandFan(f"hand{me}", pygame.Rect(w // 4, h - int(card[1] * 1.6), w // 2,
                                                           int(card[1] * 1.3)), "fan", card, owner=me),
        }

    def face(self, piece, size):
        image = table_art.card_back(size[0], size[1], self.app.settings.card_back).copy()
        image.fill((250, 246, 236))
        ui.text(image, piece, max(11, size[1] // 3), (size[0] // 2, size[1] // 2),
                colour=(40, 40, 60) if piece[0] == "a" else (150, 40, 40), bold=True, anchor="center")
        return image

    def describe_piece(self, piece):
        return f"Card {piece}" if piece != "?" else ""
