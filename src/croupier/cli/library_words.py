"""Typer's own words (the help's panels and marks, its refusal of an unknown command) in
the session's language.

Typer marks these for gettext's global domain, which takes the language from the
environment alone. They are listed here, so that croupier's catalog holds their
translations; `install` has Typer ask `croupier.i18n` for them and `speak` sets its fixed
strings, so that `--lang` rules them too. The message id is the English, so English is
unchanged. The copy of Click that Typer carries (`typer._click`) marks nothing for
translation: its few words ("Usage:", "Show this message and exit.", a missing value) stay
in English.
"""

from __future__ import annotations

import typer.core
from typer import rich_utils

from croupier import i18n
from croupier.i18n import N_

__all__ = ["MESSAGES", "install", "speak"]

_FIXED = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
}
"""Typer's fixed strings of the help, by their names in `typer.rich_utils`."""

MESSAGES = (N_("Missing command."), N_("No such command {name!r}."))
"""Typer's messages a croupier user may meet, as Typer words them."""


def install() -> None:
    """Have Typer's messages translated by `croupier.i18n` from now on."""
    typer.core._ = i18n._  # type: ignore[attr-defined]


def speak() -> None:
    """Set Typer's fixed strings in the context's language, for the help about to be shown."""
    for name, message in _FIXED.items():
        setattr(rich_utils, name, i18n._(message))
