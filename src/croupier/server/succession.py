"""The house's signing keys in succession (docs/fairness.md, "The key"), kept in the database
(`SealKey`) with their private halves in the key file (`croupier.server.keys`).

`open_keys` is how a server process starts: it reads the key file (making it the first time,
from the database's old `seal` secret if it holds one, which it then removes), checks that
it holds the house's current key, can rotate it (the old key signing its successor), and
seals any seed still stored in the clear. Every process of a house must read the same file:
one whose key is not the house's current one is refused, and so is a missing file once the
house has a key (a new one would sign as another house, and open none of the seeds).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier import i18n
from croupier.engine.seal import Signer, Succession, fingerprint, key_id
from croupier.server.database import reading
from croupier.server.keys import KeyFileError, Keys, read_key_file, write_key_file
from croupier.server.schema import SealKey, Secret, ShoeSeed

__all__ = ["chain", "open_keys", "published"]

_OLD = "seal"
"""The name of the secret that held the signing key before the key file."""


def chain(session: Session) -> tuple[str, tuple[Succession, ...], list[SealKey]]:
    """The house's first public key (hex; empty before any), the successions after it, and
    the rows they are read from, in order."""
    rows = list(session.scalars(select(SealKey).order_by(SealKey.number)))
    if not rows:
        return "", (), rows
    later = tuple(Succession(row.key, row.since, row.signature or "") for row in rows[1:])
    return rows[0].key, later, rows


def published(engine: Engine) -> list[dict[str, Any]]:
    """The house's keys in succession, first first, as `GET /api/key` gives them: each
    public key, its id and fingerprint, from when it signs, and the signature of the key
    before it (None for the first)."""
    with Session(reading(engine)) as session:
        return [
            {
                "key": row.key,
                "key_id": row.key_id,
                "fingerprint": fingerprint(row.key),
                "since": row.since,
                "signature": row.signature,
            }
            for row in chain(session)[2]
        ]


def open_keys(
    engine: Engine, path: Path, rotate: bool = False, clock: Callable[[], float] = time.time
) -> Keys:
    """The keys a server process signs and seals with, from the key file at `path`, checked
    against the house's succession in the database at `engine` (and with `rotate`, a new
    signing key, the old one signing it in); `KeyFileError` says, in one line, why not."""
    for _ in range(2):
        try:
            return _opened(engine, path, rotate, clock)
        except IntegrityError:  # another process began the succession first: check theirs
            continue
    raise KeyFileError(i18n._("the house's keys could be neither stored nor read"))


def _opened(engine: Engine, path: Path, rotate: bool, clock: Callable[[], float]) -> Keys:
    with Session(engine) as session, session.begin():
        _, _, rows = chain(session)
        old = session.get(Secret, _OLD)
        if rows and not path.exists():
            said = i18n._(
                "there is no key file {path!r}, and the house signs with key {key}: give its "
                "key file (a new one would open none of the stored seeds)"
            )
            raise KeyFileError(said.format(path=str(path), key=rows[-1].key_id))
        keys = read_key_file(path) if path.exists() else None
        if keys is None:
            made = Keys.fresh(bytes.fromhex(old.value) if old is not None else None)
            keys = made if write_key_file(path, made) else read_key_file(path)
        current = keys.signer
        if not rows:
            if old is not None and old.value != current.private_bytes().hex():
                said = i18n._(
                    "the key file {path!r} holds another key than the one this database's "
                    "histories were signed with: give the file made for it, or move it away"
                )
                raise KeyFileError(said.format(path=str(path)))
            session.add(
                SealKey(number=1, key=current.key, key_id=current.key_id, since=_now(clock))
            )
            rows = [SealKey(number=1, key=current.key, key_id=current.key_id)]
        elif rows[-1].key_id != current.key_id:
            said = i18n._(
                "the key file {path!r} holds key {held}, but the house signs with key {key}: "
                "give its key file"
            )
            raise KeyFileError(
                said.format(path=str(path), held=current.key_id, key=rows[-1].key_id)
            )
        if old is not None:
            session.delete(old)
        _seal_clear_seeds(session, keys)
        if rotate:
            keys = _rotated(session, path, keys, rows[-1].number + 1, _now(clock))
    return keys


def _rotated(session: Session, path: Path, keys: Keys, number: int, since: int) -> Keys:
    """`keys` with a new signing key, key `number` of the house from `since`, signed in by
    the old one; the key file is replaced by the new keys once the session is committed."""
    new = Signer(Signer.fresh())
    step = keys.signer.succeeded_by(new, since)
    session.add(
        SealKey(
            number=number,
            key=new.key,
            key_id=key_id(new.key),
            since=since,
            signature=step.signature,
        )
    )
    session.flush()  # a clash is found before the file is touched
    rotated = Keys(new, keys.secret)
    write_key_file(path, rotated, replace=True)
    return rotated


def _seal_clear_seeds(session: Session, keys: Keys) -> None:
    """Seal every seed stored in the clear (before migration 0012)."""
    clear = select(ShoeSeed.table_id, ShoeSeed.number, ShoeSeed.seed).where(
        ShoeSeed.seed.is_not(None)
    )
    for table, number, seed in session.execute(clear).all():
        sealed = keys.box.seal(table, number, bytes.fromhex(seed or ""))
        session.execute(
            update(ShoeSeed)
            .where(ShoeSeed.table_id == table, ShoeSeed.number == number)
            .values(seed=None, sealed=sealed)
        )


def _now(clock: Callable[[], float]) -> int:
    return int(clock())
