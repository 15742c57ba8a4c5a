"""Who may see a private table: its opener, the guests its invite has let in, and whoever
brings the invite now (docs/protocol.md, "Private tables").

A private table is left out of the lobby, and its page, entry, socket, odds and history
answer anyone else as a table that does not exist. Its invite is an unguessable token in
the link the opener shares; the opener may renew it, after which the old one lets nobody
new in (a guest already let in keeps their way in).
"""

from __future__ import annotations

import hmac
import secrets

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.server.schema import Guest, TableRecord

__all__ = ["fresh", "guest_tables", "let_in", "renew"]


def fresh() -> str:
    """A new invite: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def let_in(session: Session, record: TableRecord, person: int | None, invite: str | None) -> bool:
    """Whether `person` (None: nobody logged in), bringing `invite` (or none), may see
    `record`'s table; a person who brings its invite is its guest from then on (added to
    `session`, which the caller commits)."""
    if not record.private or (person is not None and person == record.opened_by):
        return True
    brought = (
        invite is not None
        and record.invite is not None
        and hmac.compare_digest(invite.encode(), record.invite.encode())
    )
    if person is None:
        return brought
    if session.get(Guest, (record.id, person)) is not None:
        return True
    if brought:
        session.add(Guest(table_id=record.id, person_id=person))
    return brought


def renew(session: Session, record: TableRecord) -> str:
    """Give `record`'s table a new invite: the old one lets nobody new in."""
    record.invite = fresh()
    return record.invite


def guest_tables(session: Session, person: int) -> set[int]:
    """The private tables `person` opened or is a guest at."""
    opened = select(TableRecord.id).where(TableRecord.private, TableRecord.opened_by == person)
    guest = select(Guest.table_id).where(Guest.person_id == person)
    return set(session.scalars(opened)) | set(session.scalars(guest))
