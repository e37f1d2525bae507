"""The shape of the house (docs/ARCHITECTURE, issue 12), read from the source tree:

- no import circle among the modules of game/ and scenes/ (type-only imports count: a
  circle of types is a circle of design);
- no game's folder imports another game's folder (game/<g>/ and scenes/<g>/ may use the
  shared game/core/, scenes/table/, scenes/art/ and their own folder only).

There is no cap on a module's length: a cap cut modules where the count ran out instead of at
their seams, and it is withdrawn (issue 26); modules are split by what belongs together.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game", "scenes")


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_modules(root: Path = ROOT) -> dict[str, Path]:
    return {module_name(p, root): p for pkg in PACKAGES if (root / pkg).exists()
            for p in sorted((root / pkg).rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules a module imports anywhere in it (functions and type-only
    blocks included); `from pkg import sub` counts as importing pkg.sub."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.add(sub if sub in known else module)
    return {m for m in found if m in known and m != name}


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = source_modules(root)
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


SHARED = {"core", "table", "art", "flipbook"}


def game_folder(module: str, root: Path = ROOT) -> str:
    """'finito' for game.finito.x or scenes.finito.x; '' for shared or top-level modules."""
    parts = module.split(".")
    if len(parts) >= 2 and (Path(root, *parts[:2]).is_dir()) and parts[1] not in SHARED:
        return parts[1]
    return ""


def cross_game_imports(graph: dict[str, set[str]], root: Path = ROOT) -> list[str]:
    bad = []
    for module, targets in graph.items():
        own = game_folder(module, root)
        if not own:
            continue
        for target in targets:
            other = game_folder(target, root)
            if other and other != own:
                bad.append(f"{module} imports {target}")
    return sorted(bad)


def test_no_import_circle():
    assert circles(import_graph()) == []


def test_no_game_imports_another_game():
    assert cross_game_imports(import_graph()) == []


# -- the checks themselves find what they must, on a made-up tree ----------------------------

@pytest.fixture
def tree(tmp_path):
    def write(name: str, text: str = "") -> None:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for package in ("game", "game/core", "game/alpha", "game/beta", "scenes", "scenes/alpha"):
        write(f"{package}/__init__.py")
    return tmp_path, write


def test_a_circle_through_a_type_only_import_is_found(tree):
    root, write = tree
    write("scenes/alpha/table.py", "from scenes.alpha import board\n")
    write("scenes/alpha/board.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                   "    from scenes.alpha.table import Table\n")
    write("game/core/a.py", "def f():\n    from game.core import b\n")
    write("game/core/b.py", "import game.core.a\n")
    found = circles(import_graph(root))
    assert ["scenes.alpha.board", "scenes.alpha.table"] in found
    assert ["game.core.a", "game.core.b"] in found


def test_a_package_importing_its_own_modules_is_no_circle(tree):
    root, write = tree
    write("game/alpha/__init__.py", "from .engine import E\n")
    write("game/alpha/engine.py", "from game.alpha.rules import r\nE = 1\n")
    write("game/alpha/rules.py", "r = 1\n")
    assert circles(import_graph(root)) == []


def test_one_game_importing_another_is_found(tree):
    root, write = tree
    write("game/alpha/engine.py", "from game.beta import rules\nfrom game.core import x\n")
    write("game/beta/rules.py", "")
    write("game/core/x.py", "")
    write("scenes/alpha/table.py", "from game.alpha import engine\n")
    assert cross_game_imports(import_graph(root), root) == [
        "game.alpha.engine imports game.beta.rules"]
