"""Typer's own words (the help's panels and marks, "Usage:", the help option's and the
completion options' help, its refusals of a command line) in the session's language.

Typer marks some of these for gettext's global domain, which takes the language from the
environment alone; the copy of Click that Typer carries (`typer._click`) marks none. They
are listed here, so that croupier's catalog holds their translations: `install` has Typer
ask `croupier.i18n` for the ones it marks and draws the usage line and the help option in
the context's language, `speak` sets its fixed strings, and `refusal` says one of the
refusals Click words in English in the context's language. The message id is the English,
so English is unchanged.
"""

from __future__ import annotations

import re
from typing import Any

import typer.core
from typer import rich_utils
from typer._click import core as click_core
from typer._click.formatting import HelpFormatter

from croupier import i18n
from croupier.i18n import N_

__all__ = ["MESSAGES", "install", "refusal", "speak"]

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
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
"""Typer's messages a croupier user may meet, as Typer words them: its refusals, and the
completion options' help (translated with every option's, `usage._reflow`)."""

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
    r"(?P<value>'.*') is not one of (?P<choices>.+)\.": N_("{value} is not one of {choices}."),
}
"""Click's refusals of a command line, as it words them, and each as croupier's catalog has
it (the same English)."""
_POSSIBLE = N_("{refusal} (Possible options: {options})")


class _Formatter(HelpFormatter):
    """Click's help formatter, its usage line begun in the context's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, i18n._(_USAGE) if prefix is None else prefix)


def _help_option(command: Any, ctx: Any) -> Any:
    """The command's help option, its help in the context's language."""
    option = _UNTRANSLATED(command, ctx)
    if option is not None:
        option.help = i18n._(_HELP)
    return option


_UNTRANSLATED = click_core.Command.get_help_option


def install() -> None:
    """Have Typer's messages, its usage line and its help option said through
    `croupier.i18n` from now on."""
    typer.core._ = i18n._  # type: ignore[attr-defined]
    click_core.Context.formatter_class = _Formatter
    click_core.Command.get_help_option = _help_option  # type: ignore[method-assign,assignment]


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
