"""The `croupier` command."""

from __future__ import annotations

from importlib import metadata, resources
from types import MappingProxyType
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from croupier import games as registry
from croupier import i18n
from croupier.cli._library_words import Typer
from croupier.cli._options import Lang
from croupier.cli._usage import Croupier, fail
from croupier.errors import InvalidInput
from croupier.i18n import N_

__all__ = ["app", "main"]


class _Croupier(Croupier):
    later = MappingProxyType(
        {
            "play": "croupier.cli.play:play_app",
            "odds": "croupier.cli._odds:odds_app",
            "solve": "croupier.cli._solve:solve_app",
            "simulate": "croupier.cli.simulate:simulate_app",
            "ledger": "croupier.cli._ledger:ledger_app",
            "serve": "croupier.cli._serve:command",
            "replay": "croupier.cli._replay:command",
            "verify": "croupier.cli._verify:command",
            "backup": "croupier.cli._backup:backup_command",
            "restore": "croupier.cli._backup:restore_command",
            "deploy": "croupier.cli._deploy:deploy_app",
            "admin": "croupier.cli._admin:admin_app",
        }
    )


app = Typer(
    cls=_Croupier,
    pretty_exceptions_enable=False,
    help=N_("croupier: the classic banking card games, played exactly as the old rule books tell."),
    no_args_is_help=True,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(shown: bool) -> None:
    if shown:
        print(f"croupier {metadata.version('croupier')}")
        raise typer.Exit


@app.callback()
def _croupier(
    _: Annotated[
        bool,
        typer.Option(
            "--version",
            metavar="",
            callback=_version,
            is_eager=True,
            help=N_("Say which croupier this is, and exit."),
        ),
    ] = False,
    lang: Lang = None,  # listed here; read anywhere on the line by usage.Croupier.main
) -> None:
    """croupier: the classic banking card games, played exactly as the old rule books tell."""


@app.command(
    "rules",
    help=N_(
        "Print a game's rules, rule by rule, with the IDs the code and tests cite; in "
        "Russian, the rule book's own text, which they are read from."
    ),
)
def _show_rules(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help=f"One of: {', '.join(registry.names())}.")
    ],
) -> None:
    try:
        registry.get(game)
    except InvalidInput as error:
        raise fail(error) from None
    rules = resources.files("croupier").joinpath("rules")
    if i18n.current() == "ru":
        text = rules.joinpath("ru", f"{game}.txt").read_text(encoding="utf-8")
        Console(highlight=False).print(text, markup=False)
        return
    Console().print(Markdown(rules.joinpath(f"{game}.md").read_text(encoding="utf-8")))


@app.command("games", help=N_("List the games croupier can play."))
def _list_games() -> None:
    console = Console(highlight=False)
    for name in registry.names():
        console.print(f"{name:<16} {i18n._(registry.get(name).title)}")


def main() -> None:
    """The `croupier` command (`_usage.Croupier` answers every mistake in one line)."""
    app()
