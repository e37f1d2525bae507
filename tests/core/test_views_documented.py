"""Every game's view is what its TypedDict says, is plain JSON, and is written down (issue 26).

A presentation (the table, a phone page, a replay viewer) is given `to_json(engine.view(state,
seat))` for one seat. Over random games of every registered game (nothing here names one; the
toy game of tests/toy/ joins by its data folder, as in tests/ui/test_toy_table.py), at every
step and for every seat and a spectator: the view comes back from JSON unchanged, and its keys,
nested ones too, are exactly those of the TypedDict the engine's `view` is annotated with.
And every key of that TypedDict, nested ones written `history[].round` or `pending.card`, is
listed in the game's section of docs/views.md, which lists no other.
"""
from __future__ import annotations

import json
import re
import types
from functools import lru_cache
from pathlib import Path
from typing import (Any, Callable, Optional, TypedDict, Union, get_args, get_origin, get_type_hints,
                    is_typeddict)

import pytest

from game.core import to_json
from game.core import registry
from tests.conformance.test_conformance import SEEDS, random_playthrough, seat_counts, seats_for

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "views.md"
TOY = ROOT / "tests" / "toy"
SHARED = "What every view has"  # the doc's section of the keys all views share


def _games() -> list[str]:
    registry.add_data_folder(TOY)
    try:
        return registry.game_ids()
    finally:
        registry.remove_data_folder(TOY)


GAMES = _games()


@pytest.fixture(autouse=True)
def toy_registered():
    registry.add_data_folder(TOY)
    yield
    registry.remove_data_folder(TOY)


# -- the type -----------------------------------------------------------------------------------

def view_type(game_id: str) -> Any:
    """The TypedDict the game's `Engine.view` is annotated to return."""
    hint = get_type_hints(type(registry.engine(game_id)).view).get("return")
    assert hint is not None and is_typeddict(hint), \
        f"{game_id}: Engine.view must be annotated with the game's view TypedDict, not {hint}"
    return hint


def _nested(hint: Any) -> tuple[Any, str]:
    """The TypedDict inside a hint (Optional, list, dict values) and how a path reaches it."""
    if is_typeddict(hint):
        return hint, ""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        for arg in args:
            found = _nested(arg)
            if found[0] is not None:
                return found
    if origin is list:
        typed, way = _nested(args[0])
        return typed, "[]" + way
    if origin is dict:
        typed, way = _nested(args[1])
        return typed, "{}" + way
    return None, ""


def typed_keys(typed: Any, prefix: str = "") -> list[str]:
    """Every key of a TypedDict and of the TypedDicts in it: zones, history[].round, ..."""
    found = []
    for key, hint in get_type_hints(typed).items():
        found.append(prefix + key)
        inner, way = _nested(hint)
        if inner is not None:
            found += typed_keys(inner, f"{prefix}{key}{way}.")
    return found


@lru_cache(maxsize=None)
def hints_of(typed: Any) -> dict[str, Any]:
    return get_type_hints(typed)


@lru_cache(maxsize=None)
def _parts(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    return get_origin(hint), get_args(hint)


JSON_KINDS: dict[Any, tuple[type, ...]] = {type(None): (type(None),), bool: (bool,), str: (str,),
                                            int: (int,), float: (int, float)}


def _exact(hint: Any) -> Optional[frozenset[type]]:
    """The exact Python types of a plain JSON hint (str, Optional[int], ...), else None."""
    args = _parts(hint)[1] if _parts(hint)[0] in (Union, types.UnionType) else (hint,)
    if all(arg in JSON_KINDS for arg in args):
        return frozenset(t for arg in args for t in JSON_KINDS[arg])
    return None


@lru_cache(maxsize=None)
def fits(hint: Any) -> Callable[[Any], bool]:
    """A quick yes or no of `shape_problems(value, hint) == []`, made once per hint."""
    if hint is Any:
        return lambda value: True
    if is_typeddict(hint):
        inner = {k: fits(h) for k, h in hints_of(hint).items()}
        required, allowed = hint.__required_keys__, inner.keys()
        return lambda value: (type(value) is dict and required <= value.keys() <= allowed
                              and all(inner[k](v) for k, v in value.items()))
    exact = _exact(hint)
    if exact is not None:
        return lambda value: type(value) in exact
    origin, args = _parts(hint)
    if origin in (Union, types.UnionType):
        arms = [fits(arg) for arg in args]
        return lambda value: any(arm(value) for arm in arms)
    assert origin in (list, dict), f"a view holds only JSON values, not {hint}"
    item_hint = args[0] if origin is list else args[1]
    items = (lambda value: value) if origin is list else (lambda value: value.values())
    plain = _exact(item_hint)
    if plain is not None:  # a zone's pieces, a list of counts: by their types at once
        each = lambda value: set(map(type, items(value))) <= plain  # noqa: E731
    else:
        item = fits(item_hint)
        each = lambda value: all(map(item, items(value)))  # noqa: E731
    if origin is list:
        return lambda value: type(value) is list and each(value)
    return lambda value: (type(value) is dict and set(map(type, value)) <= {str} and each(value))


def shape_problems(value: Any, hint: Any, where: str = "view") -> list[str]:
    """How a value is not of a hint: a missing or unknown key of a TypedDict (nested ones
    too), or a value of the wrong JSON kind."""
    if hint is Any:
        return []
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where} is not an object: {value!r}"]
        hints = hints_of(hint)
        found = [f"{where}.{k} is missing" for k in sorted(hint.__required_keys__ - value.keys())]
        found += [f"{where}.{k} is not a key of {hint.__name__}"
                  for k in sorted(value.keys() - hints.keys())]
        for k in sorted(value.keys() & hints.keys()):
            found += shape_problems(value[k], hints[k], f"{where}.{k}")
        return found
    origin, args = _parts(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return []
        tries = [shape_problems(value, arg, where) for arg in args]
        return [] if [] in tries else min(tries, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where} is not an array: {value!r}"]
        if args[0] is str and all(type(item) is str for item in value):
            return []  # the common case (a zone's pieces), quickly
        return [p for i, item in enumerate(value) for p in shape_problems(item, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where} is not an object: {value!r}"]
        found = [f"{where} has a key that is not a string: {k!r}" for k in value if not isinstance(k, str)]
        return found + [p for k, v in value.items() for p in shape_problems(v, args[1], f"{where}.{k}")]
    assert hint in JSON_KINDS, f"{where}: a view holds only JSON values, not {hint}"
    ok = isinstance(value, JSON_KINDS[hint]) and not (isinstance(value, bool) and hint in (int, float))
    return [] if ok else [f"{where} is not {getattr(hint, '__name__', hint)}: {value!r}"]


# -- the page -----------------------------------------------------------------------------------

def doc_sections(text: str) -> dict[str, str]:
    """The page's `## ` sections by heading."""
    sections: dict[str, str] = {}
    heading = None
    for line in text.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            sections[heading] = ""
        elif heading is not None:
            sections[heading] += line + "\n"
    return sections


def game_section(text: str, game_id: str) -> Optional[str]:
    """The section whose heading names the game's id in backquotes: ## Finita (`finita`)."""
    found = [body for heading, body in doc_sections(text).items() if f"(`{game_id}`)" in heading]
    assert len(found) <= 1, f"docs/views.md has {len(found)} sections for {game_id}"
    return found[0] if found else None


def documented_keys(section: str) -> list[str]:
    """The first cells of the rows of every table whose header begins with `key`."""
    keys, in_keys = [], False
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if not cells:
            in_keys = False
        elif in_keys is False and cells[0] == "key":
            in_keys = True
        elif in_keys and not set(cells[0]) <= set("-: "):
            keys.append(cells[0].strip("`"))
    return keys


def undocumented(section: str, typed: Any) -> tuple[list[str], list[str]]:
    """(keys of the type the section does not list, keys the section lists the type lacks)."""
    listed, keys = documented_keys(section), typed_keys(typed)
    return ([k for k in keys if k not in listed],
            [k for k in listed if k not in keys] + [k for k in set(listed) if listed.count(k) > 1])


# -- the tests ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_is_plain_json_of_exactly_its_type(game_id):
    typed = view_type(game_id)
    checked = 0
    for count in seat_counts(game_id):
        states, _ = random_playthrough(game_id, SEEDS[0], seats_for(game_id, count))
        eng = registry.engine(game_id)
        for step, state in enumerate(states):
            for viewer in [*range(count), None]:
                view = eng.view(state, viewer)
                assert json.loads(to_json(view)) == view, \
                    f"{game_id}, step {step}, seat {viewer}: the view changes through JSON"
                if not fits(typed)(view):
                    problems = shape_problems(view, typed)
                    assert not problems, f"{game_id}, step {step}, seat {viewer}: {problems[:5]}"
                    raise AssertionError(f"{game_id}, step {step}, seat {viewer}: not a {typed}")
                checked += 1
    assert checked > len(seat_counts(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_key_of_the_view_is_written_down(game_id):
    section = game_section(DOC.read_text(encoding="utf-8"), game_id)
    assert section is not None, f"docs/views.md has no section with (`{game_id}`) in its heading"
    missing, unknown = undocumented(section, view_type(game_id))
    assert not missing, f"docs/views.md does not list these keys of {game_id}'s view: {missing}"
    assert not unknown, f"docs/views.md lists keys {game_id}'s view does not have (or twice): {unknown}"


def test_the_shared_keys_are_in_every_view_and_every_section_is_a_game():
    text = DOC.read_text(encoding="utf-8")
    shared = documented_keys(doc_sections(text)[SHARED])
    assert shared
    for game_id in GAMES:
        lacking = [k for k in shared if k not in typed_keys(view_type(game_id))]
        assert not lacking, f"{game_id}'s view lacks the shared keys {lacking}"
    named = [m for h in doc_sections(text) for m in re.findall(r"\(`([\w-]+)`\)", h)]
    assert sorted(named) == sorted(GAMES), "docs/views.md has a section per game, and no other"


class _Entry(TypedDict):
    round: int


class _View(TypedDict):
    zones: dict[str, list[str]]
    history: list[_Entry]
    pending: Optional[_Entry]


class _Grown(_View):
    extra: int


def test_the_checks_catch_a_key_added_without_a_word():
    """The checks themselves can fail: an undocumented key, a stale one, a view that grew a
    key its type lacks, a nested key lost, a tuple that JSON would turn into a list."""
    section = ("| key | JSON type | meaning |\n|---|---|---|\n| `zones` | object | z |\n"
               "| `history` | array | h |\n| `history[].round` | number | r |\n"
               "| `pending` | object or null | p |\n| `pending.round` | number | r |\n")
    assert undocumented(section, _View) == ([], [])
    assert undocumented(section, _Grown) == (["extra"], [])
    assert undocumented(section.replace("| `pending.round` | number | r |\n", ""), _View) \
        == (["pending.round"], [])
    assert undocumented(section + "| `gone` | string | g |\n", _View) == ([], ["gone"])
    view = {"zones": {"draw": ["?"]}, "history": [{"round": 1}], "pending": None}
    assert shape_problems(view, _View) == []
    assert shape_problems(dict(view, extra=1), _View) == ["view.extra is not a key of _View"]
    assert shape_problems(dict(view, history=[{}]), _View) == ["view.history[0].round is missing"]
    assert shape_problems(dict(view, pending={"round": "1"}), _View)
    assert json.loads(to_json(dict(view, zones={"draw": ("?",)}))) != dict(view, zones={"draw": ("?",)})
