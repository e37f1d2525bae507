"""Every module imports by name, as the packaged program finds it (build.spec, issue 11).

Tables are imported by name at run time (scenes/table/registry.py), so the executable holds only what
PyInstaller's collect_submodules finds, and that walks packages: a folder of modules without
`__init__.py` is silently left out, and its game crashes the executable when it starts.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game", "scenes")


def source_modules(root: Path, package: str) -> set[str]:
    """Dotted names of every .py file under a package folder of a source tree."""
    names = set()
    for path in (root / package).rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.add(".".join(parts))
    return names


def folders_without_init(root: Path, package: str) -> list[str]:
    """Folders under a package that hold .py files but are not packages."""
    folders = {p.parent for p in (root / package).rglob("*.py")}
    return sorted(f.relative_to(root).as_posix() for f in folders
                  if not (f / "__init__.py").exists())


WALK = """
import importlib, json, os, pkgutil
packages = os.environ["WALK_PACKAGES"].split(",")
found, errors, tables = [], {}, {}
for top in packages:
    package = importlib.import_module(top)
    found.append(top)
    for info in pkgutil.walk_packages(package.__path__, top + ".",
                                      onerror=lambda name: errors.setdefault(name, "walk")):
        found.append(info.name)
        if info.name.endswith(".__main__"):
            continue  # `python -m` scripts: importing one runs the program
        try:
            importlib.import_module(info.name)
        except Exception as exc:
            errors[info.name] = repr(exc)
if "scenes" in packages:
    from game.core.registry import playable_ids
    from scenes.table.registry import table_class
    for game_id in playable_ids():
        try:
            tables[game_id] = table_class(game_id).__module__
        except Exception as exc:
            errors["table " + game_id] = repr(exc)
print(json.dumps({"found": found, "errors": errors, "tables": tables}))
"""


def walk_and_import(cwd: Path, packages=PACKAGES, pythonpath: str = "") -> dict:
    """In a fresh interpreter started outside the source tree (so the installed package is
    what imports): every module pkgutil finds, each imported by name, and every game's table."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": pythonpath, "WALK_PACKAGES": ",".join(packages)}
    out = subprocess.run([sys.executable, "-c", WALK], cwd=cwd, env=env,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def walked(tmp_path_factory):
    return walk_and_import(tmp_path_factory.mktemp("elsewhere"))


def test_every_folder_of_modules_is_a_package():
    for package in PACKAGES:
        assert folders_without_init(ROOT, package) == [], "add __init__.py to these folders"


def test_every_module_is_found_by_walking_packages_and_imports_by_name(walked):
    assert walked["errors"] == {}
    expected = set().union(*(source_modules(ROOT, p) for p in PACKAGES))
    missing = sorted(expected - set(walked["found"]))
    assert missing == [], f"pkgutil (and so PyInstaller) does not find: {missing}"


def test_every_game_in_the_registry_has_its_table_found_by_name(walked):
    from game.core.registry import playable_ids
    ids = playable_ids()
    assert {"finished", "flag-finish", "finito"} <= set(ids)
    assert set(walked["tables"]) == set(ids)
    for game_id, module in walked["tables"].items():
        assert module == f"scenes.{game_id.replace('-', '_')}.table"
        assert module in walked["found"], f"{module} imports, but walking the packages misses it"


def test_build_spec_bundles_every_module_and_every_table():
    """build.spec's hidden imports are collect_submodules("game") + collect_submodules("scenes")."""
    from PyInstaller.utils.hooks import collect_submodules
    bundled = set(collect_submodules("scenes")) | set(collect_submodules("game"))
    from game.core.registry import playable_ids
    tables = {f"scenes.{g.replace('-', '_')}.table" for g in playable_ids()}
    assert sorted(tables - bundled) == []
    for package in PACKAGES:
        assert sorted(source_modules(ROOT, package) - bundled) == []


def test_the_checks_catch_a_folder_without_init(tmp_path):
    """A copy of the mistake: pkg/loose/ holds a module but no __init__.py."""
    package = tmp_path / "src" / "demo_pkg"
    (package / "loose").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "ok.py").write_text("")
    (package / "loose" / "table.py").write_text("class Table: pass\n")
    root = tmp_path / "src"
    assert folders_without_init(root, "demo_pkg") == ["demo_pkg/loose"]
    result = walk_and_import(tmp_path, packages=("demo_pkg",), pythonpath=str(root))
    assert sorted(result["found"]) == ["demo_pkg", "demo_pkg.ok"]
    assert source_modules(root, "demo_pkg") - set(result["found"]) == {"demo_pkg.loose.table"}
