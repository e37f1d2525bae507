"""Opening a table waits for no import (issue 25, item 17): while the app stands idle (the
menu waiting for a choice), its loop imports the tables' modules ahead, one module a step
(scenes/warmup.py), so the frame that opens a table does not import 0.2 to 0.4 s of modules."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import json, os, sys
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, {root!r})
    import scenes.app, scenes.menu  # what a start imports before the first frame
    from scenes.warmup import Warmup, table_modules

    def ours():
        return {{m for m in sys.modules if m.split(".")[0] in ("scenes", "game")}}

    tables = table_modules()
    before = [m for m in tables if m in sys.modules]
    warmup, steps = Warmup(), []
    while True:
        had = ours()
        more = warmup.step()
        steps.append(sorted(ours() - had))
        if not more:
            break
    print(json.dumps({{"tables": tables, "before": before, "steps": steps,
                      "after": [m for m in tables if m in sys.modules], "failed": warmup.failed}}))
""")


def test_idle_steps_import_every_table_one_module_at_a_time():
    out = subprocess.run([sys.executable, "-c", SCRIPT.format(root=str(ROOT))], capture_output=True,
                         text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert len(found["tables"]) >= 5 and not found["before"]  # nothing of a table at start
    assert found["after"] == found["tables"] and not found["failed"]
    importing = [step for step in found["steps"] if step]
    assert len(importing) >= 50, "the tables came in a few large steps"
    # one module a step, but for a game's package, whose __init__ brings its rules along
    # (Python runs a package's __init__ before any module in it)
    alone = [step for step in importing if len(step) == 1]
    assert len(alone) >= 0.8 * len(importing), [step for step in importing if len(step) > 1]


def test_the_app_works_ahead_only_once_its_first_frame_is_shown(monkeypatch):
    from scenes import warmup as warm
    from scenes.app import App

    calls = []
    monkeypatch.setattr(warm.warmup, "step", lambda: calls.append(1) or True)
    app = App.__new__(App)  # only idle_work is looked at
    app.frames = 0
    app.idle_work()
    assert not calls
    app.frames = 1
    app.idle_work()
    assert calls == [1]
