"""Each rule option of a game described once, beside its field in the game's `Rules`.

A field declared with `option(...)` says what it sets (its help and rule ID), the values
it takes (bounds or choices, and why others are not valid), the command line's name for
it where that is a historical one, and which stake limit it is, if any. From these
descriptions every front end is made: the commands' options, the lobby's form and its
stake limits, the tables of docs/cli.md; and `check` refuses a value out of bounds with
an `InvalidConfig` that names the field, the value and the reason as data.

    >>> from croupier.games.chemin_de_fer.rules import Rules
    >>> decks = options(Rules)[0]
    >>> decks.name, decks.rule, decks.low, decks.default
    ('decks', 'CF-2', 3, 6)
    >>> Rules(decks=2)
    Traceback (most recent call last):
    ...
    croupier.errors.InvalidConfig: decks = 2 is not valid: at least 3 full decks (CF-2)
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from croupier.engine.codec import JSON, brief, decode, encode
from croupier.errors import InvalidConfig, InvalidInput
from croupier.i18n import N_, _, pgettext

__all__ = [
    "End",
    "RuleOption",
    "changeable",
    "check",
    "described",
    "is_enum",
    "labels",
    "limits_of",
    "limits_said",
    "option",
    "options",
    "rate",
    "refuse",
    "stakes",
    "with_limits",
]

R = typing.TypeVar("R")

_NOT_VALID = N_("{named} is not valid: {reason}")
"""How a field's value is refused."""
_TOGETHER = "{named}: {reason}"
"""How fields whose values do not go together are refused."""


class End(enum.Enum):
    """Which end of its stake limit an option sets."""

    LOW = "low"
    """The least; the rules set no most beyond the bank."""
    HIGH = "high"
    """The most."""
    BOTH = "both"
    """Both: the amount is the limit (a bank agreed)."""


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One option of a rule set: the field `name` of type `kind`, its `default`, `help`
    (a message, as `--help` says it, the rule ID in it) and `rule` (its rule ID); the values
    it takes, from `low` to `high` (short of `high` where `below`), or one of `choices`,
    `reason` saying why another is not valid; `flag`, the command line's name where it is
    not the field's; `words`, the command line's words for an enum's members where they
    are not their values; `stake`, the stake limit it sets (`end`), by what that limits."""

    name: str
    kind: Any
    default: Any
    help: str
    rule: str | None = None
    low: Any = None
    high: Any = None
    below: bool = False
    choices: tuple[Any, ...] = ()
    reason: str = ""
    flag: str | None = None
    words: tuple[tuple[str, Any], ...] = ()
    stake: str | None = None
    end: End = End.LOW

    @property
    def option(self) -> str:
        """The command line's option: `--cut-card`."""
        return "--" + (self.flag or self.name.replace("_", "-"))

    @property
    def label(self) -> str:
        """What the lobby calls it, in English (the message id in the context "rule")."""
        return _label(self.name)

    @property
    def changeable(self) -> bool:
        """Whether a host may change it between coups (`with_limits`): a stake limit, but
        not a bank agreed (`End.BOTH`), which is the size of every bank."""
        return self.stake is not None and self.end is not End.BOTH

    def fits(self, value: Any) -> bool:
        """Whether `value` is within the option's bounds and choices; none is, where the
        option's default is none (a limit not set)."""
        if value is None:
            return self.default is None
        if self.choices and value not in self.choices:
            return False
        if self.low is not None and value < self.low:
            return False
        if self.high is None:
            return True
        return bool(value < self.high if self.below else value <= self.high)

    def check(self, value: Any) -> None:
        """Refuse `value` if it does not `fit`, saying why (`reason`)."""
        if not self.fits(value):
            raise refuse(
                {self.name: str(value)}, _(self.reason).format(low=self.low, high=self.high)
            )


def described(rules: Any) -> list[dict[str, JSON]]:
    """The options of a rule set as the lobby's form is made from them, in the current
    language: each one's name, label (a range's parts' too), help, rule ID, default,
    bounds, choices and the stake limit it sets."""
    return [_as_json(option) for option in options(rules)]


def _as_json(option: RuleOption) -> dict[str, JSON]:
    made: dict[str, JSON] = {
        "name": option.name,
        "label": pgettext("rule", option.label),
        "help": _(option.help),
        "rule": option.rule,
        "default": encode(option.default),
        "low": encode(option.low),
        "high": encode(option.high),
        "choices": [encode(choice) for choice in option.choices]
        or ([member.value for member in option.kind] if is_enum(option.kind) else None),
        "stake": option.stake,
        "changeable": option.changeable,
    }
    if dataclasses.is_dataclass(option.kind):
        parts = (field.name for field in dataclasses.fields(option.kind))
        made["parts"] = {part: pgettext("rule", part) for part in parts}
    return made


def labels(rules: Any) -> list[str]:
    """The English of the labels `described` gives (each a message in the context "rule",
    which scripts/messages.py adds to the catalogs)."""
    found = []
    for option in options(rules):
        found.append(option.label)
        if dataclasses.is_dataclass(option.kind):
            found += [field.name for field in dataclasses.fields(option.kind)]
    return found


def refuse(values: Mapping[str, str], reason: str) -> InvalidConfig:
    """The refusal of fields of a rule set, each with its value as said, for `reason`
    (translated): one field's value is not valid, or more do not go together."""
    form = _(_NOT_VALID) if len(values) == 1 else _TOGETHER
    return InvalidConfig(form, values, reason)


def option(
    default: Any = dataclasses.MISSING,
    help: str = "",
    rule: str | None = None,
    *,
    factory: Any = dataclasses.MISSING,
    low: Any = None,
    high: Any = None,
    below: bool = False,
    choices: tuple[Any, ...] = (),
    reason: str = "",
    flag: str | None = None,
    words: tuple[tuple[str, Any], ...] = (),
    stake: str | None = None,
    end: End = End.LOW,
) -> Any:
    """A field of a rule set that is an option, described (see `RuleOption`); its default
    is `default`, or made by `factory`."""
    described = {
        "help": help,
        "rule": rule,
        "low": low,
        "high": high,
        "below": below,
        "choices": choices,
        "reason": reason,
        "flag": flag,
        "words": words,
        "stake": stake,
        "end": end,
    }
    metadata = {"option": described}
    if factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=factory, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


def rate(default: Any, help: str, rule: str) -> Any:
    """A field of a rule set that is a share of a stake or a win (a commission, a cut), from
    0 up to 1 (see `option`)."""
    return option(default, help, rule, low=0, high=1, below=True, reason=N_("from 0 up to 1"))


def options(rules: Any) -> tuple[RuleOption, ...]:
    """The options of a rule set (a `Rules` class or one of its values), in the order of
    its fields."""
    cls = rules if isinstance(rules, type) else type(rules)
    return _options(cls)


@functools.cache
def _options(cls: type) -> tuple[RuleOption, ...]:
    hints = typing.get_type_hints(cls)
    made = []
    for field in dataclasses.fields(cls):
        if "option" not in field.metadata:
            continue
        made_by = field.default_factory
        default = field.default if made_by is dataclasses.MISSING else made_by()
        described = field.metadata["option"]
        made.append(RuleOption(field.name, hints[field.name], default, **described))
    return tuple(made)


def check(rules: Any) -> None:
    """Refuse a rule set any of whose options is out of its bounds (`RuleOption.check`),
    the first in the order of its fields."""
    for described in options(rules):
        described.check(getattr(rules, described.name))


def stakes(rules: Any) -> dict[str, JSON]:
    """The stake limits `rules` sets, for the lobby, by what they limit: each a range of
    whole chips, `low` to `high`, where `high` null means no limit the rules set beyond the
    bank (and the chips a seat has). Read from the options that are stake limits."""
    found: dict[str, dict[str, JSON]] = {}
    for described in options(rules):
        if described.stake is None:
            continue
        value = getattr(rules, described.name)
        limit = found.setdefault(described.stake, {"low": None, "high": None})
        if dataclasses.is_dataclass(value):  # a range of its own, as Limits(low, high)
            limit["low"], limit["high"] = (
                getattr(value, f.name) for f in dataclasses.fields(value)
            )
        elif described.end is End.BOTH:
            limit["low"] = limit["high"] = value
        else:
            limit[described.end.value] = value
    return dict(found)


def changeable(rules: Any) -> tuple[RuleOption, ...]:
    """The options of `rules` a host may change between coups (`with_limits`)."""
    return tuple(described for described in options(rules) if described.changeable)


def limits_of(rules: Any) -> dict[str, JSON]:
    """The stake limits of `rules` a host may change (`changeable`), as `with_limits` takes
    them: by name, each as the rule set's JSON has it."""
    return {
        described.name: encode(getattr(rules, described.name)) for described in changeable(rules)
    }


def with_limits(rules: R, limits: Mapping[str, JSON]) -> R:
    """`rules` with the stake limits in `limits` (each `changeable` option changed, by its
    name, with its value as the rule set's JSON has it: `{"minimum_stake": 20}`), checked
    as a whole rule set is; an `InvalidConfig` naming the field and why if one is not a
    limit, or not valid, or they no longer go together."""
    may = {described.name: described for described in changeable(rules)}
    values = {}
    for name, given in limits.items():
        described = may.get(name)
        if described is None:
            said = _("{named} is not a stake limit a host changes between coups: those are {names}")
            raise InvalidConfig(
                said.replace("{names}", ", ".join(may) or _("none")), {name: brief(given)}
            )
        try:
            values[name] = decode(given, described.kind)
        except InvalidInput as error:
            raise refuse({name: brief(given)}, str(error)) from None
    made: R = dataclasses.replace(cast(Any, rules), **values)
    return made


def limits_said(limits: Mapping[str, JSON]) -> str:
    """Stake limits (as `with_limits` takes them) as a line says them, in the current
    language: `minimum stake 20, punto 20 to 2000`."""
    said = []
    for name, value in sorted(limits.items()):
        if isinstance(value, dict):  # a range of its own, as Limits(low, high)
            low, high = _said(value.get("low")), _said(value.get("high"))
            value = _("{low} to {high}").format(low=low, high=high)
        said.append(f"{pgettext('rule', _label(name))} {_said(value)}")
    return ", ".join(said)


def _said(value: JSON) -> str:
    return _("none") if value is None else str(value)


def _label(name: str) -> str:
    """An option's label, in English, from its field's name."""
    return name.replace("_", " ")


def is_enum(kind: Any) -> bool:
    """Whether an option's kind is an enum's."""
    return isinstance(kind, type) and issubclass(kind, enum.Enum)
