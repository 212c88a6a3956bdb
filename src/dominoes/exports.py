"""How a package made of private modules shows its public names as its own.

`dominoes.records`, `dominoes.arena` and `dominoes.simulation` are each made of private
modules (``_model``, ``_arena``, ``_run``...) behind the names their ``__all__`` lists.
`claim_public_names` makes those names read as the package's (``dominoes.records.HandRecord``,
not ``dominoes.records._model.HandRecord``) in reprs, pickles, the docs and the error
sweep. A helper for the library's own packages, kept in a public leaf module so that any
of them may import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["claim_public_names"]


def claim_public_names(namespace: Mapping[str, Any]) -> None:
    """Set the ``__module__`` of every name in a package's ``__all__`` that one of its
    submodules defines to the package; names from elsewhere keep theirs.

    Call it with the package's ``globals()``, after its imports and its ``__all__``.
    """
    package = namespace["__name__"]
    for value in map(namespace.get, namespace["__all__"]):
        if getattr(value, "__module__", "").startswith(f"{package}."):
            value.__module__ = package
