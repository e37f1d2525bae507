"""The games finis knows, found through their data files in assets/data/.

Each game's YAML has a `game:` section: id, title, engine module, seats (min/max), options
with defaults, and computer strengths. Registering a game is writing that section; the
conformance suite and the menus pick it up from here.
"""
from __future__ import annotations

import copy
import hashlib
import importlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional

from .datafiles import read_yaml
from .fileio import FileProblem, read_bytes_checked, short, read_text_checked
from .safeyaml import json_constant, json_int
from .paths import memo_path, resource
from .text import sentence_problem

if TYPE_CHECKING:
    from .engine import Engine


class DataError(Exception):
    """A data file that breaks its schema: file, key and reason."""

    def __init__(self, file: str, key: str, reason: str) -> None:
        self.file, self.key, self.reason = file, key, reason
        super().__init__(f"{file}: {key}: {reason}")


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game as the new-game dialog offers it."""

    id: str
    label: str
    type: str  # "bool", "choice" or "int"
    default: Any
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    minimum: Optional[int] = None
    maximum: Optional[int] = None
    help: str = ""
    ours: bool = False  # a decision of ours where the rulebook is silent

    def check(self, value: Any) -> Any:
        """The value if it is valid for this option; ValueError with a reason if not."""
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("yes", "no", "true", "false", "on", "off"):
                return value.lower() in ("yes", "true", "on")
            raise ValueError(f"option {self.id} must be yes or no, not {short(value)}")
        if self.type == "int":
            try:
                number = int(value)
            except (TypeError, ValueError, OverflowError):  # OverflowError: .inf
                raise ValueError(f"option {self.id} must be a whole number, not {short(value)}") from None
            if isinstance(value, bool) or (isinstance(value, float) and value != number):
                raise ValueError(f"option {self.id} must be a whole number, not {short(value)}")
            if self.minimum is not None and number < self.minimum:
                raise ValueError(f"option {self.id} must be at least {self.minimum}")
            if self.maximum is not None and number > self.maximum:
                raise ValueError(f"option {self.id} must be at most {self.maximum}")
            return number
        if value not in self.choices:
            listed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"option {self.id} must be one of {listed}, not {short(value)}")
        return value

    def label_of(self, value: Any) -> str:
        """The words shown for a choice."""
        if self.type == "choice" and self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        if self.type == "bool":
            return "on" if value else "off"
        return str(value)


@dataclass(frozen=True)
class GameInfo:
    """A registered game, as its data file declares it."""

    id: str
    title: str
    engine_module: str
    min_seats: int
    max_seats: int
    tagline: str
    options: list[OptionSpec] = field(default_factory=list)
    strengths: tuple[str, ...] = ("random",)
    default_strength: str = "random"
    colour: tuple[int, int, int] = (40, 90, 60)
    order: int = 0
    better: str = "higher"  # which scores are better in statistics: "higher" or "lower"
    best_label: str = "best score"  # how statistics name the best score
    title_label: str = "title holder"  # how statistics name who holds the game's title (Finale: the cup)
    table_module: str = ""  # the table scene's module; "" means scenes.<game>.table
    keys: tuple[str, ...] = ()  # real-time keys, one letter per seat (Finita), if the game has them
    coming: bool = False  # rules and players are here, but no table yet: the menu shows it as coming
    sides: tuple[str, ...] = ()  # what each seat plays as, if the game names it (Finale's teams)
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def default_options(self) -> dict[str, Any]:
        return {o.id: o.default for o in self.options}

    def resolve_options(self, given: Optional[dict[str, Any]]) -> dict[str, Any]:
        """Defaults overlaid with `given`; ValueError naming an unknown or bad option."""
        result = self.default_options()
        specs = {o.id: o for o in self.options}
        for key, value in (given or {}).items():
            if key not in specs:
                raise ValueError(f"{self.title} has no option {key!r}")
            result[key] = specs[key].check(value)
        return result

    def option(self, option_id: str) -> OptionSpec:
        for spec in self.options:
            if spec.id == option_id:
                return spec
        raise KeyError(option_id)


def _need(mapping: dict[str, Any], key: str, kind: type | tuple[type, ...], file: str, where: str) -> Any:
    if not isinstance(mapping, dict) or key not in mapping:
        raise DataError(file, f"{where}{key}", "is missing")
    value = mapping[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise DataError(file, f"{where}{key}", f"must be {names}, not {type(value).__name__}")
    return value


def _option(raw: Any, file: str, index: int) -> OptionSpec:
    where = f"game.options[{index}]."
    if not isinstance(raw, dict):
        raise DataError(file, where[:-1], "must be a mapping")
    oid = _need(raw, "id", str, file, where)
    kind = _need(raw, "type", str, file, where)
    if kind not in ("bool", "choice", "int"):
        raise DataError(file, where + "type", f"must be bool, choice or int, not {kind!r}")
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    if kind == "choice":
        listed = _need(raw, "choices", list, file, where)
        if not listed:
            raise DataError(file, where + "choices", "is empty")
        for i, item in enumerate(listed):
            if isinstance(item, dict):
                choices += (item.get("id"),)
                labels += (str(item.get("label", item.get("id"))),)
            else:
                choices += (item,)
                labels += (str(item),)
    spec = OptionSpec(
        id=oid, label=str(raw.get("label", oid)), type=kind, default=raw.get("default"),
        choices=choices, labels=labels, minimum=raw.get("min"), maximum=raw.get("max"),
        help=str(raw.get("help", "")), ours=bool(raw.get("ours", False)))
    try:
        spec.check(spec.default)
    except ValueError as exc:
        raise DataError(file, where + "default", str(exc)) from None
    return spec


# Keys whose value is a text a person reads as sentences (help, descriptions, rules notes).
SENTENCE_KEYS = frozenset({"help", "text", "tagline"})
SENTENCE_LISTS = frozenset({"decisions", "rules_notes"})


def check_texts(data: Any, file: str, where: str = "") -> None:
    """Refuse texts a flow-style YAML mapping cut short at a comma: every help, text and
    tagline, and every item of decisions and rules_notes, must be a whole sentence, and no
    mapping may hold a key of several words with no value (the rest of a cut text)."""
    if isinstance(data, dict):
        for key, value in data.items():
            place = f"{where}.{key}" if where else str(key)
            if value is None and isinstance(key, str) and " " in key.strip():
                raise DataError(file, where or "(top)",
                                f"holds the words \"{key.strip()}\" as a key with no value: a text "
                                f"was cut at a comma (flow-style YAML ends a value there); put "
                                f"the text in quotes or write it in block style")
            if key in SENTENCE_KEYS and value is not None and not isinstance(value, (dict, list)):
                problem = sentence_problem(value)
                if problem:
                    raise DataError(file, place, problem)
            elif key in SENTENCE_LISTS and isinstance(value, list):
                for i, item in enumerate(value):
                    problem = sentence_problem(item)
                    if problem:
                        raise DataError(file, f"{place}[{i}]", problem)
            check_texts(value, file, place)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            check_texts(item, file, f"{where}[{i}]")


def parse_game_info(data: Any, file: str) -> GameInfo:
    """Validate a data file's `game:` section (and every sentence in the file)."""
    if not isinstance(data, dict):
        raise DataError(file, "(top)", "must be a mapping")
    check_texts(data, file)
    game = _need(data, "game", dict, file, "")
    gid = _need(game, "id", str, file, "game.")
    seats = _need(game, "seats", dict, file, "game.")
    low = _need(seats, "min", int, file, "game.seats.")
    high = _need(seats, "max", int, file, "game.seats.")
    if not 1 <= low <= high <= 8:
        raise DataError(file, "game.seats", f"needs 1 <= min <= max <= 8, got {low}..{high}")
    options = [_option(o, file, i) for i, o in enumerate(game.get("options") or [])]
    ids = [o.id for o in options]
    if len(set(ids)) != len(ids):
        raise DataError(file, "game.options", "two options share an id")
    computer = game.get("computer") or {}
    strengths = tuple(computer.get("strengths") or ("random",))
    default_strength = computer.get("default", strengths[0])
    if default_strength not in strengths:
        raise DataError(file, "game.computer.default", f"{default_strength!r} is not a listed strength")
    colour = tuple(game.get("colour", (40, 90, 60)))
    if len(colour) != 3 or not all(isinstance(c, int) and 0 <= c <= 255 for c in colour):
        raise DataError(file, "game.colour", "must be three numbers 0..255")
    better = game.get("better", "higher")
    if better not in ("higher", "lower"):
        raise DataError(file, "game.better", "must be higher or lower")
    keys = game.get("keys") or []
    if not isinstance(keys, list) or not all(
            isinstance(k, str) and len(k) == 1 and "a" <= k <= "z" for k in keys) \
            or len(set(keys)) != len(keys) or (keys and len(keys) < high):
        raise DataError(file, "game.keys", "must list a different lower-case letter for each seat")
    return GameInfo(
        id=gid, title=_need(game, "title", str, file, "game."),
        engine_module=_need(game, "engine", str, file, "game."),
        min_seats=low, max_seats=high, tagline=str(game.get("tagline", "")),
        options=options, strengths=strengths, default_strength=default_strength,
        colour=colour, order=int(game.get("order", 0)), better=better,
        best_label=str(game.get("best_label", "best score")),
        title_label=str(game.get("title_label", "title holder")),
        table_module=str(game.get("table", "")), keys=tuple(keys),
        coming=_need_bool(game, "coming", file), sides=_sides(game, high, file), data=data)


def _sides(game: dict[str, Any], seats: int, file: str) -> tuple[str, ...]:
    sides = game.get("sides") or []
    if not isinstance(sides, list) or (sides and len(sides) != seats) or not all(
            isinstance(s, str) and s.strip() and len(s) <= 30 for s in sides):
        raise DataError(file, "game.sides", f"must name what each of the {seats} seats plays as")
    return tuple(s.strip() for s in sides)


def _need_bool(game: dict[str, Any], key: str, file: str) -> bool:
    value = game.get(key, False)
    if not isinstance(value, bool):
        raise DataError(file, f"game.{key}", f"must be true or false, not {value!r}")
    return value


_EXTRA_FOLDERS: list[Path] = []  # more data folders (tests register a toy game this way)


def add_data_folder(folder: Path) -> None:
    """Games from one more folder of data files, found from now on (a toy game in tests)."""
    if Path(folder) not in _EXTRA_FOLDERS:
        _EXTRA_FOLDERS.append(Path(folder))
    _forget()


def remove_data_folder(folder: Path) -> None:
    """Forget a folder given to add_data_folder."""
    if Path(folder) in _EXTRA_FOLDERS:
        _EXTRA_FOLDERS.remove(Path(folder))
    _forget()


def _forget() -> None:
    for cached in (_parsed, game_info, _index, _module, shipped_parse):
        cached.cache_clear()


def data_path(name: str) -> Path:
    for folder in _EXTRA_FOLDERS:
        if (folder / f"{name}.yaml").exists():
            return folder / f"{name}.yaml"
    return resource("data", f"{name}.yaml")


SHIPPED_PARSE = "parsed.json"  # assets/data/parsed.json, written by tools/prerender.py


@lru_cache(maxsize=None)
def shipped_parse() -> dict[str, Any]:
    """The data files as tools/prerender.py parsed them when finis was built: {name: {"sha256":
    of the text, "data": ...}}. It saves a new player's first start parsing YAML; a data file
    whose text differs from the one parsed then (edited, or a newer one) is parsed as usual.
    Missing or broken, it is simply not used."""
    try:
        raw = read_bytes_checked(resource("data", SHIPPED_PARSE), 4 * 1024 * 1024)
        found = json.loads(raw.decode("utf-8"), parse_int=json_int, parse_constant=json_constant)
    except (FileProblem, ValueError, RecursionError, MemoryError):
        return {}
    files = found.get("files") if isinstance(found, dict) and found.get("format") == 1 else None
    return files if isinstance(files, dict) else {}


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=None)
def _parsed(name: str) -> dict[str, Any]:
    path = data_path(name)
    try:
        entry = shipped_parse().get(name) if path == resource("data", f"{name}.yaml") else None
        if isinstance(entry, dict) and entry.get("sha256") == text_digest(read_text_checked(path)):
            data = entry.get("data")
        else:
            data = read_yaml(path, memo=memo_path(f"data-{name}"))
    except FileProblem as exc:
        raise DataError(path.name, exc.place or "(file)", exc.reason) from None
    if not isinstance(data, dict):
        raise DataError(path.name, "(top)", "must be a mapping")
    return data


def load_data(name: str) -> dict[str, Any]:
    """A data file as plain data (parsed once per run, a fresh copy for each caller)."""
    return copy.deepcopy(_parsed(name))


@lru_cache(maxsize=None)
def game_info(game_id: str) -> GameInfo:
    """The registered game called `game_id`; KeyError if there is none."""
    if game_id not in game_ids():
        raise KeyError(f"no game called {game_id!r} (known: {', '.join(game_ids())})")
    return parse_game_info(load_data(_file_of(game_id)), data_path(_file_of(game_id)).name)


@lru_cache(maxsize=None)
def _index() -> dict[str, str]:
    """game id -> data file stem, for every data file with a `game:` section."""
    found: dict[str, tuple[int, str]] = {}
    paths = sorted(resource("data").glob("*.yaml"))
    for folder in _EXTRA_FOLDERS:
        paths += sorted(folder.glob("*.yaml"))
    for path in paths:
        try:
            data = _parsed(path.stem)
        except DataError:
            continue
        if isinstance(data, dict) and isinstance(data.get("game"), dict):
            gid = data["game"].get("id")
            if isinstance(gid, str):
                found[gid] = (int(data["game"].get("order", 99)), path.stem)
    return {gid: stem for gid, (order, stem) in sorted(found.items(), key=lambda kv: (kv[1][0], kv[0]))}


def _file_of(game_id: str) -> str:
    return _index()[game_id]


def playable_ids() -> list[str]:
    """Registered games that have a table (not marked coming), in menu order."""
    return [gid for gid in game_ids() if not game_info(gid).coming]


def game_ids() -> list[str]:
    """Every registered game id, in menu order."""
    return list(_index())


def normalise_id(name: str) -> str:
    """Accept 'flag-finish', 'flag_finish' or 'Flag Finish' for the id flag-finish."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-").rstrip("!")
    for gid in game_ids():
        if gid == key:
            return gid
    raise KeyError(f"no game called {name!r} (known: {', '.join(game_ids())})")


@lru_cache(maxsize=None)
def _module(game_id: str) -> Any:
    return importlib.import_module(game_info(game_id).engine_module)


def engine(game_id: str) -> "Engine[Any]":
    """The rules engine of a game (an `Engine` instance)."""
    found: "Engine[Any]" = _module(game_id).ENGINE
    return found


def players(game_id: str) -> dict[str, Callable[[], Any]]:
    """Strength name -> factory of a computer player, for a game."""
    return dict(_module(game_id).PLAYERS)
