"""The packaged program: build dist/finis/finis from build.spec once, then open its menu, every
game's table and the flip-book player in a real Xvfb window, failing on any crash report."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from game.core.registry import game_ids, playable_ids
from tests.e2e.xvfb import ROOT, Screen, crash_reports, wait_for

SIZE = (1024, 640)


@pytest.fixture(scope="module")
def exe(tmp_path_factory) -> Path:
    """One PyInstaller build for the whole module (it takes a while)."""
    pytest.importorskip("PyInstaller")  # installed with ".[test]"
    Screen.check_tools()
    out = tmp_path_factory.mktemp("pyinstaller")
    dist, work = out / "dist", out / "build"
    build = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                            "--distpath", str(dist), "--workpath", str(work), "build.spec"],
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stderr[-3000:]
    program = dist / "finis" / ("finis.exe" if os.name == "nt" else "finis")
    assert program.exists()
    assert (dist / "finis" / "_internal" / "assets" / "data" / "finished.yaml").exists()
    return program


@pytest.fixture
def screen():
    s = Screen()
    yield s
    s.close()


class Running:
    """The executable in the Xvfb window, with its FINIS_HOME, checked for crash reports."""

    def __init__(self, exe: Path, screen: Screen, home: Path, *args: str) -> None:
        self.screen, self.home = screen, home
        env = {**screen.env(home), "FINIS_BENCH_FIRST_FRAME": "1"}
        self.proc = subprocess.Popen([str(exe), "--size", "x".join(map(str, SIZE)), *args], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.append(self.proc.stdout.readline()), daemon=True)
        reader.start()
        reader.join(60)
        line = lines[0] if lines else ""
        assert line.startswith("first-frame"), self.story(line)
        self.wid, self.x, self.y = screen.find_window()

    def story(self, so_far: str = "") -> str:
        """What went wrong: the output and any crash report."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        output = so_far + self.proc.stdout.read()
        reports = "".join((self.home / "logs" / name).read_text() for name in crash_reports(self.home))
        return f"exit {self.proc.returncode}\noutput:\n{output[-3000:]}\ncrash reports:\n{reports[-3000:]}"

    def assert_alive(self) -> None:
        """Still running, and no crash report written (a crash keeps the window for a while)."""
        if self.proc.poll() is not None or crash_reports(self.home):
            raise AssertionError(self.story())

    def shot(self, path: Path) -> Image.Image:
        """The window as a picture (the whole screen is saved to `path`)."""
        self.screen.screenshot(path)
        return Image.open(path).convert("RGB").crop((self.x, self.y, self.x + SIZE[0], self.y + SIZE[1]))

    def keys(self, *names: str) -> None:
        self.assert_alive()
        self.screen.key(self.wid, *names)

    def step(self, name: str, shots: Path, timeout: float = 90) -> None:
        """Press one key and wait until the window shows its effect (its picture changes) or
        finis has quit: on a busy machine a screen can take seconds to come, and a key sent
        before it would land on the screen before."""
        before = self.shot(shots / "before-step.png")
        self.keys(name)
        wait_for(lambda: self.proc.poll() is not None or differs(self.shot(shots / "step.png"), before),
                 timeout=timeout, what=f"the window to answer the key {name}")

    def quit(self, *names: str, shots: Path | None = None) -> None:
        """Press the keys that leave finis (each awaited, with `shots`), then expect a clean
        exit and no crash report, waiting as long as a busy machine may need."""
        for name in names:
            if shots is not None and self.proc.poll() is None:
                self.step(name, shots)
            else:
                self.keys(name)
        try:
            code = self.proc.wait(120)
        except subprocess.TimeoutExpired:
            raise AssertionError("finis did not quit\n" + self.story()) from None
        assert code == 0 and not crash_reports(self.home), self.story()


def colours(image: Image.Image) -> int:
    found = image.getcolors(maxcolors=1 << 20)
    return 1 << 20 if found is None else len(found)


def differs(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is not None


def test_the_executable_runs_the_headless_verbs_of_every_game(exe, tmp_path):
    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    assert version.stdout.startswith("finis ")
    for game in game_ids():
        sim = subprocess.run([str(exe), "simulate", game, "--games", "1"], capture_output=True, text=True,
                             timeout=120, env={**os.environ, "FINIS_HOME": str(tmp_path / "sim")})
        assert sim.returncode == 0, sim.stderr[-2000:]
        assert json.loads(sim.stdout.splitlines()[-1])["games"] == 1


def test_the_executable_opens_its_menu_and_quits(exe, screen, tmp_path):
    home = tmp_path / "home"
    app = Running(exe, screen, home)
    assert colours(app.shot(tmp_path / "menu.png")) > 300, "the menu looks blank"
    app.quit("q")
    assert (home / "settings.yaml").exists()


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_executable_opens_every_game_table(exe, screen, tmp_path, game_id):
    home = tmp_path / "home"
    app = Running(exe, screen, home, "--game", game_id, "--seed", "5")
    # the table saves its new game at once: proof that this game's table, not the menu, is up
    saves = wait_for(lambda: list((home / "saves").glob(f"{game_id}-*.yaml")), timeout=30,
                     what=f"the {game_id} table to save its game")
    assert len(saves) == 1
    table = wait_for(lambda: (lambda im: im if colours(im) > 2000 else None)(
        app.shot(tmp_path / f"table-{game_id}.png")), timeout=30, what="the table to be drawn")
    app.assert_alive()
    app.keys("Escape")  # the pause menu over the table
    assert differs(app.shot(tmp_path / "pause.png"), table), "Esc did not open the pause menu"
    app.quit("q", "q")  # quit to the main menu, then quit finis


def test_the_executable_plays_a_movie_in_the_flipbook_player(exe, screen, tmp_path, monkeypatch):
    home = tmp_path / "home"
    # a movie as a real game keeps it: a computer plays Finished! to the end, its pile is stored
    monkeypatch.setenv("FINIS_HOME", str(home))
    from game.verbs import play_out
    from game.core import Seat, Setup
    from game.core.rng import Rng
    from game.core.session import Match
    from game.finished.movies import save_match_movie
    match = Match.start("finished", Setup(11), None, [Seat("Computer 1", "computer")])
    play_out(match, Rng(11))
    movie = save_match_movie(match)
    assert movie is not None and movie.frames >= 10
    app = Running(exe, screen, home)
    app.keys("v")  # the main menu's Movies
    gallery = app.shot(tmp_path / "gallery.png")
    app.keys("Return")  # play the selected (only) movie
    first = app.shot(tmp_path / "player-1.png")
    time.sleep(0.5)
    second = app.shot(tmp_path / "player-2.png")
    app.assert_alive()
    assert colours(second) > 2000, "the player looks blank"
    assert differs(first, gallery), "Enter did not open the player"
    assert differs(second, first), "the flip-book's pages do not turn"
    app.quit("Escape", "Escape", "q")  # player -> gallery -> menu -> quit


def test_the_executable_exports_a_movie_as_a_gif_and_a_png_strip(exe, screen, tmp_path, monkeypatch):
    """The package holds only the parts of Pillow the exports use (build.spec): both exports
    must still work in it, page numbers included (they come from assets/fonts/digits.png)."""
    home, person = tmp_path / "home", tmp_path / "person"
    monkeypatch.setenv("FINIS_HOME", str(home))
    monkeypatch.setenv("HOME", str(person))  # exports go to ~/Pictures
    monkeypatch.setenv("XDG_CONFIG_HOME", str(person / ".config"))
    from game.verbs import play_out
    from game.core import Seat, Setup
    from game.core.rng import Rng
    from game.core.session import Match
    from game.finished.movies import save_match_movie
    match = Match.start("finished", Setup(11), None, [Seat("Computer 1", "computer")])
    play_out(match, Rng(11))
    movie = save_match_movie(match)
    assert movie is not None and movie.frames >= 10
    pictures = person / "Pictures"
    app = Running(exe, screen, home)
    app.step("v", tmp_path)  # the main menu's Movies
    app.step("g", tmp_path)  # export the selected movie as a GIF
    app.keys("Return")  # into the offered file
    gif = wait_for(lambda: [p for p in pictures.glob("*.gif")], timeout=120, what="the GIF")[0]
    app.step("Return", tmp_path)  # close the dialog
    app.step("s", tmp_path)  # and as a PNG strip
    app.keys("Return")
    strip = wait_for(lambda: [p for p in pictures.glob("*.png")], timeout=120, what="the PNG strip")[0]
    app.assert_alive()
    app.quit("Return", "Escape", "q", shots=tmp_path)  # dialog -> gallery -> menu -> quit
    with Image.open(gif) as image:
        assert image.format == "GIF" and image.n_frames == movie.frames
        image.seek(0)
        first = image.convert("RGB")
    # the page number sits in a light box in the bottom right corner: dark ink inside it
    w, h = first.size
    darkest, lightest = first.crop((w - w // 6, h - h // 8, w, h)).convert("L").getextrema()
    assert darkest < 130 and lightest > 235, "no page number"
    with Image.open(strip) as image:
        assert image.format == "PNG"
        rows = (movie.frames + 7) // 8
        assert image.size[0] > 8 * 160 and image.size[1] > rows * 120


def test_the_executable_serves_a_phone_that_joins_and_plays(exe, screen, tmp_path):
    """The packaged program opens a Flag Finish table with a phone seat: its page and script
    are served, a phone joins by the seat's address from the save, gets its seat's view and
    plays a move that the save then holds (the server, its assets and websockets are packed)."""
    import http.client

    from websockets.sync.client import connect

    from tests.e2e.xvfb import saved_match
    home = tmp_path / "home"
    app = Running(exe, screen, home, "--game", "flag-finish", "--seed", "5",
                  "--seats", "computer,phone", "--option", "mode=warm-up")
    match = wait_for(lambda: (m := saved_match(home)) is not None and "phone_port" in m.meta and m,
                     timeout=60, what="the save to know the phones' port")
    port, secret = match.meta["phone_port"], match.meta["phones"]["1"]
    for path in (f"/s/{secret}", "/assets/phone.js"):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path)
        response = conn.getresponse()
        assert response.status == 200 and response.read(), path
        conn.close()
    with connect(f"ws://127.0.0.1:{port}/ws/{secret}", open_timeout=10) as ws:
        deadline = time.monotonic() + 90
        played = False
        while time.monotonic() < deadline and not played:
            try:
                message = json.loads(ws.recv(timeout=1))
            except TimeoutError:
                continue
            if message.get("type") == "view" and 1 in message["to_act"] and message["legal"]:
                assert message["seat"] == 1
                ws.send(json.dumps({"type": "act", "action": message["legal"][0]["action"],
                                    "turn": message["turn"]}))
                played = True
        assert played, "the phone's seat was never offered a move"
        wait_for(lambda: (m := saved_match(home)) is not None
                 and any(s.action.seat == 1 for s in m.steps), timeout=30,
                 what="the phone's move in the save")
    app.assert_alive()
    app.quit("Escape", "q", "q", shots=tmp_path)  # each key awaited: a busy machine is slow
