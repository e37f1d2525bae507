"""Synthesise finis's sound effects into assets/sounds/*.wav (22.05 kHz, 16-bit, mono).

    python tools/make_sounds.py [out_dir]

Pure Python (math, random, wave): the same bytes on every run, no samples from anywhere else,
so the sounds are ours to give away (CC0, see assets/sounds/LICENSE).
"""
from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path
from typing import Callable, Iterable

RATE = 22050  # effects need no more: half the bytes of CD quality, in files and the program
TAU = 2 * math.pi
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Signal = list[float]


# ---------------------------------------------------------------- building blocks

def silence(seconds: float) -> Signal:
    return [0.0] * int(RATE * seconds)


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(RATE * seconds))]


def lowpass(sig: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; cutoff in Hz, or a function of time for sweeps."""
    out, y = [], 0.0
    for i, x in enumerate(sig):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-TAU * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    low = lowpass(sig, cutoff)
    return [x - l for x, l in zip(sig, low)]


def bandpass(sig: Signal, low: float | Callable[[float], float], high: float | Callable[[float], float]) -> Signal:
    """Two one-pole stages: above `low`, below `high` (each may sweep over time)."""
    under = lowpass(sig, high)
    below = lowpass(under, low)
    return [u - b for u, b in zip(under, below)]


def envelope(sig: Signal, attack: float, decay: float, curve: float = 1.0) -> Signal:
    """Linear attack, then a power-curve decay to zero at `decay` seconds after the peak."""
    out = []
    for i, x in enumerate(sig):
        t = i / RATE
        if t < attack:
            g = t / attack
        else:
            u = (t - attack) / max(1e-6, decay)
            g = max(0.0, 1.0 - u) ** curve
        out.append(x * g)
    return out


def expdecay(sig: Signal, tau: float, attack: float = 0.002) -> Signal:
    out = []
    for i, x in enumerate(sig):
        t = i / RATE
        g = min(1.0, t / attack) * math.exp(-t / tau)
        out.append(x * g)
    return out


def tone(freq: float | Callable[[float], float], seconds: float, partials: Iterable[tuple[float, float]] = ((1, 1),),
         phase: float = 0.0) -> Signal:
    """A sum of sine partials (ratio, amplitude); freq may glide (a function of time)."""
    partials = list(partials)
    out, ph = [], phase
    for i in range(int(RATE * seconds)):
        f = freq(i / RATE) if callable(freq) else freq
        ph += TAU * f / RATE
        out.append(sum(a * math.sin(ph * r) for r, a in partials))
    return out


def mix(*layers: tuple[Signal, float, float]) -> Signal:
    """Add (signal, gain, start seconds) layers into one signal."""
    end = max(int(s * RATE) + len(sig) for sig, _, s in layers)
    out = [0.0] * end
    for sig, gain, start in layers:
        o = int(start * RATE)
        for i, x in enumerate(sig):
            out[o + i] += x * gain
    return out


def normalise(sig: Signal, peak: float) -> Signal:
    m = max(1e-9, max(abs(x) for x in sig))
    return [x * peak / m for x in sig]


def fade_edges(sig: Signal, fade_in_ms: float = 0.5, fade_out_ms: float = 4.0) -> Signal:
    """Short fades at both ends so no sound starts or stops with a click."""
    out = list(sig)
    n_in = min(len(sig) // 2, max(1, int(RATE * fade_in_ms / 1000)))
    n_out = min(len(sig) // 2, max(1, int(RATE * fade_out_ms / 1000)))
    for i in range(n_in):
        out[i] *= i / n_in
    for i in range(n_out):
        out[-1 - i] *= i / n_out
    return out


def write(path: Path, sig: Signal) -> int:
    """16-bit mono WAV; returns the file size."""
    sig = fade_edges(sig)
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(round(x * 32767))))) for x in sig)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return path.stat().st_size


# ---------------------------------------------------------------- the sounds

def deal() -> Signal:
    """A card sliding off the deck: noise through a band that sweeps upward, then fades."""
    rng = random.Random(11)
    n = noise(0.20, rng)
    swept = bandpass(n, lambda t: 900 + 5000 * t, lambda t: 2600 + 16000 * t)
    body = envelope(swept, 0.025, 0.16, curve=1.8)
    return normalise(body, 0.55)


def flip() -> Signal:
    """A card turned over: a crisp high snap with a tiny papery body."""
    rng = random.Random(12)
    snap = expdecay(highpass(noise(0.07, rng), 2500), 0.008, attack=0.0008)
    paper = expdecay(bandpass(noise(0.07, rng), 600, 3000), 0.018, attack=0.002)
    knock = expdecay(tone(lambda t: 520 - 2000 * t, 0.05), 0.012)
    return normalise(mix((snap, 1.0, 0.0), (paper, 0.5, 0.004), (knock, 0.25, 0.0)), 0.6)


def drop() -> Signal:
    """A card or token set down: a soft low tap with a felt-muffled click."""
    rng = random.Random(13)
    thud = expdecay(tone(lambda t: 150 - 260 * t, 0.16, ((1, 1.0), (2.1, 0.25))), 0.035, attack=0.002)
    tap = expdecay(lowpass(noise(0.05, rng), 1800), 0.010, attack=0.0008)
    return normalise(mix((thud, 1.0, 0.0), (tap, 0.55, 0.0)), 0.7)


def refuse() -> Signal:
    """A move the rules won't take: two gentle low buzzes, the second a step lower."""
    def buzz(f: float) -> Signal:
        b = tone(f, 0.12, ((1, 1.0), (2, 0.35), (3, 0.18), (4, 0.08)))
        b = lowpass(b, 1400)
        return envelope(b, 0.012, 0.10, curve=1.3)
    return normalise(mix((buzz(196.0), 1.0, 0.0), (buzz(174.6), 1.0, 0.15)), 0.5)


def _bell(f: float, seconds: float) -> Signal:
    """A soft glockenspiel-ish note."""
    return expdecay(tone(f, seconds, ((1, 1.0), (2.0, 0.30), (3.01, 0.12), (4.2, 0.05))), seconds / 3.2, attack=0.004)


def win() -> Signal:
    """A cheerful rising arpeggio (C E G C') that lands on a bright chord."""
    notes = [523.25, 659.25, 783.99, 1046.50]
    layers = [(_bell(f, 0.5), 0.8, 0.11 * i) for i, f in enumerate(notes)]
    chord_at = 0.11 * len(notes)
    for f in (523.25, 659.25, 783.99, 1046.50, 1318.51):
        layers.append((_bell(f, 1.3), 0.42, chord_at))
    return normalise(mix(*layers), 0.62)


def click() -> Signal:
    """A UI tick: a tiny damped blip."""
    blip = expdecay(tone(lambda t: 2100 - 9000 * t, 0.035, ((1, 1.0), (2.7, 0.2))), 0.006, attack=0.0005)
    return normalise(blip, 0.45)


def roll() -> Signal:
    """Dice rattling in a hand and tumbling onto felt: clicks that thin out and fade."""
    rng = random.Random(17)
    total = 0.62
    out = silence(total)
    t = 0.0
    while t < total - 0.04:
        # a hit: short resonant knock at a random pitch, duller as the die slows down
        f = rng.uniform(1400, 3400) * (1 - 0.35 * t / total)
        hit = expdecay(tone(f, 0.03, ((1, 1.0), (1.73, 0.45), (2.6, 0.2))), rng.uniform(0.003, 0.007), attack=0.0003)
        tick = expdecay(highpass(noise(0.02, rng), 1500), 0.002, attack=0.0002)
        amp = rng.uniform(0.5, 1.0) * (1 - 0.55 * t / total)
        o = int(t * RATE)
        for i, x in enumerate(mix((hit, 1.0, 0.0), (tick, 0.6, 0.0))):
            if o + i < len(out):
                out[o + i] += x * amp
        t += rng.uniform(0.018, 0.05) * (1 + 2.0 * t / total)
    return normalise(lowpass(out, 7000), 0.6)


def token() -> Signal:
    """A small clink: a sweet on a saucer, a cup set down. Inharmonic partials, quick decay."""
    ring = tone(2350, 0.28, ((1, 1.0), (1.51, 0.6), (2.76, 0.35), (4.1, 0.15)))
    ring = expdecay(ring, 0.05, attack=0.0006)
    second = expdecay(tone(2780, 0.2, ((1, 1.0), (2.3, 0.3))), 0.035, attack=0.0006)
    return normalise(mix((ring, 1.0, 0.0), (second, 0.45, 0.055)), 0.5)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "deal": deal, "flip": flip, "drop": drop, "refuse": refuse, "win": win,
    "click": click, "roll": roll, "token": token,
}


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, make in SOUNDS.items():
        sig = make()
        size = write(out / f"{name}.wav", sig)
        total += size
        print(f"{name:7s} {len(sig) / RATE:5.2f} s {size / 1024:6.1f} KiB")
    print(f"total   {total / 1024:6.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
