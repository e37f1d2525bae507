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

from selenium.webdriver.common.by import By  # noqa: E402

from tests.phones.helpers import chromium  # noqa: E402
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
    driver = chromium(tmp_path)
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


def finita_at(home, seed: int, kind: str, secret: str) -> int:
    """A saved Finita game (Pia on a phone, Cy a computer), played by computers from the deal
    of `seed` up to the moment Pia may make a move of `kind` (a colour's chooser, her Finita!
    call), as finis would have saved it; the number of its moves."""
    from game.core import Rng, Seat, Setup
    from game.core.players import make_player
    from game.core.saves.record import write_save
    from game.core.session import Match
    from game.finita.referee import FinitaReferee
    match = Match.start("finita", Setup(seed), {}, [Seat("Pia"), Seat("Cy", "computer")])
    match.meta["phones"] = {"0": secret}
    engine = match.engine
    judge = FinitaReferee(engine, {s: make_player("finita", "simple") for s in (0, 1)}, Rng(seed))
    judge.restart(engine.time_of(match.state))
    while not any(a.kind == kind for a in engine.legal_actions(match.state, 0)):
        assert engine.outcome(match.state) is None and len(match.steps) < 3000
        before = match.state
        action = judge._clocked_step(before, None)[0] if engine.clocked(before) else \
            judge.step(before)
        if action is not None:
            match.act(action)
            judge.applied(before, action, match.state)
    (home / "saves").mkdir(parents=True, exist_ok=True)
    write_save(match, home / "saves")
    return len(match.steps)


@pytest.mark.parametrize("kind", ["choose", "finita"])
def test_a_phone_answers_a_chooser_and_presses_a_reaction_button_at_the_real_table(
        screen, phone, tmp_path, kind):
    """Finita in the real program, reopened from Continue at the moment the phone's seat must
    choose a colour, or may call Finita! (two cards, her turn): the page shows that choice as
    buttons, a tap makes it, and the table applies and saves it."""
    import secrets
    home = tmp_path / "home"
    secret = secrets.token_urlsafe(24)
    moves = finita_at(home, 2, kind, secret)
    proc = start_finis(screen, home, "--size", "x".join(map(str, SIZE)))
    try:
        wid, wx, wy = screen.find_window(proc=proc)
        screen.key(wid, "c", "Return", pause=1.0)  # Continue, the game
        match = wait_for(lambda: (m := saved(home)) is not None and "phone_port" in m.meta and m,
                         timeout=60, what="the table to open and keep the phones' port")
        phone.get(f"http://127.0.0.1:{match.meta['phone_port']}/s/{secret}")
        wait = WebDriverWait(phone, WAIT)
        wait.until(lambda d: d.find_element(By.ID, "link").text == "joined")
        css = f"#actions button[data-action^='0 {kind}']"
        choices = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, css))
        engine = match.engine

        def untimed(action) -> str:  # the host stamps a press with the table's clock
            return engine.at_time(action, 0).text()
        offered = {untimed(a) for a in engine.legal_actions(match.state, 0) if a.kind == kind}
        shown = [engine.parse_action(c.get_attribute("data-action")) for c in choices]
        assert {untimed(a) for a in shown} == offered, "the page offers the engine's choices"
        choices[0].click()
        played = wait_for(lambda: (m := saved(home)) is not None and len(m.steps) > moves and m,
                          timeout=WAIT, what=f"the phone's {kind} to be played and saved")
        mine = [s.action for s in played.steps[moves:] if s.action.seat == 0]
        assert mine and untimed(mine[0]) == untimed(shown[0]), [a.text() for a in mine]
        phone.save_screenshot(str(tmp_path / f"phone-{kind}.png"))
        screen.window_colours(tmp_path / f"table-after-{kind}.png", wx, wy, SIZE)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
