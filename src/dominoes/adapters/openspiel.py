"""An OpenSpiel game for any ruleset: ``pyspiel.load_game("dominoes_rules", {...})``.

Importing this module registers the Python game ``dominoes_rules`` with ``pyspiel``
(once; importing it again does nothing). Build a game from parameters (a preset name
and overrides of its main options) or straight from a `Ruleset` with `load_game` or
`DominoesGame`:

* **chance nodes** deal the hands one tile at a time (seat 0's tiles first, then seat
  1's, ...), and every draw from the boneyard is a player action (``Draw``) followed by
  a chance node whose outcomes are the tiles still in the boneyard, all equally likely;
  a chance outcome is the tile's canonical index (a train game's engine set aside
  before the deal, rule TRAIN-1, is never one);
* **player actions** are the numbers of `dominoes.codec.ActionCodec` (three per tile
  in a line, one per arm and the lead in a layout with arms, one per train and the
  engine lay in a train game, then draw, then pass, and in a train game stop); a turn
  of several plays (a train game's double or first-turn run) is several decision
  nodes of the same seat;
  forced moves (a forced draw, a pass, a confirmation of the verification round) are
  decision nodes with a single legal action; an action is taken
  as the seat to move knows it (`HandState.apply_as`: the draw names no tile, and what
  is refused never depends on a tile the seat cannot see);
* **returns** come from the `HandResult` (see `returns_from_result`); in a game that
  scores on play (docs/rules/spinner.md) the reward model is ``REWARDS``: a play that
  scores rewards its side at once, and the returns are the rewards so far; a concession
  (`HandState.concede`) is not an action, so a hand is always played out (concede on the
  engine state, ``state.hand_state.concede(seat)``, to score one outside the game);
* **observations** are `dominoes.codec.ObservationEncoder` vectors; the information
  state adds the seat's dealt hand and the whole public history (with the seat's own
  draws), so it has perfect recall. The layouts are documented on
  `DominoesGame.information_state_layout`.

Needs the ``openspiel`` extra: ``pip install "dominoes-rules[openspiel]"``.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from dominoes import sampling
from dominoes.adapters._points import most_play_points, shares
from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.deal import Deal, dealt_set, required_tiles
from dominoes.errors import ArgumentTypeError, ArgumentValueError, RulesetError
from dominoes.fields import FieldCodec, FieldKind
from dominoes.layout import Train
from dominoes.moves import DRAW, Draw, Play, Stop
from dominoes.rules import (
    RULESET_FIELDS,
    BlockDetection,
    BlockTie,
    BlockWinner,
    DominoWinner,
    DrawRule,
    FaultMode,
    NoDoubleRule,
    Opening,
    PartnerPips,
    PlayScale,
    PlayScoring,
    Ruleset,
    Scoring,
    SpinnerFill,
    SpinnerRule,
)
from dominoes.scoring import HandResult, check_result, zero_sum_returns
from dominoes.state import HandState, Observation
from dominoes.tiles import Tile, bit_indices, tile_from_index

__all__ = [
    "SHORT_NAME",
    "DominoesGame",
    "DominoesState",
    "Utility",
    "load_game",
    "max_moves",
    "returns_from_result",
    "rules_from_params",
    "rules_from_text",
    "rules_to_text",
    "utility_bound",
]

SHORT_NAME: Final = "dominoes_rules"
"""The short name the game is registered under."""

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)


class Utility(enum.Enum):
    """How a finished hand's `HandResult` becomes OpenSpiel returns (the ``utility`` parameter)."""

    ZERO_SUM = "zero_sum"
    """Each side gets its points minus the mean of the other sides' points (the sign is
    turned round under `Scoring.PENALTY`, where points count against a side). The
    returns sum to 0; with two sides a side gets ``+x`` and the other ``-x``, as in
    OpenSpiel's own dominoes games."""
    POINTS = "points"
    """Each seat gets `HandResult.points` as they are (negated under `Scoring.PENALTY`,
    so that more is always better); general-sum."""


# ------------------------------------------------------------------------ parameters
_ENUM_PARAMS: Final[dict[str, type[enum.Enum]]] = {
    "drawing": DrawRule,
    "opening": Opening,
    "no_double": NoDoubleRule,
    "domino_winner": DominoWinner,
    "block_detection": BlockDetection,
    "block_winner": BlockWinner,
    "block_tie": BlockTie,
    "scoring": Scoring,
    "partner_pips": PartnerPips,
    "spinner": SpinnerRule,
    "spinner_fill": SpinnerFill,
    "play_scoring": PlayScoring,
    "play_scale": PlayScale,
}
_INT_PARAMS: Final = ("players", "max_pip", "hand_size", "boneyard_floor", "opening_seat")
_BOOL_PARAMS: Final = ("partnership", "voluntary_draw", "stock_pips")
_BUILD_PARAMS: Final = ("players", "max_pip", "hand_size", "partnership")

_PARAMETERS: Final[dict[str, Any]] = {
    "preset": "block",
    **dict.fromkeys(_INT_PARAMS, -1),
    **dict.fromkeys(_BOOL_PARAMS, False),
    **dict.fromkeys(_ENUM_PARAMS, ""),
    "opening_tile": "",
    "round_to": -1,
    "utility": Utility.ZERO_SUM.value,
    "rules": "",
}

_GAME_TYPE_ARGS: Final[dict[str, Any]] = {
    "short_name": SHORT_NAME,
    "long_name": "Dominoes (dominoes-rules, any ruleset)",
    "dynamics": pyspiel.GameType.Dynamics.SEQUENTIAL,
    "chance_mode": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    "information": pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    "reward_model": pyspiel.GameType.RewardModel.TERMINAL,
    "max_num_players": 12,
    "min_num_players": 2,
    "provides_information_state_string": True,
    "provides_information_state_tensor": True,
    "provides_observation_string": True,
    "provides_observation_tensor": True,
    "parameter_specification": _PARAMETERS,
}


def _game_type(utility: Utility, rewards: bool = False) -> Any:
    """The game type; with ``rewards`` (a game that scores on play), rewards are given
    at every step rather than at the end only."""
    kind = (
        pyspiel.GameType.Utility.ZERO_SUM
        if utility is Utility.ZERO_SUM
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    args = dict(_GAME_TYPE_ARGS)
    if rewards:
        args["reward_model"] = pyspiel.GameType.RewardModel.REWARDS
    return pyspiel.GameType(utility=kind, **args)


# ------------------------------------------------------------------ ruleset as text
def rules_to_text(rules: Ruleset) -> str:
    """A ruleset as one game-parameter string: ``name:value`` pairs joined by ``;``.

    Only ``players``, ``hand_size`` and the fields that differ from `Ruleset`'s defaults
    are written; `rules_from_text` reads it back.

    >>> rules_to_text(Ruleset.preset("openspiel-block"))
    'players:2;hand_size:7;opening:seat_any_tile;domino_winner:lowest_total;block_detection:immediate;hands_limit:1'

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`.
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {rules!r}", argument="rules")
    out = []
    for field in attrs.fields(Ruleset):
        value = getattr(rules, field.name)
        if field.default is not attrs.NOTHING and value == field.default:
            continue
        out.append(f"{field.name}:{RULESET_FIELDS[field.name].to_text(value)}")
    return ";".join(out)


def rules_from_text(text: str) -> Ruleset:
    """The ruleset a `rules_to_text` string describes.

    Each value is read as ``--set`` reads it (`dominoes.fields.FieldCodec.from_text`).

    Raises:
        RulesetError: the text is malformed, names no `Ruleset` field, or gives a
            value that does not fit the field (the error names the field).
    """
    if not isinstance(text, str):
        raise RulesetError(f"text must be a rules_to_text string, got {text!r}", fields=("rules",))
    options: dict[str, Any] = {}
    for item in text.split(";"):
        name, sep, raw = item.strip().partition(":")
        name, raw = name.strip(), raw.strip()
        if not sep or name not in RULESET_FIELDS:
            raise RulesetError(
                f"rules: {item.strip()!r} is not 'field:value' with a Ruleset field",
                fields=(name or "rules",),
            )
        options[name] = RULESET_FIELDS[name].from_text(raw)
    for name in ("players", "hand_size"):
        if name not in options:
            raise RulesetError(f"rules: {name} is missing", fields=(name,))
    return Ruleset(**options)


_UTILITY: Final = FieldCodec(name="utility", kind=FieldKind.CHOICE, choices=Utility)


def rules_from_params(params: Mapping[str, Any]) -> tuple[Ruleset, Utility]:
    """The ruleset and utility a game's parameters select (see the module's docs page).

    ``rules`` (a `rules_to_text` string), when given, is the whole ruleset and no other
    ruleset parameter may be given with it. Otherwise the ruleset is
    ``Ruleset.preset(preset, players=..., max_pip=..., hand_size=..., partnership=...)``
    with the given enum, integer and boolean options applied on top. An integer ``-1``
    or an empty string keeps the preset's choice; a boolean ``True`` switches the rule
    on, ``False`` keeps the preset's choice.

    Raises:
        RulesetError: an unknown parameter, a value of the wrong type, an unknown enum
            value, an impossible ruleset, or one this adapter does not support (tolerant
            fault mode); the error names the field.
        UnknownPresetError: no preset has the name given as ``preset`` (a `KeyError`).
    """
    if not isinstance(params, Mapping):
        raise ArgumentTypeError(
            f"params must be a mapping of game parameters, got {params!r}", argument="params"
        )
    unknown = sorted(set(params) - set(_PARAMETERS))
    if unknown:
        verb = "is not a game parameter" if len(unknown) == 1 else "are not game parameters"
        raise RulesetError(f"{', '.join(unknown)} {verb} of {SHORT_NAME}", fields=tuple(unknown))
    values = {**_PARAMETERS, **params}
    for name, default in _PARAMETERS.items():
        if type(values[name]) is not type(default):
            raise RulesetError(
                f"game parameter {name} must be a {type(default).__name__}, got {values[name]!r}",
                fields=(name,),
            )
    utility = _UTILITY.from_text(values["utility"])
    given = {n for n in _PARAMETERS if n not in ("preset", "utility", "rules")}
    given = {n for n in given if values[n] != _PARAMETERS[n]}
    if values["rules"]:
        if given:
            raise RulesetError(
                "the rules parameter is a whole ruleset; do not give "
                f"{', '.join(sorted(given))} with it",
                fields=("rules", *sorted(given)),
            )
        rules = rules_from_text(values["rules"])
    else:
        build = {n: values[n] for n in _BUILD_PARAMS if n in given}
        rules = Ruleset.preset(values["preset"], **build)  # UnknownPresetError if none
        changes: dict[str, Any] = {}
        for name in given - set(_BUILD_PARAMS):
            value = values[name]
            if name in _ENUM_PARAMS:
                value = RULESET_FIELDS[name].from_text(value)
            changes[name] = value
        if "opening" in changes and changes["opening"] is not Opening.HOLDER_OF_TILE:
            changes.setdefault("opening_tile", None)
        rules = attrs.evolve(rules, **changes)
    check_supported(rules)
    return rules, utility


def check_supported(rules: Ruleset) -> None:
    """Refuse the rulesets the adapter cannot play.

    Only `FaultMode.STRICT` is supported: an OpenSpiel game offers legal actions only,
    so a fault could never be committed.

    Raises:
        RulesetError: the ruleset uses tolerant fault mode (field ``faults``).
    """
    if rules.faults is not FaultMode.STRICT:
        raise RulesetError(
            "the OpenSpiel adapter offers legal actions only, so faults cannot happen; "
            "use faults=FaultMode.STRICT",
            fields=("faults",),
        )


# ----------------------------------------------------------------------- game sizes
def _check_rules(rules: object) -> None:
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {rules!r}", argument="rules")


def _set_size(rules: Ruleset) -> int:
    return rules.tile_set.size


def _dealt_size(rules: Ruleset) -> int:
    """The tiles of the deal, hands and boneyard: the set, but for a train game's engine
    set aside (rule TRAIN-1)."""
    return dealt_set(rules).bit_count()


def _max_draws(rules: Ruleset) -> int:
    if rules.drawing is DrawRule.NONE:
        return 0
    return _dealt_size(rules) - rules.players * rules.hand_size - rules.boneyard_floor


def max_moves(rules: Ruleset) -> int:
    """An upper bound on the player moves (decision nodes) of a hand.

    Plays are at most the tiles that can reach a hand; draws at most the drawable
    boneyard; passes at most ``players - 1`` between two plays and ``players`` after the
    last one, plus (draw one then pass) one per draw.

    In a train game (docs/rules/trains.md) a pass follows a draw in its turn while the
    boneyard can be drawn from; after that, ``players`` passes in a row end the hand,
    counted again from each play, draw, new marker and lifted double (TRAIN-9). New
    markers are at most ``players`` plus one per play (a marker comes off only by a
    play), lifted doubles at most one per play; a seat stops a first-turn run once.

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`.
    """
    _check_rules(rules)
    draws = _max_draws(rules)
    players = rules.players
    plays = min(_dealt_size(rules), players * rules.hand_size + draws)
    if rules.trains:
        resets = plays + draws + (players + plays) + plays  # plays, draws, renewals
        return plays + draws + players + draws + players * (resets + 1)
    passes = (players - 1) * plays + 1
    if rules.drawing is DrawRule.ONE_THEN_PASS:
        passes += draws
    return plays + draws + passes


def utility_bound(rules: Ruleset) -> int:
    """An upper bound on the points (or penalty points) one side can score in a hand.

    The sum of the heaviest ``k`` tiles of the set (by `Ruleset.tile_values`, rule
    TRAIN-10), ``k`` being the most tiles whose
    pips can count for one side (the opponents' hands, every hand, or the side's own,
    by scoring rule; the boneyard too with ``stock_pips``), plus the rounding slack,
    plus in a game that scores on play (rules PLAY-1 to PLAY-3) what a play can score
    at most times the tiles of the set.

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`.
    """
    _check_rules(rules)
    n = _set_size(rules)
    cap = rules.hand_size + _max_draws(rules)
    side = 2 if rules.partnership else 1
    if rules.scoring is Scoring.PENALTY:
        seats = side
    elif rules.scoring is Scoring.ALL_PIPS or rules.partner_pips is PartnerPips.ADD:
        seats = rules.players
    else:
        seats = rules.players - side
    counted = seats * cap
    if rules.stock_pips and rules.scoring is not Scoring.PENALTY:
        counted += n - rules.players * rules.hand_size
    heaviest = sorted((rules.tile_values.of(tile_from_index(i)) for i in range(n)), reverse=True)
    bound = sum(heaviest[: min(n - 1, counted)])
    if rules.round_to > 1 and rules.scoring is not Scoring.PENALTY:
        bound += rules.round_to // 2
    # POINTS-7: a fixed score may exceed every pip count
    return max(bound, rules.fixed_points) + most_play_points(rules)


def returns_from_result(
    rules: Ruleset, result: HandResult, utility: Utility = Utility.ZERO_SUM
) -> list[float]:
    """The OpenSpiel returns of a finished hand, per seat.

    `Utility.ZERO_SUM`: a seat gets its side's points minus the mean of the other
    sides' points (the negative of that under `Scoring.PENALTY`). `Utility.POINTS`:
    `HandResult.points` (negated under `Scoring.PENALTY`).

    >>> from dominoes import Ending
    >>> rules = Ruleset.preset("openspiel-team")
    >>> result = HandResult(ending=Ending.BLOCKED, winners=(1, 3), pips=(5, 10, 13, 0),
    ...                     points=(0, 18, 0, 18))
    >>> returns_from_result(rules, result)
    [-18.0, 18.0, -18.0, 18.0]

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset` or ``result`` not a `HandResult`.
        ArgumentValueError: ``result`` does not score one entry per seat of ``rules``.
    """
    check_result(rules, result)
    sign = -1 if rules.scoring is Scoring.PENALTY else 1
    points = result.points
    if utility is Utility.POINTS:
        return [float(sign * p) for p in points]
    return list(zero_sum_returns(rules, result))


# ------------------------------------------------------------------------- the game
_KIND_LEAD, _KIND_LEFT = range(2)  # then one kind per arm, draw and pass (and stop)


class DominoesGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one hand under a ruleset.

    ``DominoesGame(rules)`` takes a `Ruleset` (and optionally a `Utility`);
    ``DominoesGame(params)`` takes a dict of game parameters, which is what
    ``pyspiel.load_game("dominoes_rules", params)`` does (a `Utility` given with them
    is their ``utility`` parameter).

    Raises:
        RulesetError: the parameters or ruleset are bad or unsupported
            (see `rules_from_params` and `check_supported`), or ``utility`` is given
            both as an argument and as a different game parameter.
        UnknownPresetError: no preset has the name given as ``preset`` (a `KeyError`).
        ArgumentTypeError: ``params`` is neither a `Ruleset` nor a mapping, or
            ``utility`` is neither a `Utility` nor a string.
        ArgumentValueError: ``utility`` names no `Utility`.
    """

    def __init__(
        self,
        params: Ruleset | Mapping[str, Any] | None = None,
        utility: Utility | str = Utility.ZERO_SUM,
    ) -> None:
        asked = _utility_argument(utility)
        if isinstance(params, Ruleset):
            check_supported(params)
            rules = params
            util = asked
            given: dict[str, Any] = {"rules": rules_to_text(rules)}
            if util is not Utility.ZERO_SUM:
                given["utility"] = util.value
        else:
            if params is not None and not isinstance(params, Mapping):
                raise ArgumentTypeError(
                    f"params must be a Ruleset or a mapping of game parameters, got {params!r}",
                    argument="params",
                )
            given = {
                k: v
                for k, v in dict(params or {}).items()
                if k not in _PARAMETERS
                or type(v) is not type(_PARAMETERS[k])
                or v != _PARAMETERS[k]
            }
            if asked is not Utility.ZERO_SUM:
                given.setdefault("utility", asked.value)
            rules, util = rules_from_params(given)
            if asked is not Utility.ZERO_SUM and util is not asked:
                raise RulesetError(
                    f"utility is given twice, as {asked.value} and as the game parameter "
                    f"{given['utility']!r}",
                    fields=("utility",),
                )
        self.rules: Ruleset = rules
        """The ruleset of the hand."""
        self.utility: Utility = util
        """How results become returns."""
        self.codec: ActionCodec = ActionCodec(rules)
        """The action numbering."""
        self.encoder: ObservationEncoder = ObservationEncoder(rules)
        """The observation encoding."""
        self.tiles: int = _set_size(rules)
        """The number of tiles in the set."""
        self.max_moves: int = max_moves(rules)
        """The most player moves a hand can take (the history slots of the info state)."""
        self.dealt: int = rules.players * rules.hand_size
        """The number of tiles dealt (the deal's chance nodes)."""
        self._chance_nodes = self.dealt + _max_draws(rules)
        # the kinds of move: lead, one per arm (or train), draw, pass, and stop in a
        # train game
        self._kinds = self.codec.arms + 3 + (self.codec.stop_action is not None)
        self._kind_of = {end: _KIND_LEFT + k for k, end in enumerate(self.codec.ends)}
        self._slot = rules.players + self._kinds + 2 * (rules.max_pip + 1)
        self._on_play = rules.play_scoring is not PlayScoring.NONE
        self._no_rewards = [0.0] * rules.players
        self._wanted = _redeal_wanted(rules)
        self._wanted_mask = sum(1 << i for i in self._wanted)
        self._no_hands: tuple[tuple[int, ...], ...] = tuple(() for _ in range(rules.players))
        self._set = rules.tile_set.tiles  # the interned tiles, by index
        # the uniform chance outcomes with k tiles dealt or drawn, (tile, 1 / tiles left),
        # built when first asked (the sets up to double-12; larger ones build them anew)
        self._uniform: list[tuple[tuple[int, float], ...] | None] = [None] * self.tiles
        self._hand_size = rules.hand_size
        self._full = (1 << self.tiles) - 1
        # the tiles no deal holds (a train game's engine set aside, TRAIN-1): held from
        # the start, never a chance outcome
        self._aside = self._full ^ dealt_set(rules)
        self._initial_cache = _Cache(game=self, player=_CHANCE)
        bound = utility_bound(rules)
        if util is Utility.ZERO_SUM:
            low, high, total = -bound, bound, 0.0
        elif rules.scoring is Scoring.PENALTY:
            low, high, total = -bound, 0, None
        else:
            low, high, total = 0, bound, None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=self.tiles,
            num_players=rules.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=total,
            max_game_length=self.max_moves,
        )
        super().__init__(_game_type(util, self._on_play), info, given)

    def new_initial_state(self) -> DominoesState:
        """The state before the deal."""
        return DominoesState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes a hand can pass through: the deal and every draw."""
        return self._chance_nodes

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """The observer OpenSpiel uses for observations and information states.

        A perfect-recall observation type gives the information state; any other
        gives the observation.

        Raises:
            ArgumentValueError: observer parameters were given (none are supported).
        """
        if params:
            raise ArgumentValueError(
                f"params must be empty, since the observer takes no parameters; got {params}",
                argument="params",
            )
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, perfect)

    def information_state_layout(self) -> list[tuple[str, int]]:
        """The pieces of the information-state tensor, in order, with their sizes.

        1. ``observation``: the observation vector (`ObservationEncoder`);
        2. ``dealt``: one value per tile, 1 where the seat was dealt it;
        3. ``history``: `max_moves` slots, one per move so far, oldest first (unused
           slots are 0); a slot is the mover's seat one-hot (``players`` values), the
           kind of move one-hot (lead, left end, right end, draw, pass; with ``K``
           arms, `ActionCodec.arms`: lead, each arm in `End` order, draw, pass, so
           ``K + 3`` values; in a train game, lead (the engine), each train in
           `ActionCodec.ends` order, draw, pass, stop: ``K + 4`` values), then the
           tile as a one-hot of its low value and a one-hot of its high value
           (``max_pip + 1`` values each): set for plays and for the observing seat's
           own draws, 0 for another seat's draw, for a pass and for a stop.
        """
        return [
            ("observation", self.encoder.size),
            ("dealt", self.tiles),
            ("history", self.max_moves * self._slot),
        ]


def load_game(
    rules: Ruleset | str | None = None, utility: Utility | str = Utility.ZERO_SUM, **params: Any
) -> DominoesGame:
    """The game for a `Ruleset`, or for a preset name with parameter overrides.

    >>> game = load_game(Ruleset.preset("openspiel-block"))
    >>> game.num_players(), game.num_distinct_actions(), game.max_utility()
    (2, 86, 69.0)
    >>> load_game("draw", players=3).rules.hand_size
    5

    Raises:
        RulesetError: game parameters are given with a `Ruleset`, or as `DominoesGame`.
        UnknownPresetError: no preset has the name ``rules`` (a `KeyError`).
        ArgumentTypeError: ``rules`` is neither a `Ruleset`, a string nor ``None``, or
            as `DominoesGame`.
        ArgumentValueError: as `DominoesGame`.
    """
    if isinstance(rules, Ruleset):
        if params:
            names = ", ".join(sorted(params))
            raise RulesetError(
                f"{names} cannot be given with a Ruleset, which is the whole ruleset "
                "(change the Ruleset instead)",
                fields=tuple(sorted(params)),
            )
        return DominoesGame(rules, utility)
    if rules is not None and not isinstance(rules, str):
        raise ArgumentTypeError(
            f"rules must be a Ruleset, a preset name or None, got {rules!r}", argument="rules"
        )
    if rules is not None:
        params["preset"] = rules
    return DominoesGame(params, utility)


def _utility_argument(utility: object) -> Utility:
    """The `Utility` a Python argument names (its member, value or name)."""
    if isinstance(utility, Utility):
        return utility
    if not isinstance(utility, str):
        raise ArgumentTypeError(
            f"utility must be a Utility or its value, got {utility!r}", argument="utility"
        )
    for member in Utility:
        if utility.lower() in (member.value, member.name.lower()):
            return member
    allowed = ", ".join(m.value for m in Utility)
    raise ArgumentValueError(
        f"utility must be one of {allowed}, got {utility!r}", argument="utility"
    )


def _redeal_wanted(rules: Ruleset) -> frozenset[int]:
    """The tiles of which one must be dealt (rule LEAD-4, redeal), or an empty set."""
    mask = required_tiles(rules)
    return frozenset() if mask is None else frozenset(bit_indices(mask))


# ------------------------------------------------------------------------ the state
_KEPT_OUTCOMES: Final = 91
"""The largest set (double-12) whose uniform chance outcomes a game keeps once built."""


class _Cache:
    """The engine state of an OpenSpiel state: shared by clones, never pickled.

    Everything in it is a function of the state's plain attributes; a change of those
    replaces the cache object, so sharing it between clones is safe.
    """

    __slots__ = ("game", "legal", "player", "state", "vectors")

    def __init__(
        self,
        state: HandState | None = None,
        game: DominoesGame | None = None,
        player: int | None = None,
    ) -> None:
        self.game = game  # the state's game, kept to spare a get_game() call per access
        self.state = state
        self.vectors: dict[int, Any] = {}  # per seat, its observation vector (numpy)
        self.legal: list[int] | None = None
        # the player to move (OpenSpiel's id), or None until current_player computes it
        self.player = player

    def __deepcopy__(self, memo: dict[int, Any]) -> _Cache:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Cache, ())


class DominoesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: the deal so far, the draws and the moves, over a `HandState`.

    Its attributes are plain data (the tiles dealt to each seat, the tiles drawn in
    order, the player actions), so ``clone`` and ``serialize`` work as for every Python
    game; the engine state is rebuilt from them when needed.
    """

    def __init__(self, game: DominoesGame) -> None:
        if not isinstance(game, DominoesGame):
            raise ArgumentTypeError(f"game must be a DominoesGame, got {game!r}", argument="game")
        super().__init__(game)
        self._dealt: tuple[tuple[int, ...], ...] = game._no_hands
        self._to_deal = game.dealt  # the tiles of the deal still to come (a count of _dealt)
        # a bitmask of the tiles dealt and drawn (of _dealt and _drawn), and set aside
        self._held = game._aside
        self._drawn: tuple[int, ...] = ()
        self._actions: tuple[int, ...] = ()
        self._draw_pending = False
        self._rewards: list[float] = game._no_rewards  # of the last action (scored on play)
        # every initial state of the game shares one cache (what it holds, the
        # observation vectors before the deal, is the same for all of them)
        self._cache = game._initial_cache

    # ------------------------------------------------------------ engine access
    @property
    def _g(self) -> DominoesGame:
        cache = self._cache
        game = cache.game
        if game is None:
            game = cache.game = self.get_game()
        return game

    @property
    def hand_state(self) -> HandState | None:
        """The engine state, or ``None`` while the hand is being dealt.

        During a draw's chance node it is the state before the draw.
        """
        if self._dealing():
            return None
        cached = self._cache.state
        if cached is None:
            cached = self._cache.state = self._replay()
        return cached

    def _dealing(self) -> bool:
        return self._to_deal > 0

    def _replay(self, extra: int | None = None) -> HandState:
        game = self._g
        tiles = game._set
        drawn = self._drawn if extra is None else (*self._drawn, extra)
        held = self._held if extra is None else self._held | 1 << extra
        deal = Deal(
            hands=[[tiles[i] for i in hand] for hand in self._dealt],
            boneyard=[tiles[i] for i in (*drawn, *bit_indices(game._full ^ held))],
        )
        state = HandState.start(game.rules, deal)
        decode = game.codec.decode
        for action in self._actions:
            state = state.apply(decode(action))
        return state

    def _hs(self) -> HandState:
        state = self.hand_state
        assert state is not None
        return state

    # ------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player id."""
        cache = self._cache
        player = cache.player
        if player is None:
            if self._to_deal or self._draw_pending:
                player = _CHANCE
            else:
                state = cache.state or self._hs()
                player = _TERMINAL if state.is_over else state.turn
            cache.player = player
        return player

    def _legal_actions(self, player: int) -> list[int]:
        cache = self._cache
        if cache.legal is None:
            cache.legal = self._g.codec.legal_actions(self._hs())
        return cache.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes (tile indices) and their probabilities."""
        game = self._g
        held = self._held
        if self._draw_pending or not game._wanted_mask or game._wanted_mask & held:
            k = held.bit_count()
            pairs = game._uniform[k]
            if pairs is None:
                pairs = tuple((i, 1.0 / (game.tiles - k)) for i in range(game.tiles))
                if game.tiles <= _KEPT_OUTCOMES:
                    game._uniform[k] = pairs
            return [pairs[i] for i in range(game.tiles) if not held >> i & 1]
        left = [i for i in range(game.tiles) if not held >> i & 1]
        # LEAD-4 (redeal): deal conditioned on an opening tile being dealt, which is
        # the distribution of dealing again until one is (TRAIN-1: the engine double)
        k = game.dealt - (held ^ game._aside).bit_count()
        r = len(left)
        w = len(game._wanted)
        total = math.perm(r, k) - math.perm(r - w, k)
        out = []
        for i in left:
            count = math.perm(r - 1, k - 1)
            if i not in game._wanted:
                count -= math.perm(r - 1 - w, k - 1)
            if count:
                out.append((i, float(Fraction(count, total))))
        return out

    def _apply_action(self, action: int) -> None:
        """Apply a chance outcome, or the move of the seat to move *as it knows it*
        (`HandState.apply_as`): the draw action is ``Draw()``, which names no tile (the
        tile is the next chance outcome), and what is refused never depends on a tile
        the seat cannot see.

        Raises:
            ArgumentValueError: at a chance node, ``action`` is not one of the outcomes.
            IllegalMoveError: the seat to move may not make the move.
        """
        game = self._g
        if self._to_deal or self._draw_pending:
            if (
                type(action) is not int
                or not 0 <= action < game.tiles
                or self._held >> action & 1
                or game._wanted
            ):
                self._check_outcome(action)  # refuses what chance_outcomes does not offer
            self._held |= 1 << action
        if self._to_deal:
            seat = (game.dealt - self._to_deal) // game._hand_size  # seat by seat
            hands = list(self._dealt)
            hands[seat] = (*hands[seat], action)
            self._dealt = tuple(hands)
            self._to_deal -= 1
            self._cache = _Cache(game=game, player=_CHANCE if self._to_deal else None)
            return
        state = self._hs()
        if self._draw_pending:
            if state.boneyard and state.boneyard[0].index == action:
                new = state.apply(DRAW)
            else:
                new = self._replay(extra=action).apply(DRAW)
            self._drawn = (*self._drawn, action)
            self._actions = (*self._actions, game.codec.draw_action)
            self._draw_pending = False
            self._cache = _Cache(new, game, _TERMINAL if new.is_over else new.turn)
            if game._on_play:
                self._rewards = _gained(game, state, new)
            return
        move = game.codec.decode(action)
        if isinstance(move, Draw):
            state.check_as(state.turn, move)
            self._draw_pending = True
            self._rewards = game._no_rewards
            # the same engine state (and so the same observations), now a chance node
            old = self._cache
            self._cache = _Cache(state, game, _CHANCE)
            self._cache.vectors = old.vectors
            return
        legal = self._cache.legal
        if legal is not None and action in legal:
            after = state.apply(move)  # a legal move: what apply_as would do, unchecked
        else:
            after = state.apply_as(state.turn, move)
        self._actions = (*self._actions, action)
        self._cache = _Cache(after, game, _TERMINAL if after.is_over else after.turn)
        if game._on_play:
            self._rewards = _gained(game, state, after)

    def _check_outcome(self, action: int) -> None:
        """Refuse a chance outcome that `chance_outcomes` does not offer."""
        game = self._g
        if (
            type(action) is not int
            or not 0 <= action < game.tiles
            or self._held >> action & 1
            or (
                game._wanted
                and self._dealing()
                and not any(action == outcome for outcome, _ in self.chance_outcomes())
            )
        ):
            what = "draw" if self._draw_pending else "deal"
            raise ArgumentValueError(
                f"action {action!r} is not a chance outcome of this {what}: it must be the "
                "index of a tile not dealt or drawn yet",
                argument="action",
            )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"{'draw' if self._draw_pending else 'deal'} {tile_from_index(action)}"
        return f"{player}: {self._g.codec.decode(action)}"

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        player = self._cache.player
        if player is None:
            player = self.current_player()
        return player == _TERMINAL

    def returns(self) -> list[float]:
        """The returns per seat: 0 until the hand is over, then `returns_from_result`.

        In a game that scores on play (rules PLAY-1 to PLAY-3), before the end, what
        the points the plays have scored so far pay (as `returns_from_result` would pay
        them): the sum of the `rewards` so far.
        """
        game = self._g
        state = self.hand_state
        if state is None:
            return [0.0] * game.rules.players
        if not state.is_over:
            if game._on_play:
                return [float(x) for x in _paid(game, state)]
            return [0.0] * game.rules.players
        result = state.result
        assert result is not None
        return returns_from_result(game.rules, result, game.utility)

    def rewards(self) -> list[float]:
        """The rewards of the last action, per seat: in a game that scores on play, what
        a play scored (its side's share of it), and on the move that ends the hand the
        rest of the returns; in other games OpenSpiel's own for a terminal reward model
        (0 until the end, then the returns)."""
        if not self._g._on_play:
            rewards: list[float] = super().rewards()  # OpenSpiel's: the returns at the end
            return rewards
        return list(self._rewards)

    def result(self) -> HandResult | None:
        """The `HandResult` once the hand is over, else ``None``."""
        state = self.hand_state
        return None if state is None else state.result

    def observation_of(self, seat: int) -> Observation | None:
        """What ``seat`` knows (``None`` while dealing).

        Raises:
            ArgumentValueError: ``seat`` is not a seat at the table.
        """
        players = self._g.rules.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ArgumentValueError(
                f"seat must be a seat at the table, 0 to {players - 1}; got {seat!r}",
                argument="seat",
            )
        state = self.hand_state
        return None if state is None else state.observation(seat)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> DominoesState:
        """A state drawn uniformly among those ``player`` cannot tell from this one.

        Used by OpenSpiel's Python ``ISMCTSBot``. The deal and every draw are drawn
        with `sampling.sample_deal`, exactly uniformly. ``sampler`` (OpenSpiel's
        probability sampler, or any callable returning a float in ``[0, 1)``) seeds
        the generator when given.

        Raises:
            ArgumentValueError: ``player`` is not a seat at the table.
        """
        seed = None if sampler is None else int(sampler() * 2**53)
        return _resample(self, player, random.Random(seed))

    def __str__(self) -> str:
        game = self._g
        state = self.hand_state
        if state is None:
            dealt = " | ".join(" ".join(str(tile_from_index(i)) for i in h) for h in self._dealt)
            return f"dealing: {dealt}"
        hands = " | ".join(" ".join(str(t) for t in h) or "-" for h in state.hands)
        layout = state.layout
        if game.rules.trains:
            line = f"{layout.hub or '-'} " + " ".join(_train_text(t) for t in layout.trains)
        else:
            line = " ".join(f"{a}|{b}" for a, b in layout.line)
        moves = " ".join(f"{s.seat}:{s.move}" for s in state.history)
        text = f"hands: {hands}\nline: {line}\nboneyard: {len(state.boneyard)}\nmoves: {moves}"
        if self._draw_pending:
            text += f"\n{state.turn} is drawing"
        if state.is_over:
            result = state.result
            assert result is not None
            text += f"\nresult: {result.ending.value} points {list(result.points)}"
            text += f" returns {returns_from_result(game.rules, result, game.utility)}"
        return text


# ------------------------------------------------------------------- observations
class _Observer:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: DominoesGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        pieces = (
            game.information_state_layout()
            if perfect_recall
            else [("observation", game.encoder.size)]
        )
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        k = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[k : k + size]
            k += size

    def set_from(self, state: DominoesState, player: int) -> None:
        game = self.game
        # the observation vector, once per state and seat (kept in the state's cache)
        vectors = state._cache.vectors
        vector = vectors.get(player)
        if vector is None:
            vector = np.zeros(game.encoder.size, np.float32)
            hs = state.hand_state
            if hs is None:
                _deal_observation(game, state, player, vector)
            else:
                game.encoder.write_state(vector, hs, player)
            vectors[player] = vector
        if not self.perfect_recall:
            self.tensor[:] = vector  # the tensor is the observation vector
            return
        self.tensor.fill(0.0)
        self.dict["observation"][:] = vector
        hs = state.hand_state
        for i in state._dealt[player]:
            self.dict["dealt"][i] = 1.0
        if hs is None:
            return
        history = self.dict["history"]
        m = game.rules.max_pip + 1
        p = game.rules.players
        kinds = game._kinds  # lead, each arm (left, right, ...), draw, pass (, stop)
        draw = game.codec.arms + 1
        for k, step in enumerate(hs.history):
            base = k * game._slot
            history[base + step.seat] = 1.0
            move = step.move
            tile: Tile | None = None
            if isinstance(move, Play):
                kind = _KIND_LEAD if move.end is None else game._kind_of[move.end]
                tile = move.tile
            elif isinstance(move, Draw):
                kind = draw
                tile = move.tile if step.seat == player else None
            else:
                kind = draw + 2 if isinstance(move, Stop) else draw + 1
            history[base + p + kind] = 1.0
            if tile is not None:
                history[base + p + kinds + tile.low] = 1.0
                history[base + p + kinds + m + tile.high] = 1.0

    def string_from(self, state: DominoesState, player: int) -> str:
        hs = state.hand_state
        dealt = " ".join(str(tile_from_index(i)) for i in sorted(state._dealt[player]))
        if hs is None:
            return f"seat {player} dealing: {dealt}"
        obs = hs.observation(player)
        hand = " ".join(str(t) for t in obs.hand) or "-"
        sizes = " ".join(str(n) for n in obs.hand_sizes)
        if obs.rules.trains:
            text = f"seat {player} hand: {hand} hub: {obs.hub or '-'} sizes: {sizes}"
            text += "".join(f" {_train_text(train)}" for train in obs.trains)
        else:
            text = f"seat {player} hand: {hand} line: {_pairs(obs.line)} sizes: {sizes}"
        if obs.arms:  # a layout with arms: each arm beyond the line, the open ends
            text += "".join(f" {a.end.name.lower()}: {_pairs(a.tiles)}" for a in obs.arms[2:])
            ends = " ".join(f"{end.name.lower()}={value}" for end, value in obs.layout.open_ends)
            text += f" ends: {ends or '-'}"
        if self.game._on_play:
            text += f" points: {' '.join(str(p) for p in obs.play_points)}"
        text += f" boneyard: {obs.boneyard_size} turn: {obs.turn}"
        if obs.round is not None:
            text += f" round: {obs.round[0]}+{obs.round[1]}"
        if self.perfect_recall:
            moves = " ".join(f"{s.seat}:{s.move}" for s in obs.history)
            text += f" dealt: {dealt} moves: {moves}"
        else:
            last = obs.history[-1] if obs.history else None
            if last is not None:
                text += f" last: {last.seat}:{last.move}"
        if state._draw_pending:
            text += " drawing"
        if obs.ending is not None:
            text += f" over: {obs.ending.value}"
        return text


def _pairs(pairs: Sequence[tuple[int, int]]) -> str:
    """Oriented pairs as text: ``6|6 6|3``, or ``-`` for none."""
    return " ".join(f"{a}|{b}" for a, b in pairs) or "-"


def _train_text(train: Train) -> str:
    """A train as text: ``t0: 6|3 3|3 *`` (``*``: it carries a marker)."""
    return f"{train.end.token.lower()}: {_pairs(train.tiles)}{' *' if train.marked else ''}"


def _paid(game: DominoesGame, state: HandState) -> tuple[Fraction, ...]:
    """What a hand of a game that scores on play pays per seat so far, exactly: the
    returns of its result once over, before that those of its play points."""
    result = state.result
    points = state.play_points if result is None else result.points
    zero_sum = game.utility is Utility.ZERO_SUM
    paid = shares(game.rules, points, zero_sum)
    if not zero_sum and game.rules.scoring is Scoring.PENALTY:
        return tuple(-x for x in paid)
    return paid


def _gained(game: DominoesGame, before: HandState, after: HandState) -> list[float]:
    """The rewards of the action that took a game that scores on play from ``before``
    to ``after``."""
    if not after.is_over and after.play_points == before.play_points:
        return game._no_rewards  # (most moves score nothing)
    return [float(b - a) for a, b in zip(_paid(game, before), _paid(game, after), strict=True)]


def _deal_observation(game: DominoesGame, state: DominoesState, seat: int, out: Any) -> None:
    """The observation vector while dealing: own tiles so far, empty table, no turn (and
    in a layout with arms, no arm on the table)."""
    sections = game.encoder.sections()
    parts = {section.name: section for section in sections}
    hand, sizes, boneyard = parts["hand"], parts["hand_sizes"], parts["boneyard"]
    if "arm_ends" in parts:
        ends, size = parts["arm_ends"], game.rules.max_pip + 2
        for k in range(size - 1, ends.size, size):
            out[ends.offset + k] = 1.0
    for i in state._dealt[seat]:
        out[hand.offset + i] = 1.0
    # no tile laid yet: the last value of each end (of the hub in a train game)
    for name in ("left", "right", "hub"):
        if name in parts:
            out[parts[name].stop - 1] = 1.0
    if "owed" in parts:  # a train game: a turn of its own is owed
        out[parts["owed"].offset] = 1.0
        out[parts["gate"].stop - 1] = 1.0
    dealt = 0
    for s, tiles in enumerate(state._dealt):
        out[sizes.offset + s] = float(len(tiles))
        dealt += len(tiles)
    out[boneyard.offset] = float(_dealt_size(game.rules) - dealt)
    out[parts["seat"].offset + seat] = 1.0


# ------------------------------------------------------------------- resampling
def _resample(state: DominoesState, player: int, rng: random.Random) -> DominoesState:
    """A state ``player`` cannot tell from ``state``, uniformly among them.

    `sampling.sample_deal` draws the deal (hands as dealt, the draws in order)
    uniformly among those consistent with what the seat saw; the player's own tiles
    keep the order they were dealt in.
    """
    game = state._g
    rules = game.rules
    if type(player) is not int or not 0 <= player < rules.players:
        raise ArgumentValueError(
            f"player must be a seat at the table, 0 to {rules.players - 1}; got {player!r}",
            argument="player",
        )
    hs = state.hand_state
    if hs is None:
        return _resample_deal(state, player, rng)
    if hs.is_over:
        return state.clone()  # type: ignore[no-any-return]
    deal = sampling.sample_deal(hs.observation(player), rng)
    steps = hs.history
    draws = sum(1 for step in steps if isinstance(step.move, Draw))
    hands = [
        list(state._dealt[seat]) if seat == player else [t.index for t in hand]
        for seat, hand in enumerate(deal.hands)
    ]
    return _build(state, hands, [t.index for t in deal.boneyard[:draws]], steps)


def _build(
    state: DominoesState,
    hands: list[list[int]],
    order: list[int],
    steps: Sequence[Any],
) -> DominoesState:
    """The OpenSpiel state with this deal and these draws (in draw order), through
    which the moves of ``steps`` are made again."""
    game = state._g
    new: DominoesState = game.new_initial_state()
    for hand in hands:
        for i in hand:
            new.apply_action(i)
    draws = iter(order)
    codec = game.codec
    for step in steps:
        if isinstance(step.move, Draw):
            new.apply_action(codec.draw_action)
            new.apply_action(next(draws))
        else:
            new.apply_action(codec.encode(step.move))
    if state._draw_pending:
        new.apply_action(codec.draw_action)
    return new


def _resample_deal(state: DominoesState, player: int, rng: random.Random) -> DominoesState:
    """While dealing: the other seats' tiles so far, drawn uniformly from the unseen ones.

    Under LEAD-4 (redeal) the deal so far is unconstrained until it is complete, so
    every placement is possible.
    """
    game = state._g
    own = set(state._dealt[player])
    unseen = [i for i in range(game.tiles) if i not in own and not game._aside >> i & 1]
    rng.shuffle(unseen)
    others = iter(unseen)
    new: DominoesState = game.new_initial_state()
    for seat, hand in enumerate(state._dealt):
        for i in hand:
            new.apply_action(i if seat == player else next(others))
    return new


def _register() -> None:
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(Utility.ZERO_SUM), DominoesGame)


_register()
