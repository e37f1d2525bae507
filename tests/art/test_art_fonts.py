import pygame

from game.core.paths import resource
from scenes.art import fonts


def test_font_files_ship_with_licence():
    for name in (fonts.REGULAR, fonts.BOLD, fonts.DISPLAY):
        path = resource("fonts", name)
        assert path.is_file() and not path.is_symlink(), path
    assert resource("fonts", "OFL.txt").is_file()
    assert "Open Font License" in resource("fonts", "OFL.txt").read_text(encoding="utf-8")
    assert resource("fonts", "README.md").is_file()
    total = sum(p.stat().st_size for p in resource("fonts").iterdir())
    assert total < 3 * 1024 * 1024


def test_fonts_load_from_assets_not_the_fallback():
    f = fonts.font(20)
    assert isinstance(f, pygame.font.Font)
    assert f.name == "Lato"
    assert fonts.font(20, bold=True).style_name == "Bold"
    assert fonts.font(20, display=True).style_name == "Black"


def test_font_cache_and_clamp():
    assert fonts.font(18) is fonts.font(18)
    assert fonts.font(18, bold=True) is not fonts.font(18)
    assert fonts.font(1) is fonts.font(fonts.MIN_SIZE)
    assert fonts.font(-5).get_height() > 0


def test_render_text_cached():
    a = fonts.render_text("Finish!", 24, (255, 255, 255))
    b = fonts.render_text("Finish!", 24, (255, 255, 255))
    c = fonts.render_text("Finish!", 24, pygame.Color(255, 255, 255))
    assert a is b is c
    assert a.get_width() > 0 and a.get_height() > 0


def test_fit_text_shrinks_and_cuts():
    text = "A rather long heading for a small button"
    full = fonts.render_text(text, 30)
    fitted = fonts.fit_text(text, 200, 30)
    assert fitted.get_width() <= 200 < full.get_width()
    tiny = fonts.fit_text(text, 40, 30, min_size=12)
    assert tiny.get_width() <= 40
    short = fonts.fit_text("Go", 200, 30)
    assert short is fonts.render_text("Go", 30)


def test_wrap_text_width_and_lines():
    one = fonts.wrap_text("word", 300, 16)
    many = fonts.wrap_text("the quick brown fox jumps over the lazy dog " * 4, 300, 16)
    assert one.get_width() == many.get_width() == 300
    assert many.get_height() > 3 * one.get_height()
    assert fonts.wrap_text("a\nb", 100, 16).get_height() > one.get_height()
    assert fonts.wrap_text("centred", 200, 16, align="centre").get_width() == 200
