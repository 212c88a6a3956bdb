"""A griffe extension for the API reference (mkdocs.yml loads it into mkdocstrings).

It does two things griffe does not do by itself for this code base:

* Doctest examples written in a docstring's running text, rather than under an
  ``Examples:`` heading, are put in ``pycon`` code fences. Without a fence, Markdown reads
  ``>>>`` as three nested block quotes and runs the example's lines together into one
  paragraph.
* The value of an attrs field, ``name: T = attrs.field(default=X, ...)``, is shown as
  ``X`` (and as no value at all when the field has no default), so the reference shows the
  default a field takes instead of the attrs call that declares it.

Neither changes what the doctests run: pytest reads the docstrings themselves.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["DocsExtension", "attrs_default", "fence_doctests"]

_FENCE = re.compile(r"^\s*(```|~~~)")
_DOCTEST_FLAGS = re.compile(r"\s*#\s*doctest:.*$")
_ATTRS_FIELDS = frozenset({"attrs.field", "attr.ib", "attr.attrib", "attr.field"})


def fence_doctests(text: str) -> str:
    """Wrap each doctest block of ``text`` that starts at the left margin in a pycon fence.

    A block starts at a line beginning with ``>>>`` and, as for doctest itself, runs to
    the next blank line. Lines already inside a fence, and indented examples (an
    ``Examples:`` section, which griffe handles), are left alone. Doctest directives are
    dropped and ``<BLANKLINE>`` is shown as the blank line it stands for.
    """
    out: list[str] = []
    in_fence = False
    in_example = False
    for line in text.split("\n"):
        if in_example:
            if line.strip():
                shown = _DOCTEST_FLAGS.sub("", line)
                out.append("" if shown.strip() == "<BLANKLINE>" else shown)
                continue
            out.append("```")
            in_example = False
        if _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and line.startswith(">>>"):
            if out and out[-1].strip():
                out.append("")
            out.append("```pycon")
            out.append(_DOCTEST_FLAGS.sub("", line))
            in_example = True
            continue
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


def attrs_default(value: str | griffe.Expr | None) -> str | griffe.Expr | None:
    """The value to show for an attribute whose source value is ``value``.

    For an attrs field declaration this is its ``default=`` argument, or ``None`` (no
    value shown) when it has none; any other value is returned unchanged.
    """
    if not isinstance(value, griffe.ExprCall) or str(value.function) not in _ATTRS_FIELDS:
        return value
    for argument in value.arguments:
        if isinstance(argument, griffe.ExprKeyword) and argument.name == "default":
            return argument.value
    return None


class DocsExtension(griffe.Extension):
    """Fence running-text doctests and show attrs fields by their defaults."""

    def on_instance(
        self,
        *,
        node: Any,
        obj: griffe.Object,
        agent: Any,
        **kwargs: Any,
    ) -> None:
        """Rewrite the object's docstring and, for an attribute, the value it shows."""
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
        if isinstance(obj, griffe.Attribute):
            obj.value = attrs_default(obj.value)
