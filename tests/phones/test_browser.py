"""The real phone page in a real browser: Debian's chromium, headless, driven by selenium
against a real PhoneServer and host. It joins by the seat's address, shows the seat's name and
buttons, and a tap sends an action that the host applies; the page then shows the new turn.

CI installs chromium and chromium-driver (.ci/run) and sets FINIS_CI, so this test never
skips there; elsewhere it skips when chromium is not installed."""
from __future__ import annotations

import os
import shutil
import threading

import pytest

from game.core import Seat, Setup
from game.core.session import Match
from scenes.phones.host import PhoneHost
from scenes.phones.server import PhoneServer

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

if not (CHROMIUM and DRIVER) and not os.environ.get("FINIS_CI"):
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WAIT = 20


@pytest.fixture
def browser(tmp_path):
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


@pytest.fixture
def table():
    server = PhoneServer("127.0.0.1", 0).start()
    match = Match.start("flag-finish", Setup(3), {"mode": "warm-up"},
                        [Seat("Anna"), Seat("Bo")])
    secrets = {seat: server.add_seat(seat) for seat in (0, 1)}
    host = PhoneHost(match, server, secrets)
    stop, hold = threading.Event(), threading.Lock()

    def frames():  # the table's loop: the host is polled every frame
        while not stop.is_set():
            with hold:
                host.poll()
            stop.wait(0.01)

    loop = threading.Thread(target=frames, daemon=True)
    loop.start()
    yield server, match, hold
    stop.set()
    loop.join()
    server.stop()


def test_the_page_joins_shows_the_seats_buttons_and_a_tap_is_played(browser, table, tmp_path):
    server, match, _ = table
    mover = match.engine.to_act(match.state)[0]
    browser.get(server.address(mover))
    wait = WebDriverWait(browser, WAIT)
    wait.until(lambda d: d.find_element(By.ID, "who").text == match.seats[mover].name)
    wait.until(lambda d: d.find_element(By.ID, "link").text == "joined")
    buttons = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#actions button"))
    legal = match.engine.legal_actions(match.state, mover)
    assert [b.get_attribute("data-action") for b in buttons] == [a.text() for a in legal]
    assert [b.text for b in buttons] == [match.engine.describe(a) for a in legal]
    hand = browser.find_elements(By.CSS_SELECTOR, "#hand .tile")
    assert len(hand) == len(match.engine.view(match.state, mover)["zones"][f"hand{mover}"])
    browser.save_screenshot(str(tmp_path / "phone-before.png"))

    buttons[0].click()
    wait.until(lambda d: len(match.steps) == 1)
    assert match.steps[0].action.text() == legal[0].text()
    # the page shows the position after the tap: the engine's next choices for this seat
    after = [a.text() for a in match.engine.legal_actions(match.state, mover)]
    wait.until(lambda d: [b.get_attribute("data-action")
                          for b in d.find_elements(By.CSS_SELECTOR, "#actions button")] == after)
    browser.save_screenshot(str(tmp_path / "phone-after.png"))


def test_the_page_says_why_a_tap_is_refused(browser, table):
    server, match, hold = table
    engine, mover = match.engine, match.engine.to_act(match.state)[0]
    browser.get(server.address(mover))
    wait = WebDriverWait(browser, WAIT)
    buttons = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#actions button"))
    with hold:  # the table is busy for a moment: the tap waits in the queue
        buttons[0].click()
        wait.until(lambda d: server.inbound.qsize() == 1)
        match.act(engine.legal_actions(match.state, mover)[-1])  # made at the screen meanwhile
    refusal = wait.until(lambda d: d.find_element(By.ID, "refusal"))
    wait.until(lambda d: refusal.is_displayed() and refusal.text)
    assert len(match.steps) == 1  # the stale tap changed nothing
    after = [a.text() for a in engine.legal_actions(match.state, mover)]
    wait.until(lambda d: [b.get_attribute("data-action")
                          for b in d.find_elements(By.CSS_SELECTOR, "#actions button")] == after)
    assert refusal.is_displayed()  # the reason stays until the next tap
