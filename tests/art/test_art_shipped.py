"""Pictures shipped in assets/ instead of drawn at run time (tools/prerender.py makes them):
they must be exactly what the code draws now, and they must be used where they stand in."""
from __future__ import annotations

import io

import pygame
import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from game.finished import movies
from game.core.paths import resource
from scenes import tiles
from tools import prerender


def _rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture(scope="module")
def games():
    found = [(gid, colour) for gid, colour in prerender.tile_games() if tiles.emblem_of(gid) is not None]
    assert len(found) >= 5
    return found


def test_the_shipped_tile_pictures_are_what_the_code_paints(display, games):
    for gid, colour in games:
        path = resource("tiles", prerender.tile_name(gid, colour))
        assert path.exists(), f"{path.name} is missing: run tools/prerender.py"
        shipped = pygame.image.load(str(path))
        painted = tiles.paint_tile(gid, *tiles.ART_SIZE, colour)
        assert shipped.get_size() == painted.get_size() == tiles.ART_SIZE
        assert _rgba(shipped) == _rgba(painted), f"{path.name} is out of date: run tools/prerender.py"


def test_the_shipped_size_is_the_tile_of_the_window_a_first_start_opens(display):
    from game.core.settings import Settings
    from scenes.menu import MainMenu

    class App:  # what the menu asks of the app while it lays itself out
        size = (Settings().window_width, Settings().window_height)
        settings = Settings()

        def __getattr__(self, name):
            return lambda *a, **k: None

    menu = MainMenu(App())
    menu.resize(App.size)
    assert {r.size for r in menu.tiles} == {tiles.ART_SIZE}


def test_a_tile_of_the_shipped_size_is_loaded_not_painted(display, games, monkeypatch):
    painted = []
    monkeypatch.setattr(tiles, "paint_tile", lambda *a: painted.append(a) or pygame.Surface((1, 1)))
    for gid, colour in games:
        tile = tiles.draw_tile(gid, *tiles.ART_SIZE, colour)
        assert tile.get_size() == tiles.ART_SIZE
    assert painted == []
    # another size, another colour: painted as before
    gid, colour = games[0]
    tiles.draw_tile(gid, tiles.ART_SIZE[0] - 20, tiles.ART_SIZE[1] - 16, colour)
    tiles.draw_tile(gid, *tiles.ART_SIZE, (1, 2, 3))
    assert [p[1:3] for p in painted] == [(tiles.ART_SIZE[0] - 20, tiles.ART_SIZE[1] - 16), tiles.ART_SIZE]


def test_a_shipped_tile_is_a_fresh_surface_each_time(display, games):
    gid, colour = games[0]
    first = tiles.draw_tile(gid, *tiles.ART_SIZE, colour)
    first.fill((0, 0, 0, 0))  # draw_card draws its band on the tile it gets
    assert _rgba(tiles.draw_tile(gid, *tiles.ART_SIZE, colour)) == _rgba(
        tiles.paint_tile(gid, *tiles.ART_SIZE, colour))


def test_the_shipped_digits_are_what_freetype_draws():
    made = Image.open(io.BytesIO(prerender.digit_sheet_png()))
    with Image.open(resource("fonts", movies.DIGITS)) as shipped:
        shipped.load()
        assert shipped.info.get("finis-digits") == made.info.get("finis-digits")
        assert ImageChops.difference(shipped.convert("L"), made.convert("L")).getbbox() is None, \
            "assets/fonts/digits.png is out of date: run tools/prerender.py"


@pytest.mark.parametrize("size", [8, 16, 24, 40])
def test_page_numbers_from_the_digit_sheet_look_like_the_font(size):
    font = ImageFont.truetype(str(resource("fonts", "Lato-Bold.ttf")), size)
    for number in (7, 12, 48):
        w, h = size * 3, size * 2
        ours, theirs = Image.new("L", (w, h), 0), Image.new("L", (w, h), 0)
        movies.draw_number(ours, (w / 2, h / 2), number, size, 255)
        ImageDraw.Draw(theirs).text((w / 2, h / 2), str(number), fill=255, font=font, anchor="mm")
        # the same ink in the same place: near-equal totals and a small mean difference
        total_ours, total_theirs = sum(ours.histogram()[i] * i for i in range(256)), \
            sum(theirs.histogram()[i] * i for i in range(256))
        assert abs(total_ours - total_theirs) < 0.2 * total_theirs
        diff = ImageChops.difference(ours, theirs)
        mean = sum(diff.histogram()[i] * i for i in range(256)) / (w * h)
        assert mean < 12, (number, size, mean)
        assert abs(movies.number_ink(number, size)[0] - (lambda b: b[2] - b[0])(
            ImageDraw.Draw(theirs).textbbox((0, 0), str(number), font=font))) <= 1


def test_exports_need_no_font_engine(tmp_path, monkeypatch):
    """The executable packs Pillow without FreeType: exports must not touch it."""
    from PIL import ImageFont as fonts

    def refuse(*args, **kwargs):
        raise ImportError("The _imagingft C module is not installed")

    monkeypatch.setattr(fonts, "truetype", refuse)
    monkeypatch.setattr(fonts, "FreeTypeFont", refuse)
    movies.number_mask.cache_clear()
    gif = movies.export_gif([1, 2, 3], tmp_path / "m.gif")
    strip = movies.export_strip([1, 2, 3], tmp_path / "m.png")
    with Image.open(gif) as image:
        assert image.n_frames == 3
    with Image.open(strip) as image:
        assert image.format == "PNG"
    frame = movies.load_frame(5, (480, 360))
    before = frame.copy()
    movies._page_number(frame, 5)
    assert ImageChops.difference(before, frame).getbbox() is not None


def test_without_the_digit_sheet_pages_are_still_numbered(monkeypatch):
    monkeypatch.setattr(movies, "digit_sheet", lambda: None)
    movies._number_master.cache_clear()
    movies.number_mask.cache_clear()
    try:
        image = Image.new("RGB", (120, 60), (250, 246, 236))
        movies.draw_number(image, (60, 30), 37, 16, (0, 0, 0))
        assert image.convert("L").getextrema()[0] < 100
    finally:
        movies._number_master.cache_clear()
        movies.number_mask.cache_clear()
