"""What a phone is sent and what it may send back (docs/phones.md).

A seat's message is that seat's view (`Engine.view`, plain JSON), its legal actions in their
save-file text with the engine's words for a button, the seats to act, and what just happened:
the events' codes and data with every piece the seat may not identify taken out, and the
narrator's sentences, said from the codes and data (`narration.told`): the same public
sentences the table's log shows. Nothing here decides
a rule: legality, reasons and words all come from the engine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from game.core import HIDDEN, Engine, Event
from game.core.actions import Action, ActionSyntaxError
from game.core.narration import told

SAID = 8  # sentences of the latest events sent with a view
HAND_ZONES = {"finito": "offer{seat}"}  # the zone a seat holds in its hand, when not hand<s>
TOP_ZONES = ("discard",)  # a shared pile whose top card the page pictures
ART_MAX = 120  # pieces pictured in one view at most


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
                 events: Iterable[Event] = (), name: str = "",
                 hands_down: bool = False) -> dict[str, Any]:
    """The whole message for one seat: see the module's docstring. `turn` counts the moves
    so far (a phone sends it back with an act, so a stale tap is told apart). `hands_down`:
    every hand lies face down at the table just now (Flag Finish before Go), so the seat's
    own cards go as '?' and it is offered nothing until the table says go."""
    view = engine.view(state, seat)  # plain JSON already (docs/views.md, tested for every game)
    hand = hand_zone(engine.name, seat)
    if hands_down:
        zones = dict(view.get("zones", {}))
        own = zones.get(hand) or []
        hidden = engine.hidden_pieces(state, seat) | {p for p in own if isinstance(p, str)}
        zones[hand] = [HIDDEN] * len(own)
        view = {**view, "zones": zones}
        legal: list[dict[str, Any]] = []
    else:
        hidden = engine.hidden_pieces(state, seat)
        legal = [legal_entry(engine, state, action, hidden)
                 for action in engine.legal_actions(state, seat)]
    events = list(events)
    public = [public_event(event, hidden) for event in events]
    return {
        "type": "view",
        "game": engine.name,
        "seat": seat,
        "name": name,
        "hand": hand,
        "turn": turn,
        "view": view,
        "hands_down": hands_down,
        "legal": legal,
        "to_act": list(engine.to_act(state)),
        "over": engine.outcome(state) is not None,
        "events": public,
        "said": [line for line in map(told, events) if line][-SAID:],
        "art": pictured(view, hand, legal, hidden),
    }


def hand_zone(game: str, seat: int) -> str:
    """The zone of the view that is this seat's hand on the phone."""
    return HAND_ZONES.get(game, "hand{seat}").format(seat=seat)


def legal_entry(engine: Engine[Any], state: Any, action: Action,
                hidden: set[str]) -> dict[str, Any]:
    """One legal action for the phone: its text, the engine's words, and the piece its gesture
    moves on the table (`piece`, with the zone it leaves, `from`) when it moves one the seat
    may see, so the page can make exactly that card tappable."""
    entry: dict[str, Any] = {"action": action.text(), "words": engine.describe(action)}
    for gesture in engine.gestures(state, action):
        if gesture.piece != HIDDEN and gesture.piece not in hidden:
            entry["piece"] = gesture.piece
            entry["from"] = gesture.source
        break
    return entry


def pictured(view: Any, hand: str, legal: list[dict[str, Any]], hidden: set[str]) -> list[str]:
    """The pieces the page shows as pictures: the seat's hand, the top of a shared pile, and
    the cards its legal actions move out of either. Never a hidden piece, never a '?'. The
    server lets the seat fetch these pictures and no others."""
    zones = view.get("zones", {}) if isinstance(view, dict) else {}
    shown: dict[str, None] = {}
    for piece in zones.get(hand, []):
        shown[piece] = None
    for zone in TOP_ZONES:
        pile = zones.get(zone) or []
        if pile:
            shown[pile[-1]] = None
    for entry in legal:
        if entry.get("from") in (hand, *TOP_ZONES):
            shown[entry["piece"]] = None
    return [p for p in shown if isinstance(p, str) and p != HIDDEN and p not in hidden][:ART_MAX]


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
    data, named = _plain(event.data, hidden)
    shown["data"] = {} if named or not isinstance(data, dict) else data
    value, named = _plain(event.value, hidden)
    shown["value"] = None if named else value
    return shown


def _plain(value: Any, hidden: set[str]) -> tuple[Any, bool]:
    """`value` as plain JSON (tuples and sets as lists, other objects as null), and whether
    any string in it, key or value, is a hidden piece."""
    if isinstance(value, str):
        return value, value in hidden
    if value is None or isinstance(value, (bool, int, float)):
        return value, False
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        named = False
        for key, item in value.items():
            key = str(key)
            out[key], inner = _plain(item, hidden)
            named = named or inner or key in hidden
        return out, named
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        pairs = [_plain(item, hidden) for item in items]
        return [item for item, _ in pairs], any(inner for _, inner in pairs)
    return None, False


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
