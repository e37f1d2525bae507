"""Pictures finis ships instead of drawing them on a person's first start or packing a font
engine for them. Run after changing what they show:

    python3 tools/prerender.py            # writes assets/tiles/*.png and assets/fonts/digits.png
    python3 tools/prerender.py --check    # exit 1 if a shipped picture differs from the code

- assets/tiles/<game>-<r>-<g>-<b>.png: each menu tile's picture without its words
  (scenes.tiles.paint_tile) at the size of the default 1280x800 window's tiles, in the
  game's colour. The very first start shows it instead of drawing it (130 ms of the first
  frame); tests/art/test_art_shipped.py fails when the drawing code no longer makes it.
- assets/data/parsed.json: every data file parsed (with the sha256 of its text), so the very
  first start reads JSON instead of parsing YAML (game.core.registry.shipped_parse); a data
  file edited since is parsed as usual, and tests/core/test_parse_memo.py fails when it is stale.
- assets/fonts/digits.png: Lato Bold's digits 0-9 for the movie exports' page numbers
  (game/finished/movies.py), drawn with Pillow's FreeType here so that the executable need not pack it.

Both are deterministic: the same code and libraries draw the same pixels.
"""
from __future__ import annotations

import argparse
import io
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TILES_DIR = ROOT / "assets" / "tiles"
DIGITS_PATH = ROOT / "assets" / "fonts" / "digits.png"
DIGITS_SIZE = 128  # pixels per em: exports scale down from this (page numbers are 7-40 px)
DIGITS_PAD = 4


def digit_sheet_png() -> bytes:
    """The ten digits side by side, one cell each (the advance plus a margin both sides), from
    the ascent to the descent, white on black ("L"); the metrics in a text chunk."""
    from PIL import Image, ImageDraw, ImageFont
    from PIL.PngImagePlugin import PngInfo

    font = ImageFont.truetype(str(ROOT / "assets" / "fonts" / "Lato-Bold.ttf"), DIGITS_SIZE)
    ascent, descent = font.getmetrics()
    advances = {font.getlength(str(d)) for d in range(10)}
    if len(advances) != 1:
        raise SystemExit("the digits are not all one width: game/finished/movies.py assumes they are")
    advance = advances.pop()
    cell = math.ceil(advance) + 2 * DIGITS_PAD
    sheet = Image.new("L", (cell * 10, ascent + descent), 0)
    draw = ImageDraw.Draw(sheet)
    for d in range(10):
        left, _, right, _ = font.getbbox(str(d), anchor="ls")
        if left < -DIGITS_PAD or right > advance + DIGITS_PAD:
            raise SystemExit(f"digit {d} reaches out of its cell")
        draw.text((d * cell + DIGITS_PAD, ascent), str(d), fill=255, font=font, anchor="ls")
    info = PngInfo()
    info.add_text("finis-digits", f"size={DIGITS_SIZE} advance={advance} ascent={ascent} "
                                  f"descent={descent}")
    out = io.BytesIO()
    sheet.save(out, format="PNG", pnginfo=info, optimize=True)
    return out.getvalue()


def tile_games() -> list[tuple[str, tuple[int, int, int]]]:
    """(id, colour) of every game the menu shows a tile for, coming ones too."""
    from scenes.menu import menu_games
    return [(g.id, tuple(g.colour)) for g in menu_games()[0]]


def tile_name(game_id: str, colour: tuple[int, int, int]) -> str:
    return f"{game_id}-{'-'.join(str(int(c)) for c in colour)}.png"


def tile_pictures() -> dict[str, "pygame.Surface"]:  # noqa: F821
    """File name -> the tile picture the code draws now (needs a pygame display)."""
    import pygame
    from scenes import tiles

    if pygame.display.get_surface() is None:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
    return {tile_name(gid, colour): tiles.paint_tile(gid, *tiles.ART_SIZE, colour)
            for gid, colour in tile_games() if tiles.emblem_of(gid) is not None}


def surface_png(surface) -> bytes:
    """A surface as RGBA PNG bytes (written with Pillow: small, no timestamps)."""
    import pygame
    from PIL import Image

    image = Image.frombytes("RGBA", surface.get_size(), pygame.image.tobytes(surface, "RGBA"))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def parsed_data_json() -> bytes:
    """assets/data/parsed.json: each shipped data file's parse, keyed by the file's stem."""
    import json

    from game.core.fileio import parse_text
    from game.core.registry import text_digest

    files = {}
    for path in sorted((ROOT / "assets" / "data").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        files[path.stem] = {"sha256": text_digest(text), "data": parse_text(text, path)}
    return (json.dumps({"format": 1, "files": files}, ensure_ascii=False, sort_keys=True,
                       separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


PARSED_PATH = ROOT / "assets" / "data" / "parsed.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    opts = parser.parse_args()
    wanted = {DIGITS_PATH: digit_sheet_png(), PARSED_PATH: parsed_data_json()}
    wanted.update({TILES_DIR / name: surface_png(s) for name, s in tile_pictures().items()})
    stale = [path for path, data in wanted.items()
             if not path.exists() or path.read_bytes() != data]
    extra = [p for p in TILES_DIR.glob("*.png") if p not in wanted] if TILES_DIR.exists() else []
    if opts.check:
        for path in stale + extra:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale or extra else 0
    TILES_DIR.mkdir(parents=True, exist_ok=True)
    for path in extra:
        path.unlink()
    for path, data in wanted.items():
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT)}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
