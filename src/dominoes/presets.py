"""Named rulesets: the seed games, common table variants and compatibility rulesets.

Every preset has a name, aliases, and a page section in the rules reference. Build
one with `Ruleset.preset(name, **overrides)` or `find_preset(name).build(...)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from dominoes.rules import (
    BlockTie,
    Opening,
    Ruleset,
    Scoring,
)
from dominoes.tiles import Tile

__all__ = ["PRESETS", "Preset", "find_preset"]


@attrs.frozen(kw_only=True)
class Preset:
    """A named way to build a `Ruleset`."""

    name: str
    """The preset's name."""
    aliases: tuple[str, ...]
    """Other names it is found by."""
    summary: str
    """One line on what it is."""
    factory: Callable[..., Ruleset] = attrs.field(repr=False)
    """Builds the ruleset; takes ``players`` where the preset allows a choice, and any
    `Ruleset` field as a keyword override."""

    def build(self, **options: Any) -> Ruleset:
        """The preset's ruleset, with ``options`` applied (``players=`` and any field)."""
        return self.factory(**options)


def _fixed(base: Callable[..., Ruleset], **fixed: Any) -> Callable[..., Ruleset]:
    def build(**options: Any) -> Ruleset:
        return base(**{**fixed, **options})

    return build


def _partnership(**options: Any) -> Ruleset:
    defaults: dict[str, Any] = {
        "opening": Opening.HOLDER_OF_TILE,
        "opening_tile": Tile(6, 6),
        "block_tie": BlockTie.NO_SCORE_NEXT_LEADS,
        "target": 100,
    }
    return Ruleset.block(4, True, **{**defaults, **options})


def _pagat_draw(players: int = 2, **options: Any) -> Ruleset:
    defaults: dict[str, Any] = {
        "boneyard_floor": 2,
        "voluntary_draw": True,
        "opening": Opening.SEAT_ANY_TILE,
        "scoring": Scoring.OPPONENTS_MINUS_OWN,
        "target": 100,
    }
    return Ruleset.draw(players, **{**defaults, **options})


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            name="block",
            aliases=("block-game", "blocking"),
            summary="The Block game of seed 002: no drawing, highest double leads.",
            factory=Ruleset.block,
        ),
        Preset(
            name="draw",
            aliases=("draw-game", "standard"),
            summary="The Draw game of seeds 000 and 002: draw until a tile fits.",
            factory=Ruleset.draw,
        ),
        Preset(
            name="partnership",
            aliases=("latin", "international", "pairs"),
            summary="Four players in two sides, 7 tiles each, 6-6 leads, team totals.",
            factory=_partnership,
        ),
        Preset(
            name="pagat-draw",
            aliases=("pagat",),
            summary="pagat.com's Draw game: boneyard floor of 2, voluntary drawing.",
            factory=_pagat_draw,
        ),
    )
}

_BY_NAME: dict[str, Preset] = {}
for _preset in PRESETS.values():
    for _name in (_preset.name, *_preset.aliases):
        _BY_NAME[_name] = _preset
del _preset, _name


def find_preset(name: str) -> Preset:
    """The preset with this name or alias (case and ``_``/``-``/space do not matter).

    Raises:
        KeyError: no preset has that name.
    """
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return _BY_NAME[key]
    except KeyError:
        known = ", ".join(PRESETS)
        raise KeyError(f"no preset named {name!r}; presets: {known}") from None
