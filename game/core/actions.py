"""Actions as small frozen values with a stable text form, and the errors around them.

Every game's actions subclass `Action` as frozen dataclasses. The first field is always
`seat`; `kind` names the action in its text form. The text form is
``"<seat> <kind> <arg> <arg> ..."``: ints as decimals, strings as single words, tuples of
ints or words joined by commas (``-`` for an empty tuple), ``None`` as ``_``.
That text goes into saves, logs and test names, and `parse_action` reads it back.
"""
from __future__ import annotations

import dataclasses
import typing
from typing import Any, ClassVar


class IllegalAction(Exception):
    """An action the rules refuse; `reason` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ActionSyntaxError(ValueError):
    """Text that does not spell an action of the game."""


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game action. Subclasses are frozen dataclasses with a `kind`."""

    seat: int
    kind: ClassVar[str] = "action"

    def args(self) -> tuple[Any, ...]:
        """The field values after `seat`, in declaration order."""
        return tuple(getattr(self, f.name) for f in dataclasses.fields(self)[1:])

    def text(self) -> str:
        """The stable text form, e.g. ``"0 activate 23"``."""
        parts = [str(self.seat), self.kind]
        parts.extend(_encode(v) for v in self.args())
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()


class TimedAction(Action):
    """An action that carries the time it was taken, `ms`, as its last field (games played
    on a clock: Finita's windows, Flag Finish's races). Each subclass declares it last, as
    ``ms: int = time_field()``, so the text form ends with the time; the time takes no part
    in equality, so a legal action with any time is the listed one. Times are checked by the
    engine's `time_problem`."""

    ms: int  # declared by each subclass (a dataclass field must follow the others)

    def at(self, ms: int) -> "TimedAction":
        """This action stamped with `ms` (a copy; what dataclasses.replace does, without its
        checks: the referee stamps every action of a simulated match)."""
        stamped = object.__new__(type(self))
        stamped.__dict__.update(self.__dict__)
        object.__setattr__(stamped, "ms", ms)
        return stamped


def time_field() -> Any:
    """The `ms` field of a TimedAction: 0 unless stamped, outside equality."""
    return dataclasses.field(default=0, compare=False)


def time_of_action(action: Action) -> int:
    """When `action` was taken, in ms (0 for an action that carries no time)."""
    return action.ms if isinstance(action, TimedAction) else 0


def _encode(value: Any) -> str:
    if value is None:
        return "_"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ",".join(_encode(v) for v in value) if value else "-"
    text = str(value)
    if not text or any(c.isspace() for c in text) or "," in text:
        raise ValueError(f"cannot encode {value!r} as one word of an action")
    return text


def _decode(raw: str, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or (origin is not None and type(None) in args):
        if raw == "_":
            return None
        inner = [a for a in args if a is not type(None)]
        return _decode(raw, inner[0], where)
    if origin in (tuple, list):
        item = args[0] if args else str
        if raw == "-":
            return tuple()
        return tuple(_decode(part, item, where) for part in raw.split(","))
    if hint is bool:
        if raw in ("yes", "no"):
            return raw == "yes"
        raise ActionSyntaxError(f"{where}: expected yes or no, got {raw!r}")
    if hint is int:
        try:
            return int(raw)
        except ValueError:
            raise ActionSyntaxError(f"{where}: expected a whole number, got {raw!r}") from None
    return raw


def parse_action(text: str, kinds: dict[str, type[Action]]) -> Action:
    """Read the text form back into an action of one of `kinds` (kind -> class)."""
    words = str(text).split()
    if len(words) < 2:
        raise ActionSyntaxError(f"{text!r} is not an action: expected '<seat> <kind> ...'")
    try:
        seat = int(words[0])
    except ValueError:
        raise ActionSyntaxError(f"{text!r}: the seat {words[0]!r} is not a number") from None
    cls = kinds.get(words[1])
    if cls is None:
        known = ", ".join(sorted(kinds))
        raise ActionSyntaxError(f"{text!r}: unknown action {words[1]!r} (known: {known})")
    fields = _argument_fields(cls)
    rest = words[2:]
    if len(rest) != len(fields):
        raise ActionSyntaxError(
            f"{text!r}: {cls.kind} takes {len(fields)} argument(s), got {len(rest)}")
    values = [_decode(raw, hint, f"{text!r} {name}") for raw, (name, hint) in zip(rest, fields)]
    return cls(seat, *values)


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _argument_fields(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    """(name, type) of an action class's fields after `seat`, worked out once per class:
    reading type hints costs far more than reading a whole action, and replays read
    thousands."""
    found = _FIELDS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _FIELDS[cls] = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls)[1:])
    return found


def action_kinds(*classes: type[Action]) -> dict[str, type[Action]]:
    """A kind -> class table, refusing two classes with one kind."""
    table: dict[str, type[Action]] = {}
    for cls in classes:
        if cls.kind in table:
            raise ValueError(f"two actions share the kind {cls.kind!r}")
        table[cls.kind] = cls
    return table
