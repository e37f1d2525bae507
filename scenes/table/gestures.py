"""How a person does an action at the table: the pygame events of the gesture, the button or
the key that makes it, worked out from the table as it is laid out now (the hook
`inputs_for`, see docs/table.md).

The shared table knows the engine's gestures (a drag of a piece onto a target, a click on a
piece) and the button column (one button per legal action that has no gesture); a game's
table adds what is its own (a chooser on the felt, a real-time key, a screen of its own over
the table) and calls `table_inputs` for the rest. Tests drive every table through this: they
post the events, never call `act`.

An action may take several steps on screen: a drop that could mean two things opens a
choice, whose button is the next step. Each call answers for the screen as it stands; the
caller posts the events and asks again until the action is made. Where several gestures do
the same thing, the one given turns with the number of moves made, so a long game uses them
all.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Optional, Sequence

import pygame

from game.core import Gesture
from scenes.table.input import CLICK_SLOP
from scenes.table.lift import Lift

if TYPE_CHECKING:
    from scenes.table.overlays import ChoicePopup
    from scenes.table.port import TablePort

Point = tuple[int, int]
Events = list[pygame.event.Event]


# -- the events of a click, a drag, a key -------------------------------------------------

def click(pos: Point, button: int = 1) -> Events:
    """A press and a release at one spot."""
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def drag(start: Point, end: Point, steps: int = 4) -> Events:
    """Press at `start`, move to `end` and let go there. A short drag goes out past the
    click's slop first, so that it is a drag and never taken for a click."""
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    path: list[Point] = []
    if abs(end[0] - start[0]) + abs(end[1] - start[1]) <= CLICK_SLOP * 2:
        path.append((start[0], start[1] - CLICK_SLOP * 4))
    for i in range(1, steps + 1):
        path.append((start[0] + (end[0] - start[0]) * i // steps,
                     start[1] + (end[1] - start[1]) * i // steps))
    for pos in path:
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    return events


def key(k: int, mod: int = 0) -> Events:
    """A key pressed and let go."""
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


def press_button(button: Any, turn: int = 0) -> Optional[Events]:
    """A click on an enabled button, or (every other turn) its key if it has one."""
    if button is None or not button.enabled or not button.rect.width:
        return None
    if turn % 2 and button.key is not None:
        return key(button.key)
    return click(button.rect.center)


# -- the shared table's own ways ----------------------------------------------------------

def table_inputs(table: "TablePort", action: Any,
                 avoid: Sequence[pygame.Rect] = ()) -> Optional[Events]:
    """The events that make `action` at the shared table now: its choice popup if one is
    open, else a gesture the engine names for it (a drag or a click on a piece), else its
    button. None if the table offers no way. `avoid`: places where a press means something
    else (a game's own buttons on the felt)."""
    from scenes.table.overlays import ChoicePopup
    top = table.app.manager.top
    if isinstance(top, ChoicePopup) and top.table is table:
        return popup_choice(top, action, table)
    if top is not table:
        return None
    turn = len(table.match.steps)
    gestures = table.engine.gestures(table.state, action)
    if not gestures:
        return button_for(table, action, turn)
    ways = [found for g in gestures if (found := gesture_events(table, g, avoid)) is not None]
    return ways[turn % len(ways)] if ways else None


def popup_choice(popup: "ChoicePopup", action: Any, table: "TablePort") -> Optional[Events]:
    """The button of a choice popup that picks `action` (by click or its number key)."""
    actions = list(popup.actions)
    if action not in actions:
        return None
    return press_button(popup.buttons.buttons[actions.index(action)], len(table.match.steps))


def button_index(table: "TablePort", action: Any, actions: list) -> Optional[int]:
    """Where `action` stands among the actions a row of buttons offers: itself, or, where
    the table offers one button for actions that read the same (two identical cards laid
    in either order), the action that button stands for."""
    if action in actions:
        return actions.index(action)
    words = table.engine.describe(action)
    same = [i for i, a in enumerate(actions) if table.engine.describe(a) == words]
    return same[0] if same else None


def button_for(table: "TablePort", action: Any, turn: int = 0) -> Optional[Events]:
    """The table's button for an action with no gesture (the column at the right, one a
    legal action in the order `button_actions` gives them)."""
    index = button_index(table, action, table.button_actions())
    buttons = table.buttons.buttons
    if index is None or index >= len(buttons):
        return None
    return press_button(buttons[index], turn)


def gesture_events(table: "TablePort", gesture: Gesture,
                   avoid: Sequence[pygame.Rect] = ()) -> Optional[Events]:
    """A click or a drag that the table reads as `gesture`, or None if it cannot be done
    from here (the piece is out of sight, no spot of the target is free)."""
    inp = table.input
    sprite = inp.sprite_of(gesture.piece, gesture.source)
    if sprite is None or sprite.zone != gesture.source or sprite.remove_when_done:
        return None
    blocked = list(avoid) + buttons_on_screen(table)
    targets = inp.drag_targets(sprite.piece, sprite.zone)
    if gesture.target is None:
        if not targets:
            starts = visible_points(table, sprite, blocked, 1)
            return click(starts[0]) if starts else None
        starts = visible_points(table, sprite, blocked, 42)
        with lifted(sprite):  # a pressed piece that may also be dragged is lifted (larger)
            means = [pos for pos in starts if table.click_means_action(sprite, pos)]
        return click(means[len(means) // 2]) if means else None
    starts = visible_points(table, sprite, blocked, 1)
    end = drop_point(table, Lift(sprite, sprite.zone, targets), gesture.target, blocked)
    if end is None or not starts:
        return None
    return drag(starts[0], end)


@contextmanager
def lifted(sprite: Any) -> Iterator[None]:
    """The piece as it is while pressed: lifted, a little larger (what the table asks
    about at the release)."""
    was = sprite.lifted
    sprite.lifted = True
    sprite.refresh()
    try:
        yield
    finally:
        sprite.lifted = was
        sprite.refresh()


def buttons_on_screen(table: "TablePort") -> list[pygame.Rect]:
    """The shared table's buttons: a press there is the button's, not a piece's."""
    return [b.rect for b in list(table.buttons.buttons) + list(table.tools.buttons) if b.rect.width]


def visible_points(table: "TablePort", sprite: Any, blocked: Iterable[pygame.Rect] = (),
                   enough: int = 5) -> list[Point]:
    """Up to `enough` spots where a press takes this piece (no other piece lies over it
    there, no button), from its middle outwards."""
    rect = sprite.rect
    blocked = list(blocked)
    found: list[Point] = []
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85, 0.93):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85, 0.05, 0.95):
            pos = (int(rect.x + rect.width * fx), int(rect.y + rect.height * fy))
            if any(r.collidepoint(pos) for r in blocked):
                continue
            under = table.input.sprite_at(pos)
            if under is None or under.piece != sprite.piece or under.zone != sprite.zone:
                continue
            found.append(pos)
            if len(found) >= enough:
                return found
    return found


def drop_point(table: "TablePort", lift: Lift, target: str,
               blocked: Iterable[pygame.Rect] = ()) -> Optional[Point]:
    """A spot where letting go of the lifted piece means `target` (a piece, a zone, or a
    zone's slot 'zone#2'), as the table itself reads a drop: the spot where the piece would
    lie if one is, else the first of a finer and finer search over the place."""
    blocked = list(blocked)

    def means(pos: Point) -> bool:
        return (not any(r.collidepoint(pos) for r in blocked)
                and table.input.target_at(pos, lift) == target)

    if target in table.sprites:
        area = table.sprites[target].rect
        first = [area.center]
    else:
        zone = table.zones.get(target.split("#")[0])
        if zone is None:
            return None
        area = zone.rect
        first = [natural_spot(table, zone, lift, target), area.center]
    for pos in first:
        if pos is not None and means(pos):
            return pos
    for parts in (4, 12, 40):
        xs = sorted({area.left + area.width * (2 * i + 1) // (2 * parts) for i in range(parts)})
        ys = sorted({area.top + area.height * (2 * i + 1) // (2 * min(parts, 12))
                     for i in range(min(parts, 12))}, key=lambda y: abs(y - area.centery))
        for y in ys:
            for x in xs:
                if means((x, y)):
                    return (x, y)
    return None


def natural_spot(table: "TablePort", zone: Any, lift: Lift, target: str) -> Optional[Point]:
    """Where a person would let go to mean a slot of a zone: a grid's cell, or in a row the
    gap between the two pieces the new one goes between."""
    _, _, slot = target.partition("#")
    if not slot.isdigit():
        return None
    index = int(slot)
    if zone.layout == "grid":
        return zone.cell_rect(index).center
    count = len(table.contents.get(zone.id, []))
    if zone.id == lift.source:
        count -= 1
    spots = zone.positions(max(count, 1))
    axis = 1 if zone.layout == "column" else 0
    if count <= 0:
        here = spots[0][axis]
    elif index <= 0:
        here = spots[0][axis] - zone.step(count) / 2
    elif index >= count:
        here = spots[-1][axis] + zone.step(count) / 2
    else:
        here = (spots[index - 1][axis] + spots[index][axis]) / 2
    centre = zone.rect.center
    return (int(here), centre[1]) if axis == 0 else (centre[0], int(here))


__all__ = ["button_for", "click", "drag", "drop_point", "gesture_events", "key",
           "popup_choice", "press_button", "table_inputs", "visible_points"]
