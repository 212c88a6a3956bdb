"""scripts/hand_stats.py as a module, for the tests that run it on tiny samples."""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Iterator
from typing import Any

from paths import SCRIPTS

__all__ = ["TRAIN_TABLES", "hand_stats_module"]

TRAIN_TABLES = {"mexican-train": (4, 8), "private-trains": (8,), "chicken-foot": (8,)}
"""The train games the tiny runs play (question 5 lists 21: a few keep the tests fast)."""


@contextlib.contextmanager
def hand_stats_module() -> Iterator[Any]:
    """The script as the module ``hand_stats`` (importable by name, as the script runs
    itself, so that worker processes find it), its question 5 cut down to the tables
    of `TRAIN_TABLES` while the context lasts."""
    sys.path.insert(0, str(SCRIPTS))
    module: Any = importlib.import_module("hand_stats")
    every = module.TRAIN_GAMES
    module.TRAIN_GAMES = tuple(
        g for g in every if g.rules.players in TRAIN_TABLES.get(g.preset, ())
    )
    try:
        yield module
    finally:
        module.TRAIN_GAMES = every
        sys.path.remove(str(SCRIPTS))
