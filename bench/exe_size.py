"""Size of the one-file executable against a bare pygame-ce program packed the same way.

Builds `FINIS_ONEFILE=1 pyinstaller build.spec` and a one-file build of a hello-window script
(pygame-ce opens a window, fills it and flips: the least a pygame-ce game packs) with the
same PyInstaller and the same excludes (tkinter, numpy, matplotlib), in a temporary folder.
Prints what finis packs that the bare build does not, biggest first (compressed bytes inside
the file), then one JSON line: both sizes in MB and their ratio (goal <= 1.3).

    .venv/bin/python bench/exe_size.py [--top 25] [--keep /tmp/finis-size]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HELLO = """import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
screen = pygame.display.set_mode((640, 400))
screen.fill((30, 90, 60))
pygame.display.flip()
"""

BARE_SPEC = """a = Analysis([{script!r}], excludes=["tkinter", "numpy", "matplotlib"], noarchive=False,
             optimize=2)  # as build.spec: the same -OO, so the ratio compares like with like
pyz = PYZ(a.pure)
exe = EXE(pyz, a.scripts, a.binaries, a.datas, [], name="hello", console=False, upx=False)
"""


def pyinstaller(spec: Path, dist: Path, work: Path, env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                           "--distpath", str(dist), "--workpath", str(work), str(spec)],
                          cwd=spec.parent, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"pyinstaller {spec.name} failed:\n{done.stderr[-3000:]}")


def contents(program: Path) -> dict[str, int]:
    """Name -> compressed bytes of every entry packed in a one-file executable."""
    from PyInstaller.archive.readers import CArchiveReader
    return {name: entry[1] for name, entry in CArchiveReader(str(program)).toc.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=25, help="list this many of finis' own parts")
    parser.add_argument("--keep", type=Path, help="build here and keep the builds")
    opts = parser.parse_args()
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print(json.dumps({"error": "needs PyInstaller (pip install -e '.[build]')"}))
        return 1
    out = opts.keep or Path(tempfile.mkdtemp(prefix="finis-size-"))
    out.mkdir(parents=True, exist_ok=True)
    try:
        env = {**os.environ, "FINIS_ONEFILE": "1"}
        pyinstaller(ROOT / "build.spec", out / "dist", out / "build", env)
        bare_dir = out / "bare"
        bare_dir.mkdir(exist_ok=True)
        (bare_dir / "hello.py").write_text(HELLO, encoding="utf-8")
        (bare_dir / "hello.spec").write_text(BARE_SPEC.format(script=str(bare_dir / "hello.py")),
                                             encoding="utf-8")
        pyinstaller(bare_dir / "hello.spec", bare_dir / "dist", bare_dir / "build", env)
        suffix = ".exe" if os.name == "nt" else ""
        finis, bare = out / "dist" / f"finis{suffix}", bare_dir / "dist" / f"hello{suffix}"
        ours, theirs = contents(finis), contents(bare)
        extra = sorted(((size, name) for name, size in ours.items() if name not in theirs), reverse=True)
        grown = ours.get("PYZ.pyz", 0) - theirs.get("PYZ.pyz", 0)
        print(f"finis packs {sum(s for s, _ in extra) / 1e6:.2f} MB the bare build does not, "
              f"and {grown / 1e6:.2f} MB more Python modules (PYZ.pyz):")
        groups: dict[str, int] = {}
        for size, name in extra:
            head = name.split("/")[0] if "/" in name else name
            groups[head] = groups.get(head, 0) + size
        print("  by folder: " + ", ".join(f"{k} {v / 1e6:.2f}" for k, v in
                                          sorted(groups.items(), key=lambda kv: -kv[1])[:8]))
        for size, name in extra[:opts.top]:
            print(f"  {size / 1e6:7.3f} MB  {name}")
        a, b = finis.stat().st_size, bare.stat().st_size
        print(json.dumps({"bench": "exe_size", "finis_mb": round(a / 1e6, 2), "bare_pygame_mb": round(b / 1e6, 2),
                          "ratio": round(a / b, 3)}))
    finally:
        if opts.keep is None:
            shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
