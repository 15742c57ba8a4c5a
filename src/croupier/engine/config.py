"""Building a rule set from named options, as the CLI and histories give them.

`make_config(Rules, table="small", commission="1/20")` turns text into the
field's type (enums by value, whole numbers, fractions, nested limits as
`low-high`) and refuses an unknown option or a bad value with an
`InvalidConfig` that names it and says what is valid (the field and its value as data,
`croupier.engine.rule_options.refuse`).
"""

from __future__ import annotations

import dataclasses
import enum
import re
import typing
from fractions import Fraction
from typing import Any, TypeVar

from croupier.engine.rule_options import refuse
from croupier.errors import InvalidConfig
from croupier.i18n import _

__all__ = ["make_config", "member"]

T = TypeVar("T")


def make_config(cls: type[T], **options: Any) -> T:
    """An instance of the dataclass `cls` from options given as values or text."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    hints = typing.get_type_hints(cls)
    names = [field.name for field in dataclasses.fields(cls)]
    values: dict[str, Any] = {}
    for name, raw in options.items():
        key = name.replace("-", "_")
        if key not in hints:
            raise InvalidConfig(
                _("unknown option {name!r}: the options are {names}").format(
                    name=name, names=", ".join(names)
                )
            )
        values[key] = _convert(key, raw, hints[key])
    try:
        return cls(**values)
    except InvalidConfig:
        raise
    except (TypeError, ValueError) as error:
        raise InvalidConfig(str(error)) from error


def _convert(name: str, raw: Any, hint: Any) -> Any:
    args = typing.get_args(hint)
    if type(None) in args and len(args) == 2:  # an optional value: "none", or the other type
        if raw is None or str(raw).strip().lower() == "none":
            return None
        (hint,) = (arg for arg in args if arg is not type(None))
    if isinstance(hint, type) and isinstance(raw, hint) and not isinstance(raw, bool | str):
        return raw
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum(name, raw, hint)
    if hint is bool:
        return _bool(name, raw)
    if hint is int:
        return _int(name, raw)
    if hint is Fraction:
        return _fraction(name, raw)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _pair(name, raw, hint)
    raise InvalidConfig(_("option {name!r} cannot be set from {raw!r}").format(name=name, raw=raw))


E = TypeVar("E", bound=enum.Enum)


def member(kind: type[E], raw: E | str, parameter: str) -> E:
    """`raw`, or the member of `kind` it names (its value, any case); `InvalidConfig` with
    `parameter` and the choices for a name that is none."""
    found = _named(kind, raw)
    if found is None:
        said = _("choose from {choices}").format(choices=_choices(kind))
        raise refuse({parameter: repr(raw)}, said)
    return found


def _enum(name: str, raw: Any, hint: type[enum.Enum]) -> enum.Enum:
    found = _named(hint, raw)
    if found is None:
        raise refuse({name: repr(raw)}, _("choose from {choices}").format(choices=_choices(hint)))
    return found


def _named(kind: type[E], raw: Any) -> E | None:
    """`raw`, or the member of `kind` whose value it is (any case), or None."""
    if isinstance(raw, kind):
        return raw
    try:
        return kind(str(raw).strip().lower())
    except ValueError:
        return None


def _choices(kind: type[enum.Enum]) -> str:
    return ", ".join(repr(choice.value) for choice in kind)


def _bool(name: str, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("yes", "true", "on", "1"):
        return True
    if text in ("no", "false", "off", "0"):
        return False
    raise refuse({name: repr(raw)}, _("write yes or no"))


def _int(name: str, raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    try:
        return int(str(raw).strip())
    except ValueError:
        raise InvalidConfig(_("{named} is not a whole number"), {name: repr(raw)}) from None


_WRITTEN = re.compile(r"(\d{0,18}\.?\d{1,18}|\d{1,18}/\d{1,18})\s*(%?)")
"""A fraction as a person writes one: `1/20`, `0.05` or `5%`, of no more than 18 digits a
part (Python's own reading would take `1e999999`, and work on it for ever)."""


def _fraction(name: str, raw: Any) -> Fraction:
    if isinstance(raw, Fraction | int) and not isinstance(raw, bool):
        return Fraction(raw)
    text = str(raw).strip()
    written = _WRITTEN.fullmatch(text)
    try:
        if written is None:
            raise ValueError(text)
        number, percent = written.groups()
        return Fraction(number) / (100 if percent else 1)
    except (ValueError, ZeroDivisionError):
        said = _("{named} is not a number: write a fraction such as 1/20, 0.05 or 5%")
        raise InvalidConfig(said, {name: repr(raw)}) from None


def _pair(name: str, raw: Any, hint: type) -> Any:
    """A two-field dataclass (such as table limits) from `low-high`."""
    low_name, high_name = (field.name for field in dataclasses.fields(hint))
    text = str(raw).replace(" ", "")
    low, sep, high = text.partition("-")
    if not sep:
        said = _("write {low}-{high}, e.g. 10-1000").format(low=low_name, high=high_name)
        raise refuse({name: repr(raw)}, said)
    return hint(_int(name, low), _int(name, high))
