"""`croupier backup` and `croupier restore`: a consistent copy of a live server's ledger, and
bringing one back into a new database, its audit run on it (docs/operating.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from croupier.cli._ledger import audit_command
from croupier.cli._library_words import Typer
from croupier.cli._options import Database, KeyFile
from croupier.cli._usage import fail
from croupier.errors import InvalidInput
from croupier.i18n import N_, _

__all__ = ["backup_command", "restore_command"]

_needs_server = N_("croupier {command} needs the server extra: pip install croupier[server]")


def _counts(size: int | None, tables: int | None, rows: int | None, accounts: int | None) -> str:
    """What a backup or a restore wrote, said after its first words."""
    if tables is None:
        return _("{size} bytes").format(size=size)
    said = _("{size} bytes; tables: {tables}, rows: {rows}, ledger accounts: {accounts}")
    return said.format(size=size, tables=tables, rows=rows, accounts=accounts)


def _backup(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help=N_("The file to write the backup to."))
    ],
    database: Database = None,
) -> None:
    try:
        from croupier.server.backup import backup
        from croupier.server.database import default_url, shown
    except ImportError:
        raise fail(_(_needs_server).format(command="backup")) from None
    url = database if database is not None else default_url()
    try:
        written = backup(url, file)
    except InvalidInput as error:
        raise fail(error) from None
    said = _("Backed up {url} to {file}: {counts}.")
    counts = _counts(written.size, written.tables, written.rows, written.accounts)
    Console(highlight=False, soft_wrap=True).print(
        escape(said.format(url=shown(url), file=file, counts=counts))
    )


def _restore(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("The backup to restore."))],
    database: Database = None,
    key_file: KeyFile = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help=N_(
                "Overwrite a database that has tables already: everything it holds is "
                "replaced by the backup. Stop every server on it first."
            ),
        ),
    ] = False,
) -> None:
    try:
        from croupier.server.backup import restore
        from croupier.server.database import default_url, shown
    except ImportError:
        raise fail(_(_needs_server).format(command="restore")) from None
    url = database if database is not None else default_url()
    try:
        written = restore(file, url, replace)
    except InvalidInput as error:
        raise fail(error) from None
    said = _("Restored {file} into {url}: {counts}.")
    counts = _counts(written.size, written.tables, written.rows, written.accounts)
    Console(highlight=False, soft_wrap=True).print(
        escape(said.format(file=file, url=shown(url), counts=counts))
    )
    audit_command(database=url, key_file=key_file, as_json=False)  # `croupier ledger audit`


backup_app = Typer()
backup_app.command(
    "backup",
    help=N_(
        "Write a consistent copy of the ledger's database to FILE, safe while croupier serve "
        "plays on it.\n\n"
        "SQLite is copied with its online backup API, as of one moment; PostgreSQL with "
        "pg_dump --format=custom, where PostgreSQL's client programs are installed. The key "
        "file is not in the backup: keep a copy of it apart."
    ),
)(_backup)
backup_command = typer.main.get_command(backup_app)
"""`croupier backup`, which `croupier.cli.main` loads when it is asked for."""

restore_app = Typer()
restore_app.command(
    "restore",
    help=N_(
        "Bring a backup that croupier backup wrote back into a database with no tables "
        "(--replace to overwrite one), then audit the ledger as croupier ledger audit does: "
        "exit 0 when it holds, 1 when it fails.\n\n"
        "SQLite is restored with its online backup API; PostgreSQL with pg_restore, where "
        "PostgreSQL's client programs are installed."
    ),
)(_restore)
restore_command = typer.main.get_command(restore_app)
"""`croupier restore`, which `croupier.cli.main` loads when it is asked for."""
