"""What the club's operator does to the server's database (`croupier admin`; docs/operating.md,
"Administer"): create an account, give or take chips, reset a password, disable and enable a
person, ask a table to close; each written to the admin trail (`AdminEntry`) in the
transaction that does it, which the caller commits.

A give or a take is one ledger transfer of cause `Cause.ADMIN`, between the grant source and
the person. Disabling a person or resetting their password ends every session of theirs; the
server processes close those sessions' table connections within `app.SESSION_CHECK`
seconds. A table asked to close is closed by the process that holds its lease, at its next
renewal, as its host closes it; or, when no process runs it, by the one that takes it up
next (`lobby.Lobby`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, inspect, select
from sqlalchemy.orm import Session

from croupier.errors import InvalidInput
from croupier.i18n import _
from croupier.server import sessions
from croupier.server.database import open_ledger, reading
from croupier.server.ledger import GrantsSpent, Overdraft, open_account, transfer
from croupier.server.people import GRANT_SOURCE, find, register, set_password
from croupier.server.schema import (
    MOST_CHIPS,
    Account,
    AccountKind,
    AdminAction,
    AdminEntry,
    Cause,
    Person,
    SessionRecord,
    TableRecord,
)

__all__ = [
    "Asked",
    "ask_close",
    "create",
    "disable",
    "enable",
    "entries",
    "give",
    "going",
    "people",
    "reset_password",
    "tables",
    "take",
    "trail",
]

_MOST_BY = 64
"""The most characters of the operator's name (`AdminEntry.by`)."""


def _note(
    session: Session,
    by: str,
    action: AdminAction,
    subject: str,
    reason: str = "",
    chips: int | None = None,
    transfer_id: int | None = None,
) -> AdminEntry:
    if not by or len(by) > _MOST_BY:
        said = _("the operator's name {by!r} is not valid: 1 to {most} characters")
        raise InvalidInput(said.format(by=by, most=_MOST_BY))
    entry = AdminEntry(
        by=by,
        action=action.value,
        subject=subject,
        chips=chips,
        reason=reason,
        transfer_id=transfer_id,
    )
    session.add(entry)
    session.flush()
    return entry


def _reason(reason: str | None) -> str:
    """A reason given, as one must be for chips moved, a person disabled, a table closed."""
    if reason is None or not reason.strip():
        raise InvalidInput(_("give a reason (--reason TEXT): the admin trail keeps it"))
    return reason.strip()


def _person(session: Session, name: str) -> Person:
    found = find(session, name)
    if found is None:
        raise InvalidInput(_("there is no person named {name!r}").format(name=name))
    return found


def _chips(chips: int) -> int:
    if not 0 < chips <= MOST_CHIPS:
        said = _("{chips} chips is not valid: a whole number from 1 to {most:,}")
        raise InvalidInput(said.format(chips=chips, most=MOST_CHIPS))
    return chips


def create(session: Session, by: str, name: str, password: str) -> Person:
    """Register `name` with `password`, as the server's registration does (the same name
    rules, the same starting grant)."""
    person = register(session, name, password)
    _note(session, by, AdminAction.CREATE, person.name)
    return person


def give(session: Session, by: str, name: str, chips: int, reason: str | None) -> tuple[int, int]:
    """Give the person `name` `chips` chips from the grant source: the transfer's id, and
    the chips they hold now."""
    return _move(session, by, AdminAction.GIVE, name, chips, reason)


def take(session: Session, by: str, name: str, chips: int, reason: str | None) -> tuple[int, int]:
    """Take `chips` chips from the person `name`, back to the grant source: the transfer's
    id, and the chips they hold now. Refused when they hold fewer."""
    return _move(session, by, AdminAction.TAKE, name, chips, reason)


def _move(
    session: Session, by: str, action: AdminAction, name: str, chips: int, reason: str | None
) -> tuple[int, int]:
    said, person, chips = _reason(reason), _person(session, name), _chips(chips)
    grants = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
    theirs = session.get_one(Account, person.account_id)
    source, target = (grants, theirs) if action is AdminAction.GIVE else (theirs, grants)
    try:
        moved = transfer(session, source, target, chips, Cause.ADMIN, person.name)
    except GrantsSpent as error:
        raise InvalidInput(error.said()) from error
    except Overdraft as error:
        said_back = _("{name} holds {holds:,} chips: {asked:,} cannot be taken")
        raise InvalidInput(
            said_back.format(name=person.name, holds=error.holds, asked=error.asked)
        ) from error
    _note(session, by, action, person.name, said, chips, moved.id)
    return moved.id, session.get_one(Account, person.account_id).balance


def reset_password(session: Session, by: str, name: str, password: str) -> int:
    """Give the person `name` the password `password` and end every session of theirs: how
    many ended."""
    person = _person(session, name)
    set_password(session, person, password)
    ended = sessions.end_all(session, person.id)
    _note(session, by, AdminAction.PASSWORD, person.name)
    return len(ended)


def disable(session: Session, by: str, name: str, reason: str | None) -> int:
    """Disable the person `name`: they cannot log in, and every session of theirs ends (how
    many ended). Refused when they are disabled already."""
    said, person = _reason(reason), _person(session, name)
    if person.disabled_at is not None:
        raise InvalidInput(_("{name} is disabled already").format(name=person.name))
    person.disabled_at = datetime.now(UTC)
    ended = sessions.end_all(session, person.id)
    _note(session, by, AdminAction.DISABLE, person.name, said)
    return len(ended)


def enable(session: Session, by: str, name: str, reason: str | None = None) -> None:
    """Let the person `name` log in again. Refused when they are not disabled."""
    person = _person(session, name)
    if person.disabled_at is None:
        raise InvalidInput(_("{name} is not disabled").format(name=person.name))
    person.disabled_at = None
    _note(session, by, AdminAction.ENABLE, person.name, (reason or "").strip())


@dataclass(frozen=True, slots=True)
class Asked:
    """A table asked to close: the process that runs it now (its lease's `owner`, while
    the lease lasts), or None when no process does."""

    table: int
    owner: str | None


def ask_close(session: Session, by: str, table: int, reason: str | None) -> Asked:
    """Ask table `table` to close, whoever opened it. Refused for a table that is not there
    or is closed."""
    said = _reason(reason)
    record = session.get(TableRecord, table, with_for_update=True)
    if record is None:
        raise InvalidInput(_("there is no table {table}").format(table=table))
    if record.closed_at is not None:
        raise InvalidInput(_("table {table} is closed already").format(table=table))
    record.close_asked_at = record.close_asked_at or datetime.now(UTC)
    _note(session, by, AdminAction.CLOSE, f"table {table}", said)
    until = record.lease_until
    if until is not None and until.tzinfo is None:  # SQLite keeps no zone: it was UTC
        until = until.replace(tzinfo=UTC)
    running = record.owner is not None and until is not None and until > datetime.now(UTC)
    return Asked(table, record.owner if running else None)


def _moment(moment: datetime | None) -> str | None:
    """A moment as ISO 8601 text, in UTC (SQLite keeps no zone: it was written in UTC)."""
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat(timespec="seconds")


def entries(session: Session) -> list[dict[str, Any]]:
    """The admin trail, oldest first, each entry as JSON."""
    return [
        {
            "id": entry.id,
            "at": _moment(entry.at),
            "by": entry.by,
            "action": entry.action,
            "subject": entry.subject,
            "chips": entry.chips,
            "reason": entry.reason,
            "transfer": entry.transfer_id,
        }
        for entry in session.scalars(select(AdminEntry).order_by(AdminEntry.id))
    ]


def trail(url: str) -> list[dict[str, Any]]:
    """The admin trail of the ledger at `url` (`entries`), none for one made before the
    trail was (migration 0018). Raises `database.Unavailable` as `database.open_ledger`."""
    engine = open_ledger(url)
    try:
        with Session(reading(engine)) as session:
            if not inspect(session.connection()).has_table(AdminEntry.__tablename__):
                return []
            return entries(session)
    finally:
        engine.dispose()


def people(session: Session) -> list[dict[str, Any]]:
    """Every person, in the order they registered: their chips, whether they are disabled,
    how many sessions they have (never a password's hash)."""
    going = (
        select(SessionRecord.person_id, func.count().label("n"))
        .group_by(SessionRecord.person_id)
        .subquery()
    )
    rows = session.execute(
        select(Person, Account.balance, func.coalesce(going.c.n, 0))
        .join(Account, Account.id == Person.account_id)
        .outerjoin(going, going.c.person_id == Person.id)
        .order_by(Person.id)
    )
    return [
        {
            "id": person.id,
            "name": person.name,
            "chips": int(balance),
            "created_at": _moment(person.created_at),
            "disabled_at": _moment(person.disabled_at),
            "sessions": int(n),
        }
        for person, balance, n in rows
    ]


def tables(session: Session, every: bool = False) -> list[dict[str, Any]]:
    """The open tables (`every`: the closed ones too), in the order they were opened: who
    opened each, which process runs it and until when, whether it is asked to close."""
    query = (
        select(TableRecord, Person.name)
        .outerjoin(Person, Person.id == TableRecord.opened_by)
        .order_by(TableRecord.id)
    )
    if not every:
        query = query.where(TableRecord.closed_at.is_(None))
    return [
        {
            "id": record.id,
            "game": record.game,
            "seats": record.seats,
            "opened_by": opener,
            "opened_at": _moment(record.opened_at),
            "closed_at": _moment(record.closed_at),
            "private": record.private,
            "held": record.held,
            "owner": record.owner,
            "lease_until": _moment(record.lease_until),
            "close_asked_at": _moment(record.close_asked_at),
        }
        for record, opener in session.execute(query)
    ]


def going(session: Session) -> list[dict[str, Any]]:
    """The sessions kept, oldest first: whose, when each began and when it lasts until
    (never a token, nor its hash)."""
    rows = session.execute(
        select(SessionRecord.started_at, Person.name)
        .join(Person, Person.id == SessionRecord.person_id)
        .order_by(SessionRecord.started_at, Person.name)
    )
    return [
        {
            "person": name,
            "started_at": _moment(started),
            "until": _moment(started + timedelta(days=sessions.SESSION_DAYS)),
        }
        for started, name in rows
    ]
