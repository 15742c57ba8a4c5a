"""Typer's own words (the help's panels and marks, "Usage:", the help option's and the
completion options' help, its refusals of a command line) in the session's language.

The copy of Click that Typer carries marks none of them for translation, and Typer marks
some for gettext's global domain, which takes the language from the environment alone. They
are listed here, so that croupier's catalog holds their translations, and said through
Typer's public surface: every croupier command is a `SpokenCommand` or a `SpokenGroup`
(made by `Typer`), which begin the usage line and word the help option in the context's
language; `speak` sets the help's fixed strings (`typer.rich_utils`), and `refusal` says a
refusal Click or Typer words in English in the context's language. The message id is the
English, so English is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

import typer
from typer import rich_utils
from typer.core import TyperCommand, TyperGroup

from croupier import i18n
from croupier.i18n import N_

__all__ = ["MESSAGES", "SpokenCommand", "SpokenGroup", "Typer", "refusal", "speak"]

_FIXED = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
}
"""Typer's fixed strings of the help, by their names in `typer.rich_utils`."""

MESSAGES = (
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
"""The completion options' help, as Typer words it (translated with every option's,
`_usage._reflow`)."""

_USAGE = N_("Usage: ")
_HELP = N_("Show this message and exit.")

_REFUSALS = {
    r"No such option: (?P<option>.+)": N_("No such option: {option}"),
    r"Option '(?P<option>.+)' requires an argument\.": N_(
        "Option {option!r} requires an argument."
    ),
    r"Option '(?P<option>.+)' does not take a value\.": N_(
        "Option {option!r} does not take a value."
    ),
    r"Got unexpected extra argument\(s\) \((?P<extra>.*)\)": N_(
        "Got unexpected extra argument(s) ({extra})"
    ),
    r"Missing argument (?P<name>.+)\.": N_("Missing argument {name}."),
    r"Missing option (?P<name>.+)\.": N_("Missing option {name}."),
    r"Missing command\.": N_("Missing command."),
    r"No such command '(?P<name>.+)'\.": N_("No such command {name!r}."),
    r"(?P<value>'.*') is not one of (?P<choices>.+)\.": N_("{value} is not one of {choices}."),
}
"""Click's refusals of a command line, as it words them, and each as croupier's catalog has
it (the same English); the last two are Typer's."""
Command = TypeVar("Command", bound=Callable[..., Any])

_POSSIBLE = N_("{refusal} (Possible options: {options})")


class _Spoken:
    """What a croupier command says of itself in the context's language: the usage line's
    "Usage:" and the help option's help."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=i18n._(_USAGE))

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = i18n._(_HELP)
        return option


class SpokenCommand(_Spoken, TyperCommand):
    """A croupier command, its usage line and help option in the context's language."""


class SpokenGroup(_Spoken, TyperGroup):
    """A croupier command with subcommands, its usage line and help option in the context's
    language."""


class Typer(typer.Typer):
    """A Typer application whose commands are `SpokenCommand`s unless told otherwise, and
    which is a `SpokenGroup` unless told otherwise."""

    def __init__(self, *, cls: type[TyperGroup] | None = None, **settings: Any) -> None:
        super().__init__(cls=cls or SpokenGroup, **settings)

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **settings: Any
    ) -> Callable[[Command], Command]:
        return super().command(name, cls=cls or SpokenCommand, **settings)


def speak() -> None:
    """Set Typer's fixed strings in the context's language, for the help about to be shown."""
    for name, message in _FIXED.items():
        setattr(rich_utils, name, i18n._(message))


def refusal(english: str, possible: list[str] | None = None) -> str:
    """Click's refusal `english` in the context's language (as it is, if it is none of those
    croupier knows), followed by the `possible` options it suggests."""
    said = english
    for pattern, message in _REFUSALS.items():
        found = re.fullmatch(pattern, english)
        if found:
            said = i18n._(message).format(**found.groupdict())
            break
    if possible:
        return i18n._(_POSSIBLE).format(refusal=said, options=", ".join(sorted(possible)))
    return said
