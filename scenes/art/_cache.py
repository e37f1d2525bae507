"""The memo for drawn surfaces: same arguments, same Surface object, within firm bounds.

Colours may arrive as tuples, lists or pygame.Color; they are normalised to tuples so that
(250, 247, 240) and pygame.Color(250, 247, 240) hit the same entry. Cached surfaces are shared:
callers blit them and never draw on them (copy() first if you must).

Two bounds hold at once, both least recently used first out:

- each drawing function keeps at most `maxsize` pictures (its own `cached(maxsize=...)`);
- all of them together keep at most `budget()` bytes of pixels, SCREENFULS times the window's
  own pixels and never under PICTURE_BUDGET: pictures drawn for a window size no longer shown
  are let go as the new size's pictures come in, whichever function drew them. (Before this,
  the memos held up to three times their maxsize, and a window resized through eight sizes
  kept every size's felt and cards.)

A picture let go gives its memory back to the system (see _pictures_in_their_own_pages).

A picture first drawn at a new size can cost tens of milliseconds; a table drawn afresh for a
new window size asks for a hundred of them at once. Inside `steps.frame()` a function cached with
`stand_in=` gives, once the frame's drawing budget is spent, its picture at another size
scaled to this one, and draws the real one in a later frame (`steps.settle()`); see Steps.
"""
from __future__ import annotations

import functools
import inspect
import itertools
import sys
import time
from collections import OrderedDict
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional, Sequence, TypeVar

import pygame

F = TypeVar("F", bound=Callable[..., Any])

MB = 1 << 20
PICTURE_BUDGET = 64 * MB  # pixels all memos together keep at least (a 1920x1080 felt is 8 MB)
SCREENFULS = 5  # ... and up to this many of the window's own: a table, its felt and the last size

_MISSING = object()
_ticks = itertools.count(1)  # one tick per use of any picture: the oldest tick is let go first
_CLEARS: list[Callable[[], None]] = []  # every memo's cache_clear


def _norm(value: Any) -> Any:
    if isinstance(value, pygame.Color):
        return tuple(value) if value.a != 255 else (value.r, value.g, value.b)
    if isinstance(value, list):
        return tuple(_norm(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def picture_bytes(value: Any) -> int:
    """The pixel bytes a memo's value holds (a Surface, or Surfaces in a tuple, list or dict)."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, (tuple, list)):
        return sum(picture_bytes(v) for v in value)
    if isinstance(value, dict):
        return sum(picture_bytes(v) for v in value.values())
    return 0


def budget() -> int:
    """The bytes of pixels all memos together may keep for the window shown now."""
    try:
        screen = pygame.display.get_surface() if pygame.display.get_init() else None
    except pygame.error:
        screen = None
    shown = screen.get_width() * screen.get_height() * 4 if screen is not None else 0
    return max(PICTURE_BUDGET, SCREENFULS * shown)


def _pictures_in_their_own_pages() -> None:
    """Ask glibc to give every block of 128 KB or more its own pages, returned when freed.

    By default glibc raises that threshold to the size of each large block freed, up to 32 MB:
    once a felt of 8 MB was let go, every later picture came from the heap, which does not
    shrink, and the memory of pictures let go stayed with the process (a tour of the games
    with resizes ended some 85 MB higher than with this, the same pictures kept). Elsewhere: nothing to do.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes  # packaged with the executable on Linux for this alone (build.spec)
        ctypes.CDLL(None).mallopt(-3, 128 * 1024)  # M_MMAP_THRESHOLD; fixed, so never raised
    except (ImportError, OSError, AttributeError, TypeError):  # no ctypes, or not glibc
        pass


_pictures_in_their_own_pages()


class Pictures:
    """One drawing function's pictures, least recently used first (an entry is
    [value, bytes, last use]); every store also counts toward budget()."""

    stores: list["Pictures"] = []
    total = 0  # bytes held by all stores

    def __init__(self, name: str, maxsize: int) -> None:
        self.name = name
        self.maxsize = max(1, int(maxsize))
        self.entries: OrderedDict[Any, list] = OrderedDict()
        self.nbytes = 0
        Pictures.stores.append(self)

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: Any) -> Any:
        entry = self.entries.get(key)
        if entry is None:
            return _MISSING
        self.entries.move_to_end(key)
        entry[2] = next(_ticks)
        return entry[0]

    def put(self, key: Any, value: Any) -> None:
        if key in self.entries:
            self._drop(key)
        size = picture_bytes(value)
        self.entries[key] = [value, size, next(_ticks)]
        self.nbytes += size
        Pictures.total += size
        while len(self.entries) > self.maxsize:
            self._drop(next(iter(self.entries)))
        if Pictures.total > PICTURE_BUDGET:
            Pictures.make_room(keep=(self, key), limit=budget())

    def _drop(self, key: Any) -> None:
        entry = self.entries.pop(key)
        self.nbytes -= entry[1]
        Pictures.total -= entry[1]

    def clear(self) -> None:
        Pictures.total -= self.nbytes
        self.entries.clear()
        self.nbytes = 0

    def recent(self) -> Iterator[tuple[Any, Any]]:
        """(key, value), most recently used first."""
        for key in reversed(self.entries):
            yield key, self.entries[key][0]

    @classmethod
    def make_room(cls, keep: tuple["Pictures", Any], limit: int) -> None:
        """Let the least recently used pictures of all stores go until they fit in `limit`
        bytes (never `keep`, the one just drawn)."""
        while cls.total > limit:
            oldest: Optional[Pictures] = None
            oldest_key, tick = None, 0
            for store in cls.stores:
                if not store.nbytes:
                    continue
                for key, entry in store.entries.items():  # its least recently used entry
                    if store is keep[0] and key == keep[1]:
                        continue
                    if oldest is None or entry[2] < tick:
                        oldest, oldest_key, tick = store, key, entry[2]
                    break
            if oldest is None:
                return
            oldest._drop(oldest_key)


def cached(maxsize: int = 256, stand_in: Sequence[str] = ()) -> Callable[[F], F]:
    """Decorator: a memo keyed on normalised arguments, at most `maxsize` pictures (and its
    part of budget()), least recently used first out.

    Arguments are bound to the signature first, so f(1, 2), f(1, h=2) and f(1, 2, default)
    are one entry. A plain dict from the raw arguments to that key sits in front (a hit costs
    about a microsecond, binding about ten); it holds keys only, never a picture.

    `stand_in` names the arguments that carry the picture's size (("w", "h"), ("d",) or
    ("size",) for a (w, h) pair): with it, inside `steps.frame()` and past the frame's drawing
    budget, the same picture at another size is scaled to stand in (see Steps).
    """

    def wrap(func: F) -> F:
        sig = inspect.signature(func)
        store = Pictures(f"{func.__module__}.{func.__qualname__}", maxsize)
        keys: dict[Any, Any] = {}
        sizes = [list(sig.parameters).index(name) for name in stand_in]
        entries, move_to_end = store.entries, store.entries.move_to_end

        @functools.wraps(func)
        def call(*args: Any, **kwargs: Any) -> Any:
            raw: Any = (args, tuple(kwargs.items())) if kwargs else args
            try:
                key = keys[raw]
            except KeyError:
                key = None
            except TypeError:  # a list or pygame.Color among the arguments
                raw = key = None
            if key is not None:  # (Pictures.get written out: this is every frame's path)
                entry = entries.get(key)
                if entry is not None:
                    move_to_end(key)
                    entry[2] = next(_ticks)
                    return entry[0]
            bound = sig.bind(*args, **kwargs)
            bound.apply_defaults()
            nargs = tuple(_norm(v) for v in bound.args)
            nkwargs = {k: _norm(v) for k, v in bound.kwargs.items()}
            key = (nargs, tuple(nkwargs.items())) if nkwargs else nargs
            if raw is not None:
                if len(keys) >= 4 * store.maxsize:
                    keys.clear()
                keys[raw] = key
            value = store.get(key)
            if value is not _MISSING:
                return value
            if sizes and steps.active:
                standing = steps.stand_in(store, key, nargs, sizes, lambda: func(*nargs, **nkwargs))
                if standing is not None:
                    return standing
            return steps.draw(store, key, lambda: func(*nargs, **nkwargs))

        def cache_clear() -> None:
            keys.clear()
            store.clear()
            steps.forget(store)

        call.cache_clear = cache_clear  # type: ignore[attr-defined]
        call.pictures = store  # type: ignore[attr-defined]
        _CLEARS.append(cache_clear)
        return call  # type: ignore[return-value]

    return wrap


def _size_of(args: tuple, sizes: list[int]) -> Optional[tuple[float, float]]:
    """The (w, h) a picture's size arguments say: ("w", "h"), ("d",) or ("size",) as a pair."""
    try:
        values = [args[i] for i in sizes]
        if len(values) == 2:
            return float(values[0]), float(values[1])
        (one,) = values
        if isinstance(one, (tuple, list)):
            return float(one[0]), float(one[1])
        return float(one), float(one)
    except (IndexError, TypeError, ValueError):
        return None


def _same_but_size(a: tuple, b: tuple, sizes: list[int]) -> bool:
    return len(a) == len(b) and all(x == y for i, (x, y) in enumerate(zip(a, b)) if i not in sizes)


class Steps:
    """Pictures first drawn in steps, a few a frame, with scaled stand-ins meanwhile.

    A scene opts in around the code that asks for its pictures (`with steps.frame():`, with
    `new_size=True` when the window size changed: what still waits was for the old size).
    There, once `budget` seconds were spent drawing in this frame, a function cached with
    `stand_in=` answers with its most recently used picture of the same arguments at another
    size, smoothscaled to the asked size, and puts the real drawing in the queue. The scene
    calls `settle()` once a frame: it draws waiting pictures for up to `budget` seconds (at
    least one) and moves `generation` on, so the scene knows to ask for its pictures again
    (they are real now). Outside `frame()` every picture is drawn when it is asked for.
    """

    budget = 0.025
    lone_frame = 0.1  # a frame() this long after the last settle() starts a budget of its own

    def __init__(self) -> None:
        self.active = 0
        self.spent = 0.0
        self.started = 0.0
        self.waiting: OrderedDict[tuple[int, Any], tuple[Pictures, Any, Callable[[], Any], Any]] = OrderedDict()
        self.generation = 0
        self.drawn = 0  # pictures drawn for real, each with its parts (tests count work, never time)
        self.depth = 0  # pictures being drawn now, one inside another
        self.clock: Callable[[], float] = time.perf_counter

    @contextmanager
    def frame(self, new_size: bool = False) -> Iterator[None]:
        if new_size:
            self.waiting.clear()
        if new_size or (not self.active and self.clock() - self.started > self.lone_frame):
            self.spent, self.started = 0.0, self.clock()
        self.active += 1
        try:
            yield
        finally:
            self.active -= 1

    def draw(self, store: Pictures, key: Any, make: Callable[[], Any]) -> Any:
        """Draw a picture now, count its time against the frame's budget and keep it."""
        value = self._make(make)
        store.put(key, value)
        self.waiting.pop((id(store), key), None)
        return value

    def _make(self, make: Callable[[], Any]) -> Any:
        outer = self.depth == 0  # a picture drawn inside another counts once, as the outer one
        start = self.clock() if outer else 0.0
        self.depth += 1
        try:
            value = make()
        finally:
            self.depth -= 1
        if outer:
            self.drawn += 1
            self.spent += self.clock() - start
        return value

    def stand_in(self, store: Pictures, key: Any, args: tuple, sizes: list[int],
                 make: Callable[[], Any]) -> Optional[Any]:
        """A scaled stand-in when the frame's budget is spent and one can be had, else None."""
        if self.spent < self.budget or self.depth:  # never a stand-in inside a real picture
            return None
        wait = self.waiting.get((id(store), key))
        if wait is not None:
            return wait[3]
        want = _size_of(args, sizes)
        if want is None:
            return None
        for other, picture in store.recent():
            if not isinstance(picture, pygame.Surface) or not _same_but_size(other, args, sizes):
                continue
            had = _size_of(other, sizes)
            if not had or not all(had):
                continue
            w = max(1, round(picture.get_width() * want[0] / had[0]))
            h = max(1, round(picture.get_height() * want[1] / had[1]))
            scaled = _scaled(picture, (w, h))
            self.waiting[(id(store), key)] = (store, key, make, scaled)
            return scaled
        return None

    def settle(self) -> bool:
        """Draw waiting pictures for up to `budget` seconds (at least one); True when any was
        drawn (`generation` moved on: ask for the pictures again). Starts the frame's budget."""
        self.spent, self.started = 0.0, self.clock()
        done = False
        while self.waiting and (not done or self.spent < self.budget):
            (_, _), (store, key, make, _) = self.waiting.popitem(last=False)
            if store.get(key) is _MISSING:
                store.put(key, self._make(make))
            done = True
        if done:
            self.generation += 1
        return done

    def forget(self, store: Optional[Pictures] = None) -> None:
        """Drop what waits (for one store, or all)."""
        if store is None:
            self.waiting.clear()
        else:
            for wait_key in [k for k, w in self.waiting.items() if w[0] is store]:
                del self.waiting[wait_key]


SMOOTH_STAND_IN = 250_000  # pixels: a larger stand-in (a felt, a pitch) is scaled plainly


def _scaled(picture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A stand-in: smoothscaled, or for a picture the size of a window (which shows for a frame
    or two and has no fine edges to spoil) scaled plainly, ten times faster."""
    if picture.get_size() == size:
        return picture
    if size[0] * size[1] <= SMOOTH_STAND_IN:
        try:
            return pygame.transform.smoothscale(picture, size)
        except (ValueError, pygame.error):  # a palette or 8-bit picture: plain scaling
            pass
    return pygame.transform.scale(picture, size)


steps = Steps()


def clear_caches() -> None:
    """Forget every drawn surface (e.g. after a display mode change)."""
    for clear in _CLEARS:
        clear()
    steps.forget()


def memo_report() -> list[tuple[str, int, int, int]]:
    """(name, pictures, bytes, maxsize) of every memo, the largest first (for benches)."""
    rows = [(s.name, len(s), s.nbytes, s.maxsize) for s in Pictures.stores]
    return sorted(rows, key=lambda r: -r[2])
