"""Pictures finis ships instead of drawing them on a person's first start or packing a font
engine for them. Run after changing what they show:

    python3 tools/prerender.py            # writes everything below
    python3 tools/prerender.py --check    # exit 1 if a shipped picture differs from the code
    python3 tools/prerender.py --only startup   # one kind: tiles, startup, data or digits

- assets/tiles/<game>-<r>-<g>-<b>.png: each menu tile's picture without its words
  (scenes.tiles.paint_tile) at the size of the default 1280x800 window's tiles, in the
  game's colour. The very first start shows it instead of drawing it (130 ms of the first
  frame); tests/art/test_art_shipped.py fails when the drawing code no longer makes it.
- assets/startup/*.png: every picture the first frame of a very first start draws (the
  default 1280x800 window's menu: the felt, the tiles with their words, the buttons), named by
  its picture-cache key (scenes.art.diskcache.recording); a first start loads them instead of
  drawing them, and tests/art/test_art_startup.py fails when the code no longer draws them.
- assets/data/parsed.json: every data file parsed (with the sha256 of its text), so the very
  first start reads JSON instead of parsing YAML (game.core.registry.shipped_parse); a data
  file edited since is parsed as usual, and tests/core/test_parse_memo.py fails when it is stale.
- assets/fonts/digits.png: Lato Bold's digits 0-9 for the movie exports' page numbers
  (game/finished/movies.py), drawn with Pillow's FreeType here so that the executable need not pack it.

All are deterministic: the same code and libraries draw the same pixels.
"""
from __future__ import annotations

import argparse
import contextlib
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
STARTUP_DIR = ROOT / "assets" / "startup"
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


def forget_startup_memos() -> None:
    """Clear the memos in front of the startup pictures, so the first frame asks for each."""
    from scenes import tiles
    from scenes.art._cache import clear_caches
    clear_caches()
    tiles.tile_card.cache_clear()


#: The screen a shipped first start is drawn for: a common full-HD desktop, where the first
#: window opens at its 1280x800 (a smaller screen gets a smaller window, drawn at start-up).
SHIPPED_DESKTOP = (1920, 1080)


@contextlib.contextmanager
def on_desktop(size: tuple[int, int] = SHIPPED_DESKTOP) -> "Iterator[None]":  # noqa: F821
    """SDL says the screen is `size` meanwhile (the dummy driver's own is 1024x768)."""
    import pygame

    real = pygame.display.get_desktop_sizes
    pygame.display.get_desktop_sizes = lambda: [size]
    try:
        yield
    finally:
        pygame.display.get_desktop_sizes = real


def first_start_pictures() -> dict[str, tuple["pygame.Surface", bool]]:  # noqa: F821
    """Key -> (picture, opaque) of every startup picture that the first frame of a very first
    start draws: a new App with no settings, no saves and no cache, in the window it opens on
    SHIPPED_DESKTOP. Needs the dummy video driver (or a display); leaves a display open at
    that size."""
    import tempfile

    from game.cli import build_parser
    from scenes.app import App, start_scene
    from scenes.art import diskcache

    saved = os.environ.get("FINIS_HOME")
    with tempfile.TemporaryDirectory(prefix="finis-prerender-") as home:
        os.environ["FINIS_HOME"] = home
        try:
            with diskcache.recording(forget_startup_memos) as asked, on_desktop():
                args = build_parser().parse_args([])
                app = App(args)
                start_scene(app, args)
                app.manager.draw(app.screen)
                app.close_scenes()
            return dict(asked)
        finally:
            if saved is None:
                os.environ.pop("FINIS_HOME", None)
            else:
                os.environ["FINIS_HOME"] = saved


def startup_files() -> dict[str, bytes]:
    """File name in assets/startup -> PNG bytes, for every picture of a first start's first frame."""
    from scenes.art import diskcache

    return {diskcache.shipped_name(key): surface_png(picture, opaque)
            for key, (picture, opaque) in first_start_pictures().items()}


def surface_png(surface, opaque: bool = False) -> bytes:
    """A surface as RGBA (or, opaque, RGB) PNG bytes (written with Pillow: small, no timestamps)."""
    import pygame
    from PIL import Image

    mode = "RGB" if opaque else "RGBA"
    image = Image.frombytes(mode, surface.get_size(), pygame.image.tobytes(surface, mode))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def parsed_data_json() -> bytes:
    """assets/data/parsed.json: each shipped data file's parse, keyed by the file's stem."""
    import json

    from game.core.safeyaml import parse_text
    from game.core.registry import text_digest

    files = {}
    for path in sorted((ROOT / "assets" / "data").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        files[path.stem] = {"sha256": text_digest(text), "data": parse_text(text, path)}
    return (json.dumps({"format": 1, "files": files}, ensure_ascii=False, sort_keys=True,
                       separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


PARSED_PATH = ROOT / "assets" / "data" / "parsed.json"
KINDS = ("tiles", "startup", "data", "digits")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument("--only", choices=KINDS, action="append",
                        help="only this kind of file (may be given more than once)")
    opts = parser.parse_args()
    kinds = opts.only or KINDS
    wanted: dict[Path, bytes] = {}
    folders = []
    if "digits" in kinds:
        wanted[DIGITS_PATH] = digit_sheet_png()
    if "data" in kinds:
        wanted[PARSED_PATH] = parsed_data_json()
    if "tiles" in kinds:
        wanted.update({TILES_DIR / name: surface_png(s) for name, s in tile_pictures().items()})
        folders.append(TILES_DIR)
    if "startup" in kinds:
        wanted.update({STARTUP_DIR / name: data for name, data in startup_files().items()})
        folders.append(STARTUP_DIR)
    stale = [path for path, data in wanted.items()
             if not path.exists() or path.read_bytes() != data]
    extra = [p for folder in folders if folder.exists() for p in folder.glob("*.png") if p not in wanted]
    if opts.check:
        for path in stale + extra:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale or extra else 0
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    for path in extra:
        path.unlink()
    for path, data in wanted.items():
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT)}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
