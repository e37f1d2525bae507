"""The window and its loop: settings, scene stack, idle sleeping, crash reports."""
from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import traceback
import weakref
from pathlib import Path
from typing import Any, Optional

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "finis")  # window managers group and find us by it

import pygame  # noqa: E402

from game import __version__  # noqa: E402
from game.core.fileio import create_own, open_own_append  # noqa: E402
from game.core.paths import log_dir, resource  # noqa: E402
from game.core.settings import Settings, load_settings, save_settings  # noqa: E402
from scenes.manager import Scene, SceneManager  # noqa: E402

MIN_SIZE = (1024, 640)
SLIVER = (360, 240)  # below this we only say the window is too small
FPS = 60
IDLE_POLL = 1 / 30  # seconds between input polls while nothing moves
log = logging.getLogger("finis")


# What a window cannot use of a screen: a taskbar or dock and the window's title bar in height
# (SDL tells the screen's size, not the part a window may fill), a little at the sides.
DESKTOP_MARGIN = (16, 96)


def desktop_size() -> Optional[tuple[int, int]]:
    """The size of the screen the window opens on (None when the system does not say)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    w, h = sizes[0]
    return (w, h)


def fit_window(wanted: tuple[int, int], desktop: Optional[tuple[int, int]]) -> tuple[int, int]:
    """`wanted` (the size the person last gave the window, or the first one) shrunk to what
    the desktop leaves a window, never below the smallest window that still says anything.
    A size that fits is kept as it is: a laptop unplugged from its monitor gets a smaller
    window, the monitor plugged in again keeps whatever the person chose since."""
    w, h = wanted
    if desktop:
        room_w = max(SLIVER[0], desktop[0] - DESKTOP_MARGIN[0])
        room_h = max(SLIVER[1], desktop[1] - DESKTOP_MARGIN[1])
        w, h = min(w, room_w), min(h, room_h)
    return max(SLIVER[0], w), max(SLIVER[1], h)


class Toasts:
    """Short messages at the bottom of the screen (refusals, saves, problems)."""

    def __init__(self) -> None:
        self.items: list[tuple[str, float, str]] = []  # text, expires, kind
        self._shown: tuple[str, ...] = ()  # the texts standing at the last `changed`
        # text -> the scene that said it (weakly: a closed scene is let go); its layer is
        # that scene's, so a dialog opened after it stands above it
        self.owners: dict[str, Any] = {}

    def show(self, text: str, seconds: float = 3.5, kind: str = "info",
             owner: Optional[Scene] = None) -> None:
        self.items = [t for t in self.items if t[0] != text][-2:]
        self.items.append((text, time.monotonic() + seconds, kind))
        self.owners = {t[0]: self.owners[t[0]] for t in self.items if t[0] in self.owners}
        self.owners.pop(text, None)
        if owner is not None:
            self.owners[text] = weakref.ref(owner)

    def layers(self, scenes: list[Scene]) -> list[list[tuple[str, str]]]:
        """The active messages in the layer of each of `scenes` (bottom first): a message
        goes with the scene that said it; one of no scene, or of a scene not among these,
        goes with the top one."""
        out: list[list[tuple[str, str]]] = [[] for _ in scenes]
        for text, kind in self.active():
            ref = self.owners.get(text)
            owner = ref() if ref is not None else None
            at = next((i for i, scene in enumerate(scenes) if scene is owner), len(scenes) - 1)
            if out:
                out[at].append((text, kind))
        return out

    def drop(self, text: str) -> None:
        """`text` leaves now (a newer message took its place)."""
        self.items = [t for t in self.items if t[0] != text]

    def active(self) -> list[tuple[str, str]]:
        now = time.monotonic()
        self.items = [t for t in self.items if t[1] > now]
        return [(t[0], t[2]) for t in self.items]

    def changed(self) -> bool:
        """True once when a message appeared or expired since the last call."""
        now = time.monotonic()
        key = tuple(t[0] for t in self.items if t[1] > now)
        if key != self._shown:
            self._shown = key
            return True
        return False


class App:
    """Owns the window, the settings, the sound and the scene stack."""

    def __init__(self, args: argparse.Namespace, settings: Optional[Settings] = None) -> None:
        self.args = args
        self.settings = settings or load_settings()
        self.manager = SceneManager()
        self.toasts = Toasts()
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.held_frames = 0  # frames drawn but not shown (scenes/table/firstdraw.py)
        self.needs_redraw = True
        self.was_busy = False
        self.screen = self._open_window(args)
        from scenes.art.sound import sounds
        self.sounds = sounds()
        self.sounds.volume = self.settings.volume
        self.sounds.muted = self.settings.muted
        for problem in self.settings.problems:
            self.toasts.show(problem, 6, "warn")

    # -- window ---------------------------------------------------------------------------

    def _open_window(self, args: argparse.Namespace) -> pygame.Surface:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(f"finis {__version__}")
        try:
            icon = pygame.image.load(str(resource("icon", "finis-64.png")))
            pygame.display.set_icon(icon)
        except (pygame.error, FileNotFoundError):
            log.warning("window icon not found")
        # the remembered size (or the first one), made to fit this screen; --size is taken
        # as asked (a window for a screenshot may be as large as the whole screen)
        size = fit_window((self.settings.window_width, self.settings.window_height),
                          desktop_size())
        if args.size:
            try:
                w, h = (int(v) for v in args.size.lower().split("x"))
                size = (max(SLIVER[0], w), max(SLIVER[1], h))
            except ValueError:
                log.warning("ignoring bad --size %r", args.size)
        self.windowed_size = size
        fullscreen = self.settings.fullscreen or bool(args.fullscreen)
        return self._set_mode(fullscreen)

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.fullscreen = fullscreen
        return screen

    def toggle_fullscreen(self) -> None:
        self.screen = self._set_mode(not self.fullscreen)
        self.settings.fullscreen = self.fullscreen
        self.save_settings()
        self.manager.resize(self.screen.get_size())
        self.needs_redraw = True

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.toasts.show(f"Settings could not be saved: {exc.strerror or exc}", 5, "warn")

    # -- scenes ---------------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        self.manager.push(scene)
        scene.resize(self.size)
        self.needs_redraw = True

    def pop(self, scene: Optional[Scene] = None) -> None:
        self.manager.pop(scene)
        self.needs_redraw = True
        if not self.manager.stack:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.manager.replace(scene)
        scene.resize(self.size)
        self.needs_redraw = True

    def play(self, name: str) -> None:
        self.sounds.play(name)

    def toast(self, text: str, seconds: float = 3.5, kind: str = "info") -> None:
        self.toasts.show(text, seconds, kind, self.manager.speaker())
        self.needs_redraw = True

    def quit(self) -> None:
        self.running = False

    # -- loop -----------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        """One event: window-level keys first, then the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.fullscreen:
                screen = pygame.display.get_surface()
                assert screen is not None, "a window that was resized has its surface"
                self.screen = screen
                w, h = self.screen.get_size()
                self.windowed_size = (w, h)
                self.settings.window_width = max(320, w)
                self.settings.window_height = max(240, h)
            self.manager.resize(self.size)
            self.needs_redraw = True
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                          pygame.WINDOWFOCUSGAINED):
            self.needs_redraw = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and event.mod & pygame.KMOD_CTRL:
            self.settings.muted = not self.settings.muted
            self.sounds.muted = self.settings.muted
            self.toast("Sound off" if self.settings.muted else "Sound on", 1.5)
            self.save_settings()
            return
        if self.too_small():
            return
        if self.manager.handle_event(event) or event.type not in (pygame.MOUSEMOTION,):
            self.needs_redraw = True

    def too_small(self) -> bool:
        w, h = self.size
        return w < SLIVER[0] or h < SLIVER[1]

    def frame(self, dt: float) -> None:
        """Update and, if anything changed, draw one frame; then the next frame's budget for
        first drawings starts (scenes/art/_cache.py Steps: the events it handles count too)."""
        from scenes.art._cache import steps
        self.manager.update(dt)
        busy = self.manager.busy()
        settling = self.was_busy and not busy  # the frame where motion stops must be drawn too
        self.was_busy = busy
        if self.needs_redraw or busy or settling or self.toasts.changed():
            self.draw()
            self.needs_redraw = False
        steps.begin()

    def draw(self) -> None:
        from scenes import widgets
        if self.too_small():
            widgets.draw_too_small(self.screen)
        else:
            # each message in the layer of the scene that said it: a dialog opened after the
            # table's messages stands above them (its dim covers them), never under them
            scenes = self.manager.visible()
            layers = dict(zip(map(id, scenes), self.toasts.layers(scenes)))

            def messages(scene: Scene) -> None:
                items = layers.get(id(scene))
                if items:
                    widgets.draw_toasts(self.screen, items, scene.message_area(self.size),
                                        scene.keep_clear())

            self.manager.draw(self.screen, messages)
            if not scenes:
                widgets.draw_toasts(self.screen, self.toasts.active())
            if not self.manager.presentable():
                self.held_frames += 1
                return  # a picture in it is a placeholder: the last frame stays on screen
        pygame.display.flip()
        self.frames += 1
        if self.frames == 1:
            from scenes.art.diskcache import first_frame_shown
            first_frame_shown()
            if os.environ.get("FINIS_BENCH_FIRST_FRAME"):
                report_first_frame()

    def run(self) -> None:
        """The loop: 60 frames a second while anything moves, else a light 30 Hz poll.

        SDL's own blocking wait costs about 4 % of a core on X11 here; sleeping in Python
        and polling costs about 0.3 % and answers input within 33 ms.
        """
        from scenes.art._cache import steps
        last = time.perf_counter()
        while self.running and self.manager.stack:
            if self.manager.busy() or self.needs_redraw:
                self.clock.tick(FPS)
            else:
                idle = time.perf_counter()
                self.idle_work()
                time.sleep(max(0.0, IDLE_POLL - (time.perf_counter() - idle)))
            steps.begin()  # the frame's budget for first drawings starts after the sleep
            for event in coalesced(pygame.event.get()):
                self.dispatch(event)
            now = time.perf_counter()
            self.frame(min(0.1, now - last))
            last = now
        self.close_scenes()
        self.save_settings()

    def idle_work(self) -> None:
        """A step of work ahead while nothing moves, once the first frame is shown: the
        tables' modules are imported (scenes/warmup.py), so opening a table waits for none."""
        if self.frames:
            from scenes.warmup import warmup
            warmup.step()

    def close_scenes(self) -> None:
        """Leave every scene, top first: a table writes its save whole as it goes."""
        while self.manager.stack:
            try:
                self.manager.pop()
            except Exception:  # closing must never lose the settings below
                log.exception("a scene failed while closing")
                break


RESIZES = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)


def coalesced(events: list[pygame.event.Event]) -> list[pygame.event.Event]:
    """The events of one frame with only the last of its resizes (dragging a window's edge
    sends dozens, each of which laid the scenes out afresh; the window's size is read from the
    window itself, so the last one says all)."""
    last = max((i for i, e in enumerate(events) if e.type in RESIZES), default=-1)
    return [e for i, e in enumerate(events) if e.type not in RESIZES or i == last]


def report_first_frame() -> None:
    """bench/startup.py: say that the first frame is on screen, with memory, then stop."""
    rss = 0
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1]) // 1024
    except OSError:
        pass
    print(f"first-frame rss_mb={rss}", flush=True)
    if os.environ.get("FINIS_BENCH_FIRST_FRAME") == "exit":
        raise SystemExit(0)


def setup_logging() -> Path:
    folder = log_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # a fresh regular file of finis's own: a link left at the name is never written through
        handler: logging.Handler = logging.StreamHandler(open_own_append(folder / "finis.log"))
    except OSError as exc:
        handler = logging.StreamHandler(sys.stderr)
        print(f"finis: no log file in {folder} ({exc.strerror or exc}); logging here",
              file=sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return folder


def report_crash(folder: Path) -> Path:
    """Write the traceback to the log folder and return the file."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}.txt"
    text = f"finis {__version__} crashed at {stamp}\n\n{traceback.format_exc()}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = create_own(path, text)  # a new file: never through a link left at the name
    except OSError:
        path = Path("(could not write a crash file)")
    log.error("crash:\n%s", text)
    return path


def show_crash(path: Path) -> None:
    """Tell the person where the report is, in the window if it still works."""
    message = f"finis stopped because of an error. Your game is saved.\nReport: {path}"
    print(message, file=sys.stderr)
    try:
        from scenes import widgets
        screen = pygame.display.get_surface()
        if screen is None:
            return
        widgets.draw_crash(screen, message)
        pygame.display.flip()
        if os.environ.get("SDL_VIDEODRIVER") == "dummy":
            return  # nobody can read a headless window
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            event = pygame.event.wait(500)
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                break
    except Exception:  # the report is written; showing it is a courtesy
        pass


def start_scene(app: App, args: argparse.Namespace) -> None:
    """The main menu, or a new game straight away with --game."""
    from game.core.leftovers import over_saves
    from scenes.menu import MainMenu
    if over_saves():  # a game that ended as the app stopped is counted now, once
        from scenes.table.store import file_left_over_games
        file_left_over_games(app)
    app.push(MainMenu(app))
    if args.game:
        from game.core.registry import game_info, normalise_id
        game_id = normalise_id(args.game)
        if game_info(game_id).coming:
            raise ValueError(f"{game_info(game_id).title} is coming: it cannot be played at the table yet")

        def start() -> None:
            from game.verbs import parse_options, parse_seats
            from scenes.table.registry import start_new_game
            words = [w.strip() for w in args.seats.split(",")] if args.seats else []
            phones = [i for i, word in enumerate(words) if word == "phone"]  # a person on a phone
            seats = parse_seats(",".join("human" if i in phones else w for i, w in enumerate(words))
                                or None, game_id, default_kind="human")
            if not args.seats:
                seats = [s.__class__(app.settings.player_name if i == 0 else f"Computer {i}",
                                     "human" if i == 0 else "computer") for i, s in enumerate(seats)]
            seats = [s.__class__(f"Phone {i + 1}") if i in phones else s for i, s in enumerate(seats)]
            meta = None
            if phones:
                from scenes.table.phones import phone_meta
                meta = phone_meta(phones)
            start_new_game(app, game_id, seats, parse_options(args.option), args.seed, meta=meta)

        # the first frame is a cover; what opens the table (its modules, the saves' code) is
        # imported a step a frame after it, as the menu's idle warm-up does
        # (scenes/opening.py), then the table opens in the cover's place
        from scenes.opening import Opening
        from scenes.warmup import table_module
        app.push(Opening(app, game_info(game_id).title,
                         [table_module(game_id), "scenes.table.registry", "game.verbs"], start))


def run(args: argparse.Namespace) -> int:
    """Open the window and play until the person quits."""
    folder = setup_logging()
    log.info("finis %s starting", __version__)
    try:
        # only what the first frame needs: the mixer starts with the first sound, and
        # pygame.init()'s other subsystems (joysticks, audio) cost start-up time for nothing
        app = App(args)
        start_scene(app, args)
        app.run()
    except (KeyError, ValueError) as exc:
        if args.game:
            print(f"finis: {exc.args[0] if exc.args else exc}", file=sys.stderr)
            return 2
        show_crash(report_crash(folder))
        return 1
    except Exception:
        show_crash(report_crash(folder))
        return 1
    finally:
        pygame.quit()
    return 0


__all__ = ["App", "run", "Any"]
