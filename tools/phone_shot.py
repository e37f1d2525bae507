"""The picture of the phone page in the README (docs/phone.png), made again.

A real Finita table (the app's own scene, headless) with four seats held on phones, served on
loopback; the table is polled every frame as in the app, so it draws the card pictures the
phones fetch. Debian's chromium, headless and driven by selenium, opens the page of the seat
to act as a 360x640 touch phone, waits until every card's picture has loaded, and takes the
screenshot, which Pillow then makes small (a palette of 256 colours).

    .venv/bin/python tools/phone_shot.py                  # docs/phone.png
    .venv/bin/python tools/phone_shot.py --out /tmp/p.png --seed 7 --ratio 1.5

Needs chromium and chromium-driver (Debian: apt-get install chromium chromium-driver).
"""
from __future__ import annotations

import argparse
import io
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("FINIS_HOME", tempfile.mkdtemp(prefix="finis-shot-"))

NAMES = ["Ada", "Ben", "Cleo", "Dev"]
WAIT = 60


def hand_moves(match, seat: int) -> dict[str, list]:
    """Per card of the seat's hand, the legal moves that take it out of the hand."""
    from scenes.phones.protocol import hand_zone
    engine, state = match.engine, match.state
    found: dict[str, list] = {}
    for action in engine.legal_actions(state, seat):
        gestures = engine.gestures(state, action)
        if gestures and gestures[0].source == hand_zone(engine.name, seat):
            found.setdefault(gestures[0].piece, []).append(action)
    return found


def good_seed(first: int) -> int:
    """The first seed from `first` whose opening mover holds cards that may be played and
    cards that may not (so the picture shows both)."""
    from game.core import Seat, Setup
    from game.core.session import Match
    for seed in range(first, first + 200):
        match = Match.start("finita", Setup(seed), None, [Seat(n) for n in NAMES])
        to_act = match.engine.to_act(match.state)
        if len(to_act) != 1:
            continue
        hand = match.engine.view(match.state, to_act[0])["zones"][f"hand{to_act[0]}"]
        playable = hand_moves(match, to_act[0])
        if 2 <= len(playable) <= len(hand) - 2:
            return seed
    raise SystemExit("no seed found with playable and unplayable cards")


def browser(ratio: float, profile: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not (chromium and driver):
        raise SystemExit("chromium and chromium-driver are needed")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=360,640", "--no-first-run", "--disable-extensions",
                 "--hide-scrollbars", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
        "width": 360, "height": 640, "pixelRatio": ratio, "touch": True}})
    return webdriver.Chrome(options=options, service=Service(driver))


def shoot(address: str, ratio: float, done: dict) -> None:
    """In a thread of its own: the page of one seat, once every picture of its hand loaded."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    with tempfile.TemporaryDirectory(prefix="finis-chromium-") as profile:
        driver = browser(ratio, Path(profile))
        try:
            driver.get(address)
            wait = WebDriverWait(driver, WAIT)
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand button.card.playable"))
            wait.until(lambda d: d.execute_script(
                "const i = [...document.querySelectorAll('#hand .card img')];"
                "return i.length > 0 && i.every(x => x.complete && x.naturalWidth > 0);"))
            time.sleep(0.5)  # the last picture's fade-in
            done["png"] = driver.get_screenshot_as_png()
        except Exception as exc:  # told by the main thread
            done["error"] = exc
        finally:
            driver.quit()
            done["over"] = True


def small(png: bytes) -> bytes:
    """The screenshot with a palette of 256 colours, as small as PNG makes it."""
    from PIL import Image
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    picture.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=True)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "phone.png")
    parser.add_argument("--seed", type=int, default=1, help="look for a deal from this seed")
    parser.add_argument("--ratio", type=float, default=1.5, help="device pixels per CSS pixel")
    args = parser.parse_args()

    import pygame

    from game.core import Seat, Setup
    from game.core.session import Match
    from scenes.app import App
    from scenes.table.phones import phone_meta
    from scenes.table.registry import table_class
    seed = good_seed(args.seed)
    pygame.init()
    app = App(argparse.Namespace(size="1280x800", fullscreen=False, game=None, seats=None,
                                 option=[], seed=None))
    match = Match.start("finita", Setup(seed), None, [Seat(n) for n in NAMES])
    match.meta.update(phone_meta(list(range(len(NAMES)))))
    match.meta["phone_port"] = 0  # any free port
    table = table_class("finita")(app, match)
    table.phones.bind = "127.0.0.1"  # this computer only
    app.push(table)
    while table.phones.server is None:  # its modules load on a thread of their own first
        app.frame(1 / 60)
    mover = match.engine.to_act(match.state)[0]
    done: dict = {}
    address = table.phones.server.address(mover, "127.0.0.1")
    threading.Thread(target=shoot, args=(address, args.ratio, done), daemon=True).start()
    end = time.monotonic() + WAIT + 30
    while not done.get("over") and time.monotonic() < end:
        app.frame(1 / 60)  # the table polls its phones and draws their pictures
        time.sleep(1 / 60)
    table.phones.stop()
    if "png" not in done:
        raise SystemExit(f"no picture: {done.get('error', 'timed out')}")
    data = small(done["png"])
    args.out.write_bytes(data)
    print(f"{args.out}: seed {seed}, {NAMES[mover]}'s hand, {len(data) // 1024} KB")


if __name__ == "__main__":
    main()
