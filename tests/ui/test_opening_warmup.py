"""`finis --game <id>` gets the menu's warm-up for its table (scenes/opening.py): the first
frame is a cover drawn before any of the table's modules is imported, so it costs no more than
a plain start's first frame (the same modules imported before it, but the cover's own); the
table's modules then come a few a frame, and the table opens in the cover's place."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import argparse, json, os, sys, tempfile
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["FINIS_HOME"] = tempfile.mkdtemp()
    sys.path.insert(0, {root!r})
    from scenes.app import App, start_scene

    def ours():
        return {{m for m in sys.modules if m.split(".")[0] in ("scenes", "game")}}

    game = {game!r}
    args = argparse.Namespace(size="1024x640", fullscreen=False, game=game or None,
                              seats="human,computer" if game else None, option=[], seed=3)
    app = App(args)
    start_scene(app, args)
    app.draw()  # the first frame
    first = {{"top": type(app.manager.top).__name__, "frames": app.frames,
              "modules": sorted(ours())}}
    steps = []
    for _ in range(3000 if game else 0):
        had = ours()
        app.frame(0.016)
        steps.append(sorted(ours() - had))
        if type(app.manager.top).__name__ == "Table":
            break
    from game.core.registry import game_info
    table = (game_info(game).table_module or "scenes." + game.replace("-", "_") + ".table") if game else ""
    print(json.dumps({{"first": first, "steps": steps, "top": type(app.manager.top).__name__,
                      "stack": [type(s).__name__ for s in app.manager.stack], "table": table}}))
""")


def run(game: str) -> dict:
    out = subprocess.run([sys.executable, "-c", SCRIPT.format(root=str(ROOT), game=game)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_direct_start_shows_a_cover_first_and_warms_its_table_up_after_it():
    plain = run("")
    assert plain["first"]["top"] == "MainMenu"
    for game in ("finita", "finale"):
        found = run(game)
        first = found["first"]
        assert first["top"] == "Opening" and first["frames"] == 1, first
        package = found["table"].rpartition(".")[0]
        before = set(first["modules"])
        assert found["table"] not in before, "the table was imported before the first frame"
        assert not [m for m in before if m == package or m.startswith(package + ".")]
        extra = before - set(plain["first"]["modules"])
        assert extra <= {"scenes.opening", "scenes.warmup"}, sorted(extra)
        # after the first frame, the table's modules come over several frames
        assert found["top"] == "Table" and found["stack"] == ["MainMenu", "Table"], found["stack"]
        importing = [step for step in found["steps"] if step]
        assert len(importing) >= 3, importing
        assert found["table"] in {m for step in importing for m in step}
