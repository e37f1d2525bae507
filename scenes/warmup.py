"""While the app stands idle, the tables' modules are imported ahead, one module a step.

Importing a game's table the first time costs 0.2 to 0.4 s (its art, its panels, the shared
table, and PyYAML for its first save), which made the frame that opened it that much longer.
The app's loop calls `step()` when a frame had nothing to draw (the menu waiting for a
choice): each step reads one module's source for what it imports (lazy imports in functions
too) or imports one module whose own imports came before it, so no step costs more than one
module's own import (a game's rules come as one package). A table opened before its turn
imports the rest as before.
"""
from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Iterator, Optional

ROOTS = ("scenes", "game")
_BASE = Path(__file__).resolve().parents[1]


def source_of(name: str) -> Optional[Path]:
    """The file of a module of scenes/ or game/ (None: elsewhere, or none)."""
    if name.split(".")[0] not in ROOTS:
        return None
    path = _BASE.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*)"
                     r"|import[ \t]+([^\n#]*))", re.MULTILINE)


LATER = {"PIL"}  # imported only when a movie is saved: kept out of a game's memory till then


def imports_of(name: str, path: Path, outside: bool = False) -> list[str]:
    """The modules of scenes/ and game/ that a module's source imports, anywhere in it (read
    line by line: a full parse of a large module costs tens of milliseconds); with `outside`,
    the other packages it imports instead (PyYAML for a table's first save, say), but LATER."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return []
    if outside:
        names = []
        for origin, _, plain in _IMPORT.findall(text):
            listed = [part.split(" as ")[0].strip() for part in plain.split(",")] if plain else [origin]
            names += [m.split(".")[0] for m in listed if m and not m.startswith(".")]
        return [m for m in dict.fromkeys(names)
                if m.isidentifier() and m not in ROOTS and m not in LATER and m != "__future__"]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[str] = []
    for origin, names, plain in _IMPORT.findall(text):
        if plain:
            found += [part.split(" as ")[0].strip() for part in plain.split(",")]
            continue
        dots = len(origin) - len(origin.lstrip("."))
        module = origin[dots:]
        if dots:
            parts = package.split(".")
            base = ".".join(parts[:len(parts) - dots + 1])
            module = f"{base}.{module}" if module else base
        found.append(module)
        for part in names.strip("()").replace("\\", " ").split(","):
            word = part.split(" as ")[0].strip()
            if word.isidentifier():
                found.append(f"{module}.{word}")  # a submodule by name
    return [m for m in dict.fromkeys(found) if m and source_of(m) is not None]


def table_module(game_id: str) -> str:
    """A game's table module (its data file may name it; else scenes/<game>/table.py)."""
    from game.core.registry import game_info
    return game_info(game_id).table_module or f"scenes.{game_id.replace('-', '_')}.table"


def table_modules() -> list[str]:
    """Every playable game's table module."""
    from game.core.registry import playable_ids
    names = []
    for game_id in playable_ids():
        try:
            names.append(table_module(game_id))
        except Exception:  # a broken data file says so where the game is opened
            continue
    return names


class Warmup:
    """Imports the tables' modules ahead, a step at a time (see the module's docstring)."""

    def __init__(self, roots: Optional[list[str]] = None) -> None:
        self.roots = roots
        self.work: Optional[Iterator[None]] = None
        self.done = False
        self.failed: list[str] = []

    def step(self) -> bool:
        """One step of work; False when there is none left."""
        if self.done:
            return False
        if self.work is None:
            self.work = self._steps()
        try:
            next(self.work)
            return True
        except StopIteration:
            self.done = True
            return False

    def _steps(self) -> Iterator[None]:
        roots = self.roots if self.roots is not None else table_modules()
        yield
        seen: set[str] = set()
        for root in roots:
            yield from self._visit(root, seen)

    def _visit(self, name: str, seen: set[str]) -> Iterator[None]:
        """Depth first: what a module imports is imported before it."""
        if name in seen or name in sys.modules:
            return
        seen.add(name)
        path = source_of(name)
        if path is None:
            return
        parent = name.rpartition(".")[0]
        if parent:
            yield from self._visit(parent, seen)
        needed = imports_of(name, path)
        yield
        for other in needed:
            yield from self._visit(other, seen)
        for package in imports_of(name, path, outside=True):
            if package not in sys.modules:
                try:
                    importlib.import_module(package)
                except Exception:  # noqa: BLE001 - not installed here: whoever needs it says so
                    self.failed.append(package)
                yield
        if name not in sys.modules:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - the table says what went wrong when opened
                self.failed.append(name)
            yield


warmup = Warmup()
