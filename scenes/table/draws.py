"""The order in which cards glide when hidden cards are dealt or drawn: for any card game
with a face-down pile.

The engine reports a hidden card's move with the piece id HIDDEN (nobody may know which card
it is), so the shared table cannot tell which sprite it is. `hidden_draw_order` pairs each
such move with the next card that is new in the target zone: a dealt or drawn card then
flies from the pile to its place in the hand, one after the other (`hidden_step` apart), and
visible cards gathered back onto the pile (a new round) fly there all at once.

A game with a face-down pile returns it from its table's event-order hook::

    def event_order(self, events):
        return hidden_draw_order(events, lambda zone: new_keys(self.contents, self.sprites, zone))
"""
from __future__ import annotations

from typing import Callable, Iterable, Mapping, Optional

from game.core import HIDDEN, Event

Order = dict[str, tuple[Optional[str], Optional[str], float]]


def hidden_key(zone: str, index: int) -> str:
    """The sprite key the shared table gives a hidden piece (scenes/table/pieces.py)."""
    return f"?{zone}:{index}"


def new_keys(contents: Mapping[str, list], sprites: Mapping[str, object], zone: str) -> list[str]:
    """The sprite keys of `zone`'s content that have no sprite yet (the cards just arrived),
    in the zone's order."""
    keys = []
    for index, piece in enumerate(contents.get(zone, [])):
        key = piece if piece != HIDDEN else hidden_key(zone, index)
        if key not in sprites:
            keys.append(key)
    return keys


def hidden_draw_order(events: Iterable[Event], arrivals: Callable[[str], list[str]],
                      pile: str = "draw", hidden_step: float = 0.25) -> Order:
    """Sprite key -> (first source, last target, place in the gliding order) for one change.

    As the shared table's order, plus: a HIDDEN card moved anywhere but `pile` is matched to
    the next of `arrivals(target)` (the keys new in that zone), and cards moved onto `pile`
    all start at once."""
    order: Order = {}
    arrived: dict[str, list[str]] = {}
    count = 0.0
    for event in events:
        if event.kind not in ("move", "flip") or not event.piece:
            continue
        if event.piece == HIDDEN:
            if event.target and event.target != pile:
                if event.target not in arrived:
                    arrived[event.target] = arrivals(event.target)
                if arrived[event.target]:
                    key = arrived[event.target].pop(0)
                    order[key] = (event.source, event.target, count)
                    count += hidden_step
            continue
        if event.piece in order:
            source, _, index = order[event.piece]
            order[event.piece] = (source, event.target, index)
        elif event.target == pile:
            order[event.piece] = (event.source, event.target, count)
        else:
            order[event.piece] = (event.source, event.target, count)
            count += 1
    return order
