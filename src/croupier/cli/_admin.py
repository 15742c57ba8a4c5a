"""`croupier admin`: the club's operator's tool, acting on the server's database directly
(docs/operating.md, "Administer"). Each action is written to the admin trail in the
transaction that does it (`croupier.server.admin`); every bad input is one line and exit 2.
"""

from __future__ import annotations

import getpass
import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich import box as boxes
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from croupier.cli._library_words import Typer
from croupier.cli._options import AsJson, Database, whole
from croupier.cli._usage import fail
from croupier.errors import InvalidInput
from croupier.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

__all__ = ["admin_app", "when"]

admin_app = Typer(
    help=N_(
        "The club's operator's tool, on the server's database directly: accounts, chips, "
        "passwords, disabled people, tables; each action written to the admin trail that "
        "croupier ledger audit shows."
    ),
    no_args_is_help=True,
)

_T = TypeVar("_T")

By = Annotated[
    str | None,
    typer.Option(
        "--by",
        metavar="NAME",
        help=N_("Who does it, as the admin trail names them; by default the system's user."),
        show_default=False,
    ),
]
Reason = Annotated[
    str | None,
    typer.Option("--reason", metavar="TEXT", help=N_("Why, for the admin trail (required).")),
]
Name = Annotated[str, typer.Argument(metavar="NAME", help=N_("The person's name."))]


def _chips(text: str) -> int:
    """Chips: a whole number, at least 1 (the ledger bounds it above, in its own words)."""
    try:
        value = int(text)
    except ValueError:
        raise typer.BadParameter(_("{text!r} is not a whole number").format(text=text)) from None
    if value < 1:
        raise typer.BadParameter(_("{value} is not valid: at least 1").format(value=value))
    return value


Chips = Annotated[
    int, typer.Argument(metavar="CHIPS", parser=_chips, help=N_("Whole chips, at least 1."))
]


_NEEDS_SERVER = N_("croupier admin needs the server extra: pip install croupier[server]")


def _server() -> ModuleType:
    """`croupier.server.admin`, which needs the server extra."""
    try:
        from croupier.server import admin
    except ImportError:
        raise fail(_(_NEEDS_SERVER)) from None
    return admin


def _who(by: str | None) -> str:
    """The operator: `--by`, else the operating system's user."""
    if by is not None:
        return by
    try:
        return getpass.getuser()
    except OSError:
        raise fail(_("the system names no user here: say who you are with --by NAME")) from None


def _password() -> str:
    """A password: asked for twice, hidden, on a terminal; else the first line of standard
    input."""
    if sys.stdin.isatty():
        typed: str = typer.prompt(_("Password"), hide_input=True, confirmation_prompt=True)
        return typed
    line = sys.stdin.readline().rstrip("\r\n")
    if not line:
        raise fail(_("no password: give it as the first line of standard input"))
    return line


@contextmanager
def _database(database: str | None, new: bool = False) -> Iterator[tuple[Session, str]]:
    """A transaction on the server's ledger (brought to the newest schema, as croupier serve
    does; made if there is none only when `new`), committed if what is done in it is not
    refused; and the URL as shown."""
    _server()
    from sqlalchemy.orm import Session

    from croupier.server.database import default_url, migrate, open_database, open_ledger, shown

    url = database if database is not None else default_url()
    try:
        if not new:  # a mistyped --database is refused, not made
            open_ledger(url).dispose()
        migrate(url)
        engine = open_database(url)
    except InvalidInput as error:
        raise fail(error) from None
    try:
        with Session(engine) as session, session.begin():
            yield session, shown(url)
    except InvalidInput as error:
        raise fail(error) from None
    finally:
        engine.dispose()


def _do(database: str | None, act: Callable[[Session], _T], new: bool = False) -> _T:
    with _database(database, new) as (session, _url):
        return act(session)


def _say(said: str) -> None:
    Console(highlight=False, soft_wrap=True).print(escape(said))


def _ended(n: int) -> str:
    return ngettext("{n} session of theirs ended", "{n} sessions of theirs ended", n).format(n=n)


@admin_app.command(
    "create",
    help=N_(
        "Create an account, as registering at the server does: the same rules for the name, "
        "the same starting chips. The password is asked for twice on a terminal, else read "
        "from the first line of standard input."
    ),
)
def _create(name: Name, database: Database = None, by: By = None) -> None:
    admin = _server()
    from croupier.server.people import STARTING_GRANT

    operator, password = _who(by), _password()
    made = _do(
        database, lambda session: admin.create(session, operator, name, password).name, new=True
    )
    _say(_("Created {name}, with {chips:,} chips.").format(name=made, chips=STARTING_GRANT))


@admin_app.command(
    "give", help=N_("Give a person chips from the grant source: one ledger transfer.")
)
def _give(
    name: Name, chips: Chips, reason: Reason = None, database: Database = None, by: By = None
) -> None:
    said = _("Gave {name} {chips:,} chips (transfer {transfer}): they hold {holds:,}.")
    _move(_server().give, said, name, chips, reason, database, by)


@admin_app.command(
    "take",
    help=N_(
        "Take chips from a person, back to the grant source: one ledger transfer; refused "
        "when they hold fewer."
    ),
)
def _take(
    name: Name, chips: Chips, reason: Reason = None, database: Database = None, by: By = None
) -> None:
    said = _("Took {chips:,} chips from {name} (transfer {transfer}): they hold {holds:,}.")
    _move(_server().take, said, name, chips, reason, database, by)


def _move(
    how: Callable[[Session, str, str, int, str | None], tuple[int, int]],
    said: str,
    name: str,
    chips: int,
    reason: str | None,
    database: str | None,
    by: str | None,
) -> None:
    """Give or take (`how`), and say what moved (`said`) in one line."""
    operator = _who(by)
    moved, holds = _do(database, lambda session: how(session, operator, name, chips, reason))
    _say(said.format(name=name, chips=chips, transfer=moved, holds=holds))


@admin_app.command(
    "password",
    help=N_(
        "Reset a person's password, asked for as create asks for it; every session of theirs ends."
    ),
)
def _password_command(name: Name, database: Database = None, by: By = None) -> None:
    admin = _server()
    operator, password = _who(by), _password()
    ended = _do(database, lambda session: admin.reset_password(session, operator, name, password))
    _say(_("Reset the password of {name}: {ended}.").format(name=name, ended=_ended(ended)))


@admin_app.command(
    "disable",
    help=N_(
        "Disable a person: they cannot log in, and every session of theirs ends at once (their "
        "table connections close within seconds)."
    ),
)
def _disable(name: Name, reason: Reason = None, database: Database = None, by: By = None) -> None:
    admin = _server()
    operator = _who(by)
    ended = _do(database, lambda session: admin.disable(session, operator, name, reason))
    said = _("Disabled {name}: they cannot log in; {ended}.")
    _say(said.format(name=name, ended=_ended(ended)))


@admin_app.command("enable", help=N_("Let a disabled person log in again."))
def _enable(name: Name, reason: Reason = None, database: Database = None, by: By = None) -> None:
    admin = _server()
    operator = _who(by)
    _do(database, lambda session: admin.enable(session, operator, name, reason))
    _say(_("Enabled {name}: they may log in again.").format(name=name))


@admin_app.command(
    "close",
    help=N_(
        "Close any table, whoever opened it, as its host closes it: at its next moment "
        "between coups, every seat cashed out. The server process that runs it sees the "
        "request within seconds; if none runs it, the next croupier serve that takes it up "
        "closes it."
    ),
)
def _close(
    table: Annotated[
        int, typer.Argument(metavar="TABLE", parser=whole(1), help=N_("The table's number."))
    ],
    reason: Reason = None,
    wait: Annotated[
        float | None,
        typer.Option(
            "--wait",
            metavar="SECONDS",
            min=0,
            help=N_("Wait up to SECONDS for it to close: exit 1 if it has not."),
        ),
    ] = None,
    database: Database = None,
    by: By = None,
) -> None:
    admin = _server()
    operator = _who(by)
    asked = _do(database, lambda session: admin.ask_close(session, operator, table, reason))
    if asked.owner is None:
        said = _(
            "Asked table {table} to close: no server process runs it now; the next croupier "
            "serve on this database closes it when it takes it up."
        )
    else:
        said = _(
            "Asked table {table} to close: the server process {owner} that runs it closes it "
            "at its next moment between coups, every seat cashed out."
        )
    _say(said.format(table=table, owner=asked.owner))
    if wait is not None:
        _wait_closed(database, table, wait)


def _wait_closed(database: str | None, table: int, wait: float) -> None:
    """Wait up to `wait` seconds for table `table` to close; exit 1 if it has not."""
    from croupier.server.database import default_url, open_database
    from croupier.server.tables import closed_table

    engine = open_database(database if database is not None else default_url())
    deadline = time.monotonic() + wait
    try:
        while (closed := closed_table(engine, table)) is None:
            if time.monotonic() >= deadline:
                said = _("Table {table} has not closed after {seconds:g} s: it closes when it can.")
                Console(stderr=True, highlight=False, soft_wrap=True).print(
                    escape(said.format(table=table, seconds=wait))
                )
                raise typer.Exit(1)
            time.sleep(0.2)  # the process that runs it closes it: look again
    finally:
        engine.dispose()
    at = closed[0].closed_at
    _say(_("Table {table} closed at {at:%Y-%m-%d %H:%M:%S}.").format(table=table, at=at))


def _listed(
    command: str,
    database: str | None,
    as_json: bool,
    read: Callable[[Session], list[dict[str, Any]]],
    columns: dict[str, str],
    none: str,
) -> None:
    """A list, as a table of `columns` (each key's heading) or, with --json, in the envelope
    croupier ledger audit's has."""
    with _database(database) as (session, url):
        rows = read(session)
    if as_json:
        key = command.removeprefix("admin ")
        report = {"command": command, "database": url, "results": {key: rows}}
        print(json.dumps(report, indent=2))
        return
    if not rows:
        _say(_(none))
        return
    table = Table(box=boxes.SIMPLE_HEAD)
    for heading in columns.values():
        table.add_column(_(heading))
    for row in rows:
        table.add_row(*(escape(_cell(row[key])) for key in columns))
    Console(highlight=False, soft_wrap=True).print(table)


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else ""
    if isinstance(value, int):
        return f"{value:,}"
    return when(str(value))


_MOMENT = re.compile(r"(\d{4}-\d\d-\d\d)T(\d\d:\d\d):\d\d\+00:00")


def when(text: str) -> str:
    """A moment of the JSON's (ISO 8601, in UTC) as a table's cell shows it, to the minute:
    `2026-12-08 00:11` (UTC, as every moment croupier keeps); any other text as it is."""
    found = _MOMENT.fullmatch(text)
    return f"{found[1]} {found[2]}" if found else text


@admin_app.command(
    "tables", help=N_("List the open tables: who opened each, which process runs it.")
)
def _tables(
    database: Database = None,
    every: Annotated[bool, typer.Option("--all", help=N_("The closed tables too."))] = False,
    as_json: AsJson = False,
) -> None:
    admin = _server()
    columns = {
        "id": N_("Table"),
        "game": N_("Game"),
        "opened_by": N_("Opened by"),
        "opened_at": N_("Opened"),
        **({"closed_at": N_("Closed")} if every else {}),
        "owner": N_("Process"),
        "private": N_("Private"),
        "held": N_("Paused"),
        "close_asked_at": N_("Asked to close"),
    }  # the lease's end too, in --json
    none = N_("No table is open.")
    _listed(
        "admin tables",
        database,
        as_json,
        lambda session: admin.tables(session, every),
        columns,
        N_("There is no table.") if every else none,
    )


@admin_app.command(
    "people", help=N_("List the people: their chips, whether disabled, their sessions.")
)
def _people(database: Database = None, as_json: AsJson = False) -> None:
    admin = _server()
    columns = {
        "id": N_("Number"),
        "name": N_("Name"),
        "chips": N_("Chips"),
        "created_at": N_("Created"),
        "disabled_at": N_("Disabled"),
        "sessions": N_("Sessions"),
    }
    _listed("admin people", database, as_json, admin.people, columns, N_("No one is registered."))


@admin_app.command(
    "sessions", help=N_("List the sessions kept: whose, since when, until when (no token).")
)
def _sessions(database: Database = None, as_json: AsJson = False) -> None:
    admin = _server()
    columns = {"person": N_("Person"), "started_at": N_("Started"), "until": N_("Until")}
    _listed("admin sessions", database, as_json, admin.going, columns, N_("No session is kept."))
