"""Bad input on the command line: one line saying what is wrong, exit status 2, no
traceback and no box."""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
import tempfile
from collections.abc import Mapping, Sequence
from difflib import get_close_matches
from pathlib import Path
from types import MappingProxyType
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperCommand

from croupier import i18n
from croupier.cli import _library_words as library_words
from croupier.errors import InvalidConfig, InvalidInput

__all__ = [
    "AT_LEAST",
    "BOUNDS",
    "USAGE_ERROR",
    "Croupier",
    "GameCommands",
    "fail",
    "output_file",
    "plot_file",
]

USAGE_ERROR: Any = typer.BadParameter.__bases__[0]
"""click's `UsageError` (an unknown option, a value of the wrong type), whichever click typer
carries."""


_OPTIONS = {"Plan.hands": "--session-hands"}
"""The library's fields whose option is not simply their name."""


def _option(field: str) -> str:
    """The option that sets a field the library names (`Plan.bankroll`: `--bankroll`)."""
    return _OPTIONS.get(field, f"--{field.rpartition('.')[2].replace('_', '-')}")


def fail(said: str | InvalidInput) -> typer.Exit:
    """Say what is wrong on standard error: a message, or a library's refusal, each field
    an `InvalidConfig` names (as data, never read back from its words) called by its option
    (`--stake 20`, `Plan.hands` as `--session-hands`); raise what this returns to exit with
    status 2."""
    if isinstance(said, InvalidConfig):
        said = said.named({field: _option(field) for field in said.values})
    line = escape(str(said))
    message = i18n._("[red]Error:[/] {message}").format(message=line)
    Console(stderr=True, highlight=False, soft_wrap=True).print(message)
    return typer.Exit(2)


def output_file(param: typer.CallbackParam, value: Path | None) -> Path | None:
    """An option's file to write, checked before any work is done (a typer callback): a
    file, not a folder, in a folder that is there and takes new files."""
    if value is None:
        return None
    option = f"--{(param.name or 'file').replace('_', '-')}"
    if value.is_dir():
        raise fail(
            i18n._("{option} {file!r} is a folder: name a file in it").format(
                option=option, file=str(value)
            )
        )
    folder = value.parent
    if not folder.is_dir():
        raise fail(
            i18n._("{option} {file!r}: there is no folder {folder!r}").format(
                option=option, file=str(value), folder=str(folder)
            )
        )
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
        writable = not value.exists() or os.access(value, os.W_OK)
    except OSError:
        writable = False
    if not writable:
        raise fail(
            i18n._("{option} {file!r}: this file cannot be written here").format(
                option=option, file=str(value)
            )
        )
    return value


def plot_file(param: typer.CallbackParam, value: Path | None) -> Path | None:
    """`--plot`'s file, checked as `output_file` checks one, in a format matplotlib draws
    (PNG when the name has no ending, as matplotlib then writes it)."""
    if value is None:
        return None
    output_file(param, value)
    path = value if value.suffix else value.with_suffix(".png")
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise fail(i18n._("--plot needs matplotlib: pip install croupier[plot]")) from None
    formats = FigureCanvasBase.get_supported_filetypes()
    if path.suffix[1:].lower() not in formats:
        choices = ", ".join(sorted(formats))
        raise fail(
            i18n._("--plot {file!r}: {suffix} is not a picture format: {formats}").format(
                file=str(value), suffix=path.suffix, formats=choices
            )
        )
    return path


def _said(error: Any) -> str:
    """A mistake in how croupier is called, in one line of the context's language: a bad
    value as `--option value is not valid: ...`, as the library's refusals are said
    (`fail`); a refusal Click words, through `_library_words.refusal`."""
    param = getattr(error, "param", None)
    kind = type(error).__name__
    if kind == "MissingParameter":
        return library_words.refusal(error.format_message())
    if isinstance(error, typer.BadParameter) and param is not None and param.opts:
        message = library_words.refusal(error.message.removeprefix("Value error, "))
        return f"{param.opts[0]} {message}"
    if kind == "NoSuchOption":
        return library_words.refusal(error.message, error.possibilities)
    return library_words.refusal(str(error.format_message()))


def _reflow(command: Any) -> None:
    """Join the lines of each paragraph of a command's help, and its subcommands' (Typer
    joins only the first paragraph's), so that the terminal wraps them at its width; then
    put each help, the command's and its options', in the context's language (the English,
    kept as `_english`, is the message id)."""
    if command.help:
        if not hasattr(command, "_english"):
            paragraphs = inspect.cleandoc(command.help).split("\n\n")
            command._english = "\n\n".join(" ".join(p.split("\n")) for p in paragraphs)
        command.help = i18n._(command._english)
    if getattr(command, "epilog", None):
        english = command.__dict__.setdefault("_english_epilog", command.epilog)
        paragraphs = english.split("\n\n")  # each a message; `{game}`, the command's name
        said = [i18n._(p).replace("{game}", command.name or "") for p in paragraphs]
        command.epilog = "\n\n".join(said)
    for param in getattr(command, "params", ()):
        if getattr(param, "help", None):
            english = param.__dict__.setdefault("_english", param.help)
            param.help = _help(english)
        if getattr(param, "rich_help_panel", None):
            panel = param.__dict__.setdefault("_english_panel", param.rich_help_panel)
            param.rich_help_panel = i18n._(panel)
    for sub in getattr(command, "commands", {}).values():
        _reflow(sub)


BOUNDS = i18n.N_(" [{low:,} to {high:,}]")
AT_LEAST = i18n.N_(" [at least {low:,}]")
"""The bounds a number option's help ends with (`_options.number`), translated apart from
the help itself (`_help`)."""
_BOUNDS = re.compile(r" \[(?:at least (?P<least>[\d,]+)|(?P<low>[\d,]+) to (?P<high>[\d,]+))\]$")
"""`BOUNDS` or `AT_LEAST` at the end of an option's help, with their figures."""
_LISTED = re.compile(r"One of: (?P<choices>[^.]+)\.")
"""An argument's help that lists its choices (a game's name)."""


def _help(english: str) -> str:
    """An option's help in the context's language: the bounds a number's help ends with
    translated apart from the help itself."""
    listed = _LISTED.fullmatch(english)
    if listed:
        return i18n._("One of: {choices}.").format(choices=listed["choices"])
    found = _BOUNDS.search(english)
    if found is None:
        return i18n._(english)
    head = i18n._(english[: found.start()])
    if found["least"]:
        return head + i18n._(AT_LEAST).format(low=int(found["least"].replace(",", "")))
    low, high = (int(found[k].replace(",", "")) for k in ("low", "high"))
    return head + i18n._(BOUNDS).format(low=low, high=high)


def _take_language(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The language `--lang` asks for anywhere on the command line, and the line without
    it: every command speaks it, and it is read before any command is, so that `--help` is
    in it too. `InvalidInput` for a language croupier does not have."""
    asked: str | None = None
    rest: list[str] = []
    words = iter(args)
    for arg in words:
        if arg == "--lang":
            value = next(words, None)
            if value is None:
                raise InvalidInput(
                    i18n._("--lang needs a language: one of {languages}").format(
                        languages=", ".join(i18n.LANGUAGES)
                    )
                )
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            rest.append(arg)
            continue
        asked = i18n.language(value)
    return asked, rest


class Croupier(library_words.SpokenGroup):
    """The `croupier` command: a mistake in how it is called is one line and exit status 2,
    as every other bad input is, however it is run (the `croupier` script, `python -m
    croupier`, a test's runner); Ctrl-C before a command has its own answer is 130.

    The commands in `later` are loaded when they are asked for, so that a command imports
    only what it runs (`croupier serve` neither the simulator nor the solver)."""

    later: Mapping[str, str] = MappingProxyType({})
    """Each command loaded when asked for, by name: `module:name`, where the module's `name`
    is a Typer application of subcommands or a command made by Typer."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(dict.fromkeys([*self.later, *super().list_commands(ctx)]))

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is None and name in self.later:
            module, _, made = self.later[name].partition(":")
            command = getattr(importlib.import_module(module), made)
            if not isinstance(command, TyperCommand):
                command = typer.main.get_group(command)
                command.name = name
            _reflow(command)
            self.add_command(command, name)
        return command

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        status: Any = None
        try:
            asked, args = _take_language(list(sys.argv[1:] if args is None else args))
        except InvalidInput as error:
            fail(error)
            asked, status = None, 2
        with i18n.use(asked or i18n.from_environment()):
            library_words.speak()
            _reflow(self)
            try:
                if status is None:
                    status = super().main(
                        args, prog_name, complete_var, False, windows_expand_args, **extra
                    )
            except USAGE_ERROR as error:
                if type(error).__name__ != "NoArgsIsHelpError":  # that one has shown the help
                    fail(_said(error))
                status = 2
            except typer.Abort:
                fail(i18n._("interrupted"))
                status = 130
            except InvalidInput as error:  # a refusal no command put in its own words
                fail(error)
                status = 2
        status = status if isinstance(status, int) else 0
        if standalone_mode:
            sys.exit(status)
        return status


class GameCommands(library_words.SpokenGroup):
    """A command with a subcommand for each game (`play`, `odds`, `simulate`, ...): an
    unknown game is named in one line, with the games there are."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            games = list(self.list_commands(ctx))
            near = get_close_matches(name, games, n=1)
            said = {"command": ctx.command_path, "name": name, "games": ", ".join(games)}
            if near:
                refusal = i18n._(
                    "{command} has no game {name!r}: did you mean {near}? it has {games}."
                )
                raise fail(refusal.format(near=near[0], **said))
            raise fail(i18n._("{command} has no game {name!r}: it has {games}.").format(**said))
        return super().resolve_command(ctx, args)
