"""Bad input on the command line: one line saying what is wrong, exit status 2, no
traceback and no box."""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

__all__ = ["USAGE_ERROR", "GameCommands", "fail"]

USAGE_ERROR: Any = typer.BadParameter.__bases__[0]
"""click's `UsageError` (an unknown option, a value of the wrong type), whichever click typer
carries."""


def fail(message: str) -> typer.Exit:
    """Say what is wrong on standard error; raise what this returns to exit with status 2."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[red]Error:[/] {escape(message)}")
    return typer.Exit(2)


class GameCommands(TyperGroup):
    """A command with a subcommand for each game (`play`, `odds`, `simulate`, ...): an
    unknown game is named in one line, with the games there are."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            games = list(self.list_commands(ctx))
            near = get_close_matches(name, games, n=1)
            hint = f"did you mean {near[0]}? " if near else ""
            raise fail(f"{ctx.command_path} has no game {name!r}: {hint}it has {', '.join(games)}.")
        return super().resolve_command(ctx, args)
