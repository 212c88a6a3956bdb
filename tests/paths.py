"""The places in the repository the tests read, whichever folder of ``tests/`` they sit in."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

__all__ = ["DATA", "DOCS", "ROOT", "SCRIPTS", "TESTS", "script"]

TESTS = Path(__file__).resolve().parent
"""``tests/``, where the shared helper modules (this one, ``scenario``, ``strategies``,
``stats_script``) live."""
ROOT = TESTS.parent
"""The root of the repository (``README.md``, ``pyproject.toml``, ``.ci/``)."""
DATA = TESTS / "data"
"""``tests/data/``: the hand-written records."""
DOCS = ROOT / "docs"
"""``docs/``: the documentation site's pages."""
SCRIPTS = ROOT / "scripts"
"""``scripts/``: the test command, the arena report and the statistics script."""


def script(name: str) -> ModuleType:
    """``scripts/{name}.py`` loaded as a module named ``name`` (a script is no package)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
