"""Reading a finis data file: `read_yaml` (checked file, the parse memo, safe YAML),
`check_format` for the top of any finis file, and the files finis keeps for a person
(settings, statistics): `load_kept` brings a broken one back from its backup and sets the
broken one aside, `make_room` sets aside what a writer must not replace.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Optional

from .fileio import (MAX_BYTES, FileProblem, backup_of, clean_stale_temps, read_text_checked, set_aside, write_atomic)
from .parsememo import _MISS, _memo_lookup, remember
from .safeyaml import MAX_ALIASES, parse_text

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
