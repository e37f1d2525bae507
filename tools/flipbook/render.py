"""Render the Finished! flip-book: 48 frames of a day at the office.

    python3 tools/flipbook/render.py                   # all frames -> assets/flipbook/
    python3 tools/flipbook/render.py --frames 1,24,48  # just these
    python3 tools/flipbook/render.py --sheet /tmp/sheet.png   # a contact sheet to look at
    python3 tools/flipbook/render.py --gif /tmp/movie.gif     # an animated preview

The output is deterministic: no randomness, no clocks; the same code draws the same
pixels. Frames are drawn at twice the size and box-filtered down (antialiasing), then
written with Pillow (no timestamp chunks) as 256-colour PNGs (`shipped`): the drawings are flat
colours, so a median-cut palette is off by half a level on average, invisible, and the 48
frames take 1.2 MB instead of 3 MB (they are most of what the executable carries).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: make the tools.flipbook package importable
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
from PIL import Image  # noqa: E402

from tools.flipbook.pen import Pen  # noqa: E402
from tools.flipbook.office import H, W, draw_frame  # noqa: E402
from tools.flipbook.story import FRAMES, frame_state  # noqa: E402

OUT_DIR = ROOT / "assets" / "flipbook"
SUPERSAMPLE = 2


TILE_FRAME = 24


def frame_name(k: int) -> str:
    return f"frame_{k:02d}.png"


def render_image(k: int, supersample: int = SUPERSAMPLE) -> Image.Image:
    """Frame k (1..48) as a 960 x 720 RGB Pillow image."""
    big = pygame.Surface((W * supersample, H * supersample), 0, 32)
    pen = Pen(big, supersample)
    draw_frame(pen, frame_state(k))
    img = Image.frombytes("RGB", big.get_size(), pygame.image.tobytes(big, "RGB"))
    if supersample > 1:
        img = img.reduce(supersample)
    return img


def render_frame(k: int) -> pygame.Surface:
    """Frame k (1..48) as a 960 x 720 pygame Surface."""
    img = render_image(k)
    return pygame.image.frombytes(img.tobytes(), img.size, "RGB")


def shipped(img: Image.Image) -> Image.Image:
    """The frame as it is written: 256 colours chosen by median cut, no dithering (dither
    noise would cost more bytes than the palette saves)."""
    return img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def save_png(img: Image.Image, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    shipped(img).save(path, format="PNG", optimize=True)


def contact_sheet(images: list[Image.Image], cols: int = 8, thumb: int = 240) -> Image.Image:
    """All frames small, in reading order, with their numbers."""
    th = thumb * 3 // 4
    pad, label = 6, 14
    rows = (len(images) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * (thumb + pad) + pad, rows * (th + pad + label) + pad),
                      (40, 40, 48))
    from PIL import ImageDraw
    draw = ImageDraw.Draw(sheet)
    for i, img in enumerate(images):
        x = pad + (i % cols) * (thumb + pad)
        y = pad + (i // cols) * (th + pad + label)
        sheet.paste(img.resize((thumb, th), Image.LANCZOS), (x, y + label))
        draw.text((x + 2, y + 1), f"{i + 1:02d}", fill=(230, 230, 230))
    return sheet


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=OUT_DIR, help="folder for frame_NN.png")
    ap.add_argument("--frames", default="", help="comma-separated frame numbers (default: all)")
    ap.add_argument("--sheet", type=Path, help="write a contact sheet here instead of frames")
    ap.add_argument("--gif", type=Path, help="write an animated GIF preview here instead")
    ap.add_argument("--fps", type=float, default=8.0, help="GIF speed")
    args = ap.parse_args(argv)

    frames = ([int(f) for f in args.frames.split(",") if f.strip()] if args.frames
              else list(range(1, FRAMES + 1)))
    pygame.init()
    t0 = time.perf_counter()
    images = []
    for k in frames:
        img = render_image(k)
        if args.sheet or args.gif:
            images.append(img)
        else:
            save_png(img, args.out / frame_name(k))
            if k == TILE_FRAME:  # a small copy for the menu tile: quick to load at start-up
                save_png(img.resize((320, 240), Image.LANCZOS), args.out / "tile.png")
    if args.sheet:
        args.sheet.parent.mkdir(parents=True, exist_ok=True)
        contact_sheet(images).save(args.sheet)
    if args.gif:
        args.gif.parent.mkdir(parents=True, exist_ok=True)
        small = [im.resize((480, 360), Image.LANCZOS) for im in images]
        small[0].save(args.gif, save_all=True, append_images=small[1:], loop=0,
                      duration=int(1000 / args.fps))
    dt = time.perf_counter() - t0
    where = args.sheet or args.gif or args.out
    print(f"{len(frames)} frame(s) in {dt:.1f}s -> {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
