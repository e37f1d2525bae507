"""The end-to-end helper itself: Xvfb picks its own display, screenshots read real xwd dumps."""
from __future__ import annotations

import os
import subprocess
import sys

from PIL import Image

from tests.e2e.xvfb import Screen, wait_for

COLOUR = (201, 42, 97)  # no two channels alike, so a swapped channel shows
WINDOW = """
import os, time
os.environ["SDL_VIDEO_X11_WMCLASS"] = "xwdcheck"
import pygame
pygame.display.init()
screen = pygame.display.set_mode((240, 120))
end = time.monotonic() + 60
while time.monotonic() < end:
    for event in pygame.event.get():
        if event.type == pygame.QUIT:
            raise SystemExit
    screen.fill(%r)
    pygame.display.flip()
    time.sleep(0.05)
""" % (COLOUR,)


def test_two_screens_at_once_take_different_displays():
    first, second = Screen(640, 400), Screen(800, 500)
    try:
        assert first.display != second.display
        assert first.xdotool("getdisplaygeometry") == "640 400"
        assert second.xdotool("getdisplaygeometry") == "800 500"
    finally:
        first.close()
        second.close()
    assert first.proc.poll() is not None and second.proc.poll() is not None


def test_a_screenshot_shows_a_window_in_its_true_colour(tmp_path):
    screen = Screen(640, 400)
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    proc = subprocess.Popen([sys.executable, "-c", WINDOW], env={**env, "DISPLAY": screen.display},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _, x, y = screen.find_window("xwdcheck")
        shot = tmp_path / "screen.png"

        def window_painted():
            image = Image.open(screen.screenshot(shot)).convert("RGB")
            return image if image.getpixel((x + 120, y + 60)) == COLOUR else None

        image = wait_for(window_painted, timeout=20, what="the window's colour on the screenshot")
        assert image.size == (640, 400)
        inside = image.crop((x, y, x + 240, y + 120)).getcolors()
        assert inside == [(240 * 120, COLOUR)]
        assert not (tmp_path / "screen.xwd").exists()
    finally:
        proc.kill()
        proc.wait(10)
        screen.close()
