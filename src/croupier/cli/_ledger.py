"""`croupier ledger`: the chip ledger of the table server (docs/ledger.md). `croupier ledger
audit` checks every invariant and exits 0 when they all hold, 1 when one fails (one line for
each finding on standard error), 2 when the database cannot be opened as a ledger."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich import box as boxes
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from croupier import i18n
from croupier.cli._admin import when
from croupier.cli._library_words import Typer
from croupier.cli._options import AsJson, Database, KeyFile
from croupier.cli._usage import fail
from croupier.i18n import N_, _

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from croupier.server.schema import Account

__all__ = ["audit_command", "ledger_app"]

ledger_app = Typer(
    help=N_("The chip ledger: every account and every transfer, and its audit."),
    no_args_is_help=True,
)


@ledger_app.command(
    "audit",
    help=N_(
        "Check every invariant of the ledger: exit 0 when all hold, 1 when one fails.\n\n"
        "The balances sum to zero; each balance is what its transfers make it; none is below "
        "zero but the grant source's; every transfer has its cause; each table's account holds "
        "what its table's committed steps, replayed, say it holds; every chip the club's "
        "operator gave or took has its entry in the admin trail, which follows the verdict. "
        "A finding is one line on standard error; a database that cannot be opened as a "
        "ledger is exit 2."
    ),
)
def audit_command(
    database: Database = None, key_file: KeyFile = None, as_json: AsJson = False
) -> None:
    try:
        from croupier.server.admin import trail
        from croupier.server.audit import audit
        from croupier.server.database import Unavailable, default_url, shown
        from croupier.server.keys import KeyFileError, default_key_file, read_key_file
    except ImportError:
        said = _("croupier ledger needs the server extra: pip install croupier[server]")
        raise fail(said) from None
    url = database if database is not None else default_url()
    if key_file is not None:  # one named is read now, whether a table needs it or not
        try:
            read_key_file(key_file)
        except KeyFileError as error:
            raise fail(error) from None
    chips = _table_chips(key_file or default_key_file(url))
    try:
        with i18n.use(i18n.DEFAULT) if as_json else nullcontext():  # JSON is for programs
            findings = audit(url, chips)
            entries = trail(url)
    except (Unavailable, KeyFileError) as error:
        raise fail(error) from None
    if as_json:
        report = {
            "command": "ledger audit",
            "database": shown(url),
            "results": {
                "holds": not findings,
                "findings": [
                    {"invariant": finding.invariant.value, "message": finding.message}
                    for finding in findings
                ],
                "admin": entries,
            },
        }
        print(json.dumps(report, indent=2))
    else:
        console = Console(highlight=False, soft_wrap=True)
        verdict = _("The ledger at {url} fails.") if findings else _("The ledger at {url} holds.")
        console.print(verdict.format(url=escape(shown(url))))
        if entries:
            console.print(_trail(entries))
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    for finding in findings:
        errors.print(_("[red]Finding:[/] {finding}").format(finding=escape(str(finding))))
    if findings:
        raise typer.Exit(1)


def _trail(entries: list[dict[str, Any]]) -> Table:
    """The admin trail, as a table."""
    table = Table(title=_("The admin trail"), box=boxes.SIMPLE_HEAD)
    for heading in (N_("When"), N_("By"), N_("Did"), N_("To"), N_("Chips"), N_("Transfer")):
        table.add_column(_(heading))
    table.add_column(_("Why"))
    for entry in entries:
        chips, moved = entry["chips"], entry["transfer"]
        table.add_row(
            when(entry["at"]),
            escape(entry["by"]),
            entry["action"],
            escape(entry["subject"]),
            "" if chips is None else f"{chips:,}",
            "" if moved is None else str(moved),
            escape(entry["reason"]),
        )
    return table


def _table_chips(path: Path) -> Callable[[Session, Account], int]:
    """The audit's check of a table's chips, its seeds opened with the key file at `path`,
    read when a table is first checked (a ledger with no table needs none)."""
    from croupier.server.keys import read_key_file
    from croupier.server.tables import table_chips

    opened: list[Callable[[Session, Account], int]] = []

    def chips(session: Session, account: Account) -> int:
        if not opened:
            opened.append(table_chips(read_key_file(path).box))
        return opened[0](session, account)

    return chips
