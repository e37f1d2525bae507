"""The model never imports pygame or the scenes package (ARCHITECTURE: one arrow)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_module_imports_without_pygame():
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "game").rglob("*.py"))
    assert "game.core.engine" in modules and len(modules) > 8
    code = (
        "import importlib, sys\n"
        f"mods = {modules!r}\n"
        "for m in mods: importlib.import_module(m)\n"
        "bad = sorted(k for k in sys.modules if k.split('.')[0] in ('pygame', 'scenes'))\n"
        "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"game/ pulled in: {out.stdout.strip()}"


def test_headless_verbs_do_not_import_pygame(tmp_path):
    code = ("import sys, scenes.main\n"
            "scenes.main.main(['simulate', 'finished', '--games', '1'])\n"
            "print('pygame' in sys.modules, file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.stderr.strip().splitlines()[-1] == "False", out.stderr
