"""Steady pseudo-random offsets, so loose cards (a heap, a spread) lie a little askew and
always the same way: the same name gives the same offsets on every run and every machine."""
from __future__ import annotations

import zlib


def jitter(name: str, salt: int = 0) -> tuple[float, float, float]:
    """Three steady numbers in -1..1 for `name` (use them as dx, dy and a tilt)."""
    value = zlib.crc32(f"{name}/{salt}".encode("ascii"))
    a = (value & 0x3FF) / 1023 * 2 - 1
    b = ((value >> 10) & 0x3FF) / 1023 * 2 - 1
    c = ((value >> 20) & 0x3FF) / 1023 * 2 - 1
    return a, b, c
