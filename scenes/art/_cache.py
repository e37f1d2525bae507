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
from typing import (Any, Callable, Generator, Iterator, Literal, Optional, ParamSpec, Sequence,
                    TypeVar, overload)

import pygame

F = TypeVar("F", bound=Callable[..., Any])
P = ParamSpec("P")
R = TypeVar("R")

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


@overload
def cached(maxsize: int = ..., stand_in: Sequence[str] = ...,
           parts: Literal[False] = ...) -> Callable[[F], F]: ...


@overload
def cached(maxsize: int = ..., stand_in: Sequence[str] = ..., *,
           parts: Literal[True]) -> Callable[[Callable[P, Generator[Any, Any, R]]], Callable[P, R]]: ...


def cached(maxsize: int = 256, stand_in: Sequence[str] = (), parts: bool = False) -> Any:
    """Decorator: a memo keyed on normalised arguments, at most `maxsize` pictures (and its
    part of budget()), least recently used first out.

    Arguments are bound to the signature first, so f(1, 2), f(1, h=2) and f(1, 2, default)
    are one entry. A plain dict from the raw arguments to that key sits in front (a hit costs
    about a microsecond, binding about ten); it holds keys only, never a picture.

    `stand_in` names the arguments that carry the picture's size (("w", "h"), ("d",) or
    ("size",) for a (w, h) pair): with it, inside `steps.frame()` and past the frame's drawing
    budget, the same picture at another size is scaled to stand in (see Steps).

    `parts=True`: the function is a generator that yields between the parts of its drawing
    and returns the picture; inside `steps.frame()` it is drawn a few parts a frame.
    """

    def wrap(func: Callable[..., Any]) -> Any:
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
            if steps.active:
                return steps.asked(store, key, nargs, sizes, lambda: func(*nargs, **nkwargs), parts)
            return steps.draw(store, key, lambda: func(*nargs, **nkwargs), parts)

        def cache_clear() -> None:
            keys.clear()
            store.clear()
            steps.forget(store)

        call.cache_clear = cache_clear  # type: ignore[attr-defined]  # handles on the function, as lru_cache's
        call.pictures = store  # type: ignore[attr-defined]  # (the same: its memo, read by tests)
        _CLEARS.append(cache_clear)
        return call

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
    """Pictures first drawn in steps, a few a frame, with stand-ins meanwhile.

    The app calls `begin()` as each frame starts (before its events): the frame may spend
    `budget` seconds, counted from then, drawing pictures when they are asked for. A scene
    opts in around the code that asks for its pictures (`with steps.frame():`, with
    `new_size=True` when the window size changed: what still waits was for the old size).
    There, once the budget is spent, a function cached with `stand_in=` answers with a
    stand-in and puts the real drawing in the queue:

    - its most recently used picture of the same arguments at another size, scaled;
    - with none, inside `frame(hold=True)` only, a placeholder: a blank of the asked size that
      must never be seen (`holes` counts them; a scene that took one shows no frame until it
      asked again once they were drawn: see scenes/table/scene.py and `placeholders`).

    A function cached with `parts=True` is a generator that yields between the parts of its
    drawing and returns the picture: inside `frame()` it is drawn a part at a time within
    the budget, its stand-in shown until the last part is done (a 1600x900 pitch takes ten
    full-window passes, too many for one frame). Outside `frame()`, and inside a picture
    drawn for real, every picture is drawn at once, all its parts.

    The scene calls `settle()` once a frame: it draws waiting pictures (or parts) until the
    frame's budget is spent (at least one when the frame drew nothing yet) and moves
    `generation` on when any picture became real, so the scene knows to ask again.
    """

    budget = 0.03
    lone_frame = 0.1  # without begin() (tests, tools): a frame() this long after the last starts anew

    def __init__(self) -> None:
        self.active = 0
        self.holding = 0  # inside frame(hold=True): placeholders may be handed out
        self.clock: Callable[[], float] = time.perf_counter
        self.started = 0.0
        self.begun = False  # the app calls begin() every frame
        self.exhausted = False  # the budget is spent whatever the clock says (a resize's frame)
        self.waiting: OrderedDict[tuple[int, Any], list] = OrderedDict()  # [store, key, make, stand-in, parts, placeholder]
        self.generation = 0
        self.drawn = 0  # pictures (or parts) drawn for real (tests count work, never time)
        self.drawn_at_start = 0
        self.holes = 0  # placeholders handed out, ever
        self.depth = 0  # pictures being drawn now, one inside another

    @property
    def spent(self) -> float:
        """Seconds of this frame's budget gone."""
        return self.clock() - self.started

    def begin(self) -> None:
        """A frame starts: its budget is counted from now."""
        self.begun = True
        self.started = self.clock()
        self.drawn_at_start = self.drawn
        self.exhausted = False

    def _restart(self) -> None:
        self.started = self.clock()
        self.drawn_at_start = self.drawn
        self.exhausted = False

    @property
    def placeholders(self) -> int:
        """Placeholders still waiting to be drawn for real."""
        return sum(1 for wait in self.waiting.values() if wait[5])

    @contextmanager
    def frame(self, new_size: bool = False, hold: bool = False) -> Iterator[None]:
        """Pictures asked for inside are drawn in steps (see the class). `new_size`: the
        window size changed; what waited was for the old size, and this frame draws no picture
        that can stand in (the resize's frame lays the whole table out afresh: the stand-ins
        show at once, the real ones come in the frames after)."""
        if new_size:
            self.forget()
            if self.budget < float("inf"):  # (tests that draw everything at once set it so)
                self.exhausted = True
                self.drawn_at_start = self.drawn - 1  # settle() draws nothing more this frame
        elif not self.active and not self.begun and self.clock() - self.started > self.lone_frame:
            self._restart()
        self.active += 1
        self.holding += hold
        try:
            yield
        finally:
            self.active -= 1
            self.holding -= hold

    def spend(self) -> None:
        """This frame draws no more picture that can stand in (its own work is enough)."""
        if self.budget < float("inf"):  # (tests that draw everything at once set it so)
            self.exhausted = True

    def over_budget(self) -> bool:
        return self.exhausted or self.spent >= self.budget

    def draw(self, store: Pictures, key: Any, make: Callable[[], Any], parts: bool = False) -> Any:
        """Draw a picture now, count its time against the frame's budget and keep it."""
        value = self._make(make) if not parts else self._whole(make())
        store.put(key, value)
        self._unwait(store, key)
        return value

    def _unwait(self, store: Pictures, key: Any) -> None:
        wait = self.waiting.pop((id(store), key), None)
        if wait is not None and wait[4] is not None:
            wait[4].close()

    def _make(self, make: Callable[[], Any]) -> Any:
        outer = self.depth == 0  # a picture drawn inside another counts once, as the outer one
        self.depth += 1
        try:
            value = make()
        finally:
            self.depth -= 1
        if outer:
            self.drawn += 1
        return value

    def _part(self, parts: Any) -> tuple[bool, Any]:
        """Draw the next part of a picture drawn in parts: (done, picture)."""
        outer = self.depth == 0
        self.depth += 1
        try:
            next(parts)
            done, value = False, None
        except StopIteration as end:
            done, value = True, end.value
        finally:
            self.depth -= 1
        if outer:
            self.drawn += 1
        return done, value

    def _whole(self, parts: Any) -> Any:
        while True:
            done, value = self._part(parts)
            if done:
                return value

    def asked(self, store: Pictures, key: Any, args: tuple, sizes: list[int],
              make: Callable[[], Any], parts: bool) -> Any:
        """A picture not in its memo, asked for inside frame(): drawn, or a stand-in."""
        if self.depth or not sizes:  # never a stand-in inside a real picture, nor without sizes
            return self.draw(store, key, make, parts)
        wait = self.waiting.get((id(store), key))
        running = wait[4] if wait is not None else None
        if not self.over_budget():
            if not parts:
                return self.draw(store, key, make)
            if running is None:
                running = make()
            while not self.over_budget():
                done, value = self._part(running)
                if done:
                    store.put(key, value)
                    self.waiting.pop((id(store), key), None)
                    return value
        if wait is not None:
            wait[4] = running
            self.holes += wait[5]  # a placeholder handed out again
            return wait[3]
        standing = self._stand_in(store, args, sizes)
        placeholder = False
        if standing is None and self.holding:
            want = _size_of(args, sizes)
            if want is not None:
                standing = pygame.Surface((max(1, round(want[0])), max(1, round(want[1]))),
                                          pygame.SRCALPHA)
                placeholder = True
                self.holes += 1
        if standing is None:  # nothing can stand in: drawn now
            if running is not None:
                value = self._whole(running)
                store.put(key, value)
                return value
            return self.draw(store, key, make, parts)
        self.waiting[(id(store), key)] = [store, key, make, standing, running, placeholder, parts]
        return standing

    def _stand_in(self, store: Pictures, args: tuple, sizes: list[int]) -> Optional[Any]:
        """The most recently used picture of the same arguments at another size, scaled."""
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
            return _scaled(picture, (w, h))
        return None

    def settle(self) -> bool:
        """Draw waiting pictures, or parts of them, while the frame's budget lasts (at least
        one part when this frame drew nothing yet); True when any picture became real
        (`generation` moved on: ask for the pictures again)."""
        done = False
        while self.waiting and (self.drawn == self.drawn_at_start or not self.over_budget()):
            wait = next(iter(self.waiting.values()))
            store, key, make, _, running, _, parts = wait
            if store.get(key) is not _MISSING:  # drawn meanwhile, asked outside a frame
                self._unwait(store, key)
                done = True
                continue
            if not parts:
                value = self._make(make)
            else:
                if running is None:
                    running = wait[4] = make()
                finished, value = self._part(running)
                if not finished:
                    continue
            self.waiting.pop((id(store), key))
            store.put(key, value)
            done = True
        if done:
            self.generation += 1
        return done

    def forget(self, store: Optional[Pictures] = None) -> None:
        """Drop what waits (for one store, or all)."""
        for wait_key in [k for k, w in self.waiting.items() if store is None or w[0] is store]:
            running = self.waiting.pop(wait_key)[4]
            if running is not None:
                running.close()


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


def whole(parts: Any) -> Any:
    """A picture drawn in parts (a generator), drawn at once: what it returns."""
    while True:
        try:
            next(parts)
        except StopIteration as end:
            return end.value


def clear_caches() -> None:
    """Forget every drawn surface (e.g. after a display mode change)."""
    for clear in _CLEARS:
        clear()
    steps.forget()


def memo_report() -> list[tuple[str, int, int, int]]:
    """(name, pictures, bytes, maxsize) of every memo, the largest first (for benches)."""
    rows = [(s.name, len(s), s.nbytes, s.maxsize) for s in Pictures.stores]
    return sorted(rows, key=lambda r: -r[2])
