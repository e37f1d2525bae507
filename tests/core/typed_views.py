"""Checking a view against its TypedDict (game/<game>/view.py): the games' view tests share it."""
from __future__ import annotations

import typing
from typing import Any, Union, get_args, get_origin, get_type_hints


def matches(value: Any, hint: Any) -> bool:
    """Does `value` have the type `hint` (the few kinds of hint a view uses)?"""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if origin is Union:
        return any(matches(value, arg) for arg in get_args(hint))
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(matches(v, item) for v in value)
    if origin is dict:
        key, item = get_args(hint)
        return isinstance(value, dict) and all(matches(k, key) and matches(v, item)
                                               for k, v in value.items())
    if typing.is_typeddict(hint):
        return isinstance(value, dict) and problems(value, hint) == []
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def problems(value: dict[str, Any], typed: Any) -> list[str]:
    """What differs between a dict and a TypedDict: missing, extra and mistyped keys."""
    hints = get_type_hints(typed)
    required = typed.__required_keys__  # a key of a total=False part may be absent
    found = [f"missing {k}" for k in hints if k not in value and k in required]
    found += [f"extra {k}" for k in value if k not in hints]
    found += [f"{k}={value[k]!r} is not {hints[k]}" for k in hints
              if k in value and not matches(value[k], hints[k])]
    return found
