"""Settings: window, sound, animation speed, colour-blind symbols, card back."""
from __future__ import annotations

import pygame

from game.core.settings import CARD_BACKS, SPEEDS
from scenes import widgets as ui
from scenes.art.table import card_back, felt
from scenes.manager import Scene

ROWS = [
    ("fullscreen", "Fullscreen (F11)"),
    ("volume", "Volume"),
    ("muted", "Sound muted (Ctrl+M)"),
    ("animation_speed", "Animation speed"),
    ("colour_blind", "Colour-blind symbols"),
    ("card_back", "Card back"),
]


class SettingsScene(Scene):
    """Each row: click the left half to step back, the right half to step on; arrows too."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.selected = 0
        self.buttons = ui.ButtonRow([ui.Button("Done", self.done, key=pygame.K_ESCAPE, primary=True)])
        self.rects: list[pygame.Rect] = []

    def done(self) -> None:
        self.app.save_settings()
        self.app.pop(self)

    def value_text(self, key: str) -> str:
        s = self.app.settings
        value = getattr(s, key)  # dynamic: each row of ROWS names a Settings field
        if key == "volume":
            return f"{round(value * 100)} %"
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def change(self, key: str, step: int) -> None:
        s = self.app.settings
        if key == "fullscreen":
            self.app.toggle_fullscreen()
        elif key == "volume":
            s.volume = round(max(0.0, min(1.0, s.volume + 0.1 * step)), 2)
            self.app.sounds.volume = s.volume
        elif key == "muted":
            s.muted = not s.muted
            self.app.sounds.muted = s.muted
        elif key == "animation_speed":
            s.animation_speed = SPEEDS[(SPEEDS.index(s.animation_speed) + step) % len(SPEEDS)]
        elif key == "colour_blind":
            s.colour_blind = not s.colour_blind
        elif key == "card_back":
            s.card_back = CARD_BACKS[(CARD_BACKS.index(s.card_back) + step) % len(CARD_BACKS)]
        self.app.play("click")
        self.app.save_settings()

    def resize(self, size):
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        self.base = base
        self.box = pygame.Rect(0, 0, min(w - 40, base * 40), min(h - 40, base * 26))
        self.box.center = (w // 2, h // 2)
        bw, bh = int(base * 8), int(base * 2.2)
        self.buttons.buttons[0].rect = pygame.Rect(self.box.right - bw - base, self.box.bottom - bh - base, bw, bh)
        # rows closer together in a low window, so that none slips under Done or off the panel
        top = self.box.y + base * 3.2
        room = self.buttons.buttons[0].rect.y - base * 0.5 - top
        pitch = max(base * 1.2, min(base * 2.6, room / len(ROWS)))
        self.rects = [pygame.Rect(self.box.x + base * 2, top + base * 0.8 * (pitch == base * 2.6)
                                  + i * pitch, self.box.width - base * 4,
                                  min(base * 2.2, pitch - 3)) for i in range(len(ROWS))]

    def value_rect(self, rect):
        return pygame.Rect(rect.right - self.base * 12, rect.y, self.base * 12, rect.height)

    def handle_event(self, event):
        if self.buttons.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, rect in enumerate(self.rects):
                value = self.value_rect(rect)
                if value.collidepoint(event.pos):
                    self.selected = i
                    self.change(ROWS[i][0], -1 if event.pos[0] < value.centerx else 1)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.selected = (self.selected + (-1 if event.key == pygame.K_UP else 1)) % len(ROWS)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN):
                self.change(ROWS[self.selected][0], -1 if event.key == pygame.K_LEFT else 1)
                return True
        return False

    def draw(self, surface):
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        base = self.base
        ui.panel(surface, self.box)
        ui.text(surface, "Settings", int(base * 1.6), (self.box.x + base * 2, self.box.y + base * 1.2),
                colour=ui.GOLD, bold=True)
        for i, ((key, label), rect) in enumerate(zip(ROWS, self.rects)):
            if i == self.selected:
                pygame.draw.rect(surface, (50, 70, 58), rect.inflate(10, 4), border_radius=8)
            ui.text(surface, label, base, (rect.x, rect.centery), anchor="midleft")
            value = self.value_rect(rect)
            pygame.draw.rect(surface, (24, 40, 32), value, border_radius=8)
            ui.text(surface, "<", base, (value.x + base, value.centery), colour=ui.GOLD, anchor="center")
            ui.text(surface, ">", base, (value.right - base, value.centery), colour=ui.GOLD, anchor="center")
            ui.text(surface, self.value_text(key), base, value.center, anchor="center")
        back_rect = self.rects[-1]
        ch = min(int(base * 4), self.box.bottom - base * 2.2 - back_rect.bottom - base)
        if ch >= base * 2:  # the card back's picture, where the window leaves room for it
            preview = card_back(int(ch * 0.7), ch, self.app.settings.card_back)
            surface.blit(preview, (self.box.x + base * 2, back_rect.bottom + base))
        ui.text(surface, f"Saved in {self.where()}", int(base * 0.7),
                (self.box.x + base * 2, self.box.bottom - base * 1.5), colour=ui.DIM,
                max_width=self.box.width - base * 14)
        self.buttons.draw(surface)

    @staticmethod
    def where() -> str:
        from game.core.settings import settings_path
        return str(settings_path().parent)
