"""Sessions kept by the server: logging in starts one, whose token goes into the person's
cookie and whose SHA-256 into the database; a request or a websocket is the person's only
while the session is there and younger than `SESSION_DAYS`. Logging out ends the session;
changing the password ends every session of the person's, on every server process at once,
since each looks the session up in the one database. So does the club's operator's resetting
a password or disabling a person (`croupier admin`); a disabled person's session, were one
begun at the moment they were disabled, is theirs no longer either.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from croupier.server.schema import Person, SessionRecord

__all__ = ["SESSION_DAYS", "end", "end_all", "find", "start", "still", "token_hash"]

SESSION_DAYS = 14
"""How long a session lasts, unless it is ended before."""


def token_hash(token: str) -> str:
    """What the database keeps of a session's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def start(session: Session, person: Person) -> str:
    """A new session for `person`, in the caller's transaction: its token, for the cookie."""
    token = secrets.token_urlsafe(32)
    session.add(
        SessionRecord(
            token_hash=token_hash(token), person_id=person.id, started_at=datetime.now(UTC)
        )
    )
    return token


def find(session: Session, token: str) -> Person | None:
    """Whose session `token` is, if it is still going (and they are not disabled)."""
    record = session.get(SessionRecord, token_hash(token))
    if record is None:
        return None
    started = record.started_at
    if started.tzinfo is None:  # SQLite keeps no zone: the moment was written in UTC
        started = started.replace(tzinfo=UTC)
    if datetime.now(UTC) - started > timedelta(days=SESSION_DAYS):
        return None
    person = session.get(Person, record.person_id)
    return None if person is None or person.disabled_at is not None else person


def still(session: Session, hashes: list[str]) -> set[str]:
    """Which of the tokens' `hashes` name sessions that are still there."""
    found = session.scalars(
        select(SessionRecord.token_hash).where(SessionRecord.token_hash.in_(hashes))
    )
    return set(found)


def end(session: Session, token: str) -> None:
    """End the session `token` (if it is one), in the caller's transaction."""
    session.execute(delete(SessionRecord).where(SessionRecord.token_hash == token_hash(token)))


def end_all(session: Session, person: int) -> list[str]:
    """End every session of `person`'s, in the caller's transaction: their tokens' hashes."""
    ended = session.execute(
        delete(SessionRecord)
        .where(SessionRecord.person_id == person)
        .returning(SessionRecord.token_hash)
    )
    return list(ended.scalars())
