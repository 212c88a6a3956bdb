"""Test collection: skip doctests of modules whose optional extra is not installed.

CI installs every extra (``.[dev]``), so there nothing is skipped; this only keeps
``pytest`` usable in a partial environment.

With ``DOMINOES_TEST_INSTALLED=1`` (``.ci/wheel``, which runs the tests on the installed
wheel) the session fails unless every ``dominoes`` module imported, when it starts and
when it ends, comes from this interpreter's site-packages, not from a source tree.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import sysconfig
from pathlib import Path

import pytest

_NEEDS = {
    "src/dominoes/adapters/openspiel.py": "pyspiel",
    "src/dominoes/adapters/pettingzoo.py": "pettingzoo",
    "src/dominoes/cli/*.py": "click",
}

collect_ignore_glob = [
    path for path, module in _NEEDS.items() if importlib.util.find_spec(module) is None
]


def _not_installed() -> list[str]:
    """The ``dominoes`` modules imported from anywhere but site-packages."""
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    return sorted(
        f"{name} from {module.__file__}"
        for name, module in list(sys.modules.items())
        if (name == "dominoes" or name.startswith("dominoes."))
        and not Path(getattr(module, "__file__", None) or "/").resolve().is_relative_to(site)
    )


if os.environ.get("DOMINOES_TEST_INSTALLED"):
    import dominoes

    assert not _not_installed(), f"not the installed package: {_not_installed()}"

    def pytest_report_header() -> str:
        return f"dominoes: the installed package, {dominoes.__file__}"

    def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
        stray = _not_installed()
        if stray:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
            print(f"\nnot the installed package: {stray}", file=sys.stderr)
