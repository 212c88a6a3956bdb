"""The places in the repository the tests read, whichever folder of ``tests/`` they sit in."""

from __future__ import annotations

from pathlib import Path

__all__ = ["DATA", "DOCS", "ROOT", "SCRIPTS", "TESTS"]

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
