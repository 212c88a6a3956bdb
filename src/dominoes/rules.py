"""Rulesets: every rule choice of a hand, as frozen, validated data.

A `Ruleset` is plain configuration. The two seed games are its presets:
`Ruleset.block` (no drawing) and `Ruleset.draw` (draw from the
boneyard until a tile fits). Every field is keyword-only and validated when the
ruleset is built; an impossible combination raises `RulesetError`
naming the field(s) at fault.

The named presets are data, defined here (`Preset`, `PRESETS`, `find_preset`, also
importable from `dominoes.presets`): a base game, a mapping of options, names and a
summary. `RULESET_FIELDS` is the codec of the fields (`dominoes.fields`).
"""

from __future__ import annotations

import difflib
import enum
import types
import warnings
from collections.abc import Mapping
from typing import Any, Final

import attrs

from dominoes.errors import (
    AmbiguousPresetWarning,
    ArgumentTypeError,
    ArgumentValueError,
    NotationError,
    RulesetError,
    UnknownPresetError,
)
from dominoes.errors import shown as _shown
from dominoes.fields import FieldTable
from dominoes.tiles import MAX_SET, Tile, TileSet

__all__ = [
    "MAX_PLAYERS",
    "PRESETS",
    "RULESET_FIELDS",
    "BaseGame",
    "BlockDetection",
    "BlockTie",
    "BlockWinner",
    "ClaimRule",
    "ConcedeScoring",
    "Direction",
    "DominoWinner",
    "DoubleDuty",
    "DoubleFollow",
    "DrawRule",
    "DrawnLead",
    "EngineSchedule",
    "EngineSource",
    "FaultMode",
    "FaultPenalty",
    "MarkerRemoval",
    "MexicanOpen",
    "NearTargetCap",
    "NextLead",
    "NoDoubleRule",
    "Opening",
    "PartnerPips",
    "PartnershipOut",
    "PlayScale",
    "PlayScoring",
    "Preset",
    "Ruleset",
    "Scoring",
    "SpinnerCount",
    "SpinnerFill",
    "SpinnerRule",
    "TargetExact",
    "TileValues",
    "default_hand_size",
    "find_preset",
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
    ONE_THEN_PASS = "one_then_pass"
    """Rule DRAWING-1: a player who cannot play draws one tile; if it does not fit, they
    pass."""


# the option enums of this module are twins in shape only (members with a value and a
# rule's docstring): each is its own Ruleset field, with its own members
class Opening(enum.Enum):
    """Who lays the first tile of a hand, and which tile."""

    HIGHEST_DOUBLE = "highest_double"
    """Rule BLOCK-3: the holder of the highest double dealt leads it."""
    HOLDER_OF_TILE = "holder_of_tile"
    """Rule LEAD-2: the holder of `Ruleset.opening_tile` (for example 6-6) leads it."""
    SEAT_ANY_TILE = "seat_any_tile"
    """Rule LEAD-3: seat `Ruleset.opening_seat` leads, with any tile."""
    LOWEST_DOUBLE = "lowest_double"
    """Rule LEAD-6 (Bergen): the holder of the lowest double dealt leads it."""


class NoDoubleRule(enum.Enum):
    """What happens when the opening rule needs a double and none was dealt."""

    HEAVIEST_TILE = "heaviest_tile"
    """Rule LEAD-1: the holder of the heaviest tile leads it (the one with the higher
    end breaks a tie in pips, so the choice is unique)."""
    REDEAL = "redeal"
    """Rule LEAD-4: the deal is void and the tiles are reshuffled (`Deal.random` deals
    again; `HandState.start` refuses such a deal)."""
    DRAW_FOR_DOUBLE = "draw_for_double"
    """Rule LEAD-5 (games with drawing): from `Ruleset.opening_seat` on, in turn, each
    player draws one tile until someone draws a double, which that player leads; if the
    boneyard runs out first, LEAD-1 applies."""


class BlockDetection(enum.Enum):
    """How a blocked hand is established."""

    VERIFICATION_ROUND = "verification_round"
    """Rules VERIFY-1 to VERIFY-3 (seed 000): every seat confirms in one unbroken round."""
    IMMEDIATE = "immediate"
    """Rule DETECT-1: the hand ends as soon as no seat can play or draw."""


class DominoWinner(enum.Enum):
    """Who wins a hand in which a player lays their last tile."""

    EMPTIER = "emptier"
    """Rule BLOCK-6: the player who emptied their hand (and their side)."""
    LOWEST_TOTAL = "lowest_total"
    """Rules COMPAT-1 and COMPAT-2: every ending is decided by comparing pip totals as in
    a blocked hand, so a side whose player went out can still lose (OpenSpiel's games)."""


class BlockWinner(enum.Enum):
    """Who wins a blocked hand."""

    LOWEST_SIDE = "lowest_side"
    """Rule BLOCK-7: the lowest pip total wins; in partnership the side's total."""
    LOWEST_INDIVIDUAL = "lowest_individual"
    """Rule BLOCKWIN-1: in partnership, the side of the player with the lowest single
    hand wins."""


class BlockTie(enum.Enum):
    """What equal lowest totals in a blocked hand mean."""

    DRAWN = "drawn"
    """Rule BLOCK-8 (seed 002): a drawn hand; nobody scores."""
    SPLIT = "split"
    """Rule TIE-1: the tied sides share the points (rounded down)."""
    NO_SCORE_NEXT_LEADS = "no_score_next_leads"
    """Rule TIE-2: nobody scores, and in a match the next player leads the next hand."""
    NON_BLOCKER_WINS = "non_blocker_wins"
    """Rule TIE-3: of the tied sides, the one that did not lay the blocking tile wins."""


class Scoring(enum.Enum):
    """How many points a hand is worth."""

    OPPONENTS = "opponents"
    """Rule SCORE-1 (seed 000): the winning side scores the pips left in its opponents'
    hands."""
    OPPONENTS_MINUS_OWN = "opponents_minus_own"
    """Rule POINTS-1: as SCORE-1, but a blocked hand scores the opponents' pips minus the
    winning side's own."""
    ALL_PIPS = "all_pips"
    """Rule POINTS-2: the winning side scores every pip left on the table's hands, its own
    and its partner's included."""
    CASCADE = "cascade"
    """Rule POINTS-3: in a blocked hand each side scores, against every side with a higher
    total, the difference; a domino scores as SCORE-1."""
    PENALTY = "penalty"
    """Rule POINTS-6: every side keeps its own pips as penalty points (in partnership both
    partners show the side's total); in a match the lowest total wins."""
    FIXED = "fixed"
    """Rule POINTS-7: the winning side of a domino or a block scores `Ruleset.fixed_points`,
    whatever the pips (Bergen's 2)."""
    FIXED_DOMINO = "fixed_domino"
    """Rule POINTS-7: the side that dominoes scores `Ruleset.fixed_points` (Fives and
    Threes' chip-out point); a blocked hand scores nothing."""


# a twin in shape only of the other option enums (see Opening)
class PartnerPips(enum.Enum):
    """In partnership, what the pips left in the partner's hand do when a player dominoes."""

    IGNORE = "ignore"
    """Rule SCORE-1: they count for nothing."""
    ADD = "add"
    """Rule PART-1: they are added to the side's score."""
    SUBTRACT = "subtract"
    """Rule PART-2: they are subtracted from the side's score."""


class FaultMode(enum.Enum):
    """What the engine does with a false pass or a forbidden draw."""

    STRICT = "strict"
    """The move is refused with `IllegalMoveError`."""
    TOLERANT = "tolerant"
    """Rule FAULT-1 (seed 000): the move is accepted, recorded as a fault and penalised
    by `Ruleset.fault_penalty`."""


class FaultPenalty(enum.Enum):
    """The penalty for a fault in tolerant mode."""

    FORFEIT_HAND = "forfeit_hand"
    """Rule FAULT-2: the hand stops at once; every side without a fault scores
    `Ruleset.fault_points`."""
    POINTS = "points"
    """Rule FAULT-3: play goes on; every other side scores `Ruleset.fault_points` per
    fault at the end of the hand."""
    NONE = "none"
    """Rule FAULT-4: the fault is recorded and play goes on; nobody scores for it."""


class ConcedeScoring(enum.Enum):
    """How a conceded hand is scored (rule CONCEDE-1)."""

    AS_DOMINO = "as_domino"
    """The winning side scores as if it had dominoed: its own tiles count as gone
    out and the hand is scored as a domino under the other scoring rules. The winning
    side is the one of the first seat after the conceding seat, in playing order, that
    is not on the conceding side (the other side, when there are two)."""
    POINTS = "points"
    """Every side but the conceding one scores `Ruleset.concede_points`; under
    `Scoring.PENALTY` the conceding side takes them as penalty points instead."""


class NextLead(enum.Enum):
    """Who leads the hands of a match after the first."""

    ROTATE = "rotate"
    """Rule MATCH-2: the seat after the previous hand's leader leads, with any tile."""
    WINNER = "winner"
    """Rule MATCH-3: a winner of the previous hand leads, with any tile: the seat that
    dominoed; after a block, the first winning seat in playing order from the seat that
    laid the last tile (that seat itself if it won); after a forfeit or a false block,
    the first winning seat from the seat whose move ended the hand."""
    OPENING_RULE = "opening_rule"
    """Every hand is opened as the first one (`Ruleset.opening`)."""


class DrawnLead(enum.Enum):
    """Who leads the next hand of a match after a drawn hand."""

    NEXT_PLAYER = "next_player"
    """Rule MATCH-4: the seat after the drawn hand's leader leads, with any tile."""
    SAME_LEADER = "same_leader"
    """The drawn hand's leader leads again, with any tile."""
    OPENING_RULE = "opening_rule"
    """The next hand is opened as the first one (`Ruleset.opening`)."""


class SpinnerRule(enum.Enum):
    """Which doubles are spinners (rule SPIN-1): laid crosswise, a spinner takes tiles on
    its two long sides, which continue its arm, and on its two short sides, which start
    new arms (docs/rules/spinner.md)."""

    NONE = "none"
    """No spinner: the layout is a line with two ends (every double lies crosswise in the
    line and takes tiles on its two long sides only)."""
    FIRST_DOUBLE = "first_double"
    """The first double played is the spinner, whether it leads or comes later (All
    Fives, Sniff); later doubles lie crosswise in their arm and do not branch."""
    LEAD_DOUBLE = "lead_double"
    """The lead is the spinner when it is a double (Sebastopol's 6-6); no later double
    branches."""
    EVERY_DOUBLE = "every_double"
    """Every double is a spinner (Five Up): several spinners may be open at once."""


class SpinnerFill(enum.Enum):
    """When a spinner's short sides open (rules SPIN-2 to SPIN-4)."""

    LONG_SIDES_FIRST = "long_sides_first"
    """Rule SPIN-2: the short sides open once both long sides carry a tile."""
    ALL_FOUR_FIRST = "all_four_first"
    """Rule SPIN-3 (Sebastopol): every side opens at once, and while a spinner has an
    empty side, only its empty sides take tiles: no arm grows before all are started."""
    ONE_TILE_EACH_SIDE = "one_tile_each_side"
    """Rule SPIN-4 (British Sniff): the short sides open once both long sides carry a
    tile, and each takes one tile and no more."""
    TOES_FIRST = "toes_first"
    """Rules FOOT-1 and FOOT-2 (Chicken Foot, with `SpinnerRule.EVERY_DOUBLE`): every
    side of a double opens at once (the lead's `Ruleset.root_toes`, a later double's three
    toes), and while a double has an empty side only the empty sides of the oldest such
    double take tiles."""


class SpinnerCount(enum.Enum):
    """What a spinner adds to the end count (rules COUNT-2, COUNT-4 and COUNT-5)."""

    BOTH_UNTIL_LONG_COVERED = "both_until_long_covered"
    """Rule COUNT-2: both halves while one of its long sides is uncovered, then
    nothing."""
    EXPOSED_HALVES = "exposed_halves"
    """Rule COUNT-4 (US Sniff): both halves while at most two of its four sides carry a
    tile, one half when three do, nothing when all four do."""
    ONCE = "once"
    """Rule COUNT-5: one half while one of its long sides is uncovered, then nothing
    (6-6 led counts 6)."""


class PlayScoring(enum.Enum):
    """What a play scores, from the end count after it (rules PLAY-1 to PLAY-3), or from
    the numbers showing at the ends (rule HEADER-1)."""

    NONE = "none"
    """Plays score nothing: points come at the end of the hand only."""
    FIVES = "fives"
    """Rule PLAY-1 (All Fives, Muggins, Five Up, Sniff): the count, when it is a positive
    multiple of 5."""
    FIVES_AND_THREES = "fives_and_threes"
    """Rule PLAY-3 (Fives and Threes): the count divided by 3 when 3 divides it, plus
    the count divided by 5 when 5 divides it (15 scores 8)."""
    BERGEN = "bergen"
    """Rule HEADER-1 (Bergen, Double Bergen): a number showing at two ends or more
    scores a point per half showing it (a double lying at an end shows two): a double
    header 2, a triple header 3; the lone lead shows its halves at both ends."""


class PlayScale(enum.Enum):
    """How `PlayScoring.FIVES` turns a scoring count into points (rule PLAY-2)."""

    PIPS = "pips"
    """The count itself: 15 scores 15."""
    PER_FIVE = "per_five"
    """One point per five, as on a cribbage board: 15 scores 3."""


class ClaimRule(enum.Enum):
    """Whether the points of a play are credited by the table or must be called (rules
    CLAIM-1 to CLAIM-3, docs/rules/spinner.md)."""

    AUTO = "auto"
    """The table credits every score as it is made: nothing to call."""
    CLAIM = "claim"
    """Rule CLAIM-1: after a play that scores, its player claims the points (or overlooks
    them, and they are lost)."""
    MUGGINS = "muggins"
    """Rules CLAIM-1 and CLAIM-2: as `CLAIM`, and the next seat may call "muggins" and
    take the points its player overlooked."""


class TargetExact(enum.Enum):
    """Whether a match must end on its target exactly (rule MATCH-9)."""

    NONE = "none"
    """Reaching or passing the target wins (rule MATCH-1)."""
    DISCARD_OVERSHOOT = "discard_overshoot"
    """A score that would take a side past the target counts nothing; the match is won
    by reaching the target exactly."""


class NearTargetCap(enum.Enum):
    """Whether a play scores less near the target (rule MATCH-10)."""

    NONE = "none"
    """A play's points count in full."""
    BERGEN = "bergen"
    """A side within 3 points of the target scores at most 2 for a play, within 2 at
    most 1 (Bergen's headers)."""


class PartnershipOut(enum.Enum):
    """When a partnership hand ends by going out (rule PART-3)."""

    FIRST_PLAYER = "first_player"
    """Rule BLOCK-6: the first player to lay their last tile ends the hand."""
    BOTH_PARTNERS = "both_partners"
    """Rule PART-3: play goes on until both partners of one side are out; a player who
    is out passes (Fives and Threes)."""


class Direction(enum.Enum):
    """Rule TURN-1: which way the turn passes round the table."""

    CLOCKWISE = "clockwise"
    """The turn passes from seat ``s`` to seat ``s + 1`` (modulo the players)."""
    COUNTER_CLOCKWISE = "counter_clockwise"
    """The turn passes from seat ``s`` to seat ``s - 1`` (modulo the players), the Latin
    American norm."""


class EngineSource(enum.Enum):
    """Rule TRAIN-1: where a train game's engine double (the hub) comes from."""

    SET_ASIDE = "set_aside"
    """The engine double is taken out of the set before the deal and laid as the hub;
    `Ruleset.opening_seat` plays first."""
    HOLDER = "holder"
    """The engine double is dealt like any tile; its holder lays it as the hub as the
    first move of the hand, and the seat after them plays next (a deal in which nobody
    holds it is dealt again, as rule LEAD-4 does for an opening tile)."""
    DRAW_UNTIL_FOUND = "draw_until_found"
    """As `HOLDER`; when nobody holds it, the seats draw in turn from `Ruleset.opening_seat`
    until one draws it, and that seat lays it."""


class EngineSchedule(enum.Enum):
    """Rule TRAIN-2: which double is the engine (or, in Chicken Foot, the root) in each
    hand of a match."""

    DESCENDING = "descending"
    """The first hand's double, then the next lower one each hand, down to 0-0; the
    match has one hand per double (13 on double-12)."""
    ASCENDING = "ascending"
    """The first hand's double, then the next higher one each hand, up to the set's top
    double."""
    FIXED = "fixed"
    """The same double every hand (the match needs `Ruleset.hands_limit` or a
    target)."""


class MexicanOpen(enum.Enum):
    """Rule TRAIN-3: from when a seat may play on the public Mexican train."""

    FIRST_TURN = "first_turn"
    """From its first turn."""
    AFTER_OWN_TRAIN = "after_own_train"
    """Once its own train has a tile."""


class MarkerRemoval(enum.Enum):
    """Rule TRAIN-4: when the marker on a seat's own train comes off."""

    OWN_TRAIN_PLAY = "own_train_play"
    """When its owner next plays on it."""
    ANY_PLAY = "any_play"
    """When its owner next plays anywhere."""


class DoubleFollow(enum.Enum):
    """Rule TRAIN-5: what the play after a double (which earns its layer another play)
    may be."""

    MUST_SATISFY = "must_satisfy"
    """It must satisfy (cover) the double: while a double is open, it is the only place
    anyone may play."""
    ANYWHERE = "anywhere"
    """The layer's extra play may go wherever the layer may play; the double must still
    be satisfied by the seats after them."""
    MULTI_DOUBLES = "multi_doubles"
    """The layer may lay further doubles, each earning another play, and ends the turn
    with a tile that satisfies the oldest open double."""


class DoubleDuty(enum.Enum):
    """Rule TRAIN-5: who must satisfy an open double the layer could not."""

    EVERYONE = "everyone"
    """Every seat in turn, until it is satisfied."""
    LAYER_ONLY = "layer_only"
    """The layer only: once the layer has passed, the double no longer holds up play."""


class TileValues(enum.Enum):
    """Rule TRAIN-10: what a tile left in hand costs under `Scoring.PENALTY`."""

    PIPS = "pips"
    """Its pips."""
    ZERO_ZERO_50 = "zero_zero_50"
    """Its pips, the double-blank 50."""
    BLANKS_25 = "blanks_25"
    """Its pips, a tile with a blank half 25 and the double-blank 50."""

    def of(self, tile: Tile) -> int:
        """What ``tile`` left in hand costs under this table (rule TRAIN-10): the one
        place a tile's value is defined (the engine keeps it per ruleset).

        >>> [TileValues.BLANKS_25.of(Tile.parse(t)) for t in ("0-0", "0-5", "3-4")]
        [50, 25, 7]
        >>> TileValues.ZERO_ZERO_50.of(Tile(0, 5)), TileValues.PIPS.of(Tile(0, 0))
        (5, 0)

        Raises:
            ArgumentTypeError: ``tile`` is not a `Tile` (a `TypeError`).
        """
        if not isinstance(tile, Tile):
            raise ArgumentTypeError(f"tile must be a Tile, got {_shown(tile)}", argument="tile")
        if tile.low == 0 and self is not TileValues.PIPS:
            if tile.high == 0:
                return 50
            if self is TileValues.BLANKS_25:
                return 25
        return tile.pips


_BONUS_FIELDS = (
    "capicua_bonus",
    "chuchazo_bonus",
    "pase_corrido_bonus",
    "pase_de_salida_bonus",
    "pase_de_salida_double_bonus",
)
"""The `Ruleset` fields of the partnership bonuses (rules BONUS-1 to BONUS-4)."""

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
        ArgumentTypeError: an argument has the wrong type (a `TypeError`).
    """
    for name, ok, wanted, value in (
        ("drawing", isinstance(drawing, DrawRule), "a DrawRule", drawing),
        ("max_pip", type(max_pip) is int, "an int", max_pip),
        ("players", type(players) is int, "an int", players),
        ("partnership", type(partnership) is bool, "a bool", partnership),
    ):
        if not ok:
            raise ArgumentTypeError(f"{name} must be {wanted}, got {_shown(value)}", argument=name)
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


def _opening_tile(value: object) -> Tile | None:
    if value is None or isinstance(value, Tile):
        return value
    if isinstance(value, str):
        try:
            return Tile.parse(value)
        except NotationError:
            raise RulesetError(
                f"opening_tile is not a tile: {_shown(value)} (write it like '6-6')",
                fields=("opening_tile",),
            ) from None
    raise RulesetError(
        f"opening_tile must be a Tile, a tile string or None, got {value!r}",
        fields=("opening_tile",),
    )


def _int_tuple(value: object) -> object:
    """A list of ints given for a tuple field, as a tuple (the validator checks it)."""
    return tuple(value) if isinstance(value, list) else value


def _ints_in(low: int, high: int, most: int) -> Any:
    def check(_inst: object, attribute: attrs.Attribute[tuple[int, ...]], value: object) -> None:
        name = attribute.name
        if type(value) is not tuple or any(type(item) is not int for item in value):
            raise RulesetError(f"{name} must be a tuple of ints, got {value!r}", fields=(name,))
        if len(value) > most:
            raise RulesetError(
                f"{name} must hold at most {most} numbers, got {len(value)}", fields=(name,)
            )
        wrong = [item for item in value if not low <= item <= high]
        if wrong:
            raise RulesetError(
                f"{name} must hold numbers from {low} to {high}, got {wrong[0]}",
                fields=(name,),
            )

    return check


def _optional_int_in(low: int, high: int) -> Any:
    check = _int_in(low, high)

    def optional(inst: object, attribute: attrs.Attribute[int | None], value: object) -> None:
        if value is not None:
            check(inst, attribute, value)

    return optional


@attrs.frozen(kw_only=True, cache_hash=True)
class Ruleset:
    """The rules of one hand (and of a match of hands): every rule choice as data.

    Build one with a preset (`block`, `draw`, `preset`) or directly; every field is
    keyword-only and validated, and an inconsistent combination raises `RulesetError`
    naming the fields. `attrs.evolve(rules, field=value)` makes a changed copy.

    >>> r = Ruleset.block(players=4, partnership=True)
    >>> r.hand_size, r.teams
    (7, ((0, 2), (1, 3)))
    >>> Ruleset(players=2, hand_size=20)
    Traceback (most recent call last):
    ...
    dominoes.errors.RulesetError: 2 players x 20 tiles = 40 tiles dealt, but double-6 has ...
    """

    # -- the set and the deal
    max_pip: int = attrs.field(default=6, validator=_int_in(0, MAX_SET))
    """The set is double-``max_pip``."""
    players: int = attrs.field(validator=_int_in(2, MAX_PLAYERS))
    """Number of seats, numbered ``0`` to ``players - 1`` in playing order (clockwise)."""
    hand_size: int = attrs.field(validator=_int_in(1, 1000))
    """Tiles dealt to each seat; the rest form the boneyard."""
    partnership: bool = attrs.field(default=False, validator=_bool)
    """Four seats in two sides, seats 0+2 against 1+3 (partners sit opposite)."""
    # -- drawing
    drawing: DrawRule = attrs.field(default=DrawRule.NONE, validator=_enum(DrawRule))
    """Whether a player who cannot play draws from the boneyard."""
    voluntary_draw: bool = attrs.field(default=False, validator=_bool)
    """Rule DRAWING-2: a player may draw even when able to play."""
    boneyard_floor: int = attrs.field(default=0, validator=_int_in(0, 1000))
    """Rule DRAWING-3: the last ``boneyard_floor`` tiles of the boneyard are never drawn."""
    # -- the lead
    opening: Opening = attrs.field(default=Opening.HIGHEST_DOUBLE, validator=_enum(Opening))
    """Who leads the hand and with which tile."""
    opening_tile: Tile | None = attrs.field(default=None, converter=_opening_tile)
    """The tile whose holder leads, for `Opening.HOLDER_OF_TILE`."""
    opening_seat: int = attrs.field(default=0, validator=_int_in(0, MAX_PLAYERS - 1))
    """The seat that leads for `Opening.SEAT_ANY_TILE`, and that draws first for
    `NoDoubleRule.DRAW_FOR_DOUBLE`."""
    no_double: NoDoubleRule = attrs.field(
        default=NoDoubleRule.HEAVIEST_TILE, validator=_enum(NoDoubleRule)
    )
    """What happens when the opening tile was not dealt (no double, or the named tile
    is in the boneyard)."""
    # -- the end of the hand
    domino_winner: DominoWinner = attrs.field(
        default=DominoWinner.EMPTIER, validator=_enum(DominoWinner)
    )
    """Who wins when a player lays their last tile."""
    block_detection: BlockDetection = attrs.field(
        default=BlockDetection.VERIFICATION_ROUND, validator=_enum(BlockDetection)
    )
    """How a blocked hand is established."""
    block_winner: BlockWinner = attrs.field(
        default=BlockWinner.LOWEST_SIDE, validator=_enum(BlockWinner)
    )
    """Who wins a blocked hand."""
    block_tie: BlockTie = attrs.field(default=BlockTie.DRAWN, validator=_enum(BlockTie))
    """What equal lowest totals in a blocked hand mean."""
    # -- points
    scoring: Scoring = attrs.field(default=Scoring.OPPONENTS, validator=_enum(Scoring))
    """How many points a hand is worth."""
    partner_pips: PartnerPips = attrs.field(
        default=PartnerPips.IGNORE, validator=_enum(PartnerPips)
    )
    """In partnership, what the partner's pips do when a player dominoes."""
    round_to: int = attrs.field(default=1, validator=_int_in(1, 100))
    """Rule POINTS-4: a hand's points are rounded to the nearest multiple (5: 1-2 count 0,
    3-7 count 5, ...); 1 leaves them as they are."""
    stock_pips: bool = attrs.field(default=False, validator=_bool)
    """Rule POINTS-5: the pips left in the boneyard are added to the winner's points."""
    # -- faults
    faults: FaultMode = attrs.field(default=FaultMode.STRICT, validator=_enum(FaultMode))
    """Whether a false pass or forbidden draw is refused or accepted as a fault."""
    fault_penalty: FaultPenalty = attrs.field(
        default=FaultPenalty.FORFEIT_HAND, validator=_enum(FaultPenalty)
    )
    """The penalty for a fault in tolerant mode."""
    fault_points: int = attrs.field(default=30, validator=_int_in(0, 10_000))
    """Points a fault gives each other side (rules FAULT-2 and FAULT-3); under
    `Scoring.PENALTY`, penalty points the offender's side takes instead."""
    # -- concession
    concede_scoring: ConcedeScoring = attrs.field(
        default=ConcedeScoring.AS_DOMINO, validator=_enum(ConcedeScoring)
    )
    """Rule CONCEDE-1: how a conceded hand is scored."""
    concede_points: int = attrs.field(default=0, validator=_int_in(0, 10_000))
    """With `ConcedeScoring.POINTS`: the points every other side scores when a seat
    concedes (under `Scoring.PENALTY`, the penalty the conceding side takes)."""
    # -- match play
    target: int | None = attrs.field(default=None, validator=_optional_int_in(1, 1_000_000))
    """Rule MATCH-1: the score that ends a match; ``None`` for the seed's default (100
    for two players or two sides, 61 for three or four players)."""
    hands_limit: int | None = attrs.field(default=None, validator=_optional_int_in(1, 100_000))
    """A match also ends after this many hands (1: a single hand decides)."""
    next_lead: NextLead = attrs.field(default=NextLead.ROTATE, validator=_enum(NextLead))
    """Who leads the hands of a match after the first."""
    drawn_lead: DrawnLead = attrs.field(default=DrawnLead.NEXT_PLAYER, validator=_enum(DrawnLead))
    """Who leads after a drawn hand."""
    # -- the layout and scoring on play (docs/rules/spinner.md)
    spinner: SpinnerRule = attrs.field(default=SpinnerRule.NONE, validator=_enum(SpinnerRule))
    """Rule SPIN-1: which doubles are spinners (`SpinnerRule.NONE`: a line)."""
    spinner_fill: SpinnerFill = attrs.field(
        default=SpinnerFill.LONG_SIDES_FIRST, validator=_enum(SpinnerFill)
    )
    """Rules SPIN-2 to SPIN-4: when a spinner's short sides open."""
    spinner_count: SpinnerCount = attrs.field(
        default=SpinnerCount.BOTH_UNTIL_LONG_COVERED, validator=_enum(SpinnerCount)
    )
    """Rules COUNT-2, COUNT-4 and COUNT-5: what a spinner adds to the end count."""
    double_end_weight: int = attrs.field(default=2, validator=_int_in(1, 2))
    """Rule COUNT-6: the halves a double that is not a spinner counts while it lies at
    an end (2: both, 1: one)."""
    play_scoring: PlayScoring = attrs.field(default=PlayScoring.NONE, validator=_enum(PlayScoring))
    """Rules PLAY-1 and PLAY-3: what a play scores, from the end count after it."""
    play_scale: PlayScale = attrs.field(default=PlayScale.PIPS, validator=_enum(PlayScale))
    """Rule PLAY-2: points per scoring count under `PlayScoring.FIVES`."""
    claim_rule: ClaimRule = attrs.field(default=ClaimRule.AUTO, validator=_enum(ClaimRule))
    """Rules CLAIM-1 to CLAIM-3: whether a play's points must be claimed (needs scoring
    on play)."""
    # -- end-of-hand and match variants of the spinner family (docs/rules/spinner.md)
    end_per_five: bool = attrs.field(default=False, validator=_bool)
    """Rule PLAY-4: the hand's end points, rounded to 5, count one point per five."""
    # -- the Latin partnership bonuses (docs/rules/bonus.md), 0: off
    capicua_bonus: int = attrs.field(default=0, validator=_int_in(0, 10_000))
    """Rule BONUS-1: points the side that dominoes scores when its last tile, not a
    double, could have been laid on either end (capicúa)."""
    chuchazo_bonus: int = attrs.field(default=0, validator=_int_in(0, 10_000))
    """Rule BONUS-2: points the side that dominoes with the 0-0 scores (chuchazo)."""
    pase_corrido_bonus: int = attrs.field(default=0, validator=_int_in(0, 10_000))
    """Rule BONUS-3: points a side scores each time, after one of its players laid a
    tile, every other seat passed and that player plays again (pase corrido)."""
    pase_de_salida_bonus: int = attrs.field(default=0, validator=_int_in(0, 10_000))
    """Rule BONUS-4: points the leader's side scores when the seat after the leader
    passes on its first turn, after a lead that is not a double (pase de salida)."""
    pase_de_salida_double_bonus: int = attrs.field(default=0, validator=_int_in(0, 10_000))
    """Rule BONUS-4: the same after a double lead."""
    direction: Direction = attrs.field(default=Direction.CLOCKWISE, validator=_enum(Direction))
    """Rule TURN-1: which way the turn, and every "next seat" of the rules, goes."""
    # -- end-of-hand and target rules of the fives family (docs/rules/points.md, match.md)
    fixed_points: int = attrs.field(default=0, validator=_int_in(0, 10_000))
    """Rule POINTS-7: the points of the winning side under `Scoring.FIXED` and
    `Scoring.FIXED_DOMINO` (needed there, from 1; 0 for the other scorings)."""
    partnership_out: PartnershipOut = attrs.field(
        default=PartnershipOut.FIRST_PLAYER, validator=_enum(PartnershipOut)
    )
    """Rule PART-3: whether a partnership hand ends when both partners are out."""
    first_score_min: int = attrs.field(default=0, validator=_int_in(0, 10_000))
    """Rule MATCH-8: in a match, a side's first score must be at least this, else it
    counts nothing (0: any score counts)."""
    target_exact: TargetExact = attrs.field(default=TargetExact.NONE, validator=_enum(TargetExact))
    """Rule MATCH-9: whether a score that would pass the target counts nothing."""
    near_target_cap: NearTargetCap = attrs.field(
        default=NearTargetCap.NONE, validator=_enum(NearTargetCap)
    )
    """Rule MATCH-10: whether a play scores less near the target (Bergen)."""
    game_order_bonus: tuple[int, ...] = attrs.field(
        default=(), converter=_int_tuple, validator=_ints_in(0, 10_000, 100)
    )
    """Rule BONUS-5: the points the winners of the first, second, ... hand of a match
    that has winners score on top of the hand's points (the Puerto Rican 500: ``(100,
    75, 50, 25)``); ``()``: none. A list is taken as a tuple."""
    # -- train games (docs/rules/trains.md) and Chicken Foot (docs/rules/chicken-foot.md)
    trains: bool = attrs.field(default=False, validator=_bool)
    """Rule TRAIN-1: a train game (Mexican Train, Private Trains): the engine double is the
    hub, each seat builds its own train from it."""
    engine_source: EngineSource = attrs.field(
        default=EngineSource.SET_ASIDE, validator=_enum(EngineSource)
    )
    """Rule TRAIN-1: where the engine double comes from."""
    engine: int | None = attrs.field(default=None, validator=_optional_int_in(0, MAX_SET))
    """Rule TRAIN-2: the value of this hand's engine double (``None``: the set's top
    double); a match moves it hand by hand as `engine_schedule` says. In Chicken Foot the
    root double is `opening_tile`, which the schedule moves instead."""
    engine_schedule: EngineSchedule = attrs.field(
        default=EngineSchedule.DESCENDING, validator=_enum(EngineSchedule)
    )
    """Rule TRAIN-2: the engine (or root) double of each hand of a match."""
    mexican_train: bool = attrs.field(default=True, validator=_bool)
    """Rule TRAIN-3: whether there is a public Mexican train (Private Trains: none)."""
    mexican_open_from: MexicanOpen = attrs.field(
        default=MexicanOpen.FIRST_TURN, validator=_enum(MexicanOpen)
    )
    """Rule TRAIN-3: from when a seat may play on the Mexican train."""
    first_turn_run: bool = attrs.field(default=True, validator=_bool)
    """Rule TRAIN-7: whether a seat's first turn may be a run of tiles on its own
    train."""
    marker_removal: MarkerRemoval = attrs.field(
        default=MarkerRemoval.OWN_TRAIN_PLAY, validator=_enum(MarkerRemoval)
    )
    """Rule TRAIN-4: when a marker comes off."""
    double_follow: DoubleFollow = attrs.field(
        default=DoubleFollow.MUST_SATISFY, validator=_enum(DoubleFollow)
    )
    """Rule TRAIN-5: what the play after a double may be."""
    double_duty: DoubleDuty = attrs.field(default=DoubleDuty.EVERYONE, validator=_enum(DoubleDuty))
    """Rule TRAIN-5: who must satisfy a double its layer could not."""
    tile_values: TileValues = attrs.field(default=TileValues.PIPS, validator=_enum(TileValues))
    """Rule TRAIN-10: what a tile left in hand costs (with `Scoring.PENALTY`)."""
    root_toes: int = attrs.field(default=4, validator=_int_in(4, 6))
    """Rule FOOT-1: how many tiles the root double of Chicken Foot takes before anything
    else (4, one on each side, or 6, three on each long side)."""
    toe_release: bool = attrs.field(default=True, validator=_bool)
    """Rule FOOT-3: whether a toe gate lifts once no tile of its number is left to play
    (which rests on no source, docs/rules/chicken-foot.md)."""

    def __attrs_post_init__(self) -> None:
        size = TileSet.double(self.max_pip).size
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
        draws = self.drawing is not DrawRule.NONE
        for name, set_ in (
            ("voluntary_draw", self.voluntary_draw),
            ("boneyard_floor", self.boneyard_floor > 0),
            ("no_double", self.no_double is NoDoubleRule.DRAW_FOR_DOUBLE),
            ("engine_source", self.engine_source is EngineSource.DRAW_UNTIL_FOUND),
        ):
            if set_ and not draws:
                raise RulesetError(
                    f"{name} needs a game with drawing, but drawing is {self.drawing.name}",
                    fields=(name, "drawing"),
                )
        if dealt + self.boneyard_floor > size:
            raise RulesetError(
                f"boneyard_floor {self.boneyard_floor} is more than the {size - dealt} tiles "
                "left after the deal",
                fields=("boneyard_floor", "hand_size"),
            )
        if (self.opening is Opening.HOLDER_OF_TILE) != (self.opening_tile is not None):
            raise RulesetError(
                "opening_tile is given exactly when opening is HOLDER_OF_TILE",
                fields=("opening_tile", "opening"),
            )
        if self.opening_tile is not None and self.opening_tile.high > self.max_pip:
            raise RulesetError(
                f"opening_tile {self.opening_tile} is not in the double-{self.max_pip} set",
                fields=("opening_tile", "max_pip"),
            )
        if self.opening_seat >= self.players:
            raise RulesetError(
                f"opening_seat {self.opening_seat} does not exist with {self.players} players",
                fields=("opening_seat", "players"),
            )
        if self.partner_pips is not PartnerPips.IGNORE and not self.partnership:
            raise RulesetError(
                "partner_pips applies to partnership play only",
                fields=("partner_pips", "partnership"),
            )
        for name, value, default in (
            ("spinner_fill", self.spinner_fill, SpinnerFill.LONG_SIDES_FIRST),
            ("spinner_count", self.spinner_count, SpinnerCount.BOTH_UNTIL_LONG_COVERED),
        ):
            if value is not default and self.spinner is SpinnerRule.NONE:
                raise RulesetError(
                    f"{name} {value.name} needs a spinner, but spinner is NONE",
                    fields=(name, "spinner"),
                )
        if self.double_end_weight != 2 and not self.has_arms:
            raise RulesetError(
                "double_end_weight changes the end count, which needs a spinner or scoring "
                "on play, but spinner and play_scoring are NONE",
                fields=("double_end_weight", "spinner", "play_scoring"),
            )
        if self.play_scale is not PlayScale.PIPS and self.play_scoring is not PlayScoring.FIVES:
            raise RulesetError(
                f"play_scale {self.play_scale.name} applies to play_scoring FIVES, "
                f"not {self.play_scoring.name}",
                fields=("play_scale", "play_scoring"),
            )
        if self.claim_rule is not ClaimRule.AUTO and self.play_scoring is PlayScoring.NONE:
            raise RulesetError(
                f"claim_rule {self.claim_rule.name} claims the points of plays, which needs "
                "scoring on play, but play_scoring is NONE",
                fields=("claim_rule", "play_scoring"),
            )
        if self.end_per_five and self.round_to != 5:
            raise RulesetError(
                f"end_per_five needs round_to 5, but round_to is {self.round_to}",
                fields=("end_per_five", "round_to"),
            )
        if self.has_bonuses:
            on = tuple(name for name in _BONUS_FIELDS if getattr(self, name))
            if self.spinner is not SpinnerRule.NONE or self.play_scoring is not PlayScoring.NONE:
                raise RulesetError(
                    f"the partnership bonuses ({', '.join(on)}) are for line games, but "
                    f"spinner is {self.spinner.name} and play_scoring {self.play_scoring.name}",
                    fields=(*on, "spinner", "play_scoring"),
                )
            if self.scoring is Scoring.PENALTY:
                raise RulesetError(
                    f"the partnership bonuses ({', '.join(on)}) score points, which "
                    "Scoring.PENALTY does not count (scoring)",
                    fields=(*on, "scoring"),
                )
        self._check_targets()
        if self.game_order_bonus and self.scoring is Scoring.PENALTY:
            raise RulesetError(
                "game_order_bonus scores points for the winners, which Scoring.PENALTY "
                "does not count (scoring)",
                fields=("game_order_bonus", "scoring"),
            )
        if self.block_winner is BlockWinner.LOWEST_INDIVIDUAL and not self.partnership:
            raise RulesetError(
                "block_winner LOWEST_INDIVIDUAL applies to partnership play only",
                fields=("block_winner", "partnership"),
            )
        self._check_trains()

    def _check_trains(self) -> None:
        """Refuse the impossible combinations of the train rules (TRAIN-1 to TRAIN-10)
        and of Chicken Foot (FOOT-1 to FOOT-3)."""
        toes = self.spinner_fill is SpinnerFill.TOES_FIRST
        if toes and self.spinner is not SpinnerRule.EVERY_DOUBLE:
            raise RulesetError(
                f"spinner_fill TOES_FIRST makes every double a foot, which needs spinner "
                f"EVERY_DOUBLE, not {self.spinner.name}",
                fields=("spinner_fill", "spinner"),
            )
        for name, set_ in (
            ("root_toes", self.root_toes != 4),
            ("toe_release", not self.toe_release),
        ):
            if set_ and not toes:
                raise RulesetError(
                    f"{name} is a rule of Chicken Foot, which needs spinner_fill TOES_FIRST",
                    fields=(name, "spinner_fill"),
                )
        if self.root_toes == 5:
            raise RulesetError("root_toes must be 4 or 6, got 5", fields=("root_toes",))
        if self.tile_values is not TileValues.PIPS and self.scoring is not Scoring.PENALTY:
            raise RulesetError(
                f"tile_values {self.tile_values.name} prices the tiles left in hand, which "
                f"only Scoring.PENALTY counts, but scoring is {self.scoring.name}",
                fields=("tile_values", "scoring"),
            )
        if self.engine_schedule is not EngineSchedule.DESCENDING and not (self.trains or toes):
            raise RulesetError(
                "engine_schedule moves the engine or root double of a train game or of "
                "Chicken Foot, but trains is false and spinner_fill is not TOES_FIRST",
                fields=("engine_schedule", "trains", "spinner_fill"),
            )
        if (
            self.engine_schedule is EngineSchedule.FIXED
            and self.hands_limit is None
            and self.target is None
        ):
            raise RulesetError(
                "engine_schedule FIXED plays the same double every hand, so a match needs "
                "hands_limit or a target to end",
                fields=("engine_schedule", "hands_limit", "target"),
            )
        if not self.trains:
            for name, value, default in (
                ("engine_source", self.engine_source, EngineSource.SET_ASIDE),
                ("engine", self.engine, None),
                ("mexican_train", self.mexican_train, True),
                ("mexican_open_from", self.mexican_open_from, MexicanOpen.FIRST_TURN),
                ("first_turn_run", self.first_turn_run, True),
                ("marker_removal", self.marker_removal, MarkerRemoval.OWN_TRAIN_PLAY),
                ("double_follow", self.double_follow, DoubleFollow.MUST_SATISFY),
                ("double_duty", self.double_duty, DoubleDuty.EVERYONE),
            ):
                if value != default:
                    raise RulesetError(
                        f"{name} is a rule of train games, but trains is false",
                        fields=(name, "trains"),
                    )
            return
        for name, set_, why in (
            ("partnership", self.partnership, "partnership play"),
            ("spinner", self.spinner is not SpinnerRule.NONE, "a spinner"),
            ("play_scoring", self.play_scoring is not PlayScoring.NONE, "scoring on play"),
            ("drawing", self.drawing is DrawRule.UNTIL_PLAYABLE, "drawing until playable"),
            ("voluntary_draw", self.voluntary_draw, "voluntary drawing"),
            ("opening", self.opening is not Opening.SEAT_ANY_TILE, "an opening rule"),
            ("no_double", self.no_double is not NoDoubleRule.HEAVIEST_TILE, "a no-double rule"),
            ("faults", self.faults is not FaultMode.STRICT, "tolerant faults"),
        ):
            if set_:
                raise RulesetError(
                    f"a train game (trains) has no {why} (the engine_source decides who "
                    f"starts); {name} must keep its default",
                    fields=(name, "trains"),
                )
        if self.engine is not None and self.engine > self.max_pip:
            raise RulesetError(
                f"engine {self.engine} is not a double of the double-{self.max_pip} set",
                fields=("engine", "max_pip"),
            )
        size = TileSet.double(self.max_pip).size
        aside = self.engine_source is EngineSource.SET_ASIDE
        if aside and self.players * self.hand_size + self.boneyard_floor >= size:
            raise RulesetError(
                f"{self.players} players x {self.hand_size} tiles and the engine set aside "
                f"need more than the {size} tiles of double-{self.max_pip} (hand_size)",
                fields=("hand_size", "players", "max_pip"),
            )

    def _check_targets(self) -> None:
        """Refuse the impossible combinations of rules POINTS-7, PART-3 and MATCH-8 to
        MATCH-10."""
        fixed = self.scoring in (Scoring.FIXED, Scoring.FIXED_DOMINO)
        if fixed != (self.fixed_points > 0):
            raise RulesetError(
                "fixed_points (from 1) is given exactly when scoring is FIXED or "
                f"FIXED_DOMINO, but scoring is {self.scoring.name} and fixed_points "
                f"{self.fixed_points}",
                fields=("fixed_points", "scoring"),
            )
        if fixed:
            for name, set_ in (
                ("round_to", self.round_to != 1),
                ("stock_pips", self.stock_pips),
                ("partner_pips", self.partner_pips is not PartnerPips.IGNORE),
            ):
                if set_:
                    raise RulesetError(
                        f"{name} counts pips, which scoring {self.scoring.name} does not",
                        fields=(name, "scoring"),
                    )
        if self.partnership_out is PartnershipOut.BOTH_PARTNERS:
            if not self.has_arms:  # (only the arms engine plays PART-3)
                raise RulesetError(
                    "partnership_out BOTH_PARTNERS needs a layout with arms (a spinner or "
                    "scoring on play), but spinner and play_scoring are NONE",
                    fields=("partnership_out", "spinner", "play_scoring"),
                )
            if self.drawing is not DrawRule.NONE:
                raise RulesetError(
                    "partnership_out BOTH_PARTNERS is for games without drawing, but "
                    f"drawing is {self.drawing.name}",
                    fields=("partnership_out", "drawing"),
                )
        if self.scoring is Scoring.PENALTY:
            for name, set_ in (
                ("first_score_min", self.first_score_min > 0),
                ("target_exact", self.target_exact is not TargetExact.NONE),
                ("near_target_cap", self.near_target_cap is not NearTargetCap.NONE),
            ):
                if set_:
                    raise RulesetError(
                        f"{name} limits the points a side scores, which Scoring.PENALTY "
                        "counts against it (scoring)",
                        fields=(name, "scoring"),
                    )
        if self.near_target_cap is not NearTargetCap.NONE and (
            self.play_scoring is PlayScoring.NONE
        ):
            raise RulesetError(
                f"near_target_cap {self.near_target_cap.name} caps the points of plays, "
                "but play_scoring is NONE",
                fields=("near_target_cap", "play_scoring"),
            )

    @property
    def has_arms(self) -> bool:
        """Whether the hand is played on a layout with arms (a spinner, or scoring on
        play: docs/rules/spinner.md) rather than a line.

        >>> Ruleset.block().has_arms, Ruleset.preset("all-fives").has_arms
        (False, True)
        """
        return self.spinner is not SpinnerRule.NONE or self.play_scoring is not PlayScoring.NONE

    @property
    def engine_double(self) -> int:
        """Rule TRAIN-2: the value of this hand's engine double: `engine`, or the set's
        top double (`max_pip`).

        >>> Ruleset.preset("mexican-train").engine_double
        12
        """
        return self.max_pip if self.engine is None else self.engine

    @property
    def schedule_double(self) -> int | None:
        """Rule TRAIN-2: the double a match's schedule starts from, its first hand's:
        `engine_double` in a train game, the root double (`opening_tile`) in Chicken Foot
        (`SpinnerFill.TOES_FIRST` opened by the holder of a double); ``None`` in any
        other game, whose matches have no schedule.

        >>> [Ruleset.preset(n).schedule_double for n in ("mexican-train", "chicken-foot")]
        [12, 9]
        >>> Ruleset.preset("block").schedule_double is None
        True
        """
        if self.trains:
            return self.engine_double
        tile = self.opening_tile
        if (
            self.spinner_fill is SpinnerFill.TOES_FIRST
            and self.opening is Opening.HOLDER_OF_TILE
            and tile is not None
            and tile.is_double
        ):
            return tile.high
        return None

    @property
    def schedule_hands(self) -> int | None:
        """Rule TRAIN-2: how many hands a match has by its schedule (`engine_schedule`,
        from `schedule_double`): down to 0-0 or up to the top double, one hand per double;
        ``None`` when the schedule does not end the match (`EngineSchedule.FIXED`: the
        hand limit or the target does) or there is none.

        >>> [Ruleset.preset(n).schedule_hands for n in ("mexican-train", "chicken-foot")]
        [13, 10]
        >>> up = EngineSchedule.ASCENDING
        >>> Ruleset.preset("mexican-train", engine=9, engine_schedule=up).schedule_hands
        4
        """
        first = self.schedule_double
        if first is None or self.engine_schedule is EngineSchedule.FIXED:
            return None
        if self.engine_schedule is EngineSchedule.ASCENDING:
            return self.max_pip - first + 1
        return first + 1

    def hand_double(self, number: int) -> int:
        """Rule TRAIN-2: the engine double (Chicken Foot: the root double) of hand
        ``number`` (0-based) of a match under these rules: `schedule_double`, then one
        lower each hand (`EngineSchedule.DESCENDING`), one higher (``ASCENDING``) or the
        same (``FIXED``). `Match` plays hand ``number`` with it.

        >>> rules = Ruleset.preset("mexican-train")
        >>> [rules.hand_double(k) for k in range(rules.schedule_hands)]
        [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]

        Raises:
            ArgumentTypeError: ``number`` is not an ``int`` (a `TypeError`).
            ArgumentValueError: these rules have no schedule, or ``number`` is negative or
                past the schedule's last hand (a `ValueError`).
        """
        if type(number) is not int:
            raise ArgumentTypeError(
                f"number must be an int, got {_shown(number)}", argument="number"
            )
        first = self.schedule_double
        if first is None:
            raise ArgumentValueError(
                "number names a hand of a match's schedule, but these rules have none "
                "(neither trains nor Chicken Foot's root double)",
                argument="number",
            )
        hands = self.schedule_hands
        if number < 0 or (hands is not None and number >= hands):
            last = "" if hands is None else f" to {hands - 1}"
            raise ArgumentValueError(
                f"number must be a hand of the schedule, from 0{last}, got {number}",
                argument="number",
            )
        if self.engine_schedule is EngineSchedule.DESCENDING:
            return first - number
        if self.engine_schedule is EngineSchedule.ASCENDING:
            return first + number
        return first

    @property
    def has_bonuses(self) -> bool:
        """Whether any partnership bonus is on (rules BONUS-1 to BONUS-4)."""
        return any(getattr(self, name) for name in _BONUS_FIELDS)

    # ----------------------------------------------------------------- presets
    @classmethod
    def block(
        cls,
        players: int = 2,
        *,
        partnership: bool = False,
        max_pip: int = 6,
        hand_size: int | None = None,
        **options: Any,
    ) -> Ruleset:
        """The Block game of seed 002 (rules BLOCK-1 to BLOCK-9).

        Double-six; 7 tiles each for 2 players, 5 for 3 or 4, 7 for 4 in
        partnership. Nobody draws. The holder of the highest double leads it. A
        player who cannot play passes. Other sets need an explicit ``hand_size``
        unless a default is documented for them. Everything after ``players`` is
        keyword-only, as in `draw`, and any other field can be given as a keyword
        (``Ruleset.block(2, scoring=Scoring.CASCADE)``).
        """
        return _preset(cls, DrawRule.NONE, players, max_pip, partnership, hand_size, options)

    @classmethod
    def draw(
        cls,
        players: int = 2,
        *,
        max_pip: int = 6,
        partnership: bool = False,
        hand_size: int | None = None,
        **options: Any,
    ) -> Ruleset:
        """The Draw game of seeds 000 and 002 (rules DRAW-1 to DRAW-4).

        A player who cannot play draws one tile at a time until one fits or the
        boneyard is empty, and passes only when it is empty. Default hand sizes
        are documented per set (double-6, 9, 12 and 15); pass ``hand_size`` for
        any other set or seat count. Everything after ``players`` is keyword-only, as
        in `block`, and any other field can be given as a keyword.
        """
        drawing = options.pop("drawing", DrawRule.UNTIL_PLAYABLE)
        return _preset(cls, drawing, players, max_pip, partnership, hand_size, options)

    @classmethod
    def preset(cls, name: str, /, **options: Any) -> Ruleset:
        """The named preset (see `presets`), with any field overridden by keyword.

        >>> Ruleset.preset("partnership") == Ruleset.preset("pairs")
        True

        Raises:
            UnknownPresetError: no preset has that name or alias (a `KeyError`).
        """
        return _find_preset(name).build(**options)

    @staticmethod
    def presets() -> tuple[str, ...]:
        """The names of the presets, in documentation order."""
        return tuple(PRESETS)

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

    @property
    def step(self) -> int:
        """Rule TURN-1: ``1`` when the turn passes clockwise, ``-1`` counter-clockwise."""
        return 1 if self.direction is Direction.CLOCKWISE else -1

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` turns after ``seat`` in playing order (rule TURN-1).

        >>> Ruleset.block(players=4).seat_after(3), Ruleset.block(
        ...     players=4, direction=Direction.COUNTER_CLOCKWISE
        ... ).seat_after(0)
        (0, 3)

        Raises:
            ArgumentTypeError: ``seat`` or ``steps`` is not an ``int`` (a `TypeError`).
            ArgumentValueError: there is no such seat (a `ValueError`).
        """
        for name, value in (("seat", seat), ("steps", steps)):
            if type(value) is not int:
                raise ArgumentTypeError(
                    f"{name} must be an int, got {_shown(value)}", argument=name
                )
        if not 0 <= seat < self.players:
            raise ArgumentValueError(
                f"seat must be a seat from 0 to {self.players - 1}, got {seat}", argument="seat"
            )
        return (seat + self.step * steps) % self.players

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side (``seat`` itself included).

        Raises:
            ArgumentTypeError: ``seat`` is not an ``int`` (a `TypeError`).
            ArgumentValueError: there is no such seat (a `ValueError`).
        """
        if type(seat) is not int:
            raise ArgumentTypeError(f"seat must be an int, got {_shown(seat)}", argument="seat")
        if not 0 <= seat < self.players:
            raise ArgumentValueError(
                f"seat must be a seat from 0 to {self.players - 1}, got {seat}", argument="seat"
            )
        return self.teams[seat % 2] if self.partnership else (seat,)

    def to_dict(self) -> dict[str, Any]:
        """Every field as a JSON-ready value: an enum by its value, a tile as ``"a-b"``.

        >>> rules = Ruleset.block()
        >>> data = rules.to_dict()
        >>> data["players"], data["drawing"], data["opening_tile"]
        (2, 'none', None)
        >>> Ruleset.from_dict(data) == rules
        True
        """
        return {codec.name: codec.to_data(getattr(self, codec.name)) for codec in _FIELDS.codecs}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """The ruleset `to_dict` wrote (fields left out take their defaults).

        Each value is read by `dominoes.fields.FieldCodec.from_data` (the field's own
        value, such as an enum member, is taken as well).

        Raises:
            ArgumentTypeError: ``data`` is not a mapping.
            RulesetError: ``data`` names an unknown field, leaves out
                ``players`` or ``hand_size``, or holds a value its field cannot take
                (the error names the field).
        """
        if not isinstance(data, Mapping):
            raise ArgumentTypeError(
                f"data must be a mapping of ruleset field names, got {type(data).__name__}",
                argument="data",
            )
        options = {name: _FIELDS[name].from_data(raw) for name, raw in data.items()}
        for name in ("players", "hand_size"):
            if name not in options:
                raise RulesetError(f"ruleset data must give {name}", fields=(name,))
        return cls(**options)

    @property
    def match_target(self) -> int:
        """The score that ends a match: `target`, or the seed's default (MATCH-1)."""
        if self.target is not None:
            return self.target
        return 100 if self.players == 2 or self.partnership else 61


RULESET_FIELDS: Final = FieldTable.of(Ruleset)
"""The codec of every `Ruleset` field, by name: how records, the command line, `to_dict`
and the OpenSpiel parameters write a field's value and read it back (`dominoes.fields`)."""
_FIELDS = RULESET_FIELDS


def _preset(
    cls: type[Ruleset],
    drawing: DrawRule,
    players: int,
    max_pip: int,
    partnership: bool,
    hand_size: int | None,
    options: dict[str, Any],
) -> Ruleset:
    if type(players) is not int or not 2 <= players <= MAX_PLAYERS:
        raise RulesetError(
            f"players must be an int from 2 to {MAX_PLAYERS}, got {players!r}", fields=("players",)
        )
    if not isinstance(drawing, DrawRule):
        raise RulesetError(f"drawing must be a DrawRule, got {drawing!r}", fields=("drawing",))
    if type(max_pip) is not int or not 0 <= max_pip <= MAX_SET:
        raise RulesetError(
            f"max_pip must be an int from 0 to {MAX_SET}, got {_shown(max_pip)}",
            fields=("max_pip",),
        )
    if type(partnership) is not bool:
        raise RulesetError(
            f"partnership must be a bool, got {_shown(partnership)}", fields=("partnership",)
        )
    if "drawing" in options:
        raise RulesetError(
            "the Block game has no drawing; use Ruleset.draw(drawing=...)", fields=("drawing",)
        )
    if hand_size is None:
        hand_size = default_hand_size(drawing, max_pip, players, partnership)
    unknown = sorted(set(options) - {f.name for f in attrs.fields(cls)})
    if unknown:
        raise RulesetError(f"no such ruleset field: {', '.join(unknown)}", fields=tuple(unknown))
    return cls(
        max_pip=max_pip,
        players=players,
        hand_size=hand_size,
        partnership=partnership,
        drawing=drawing,
        **options,
    )


# ------------------------------------------------------------------------- presets
class BaseGame(enum.Enum):
    """The seed game a `Preset` starts from."""

    BLOCK = "block"
    """`Ruleset.block`: nobody draws."""
    DRAW = "draw"
    """`Ruleset.draw`: a player who cannot play draws until a tile fits."""


def _preset_options(value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(
            f"options must be a mapping of Ruleset fields, got {_shown(value)}",
            argument="options",
        )
    for name in value:
        RULESET_FIELDS[name]  # RulesetError for a name that is not a field
    return types.MappingProxyType(
        {name: value[name] for name in RULESET_FIELDS.names if name in value}
    )


def _hand_sizes(value: object) -> Mapping[int, int]:
    if not isinstance(value, Mapping) or any(
        type(k) is not int or type(v) is not int or not 2 <= k <= MAX_PLAYERS or v < 1
        for k, v in value.items()
    ):
        raise ArgumentTypeError(
            f"hand_sizes must map numbers of players to tiles each, got {_shown(value)}",
            argument="hand_sizes",
        )
    return types.MappingProxyType(dict(sorted(value.items())))


@attrs.frozen(kw_only=True)
class Preset:
    """A named ruleset, as data: a base game and the options applied to it.

    >>> p = find_preset("pairs")
    >>> p.name, p.game, p.options["target"]
    ('partnership', <BaseGame.BLOCK: 'block'>, 100)
    >>> p.build(target=150) == Ruleset.block(**{**p.options, "target": 150})
    True
    """

    name: str
    """The preset's name."""
    aliases: tuple[str, ...] = ()
    """Other names it is found by."""
    ambiguous: tuple[str, ...] = attrs.field(default=())
    """The aliases that other games go by as well: `find_preset` warns with an
    `AmbiguousPresetWarning` that says which preset it picked."""
    summary: str
    """One line on what it is."""
    game: BaseGame
    """The seed game it starts from (`Ruleset.block` or `Ruleset.draw`)."""
    options: Mapping[str, Any] = attrs.field(factory=dict, converter=_preset_options, hash=False)
    """`Ruleset` fields by name, in field order, with the values the preset gives them
    (any keyword of `Ruleset.block` or `Ruleset.draw`: ``players``, ``partnership``,
    ``max_pip``, ``hand_size`` or any other field). A read-only mapping."""
    hand_sizes: Mapping[int, int] = attrs.field(factory=dict, converter=_hand_sizes, hash=False)
    """The preset's own deal: tiles each by number of players, on the preset's set, where
    its sources deal otherwise than the base game's table (Sniff's 7 / 6 / 5, All Fives'
    5 each for four in partnership). `build` takes it when no ``hand_size`` is given and
    the set is the preset's; otherwise the base game's default (`default_hand_size`)
    applies. A read-only mapping."""

    @ambiguous.validator
    def _check_ambiguous(self, _attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, tuple) or not set(value) <= set(self.aliases):
            raise ArgumentValueError(
                f"ambiguous must be a tuple of the preset's aliases, got {_shown(value)}",
                argument="ambiguous",
            )

    def build(self, **options: Any) -> Ruleset:
        """The preset's ruleset, with ``options`` applied on top of its own
        (``players=``, ``partnership=``, ``max_pip=``, ``hand_size=`` and any field).

        Raises:
            RulesetError: the options make an impossible ruleset, or name no field.
        """
        merged = {**self.options, **options}
        if "hand_size" not in merged:
            own = self._own_hand_size(merged.get("players"), merged.get("max_pip"))
            if own is not None:
                merged["hand_size"] = own
        if self.game is BaseGame.BLOCK:
            return Ruleset.block(**merged)
        return Ruleset.draw(**merged)

    def _own_hand_size(self, players: object, max_pip: object) -> int | None:
        """The tiles each of `hand_sizes` for these seats and set, if it has them."""
        if max_pip is not None and max_pip != self.options.get("max_pip", 6):
            return None
        if players is None:
            players = 2
        return self.hand_sizes.get(players) if type(players) is int else None

    def overrides(self, rules: Ruleset) -> dict[str, Any] | None:
        """The options to give `build` so that it builds ``rules``, in field order, or
        ``None`` when this preset cannot (a Block preset and a game with drawing).

        A plain difference of fields: every field whose value differs from the preset's
        own ruleset, except ``hand_size`` when it is the default for the game, the set
        and the seats of ``rules`` (and the preset does not fix it).

        >>> find_preset("draw").overrides(Ruleset.draw(players=4, target=150))
        {'players': 4, 'target': 150}

        Raises:
            ArgumentTypeError: ``rules`` is not a `Ruleset`.
        """
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError(
                f"rules must be a Ruleset, got {_shown(rules)}", argument="rules"
            )
        own = self.build()
        out: dict[str, Any] = {}
        for name in RULESET_FIELDS.names:
            value = getattr(rules, name)
            if name == "hand_size" and name not in self.options:
                implied = self._own_hand_size(rules.players, rules.max_pip)
                if implied is None:
                    try:
                        implied = default_hand_size(
                            rules.drawing, rules.max_pip, rules.players, rules.partnership
                        )
                    except RulesetError:
                        implied = None
                if value != implied:
                    out[name] = value
            elif value != getattr(own, name):
                out[name] = value
        try:
            built = self.build(**out)
        except RulesetError:
            return None
        return out if built == rules else None


_PAIRS: Final[dict[str, Any]] = {"players": 4, "partnership": True}
_COMPAT: Final[dict[str, Any]] = {
    "opening": Opening.SEAT_ANY_TILE,
    "block_detection": BlockDetection.IMMEDIATE,
}
_OPENSPIEL: Final[dict[str, Any]] = {
    **_COMPAT,
    "domino_winner": DominoWinner.LOWEST_TOTAL,
    "hands_limit": 1,
}
# the fives family (docs/rules/presets/all-fives.md and the pages after it): lots choose
# the first leader, who leads any tile (seat 0 here); the player who dominoed leads the
# next hand; the counts that are multiples of 5 score; hand points rounded to 5
_FIVES: Final[dict[str, Any]] = {
    "opening": Opening.SEAT_ANY_TILE,
    "round_to": 5,
    "next_lead": NextLead.WINNER,
    "play_scoring": PlayScoring.FIVES,
}

# the train games (docs/rules/trains.md): one draw then a marker, own pips as penalty
_TRAINS: Final[dict[str, Any]] = {
    "max_pip": 12,
    "drawing": DrawRule.ONE_THEN_PASS,
    "opening": Opening.SEAT_ANY_TILE,
    "scoring": Scoring.PENALTY,
    "trains": True,
}
# tiles each on double-12 by number of players (families.md §3.1, [HTFBW-MT])
_TRAIN_SIZES: Final[dict[int, int]] = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}

# Bergen and Double Bergen (docs/rules/presets/bergen.md and double-bergen.md): 6 tiles
# each, every hand opened by the opening rule, headers score, game 15
_BERGEN: Final[dict[str, Any]] = {
    "target": 15,
    "next_lead": NextLead.OPENING_RULE,
    "play_scoring": PlayScoring.BERGEN,
    "scoring": Scoring.FIXED,
    "fixed_points": 2,
    "near_target_cap": NearTargetCap.BERGEN,
}
# the Latin American partnership games (docs/rules/presets/cuban.md and the two pages
# after it): the partnership game, played counter-clockwise; a tied block scores nothing
_LATIN: Final[dict[str, Any]] = {
    **_PAIRS,
    "block_tie": BlockTie.NO_SCORE_NEXT_LEADS,
    "direction": Direction.COUNTER_CLOCKWISE,
}
_SIX_SIX: Final[dict[str, Any]] = {"opening": Opening.HOLDER_OF_TILE, "opening_tile": Tile(6, 6)}

# deals of the fives family by players (7 / 5 / 5: partners hold 5 each too) and of
# Sniff (7 / 6 / 5) and Bergen (6 / 6 / 5), from the presets' pages
_SEVEN_FIVE_FIVE: Final[dict[int, int]] = {2: 7, 3: 5, 4: 5}

PRESETS: Final[dict[str, Preset]] = {
    p.name: p
    for p in (
        Preset(
            name="block",
            aliases=("block-game", "blocking"),
            summary="The Block game of seed 002: no drawing, highest double leads.",
            game=BaseGame.BLOCK,
        ),
        Preset(
            name="draw",
            aliases=("draw-game", "standard"),
            summary="The Draw game of seeds 000 and 002: draw until a tile fits.",
            game=BaseGame.DRAW,
        ),
        Preset(
            name="partnership",
            aliases=("latin", "international", "pairs"),
            ambiguous=("latin",),
            summary="Four players in two sides, 7 tiles each, 6-6 leads, team totals.",
            game=BaseGame.BLOCK,
            options={
                **_PAIRS,
                "opening": Opening.HOLDER_OF_TILE,
                "opening_tile": Tile(6, 6),
                "block_tie": BlockTie.NO_SCORE_NEXT_LEADS,
                "target": 100,
            },
        ),
        Preset(
            name="pagat-draw",
            aliases=("pagat",),
            summary="pagat.com's Draw game: boneyard floor of 2, voluntary drawing.",
            game=BaseGame.DRAW,
            options={
                "boneyard_floor": 2,
                "voluntary_draw": True,
                "opening": Opening.SEAT_ANY_TILE,
                "scoring": Scoring.OPPONENTS_MINUS_OWN,
                "target": 100,
            },
        ),
        Preset(
            name="openspiel-block",
            aliases=("python-block-dominoes", "python_block_dominoes"),
            summary="OpenSpiel's python_block_dominoes, rule for rule (COMPAT-1).",
            game=BaseGame.BLOCK,
            options={"players": 2, **_OPENSPIEL},
        ),
        Preset(
            name="openspiel-team",
            aliases=("python-team-dominoes", "python_team_dominoes"),
            summary="OpenSpiel's python_team_dominoes, rule for rule (COMPAT-2).",
            game=BaseGame.BLOCK,
            options={**_PAIRS, **_OPENSPIEL},
        ),
        Preset(
            name="abw333",
            aliases=("dominoes-6.1.0", "dominoes-package"),
            summary="The PyPI package dominoes 6.1.0 (Game and Series), rule for rule (COMPAT-3).",
            game=BaseGame.BLOCK,
            options={
                **_PAIRS,
                **_COMPAT,
                "scoring": Scoring.ALL_PIPS,
                "target": 200,
                "next_lead": NextLead.WINNER,
                "drawn_lead": DrawnLead.SAME_LEADER,
            },
        ),
        Preset(
            name="all-fives",
            aliases=("single-spinner",),
            summary="All Fives: the first double is the spinner, counts of 5s score, game 100.",
            game=BaseGame.DRAW,
            options={**_FIVES, "target": 100, "spinner": SpinnerRule.FIRST_DOUBLE},
            hand_sizes=_SEVEN_FIVE_FIVE,
        ),
        Preset(
            name="muggins",
            summary="Muggins (pagat's sense): All Fives without a spinner, game 100.",
            game=BaseGame.DRAW,
            options={**_FIVES, "target": 100},
            hand_sizes=_SEVEN_FIVE_FIVE,
        ),
        Preset(
            name="five-up",
            aliases=("west-coast-dominoes",),
            summary="Five Up: 5 tiles each, every double a spinner, a point per five, game 61.",
            game=BaseGame.DRAW,
            options={
                **_FIVES,
                "hand_size": 5,
                "target": 61,
                "spinner": SpinnerRule.EVERY_DOUBLE,
                "play_scale": PlayScale.PER_FIVE,
            },
        ),
        Preset(
            name="fives-and-threes",
            aliases=("5s-and-3s",),
            summary="Fives and Threes: no drawing, multiples of 3 and 5 score, game 61.",
            game=BaseGame.BLOCK,
            options={
                "opening": Opening.SEAT_ANY_TILE,
                "scoring": Scoring.FIXED_DOMINO,
                "target": 61,
                "play_scoring": PlayScoring.FIVES_AND_THREES,
                "fixed_points": 1,
                "partnership_out": PartnershipOut.BOTH_PARTNERS,
                "target_exact": TargetExact.DISCARD_OVERSHOOT,
            },
            hand_sizes=_SEVEN_FIVE_FIVE,
        ),
        Preset(
            name="sebastopol",
            summary="Sebastopol: 4 x 7 tiles, 6-6 leads and spins, its four sides first.",
            game=BaseGame.BLOCK,
            options={
                "players": 4,
                "hand_size": 7,
                "opening": Opening.HOLDER_OF_TILE,
                "opening_tile": Tile(6, 6),
                "scoring": Scoring.OPPONENTS_MINUS_OWN,
                "target": 60,
                "next_lead": NextLead.OPENING_RULE,
                "spinner": SpinnerRule.LEAD_DOUBLE,
                "spinner_fill": SpinnerFill.ALL_FOUR_FIRST,
            },
        ),
        Preset(
            name="sniff",
            aliases=("east-coast-dominoes",),
            summary="Sniff (US): the first double spins and counts while exposed, game 100.",
            game=BaseGame.DRAW,
            options={
                **_FIVES,
                "target": 100,
                "spinner": SpinnerRule.FIRST_DOUBLE,
                "spinner_count": SpinnerCount.EXPOSED_HALVES,
            },
            hand_sizes={2: 7, 3: 6, 4: 5},
        ),
        Preset(
            name="bergen",
            summary="Bergen: 6 tiles each, lowest double leads, matching ends score, game 15.",
            game=BaseGame.DRAW,
            options={**_BERGEN, "boneyard_floor": 2, "opening": Opening.LOWEST_DOUBLE},
            hand_sizes={2: 6, 3: 6, 4: 5},
        ),
        Preset(
            name="double-bergen",
            summary="Double Bergen: a double leads and spins, its four sides first, game 15.",
            game=BaseGame.DRAW,
            options={
                **_BERGEN,
                "no_double": NoDoubleRule.DRAW_FOR_DOUBLE,
                "spinner": SpinnerRule.LEAD_DOUBLE,
                "spinner_fill": SpinnerFill.ALL_FOUR_FIRST,
            },
            hand_sizes={2: 6, 3: 6, 4: 5},
        ),
        Preset(
            name="cuban",
            aliases=("cuban-dominoes", "domino-cubano"),
            summary="Cuban partnership dominoes: double-nine, 10 tiles each, highest double "
            "leads, counter-clockwise, game 100.",
            game=BaseGame.BLOCK,
            options={
                **_LATIN,
                "max_pip": 9,
                "hand_size": 10,
                "target": 100,
                "next_lead": NextLead.WINNER,
            },
        ),
        Preset(
            name="dominican",
            aliases=("dominican-dominoes", "capicua"),
            ambiguous=("capicua",),
            summary="Dominican partnership dominoes: capicúa, pase corrido and pase de salida "
            "bonuses, counter-clockwise, game 200.",
            game=BaseGame.BLOCK,
            options={
                **_LATIN,
                **_SIX_SIX,
                "target": 200,
                "capicua_bonus": 25,
                "pase_corrido_bonus": 25,
                "pase_de_salida_bonus": 50,
                "pase_de_salida_double_bonus": 25,
            },
        ),
        Preset(
            name="puerto-rican",
            aliases=("puerto-rico-500", "quinientos"),
            summary="The Puerto Rican 500: every pip counts, capicú and chuchazo 100, the first "
            "four hands won 100, 75, 50, 25.",
            game=BaseGame.BLOCK,
            options={
                **_LATIN,
                **_SIX_SIX,
                "scoring": Scoring.ALL_PIPS,
                "target": 500,
                "capicua_bonus": 100,
                "chuchazo_bonus": 100,
                "game_order_bonus": (100, 75, 50, 25),
            },
        ),
        Preset(
            name="mexican-train",
            aliases=("mexican-trains", "trains"),
            ambiguous=("trains",),
            summary="Mexican Train: double-12, the 12-12 engine set aside, a train each and "
            "the public Mexican train, doubles satisfied, lowest total after 13 hands wins.",
            game=BaseGame.DRAW,
            options=_TRAINS,
            hand_sizes=_TRAIN_SIZES,
        ),
        Preset(
            name="mexican-train-9",
            summary="Mexican Train on double-9 for small tables: 10 hands, 9 tiles each for "
            "up to four.",
            game=BaseGame.DRAW,
            options={**_TRAINS, "max_pip": 9},
            hand_sizes={2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7, 8: 6},
        ),
        Preset(
            name="mexican-train-6",
            summary="Mexican Train on double-6 for two to four: 7 hands, 9, 8 or 6 tiles each.",
            game=BaseGame.DRAW,
            options={**_TRAINS, "max_pip": 6},
            hand_sizes={2: 9, 3: 8, 4: 6},
        ),
        Preset(
            name="private-trains",
            aliases=("domino-trains",),
            summary="Private Trains: Mexican Train without the public train.",
            game=BaseGame.DRAW,
            options={**_TRAINS, "mexican_train": False},
            hand_sizes=_TRAIN_SIZES,
        ),
        Preset(
            name="chicken-foot",
            aliases=("chickenfoot",),
            summary="Chicken Foot: double-9, the root double takes four tiles, every later "
            "double three toes, 0-0 costs 50, lowest total after 10 hands wins.",
            game=BaseGame.DRAW,
            options={
                "max_pip": 9,
                "drawing": DrawRule.ONE_THEN_PASS,
                "opening": Opening.HOLDER_OF_TILE,
                "opening_tile": Tile(9, 9),
                "no_double": NoDoubleRule.REDEAL,
                "next_lead": NextLead.OPENING_RULE,
                "spinner": SpinnerRule.EVERY_DOUBLE,
                "spinner_fill": SpinnerFill.TOES_FIRST,
                "scoring": Scoring.PENALTY,
                "tile_values": TileValues.ZERO_ZERO_50,
            },
            hand_sizes={2: 9, 3: 7, 4: 7, 5: 7, 6: 7, 7: 7, 8: 6},
        ),
    )
}
"""Every preset by name, in documentation order."""

_BY_NAME: Final[dict[str, Preset]] = {
    name: preset for preset in PRESETS.values() for name in (preset.name, *preset.aliases)
}


def find_preset(name: str) -> Preset:
    """The preset with this name or alias (case and ``_``/``-``/space do not matter).

    An alias that other games go by as well (`Preset.ambiguous`, such as ``latin``) finds
    its preset with an `AmbiguousPresetWarning` that says which one it picked.

    Raises:
        UnknownPresetError: ``name`` is not a preset's name or alias, or not a string
            (a `KeyError`; its text is the plain sentence, with the closest names).
    """
    return _find_preset(name)


def _find_preset(name: str) -> Preset:
    """`find_preset`, called by a public function: its warning names that one's caller."""
    if not isinstance(name, str):
        raise UnknownPresetError(
            f"name must be a preset name (a str), got {_shown(name)}", name=name
        )
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        preset = _BY_NAME[key]
    except KeyError:
        close = difflib.get_close_matches(key, list(_BY_NAME), n=3, cutoff=0.6)
        nearest = f"; the closest names are {', '.join(close)}" if close else ""
        raise UnknownPresetError(
            f"no preset named {_shown(name)}{nearest} (Ruleset.presets() lists the "
            f"{len(PRESETS)} presets)",
            name=name,
        ) from None
    if key in preset.ambiguous:
        warnings.warn(
            f"the preset name {_shown(name)} also names other games; it picked "
            f"{preset.name!r}: {preset.summary}",
            AmbiguousPresetWarning,
            stacklevel=3,
        )
    return preset
