"""Rulesets: every rule choice of a hand, as frozen, validated data.

A `Ruleset` is plain configuration. The two seed games are its presets:
`Ruleset.block` (no drawing) and `Ruleset.draw` (draw from the
boneyard until a tile fits). Every field is keyword-only and validated when the
ruleset is built; an impossible combination raises `RulesetError`
naming the field(s) at fault.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from dominoes.errors import RulesetError
from dominoes.tiles import MAX_SET, TileSet

__all__ = [
    "MAX_PLAYERS",
    "DrawRule",
    "NoDoubleRule",
    "Opening",
    "Ruleset",
    "default_hand_size",
]

MAX_PLAYERS = 12
"""The most seats a ruleset may have."""


class DrawRule(enum.Enum):
    """Whether, and how, a player draws from the boneyard."""

    NONE = "none"
    """Block game (rule BLOCK-2): nobody draws; undealt tiles stay face down."""
    UNTIL_PLAYABLE = "until_playable"
    """Draw game (rules DRAW-2 and DRAW-3): a player who cannot play draws one tile at a time
    until a tile fits or the boneyard is empty, and passes only then."""


class Opening(enum.Enum):
    """Who lays the first tile of a hand, and which tile."""

    HIGHEST_DOUBLE = "highest_double"
    """Rule BLOCK-3: the holder of the highest double dealt leads it."""


class NoDoubleRule(enum.Enum):
    """What happens when the opening rule needs a double and none was dealt."""

    HEAVIEST_TILE = "heaviest_tile"
    """Rule LEAD-1: the holder of the heaviest tile leads it (the one with the higher
    end breaks a tie in pips, so the choice is unique)."""


# Default hand sizes: (game, max_pip) -> {players: tiles each}. Sources on the rules pages.
_BLOCK_SIZES: dict[int, dict[int, int]] = {
    6: {2: 7, 3: 5, 4: 5},
    9: {5: 7, 6: 7, 7: 7},
    12: {8: 7, 9: 7, 10: 7},
}
_DRAW_SIZES: dict[int, dict[int, int]] = {
    6: {2: 7, 3: 5, 4: 5},
    9: {2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: 7, 8: 6},
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 11, 8: 11},
    15: {2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 13, 8: 13, 9: 11, 10: 11, 11: 11, 12: 11},
}


def default_hand_size(drawing: DrawRule, max_pip: int, players: int, partnership: bool) -> int:
    """The documented default hand size for a game, set and number of seats.

    Raises:
        RulesetError: no default is documented for that combination
            (pass ``hand_size`` explicitly).
    """
    if partnership and max_pip == 6 and players == 4:
        return 7
    table = _BLOCK_SIZES if drawing is DrawRule.NONE else _DRAW_SIZES
    size = table.get(max_pip, {}).get(players)
    if size is None:
        game = "Block" if drawing is DrawRule.NONE else "Draw"
        raise RulesetError(
            f"no default hand size for the {game} game with double-{max_pip} and "
            f"{players} players; pass hand_size explicitly",
            fields=("hand_size",),
        )
    return size


def _int_in(low: int, high: int) -> Any:
    def check(_inst: object, attribute: attrs.Attribute[int], value: object) -> None:
        if type(value) is not int:
            raise RulesetError(
                f"{attribute.name} must be an int, got {value!r}", fields=(attribute.name,)
            )
        if not low <= value <= high:
            raise RulesetError(
                f"{attribute.name} must be from {low} to {high}, got {value}",
                fields=(attribute.name,),
            )

    return check


def _enum(kind: type[enum.Enum]) -> Any:
    def check(_inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            raise RulesetError(
                f"{attribute.name} must be a {kind.__name__}, got {value!r}",
                fields=(attribute.name,),
            )

    return check


def _bool(_inst: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise RulesetError(
            f"{attribute.name} must be a bool, got {value!r}", fields=(attribute.name,)
        )


@attrs.frozen(kw_only=True, cache_hash=True)
class Ruleset:
    """The rules of one hand: the set, the seats, the deal and every rule choice.

    Build one with a preset (`block`, `draw`) or directly; every field
    is keyword-only and validated.

    >>> r = Ruleset.block(players=4, partnership=True)
    >>> r.hand_size, r.teams
    (7, ((0, 2), (1, 3)))
    >>> Ruleset(players=2, hand_size=20)
    Traceback (most recent call last):
    ...
    dominoes.errors.RulesetError: 2 players x 20 tiles = 40 tiles dealt, but double-6 has ...
    """

    max_pip: int = attrs.field(default=6, validator=_int_in(0, MAX_SET))
    """The set is double-``max_pip``."""
    players: int = attrs.field(validator=_int_in(2, MAX_PLAYERS))
    """Number of seats, numbered ``0`` to ``players - 1`` in playing order (clockwise)."""
    hand_size: int = attrs.field(validator=_int_in(1, 1000))
    """Tiles dealt to each seat; the rest form the boneyard."""
    partnership: bool = attrs.field(default=False, validator=_bool)
    """Four seats in two sides, seats 0+2 against 1+3 (partners sit opposite)."""
    drawing: DrawRule = attrs.field(default=DrawRule.NONE, validator=_enum(DrawRule))
    """Whether a player who cannot play draws from the boneyard."""
    opening: Opening = attrs.field(default=Opening.HIGHEST_DOUBLE, validator=_enum(Opening))
    """Who leads the hand and with which tile."""
    no_double: NoDoubleRule = attrs.field(
        default=NoDoubleRule.HEAVIEST_TILE, validator=_enum(NoDoubleRule)
    )
    """What the opening rule falls back on when no double was dealt."""

    def __attrs_post_init__(self) -> None:
        size = (self.max_pip + 1) * (self.max_pip + 2) // 2
        dealt = self.players * self.hand_size
        if dealt > size:
            raise RulesetError(
                f"{self.players} players x {self.hand_size} tiles = {dealt} tiles dealt, "
                f"but double-{self.max_pip} has only {size} (hand_size)",
                fields=("hand_size", "players", "max_pip"),
            )
        if self.partnership and self.players != 4:
            raise RulesetError(
                f"partnership play needs exactly 4 players, got {self.players} (partnership)",
                fields=("partnership", "players"),
            )

    # ----------------------------------------------------------------- presets
    @classmethod
    def block(
        cls,
        players: int = 2,
        partnership: bool = False,
        *,
        max_pip: int = 6,
        hand_size: int | None = None,
    ) -> Ruleset:
        """The Block game of seed 002 (rules BLOCK-1 to BLOCK-9).

        Double-six; 7 tiles each for 2 players, 5 for 3 or 4, 7 for 4 in
        partnership. Nobody draws. The holder of the highest double leads it. A
        player who cannot play passes. Other sets need an explicit ``hand_size``
        unless a default is documented for them.
        """
        _check_preset_players(players)
        if hand_size is None:
            hand_size = default_hand_size(DrawRule.NONE, max_pip, players, partnership)
        return cls(
            max_pip=max_pip,
            players=players,
            hand_size=hand_size,
            partnership=partnership,
            drawing=DrawRule.NONE,
        )

    @classmethod
    def draw(
        cls,
        players: int = 2,
        max_pip: int = 6,
        *,
        partnership: bool = False,
        hand_size: int | None = None,
    ) -> Ruleset:
        """The Draw game of seeds 000 and 002 (rules DRAW-1 to DRAW-4).

        A player who cannot play draws one tile at a time until one fits or the
        boneyard is empty, and passes only when it is empty. Default hand sizes
        are documented per set (double-6, 9, 12 and 15); pass ``hand_size`` for
        any other set or seat count.
        """
        _check_preset_players(players)
        if hand_size is None:
            hand_size = default_hand_size(DrawRule.UNTIL_PLAYABLE, max_pip, players, partnership)
        return cls(
            max_pip=max_pip,
            players=players,
            hand_size=hand_size,
            partnership=partnership,
            drawing=DrawRule.UNTIL_PLAYABLE,
        )

    # ------------------------------------------------------------- derived
    @property
    def tile_set(self) -> TileSet:
        """The tile set, double-``max_pip``."""
        return TileSet.double(self.max_pip)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides: ``((0, 2), (1, 3))`` in partnership, else one seat per side."""
        if self.partnership:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side (``seat`` itself included)."""
        return self.teams[seat % 2] if self.partnership else (seat,)


def _check_preset_players(players: object) -> None:
    if type(players) is not int or not 2 <= players <= MAX_PLAYERS:
        raise RulesetError(
            f"players must be an int from 2 to {MAX_PLAYERS}, got {players!r}", fields=("players",)
        )
