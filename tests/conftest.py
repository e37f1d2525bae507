"""Test-wide set-up: headless SDL, and a private data folder for every test."""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def finis_home(tmp_path, monkeypatch):
    """Every test gets its own FINIS_HOME, so no test sees the person's real saves."""
    home = tmp_path / "finis-home"
    monkeypatch.setenv("FINIS_HOME", str(home))
    return home


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", default=False, help="run long soak tests")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--soak") or os.environ.get("FINIS_SOAK") == "1":
        return
    skip = pytest.mark.skip(reason="soak test: run with --soak or FINIS_SOAK=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
