"""A game's rule options on the command line, made from their descriptions
(`croupier.engine.rule_options`): every command of a game (`play`, `odds`, `simulate`)
takes each of them under the same name, with the same help and bounds, unless it says why
not; a refusal of the rule set names the option that set each field, from the refusal's
data, never by reading its words back.

    @odds_app.command("monte-bank")
    @with_rules("monte-bank", leave_out={"seats": "no wager's odds depend on it"})
    def monte_bank(given: Given, as_json: AsJson = False) -> None:
        rules = given.table()   # the rule set, from the options given

The options are made afresh whenever typer reads the command's parameters, so that an
option added to a game's `Rules` is at once an option of its every command.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from croupier import games as registry
from croupier.cli._options import whole
from croupier.cli._usage import AT_LEAST, BOUNDS
from croupier.engine.rule_options import RuleOption, is_enum, options
from croupier.errors import InvalidConfig, InvalidInput
from croupier.i18n import N_

__all__ = ["RULES_PANEL", "Given", "taken", "with_rules"]

RULES_PANEL = N_("The table's rules")
"""The help panel of a game's rule options."""


def taken(game: str, leave_out: Mapping[str, str] = {}) -> tuple[RuleOption, ...]:
    """The rule options of `game` that a command takes: all but those it leaves out (each
    with why, in `leave_out`)."""
    described = options(registry.get(game).config_type)
    unknown = set(leave_out) - {option.name for option in described}
    if unknown:
        raise ValueError(f"{game} has no rule options {sorted(unknown)}")
    return tuple(option for option in described if option.name not in leave_out)


@dataclass(frozen=True, slots=True)
class Given:
    """The rule options a command was given: `chosen`, by field, an enum's member or the
    text or number given; `taken`, every rule option the command takes."""

    game: str
    taken: tuple[RuleOption, ...]
    chosen: dict[str, Any]

    def table(self, **more: Any) -> Any:
        """The rule set: the game's `config` from the options given and `more` (fields the
        command sets itself). A refusal names the option that set each field, from the
        refusal's data (`InvalidConfig.named`), as an `InvalidInput`."""
        try:
            return registry.get(self.game).config(**self.chosen, **more)
        except InvalidConfig as error:
            raise self.refusal(error) from None

    def refusal(self, error: InvalidConfig) -> InvalidInput:
        """A refusal of the rule set (by the game, or by a layer that does not follow one of
        its rules) with each field the command took named as its option."""
        return InvalidInput(error.named({option.name: option.option for option in self.taken}))


def with_rules(
    game: str, leave_out: Mapping[str, str] = {}
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A command of `game` that takes its rule options (`taken`) beside its own parameters;
    the function is called with `given`, the `Given` options, instead of them."""

    def made(function: Callable[..., Any]) -> Callable[..., Any]:
        return _WithRules(function, game, dict(leave_out))

    return made


class _WithRules:
    """A command's function whose parameters, as typer reads them (`__signature__`), are its
    own and the game's rule options, made from their descriptions when read."""

    def __init__(self, function: Callable[..., Any], game: str, leave_out: dict[str, str]):
        self.__name__, self.__doc__ = function.__name__, function.__doc__
        self._function, self._game, self._leave_out = function, game, leave_out

    @property
    def __signature__(self) -> inspect.Signature:
        own = inspect.signature(self._function, eval_str=True)
        keyword = inspect.Parameter.KEYWORD_ONLY
        mine = [p.replace(kind=keyword) for name, p in own.parameters.items() if name != "given"]
        made = [
            inspect.Parameter(
                option.name, keyword, default=_default(option), annotation=_typed(option)
            )
            for option in taken(self._game, self._leave_out)
        ]
        if self._context() == _CONTEXT:
            mine.append(inspect.Parameter(_CONTEXT, keyword, annotation=typer.Context))
        return own.replace(parameters=[*mine, *made])

    def _context(self) -> str:
        """The parameter that hands the command its context: the function's own, if it has
        one (typer hands it to one only), else one added."""
        own = inspect.signature(self._function, eval_str=True).parameters.values()
        named = (p.name for p in own if p.annotation is typer.Context)
        return next(named, _CONTEXT)

    @property
    def __annotations__(self) -> dict[str, Any]:  # type: ignore[override]
        return {name: p.annotation for name, p in self.__signature__.parameters.items()}

    def __call__(self, **values: Any) -> Any:
        name = self._context()
        ctx = values.pop(name) if name == _CONTEXT else values[name]
        described = taken(self._game, self._leave_out)
        chosen = {}
        for option in described:
            value = values.pop(option.name)
            source = ctx.get_parameter_source(option.name)
            if source is not None and source.name == "COMMANDLINE":
                chosen[option.name] = _value(option, value)
        return self._function(**values, given=Given(self._game, described, chosen))


_CONTEXT = "rules_context"
"""The parameter through which typer hands a command with rules its context."""


def _default(option: RuleOption) -> Any:
    """A rule option's default as the command line says it (`--help` shows it)."""
    if is_enum(option.kind):
        return _choices(option)(_word(option, option.default))
    if _base(option.kind)[0] in (bool, int):
        return option.default
    return str(option.default)


def _typed(option: RuleOption) -> Any:
    """A rule option as typer takes a parameter: its type, and its `typer.Option`."""
    base, optional = _base(option.kind)
    more: dict[str, Any] = {}
    if base is bool:
        kind: Any = bool
        more["metavar"] = ""
    elif is_enum(base):
        kind = _choices(option)
        more["case_sensitive"] = False
    elif base is int:
        kind = int | None if optional else int
        more["parser"] = _whole_or_none if optional else whole()
        more["metavar"] = "CHIPS" if option.stake else "N"
    elif dataclasses.is_dataclass(base):
        kind, more["metavar"] = str, "LOW-HIGH"
    else:
        kind, more["metavar"] = str, "RATE"
    declared = option.option
    if base is bool and option.default:
        declared = f"{declared}/--no-{declared[2:]}"
    help = option.help + _bounds(option)
    return Annotated[kind, typer.Option(declared, help=help, rich_help_panel=RULES_PANEL, **more)]


def _base(kind: Any) -> tuple[Any, bool]:
    """An option's kind without none, and whether none is one of its values."""
    args = typing.get_args(kind)
    if type(None) in args:
        (base,) = (arg for arg in args if arg is not type(None))
        return base, True
    return kind, False


def _whole_or_none(text: str | int | None) -> int | None:
    """A whole number (`_options.whole`), or `none` (the default, as given, too)."""
    if text is None or str(text).strip().lower() == "none":
        return None
    return whole()(str(text))


def _bounds(option: RuleOption) -> str:
    """The bounds a whole number's help ends with, as `_options.number` shows them."""
    if _base(option.kind)[0] is not int or option.choices or option.low is None:
        return ""
    if option.high is None:
        return AT_LEAST.format(low=option.low)
    return BOUNDS.format(low=option.low, high=option.high)


@functools.cache
def _choices(option: RuleOption) -> type[enum.Enum]:
    """An enum option's words on the command line, as an enum for typer to offer."""
    words = option.words or tuple((member.value, member) for member in option.kind)
    return enum.Enum(option.kind.__name__, {word: word for word, __ in words})  # type: ignore[return-value]


def _word(option: RuleOption, member: enum.Enum) -> str:
    """The command line's word for an enum option's member."""
    return next((word for word, named in option.words if named is member), member.value)


def _value(option: RuleOption, value: Any) -> Any:
    """What the command line gave, for the game's `config`: an enum's member for its word."""
    if is_enum(option.kind):
        words = option.words or tuple((member.value, member) for member in option.kind)
        return dict(words)[value.value]
    return value
