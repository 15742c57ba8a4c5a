"""Moving chips: accounts are opened once, and chips move between them only by `transfer`,
which changes both balances and records the transfer together, or does nothing.

Python refuses a bad transfer first, with the reason (`Overdraft`, an `InsufficientChips`);
the database refuses it again whatever Python let through (docs/ledger.md), and `transfer`
says that refusal as the same error, with the database's in its `__cause__`. Every amount
is bounded by `MOST_CHIPS`: the grant source may give no more than that in all, so no
balance can pass it either way.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.errors import InsufficientChips, InvalidInput
from croupier.i18n import _
from croupier.server.schema import MOST_CHIPS, Account, AccountKind, Cause, Transfer

__all__ = ["GrantsSpent", "Overdraft", "holds", "open_account", "transfer"]


class Overdraft(InsufficientChips):
    """An account asked for more chips than it `holds`: `asked`. `said()` tells it in the
    context's language (a table answers each person in theirs)."""

    def __init__(self, account: str, cause: str, holds: int, asked: int) -> None:
        self.holds, self.asked = holds, asked
        super().__init__(account, cause, self.said())

    def said(self) -> str:
        return _("it holds {holds}, and {asked} were asked for").format(
            holds=self.holds, asked=self.asked
        )


def open_account(session: Session, kind: AccountKind, name: str) -> Account:
    """The account of this kind and name, opened with no chips if there is none yet (or, if
    another transaction opens it at the same moment, theirs)."""
    query = select(Account).where(Account.kind == kind.value, Account.name == name)
    found = session.scalars(query).one_or_none()
    if found is not None:
        return found
    account = Account(kind=kind.value, name=name, balance=0)
    try:
        with session.begin_nested():
            session.add(account)
    except IntegrityError:  # opened by another at once: the database's unique key says so
        return session.scalars(query).one()
    return account


class GrantsSpent(Overdraft):
    """The grant source was asked for more than it may still grant: it has granted nearly
    `MOST_CHIPS` in all (new people's chips, the house's float)."""

    def said(self) -> str:
        return _(
            "the house may grant at most {most} chips in all, and only {holds} are left: "
            "{asked} were asked for"
        ).format(most=MOST_CHIPS, holds=self.holds, asked=self.asked)


def holds(account: Account) -> int:
    """The chips `account` may still give: its balance, or for the grant source what it
    may still grant before it reaches `-MOST_CHIPS`."""
    if account.kind == AccountKind.GRANT_SOURCE.value:
        return MOST_CHIPS + account.balance
    return account.balance


def _check_cover(source: Account, chips: int, cause: Cause) -> None:
    """Python's refusal of an overdraft (the database refuses it too)."""
    if holds(source) < chips:
        spent = source.kind == AccountKind.GRANT_SOURCE.value
        raise (GrantsSpent if spent else Overdraft)(source.name, cause.value, holds(source), chips)


def transfer(
    session: Session, source: Account, target: Account, chips: int, cause: Cause, ref: str = ""
) -> Transfer:
    """Move `chips` whole chips from `source` to `target` for `cause` (`ref` names what it
    was for: a table, a shoe, a seat): both balances and the transfer, in one savepoint of
    the session's transaction, so that a refused transfer leaves nothing behind. The caller
    commits.

    Raises `InvalidInput` for chips that are not a whole number from 1 to `MOST_CHIPS`, or
    an account paying itself; `InsufficientChips` when the source `holds` fewer."""
    if isinstance(chips, bool) or not isinstance(chips, int) or not 0 < chips <= MOST_CHIPS:
        said = f"chips={chips!r} is not valid: a whole number of chips, 1 to {MOST_CHIPS}"
        raise InvalidInput(said)
    if not isinstance(cause, Cause):
        raise InvalidInput(f"cause={cause!r} is not valid: one of {[c.value for c in Cause]}")
    if source.id == target.id:
        raise InvalidInput(f"a transfer from {source.name!r} to itself moves nothing")
    session.refresh(source)
    _check_cover(source, chips, cause)
    try:
        with session.begin_nested():
            for account, change in ((source, -chips), (target, chips)):
                session.execute(
                    update(Account)
                    .where(Account.id == account.id)
                    .values(balance=Account.balance + change)
                    .execution_options(synchronize_session=False)
                )
            record = Transfer(
                source_id=source.id,
                target_id=target.id,
                chips=chips,
                cause=cause.value,
                reference=ref,
            )
            session.add(record)
            session.flush()
    except IntegrityError as error:
        session.expire(source)
        session.expire(target)
        reason = str(error.orig).splitlines()[0]
        if "balance_not_negative" not in reason and "balance_within_bounds" not in reason:
            raise
        raise InsufficientChips(
            source.name, cause.value, f"the database refused it: {reason}"
        ) from error
    session.expire(source)
    session.expire(target)
    return record
