"""Named rulesets: the seed games, common table variants and compatibility rulesets.

Every preset has a name, aliases, and a page section in the rules reference. Build
one with `Ruleset.preset(name, **overrides)` or `find_preset(name).build(...)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from dominoes.errors import UnknownPresetError
from dominoes.errors import shown as _shown
from dominoes.rules import (
    BlockDetection,
    BlockTie,
    DominoWinner,
    DrawnLead,
    NextLead,
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


def _variant(base: Callable[..., Ruleset], **defaults: Any) -> Callable[..., Ruleset]:
    """A factory: ``base`` (a seed preset) with these defaults, any of them overridable."""

    def build(**options: Any) -> Ruleset:
        return base(**{**defaults, **options})

    return build


_PAIRS: dict[str, Any] = {"players": 4, "partnership": True}
_COMPAT: dict[str, Any] = {
    "opening": Opening.SEAT_ANY_TILE,
    "block_detection": BlockDetection.IMMEDIATE,
}
_OPENSPIEL: dict[str, Any] = {
    **_COMPAT,
    "domino_winner": DominoWinner.LOWEST_TOTAL,
    "hands_limit": 1,
}

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
            factory=_variant(
                Ruleset.block,
                **_PAIRS,
                opening=Opening.HOLDER_OF_TILE,
                opening_tile=Tile(6, 6),
                block_tie=BlockTie.NO_SCORE_NEXT_LEADS,
                target=100,
            ),
        ),
        Preset(
            name="pagat-draw",
            aliases=("pagat",),
            summary="pagat.com's Draw game: boneyard floor of 2, voluntary drawing.",
            factory=_variant(
                Ruleset.draw,
                boneyard_floor=2,
                voluntary_draw=True,
                opening=Opening.SEAT_ANY_TILE,
                scoring=Scoring.OPPONENTS_MINUS_OWN,
                target=100,
            ),
        ),
        Preset(
            name="openspiel-block",
            aliases=("python-block-dominoes", "python_block_dominoes"),
            summary="OpenSpiel's python_block_dominoes, rule for rule (COMPAT-1).",
            factory=_variant(Ruleset.block, players=2, **_OPENSPIEL),
        ),
        Preset(
            name="openspiel-team",
            aliases=("python-team-dominoes", "python_team_dominoes"),
            summary="OpenSpiel's python_team_dominoes, rule for rule (COMPAT-2).",
            factory=_variant(Ruleset.block, **_PAIRS, **_OPENSPIEL),
        ),
        Preset(
            name="abw333",
            aliases=("dominoes-6.1.0", "dominoes-package"),
            summary="The PyPI package dominoes 6.1.0 (Game and Series), rule for rule (COMPAT-3).",
            factory=_variant(
                Ruleset.block,
                **_PAIRS,
                **_COMPAT,
                scoring=Scoring.ALL_PIPS,
                target=200,
                next_lead=NextLead.WINNER,
                drawn_lead=DrawnLead.SAME_LEADER,
            ),
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
        UnknownPresetError: ``name`` is not a preset's name or alias, or not a string
            (a `KeyError`; its text is the plain sentence).
    """
    if not isinstance(name, str):
        raise UnknownPresetError(
            f"name must be a preset name (a str), got {_shown(name)}", name=name
        )
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return _BY_NAME[key]
    except KeyError:
        known = ", ".join(PRESETS)
        raise UnknownPresetError(
            f"no preset named {_shown(name)}; presets: {known}", name=name
        ) from None
