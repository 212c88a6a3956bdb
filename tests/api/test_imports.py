"""The import graph of the package is a tree of layers (walked with ``ast``, not run).

* No import cycle among the package's modules (``TYPE_CHECKING`` imports aside: they
  never run).
* No import inside a function, except of an optional extra (numpy, click, rich, dask,
  pyspiel, pettingzoo, gymnasium...) or of the CLI's app from its thin entry point.
* No private name (``_x``) imported from another module of the package.
* The layers: the core (data leaves and the engine) imports neither what reads the
  engine's results for a user (records, agents, arena, simulation) nor the adapters
  nor the CLI.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator

import pytest

from paths import ROOT

SRC = ROOT / "src" / "dominoes"

OPTIONAL = {
    "numpy",
    "click",
    "rich",
    "dask",
    "distributed",
    "pyspiel",
    "open_spiel",
    "pettingzoo",
    "gymnasium",
    "scipy",
    "playwright",
}
"""Top-level names of the optional extras: imported inside functions on purpose."""

CORE = {
    "dominoes.observation_data",
    "dominoes.picture",
    "dominoes.notation",
    "dominoes.tiles",
    "dominoes.errors",
    "dominoes.moves",
    "dominoes.rules",
    "dominoes.presets",
    "dominoes.deal",
    "dominoes.faults",
    "dominoes.verification",
    "dominoes.layout",
    "dominoes.scoring",
    "dominoes.state",
}
"""The data leaves and the engine."""

ABOVE = (
    "dominoes.records",
    "dominoes.agents",
    "dominoes.arena",
    "dominoes.simulation",
    "dominoes.batch",
    "dominoes.batch_search",
)
"""What reads the engine for a user: the core never imports these, nor adapters or CLI."""


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def _package_of(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _package_of(module).split(".")
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def _type_checking_blocks(tree: ast.Module) -> set[int]:
    """The ids of import nodes under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = getattr(test, "id", None) or getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                for inner in node.body:
                    for sub in ast.walk(inner):
                        out.add(id(sub))
    return out


def imports(name: str) -> Iterator[tuple[ast.stmt, str, list[str], bool, bool]]:
    """Every import of module ``name``: (node, imported module, names, inside a
    function, under TYPE_CHECKING)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    typing_only = _type_checking_blocks(tree)
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for sub in ast.walk(node):
                inside.add(id(sub))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node, alias.name, [], id(node) in inside, id(node) in typing_only
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(name, node)
            names = [a.name for a in node.names]
            yield node, target, names, id(node) in inside, id(node) in typing_only


def _ours(target: str, names: list[str]) -> list[str]:
    """The package modules an import brings in (``from dominoes import state`` names a
    module; ``from dominoes.state import HandState`` the module it reads)."""
    out = []
    # ``from dominoes import errors`` runs the package's __init__ first, as every import
    # of a submodule does: the edge that matters is to the submodule it names
    submodules = [n for n in names if f"{target}.{n}" in MODULES]
    if target in MODULES and not (submodules and MODULES[target].name == "__init__.py"):
        out.append(target)
    for n in names:
        if f"{target}.{n}" in MODULES:
            out.append(f"{target}.{n}")
    return out


def graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports when it runs (at any depth of the
    module, functions included; TYPE_CHECKING left out)."""
    edges: dict[str, set[str]] = {name: set() for name in MODULES}
    for name in MODULES:
        for _node, target, names, _inside, typing_only in imports(name):
            if typing_only:
                continue
            for other in _ours(target, names):
                if other != name:
                    edges[name].add(other)
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def _is_package_module(name: str) -> bool:
    """``dominoes`` and ``dominoes.cli`` import their submodules: a parent package
    importing its own children is not a cycle to report."""
    return MODULES[name].name == "__init__.py"


def test_there_is_no_import_cycle() -> None:
    edges = graph()
    for name in MODULES:
        if _is_package_module(name):
            # a package's __init__ re-exports its children; the children must not
            # import the package itself to reach a sibling
            edges[name] = set()
    assert _cycle(edges) is None, f"import cycle: {' -> '.join(_cycle(edges) or [])}"


def _inside_imports(name: str) -> list[str]:
    bad = []
    for node, target, _names, inside, typing_only in imports(name):
        if not inside or typing_only:
            continue
        top = target.split(".")[0]
        if top in OPTIONAL:
            continue
        if name == "dominoes.cli" and target == "dominoes.cli.app":
            continue  # the entry point imports the app after checking the extra is there
        bad.append(f"line {node.lineno}: {target}")
    return bad


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_import_inside_a_function_but_an_optional_extra(name: str) -> None:
    bad = _inside_imports(name)
    assert not bad, f"{name} imports inside a function: {bad}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_name_is_imported_from_another_module(name: str) -> None:
    bad = []
    for node, target, names, _inside, _typing in imports(name):
        if not target.startswith("dominoes"):
            continue
        for n in names:
            if n.startswith("_") and not n.startswith("__") and f"{target}.{n}" not in MODULES:
                bad.append(f"line {node.lineno}: {target}.{n}")
        private_module = any(
            part.startswith("_") and not part.startswith("__") for part in target.split(".")
        )
        if private_module and _package_of(target) != _package_of(name):
            bad.append(f"line {node.lineno}: private module {target} of another package")
    assert not bad, f"{name} imports private names: {bad}"


@pytest.mark.parametrize("name", sorted(CORE & set(MODULES)))
def test_the_core_does_not_import_the_layers_above(name: str) -> None:
    reached = set()
    edges = graph()
    todo = [name]
    while todo:
        for nxt in edges[todo.pop()]:
            if nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    above = sorted(
        m
        for m in reached
        if m.startswith(ABOVE) or m.startswith(("dominoes.adapters", "dominoes.cli"))
    )
    assert not above, f"{name} reaches {above}"


def test_the_picture_leaf_imports_no_module_of_the_package() -> None:
    """``picture.py`` draws for `Tile` (the lowest leaf), `Layout` and the engine: it must
    import none of them when it runs (their types are for the type checker only)."""
    assert graph()["dominoes.picture"] == set()
    assert "dominoes.picture" in graph()["dominoes.tiles"]


def test_the_walk_sees_the_package() -> None:
    """The test reads what it means to: the engine is there, and its imports are."""
    assert "dominoes.state" in MODULES
    assert "dominoes.tiles" in graph()["dominoes.state"]
