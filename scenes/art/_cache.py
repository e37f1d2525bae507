"""A small memo for drawn surfaces: same arguments, same Surface object.

Colours may arrive as tuples, lists or pygame.Color; they are normalised to tuples so that
(250, 247, 240) and pygame.Color(250, 247, 240) hit the same entry. Cached surfaces are shared:
callers blit them and never draw on them (copy() first if you must).
"""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, TypeVar

import pygame

F = TypeVar("F", bound=Callable[..., Any])

_ALL: list[Any] = []


def _norm(value: Any) -> Any:
    if isinstance(value, pygame.Color):
        return tuple(value) if value.a != 255 else (value.r, value.g, value.b)
    if isinstance(value, list):
        return tuple(_norm(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def cached(maxsize: int = 256) -> Callable[[F], F]:
    """Decorator: an LRU cache keyed on normalised arguments.

    Arguments are bound to the signature first, so f(1, 2), f(1, h=2) and f(1, 2, default)
    are one entry. A plain dict on the raw arguments sits in front of that (a hit costs about
    a microsecond, binding about ten): it only ever points at entries the LRU made.
    """

    def wrap(func: F) -> F:
        sig = inspect.signature(func)
        inner = functools.lru_cache(maxsize=maxsize)(func)
        fast: dict[Any, Any] = {}

        @functools.wraps(func)
        def call(*args: Any, **kwargs: Any) -> Any:
            key: Any = (args, tuple(kwargs.items())) if kwargs else args
            try:
                return fast[key]
            except KeyError:
                pass
            except TypeError:  # a list or pygame.Color among the arguments
                key = None
            bound = sig.bind(*args, **kwargs)
            bound.apply_defaults()
            result = inner(*(_norm(v) for v in bound.args), **{k: _norm(v) for k, v in bound.kwargs.items()})
            if key is not None:
                if len(fast) >= 2 * maxsize:
                    fast.clear()
                fast[key] = result
            return result

        def cache_clear() -> None:
            fast.clear()
            inner.cache_clear()

        call.cache_clear = cache_clear  # type: ignore[attr-defined]
        call.cache_info = inner.cache_info  # type: ignore[attr-defined]
        _ALL.append(cache_clear)
        return call  # type: ignore[return-value]

    return wrap


def clear_caches() -> None:
    """Forget every drawn surface (e.g. after a display mode change)."""
    for clear in _ALL:
        clear()
