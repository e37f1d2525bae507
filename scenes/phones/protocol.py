"""What a phone is sent and what it may send back (docs/phones.md).

A seat's message is that seat's view (`Engine.view`, plain JSON), its legal actions in their
save-file text with the engine's words for a button, the seats to act, and what just happened:
the events' codes and data with every piece the seat may not identify taken out, and the
narrator's sentences, said from the codes and data (`narration.told`): the same public
sentences the table's log shows. Nothing here decides
a rule: legality, reasons and words all come from the engine.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from game.core import HIDDEN, Engine, Event, to_json
from game.core.actions import Action, ActionSyntaxError
from game.core.narration import told

SAID = 8  # sentences of the latest events sent with a view


@dataclass(frozen=True)
class Refusal:
    """Why an act from a phone is not applied: `kind` is `not understood` (the text spells
    no action of the game), `not yours` (another seat's action), `stale` (the table moved on
    since the phone's view) or `illegal` (the rules refuse it; `reason` is the engine's)."""

    kind: str
    reason: str

    def message(self, action: str = "") -> dict[str, Any]:
        return {"type": "refused", "why": self.kind, "reason": self.reason,
                "action": action[:200]}


def view_message(engine: Engine[Any], state: Any, seat: int, turn: int,
                 events: Iterable[Event] = (), name: str = "") -> dict[str, Any]:
    """The whole message for one seat: see the module's docstring. `turn` counts the moves
    so far (a phone sends it back with an act, so a stale tap is told apart)."""
    hidden = engine.hidden_pieces(state, seat)
    view = json.loads(to_json(engine.view(state, seat)))
    legal = [{"action": action.text(), "words": engine.describe(action)}
             for action in engine.legal_actions(state, seat)]
    events = list(events)
    public = [public_event(event, hidden) for event in events]
    return {
        "type": "view",
        "seat": seat,
        "name": name,
        "turn": turn,
        "view": view,
        "legal": legal,
        "to_act": list(engine.to_act(state)),
        "over": engine.outcome(state) is not None,
        "events": public,
        "said": [line for line in map(told, events) if line][-SAID:],
    }


def public_event(event: Event, hidden: set[str]) -> dict[str, Any]:
    """An event as a seat may be told it: a hidden piece shows as '?' (a face-down card
    still tells that something moved), and particulars that would name a hidden piece are
    left out."""
    piece = event.piece
    if piece is not None and piece in hidden:
        piece = HIDDEN
    shown: dict[str, Any] = {"kind": event.kind, "code": event.code, "piece": piece,
                            "source": event.source, "target": event.target,
                            "seat": event.seat}
    data = json.loads(to_json(event.data)) if event.data else {}
    if data and not _clean(to_json(data), hidden):
        data = {}
    shown["data"] = data
    value = event.value
    try:
        value_text = to_json(value)
    except TypeError:
        value = None
    else:
        value = json.loads(value_text) if _clean(value_text, hidden) else None
    shown["value"] = value
    return shown


def _clean(text: str, hidden: set[str]) -> bool:
    """Does this JSON text name none of the hidden pieces (as a string of its own)?"""
    return not any(f'"{piece}"' in text for piece in hidden)


def check_act(engine: Engine[Any], state: Any, seat: int, message: dict[str, Any],
              turn: int) -> Action | Refusal:
    """The action a phone's `act` asks for, as the engine lists it, or why it is refused.

    Parse errors are told apart from illegal moves (as python-chess does): a text that spells
    no action is `not understood`; an action of another seat is `not yours` (a seat's secret
    acts only for that seat); a phone whose view is behind the table is `stale` (except in a
    real-time round, where every seat acts on the position as it stands and the engine's time
    rules decide); an action the rules refuse carries the engine's own reason."""
    text = message.get("action")
    if not isinstance(text, str):
        return Refusal("not understood", "That is not an action.")
    try:
        action = engine.parse_action(text)
    except (ActionSyntaxError, ValueError, TypeError):
        return Refusal("not understood", "That is not an action of this game.")
    if action.seat != seat:
        return Refusal("not yours", "That is another seat's move.")
    if message.get("turn") != turn and not engine.clocked(state):
        return Refusal("stale", "The table moved on: look again.")
    for legal in engine.legal_actions(state, seat):
        if legal == action:
            return legal
    try:
        reason = engine.explain(state, action)
    except Exception:  # an action of the right shape the rules cannot even place
        reason = "That move is not allowed now."
    return Refusal("illegal", reason)
