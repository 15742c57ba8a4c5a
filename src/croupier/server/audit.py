"""The audit of a ledger: every invariant recomputed from what the database holds, each one
that fails said as a `Finding`.

- the sum of all balances is zero (the grant source is below zero by what it has granted);
- each balance equals the chips its transfers brought in less those they took out;
- no balance is below zero but the grant source's, and none is beyond `MOST_CHIPS` either
  way;
- every transfer has its cause, one of `Cause`;
- every transfer the club's operator made (cause admin) has its entry in the admin trail,
  of the same chips, and every give or take in the trail its transfer;
- each table account equals its table's chips (`TableChips`): not checked until the tables
  exist; `audit` then takes the function that replays a table's state.

It reads the ledger in one snapshot, as of one moment, on SQLite and PostgreSQL alike, so
that it is exact while tables play: no transfer committed during the audit is half seen.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import and_, func, inspect, select
from sqlalchemy.orm import Session

from croupier.i18n import _, ngettext
from croupier.server.database import open_ledger, snapshot
from croupier.server.schema import (
    MOST_CHIPS,
    Account,
    AccountKind,
    AdminAction,
    AdminEntry,
    Cause,
    Transfer,
)

__all__ = ["Finding", "Invariant", "TableChips", "audit"]

TableChips = Callable[[Session, Account], int]
"""The chips a table holds by its replayed state, for its ledger account (the hook for the
check that each table account equals its state, which is made only when one is given: the
tables do not exist yet)."""


class Invariant(enum.Enum):
    """What the audit checks."""

    SUM_IS_ZERO = "sum-is-zero"
    BALANCE_IS_TRANSFERS = "balance-is-transfers"
    BALANCE_NOT_NEGATIVE = "balance-not-negative"
    BALANCE_WITHIN_BOUNDS = "balance-within-bounds"
    TRANSFER_HAS_CAUSE = "transfer-has-cause"
    TABLE_IS_STATE = "table-is-state"
    ADMIN_HAS_ENTRY = "admin-has-entry"


@dataclass(frozen=True, slots=True)
class Finding:
    """An invariant that fails, and where."""

    invariant: Invariant
    message: str

    def __str__(self) -> str:
        return f"{self.invariant.value}: {self.message}"


def _label(account: Account) -> str:
    said = _("account {number} ({kind} {name!r})")
    return said.format(number=account.id, kind=account.kind, name=account.name)


def _flows(session: Session) -> dict[int, int]:
    """Each account's chips in less chips out, by its transfers."""
    flows: dict[int, int] = {}
    for column, sign in ((Transfer.target_id, 1), (Transfer.source_id, -1)):
        rows = session.execute(select(column, func.sum(Transfer.chips)).group_by(column))
        for account, chips in rows:
            flows[account] = flows.get(account, 0) + sign * int(chips)
    return flows


def _check(session: Session, table_chips: TableChips | None) -> list[Finding]:
    findings: list[Finding] = []
    accounts = list(session.scalars(select(Account).order_by(Account.id)))
    total = sum(account.balance for account in accounts)
    if total != 0:
        said = _("the balances sum to {total}, not 0").format(total=total)
        findings.append(Finding(Invariant.SUM_IS_ZERO, said))
    flows = _flows(session)
    for account in accounts:
        expected = flows.get(account.id, 0)
        label, balance = _label(account), account.balance
        if balance != expected:
            said = ngettext(
                "{label} has {n} chip; its transfers make {expected}",
                "{label} has {n} chips; its transfers make {expected}",
                abs(balance),
            )
            said = said.format(label=label, n=balance, expected=expected)
            findings.append(Finding(Invariant.BALANCE_IS_TRANSFERS, said))
        if balance < 0 and account.kind != AccountKind.GRANT_SOURCE.value:
            said = ngettext(
                "{label} has {n} chip, below zero", "{label} has {n} chips, below zero", -balance
            )
            findings.append(
                Finding(Invariant.BALANCE_NOT_NEGATIVE, said.format(label=label, n=balance))
            )
        if abs(balance) > MOST_CHIPS:
            said = _("{label} has {n} chips, beyond the most there can be ({most})")
            said = said.format(label=label, n=balance, most=MOST_CHIPS)
            findings.append(Finding(Invariant.BALANCE_WITHIN_BOUNDS, said))
        if table_chips is not None and account.kind == AccountKind.TABLE.value:
            held = table_chips(session, account)
            if balance != held:
                said = ngettext(
                    "{label} has {n} chip; its table holds {held}",
                    "{label} has {n} chips; its table holds {held}",
                    abs(balance),
                )
                said = said.format(label=label, n=balance, held=held)
                findings.append(Finding(Invariant.TABLE_IS_STATE, said))
    causes = [cause.value for cause in Cause]
    uncaused = session.execute(
        select(Transfer.id, Transfer.cause)
        .where((Transfer.cause.is_(None)) | (Transfer.cause.not_in(causes)))
        .order_by(Transfer.id)
    )
    for number, cause in uncaused:
        said = _("transfer {number} has no cause (it says {cause!r}; one of {causes})")
        said = said.format(number=number, cause=cause, causes=causes)
        findings.append(Finding(Invariant.TRANSFER_HAS_CAUSE, said))
    if inspect(session.connection()).has_table(AdminEntry.__tablename__):  # 0018 on
        findings += _admin(session)
    return findings


def _admin(session: Session) -> list[Finding]:
    """Each transfer of cause admin with its give or take in the trail, of the same chips,
    and each give or take with its transfer."""
    findings: list[Finding] = []
    moving = (AdminAction.GIVE.value, AdminAction.TAKE.value)
    unwritten = session.execute(
        select(Transfer.id, Transfer.chips)
        .outerjoin(
            AdminEntry,
            and_(AdminEntry.transfer_id == Transfer.id, AdminEntry.action.in_(moving)),
        )
        .where(Transfer.cause == Cause.ADMIN.value, AdminEntry.id.is_(None))
        .order_by(Transfer.id)
    )
    for number, chips in unwritten:
        said = _("transfer {number} ({chips} chips, cause admin) has no entry in the admin trail")
        findings.append(Finding(Invariant.ADMIN_HAS_ENTRY, said.format(number=number, chips=chips)))
    unmoved = session.execute(
        select(AdminEntry.id, AdminEntry.action, AdminEntry.chips, Transfer.chips)
        .outerjoin(
            Transfer,
            and_(Transfer.id == AdminEntry.transfer_id, Transfer.cause == Cause.ADMIN.value),
        )
        .where(AdminEntry.action.in_(moving))
        .where(
            Transfer.id.is_(None)
            | AdminEntry.chips.is_(None)
            | (Transfer.chips != AdminEntry.chips)
        )
        .order_by(AdminEntry.id)
    )
    for number, action, written, moved in unmoved:
        if moved is None:
            said = _("admin entry {number} ({action} {chips} chips) has no transfer of cause admin")
        else:
            said = _("admin entry {number} ({action} {chips} chips) has a transfer of {moved}")
        said = said.format(number=number, action=action, chips=written, moved=moved)
        findings.append(Finding(Invariant.ADMIN_HAS_ENTRY, said))
    return findings


def audit(url: str, table_chips: TableChips | None = None) -> list[Finding]:
    """Check every invariant of the ledger at `url`, in one snapshot of it: the findings, none
    when every invariant holds. `table_chips`, when given, is how a table's chips are known
    from its state; without it `Invariant.TABLE_IS_STATE` is not checked (there are no
    tables yet: see `TableChips`).

    Raises `database.Unavailable` when `url` holds no ledger that can be opened."""
    engine = open_ledger(url)
    try:
        with Session(snapshot(engine)) as session, session.begin():
            return _check(session, table_chips)
    finally:
        engine.dispose()
