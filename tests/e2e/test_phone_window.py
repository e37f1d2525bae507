"""A phone seat against the real program (issue 27): finis runs in an Xvfb window with a seat
held on a phone; headless chromium opens that seat's address as a phone would (the one in the
join panel's QR code), shows the seat's buttons and plays a tap; the table applies it and saves
it. Then finis is killed, opened again from Continue, and the same page rejoins by itself at
the same address and plays on.

CI installs chromium and its driver (.ci/run) and sets FINIS_CI, so this never skips there."""
from __future__ import annotations

import os
import shutil
import signal

import pytest

from tests.e2e.xvfb import Screen, saved_match, start_finis, wait_for

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER) and not os.environ.get("FINIS_CI"):
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SIZE = (1280, 800)
WAIT = 60


@pytest.fixture
def screen():
    s = Screen()
    yield s
    s.close()


@pytest.fixture
def phone(tmp_path):
    assert CHROMIUM and DRIVER, "CI must have chromium and chromium-driver (see .ci/run)"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=360,640", "--no-first-run", "--disable-extensions",
                 f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    yield driver
    driver.quit()


saved = saved_match


def buttons(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#actions button")


def test_a_phone_joins_the_real_table_plays_and_rejoins_after_a_kill(screen, phone, tmp_path):
    home = tmp_path / "home"
    proc = start_finis(screen, home, "--game", "flag-finish", "--seats", "human,phone",
                       "--option", "mode=warm-up", "--seed", "5", "--size", "x".join(map(str, SIZE)))
    again = None
    try:
        _, wx, wy = screen.find_window(proc=proc)
        match = wait_for(lambda: (m := saved(home)) is not None and "phone_port" in m.meta and m,
                         timeout=60, what="the save to know the phones' port")
        secret, port = match.meta["phones"]["1"], match.meta["phone_port"]
        address = f"http://127.0.0.1:{port}/s/{secret}"
        assert match.engine.to_act(match.state) == [1], "with deal 5 the phone's seat begins"
        colours = screen.window_colours(tmp_path / "join-panel.png", wx, wy, SIZE)
        assert colours > 50, "the window with its join panel looks blank"

        phone.get(address)
        wait = WebDriverWait(phone, WAIT)
        wait.until(lambda d: d.find_element(By.ID, "link").text == "joined")
        legal = match.engine.legal_actions(match.state, 1)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card"))
        # a card of the hand that one move plays: a tap on its picture plays it
        hand = set(match.engine.view(match.state, 1)["zones"]["hand1"])
        by_piece: dict[str, list[str]] = {}
        for action in legal:
            gestures = match.engine.gestures(match.state, action)
            if gestures and gestures[0].piece in hand:
                by_piece.setdefault(gestures[0].piece, []).append(action.text())
        cards = phone.find_elements(By.CSS_SELECTOR, "#hand button.card.playable")
        assert {c.get_attribute("data-piece") for c in cards} == set(by_piece)
        single = [c for c in cards if len(by_piece[c.get_attribute("data-piece")]) == 1]
        if single:
            expected = by_piece[single[0].get_attribute("data-piece")][0]
            single[0].click()
        else:  # every card has several moves: a plain button (draw, take) instead
            button = wait.until(buttons)[0]
            expected = button.get_attribute("data-action")
            button.click()
        played = wait_for(lambda: (m := saved(home)) is not None and len(m.steps) >= 1 and m,
                          timeout=WAIT, what="the phone's tap to be played and saved")
        assert played.steps[0].action.text() == expected
        phone.save_screenshot(str(tmp_path / "phone-after-tap.png"))
        screen.window_colours(tmp_path / "table-after-tap.png", wx, wy, SIZE)

        os.kill(proc.pid, signal.SIGKILL)  # finis dies with the phone still on its page
        proc.wait(10)
        wait.until(lambda d: d.find_element(By.ID, "link").text != "joined")

        again = start_finis(screen, home, "--size", "x".join(map(str, SIZE)))
        wid, wx, wy = screen.find_window(proc=again)
        screen.key(wid, "c", "Return", pause=1.0)  # Continue, the first game
        # the page rejoins by itself at the same address and gets the whole view again
        wait.until(lambda d: d.find_element(By.ID, "link").text == "joined")
        now = saved(home)
        assert now is not None and now.meta["phones"]["1"] == secret
        if now.engine.to_act(now.state) == [1]:
            button = wait.until(buttons)[0]  # a plain move (draw, take, close) after the rejoin
            button.click()
            wait_for(lambda: (m := saved(home)) is not None and len(m.steps) > len(now.steps),
                     timeout=WAIT, what="a tap after the rejoin to be played")
        screen.window_colours(tmp_path / "table-resumed.png", wx, wy, SIZE)
    finally:
        for p in (proc, again):
            if p is not None and p.poll() is None:
                p.kill()
