"""The table's buttons: one for each legal action that has no drag or click on the table
(End turn, Confirm, ...), in a column at the right whose main button never moves, and the
tool buttons (Menu, Undo, Hint, Rules) under the status bar."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from scenes import widgets as ui

if TYPE_CHECKING:
    from scenes.table.port import TablePort


UNDO_TIP = "Take back your last move (Ctrl+Z)"


def button_column_width(size: tuple[int, int]) -> int:
    """The width of the table's button column at the right edge."""
    return int(ui.ui_size(size) * 8.5)


def action_buttons(table: "TablePort") -> ui.ButtonRow:
    """Buttons for legal actions that have no drag or click on the table, plus the tools."""
    w, h = table.size
    base = ui.ui_size(table.size)
    actions = table.button_actions()
    bw, bh = button_column_width(table.size), int(base * 2.0)
    buttons = []
    for i, action in enumerate(actions[:9]):
        label = table.engine.describe(action)
        buttons.append(ui.Button(label, partial(table.act, action), key=pygame.K_1 + i,
                                 primary=i == 0, tip=f"{label} ({i + 1})"))
    # the first button (End turn, Confirm) always sits in the bottom slot, others above it,
    # so the main button never moves under a player's pointer
    x = w - bw - base
    for i, button in enumerate(buttons):
        button.rect = pygame.Rect(x, h - base - bh - i * (bh + 8), bw, bh)
    tw, th = max(60, int(base * 4.2)), max(26, int(base * 1.5))  # labels of 11 px at least
    bar_h = int(base * 2.1)
    ui.stack_buttons(table.tools.buttons, w - 4 * (tw + 6) - base // 2,
                     (bar_h - th) // 2 + bar_h, tw, th, gap=6, horizontal=True)
    back, why_not = table.match.undo_span(table.perspective)
    undo = table.tools.buttons[1]
    undo.enabled = back > 0
    # a greyed Undo says why it cannot be used now, never a shortcut that does nothing; a game
    # that never takes back (played in real time) says so from its first move on
    undo.tip = UNDO_TIP if back > 0 else (
        table.engine.undo_refusal(table.state) or why_not)
    return ui.ButtonRow(buttons)
