"""The parse memo: a file whose text is exactly the text parsed last time is answered from
a small JSON file in the cache folder, without PyYAML, so the first frame needs no YAML.

Nothing in a memo is trusted: it is read like any other file, its JSON is bounded, and its
data is used only when a seal made with a key kept in the data folder matches the text and
the data. A missing, broken, edited or unwritable memo only costs a parse.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Optional

from .fileio import MAX_BYTES, FileProblem, read_bytes_checked, write_atomic, write_new
from .safeyaml import MAX_NODES, json_constant, json_int

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
