"""Plain JSON for croupier's values: actions, events, rule sets, views, histories.

Dataclasses become objects with a `"type"` key; cards their text (`"7D"`);
enums their value; fractions `"p/q"`; tuples and frozensets lists. `decode`
reads them back by the type hints of the dataclass expected.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import functools
import json
import re
import reprlib
import sys
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Union

from croupier.cards import Card
from croupier.errors import InvalidInput
from croupier.i18n import _, ngettext

__all__ = ["JSON", "brief", "decode", "encode", "field_names"]

JSON = Any


class _Shape(enum.Enum):
    """How `encode` writes a value, by its type."""

    PLAIN = "plain"
    CARD = "card"
    ENUM = "enum"
    FRACTION = "fraction"
    DATACLASS = "dataclass"
    MAPPING = "mapping"
    SET = "set"
    SEQUENCE = "sequence"


@functools.cache
def _shape(kind: type) -> tuple[_Shape, tuple[str, ...]]:
    """How values of `kind` are written, and a dataclass's field names in order: worked out
    once per type (a server encodes a view for every seat after every step)."""
    if kind is type(None) or issubclass(kind, bool | int | str | float):
        return _Shape.PLAIN, ()
    if issubclass(kind, Card):
        return _Shape.CARD, ()
    if issubclass(kind, enum.Enum):
        return _Shape.ENUM, ()
    if issubclass(kind, Fraction):
        return _Shape.FRACTION, ()
    if dataclasses.is_dataclass(kind):
        return _Shape.DATACLASS, tuple(field.name for field in dataclasses.fields(kind))
    if issubclass(kind, Mapping):
        return _Shape.MAPPING, ()
    if issubclass(kind, frozenset | set):
        return _Shape.SET, ()
    if issubclass(kind, tuple | list):
        return _Shape.SEQUENCE, ()
    raise TypeError(f"cannot encode {kind.__name__} as JSON")


def field_names(kind: type) -> tuple[str, ...]:
    """The fields `encode` writes of a dataclass, in order (after its `"type"`)."""
    shape, names = _shape(kind)
    if shape is not _Shape.DATACLASS:
        raise TypeError(f"{kind.__name__} is not a dataclass")
    return names


def encode(value: Any) -> JSON:
    """A JSON-ready form of `value`."""
    kind: type = type(value)
    shape, names = _shape(kind)
    if shape is _Shape.PLAIN:
        return value
    if shape is _Shape.DATACLASS:
        return {"type": kind.__name__, **{name: encode(getattr(value, name)) for name in names}}
    if shape is _Shape.SEQUENCE:
        return [encode(item) for item in value]
    if shape is _Shape.CARD:
        return str(value)
    if shape is _Shape.ENUM:
        return value.value
    if shape is _Shape.MAPPING:
        return {str(encode(key)): encode(item) for key, item in value.items()}
    if shape is _Shape.SET:
        return sorted((encode(item) for item in value), key=repr)
    return f"{value.numerator}/{value.denominator}"  # a Fraction


def decode(data: JSON, hint: Any, known: Mapping[str, type] = types.MappingProxyType({})) -> Any:
    """Read back what `encode` wrote, as the type `hint`; `InvalidInput` if `data` is not
    such a value.

    `known` maps type names to the dataclasses a polymorphic field may hold
    (a game's actions, for instance).
    """
    if isinstance(hint, typing.TypeVar):  # a generic's field, as `Amounts`' template
        hint = hint.__bound__ if hint.__bound__ is not None else Any
    origin = typing.get_origin(hint)
    if hint is Any:
        return data
    if origin in (Union, types.UnionType):
        return _decode_union(data, typing.get_args(hint), known)
    if hint is type(None):
        if data is not None:
            raise InvalidInput(_("expected null, got {data}").format(data=brief(data)))
        return None
    if hint is Card:
        if not isinstance(data, str):
            said = _("expected a card such as '7D', got {data}")
            raise InvalidInput(said.format(data=brief(data)))
        return Card.from_str(data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass(data, hint, known)
    if origin is tuple:
        args = typing.get_args(hint)
        items = _list(data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(item, args[0], known) for item in items)
        if len(items) != len(args):
            said = ngettext(
                "expected a list of {n}, got {data}",
                "expected a list of {n}, got {data}",
                len(args),
            )
            raise InvalidInput(said.format(n=len(args), data=brief(data)))
        return tuple(decode(item, arg, known) for item, arg in zip(items, args, strict=True))
    if origin is frozenset:
        (arg,) = typing.get_args(hint)
        return frozenset(decode(item, arg, known) for item in _list(data))
    if origin in (dict, Mapping, typing.get_origin(Mapping[str, str])):
        if not isinstance(data, dict):
            raise InvalidInput(_("expected an object, got {data}").format(data=brief(data)))
        key_hint, value_hint = typing.get_args(hint)
        return {
            decode(_key(key, key_hint), key_hint, known): decode(item, value_hint, known)
            for key, item in data.items()
        }
    return _decode_scalar(data, hint)


_FRACTION = re.compile(r"-?[0-9]{1,30}(/[0-9]{1,30})?")
"""A fraction as `encode` writes it; no exponents, which could ask for a number too big to make."""


def _decode_scalar(data: JSON, hint: Any) -> Any:
    if hint is Fraction:
        if isinstance(data, str) and _FRACTION.fullmatch(data):
            with contextlib.suppress(ZeroDivisionError):  # "1/0", "1/00"
                return Fraction(data)
        said = _("expected a fraction such as '1/20', got {data}")
        raise InvalidInput(said.format(data=brief(data)))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        choices = {member.value: member for member in hint}
        if isinstance(data, str | int) and data in choices:
            return choices[data]
        named = ", ".join(repr(value) for value in choices)
        said = _("cannot read {data} as {type}: choose from {choices}")
        raise InvalidInput(said.format(data=brief(data), type=hint.__name__, choices=named))
    if hint is int and isinstance(data, int) and not isinstance(data, bool):
        return data
    if hint in (str, bool, float) and isinstance(data, hint):
        return data
    said = _("cannot read {data} as {type}")
    raise InvalidInput(said.format(data=brief(data), type=getattr(hint, "__name__", hint)))


def _decode_union(data: JSON, options: tuple[Any, ...], known: Mapping[str, type]) -> Any:
    if isinstance(data, dict) and "type" in data and data["type"] in known:
        return _decode_dataclass(data, known[data["type"]], known)
    for option in sorted(options, key=lambda o: o is str):  # try str last
        try:
            return decode(data, option, known)
        except InvalidInput:
            continue
    # i18n: between the names of the types a value may be read as ("int or null")
    names = _(" or ").join(
        "null" if option is type(None) else getattr(option, "__name__", str(option))
        for option in options
    )
    said = _("cannot read {data} as {type}")
    raise InvalidInput(said.format(data=brief(data), type=names))


def _decode_dataclass(data: JSON, hint: type[Any], known: Mapping[str, type]) -> Any:
    if not isinstance(data, dict):
        said = _("expected an object for {type}, got {data}")
        raise InvalidInput(said.format(type=hint.__name__, data=brief(data)))
    name = data.get("type", hint.__name__)
    cls: Any = (known.get(name) or _named(hint, name)) if isinstance(name, str) else None
    if not (isinstance(cls, type) and issubclass(cls, hint)) or name != cls.__name__:
        said = _("there is no {type} called {name}")
        raise InvalidInput(said.format(type=hint.__name__, name=brief(name)))
    hints = _hints(cls)
    fields = {field.name: field for field in dataclasses.fields(cls) if field.init}
    unknown = sorted(set(data) - set(fields) - {"type"})
    if unknown:
        said = _("{type} has no field {field}")
        raise InvalidInput(said.format(type=cls.__name__, field=brief(unknown[0])))
    missing = [
        name
        for name, field in fields.items()
        if name not in data
        and field.default is dataclasses.MISSING
        and field.default_factory is dataclasses.MISSING
    ]
    if missing:
        said = _("{type} lacks its field {field!r}")
        raise InvalidInput(said.format(type=cls.__name__, field=missing[0]))
    values = {
        name: decode(item, hints[name], known) for name, item in data.items() if name != "type"
    }
    try:
        return cls(**values)
    except InvalidInput:
        raise
    except (TypeError, ValueError, ArithmeticError) as error:
        said = _("{type} cannot be {data}: {error}")
        raise InvalidInput(said.format(type=cls.__name__, data=brief(data), error=error)) from None


def _named(hint: type[Any], name: str) -> type[Any]:
    """`hint`, or the subclass of it called `name` (a variant's own rule set) if there is one."""
    if hint.__name__ == name:
        return hint
    for sub in hint.__subclasses__():
        if not _current(sub):
            continue  # the class a slotted dataclass replaced, still among the subclasses
        if (found := _named(sub, name)).__name__ == name:
            return found
    return hint


def _current(cls: type[Any]) -> bool:
    """Whether `cls` is the class its module names (not one `dataclass(slots=True)` replaced)."""
    module = sys.modules.get(cls.__module__)
    return module is not None and getattr(module, cls.__qualname__, None) is cls


@functools.cache
def _hints(cls: type[Any]) -> Mapping[str, Any]:
    """`cls`'s fields' types, resolved once per class (`typing.get_type_hints` evaluates every
    annotation anew, which was most of the cost of reading a history back)."""
    return types.MappingProxyType(typing.get_type_hints(cls))


def _list(data: JSON) -> list[Any]:
    if not isinstance(data, list):
        raise InvalidInput(_("expected a list, got {data}").format(data=brief(data)))
    return data


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlong = 2, 40, 40, 40


def brief(data: JSON) -> str:
    """`data` as a message quotes it: its repr (null, true and false as JSON writes them),
    cut short where long or deep."""
    if data is None or isinstance(data, bool):
        return json.dumps(data)
    return _REPR.repr(data)


def _key(key: str, hint: Any) -> JSON:
    """JSON object keys are strings; turn them back into numbers where the hint wants one."""
    if hint is int or (
        typing.get_origin(hint) in (Union, types.UnionType) and int in typing.get_args(hint)
    ):
        try:
            return int(key)
        except ValueError:
            return key
    return key
