"""Safe file writing and reading shared by saves, settings, statistics and movies.

PyYAML is imported on first use: the window's first frame needs no YAML when the parse
memo (see `read_yaml`) already knows the files it reads.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Optional


class FileProblem(Exception):
    """A file that cannot be used; `reason` says why in plain words."""

    def __init__(self, path: Path, reason: str, place: str = "") -> None:
        self.path = Path(path)
        self.reason = reason
        self.place = place
        where = f" ({place})" if place else ""
        super().__init__(f"{self.path.name}{where}: {reason}")


def write_atomic(path: Path, text: str, keep_backup: bool = True) -> None:
    """Write `text` so that a crash at any moment leaves the old or the new file whole.

    Temp file in the same folder, flush, fsync, then os.replace; the previous version is
    kept as `<name>.bak` when `keep_backup` is set.
    """
    import tempfile

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and path.exists():
            backup = path.with_name(path.name + ".bak")
            try:
                os.replace(path, backup)
            except OSError:
                pass
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _fsync_dir(folder: Path) -> None:
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


def safe_parse(text: str) -> Any:
    """yaml.safe_load, through libyaml's safe loader when it is installed (~10x faster)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def dump_yaml(data: Any) -> str:
    """YAML text with stable key order as given."""
    import yaml

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False)


def read_yaml(path: Path, max_bytes: int = 8 * 1024 * 1024, memo: Optional[Path] = None) -> Any:
    """Load a YAML file with safe_load, turning every failure into a FileProblem.

    With `memo` (a JSON file in a cache folder), a file whose text is exactly the text parsed
    last time is answered from the memo without PyYAML; the text is compared whole, so an
    edited file is always parsed afresh. A missing, broken or unwritable memo only costs time.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    if size > max_bytes:
        raise FileProblem(path, f"is too large ({size} bytes)")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    if not raw.strip():
        raise FileProblem(path, "is empty")
    if b"\x00" in raw:
        raise FileProblem(path, "is not a text file (it holds binary data)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(path, f"is not UTF-8 text (byte {exc.start})") from None
    if memo is not None:
        found = _memo_lookup(memo, text)
        if found is not _MISS:
            return found
    import yaml

    try:
        data = safe_parse(text)
    except yaml.constructor.ConstructorError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else 0
        raise FileProblem(path, "holds a tag that is not plain data (refused for safety)",
                          f"line {line}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        place = f"line {mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "is not valid YAML"
        raise FileProblem(path, f"is not valid YAML: {problem}", place) from None
    if memo is not None:
        remember(memo, text, data)
    return data


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
_MEMO_FORMAT = 1


def _memo_lookup(memo: Path, text: str) -> Any:
    try:
        entry = json.loads(memo.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return _MISS
    if not isinstance(entry, dict) or entry.get("format") != _MEMO_FORMAT or entry.get("text") != text:
        return _MISS
    return entry.get("data")


def remember(memo: Path, text: str, data: Any) -> None:
    """Keep `data` as the parse of `text` in `memo`, when JSON gives it back unchanged (no
    integer keys, dates, ...). A writer that has just written `text` can call this so the
    next start needs no YAML either; `data` must be exactly what parsing `text` gives."""
    try:
        encoded = json.dumps({"format": _MEMO_FORMAT, "text": text, "data": data}, ensure_ascii=False)
        if json.loads(encoded)["data"] != data:
            return
        write_atomic(memo, encoded, keep_backup=False)
    except (TypeError, ValueError, OSError):
        pass
