"""The data format of a seat's view: what `Observation.to_dict` writes and
`Observation.from_dict` reads.

A leaf below the engine: it reads and checks the values one by one; whether they
describe a position the rules allow is the engine's to say (`Observation.from_dict`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from dominoes.errors import ArgumentTypeError, ArgumentValueError, NotationError, RulesetError
from dominoes.faults import Fault, FaultKind
from dominoes.layout import Arm, Owed, Train, TrainTurn
from dominoes.moves import End, Step
from dominoes.notation import parse_move
from dominoes.rules import Ruleset
from dominoes.scoring import Bonus, BonusKind, Ending, HandResult
from dominoes.tiles import Tile
from dominoes.verification import VerificationRound

__all__ = ["OBSERVATION_FORMAT", "OBSERVATION_VERSION", "read_fields"]

_E = TypeVar("_E", bound=enum.Enum)


OBSERVATION_FORMAT: Final = "dominoes.observation"
"""The ``format`` key of `Observation.to_dict`."""
OBSERVATION_VERSION: Final = 1
"""The ``version`` key of `Observation.to_dict`. Keys added later without a new version
(``shown_voids``) are optional when read, so older data stays readable."""


def fault_data(fault: Fault) -> dict[str, Any]:
    """A `Fault` as `Observation.to_dict` writes it."""
    return {"seat": fault.seat, "kind": fault.kind.value, "move_number": fault.move_number}


def result_data(result: HandResult) -> dict[str, Any]:
    """A `HandResult` as `Observation.to_dict` writes it."""
    round_ = result.verification
    return {
        "ending": result.ending.value,
        "winners": list(result.winners),
        "pips": list(result.pips),
        "points": list(result.points),
        "domino_seat": result.domino_seat,
        "blocked_by": result.blocked_by,
        "verification": None if round_ is None else [round_.proposer, len(round_.confirmed)],
        "faults": [fault_data(f) for f in result.faults],
        "penalties": list(result.penalties),
        "conceded_by": result.conceded_by,
        # (written only when there are some: a line game's data reads as it always did)
        **({"play_points": list(result.play_points)} if result.play_points else {}),
        **({"bonuses": [bonus_data(b) for b in result.bonuses]} if result.bonuses else {}),
    }


def bonus_data(bonus: Bonus) -> dict[str, Any]:
    """A `Bonus` as `Observation.to_dict` writes it."""
    return {
        "kind": bonus.kind.value,
        "seat": bonus.seat,
        "points": bonus.points,
        "move_number": bonus.move_number,
    }


def arm_data(arm: Arm) -> dict[str, Any]:
    """An `Arm` as `Observation.to_dict` writes it: its token, origin (``[token,
    index]`` or ``None``), tiles outward, value and whether it is open."""
    return {
        "end": arm.end.token,
        "origin": None if arm.origin is None else [arm.origin[0].token, arm.origin[1]],
        "tiles": [[a, b] for a, b in arm.tiles],
        "value": arm.value,
        "is_open": arm.is_open,
    }


def train_data(
    hub: Tile | None, trains: tuple[Train, ...], turn: TrainTurn | None
) -> dict[str, Any]:
    """The keys of a train game's table as `Observation.to_dict` writes them: ``hub``
    (the engine double, or ``null`` before it is laid), ``trains`` (per train: its
    token, owner, tiles outward, value and marker) and ``train_turn`` (the open
    doubles oldest first as ``[token, from_run]``, the seats past their first turn,
    what the seat to move owes)."""
    return {
        "hub": None if hub is None else str(hub),
        "trains": [
            {
                "end": t.end.token,
                "owner": t.owner,
                "tiles": [[a, b] for a, b in t.tiles],
                "value": t.value,
                "marked": t.marked,
            }
            for t in trains
        ],
        "train_turn": None
        if turn is None
        else {
            "doubles": [[end.token, from_run] for end, from_run in turn.doubles],
            "firsts": list(turn.firsts),
            "owed": turn.owed.value,
        },
    }


def step_data(step: Step) -> dict[str, Any]:
    """A history entry as `Observation.to_dict` writes it (``points`` only when the move
    scored)."""
    if step.points:
        return {"seat": step.seat, "move": str(step.move), "points": step.points}
    return {"seat": step.seat, "move": str(step.move)}


class _Reader:
    """Reads the values of `Observation.from_dict`, naming the key of a bad one."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, Mapping):
            raise ArgumentValueError(
                f"{where} must be a mapping, got {type(data).__name__}", argument="data"
            )
        self.data = data
        self.where = where

    def bad(self, key: str, what: str) -> ArgumentValueError:
        value = self.data.get(key, None) if key in self.data else "nothing"
        shown = repr(value)
        if len(shown) > 40:
            shown = shown[:37] + "..."
        return ArgumentValueError(
            f"{self.where}[{key!r}] must be {what}, got {shown}", argument="data"
        )

    def raw(self, key: str) -> object:
        if key not in self.data:
            raise ArgumentValueError(f"{self.where} has no {key!r} key", argument="data")
        return self.data[key]

    def integer(self, key: str, *, optional: bool = False) -> Any:
        value = self.raw(key)
        if value is None and optional:
            return None
        if type(value) is not int or value < 0:
            raise self.bad(key, "a whole number from 0" + (" or null" if optional else ""))
        return value

    def flag(self, key: str) -> bool:
        value = self.raw(key)
        if type(value) is not bool:
            raise self.bad(key, "true or false")
        return value

    def sequence(self, key: str, *, optional: bool = False) -> Any:
        value = self.raw(key)
        if value is None and optional:
            return None
        if not isinstance(value, list | tuple):
            raise self.bad(key, "a list" + (" or null" if optional else ""))
        return value

    def ints(self, key: str, *, optional: bool = False) -> Any:
        items = self.sequence(key, optional=optional)
        if items is None:
            return None
        if not all(type(v) is int and v >= 0 for v in items):
            raise self.bad(key, "a list of whole numbers from 0")
        return tuple(items)

    def tiles(self, key: str, items: object = None) -> tuple[Tile, ...]:
        items = self.sequence(key) if items is None else items
        if not isinstance(items, list | tuple):
            raise self.bad(key, 'a list of tiles such as "6-4"')
        try:
            return tuple(Tile.parse(t) for t in items)
        except (NotationError, TypeError):
            raise self.bad(key, 'a list of tiles such as "6-4"') from None

    def enum(self, key: str, kind: type[_E], *, optional: bool = False) -> Any:
        value = self.raw(key)
        if value is None and optional:
            return None
        try:
            return kind(value)
        except (ValueError, TypeError):
            allowed = ", ".join(repr(m.value) for m in kind)
            raise self.bad(key, f"one of {allowed}") from None

    def faults(self, key: str) -> tuple[Fault, ...]:
        out = []
        for k, item in enumerate(self.sequence(key)):
            entry = _Reader(item, f"{self.where}[{key!r}][{k}]")
            out.append(
                Fault(
                    seat=entry.integer("seat"),
                    kind=entry.enum("kind", FaultKind),
                    move_number=entry.integer("move_number"),
                )
            )
        return tuple(out)


def read_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of the observation ``data`` describes, each value checked on its own
    (`Observation.from_dict` then checks that they describe a position the rules allow).

    Raises:
        ArgumentTypeError: ``data`` is not a mapping.
        ArgumentValueError: a key is missing or holds a value it cannot (the message
            names the key).
        RulesetError: the ``rules`` entry is not a ruleset.
    """
    if not isinstance(data, Mapping):
        raise ArgumentTypeError(
            f"data must be a mapping (as Observation.to_dict writes), got {type(data).__name__}",
            argument="data",
        )
    read = _Reader(data, "data")
    if data.get("format") != OBSERVATION_FORMAT:
        raise read.bad("format", repr(OBSERVATION_FORMAT))
    if data.get("version") != OBSERVATION_VERSION:
        raise read.bad("version", f"{OBSERVATION_VERSION} (the only version there is)")
    rules_data = read.raw("rules")
    if not isinstance(rules_data, Mapping):
        raise read.bad("rules", "a mapping of ruleset fields")
    try:
        rules = Ruleset.from_dict(rules_data)
    except RulesetError as error:
        raise RulesetError(f"data['rules']: {error}", fields=error.fields) from None
    line = []
    for pair in read.sequence("line"):
        if not (
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and all(type(v) is int and 0 <= v <= rules.max_pip for v in pair)
        ):
            raise read.bad("line", "a list of [a, b] pairs of pips in the set")
        line.append((pair[0], pair[1]))
    history = []
    for k, item in enumerate(read.sequence("history")):
        entry = _Reader(item, f"data['history'][{k}]")
        try:
            move = parse_move(entry.raw("move"))  # type: ignore[arg-type]
        except (NotationError, TypeError):
            raise entry.bad("move", 'a move token such as "6-4:L", "draw" or "pass"') from None
        points = entry.integer("points") if "points" in item else 0
        history.append(Step(seat=entry.integer("seat"), move=move, points=points))
    opening_raw = read.raw("opening")
    opening: Tile | str | None = opening_raw  # type: ignore[assignment]
    if opening_raw not in (None, "any", "draw"):
        opening = read.tiles("opening", [opening_raw])[0]
    round_ = read.ints("round", optional=True)
    if round_ is not None and len(round_) != 2:
        raise read.bad("round", "[proposer, confirmed] or null")
    ending = read.enum("ending", Ending, optional=True)
    result_data = read.raw("result")
    result = None
    if result_data is not None:
        entry = _Reader(result_data, "data['result']")
        verification = entry.ints("verification", optional=True)
        if verification is not None and len(verification) != 2:
            raise entry.bad("verification", "[proposer, confirmed] or null")
        result = HandResult(
            ending=entry.enum("ending", Ending),
            winners=entry.ints("winners"),
            pips=entry.ints("pips"),
            points=entry.ints("points"),
            domino_seat=entry.integer("domino_seat", optional=True),
            blocked_by=entry.integer("blocked_by", optional=True),
            verification=None
            if verification is None
            else VerificationRound.after(
                verification[0], verification[1], rules.players, step=rules.step
            ),
            faults=entry.faults("faults"),
            penalties=entry.ints("penalties"),
            conceded_by=entry.integer("conceded_by", optional=True),
            play_points=entry.ints("play_points") if "play_points" in entry.data else (),
            bonuses=tuple(
                _read_bonus(b, f"data['result']['bonuses'][{k}]")
                for k, b in enumerate(entry.sequence("bonuses"))
            )
            if "bonuses" in entry.data
            else (),
        )
    players = rules.players
    nothing: frozenset[int] = frozenset()
    shown_voids = (nothing,) * players
    if "shown_voids" in data:
        entries = read.sequence("shown_voids")
        what = f"one list of pips (0 to {rules.max_pip}) per seat, {players} lists"
        if len(entries) != players or not all(
            isinstance(e, list | tuple)
            and all(type(v) is int and 0 <= v <= rules.max_pip for v in e)
            for e in entries
        ):
            raise read.bad("shown_voids", what)
        shown_voids = tuple(frozenset(e) for e in entries)
    arms = tuple(
        _read_arm(a, f"data['arms'][{k}]", rules.max_pip)
        for k, a in enumerate(read.sequence("arms") if "arms" in data else ())
    )
    play_points = read.ints("play_points") if "play_points" in data else (0,) * players
    hands_data = read.sequence("hands", optional=True)
    hands = None
    if hands_data is not None:
        hands = tuple(read.tiles("hands", h) for h in hands_data)
    return {
        "rules": rules,
        "seat": read.integer("seat"),
        "hand": read.tiles("hand"),
        "line": tuple(line),
        "lead": read.integer("lead"),
        "history": tuple(history),
        "hand_sizes": read.ints("hand_sizes"),
        "boneyard_size": read.integer("boneyard_size"),
        "turn": read.integer("turn"),
        "opening": opening,
        "round": round_,
        "drew": read.integer("drew"),
        "last": read.integer("last", optional=True),
        "false_pass": read.flag("false_pass"),
        "faults": read.faults("faults"),
        "ending": ending,
        "result": result,
        "full_history": read.flag("full_history"),
        "hands": hands,
        "shown_voids": shown_voids,
        "arms": arms,
        "play_points": play_points,
        # (rules CLAIM-1 and CLAIM-2: written only where scores are called)
        "claim": read.integer("claim") if "claim" in data else 0,
        "muggins": read.integer("muggins") if "muggins" in data else 0,
        # (train games only)
        **(_read_train_table(read, rules.max_pip) if _TRAIN_KEYS & data.keys() else {}),
    }


_TRAIN_KEYS: Final = frozenset({"hub", "trains", "train_turn"})
"""The keys of a train game's table (`train_data`): all three or none."""


def _read_train_table(read: _Reader, max_pip: int) -> dict[str, Any]:
    """The fields ``hub``, ``trains`` and ``train_turn`` of a train game's data."""
    hub_raw = read.raw("hub")
    hub = None if hub_raw is None else read.tiles("hub", [hub_raw])[0]
    trains = tuple(
        _read_train(t, f"data['trains'][{k}]", max_pip)
        for k, t in enumerate(read.sequence("trains"))
    )
    turn_raw = read.raw("train_turn")
    turn = None
    if turn_raw is not None:
        entry = _Reader(turn_raw, "data['train_turn']")
        doubles = []
        for pair in entry.sequence("doubles"):
            if not (isinstance(pair, list | tuple) and len(pair) == 2 and type(pair[1]) is bool):
                raise entry.bad("doubles", "a list of [train token, from_run] pairs")
            doubles.append((_end_of(entry, "doubles", pair[0]), pair[1]))
        turn = TrainTurn(
            doubles=tuple(doubles), firsts=entry.ints("firsts"), owed=entry.enum("owed", Owed)
        )
    return {"hub": hub, "trains": trains, "train_turn": turn}


def _read_train(data: object, where: str, max_pip: int) -> Train:
    entry = _Reader(data, where)
    owner = entry.integer("owner", optional=True)
    return Train(
        end=_end_of(entry, "end", entry.raw("end")),
        owner=owner,
        tiles=_pairs(entry, "tiles", max_pip),
        value=entry.integer("value"),
        marked=entry.flag("marked"),
    )


def _end_of(entry: _Reader, key: str, value: object) -> End:
    """The `End` of a token read under ``key``."""
    try:
        return End.from_token(value)  # type: ignore[arg-type]
    except (NotationError, ArgumentValueError, ArgumentTypeError, TypeError):
        raise entry.bad(key, 'an end token such as "T0", "M" or "U"') from None


def _pairs(entry: _Reader, key: str, max_pip: int) -> tuple[tuple[int, int], ...]:
    """The oriented pairs listed under ``key``, pips of the set."""
    pairs = []
    for pair in entry.sequence(key):
        if not (
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and all(type(v) is int and 0 <= v <= max_pip for v in pair)
        ):
            raise entry.bad(key, "a list of [a, b] pairs of pips in the set")
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def _read_bonus(data: object, where: str) -> Bonus:
    entry = _Reader(data, where)
    return Bonus(
        kind=entry.enum("kind", BonusKind),
        seat=entry.integer("seat"),
        points=entry.integer("points"),
        move_number=entry.integer("move_number"),
    )


def _read_arm(data: object, where: str, max_pip: int) -> Arm:
    entry = _Reader(data, where)

    def end(key: str, value: object) -> End:
        return _end_of(entry, key, value)

    origin_raw = entry.raw("origin")
    origin: tuple[End, int] | None = None
    if origin_raw is not None:
        if not (
            isinstance(origin_raw, list | tuple)
            and len(origin_raw) == 2
            and type(origin_raw[1]) is int
            and origin_raw[1] >= 0
        ):
            raise entry.bad("origin", "[arm token, index] or null")
        origin = (end("origin", origin_raw[0]), origin_raw[1])
    return Arm(
        end=end("end", entry.raw("end")),
        tiles=_pairs(entry, "tiles", max_pip),
        value=entry.integer("value"),
        is_open=entry.flag("is_open"),
        origin=origin,
    )
