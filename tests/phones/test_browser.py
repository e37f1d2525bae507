"""The real phone page in a real browser: Debian's chromium, headless, driven by selenium
against a real PhoneServer and host, with the pictures drawn by finis's own card art as the
table draws them. It joins by the seat's address, shows the seat's name, its cards as
pictures and its buttons; a tap on a card that may be played plays it, a card with several
moves asks which, a card that may not be played is not a button; the page then shows the new
turn. Screenshots go to tmp_path (and to FINIS_PHONE_SHOTS when it names a folder).

CI installs chromium and chromium-driver (.ci/run) and sets FINIS_CI, so this test never
skips there; elsewhere it skips when chromium is not installed."""
from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pygame
import pytest

from game.core import Seat, Setup
from game.core.session import Match
from scenes.phones.host import PhoneHost
from scenes.phones.protocol import hand_zone
from scenes.phones.server import PhoneServer
from scenes.table.phones import ART_SIZE, piece_png

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

if not (CHROMIUM and DRIVER) and not os.environ.get("FINIS_CI"):
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from tests.phones.helpers import chromium  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WAIT = 20


def waiting(browser) -> WebDriverWait:
    """A wait that looks again when the page redrew what it was reading (a new view came)."""
    return WebDriverWait(browser, WAIT, ignored_exceptions=(StaleElementReferenceException,))


@pytest.fixture
def browser(tmp_path):
    driver = chromium(tmp_path, phone_screen=True)
    yield driver
    driver.quit()


@pytest.fixture
def table(request):
    """A match (Flag Finish's warm-up unless the test names another game) served to phones,
    with the host polled and pictures drawn in a loop of its own, as the table's frames do."""
    from scenes.flag_finish.art import card_face
    pygame.init()
    game, options = getattr(request, "param", ("flag-finish", {"mode": "warm-up"}))

    def face(piece: str) -> pygame.Surface:
        if game == "flag-finish":
            return card_face(piece, *ART_SIZE)
        if game == "finita":
            from scenes.finita.art import card_face as finita_face
            return finita_face(piece, *ART_SIZE)
        plain = pygame.Surface(ART_SIZE)  # another game's pieces: any picture will do here
        plain.fill((200, 180, 90))
        return plain

    server = PhoneServer("127.0.0.1", 0).start()
    match = Match.start(game, Setup(3), options, [Seat("Anna"), Seat("Bo")])
    secrets = {seat: server.add_seat(seat) for seat in (0, 1)}
    host = PhoneHost(match, server, secrets)
    stop, hold = threading.Event(), threading.Lock()

    def frames():  # the table's loop: the host is polled, pictures drawn, every frame
        while not stop.is_set():
            with hold:
                host.poll()
                for piece in server.art.wanted(2):  # as TablePhones.draw_art does
                    server.art.put(piece, piece_png(face(piece)))
            stop.wait(0.01)

    loop = threading.Thread(target=frames, daemon=True)
    loop.start()
    yield server, match, hold
    stop.set()
    loop.join()
    server.stop()


def shoot(browser, tmp_path, name):
    browser.save_screenshot(str(tmp_path / name))
    folder = os.environ.get("FINIS_PHONE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(folder) / name))


def offers_the_engines_moves(browser, match, mover) -> bool:
    """The page offers exactly the seat's legal moves now: the cards they take out of the
    hand as tappable cards, every other move as a button with its text."""
    playable = cards_by_moves(match, mover)
    on_cards = {a for moves in playable.values() for a in moves}
    rest = sorted(a.text() for a in match.engine.legal_actions(match.state, mover)
                  if a not in on_cards)
    cards = {c.get_attribute("data-piece") for c in browser.find_elements(
        By.CSS_SELECTOR, "#hand button.card.playable")}
    buttons = sorted(b.get_attribute("data-action") for b in browser.find_elements(
        By.CSS_SELECTOR, "#actions button"))
    return cards == set(playable) and buttons == rest


def cards_by_moves(match, mover):
    """The engine's own answer: per piece of the seat's hand (Finito!'s counters on offer),
    the moves that take it out of there."""
    engine, state = match.engine, match.state
    hand = hand_zone(engine.name, mover)
    moves: dict[str, list] = {}
    for action in engine.legal_actions(state, mover):
        gestures = engine.gestures(state, action)
        if gestures and gestures[0].source == hand:
            moves.setdefault(gestures[0].piece, []).append(action)
    return moves


def test_the_page_joins_shows_the_cards_as_pictures_and_only_playable_ones_are_buttons(
        browser, table, tmp_path):
    server, match, _ = table
    engine = match.engine
    mover = engine.to_act(match.state)[0]
    browser.get(server.address(mover))
    wait = waiting(browser)
    wait.until(lambda d: d.find_element(By.ID, "who").text == match.seats[mover].name)
    wait.until(lambda d: d.find_element(By.ID, "link").text == "joined")
    hand = engine.view(match.state, mover)["zones"][f"hand{mover}"]
    cards = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card"))
    assert [c.get_attribute("data-piece") for c in cards] == hand
    # every card of the hand is finis's own picture, loaded (drawn by the table, served by id)
    wait.until(lambda d: d.execute_script(
        "const i = [...document.querySelectorAll('#hand .card img')];"
        "return i.length === arguments[0] && i.every(x => x.complete && x.naturalWidth > 0);",
        len(hand)))
    assert browser.execute_script(
        "return document.querySelector('#hand img').naturalWidth") == ART_SIZE[0]
    # exactly the cards the engine lets move are buttons; the others are not
    playable = cards_by_moves(match, mover)
    assert playable, "the warm-up's first racer may lay a 0 or draw"
    shown = {c.get_attribute("data-piece") for c in browser.find_elements(
        By.CSS_SELECTOR, "#hand button.card.playable")}
    assert shown == set(playable)
    assert all(c.size["width"] >= 44 and c.size["height"] >= 44
               for c in browser.find_elements(By.CSS_SELECTOR, "#hand button.card"))
    idle = browser.find_elements(By.CSS_SELECTOR, "#hand .card.idle")
    assert {c.get_attribute("data-piece") for c in idle} == set(hand) - set(playable)
    assert all(c.tag_name == "div" and c.get_attribute("aria-disabled") == "true" for c in idle)
    # the moves without a card of the hand are big buttons with the engine's words
    assert offers_the_engines_moves(browser, match, mover)
    buttons = browser.find_elements(By.CSS_SELECTOR, "#actions button")
    rest = {a.text(): engine.describe(a) for a in engine.legal_actions(match.state, mover)}
    assert all(b.text == rest[b.get_attribute("data-action")] for b in buttons)
    assert all(b.size["height"] >= 44 and b.size["width"] >= 44 for b in buttons)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 360
    shoot(browser, tmp_path, "phone-hand-360x640.png")

    if idle:  # a tap on a card that may not be played does nothing
        idle[0].click()
        assert not browser.find_element(By.ID, "sheet").is_displayed()
        assert len(match.steps) == 0

    piece, moves = next((p, m) for p, m in playable.items() if len(m) == 1)
    browser.find_element(By.CSS_SELECTOR, f'#hand button[data-piece="{piece}"]').click()
    wait.until(lambda d: len(match.steps) == 1)
    assert match.steps[0].action.text() == moves[0].text()
    # the page shows the position after the tap: that card has left the hand
    wait.until(lambda d: piece not in [c.get_attribute("data-piece")
                                       for c in d.find_elements(By.CSS_SELECTOR, "#hand .card")])
    wait.until(lambda d: offers_the_engines_moves(d, match, mover))
    shoot(browser, tmp_path, "phone-after-360x640.png")


def test_the_page_works_by_touch_on_a_tablet(table, tmp_path):
    """The same page on a tablet's screen (800x1280): the seat's moves, cards that fit the
    width, and a tap that plays."""
    server, match, _ = table
    engine = match.engine
    mover = engine.to_act(match.state)[0]
    tablet = chromium(tmp_path, phone_screen=True, touch_screen=(800, 1280))
    try:
        tablet.get(server.address(mover))
        wait = waiting(tablet)
        wait.until(lambda d: d.find_element(By.ID, "link").text == "joined")
        wait.until(lambda d: offers_the_engines_moves(d, match, mover))
        assert tablet.execute_script("return document.documentElement.scrollWidth") <= 800
        playable = cards_by_moves(match, mover)
        piece, moves = next((p, m) for p, m in playable.items() if len(m) == 1)
        card = tablet.find_element(By.CSS_SELECTOR, f'#hand button[data-piece="{piece}"]')
        assert card.size["width"] >= 44 and card.size["height"] >= 44
        shoot(tablet, tmp_path, "tablet-800x1280.png")
        card.click()
        wait.until(lambda d: len(match.steps) == 1)
        assert match.steps[0].action.text() == moves[0].text()
    finally:
        tablet.quit()


@pytest.mark.parametrize("table", [("finito", None)], indirect=True)
def test_a_piece_with_several_moves_asks_which_in_the_engines_words(browser, table, tmp_path):
    """Finito!: a counter on offer may go on either square of its number: a tap asks where,
    with the engine's words; Back plays nothing; a choice plays that move."""
    server, match, _ = table
    engine = match.engine
    mover = engine.to_act(match.state)[0]
    several = {p: m for p, m in cards_by_moves(match, mover).items() if len(m) > 1}
    assert several, "a rolled number is printed on more than one square"
    piece, moves = next(iter(several.items()))
    browser.get(server.address(mover))
    wait = waiting(browser)
    card = wait.until(lambda d: d.find_element(By.CSS_SELECTOR,
                                               f'#hand button[data-piece="{piece}"]'))
    card.click()
    sheet = browser.find_element(By.ID, "sheet")
    wait.until(lambda d: sheet.is_displayed())
    choices = sheet.find_elements(By.CSS_SELECTOR, "#sheet-actions button")
    assert [b.text for b in choices] == [engine.describe(a) for a in moves]
    assert all(b.size["height"] >= 44 for b in choices)
    shoot(browser, tmp_path, "phone-sheet-360x640.png")
    browser.find_element(By.ID, "sheet-back").click()  # Back: nothing played
    wait.until(lambda d: not sheet.is_displayed())
    assert len(match.steps) == 0
    card.click()
    wait.until(lambda d: sheet.is_displayed())
    sheet.find_elements(By.CSS_SELECTOR, "#sheet-actions button")[-1].click()
    wait.until(lambda d: len(match.steps) == 1)
    assert match.steps[0].action.text() == moves[-1].text()


def test_the_page_says_why_a_tap_is_refused(browser, table):
    server, match, hold = table
    engine, mover = match.engine, match.engine.to_act(match.state)[0]
    browser.get(server.address(mover))
    wait = waiting(browser)
    buttons = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#actions button"))
    with hold:  # the table is busy for a moment: the tap waits in the queue
        buttons[0].click()  # e.g. draw from the pile
        wait.until(lambda d: server.inbound.qsize() == 1)
        match.act(engine.legal_actions(match.state, mover)[-1])  # made at the screen meanwhile
    refusal = wait.until(lambda d: d.find_element(By.ID, "refusal"))
    wait.until(lambda d: refusal.is_displayed() and refusal.text)
    assert len(match.steps) == 1  # the stale tap changed nothing
    wait.until(lambda d: offers_the_engines_moves(d, match, mover))
    assert refusal.is_displayed()  # the reason stays until the next tap


@pytest.mark.parametrize("table", [("finita", None)], indirect=True)
def test_a_chooser_is_answered_by_touch_its_choices_together(browser, table, tmp_path):
    """Finita: a seat that laid a card which asks for a colour, a number, or higher or lower
    gets the engine's worded choices as big buttons, grouped together, and a tap answers."""
    from game.core.rng import Rng
    server, match, hold = table
    engine, rng = match.engine, Rng(7)
    with hold:  # the table plays on until a seat must name something
        for _ in range(3000):
            seat = engine.to_act(match.state)[0]
            if engine.view(match.state, seat)["phase"] == "choose":
                break
            match.act(rng.choice(engine.legal_actions(match.state, seat)))
        else:
            pytest.fail("no choice came up")
        chooser = engine.to_act(match.state)[0]
        legal = engine.legal_actions(match.state, chooser)
        moves = len(match.steps)
    browser.get(server.address(chooser))
    wait = waiting(browser)
    wait.until(lambda d: offers_the_engines_moves(d, match, chooser))
    groups = browser.find_elements(By.CSS_SELECTOR, "#actions .group")
    in_groups = [[b.text for b in g.find_elements(By.TAG_NAME, "button")] for g in groups]
    assert sorted(w for g in in_groups for w in g) == sorted(engine.describe(a) for a in legal)
    assert len(groups) <= 3, "the choices of one kind stand together"
    buttons = browser.find_elements(By.CSS_SELECTOR, "#actions button")
    assert all(b.size["height"] >= 44 for b in buttons)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 360
    shoot(browser, tmp_path, "phone-chooser-360x640.png")
    chosen = buttons[-1].get_attribute("data-action")
    buttons[-1].click()
    wait.until(lambda d: len(match.steps) > moves)
    assert match.steps[moves].action.text() == chosen
