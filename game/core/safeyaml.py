"""Plain YAML only, within finis's own limits: how deep, how many values, how long a value,
how many aliases, how many digits; no tags, no duplicate keys. Every refusal is one short
line in finis's words (`FileProblem` from `parse_text`), whatever PyYAML release is
installed. Also the YAML finis writes (`dump_yaml`) and bounded JSON numbers for the files
kept as JSON (the parse memo, the journal).

PyYAML is imported on first use: the window's first frame needs no YAML when the parse
memo (parsememo.py) already knows the files it reads.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .fileio import FileProblem, one_line, short

#: How deep lists and mappings may nest (a save needs 4).
MAX_DEPTH = 200
#: How many aliases (`*name`) a file may use; saves use none (see saves.load).
MAX_ALIASES = 100
#: How many values (scalars, lists, mappings) a file may hold: a save of 36,000 actions
#: has about 36,000; this bounds the time and memory a file can cost before it is refused.
MAX_NODES = 100_000
#: Longest whole number, in digits (a seed needs 20 at most).
MAX_DIGITS = 30
#: Longest single value (a text, a number) a file may hold, in characters: the longest help
#: text in the game data is under 1,000; saves allow far less (saves.SAVE_SCALAR).
MAX_SCALAR = 64 * 1024


class Refused(Exception):
    """Plain-YAML text that finis will not build: too deep, aliases, huge numbers, duplicates."""

    def __init__(self, reason: str, line: int = 0) -> None:
        self.reason, self.line = reason, line
        super().__init__(reason)


def _line(mark: Any) -> int:
    return mark.line + 1 if mark is not None else 0


def _checked_loader(base: type) -> type:
    """A safe loader that refuses duplicate keys and numbers longer than MAX_DIGITS."""
    import yaml

    class Checked(base):  # type: ignore[misc]  # a loader class chosen at run time
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            if isinstance(node, yaml.MappingNode):
                seen = set()
                for key_node, _ in node.value:
                    if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                        continue
                    key = self.construct_object(key_node)
                    try:
                        if key in seen:
                            raise Refused(f"duplicate key {short(key)}", _line(key_node.start_mark))
                        seen.add(key)
                    except TypeError:
                        pass
            return super().construct_mapping(node, deep)

        def construct_yaml_int(self, node: Any) -> Any:
            digits = sum(ch.isalnum() for ch in str(node.value))  # 0x... counts its letters
            if digits > MAX_DIGITS:
                raise Refused(f"holds a number of {digits} digits (at most {MAX_DIGITS})",
                              _line(node.start_mark))
            return super().construct_yaml_int(node)

    Checked.add_constructor("tag:yaml.org,2002:int", Checked.construct_yaml_int)
    return Checked


_LOADERS: dict[str, type] = {}


def _loader_class() -> type:
    if "checked" not in _LOADERS:
        import yaml
        _LOADERS["checked"] = _checked_loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return _LOADERS["checked"]


def check_shape(text: str, max_depth: int = MAX_DEPTH, max_aliases: int = MAX_ALIASES,
                max_scalar: int = MAX_SCALAR) -> None:
    """Walk the parser's events (no recursion, nothing built): Refused when lists and
    mappings nest deeper than `max_depth`, the text uses more than `max_aliases` aliases,
    holds more than MAX_NODES values, a value longer than `max_scalar` characters, or a tag
    (`!!set`, `!!python/...`, `!mine`: finis reads plain data only).

    These are finis's own limits, said in its own words whatever PyYAML release is installed:
    when libyaml stops first (newer releases refuse deep nesting themselves, while they scan
    ahead), the text is walked again by the pure-Python parser, which has no such limit of its
    own, so the reason is still ours. Syntax errors are left for the real parse to report."""
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    try:
        _walk(fast or yaml.SafeLoader, text, max_depth, max_aliases, max_scalar)
    except yaml.YAMLError:
        if fast is None:
            return
        try:
            _walk(yaml.SafeLoader, text, max_depth, max_aliases, max_scalar)
        except yaml.YAMLError:
            return


def _walk(loader_class: type, text: str, max_depth: int, max_aliases: int,
          max_scalar: int) -> None:
    """One pass of check_shape with one loader class; yaml.YAMLError for a syntax error."""
    import yaml

    loader = loader_class(text)
    depth = aliases = nodes = 0
    values = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
    opening = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    closing = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, values):
                nodes += 1
                if nodes > MAX_NODES:
                    raise Refused(f"holds more than {MAX_NODES} values", _line(event.start_mark))
                if event.tag is not None:
                    raise Refused("holds a tag that is not plain data (refused for safety)",
                                  _line(event.start_mark))
            if isinstance(event, opening):
                depth += 1
                if depth > max_depth:
                    raise Refused(f"nests deeper than {max_depth} levels", _line(event.start_mark))
            elif isinstance(event, closing):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent):
                if len(event.value) > max_scalar:
                    raise Refused(f"holds a value longer than {max_scalar} characters",
                                  _line(event.start_mark))
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > max_aliases:
                    what = "uses aliases (*name), which finis does not read here" if not max_aliases \
                        else f"uses more than {max_aliases} aliases (*name)"
                    raise Refused(what, _line(event.start_mark))
    except RecursionError:
        raise Refused(f"nests deeper than {max_depth} levels") from None
    finally:
        loader.dispose()


def safe_parse(text: str, max_depth: int = MAX_DEPTH, max_aliases: int = MAX_ALIASES,
               max_scalar: int = MAX_SCALAR) -> Any:
    """Plain YAML only (libyaml's safe loader when installed, ~10x faster), within the
    limits above; raises Refused or yaml.YAMLError."""
    check_shape(text, max_depth, max_aliases, max_scalar)
    loader = _loader_class()(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def dump_yaml(data: Any) -> str:
    """YAML text with stable key order as given, and no anchors or aliases."""
    import yaml

    base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    if "dumper" not in _LOADERS:
        _LOADERS["dumper"] = type("PlainDumper", (base,), {"ignore_aliases": lambda self, data: True})
    return yaml.dump(data, Dumper=_LOADERS["dumper"], sort_keys=False, allow_unicode=True,
                     default_flow_style=False)


def parse_text(text: str, path: Path, max_aliases: int = MAX_ALIASES,
               max_scalar: int = MAX_SCALAR) -> Any:
    """safe_parse with every failure as a one-line FileProblem naming the line."""
    import yaml

    try:
        return safe_parse(text, MAX_DEPTH, max_aliases, max_scalar)
    except Refused as exc:
        raise FileProblem(path, exc.reason, f"line {exc.line}" if exc.line else "") from None
    except yaml.constructor.ConstructorError as exc:
        line = _line(exc.problem_mark)
        if "tag" in str(exc.problem or ""):
            raise FileProblem(path, "holds a tag that is not plain data (refused for safety)",
                              f"line {line}") from None
        raise FileProblem(path, f"is not plain data: {one_line(exc.problem or '', 60)}",
                          f"line {line}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        place = f"line {mark.line + 1}" if mark else ""
        problem = one_line(getattr(exc, "problem", None) or "", 60)
        raise FileProblem(path, f"is not valid YAML: {problem}" if problem else "is not valid YAML",
                          place) from None
    except (RecursionError, MemoryError, ValueError, OverflowError) as exc:
        raise FileProblem(path, f"cannot be read as data ({type(exc).__name__})") from None


def json_int(text: str) -> int:
    """A JSON whole number of at most MAX_DIGITS digits (json.loads' parse_int)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError("number too long")
    return int(text)


def json_constant(name: str) -> Any:
    """json.loads' parse_constant: NaN and Infinity are refused."""
    raise ValueError(f"{name} is not plain data")
