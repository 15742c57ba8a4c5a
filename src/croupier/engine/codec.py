"""Plain JSON for croupier's values: actions, events, rule sets, views, histories.

Dataclasses become objects with a `"type"` key; cards their text (`"7D"`);
enums their value; fractions `"p/q"`; tuples and frozensets lists. `decode`
reads them back by the type hints of the dataclass expected.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Union

from croupier.cards import Card

__all__ = ["JSON", "decode", "encode"]

JSON = Any


def encode(value: Any) -> JSON:
    """A JSON-ready form of `value`."""
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, JSON] = {"type": type(value).__name__}
        for field in dataclasses.fields(value):
            out[field.name] = encode(getattr(value, field.name))
        return out
    if isinstance(value, Mapping):
        return {str(encode(key)): encode(item) for key, item in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((encode(item) for item in value), key=repr)
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


def decode(data: JSON, hint: Any, known: Mapping[str, type] = types.MappingProxyType({})) -> Any:
    """Read back what `encode` wrote, as the type `hint`.

    `known` maps type names to the dataclasses a polymorphic field may hold
    (a game's actions, for instance).
    """
    origin = typing.get_origin(hint)
    if hint is Any:
        return data
    if origin in (Union, types.UnionType):
        return _decode_union(data, typing.get_args(hint), known)
    if hint is type(None):
        if data is not None:
            raise ValueError(f"expected null, got {data!r}")
        return None
    if hint is Card:
        return Card.from_str(data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass(data, hint, known)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(item, args[0], known) for item in data)
        return tuple(decode(item, arg, known) for item, arg in zip(data, args, strict=True))
    if origin is frozenset:
        (arg,) = typing.get_args(hint)
        return frozenset(decode(item, arg, known) for item in data)
    if origin in (dict, Mapping, typing.get_origin(Mapping[str, str])):
        key_hint, value_hint = typing.get_args(hint)
        return {
            decode(_key(key, key_hint), key_hint, known): decode(item, value_hint, known)
            for key, item in data.items()
        }
    return _decode_scalar(data, hint)


def _decode_scalar(data: JSON, hint: Any) -> Any:
    if hint is Fraction:
        return Fraction(data)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(data)
    if hint is int and isinstance(data, int) and not isinstance(data, bool):
        return data
    if hint in (str, bool, float) and isinstance(data, hint):
        return data
    raise ValueError(f"cannot read {data!r} as {getattr(hint, '__name__', hint)}")


def _decode_union(data: JSON, options: tuple[Any, ...], known: Mapping[str, type]) -> Any:
    if isinstance(data, dict) and "type" in data and data["type"] in known:
        return _decode_dataclass(data, known[data["type"]], known)
    for option in sorted(options, key=lambda o: o is str):  # try str last
        try:
            return decode(data, option, known)
        except (ValueError, TypeError, KeyError):
            continue
    raise ValueError(f"cannot read {data!r} as any of {options}")


def _decode_dataclass(data: JSON, hint: type[Any], known: Mapping[str, type]) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"expected an object for {hint.__name__}, got {data!r}")
    cls: type[Any] = known.get(data.get("type", ""), hint)
    if not (isinstance(cls, type) and issubclass(cls, hint)):
        raise ValueError(f"{data.get('type')!r} is not a {hint.__name__}")
    hints = _hints(cls)
    values = {
        field.name: decode(data[field.name], hints[field.name], known)
        for field in dataclasses.fields(cls)
        if field.name in data
    }
    return cls(**values)


def _hints(cls: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(cls)


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
