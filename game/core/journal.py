"""The save journal: between two full saves, each move is one short line appended to
`<save>.journal` and synced, so autosave costs the same at move 10 and at move 10,000.

The readable YAML save stays what people see, edit and share. The journal is a tail to it:

    finis-journal 2 <crc32 of the save's text> <moves in the save> <crc32 of the save before>
    <crc32 of the rest> {"op": "base", "text": "<the save's whole text>"}
    <crc32 of the rest> {"op": "act", "n": 41, "a": "0 move 5 3", "s": "status line"}
    <crc32 of the rest> {"op": "cut", "n": 39}            (undo back to 39 moves)
    <crc32 of the rest> {"op": "meta", "meta": {...}}     (hints and the like)

Its first line names the save it belongs to, and the `base` line keeps that save's own text.
A whole save is always written journal first (saves.write_save): the fresh journal, whose
base is the new text, replaces the old one, then the save file is replaced. So on disk:

- the save is the journal's base: the journal's moves follow it (the usual case);
- the save is the one before the base (a kill came between the two writes): the game is the
  journal's base and moves;
- the save is neither: it changed under the window that wrote the journal (a hand edit, a
  copy put back). The game played is the journal's base and moves, and saves.py keeps the
  changed file beside it, under a name of its own, when it next writes (see savefile.py).
  A journal whose base is another game (other game or setup) is ignored.

Journals written before the base line (`finis-journal 1`) are read as before: they follow
only the exact text they name.

A last line cut short by a kill (no newline, or a checksum that does not match) is dropped
with a note in the log; nothing after a bad line is trusted. A journal is data only: each
line is checked for shape and size (too deep, too long, a number too long, NaN, a float where
a whole number belongs, a meta field of the wrong kind: that line and the rest are dropped),
and each move is replayed through the rules like any other.

The journal is always a fresh regular file of finis's own, put in place with one rename, so a
link, a hard link or a pipe left at its name is replaced, never written through. A write
that fails (a full disk) marks the journal broken: nothing more is appended to it, and the
next autosave writes the whole save instead (saves.autosave), so "safe" is said only once the
moves are on disk.
"""
from __future__ import annotations

import json
import logging
import os
import stat
import tempfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from .fileio import MAX_BYTES as SAVE_BYTES, fsync_dir
from .safeyaml import json_constant, json_int
from .meta import check_meta

SUFFIX = ".journal"
HEAD = "finis-journal 2"
OLD_HEAD = "finis-journal 1"  # no base line: follows only the exact text it names
#: The base line holds a whole save (at most SAVE_BYTES), JSON-escaped; a journal is
#: compacted long before its moves come near this.
MAX_BYTES = 4 * SAVE_BYTES
MAX_LINE = 20_000  # characters of any line but the base
MAX_TEXT = 400  # characters of an action or a status line
COMPACT_EVERY = 500  # lines before the next autosave writes the whole save again

log = logging.getLogger("finis.journal")


def journal_path(save: Path) -> Path:
    """The journal that belongs to a save file."""
    return save.with_name(save.name + SUFFIX)


def text_crc(text: str) -> str:
    """The fingerprint a journal uses to name its save: CRC-32 of the save's text."""
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def _line(entry: dict[str, Any]) -> str:
    body = json.dumps(entry, ensure_ascii=True, separators=(",", ":"), sort_keys=True)
    return f"{zlib.crc32(body.encode('ascii')):08x} {body}\n"


@dataclass
class Tail:
    """What a journal adds to its save, read and checked: the operations in order.

    `matches`: the journal follows the save's text as it is on disk. When it does not,
    `base_text` is the save the journal follows (its own copy), `base_moves` how many moves
    that holds, and `behind` says whether the file on disk is the save before the base (a
    kill between the journal and the save) rather than a file changed by someone else."""

    ops: list[dict[str, Any]] = field(default_factory=list)
    note: str = ""  # one line for the log when something was dropped or ignored
    matches: bool = True
    base_text: Optional[str] = None
    base_moves: int = 0
    behind: bool = False

    @property
    def status(self) -> Optional[str]:
        """The status line after the last move in the journal (None: no move there)."""
        for op in reversed(self.ops):
            if op["op"] == "act":
                return str(op.get("s", ""))
        return None

    def moves(self, base: int) -> int:
        """How many moves the save and its journal hold together."""
        count = base
        for op in self.ops:
            count = op["n"]
        return count

    def texts(self, base: list[str]) -> list[str]:
        """The moves, as text, after this journal's operations on the base's moves."""
        texts = list(base)
        for op in self.ops:
            if op["op"] == "act":
                texts.append(op["a"])
            elif op["op"] == "cut":
                del texts[op["n"]:]
        return texts


def read_tail(save: Path, save_text: str, base_moves: int) -> Tail:
    """The journal of a save whose text is `save_text`: empty if there is none or it cannot
    be used (with a note). Never raises for a bad journal."""
    path = journal_path(save)
    try:
        info = os.lstat(path)
    except OSError:
        return Tail()
    if not stat.S_ISREG(info.st_mode):
        return Tail(note=f"{path.name} is not a regular file: ignored")
    if info.st_size > MAX_BYTES:
        return Tail(note=f"{path.name} is larger than any journal: ignored")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                     | getattr(os, "O_NOFOLLOW", 0))
        try:
            raw = os.read(fd, MAX_BYTES + 1)
        finally:
            os.close(fd)
    except OSError:
        return Tail(note=f"{path.name} cannot be read: ignored")
    # finis writes ASCII only: a line with any other byte is a bad line like any other
    lines = [part.decode("ascii", errors="replace").replace("\ufffd", "\x00")
             for part in raw.split(b"\n")]
    head = lines[0].split(" ")
    kind = " ".join(head[:2])
    if len(head) != (4 if kind == OLD_HEAD else 5) or kind not in (HEAD, OLD_HEAD) \
            or len(head[2]) != 8 or not head[3].isdigit() or len(head[3]) > 7:
        return Tail(note=f"{path.name} is not a journal: ignored")
    crc, moves = head[2], int(head[3])
    same = crc == text_crc(save_text) and moves == base_moves
    first = 1
    tail = Tail()
    if kind == OLD_HEAD:
        if not same:
            return Tail(note=f"{path.name} belongs to an older version of the save: ignored")
    else:
        base = _base(lines[1] if len(lines) > 2 else "")
        if base is None or text_crc(base) != crc:
            return Tail(note=f"{path.name}: its copy of the save is damaged: ignored")
        first = 2
        if not same:
            tail.matches, tail.base_text, tail.base_moves = False, base, moves
            tail.behind = head[4] == text_crc(save_text)
    count = moves
    for number, line in enumerate(lines[first:], start=first + 1):
        if line == "" and number == len(lines):
            break  # the newline that ends the last whole line
        entry = _entry(line, count) if number < len(lines) else None
        if entry is None:
            what = "cut short" if number == len(lines) else "damaged or not what finis writes"
            tail.note = f"{path.name}: line {number} is {what}; the moves before it are kept"
            break
        tail.ops.append(entry)
        count = entry["n"]
    return tail


def _body(line: str, limit: int) -> Any:
    """The JSON value of one whole journal line (checksum, size, plain bounded JSON), or
    None."""
    crc, _, body = line.partition(" ")
    if len(crc) != 8 or len(body) > limit or f"{zlib.crc32(body.encode('ascii')):08x}" != crc:
        return None
    try:
        return json.loads(body, parse_int=json_int, parse_constant=json_constant,
                          parse_float=_no_float)
    except (ValueError, RecursionError, MemoryError):
        return None


def _no_float(text: str) -> Any:
    raise ValueError("a journal holds no fractions")


def _base(line: str) -> Optional[str]:
    """The save text kept on a journal's base line, or None."""
    entry = _body(line, MAX_BYTES)
    if not isinstance(entry, dict) or set(entry) != {"op", "text"} or entry["op"] != "base":
        return None
    text = entry["text"]
    return text if isinstance(text, str) and 0 < len(text) <= SAVE_BYTES else None


def _entry(line: str, count: int) -> Optional[dict[str, Any]]:
    """One checked journal line, or None if it is not whole, not ours, or not possible."""
    entry = _body(line, MAX_LINE)
    if not isinstance(entry, dict):
        return None
    op, n = entry.get("op"), entry.get("n", count)
    if not isinstance(n, int) or isinstance(n, bool):
        return None
    if op == "act":
        action, status = entry.get("a"), entry.get("s", "")
        if (n != count + 1 or not isinstance(action, str) or not 0 < len(action) <= MAX_TEXT
                or not isinstance(status, str) or len(status) > MAX_TEXT
                or set(entry) - {"op", "n", "a", "s"}):
            return None
        return {"op": "act", "n": n, "a": action, "s": status}
    if op == "cut":
        return {"op": "cut", "n": n} if 0 <= n <= count and set(entry) == {"op", "n"} else None
    if op == "meta":
        meta = entry.get("meta")
        if set(entry) != {"op", "meta"} or check_meta(meta):
            return None
        return {"op": "meta", "n": count, "meta": meta}
    return None


class Journal:
    """The open journal of one match: `record` appends what changed since the last call.

    Made afresh after every full save: a temp file holding the head and the save's text is
    synced and renamed over the journal's name (replacing whatever was there, never writing
    through it), and its descriptor is kept for appending."""

    def __init__(self, save: Path, save_text: str, texts: list[str], meta: dict[str, Any],
                 before: str = "00000000") -> None:
        """A journal whose base is `save_text` (about to be written, or just written), with
        `texts` its moves; `before` is the CRC of the save's text on disk before it."""
        self.path = journal_path(save)
        self.texts = list(texts)  # the moves the save and this journal hold, as text
        self.meta = json.loads(json.dumps(meta, default=str))
        self.lines = 0
        self.broken = False  # a write failed: the file's end is unknown, nothing more goes in
        head = (f"{HEAD} {text_crc(save_text)} {len(texts)} {before}\n"
                + _line({"op": "base", "text": save_text}))
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        try:
            _write_all(fd, head.encode("ascii"))
            os.replace(tmp, self.path)
        except BaseException:
            os.close(fd)
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        self.fd: Optional[int] = fd
        fsync_dir(self.path.parent)

    def record(self, match: Any, status: str = "") -> None:
        """Append the moves taken back and made since the last call, and a changed meta.
        OSError when the write fails; the journal is then broken (see `broken`)."""
        if self.broken or self.fd is None:
            raise OSError("the journal could not be written before")
        steps = match.steps
        texts = list(self.texts)
        keep = min(len(texts), len(steps))
        while keep and texts[keep - 1] != steps[keep - 1].action.text():
            keep -= 1  # only after an undo and a different move: walks back to where they part
        out = []
        if keep < len(texts):
            out.append(_line({"op": "cut", "n": keep}))
            del texts[keep:]
        for index in range(keep, len(steps)):
            text = steps[index].action.text()
            entry: dict[str, Any] = {"op": "act", "n": index + 1, "a": text}
            if index == len(steps) - 1 and status:
                entry["s"] = status[:MAX_TEXT]
            out.append(_line(entry))
            texts.append(text)
        meta = json.loads(json.dumps(match.meta, default=str))
        if meta != self.meta:
            out.append(_line({"op": "meta", "meta": meta}))
        if not out:
            return
        try:
            _write_all(self.fd, "".join(out).encode("ascii"))
        except OSError:
            self.broken = True  # part of it may be on disk: the next save writes the whole
            raise
        self.texts, self.meta = texts, meta  # counted only once it is on disk
        self.lines += len(out)

    @property
    def full(self) -> bool:
        """Time for the next autosave to write the whole save again (and start afresh)."""
        return self.lines >= COMPACT_EVERY

    def close(self, remove: bool = False) -> None:
        if self.fd is not None:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self.fd = None
        if remove:
            remove_journal(self.path)


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte, then sync the file (its name is synced when it is made)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
    os.fsync(fd)


def remove_journal(path: Path) -> None:
    """Remove a journal's name: a file, or whatever was left there (a link is removed, never
    followed); a folder stays."""
    try:
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            os.unlink(path)
    except OSError:
        pass
