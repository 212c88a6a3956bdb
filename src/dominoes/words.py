"""Moves in words, for a user interface: what the ``dominoes`` command says.

`describe_move` says what a move does (``"plays 4-6 on the left"``, ``"draws 2-5 (13
left)"``, ``"passes: cannot play, proposes a block (verification round opens)"``),
`describe_step` the same with the seat that made it (``"seat 1 plays 4-6 on the
left"``), and `describe_choice` offers a legal move to the player about to make it
(``"play 4-6 on the left (the 6 end)"``). A game built on the library can show these
words instead of writing its own.

Each function takes the position the move is made in, ``before``: a `HandState`, or
the `Observation` of the seat that reads the words. The words never show a tile the
reader may not see: from an observation (or with ``viewer=`` for a state), another
seat's draw is ``"draws a tile"``, never the tile, even when the move given names it.
From a `HandState` without ``viewer`` the reader sees everything (a replay, a demo).

>>> from dominoes import Deal, HandState, Ruleset
>>> from dominoes.notation import parse_move
>>> rules = Ruleset.draw()
>>> state = HandState.start(rules, Deal.random(rules, seed=25))
>>> describe_move(state.legal_moves()[0], state)
'leads 6-6'
>>> moves = "6-6 0-6:L 5-6:R 4-5:R 4-6:R 0-4:L 1-4:L 1-5:L"
>>> state = state.apply_all(parse_move(token) for token in moves.split())
>>> drawn = state.apply_as(0, "draw")  # seat 0 cannot play: it draws
>>> step = drawn.history[-1]
>>> describe_step(step, state), describe_step(step, state.observation(0))
('seat 0 draws 2-5 (13 left)', 'seat 0 draws 2-5 (13 left)')
>>> describe_step(step, state.observation(1)), describe_step(step, state, viewer=1)
('seat 0 draws a tile (13 left)', 'seat 0 draws a tile (13 left)')
"""

from __future__ import annotations

from collections.abc import Sequence

from dominoes.errors import ArgumentTypeError, ArgumentValueError, shown
from dominoes.moves import Claim, Draw, End, Move, Muggins, Pass, Play, Step, Stop
from dominoes.rules import Direction, DrawRule, PlayScoring, Ruleset, SpinnerFill, SpinnerRule
from dominoes.state import HandState, Observation, Phase

__all__ = [
    "describe_choice",
    "describe_match",
    "describe_move",
    "describe_rules",
    "describe_step",
    "game_name",
]

View = HandState | Observation
"""A position the words are said about: a whole state, or what one seat knows."""


def _check_view(before: object) -> None:
    if not isinstance(before, HandState | Observation):
        raise ArgumentTypeError(
            f"before must be a HandState or an Observation, got {before!r}", argument="before"
        )


def _check_move(move: object) -> None:
    if not isinstance(move, Play | Draw | Pass | Claim | Muggins | Stop):
        raise ArgumentTypeError(
            f"move must be a Play, Draw, Pass, Claim, Muggins or Stop, got {move!r}",
            argument="move",
        )


def _reader(before: View, viewer: int | None) -> int | None:
    """The seat reading the words, or ``None`` for a reader who sees every tile."""
    if isinstance(before, Observation):
        if viewer is not None and viewer != before.seat:
            raise ArgumentValueError(
                f"viewer must be the observation's seat ({before.seat}) or None, got {viewer!r}",
                argument="viewer",
            )
        return before.seat
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < before.rules.players):
        raise ArgumentValueError(
            f"viewer must be a seat at the table, 0 to {before.rules.players - 1}, or None; "
            f"got {viewer!r}",
            argument="viewer",
        )
    return viewer


def _in_round(before: View) -> bool:
    """Whether a verification round is open in ``before``."""
    if isinstance(before, Observation):
        return before.round is not None and before.ending is None
    return before.phase is Phase.VERIFICATION


def _boneyard_size(before: View) -> int:
    if isinstance(before, Observation):
        return before.boneyard_size
    return len(before.boneyard)


def describe_move(move: Move, before: View, *, viewer: int | None = None) -> str:
    """What ``move``, made by the seat to move in ``before``, does, in words.

    Args:
        move: The move, as the history records it (a draw may carry its tile) or as
            it was chosen.
        before: The position the move is made in: a `HandState`, or the
            `Observation` of the seat that reads the words.
        viewer: With a `HandState`, the seat that reads the words (``None``: a
            reader who sees every tile). With an observation, its seat or ``None``.

    Returns:
        ``"leads 6-6"``, ``"plays 4-6 on the left"`` (``": the round is void"`` added
        inside a verification round), ``"draws 2-5 (13 left)"`` (``"draws a tile (13
        left)"`` when the reader may not see the tile, or the move names none),
        ``"passes: cannot play, proposes a block (verification round opens)"``,
        ``"passes: confirms that they cannot play"``; where scores are called (rules
        CLAIM-1 and CLAIM-2) ``"claims 10"``, ``"overlooks 10"`` or ``"calls muggins
        and takes 10"``.

    Raises:
        ArgumentTypeError: ``move`` is not a move, or ``before`` neither a state nor
            an observation.
        ArgumentValueError: ``viewer`` is not a seat at the table (or, with an
            observation, not its seat).

    >>> from dominoes import Deal, Draw, HandState, Ruleset, Tile
    >>> rules = Ruleset.draw()
    >>> state = HandState.start(rules, Deal.random(rules, seed=3)).apply_as(1, "6-6")
    >>> describe_move(state.legal_moves()[0], state)
    'plays 1-6 on the left'
    >>> describe_move(Draw(Tile(0, 0)), state.observation(1))  # seat 0 is to move
    'draws a tile (13 left)'
    """
    _check_move(move)
    _check_view(before)
    reader = _reader(before, viewer)
    if isinstance(move, Claim):
        return f"claims {move.points}" if move.points else f"overlooks {before.claim}"
    if isinstance(move, Muggins):
        return f"calls muggins and takes {before.muggins}"
    if isinstance(move, Stop):
        return "stops its first-turn run"
    trains = before.rules.trains
    if isinstance(move, Play):
        if move.end is None:
            return f"lays the engine {move.tile}" if trains else f"leads {move.tile}"
        void = ": the round is void" if _in_round(before) and not trains else ""
        return f"plays {move.tile} on {_arm_words(move.end)}{void}"
    if isinstance(move, Draw):
        left = max(_boneyard_size(before) - 1, 0)
        shown = move.tile is not None and (reader is None or reader == before.turn)
        return f"draws {move.tile if shown else 'a tile'} ({left} left)"
    if trains:  # TRAIN-4: a pass marks the passer's own train
        if before.layout.hub is None or before.layout.trains[before.turn].marked:
            return "passes"
        return "passes and marks its train"
    if _in_round(before):
        return "passes: confirms that they cannot play"
    return "passes: cannot play, proposes a block (verification round opens)"


def describe_step(
    step: Step, before: View, *, names: Sequence[str] = (), viewer: int | None = None
) -> str:
    """One history entry in words, with the seat that moved: ``"seat 1 plays 4-6 on
    the left"``.

    Args:
        step: The entry (`HandState.history` or `Observation.history`).
        before: The position the move was made in (see `describe_move`).
        names: The players' names, one per seat, shown after the seat
            (``"seat 1 (Ben) ..."``), or none.
        viewer: As for `describe_move`.

    Raises:
        ArgumentTypeError: ``step`` is not a `Step` (or as for `describe_move`).
        ArgumentValueError: ``step.seat`` is not the seat to move in ``before``, or
            ``names`` does not give one name per seat (or as for `describe_move`).

    >>> from dominoes import Deal, HandState, Ruleset
    >>> rules = Ruleset.block()
    >>> state = HandState.start(rules, Deal.random(rules, seed=3))
    >>> after = state.apply("6-6")
    >>> describe_step(after.history[-1], state, names=["Ana", "Ben"])
    'seat 1 (Ben) leads 6-6'
    """
    if not isinstance(step, Step):
        raise ArgumentTypeError(f"step must be a Step, got {step!r}", argument="step")
    _check_view(before)
    if step.seat != before.turn:
        raise ArgumentValueError(
            f"step.seat must be the seat to move in before ({before.turn}), got {step.seat!r}",
            argument="step",
        )
    if names and len(names) != before.rules.players:
        raise ArgumentValueError(
            f"names must give one name per seat ({before.rules.players}), got {len(names)}",
            argument="names",
        )
    who = f"seat {step.seat} ({names[step.seat]})" if names else f"seat {step.seat}"
    # (a claim or muggins says its points itself)
    claimed = isinstance(step.move, Claim | Muggins)
    scores = f" and scores {step.points}" if step.points and not claimed else ""
    return f"{who} {describe_move(step.move, before, viewer=viewer)}{scores}"


def describe_choice(move: Move, before: View) -> str:
    """A legal move as offered to the player about to make it (the imperative).

    Args:
        move: One of the legal moves of the seat to move in ``before``.
        before: The position: a `HandState` or the mover's `Observation`.

    Returns:
        ``"lead 6-6"``, ``"play 4-6 on the left (the 6 end)"``, ``"draw from the
        boneyard"`` (never a tile), ``"pass"`` or, inside a verification round,
        ``"pass: confirm that you cannot play"``; where scores are called ``"claim
        10"``, ``"claim nothing (overlook 10)"`` or ``"call muggins: take 10"``.

    Raises:
        ArgumentTypeError: as for `describe_move`.
        ArgumentValueError: a play on an end of an empty layout.

    >>> from dominoes import DRAW, Deal, HandState, Ruleset
    >>> rules = Ruleset.block()
    >>> state = HandState.start(rules, Deal.random(rules, seed=3))
    >>> describe_choice(state.legal_moves()[0], state), describe_choice(DRAW, state)
    ('lead 6-6', 'draw from the boneyard')
    >>> after = state.apply("6-6")  # seat 1 leads; seat 0 is to move
    >>> describe_choice(after.legal_moves()[0], after.observation(0))
    'play 1-6 on the left (the 6 end)'

    In a train game (docs/rules/trains.md) a play names its train:

    >>> rules = Ruleset.preset("mexican-train-6", players=3)
    >>> state = HandState.start(rules, Deal.random(rules, seed=2))
    >>> [describe_choice(move, state) for move in state.legal_moves()]
    ['play 3-6 on your train (the 6 end)', 'play 3-6 on the Mexican train (the 6 end)']
    >>> describe_move(state.legal_moves()[0], state)
    "plays 3-6 on seat 0's train"
    """
    _check_move(move)
    _check_view(before)
    if isinstance(move, Claim):
        return f"claim {move.points}" if move.points else f"claim nothing (overlook {before.claim})"
    if isinstance(move, Muggins):
        return f"call muggins: take {before.muggins}"
    if isinstance(move, Stop):
        return "stop (end your first-turn run)"
    if isinstance(move, Play):
        if move.end is None:
            return f"lay the engine {move.tile}" if before.rules.trains else f"lead {move.tile}"
        layout = before.layout
        if layout.is_empty:
            raise ArgumentValueError(
                f"move must be a lead on an empty layout, got a play on "
                f"{_arm_words(move.end)}: {move}",
                argument="move",
            )
        where = _arm_words(move.end)
        if move.end.train_owner is not None and move.end.train_owner == before.turn:
            where = "your train"
        return f"play {move.tile} on {where} (the {layout.end(move.end)} end)"
    if isinstance(move, Draw):
        return "draw from the boneyard"
    if _in_round(before):
        return "pass: confirm that you cannot play"
    return "pass"


def _arm_words(end: End) -> str:
    """``"the left"``, ``"the right"``, ``"the spinner's upper side"``, ... ``"arm A4"``;
    in a train game ``"seat 2's train"``, ``"the Mexican train"``."""
    if end <= End.DOWN:
        return _ARM_WORDS[end]
    if end is End.MEXICAN:
        return "the Mexican train"
    owner = end.train_owner
    if owner is not None:
        return f"seat {owner}'s train"
    return f"arm {end.token}"


_ARM_WORDS = {
    End.LEFT: "the left",
    End.RIGHT: "the right",
    End.UP: "the spinner's upper side",
    End.DOWN: "the spinner's lower side",
}


def game_name(rules: Ruleset) -> str:
    """``"Block"`` for a game without drawing, else ``"Draw"``; a train game is
    ``"Mexican Train"`` or, without the Mexican train, ``"Private Trains"``.

    >>> game_name(Ruleset.block()), game_name(Ruleset.draw())
    ('Block', 'Draw')
    >>> game_name(Ruleset.preset("mexican-train")), game_name(Ruleset.preset("private-trains"))
    ('Mexican Train', 'Private Trains')

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset` (a `TypeError`).
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {shown(rules)}", argument="rules")
    if rules.trains:
        return "Mexican Train" if rules.mexican_train else "Private Trains"
    return "Block" if rules.drawing is DrawRule.NONE else "Draw"


def describe_rules(rules: Ruleset, *, preset: str | None = None, sides: bool = False) -> str:
    """The game in a few words: the game, the seats and the set (the one description the
    arena, the simulation, the command line and the records' headers use).

    Args:
        rules: The ruleset.
        preset: The preset's name, said after the game.
        sides: Say which seats play together in partnership.

    >>> describe_rules(Ruleset.block(players=4, partnership=True))
    'Block game, 4 players in partnership, double-6'
    >>> describe_rules(Ruleset.block(players=4, partnership=True), preset="partnership", sides=True)
    'Block game (partnership), 4 players in partnership (seats 0+2 v 1+3), double-6'
    >>> from dominoes import PlayScoring, SpinnerRule
    >>> fives = Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES)
    >>> describe_rules(fives)
    'Draw game, the first double a spinner, fives scored on play, 2 players, double-6'
    >>> describe_rules(Ruleset.block(players=4, partnership=True, capicua_bonus=25))
    'Block game, bonuses (capicúa 25), 4 players in partnership, double-6'
    >>> describe_rules(Ruleset.preset("mexican-train-6", players=3))
    'Mexican Train game, engine 6-6, 3 players, double-6'
    >>> print(describe_rules(Ruleset.preset("puerto-rican")))  # doctest: +NORMALIZE_WHITESPACE
    Block game, bonuses (capicúa 100, chuchazo 100, the first hands won 100/75/50/25),
    4 players in partnership, counter-clockwise, double-6

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset` (a `TypeError`).
    """
    game = game_name(rules)
    named = "" if preset is None else f" ({preset})"
    if rules.trains:  # the engine of the hand (TRAIN-1)
        named += f", engine {rules.engine_double}-{rules.engine_double}"
    mode = ""
    if rules.partnership:
        mode = " in partnership"
        if sides:
            mode += " (seats " + " v ".join("+".join(map(str, t)) for t in rules.teams) + ")"
    layout = ""
    if rules.spinner_fill is SpinnerFill.TOES_FIRST:  # FOOT-1, FOOT-2
        layout += ", every double a chicken foot"
    elif rules.spinner is not SpinnerRule.NONE:
        layout += f", {_SPINNER_WORDS[rules.spinner]}"
    if rules.play_scoring is not PlayScoring.NONE:
        layout += f", {_PLAY_WORDS[rules.play_scoring]} scored on play"
    bonuses = []
    if rules.has_bonuses:
        bonuses = [
            f"{name} {value}"
            for name, value in (
                ("capicúa", rules.capicua_bonus),
                ("chuchazo", rules.chuchazo_bonus),
                ("pase corrido", rules.pase_corrido_bonus),
                ("pase de salida", rules.pase_de_salida_bonus),
                ("pase de salida after a double", rules.pase_de_salida_double_bonus),
            )
            if value
        ]
    if rules.game_order_bonus:  # BONUS-5
        bonuses.append(f"the first hands won {'/'.join(map(str, rules.game_order_bonus))}")
    if bonuses:
        layout += f", bonuses ({', '.join(bonuses)})"
    if rules.direction is Direction.COUNTER_CLOCKWISE:  # TURN-1
        mode += ", counter-clockwise"
    return f"{game} game{named}{layout}, {rules.players} players{mode}, double-{rules.max_pip}"


def describe_match(rules: Ruleset) -> str:
    """How long a match under ``rules`` lasts, after "a match is played": to the target
    score (rule MATCH-1), or, with a schedule of engines (rule TRAIN-2), for its hands.

    >>> describe_match(Ruleset.block())
    'to 100 points'
    >>> describe_match(Ruleset.block(hands_limit=5))
    'to 100 points (or 5 hands)'
    >>> describe_match(Ruleset.preset("mexican-train-6"))
    'for 7 hands, one for each double from 6-6 to 0-0'

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset` (a `TypeError`).
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {shown(rules)}", argument="rules")
    limit = rules.hands_limit
    hands = rules.schedule_hands
    first = rules.schedule_double
    if first is None:
        return f"to {rules.match_target} points" + ("" if limit is None else f" (or {limit} hands)")
    if hands is None:  # a FIXED schedule: the hand limit or the target ends the match
        text = f"with the double {first}-{first} each hand"
    else:
        last = rules.hand_double(hands - 1)
        text = f"for {hands} hands, one for each double from {first}-{first} to {last}-{last}"
    if rules.target is not None:
        text += f", or to {rules.target} points"
    if limit is not None and (hands is None or limit < hands):
        text += f" (or {limit} hands)"
    return text


_SPINNER_WORDS = {
    SpinnerRule.FIRST_DOUBLE: "the first double a spinner",
    SpinnerRule.LEAD_DOUBLE: "a double lead a spinner",
    SpinnerRule.EVERY_DOUBLE: "every double a spinner",
}
_PLAY_WORDS = {
    PlayScoring.FIVES: "fives",
    PlayScoring.FIVES_AND_THREES: "fives and threes",
    PlayScoring.BERGEN: "headers",
}
