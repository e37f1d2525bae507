"""Safe file writing and reading shared by saves, settings, statistics and movies.

PyYAML is imported on first use: the window's first frame needs no YAML when the parse
memo (see `read_yaml`) already knows the files it reads.
"""
from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any, Callable, Optional


class FileProblem(Exception):
    """A file that cannot be used; `reason` says why in plain words."""

    def __init__(self, path: Path, reason: str, place: str = "") -> None:
        self.path = Path(path)
        self.reason = one_line(reason, 200)
        self.place = one_line(place, 80)
        where = f" ({self.place})" if self.place else ""
        super().__init__(f"{one_line(self.path.name, 80)}{where}: {self.reason}")


#: Nothing finis reads is larger: a save of 36,000 actions is under 1 MB.
MAX_BYTES = 4 * 1024 * 1024
#: How deep lists and mappings may nest (a save needs 4).
MAX_DEPTH = 200
#: How many aliases (`*name`) a file may use; saves use none (see saves.read_record).
MAX_ALIASES = 100
#: How many values (scalars, lists, mappings) a file may hold: a save of 36,000 actions
#: has about 36,000; this bounds the time and memory a file can cost before it is refused.
MAX_NODES = 100_000
#: Longest whole number, in digits (a seed needs 20 at most).
MAX_DIGITS = 30
#: Longest single value (a text, a number) a file may hold, in characters: the longest help
#: text in the game data is under 1,000; saves allow far less (saves.SAVE_SCALAR).
MAX_SCALAR = 64 * 1024


def short(value: Any, limit: int = 60) -> str:
    """A repr cut to `limit` characters, on one line: error messages never carry a whole value.

    The repr itself is bounded (a few levels, a few items, a few digits), so a value built
    from aliases, where nine lists of nine hold 9**9 strings, costs no more than a small one."""
    import reprlib

    bounded = reprlib.Repr()
    bounded.maxlevel, bounded.maxlist, bounded.maxtuple = 3, 4, 4
    bounded.maxdict, bounded.maxset, bounded.maxfrozenset = 4, 4, 4
    bounded.maxstring = bounded.maxother = bounded.maxlong = max(limit, 8)
    try:
        text = bounded.repr(value)
    except Exception:  # a repr must never be the thing that fails
        text = f"<{type(value).__name__}>"
    return one_line(text, limit)


def one_line(text: str, limit: int = 160) -> str:
    """Text on one line, cut to `limit` characters with an ellipsis."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def write_atomic(path: Path, text: str, keep_backup: bool = True) -> None:
    """Write `text` so that a crash at any moment leaves the old or the new file whole.

    A temp file in the same folder is written, flushed and synced; with `keep_backup` the
    current file is kept as `<name>.bak` (a hard link, or a copy where links are not
    possible, made BEFORE anything moves); then ONE os.replace puts the new file in place.
    There is never a moment without the main file. A temp file left by a kill holds a whole
    new version and is found by `recover` (saves) or cleaned as stale.
    """
    path = Path(path)
    tmp = _synced_temp(path, text)
    try:
        if keep_backup:
            _keep_backup(path)
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _synced_temp(path: Path, text: str) -> str:
    """A temp file beside `path` holding `text`, written, flushed and synced (removed again
    if the writing fails); the caller moves or links it into place."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return tmp


def write_new(path: Path, text: str) -> None:
    """Create `path` with `text`, whole or not at all; FileExistsError if the name is taken.

    The temp file is written and synced, then hard-linked to `path` (a link never replaces an
    existing file). Where links are not possible the file is created exclusively instead."""
    path = Path(path)
    tmp = _synced_temp(path, text)
    try:
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:
            with open(path, "x", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        fsync_dir(path.parent)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _not_ours(info: os.stat_result) -> bool:
    """A name finis must not write through: a link, a pipe or device, or a regular file that
    another name shares (a hard link to a file elsewhere)."""
    return not stat.S_ISREG(info.st_mode) or info.st_nlink > 1


def open_own_append(path: Path) -> Any:
    """`path` opened for appending text, as a regular file that is finis's own (the log).

    Whatever else sits at that name (a symbolic link, a hard link to a file elsewhere, a pipe,
    a device) is removed first (only the name: its target is never opened or changed) and a
    fresh file is made; a folder there raises IsADirectoryError. The file is opened without
    following links and checked again once open, so nothing put there meanwhile is written
    through either."""
    path = Path(path)
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    for _ in range(3):
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            info = None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if info is not None and _not_ours(info):
            os.unlink(path)
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENXIO, errno.EEXIST):
                continue  # a link or a pipe appeared meanwhile: remove it and try again
            raise
        if _not_ours(os.fstat(fd)):
            os.close(fd)
            continue
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "a", encoding="utf-8", newline="\n")
    raise OSError(errno.EEXIST, "something else keeps taking the name", str(path))


def create_own(path: Path, text: str) -> Path:
    """Create a new regular file with `text` at `path`, or at `<stem>-2<suffix>`, ... when the
    name is taken (by anything: a link there is never followed). Returns the path written."""
    path = Path(path)
    candidate, number = path, 2
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_CLOEXEC", 0))
    for _ in range(1000):
        try:
            fd = os.open(candidate, flags, 0o644)
        except FileExistsError:
            candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
            number += 1
            continue
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        return candidate
    raise OSError(errno.EEXIST, "no free name", str(path))


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def temp_files_of(path: Path) -> list[Path]:
    """Temp files `write_atomic` made for `path` (whole new versions, or half-written ones)."""
    prefix = f".{path.name}."
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.parent / n for n in names if n.startswith(prefix) and n.endswith(".tmp")]


def _keep_backup(path: Path) -> None:
    """`<name>.bak` becomes the current file (which stays where it is); best effort."""
    import shutil
    import tempfile

    try:
        info = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
        return  # nothing worth keeping
    fd, side = tempfile.mkstemp(prefix=f".{path.name}.bak.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        os.unlink(side)
        try:
            os.link(path, side, follow_symlinks=False)
        except OSError:
            shutil.copyfile(path, side, follow_symlinks=False)
        os.replace(side, backup_of(path))
    except OSError:
        try:
            os.unlink(side)
        except OSError:
            pass


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: Temp files older than this (seconds) next to a file that loads are left-overs, removed.
STALE_TEMP_SECONDS = 60.0


def set_aside(path: Path) -> Path:
    """Rename a broken file (or folder, pipe, link) to `<stem>-broken-<time><suffix>` next to
    it, under a name nothing has; it is never deleted. Returns the new path; OSError if the
    rename fails."""
    import time

    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix = path.suffix or ".yaml"
    aside = path.with_name(f"{path.stem}-broken-{stamp}{suffix}")
    number = 2
    while os.path.lexists(aside):
        aside = path.with_name(f"{path.stem}-broken-{stamp}-{number}{suffix}")
        number += 1
    os.rename(path, aside)
    return aside


def clean_stale_temps(path: Path, seconds: float = STALE_TEMP_SECONDS) -> None:
    """Remove the temp files `write_atomic` left next to `path` that no writer still uses."""
    import time

    now = time.time()
    for temp in temp_files_of(Path(path)):
        try:
            info = os.lstat(temp)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > seconds:
                os.unlink(temp)
        except OSError:
            pass


#: Files finis writes itself (settings, statistics) never hold aliases: a file that uses one
#: was not written by finis, and aliases are how a small file becomes a huge value.
KEPT_ALIASES = 0


def load_kept(path: Path, what: str, check: Callable[[Any], str], newest: int,
              memo: Optional[Path] = None) -> tuple[Any, str]:
    """(data, note) for a file kept with `write_atomic`'s backup: settings, statistics.

    `check(data)` gives '' for good data or a short reason. A missing file gives (None, '')
    (a first start, or a person who removed it to start afresh). A file written by a newer
    finis (format above `newest`) is left as it is: (None, note). A broken file is set aside
    (renamed, never deleted) and, when its `.bak` is good, the backup's text is put in its
    place; `note` says so, once (the next start finds a good file). With no good backup
    (None, note) is returned: the caller starts afresh and writes over nothing.
    A good file gives (data, '')."""
    path = Path(path)
    if not os.path.lexists(path):
        return None, ""
    try:
        data = read_yaml(path, memo=memo, max_aliases=KEPT_ALIASES)
        reason = _newer(data, newest) or _checked(check, data)
    except FileProblem as exc:
        reason = exc.reason
    if not reason:
        clean_stale_temps(path)
        return data, ""
    if reason.startswith("was written by a newer finis"):
        return None, f"{what} file {reason}; it is kept as it is."
    good = None
    backup = backup_of(path)
    if os.path.lexists(backup):
        try:
            text = read_text_checked(backup)
            old = parse_text(text, backup, KEPT_ALIASES)
            if not (_newer(old, newest) or _checked(check, old)):
                good = (old, text)
        except FileProblem:
            good = None
    try:
        kept = f"the broken file is kept as {set_aside(path).name}"
    except OSError as exc:
        return None, (f"{what} file {reason}; it could not be set aside "
                      f"({exc.strerror or exc}), so it is left as it is.")
    if good is None:
        return None, f"{what} file {reason}; {kept}."
    try:
        write_atomic(path, good[1], keep_backup=False)
    except OSError:
        pass  # the backup still holds it; this run uses it all the same
    return good[0], f"{what} file {reason}; the last good copy came back from its backup ({kept})."


def make_room(path: Path, check: Callable[[Any], str], newest: int,
              memo: Optional[Path] = None) -> Optional[Path]:
    """Before writing over `path`: a file there that is not good data for this finis (broken,
    or written by a newer one) is set aside and its new path returned, so a writer never
    replaces it (nor pushes it into the `.bak`). OSError when it cannot be set aside."""
    path = Path(path)
    if not os.path.lexists(path):
        return None
    try:
        data = read_yaml(path, memo=memo, max_aliases=KEPT_ALIASES)
        reason = _newer(data, newest) or _checked(check, data)
    except FileProblem as exc:
        reason = exc.reason
    return set_aside(path) if reason else None


def _checked(check: Callable[[Any], str], data: Any) -> str:
    try:
        return check(data)
    except Exception as exc:  # a check must never be what fails
        return f"cannot be read ({type(exc).__name__})"


def _newer(data: Any, newest: int) -> str:
    version = data.get("format") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > newest:
        return f"was written by a newer finis (format {version}; this one reads up to {newest})"
    return ""


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


def read_bytes_checked(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; FileProblem for anything else.

    A FIFO, a device (a link to /dev/zero), a folder or a file that is too large is refused
    before a byte is read, and the file is opened without blocking and checked again.
    """
    path = Path(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    _check_regular(path, info, max_bytes)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    try:
        _check_regular(path, os.fstat(fd), max_bytes)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise FileProblem(path, f"is too large (over {max_bytes // 1024} KB)")
    return raw


def _check_regular(path: Path, info: os.stat_result, max_bytes: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, "is not a regular file (a pipe, device or socket): not read")
    if info.st_size > max_bytes:
        raise FileProblem(path, f"is too large ({info.st_size} bytes; at most {max_bytes})")


def read_yaml(path: Path, max_bytes: int = MAX_BYTES, memo: Optional[Path] = None,
              max_aliases: int = MAX_ALIASES) -> Any:
    """Load a YAML file with safe_load, turning every failure into a FileProblem.

    Refused before parsing: anything but a regular file, and files over `max_bytes`. Refused
    while parsing: nesting deeper than MAX_DEPTH, more than `max_aliases` aliases, whole
    numbers over MAX_DIGITS digits, duplicate keys, tags. Every reason is one short line.

    With `memo` (a JSON file in a cache folder), a file whose text is exactly the text parsed
    last time is answered from the memo without PyYAML; the text is compared whole, so an
    edited file is always parsed afresh. A missing, broken or unwritable memo only costs time.
    """
    path = Path(path)
    text = read_text_checked(path, max_bytes)
    if memo is not None:
        found = _memo_lookup(memo, text)
        if found is not _MISS:
            return found
    data = parse_text(text, path, max_aliases)
    if memo is not None:
        remember(memo, text, data)
    return data


def read_text_checked(path: Path, max_bytes: int = MAX_BYTES) -> str:
    """The text of a regular, non-empty UTF-8 file of at most `max_bytes`; else FileProblem."""
    path = Path(path)
    raw = read_bytes_checked(path, max_bytes)
    if not raw.strip():
        raise FileProblem(path, "is empty")
    if b"\x00" in raw:
        raise FileProblem(path, "is not a text file (it holds binary data)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(path, f"is not UTF-8 text (byte {exc.start})") from None


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


def check_format(data: Any, path: Path, kind: str, newest: int,
                 problem: Callable[..., Exception] = FileProblem) -> None:
    """The top of a finis file: a mapping with a whole-number `format` from 1 to `newest`.
    Raises `problem(path, reason, place)`, e.g. FileProblem or SaveProblem."""
    if not isinstance(data, dict):
        raise problem(path, f"is not a finis {kind} (no mapping at the top)")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise problem(path, "has no format version", "format")
    if version > newest:
        raise problem(path, f"was written by a newer finis (format {version}; this one "
                            f"reads up to {newest})", "format")
    if version < 1:
        raise problem(path, f"has an unknown format version {version}", "format")


_MISS = object()
#: 3: sealed with a key kept in the data folder; the memo's data is used only if the seal holds.
_MEMO_FORMAT = 3
#: The memo's key: in the data folder, so a cache folder copied, shared or edited by hand
#: cannot make finis take its data for the parse of a file.
MEMO_KEY = ".memo-key"
_KEYS: dict[str, bytes] = {}


def _memo_key(create: bool = False) -> Optional[bytes]:
    """The key that seals parse memos (made on first write); None when there is none."""
    from .paths import data_home

    path = data_home() / MEMO_KEY
    if str(path) in _KEYS:
        return _KEYS[str(path)]
    for _ in range(2):
        try:
            key = read_bytes_checked(path, 256).strip()
            if len(key) < 32:
                return None
            _KEYS[str(path)] = key  # read once a run: it never changes once made
            return key
        except FileProblem:
            if not create or os.path.lexists(path):
                return None
        try:
            write_new(path, os.urandom(32).hex())
        except FileExistsError:
            continue  # another window made it first: read theirs
        except OSError:
            return None
    return None


def _seal(key: bytes, text: str, data_json: str) -> str:
    import hashlib
    import hmac

    mac = hmac.new(key, text.encode("utf-8"), hashlib.sha256)
    mac.update(b"\0")
    mac.update(data_json.encode("utf-8"))
    return mac.hexdigest()


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False)


def json_int(text: str) -> int:
    """A JSON whole number of at most MAX_DIGITS digits (json.loads' parse_int)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError("number too long")
    return int(text)


def json_constant(name: str) -> Any:
    """json.loads' parse_constant: NaN and Infinity are refused."""
    raise ValueError(f"{name} is not plain data")


def _memo_lookup(memo: Path, text: str) -> Any:
    """The memo's data for exactly `text`, or _MISS. Nothing in a memo is trusted: it is read
    like any other file (a regular file, not too large), its JSON is bounded (no NaN, no long
    numbers, no deep nesting), and its data is used only when the seal made with the data
    folder's key matches the text and the data. A memo edited by hand only costs a parse."""
    key = _memo_key()
    if key is None:
        return _MISS
    try:
        raw = read_bytes_checked(memo, 2 * MAX_BYTES + 4096)
        entry = json.loads(raw.decode("utf-8"), parse_int=json_int, parse_constant=json_constant)
    except (FileProblem, ValueError, RecursionError, MemoryError):
        return _MISS
    if not isinstance(entry, dict) or entry.get("format") != _MEMO_FORMAT or entry.get("text") != text:
        return _MISS
    seal = entry.get("seal")
    try:
        data = entry.get("data")
        expected = _seal(key, text, _canonical(data))
    except (TypeError, ValueError, RecursionError):
        return _MISS
    import hmac

    if not isinstance(seal, str) or not hmac.compare_digest(seal, expected):
        return _MISS
    return data


def _few_values(data: Any, limit: int = MAX_NODES) -> bool:
    """Does `data`, every alias counted as often as it is used, hold at most `limit` values?"""
    todo, count = [data], 0
    while todo:
        item = todo.pop()
        count += 1
        if count > limit:
            return False
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, (list, tuple)):
            todo.extend(item)
    return True


def remember(memo: Path, text: str, data: Any) -> None:
    """Keep `data` as the parse of `text` in `memo`, when JSON gives it back unchanged (no
    integer keys, dates, ...). A writer that has just written `text` can call this so the
    next start needs no YAML either; `data` must be exactly what parsing `text` gives."""
    try:
        if len(text) > MAX_BYTES or not _few_values(data):
            return  # aliases can make a small text a huge value: it is not written out whole
        data_json = _canonical(data)
        if json.loads(data_json) != data:
            return
        key = _memo_key(create=True)
        if key is None:
            return
        encoded = json.dumps({"format": _MEMO_FORMAT, "text": text, "data": data,
                              "seal": _seal(key, text, data_json)}, ensure_ascii=False)
        write_atomic(memo, encoded, keep_backup=False)
    except (TypeError, ValueError, OSError, RecursionError):
        pass
