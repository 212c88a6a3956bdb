"""Test collection: skip doctests of modules whose optional extra is not installed.

CI installs every extra (``.[dev]``), so there nothing is skipped; this only keeps
``pytest`` usable in a partial environment.
"""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "src/dominoes/adapters/openspiel.py": "pyspiel",
    "src/dominoes/adapters/pettingzoo.py": "pettingzoo",
    "src/dominoes/cli/*.py": "click",
}

collect_ignore_glob = [
    path for path, module in _NEEDS.items() if importlib.util.find_spec(module) is None
]
