"""The one codec between the values of a ruleset's fields and plain values.

A `Ruleset` field holds an enum member, a `Tile`, an ``int``, a ``bool``, ``None`` or a
tuple of ``int``.
The record files, the ``--set FIELD=VALUE`` option of the command line, ``dominoes
rules``, `Ruleset.to_dict` and the OpenSpiel game parameters all write and read those
values through this module:

* `FieldCodec.to_data` gives the JSON value (an enum by its value, a tile as ``"6-6"``,
  ``None`` as it is, a tuple of ints as a list) and `FieldCodec.to_toml` the TOML one
  (``None`` as ``"none"``, since TOML has no null); `FieldCodec.from_data` reads either
  back, strictly by type;
* `FieldCodec.to_text` gives the text of the value (``true``, ``none``, ``cascade``,
  ``100,75,50,25``) and `FieldCodec.from_text` reads a text back, leniently (an enum
  member by value or name in any case, ``yes``/``no``, ``on``/``off`` and ``1``/``0``
  for a ``bool``);
* `FieldTable` holds the codecs of every field of a class, by name, and reads
  ``name=value`` settings (`FieldTable.parse_setting`). The table of `Ruleset` is
  `dominoes.rules.RULESET_FIELDS`.

A value that does not fit its field raises `FieldValueError` (a `RulesetError`
naming the field), an unknown name a `RulesetError`.

>>> from dominoes.rules import RULESET_FIELDS, Scoring
>>> RULESET_FIELDS["scoring"].from_text("CASCADE")
<Scoring.CASCADE: 'cascade'>
>>> RULESET_FIELDS["target"].to_toml(None), RULESET_FIELDS["target"].to_data(None)
('none', None)
>>> RULESET_FIELDS.parse_setting("stock-pips=yes")
('stock_pips', True)
>>> RULESET_FIELDS.parse_setting("game-order-bonus=100, 75, 50, 25")
('game_order_bonus', (100, 75, 50, 25))
>>> order = RULESET_FIELDS["game_order_bonus"]
>>> order.to_data((100, 75)), order.to_toml(()), order.to_text(())
([100, 75], [], 'none')
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Iterator
from typing import Any, TypeAlias

import attrs

from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    FieldValueError,
    NotationError,
    RulesetError,
    shown,
)
from dominoes.tiles import Tile

__all__ = ["FieldCodec", "FieldKind", "FieldTable", "PlainValue"]

PlainValue: TypeAlias = str | int | bool | list[int] | None
"""A field's value as JSON holds it (TOML never holds ``None``)."""

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class FieldKind(enum.Enum):
    """What a field holds, and so how it is written and read."""

    BOOL = "bool"
    """``True`` or ``False``."""
    INT = "int"
    """An ``int`` (the class validates its range)."""
    OPTIONAL_INT = "optional_int"
    """An ``int`` or ``None`` (written ``"none"`` where there is no null)."""
    OPTIONAL_TILE = "optional_tile"
    """A `Tile` (written ``"6-6"``) or ``None``."""
    CHOICE = "choice"
    """A member of an enum (written by its value)."""
    INT_TUPLE = "int_tuple"
    """A tuple of ``int`` (the class validates their range): a list in JSON and TOML,
    ``100,75,50,25`` as text, the empty tuple ``none``."""


def quote(text: str) -> str:
    """``text`` in double quotes, shortened, with every unprintable character escaped
    (how the record reader shows a value it refuses)."""
    shown = text if len(text) <= 40 else text[:40] + "..."
    out = []
    for char in shown:
        if char in '"\\':
            out.append("\\" + char)
        elif char.isprintable():
            out.append(char)
        else:
            code = ord(char)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


_TYPE_NAMES: tuple[tuple[type, str], ...] = (
    (bool, "a boolean"),
    (int, "an integer"),
    (float, "a float"),
    (str, "a string"),
    (list, "an array"),
    (dict, "a table"),
    (type(None), "null"),
)


def type_name(value: object) -> str:
    """What a JSON or TOML value is, in words (``"a string"``, ``"an integer"``, ``"null"``)."""
    for kind, name in _TYPE_NAMES:  # bool before int: a bool is an int
        if isinstance(value, kind):
            return name
    return f"a {type(value).__name__}"  # dates and times


@attrs.frozen(kw_only=True)
class FieldCodec:
    """How one field's value is written as a plain value or text, and read back.

    >>> from dominoes.rules import Opening
    >>> codec = FieldCodec(name="opening", kind=FieldKind.CHOICE, choices=Opening)
    >>> codec.to_data(Opening.SEAT_ANY_TILE), codec.from_data("seat_any_tile")
    ('seat_any_tile', <Opening.SEAT_ANY_TILE: 'seat_any_tile'>)
    """

    name: str
    """The field's name, as the errors give it."""
    kind: FieldKind
    """What the field holds."""
    choices: type[enum.Enum] | None = None
    """The enum of a `FieldKind.CHOICE` field, else ``None``."""

    @classmethod
    def of_hint(cls, name: str, hint: object) -> FieldCodec:
        """The codec of a field annotated ``hint`` (an enum, ``bool``, ``int``,
        ``int | None``, ``Tile | None`` or ``tuple[int, ...]``).

        Raises:
            RulesetError: the annotation is none of these.
        """
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return cls(name=name, kind=FieldKind.CHOICE, choices=hint)
        kinds: dict[object, FieldKind] = {
            bool: FieldKind.BOOL,
            int: FieldKind.INT,
            int | None: FieldKind.OPTIONAL_INT,
            Tile | None: FieldKind.OPTIONAL_TILE,
            tuple[int, ...]: FieldKind.INT_TUPLE,
        }
        for known, kind in kinds.items():
            if hint == known:
                return cls(name=name, kind=kind)
        shown = getattr(hint, "__name__", None) or str(hint)
        raise RulesetError(
            f"{name} has a type the field codec cannot write: {shown}", fields=(name,)
        )

    @property
    def optional(self) -> bool:
        """Whether the field may hold ``None``."""
        return self.kind in (FieldKind.OPTIONAL_INT, FieldKind.OPTIONAL_TILE)

    # ------------------------------------------------------------------ writing
    def _fits(self, value: object) -> bool:
        kind = self.kind
        if kind is FieldKind.CHOICE:
            assert self.choices is not None
            return isinstance(value, self.choices)
        if kind is FieldKind.BOOL:
            return type(value) is bool
        if kind is FieldKind.INT_TUPLE:
            return type(value) is tuple and all(type(item) is int for item in value)
        if value is None:
            return self.optional
        if kind is FieldKind.OPTIONAL_TILE:
            return isinstance(value, Tile)
        return type(value) is int

    def to_data(self, value: Any) -> PlainValue:
        """The value as JSON holds it: an enum by its value, a tile as ``"6-6"``, a
        tuple of ints as a list, ``None``, an ``int`` and a ``bool`` as they are.

        Raises:
            ArgumentTypeError: ``value`` is not a value of the field.
        """
        if not self._fits(value):
            what = {
                FieldKind.BOOL: "a bool",
                FieldKind.INT: "an int",
                FieldKind.OPTIONAL_INT: "an int or None",
                FieldKind.OPTIONAL_TILE: "a Tile or None",
                FieldKind.INT_TUPLE: "a tuple of ints",
            }.get(self.kind) or f"a {getattr(self.choices, '__name__', 'member')}"
            raise ArgumentTypeError(
                f"value must be {what} for {self.name}, got {shown(value)}", argument="value"
            )
        if isinstance(value, enum.Enum):
            return str(value.value)
        if isinstance(value, Tile):
            return str(value)
        if isinstance(value, tuple):
            return list(value)
        return typing.cast("int | bool | None", value)

    def to_toml(self, value: Any) -> str | int | bool | list[int]:
        """The value as TOML holds it: as `to_data`, with ``None`` as ``"none"``.

        Raises:
            ArgumentTypeError: ``value`` is not a value of the field.
        """
        data = self.to_data(value)
        return "none" if data is None else data

    def to_text(self, value: Any) -> str:
        """The value as text: ``none``, ``true``/``false``, an enum's value, ``6-6``, ``3``,
        ``100,75`` (a tuple of ints; ``none`` when it is empty).

        Raises:
            ArgumentTypeError: ``value`` is not a value of the field.
        """
        data = self.to_toml(value)
        if isinstance(data, bool):
            return "true" if data else "false"
        if isinstance(data, list):
            return ",".join(map(str, data)) or "none"
        return str(data)

    # ------------------------------------------------------------------ reading
    def _refuse(self, problem: str) -> FieldValueError:
        return FieldValueError(f"{self.name} {problem}", field=self.name, problem=problem)

    def from_data(self, data: object) -> Any:
        """The value a JSON or TOML value (`to_data`, `to_toml`) stands for.

        Strict by type: a ``bool`` field takes ``true``/``false`` only, an ``int``
        field an integer only, a tuple field an array of integers only, an optional
        field ``"none"`` or null as well; a field's own value (an enum member, a `Tile`,
        a tuple of ints) is taken as it is.

        Raises:
            FieldValueError: the value does not fit the field (the message is the
                field's name and the `FieldValueError.problem`).
        """
        kind = self.kind
        if self.optional and (data is None or data == "none"):
            return None
        if kind is FieldKind.BOOL:
            if type(data) is not bool:
                raise self._refuse("must be true or false")
            return data
        if kind is FieldKind.INT_TUPLE:
            if not isinstance(data, list | tuple) or any(type(i) is not int for i in data):
                raise self._refuse("must be an array of integers")
            return tuple(data)
        if kind in (FieldKind.INT, FieldKind.OPTIONAL_INT):
            if type(data) is not int:
                raise self._refuse("must be an integer" + (' or "none"' if self.optional else ""))
            return data
        if kind is FieldKind.OPTIONAL_TILE:
            if isinstance(data, Tile):
                return data
            if not isinstance(data, str):
                raise self._refuse('must be a tile such as "6-6", or "none"')
            try:
                return Tile.parse(data)
            except NotationError:
                raise self._refuse(
                    f'must be a tile such as "6-6", or "none", not {quote(data)}'
                ) from None
        choices = self.choices
        assert choices is not None
        if isinstance(data, choices):
            return data
        for member in choices:
            if data == member.value:
                return member
        allowed = ", ".join(quote(str(m.value)) for m in choices)
        shown = quote(data) if isinstance(data, str) else type_name(data)
        raise self._refuse(f"must be one of {allowed}, not {shown}")

    def from_text(self, text: str) -> Any:
        """The value a text stands for (`to_text`, or a user's ``--set``).

        An enum member by value or name, ``true``/``yes``/``on``/``1`` and
        ``false``/``no``/``off``/``0``, ``none`` for an optional field (all in any
        case), an integer, a tile such as ``6-6``, or integers joined by commas for a
        tuple (``none`` or nothing for the empty tuple).

        Raises:
            ArgumentTypeError: ``text`` is not a ``str``.
            FieldValueError: the text does not fit the field.
        """
        if not isinstance(text, str):
            raise ArgumentTypeError(f"text must be a str, got {shown(text)}", argument="text")
        raw = text.strip()
        low = raw.lower()
        kind = self.kind
        if kind is FieldKind.CHOICE:
            choices = self.choices
            assert choices is not None
            for member in choices:
                if low in (str(member.value).lower(), member.name.lower()):
                    return member
            allowed = ", ".join(str(m.value) for m in choices)
            raise self._refuse(f"must be one of {allowed}, got {raw!r}")
        if kind is FieldKind.BOOL:
            if low in _TRUE or low in _FALSE:
                return low in _TRUE
            raise self._refuse(f"must be true or false, got {raw!r}")
        if kind is FieldKind.INT_TUPLE:
            if low in ("", "none"):
                return ()
            try:
                return tuple(int(item) for item in raw.split(","))
            except ValueError:
                raise self._refuse(
                    f"must be integers joined by commas, or none, got {raw!r}"
                ) from None
        if low == "none" and self.optional:
            return None
        if kind is FieldKind.OPTIONAL_TILE:
            try:
                return Tile.parse(raw)
            except NotationError as error:
                raise self._refuse(f"must be a tile such as 6-6: {error}") from None
        try:
            return int(raw)
        except ValueError:
            extra = ' or "none"' if self.optional else ""
            raise self._refuse(f"must be an integer{extra}, got {raw!r}") from None


@attrs.frozen(kw_only=True)
class FieldTable:
    """The codecs of every field of a class, by name, in field order.

    ``table[name]`` raises `RulesetError` for a name that is not a field (``name in
    table`` tells first); iterating gives the names.
    """

    codecs: tuple[FieldCodec, ...]
    """One codec per field, in field order."""
    _by_name: dict[str, FieldCodec] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {c.name: c for c in self.codecs})

    @classmethod
    def of(cls, attrs_class: type) -> FieldTable:
        """The table of an attrs class's fields, from their annotations.

        Raises:
            ArgumentTypeError: ``attrs_class`` is not an attrs class.
            RulesetError: a field's annotation is not one the codec writes.
        """
        if not (isinstance(attrs_class, type) and attrs.has(attrs_class)):
            raise ArgumentTypeError(
                "attrs_class must be an attrs class, got "
                + (attrs_class.__name__ if isinstance(attrs_class, type) else shown(attrs_class)),
                argument="attrs_class",
            )
        hints = typing.get_type_hints(attrs_class)
        return cls(
            codecs=tuple(
                FieldCodec.of_hint(f.name, hints[f.name]) for f in attrs.fields(attrs_class)
            )
        )

    @property
    def names(self) -> tuple[str, ...]:
        """The field names, in field order."""
        return tuple(self._by_name)

    def __getitem__(self, name: str) -> FieldCodec:
        codec = self._by_name.get(name) if isinstance(name, str) else None
        if codec is None:
            shown = repr(name)[:60]
            raise RulesetError(f"no such ruleset field: {shown}", fields=(str(name)[:60],))
        return codec

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def parse_setting(self, text: str) -> tuple[str, Any]:
        """One ``name=value`` setting: the field's name (``-`` read as ``_``) and the
        value `FieldCodec.from_text` reads.

        Raises:
            ArgumentTypeError: ``text`` is not a ``str``.
            ArgumentValueError: ``text`` is not ``name=value``.
            RulesetError: there is no such field.
            FieldValueError: the value does not fit the field.
        """
        if not isinstance(text, str):
            raise ArgumentTypeError(
                f"text must be a FIELD=VALUE string, got {shown(text)}", argument="text"
            )
        name, sep, raw = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise ArgumentValueError(
                f"expected FIELD=VALUE as the text of a setting, got {text!r}", argument="text"
            )
        codec = self._by_name.get(name)
        if codec is None:
            raise RulesetError(f"no ruleset field {shown(name)}", fields=(name,))
        return name, codec.from_text(raw)
