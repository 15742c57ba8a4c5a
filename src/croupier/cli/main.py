"""The `croupier` command."""

from __future__ import annotations

from importlib import metadata, resources
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from croupier import games as registry
from croupier import i18n
from croupier.cli.ledger import ledger_app
from croupier.cli.library_words import Typer
from croupier.cli.odds import odds_app
from croupier.cli.options import Lang
from croupier.cli.play import play_app
from croupier.cli.replay import replay_command
from croupier.cli.serve import serve_command
from croupier.cli.simulate import simulate_app
from croupier.cli.solve import solve_app
from croupier.cli.usage import Croupier, fail
from croupier.cli.verify import verify_command
from croupier.errors import InvalidInput
from croupier.i18n import N_

__all__ = ["app", "main"]

app = Typer(
    cls=Croupier,
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


app.add_typer(play_app, name="play")
app.add_typer(odds_app, name="odds")
app.add_typer(solve_app, name="solve")
app.add_typer(simulate_app, name="simulate")
app.add_typer(ledger_app, name="ledger")
app.command(
    "serve",
    help=N_(
        "Start the table server: people register, open tables of any game with bots, sit "
        "down with chips from their account, and play together.\n\n"
        "With no --database, the ledger is an SQLite file in croupier's data folder; give "
        "--database postgresql://USER@HOST/DB to use PostgreSQL. The database's schema is "
        "brought up to date at start, and every table left open is resumed where it was. The "
        "server answers GET /api/health once it and its database are up; docs/protocol.md "
        "describes the rest. Ctrl-C stops the server; nothing committed is lost."
    ),
)(serve_command)


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
        raise fail(str(error)) from None
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


app.command(
    "replay",
    help=N_(
        "Replay a saved session event for event, as a spectator saw it, and check it against "
        "the record the save keeps of every coup. Exit status 1 names the first coup that "
        "differs from the record (an edited or damaged save); 2, a file that cannot be read."
    ),
)(replay_command)
app.command(
    "verify",
    help=N_(
        "Check a provably fair session: each shuffle's seed is the one its commitment was "
        "made to, each order the one the seed and the seats' parts give, and every card dealt "
        "and every event is the one the shuffled and cut pack gives, as recorded. A table "
        "server's history is signed as well, shoe by shoe: each signature must be its key's, "
        'for the history as it is (any field edited breaks it). Says "verified", or names '
        "the first discrepancy (exit status 1); 2, a file that cannot be read."
    ),
)(verify_command)


def main() -> None:
    """The `croupier` command (`usage.Croupier` answers every mistake in one line)."""
    app()
