"""The save journal: between two full saves, each move is one short line appended to
`<save>.journal` and synced, so autosave costs the same at move 10 and at move 10,000.

The readable YAML save stays what people see, edit and share. The journal is a tail to it:

    finis-journal 1 <crc32 of the save's text> <moves in the save>
    <crc32 of the rest> {"op": "act", "n": 41, "a": "0 move 5 3", "s": "status line"}
    <crc32 of the rest> {"op": "cut", "n": 39}            (undo back to 39 moves)
    <crc32 of the rest> {"op": "meta", "meta": {...}}     (hints and the like)

Its first line names the save it belongs to: after a full save (compaction) the old journal no
longer matches and is ignored, so a kill between writing the save and removing the journal
loses nothing and applies nothing twice. A last line cut short by a kill (no newline, or a
checksum that does not match) is dropped with a note in the log; nothing after a bad line is
trusted. A journal is data only: its lines are checked for shape and size, and each move is
replayed through the rules like any other.
"""
from __future__ import annotations

import json
import logging
import os
import stat
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

SUFFIX = ".journal"
HEAD = "finis-journal 1"
MAX_BYTES = 4 * 1024 * 1024  # a journal is compacted long before this
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
    """What a journal adds to its save, read and checked: the operations in order."""

    ops: list[dict[str, Any]] = field(default_factory=list)
    note: str = ""  # one line for the log when something was dropped or ignored

    @property
    def status(self) -> Optional[str]:
        """The status line after the last move in the journal (None: no move there)."""
        for op in reversed(self.ops):
            if op["op"] == "act":
                return op.get("s", "")
        return None

    def moves(self, base: int) -> int:
        """How many moves the save and its journal hold together."""
        count = base
        for op in self.ops:
            count = op["n"]
        return count


def read_tail(save: Path, save_text: str, base_moves: int) -> Tail:
    """The journal of a save whose text is `save_text`: empty if there is none, or if it
    belongs to another version of the save. Never raises for a bad journal."""
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
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            raw = os.read(fd, MAX_BYTES + 1)
        finally:
            os.close(fd)
        text = raw.decode("ascii")
    except (OSError, UnicodeDecodeError):
        return Tail(note=f"{path.name} cannot be read: ignored")
    lines = text.split("\n")
    if lines[0] != f"{HEAD} {text_crc(save_text)} {base_moves}":
        return Tail(note=f"{path.name} belongs to an older version of the save: ignored")
    tail = Tail()
    count = base_moves
    for number, line in enumerate(lines[1:], start=2):
        if line == "" and number == len(lines):
            break  # the newline that ends the last whole line
        entry = _entry(line, count) if number < len(lines) else None
        if entry is None:
            what = "cut short" if number == len(lines) else "damaged"
            tail.note = f"{path.name}: line {number} is {what}; the moves before it are kept"
            break
        tail.ops.append(entry)
        count = entry["n"]
    return tail


def _entry(line: str, count: int) -> Optional[dict[str, Any]]:
    """One checked journal line, or None if it is not whole, not ours, or not possible."""
    crc, _, body = line.partition(" ")
    if len(crc) != 8 or f"{zlib.crc32(body.encode('ascii')):08x}" != crc or len(body) > 20_000:
        return None
    try:
        entry = json.loads(body)
    except ValueError:
        return None
    if not isinstance(entry, dict):
        return None
    op, n = entry.get("op"), entry.get("n", count)
    if not isinstance(n, int) or isinstance(n, bool):
        return None
    if op == "act":
        action, status = entry.get("a"), entry.get("s", "")
        if (n != count + 1 or not isinstance(action, str) or not 0 < len(action) <= MAX_TEXT
                or not isinstance(status, str) or len(status) > MAX_TEXT):
            return None
        return {"op": "act", "n": n, "a": action, "s": status}
    if op == "cut":
        return {"op": "cut", "n": n} if 0 <= n <= count else None
    if op == "meta":
        meta = entry.get("meta")
        return {"op": "meta", "n": count, "meta": meta} if isinstance(meta, dict) else None
    return None


class Journal:
    """The open journal of one match: `record` appends what changed since the last call."""

    def __init__(self, save: Path, save_text: str, texts: list[str], meta: dict[str, Any]) -> None:
        self.path = journal_path(save)
        self.texts = list(texts)  # the moves the save and this journal hold, as text
        self.meta = json.loads(json.dumps(meta, default=str))
        self.lines = 0
        self.handle = open(self.path, "w", encoding="ascii", newline="\n")
        try:
            self._write(f"{HEAD} {text_crc(save_text)} {len(texts)}\n")
        except OSError:
            self.close()
            raise

    def record(self, match: Any, status: str = "") -> None:
        """Append the moves taken back and made since the last call, and a changed meta."""
        steps = match.steps
        keep = min(len(self.texts), len(steps))
        while keep and self.texts[keep - 1] != steps[keep - 1].action.text():
            keep -= 1  # only after an undo and a different move: walks back to where they part
        out = []
        if keep < len(self.texts):
            out.append(_line({"op": "cut", "n": keep}))
            del self.texts[keep:]
        for index in range(keep, len(steps)):
            text = steps[index].action.text()
            entry = {"op": "act", "n": index + 1, "a": text}
            if index == len(steps) - 1 and status:
                entry["s"] = status[:MAX_TEXT]
            out.append(_line(entry))
            self.texts.append(text)
        meta = json.loads(json.dumps(match.meta, default=str))
        if meta != self.meta:
            out.append(_line({"op": "meta", "meta": meta}))
            self.meta = meta
        if out:
            self._write("".join(out))
            self.lines += len(out)

    def _write(self, text: str) -> None:
        self.handle.write(text)
        self.handle.flush()
        os.fsync(self.handle.fileno())  # the file only: its name was synced when it was made

    @property
    def full(self) -> bool:
        """Time for the next autosave to write the whole save again (and start afresh)."""
        return self.lines >= COMPACT_EVERY

    def close(self, remove: bool = False) -> None:
        try:
            self.handle.close()
        except OSError:
            pass
        if remove:
            try:
                os.unlink(self.path)
            except OSError:
                pass
