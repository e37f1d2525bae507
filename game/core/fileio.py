"""Safe file writing and reading shared by saves, settings, statistics and movies."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml


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


_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: ~10x faster


def safe_parse(text: str) -> Any:
    """yaml.safe_load, through libyaml's safe loader when it is installed."""
    loader = _SAFE_LOADER(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def dump_yaml(data: Any) -> str:
    """YAML text with stable key order as given."""
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False)


def read_yaml(path: Path, max_bytes: int = 8 * 1024 * 1024) -> Any:
    """Load a YAML file with safe_load, turning every failure into a FileProblem."""
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
    try:
        return safe_parse(text)
    except yaml.constructor.ConstructorError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else 0
        raise FileProblem(path, "holds a tag that is not plain data (refused for safety)",
                          f"line {line}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        place = f"line {mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "is not valid YAML"
        raise FileProblem(path, f"is not valid YAML: {problem}", place) from None
