"""People's accounts: registering with a name and a password, and logging in.

A name is 1 to 32 characters, each an ASCII letter, a digit, `-` or `_`, and is taken
whatever its case (`Ada` and `ada` are one name). A password is 8 to 1,024 characters; only
its argon2id hash (argon2-cffi's `PasswordHasher`) is kept, and no message or `repr` ever
holds it. Registering opens the person's ledger account and grants them `STARTING_GRANT`
chips from the grant source, in the caller's transaction.

Logging in with a wrong name or a wrong password is refused with one and the same
`LogInRefused`, which never says which was wrong; an unknown name is verified against a
stand-in hash so that it takes about as long as a wrong password. A person the club's
operator has disabled (`croupier admin disable`) is refused with `AccountDisabled`, which
says so, and only to one who gave their password.

argon2's parameters are argon2-cffi's defaults (RFC 9106's low-memory profile, about 0.2 s
of CPU a hash), unless `CHEAP_HASHES` is set in the environment: the tests set it, as
Django's tests use a fast hasher, since their thousands of registrations and logins would
otherwise spend minutes in argon2. A server started with it logs a warning.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.engine.codec import brief
from croupier.errors import InvalidInput, LogInRefused
from croupier.i18n import N_, _
from croupier.server.ledger import open_account, transfer
from croupier.server.schema import Account, AccountKind, Cause, Person

__all__ = [
    "CHEAP_HASHES",
    "GRANT_SOURCE",
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "STARTING_GRANT",
    "AccountDisabled",
    "change_password",
    "enrol",
    "find",
    "log_in",
    "register",
    "set_password",
]

STARTING_GRANT = 1_000
"""The chips a new person is granted, from the grant source, when they register."""

GRANT_SOURCE = "grants"
"""The name of the grant source's account."""

MIN_PASSWORD = 8
"""The fewest characters a password may have."""

MAX_PASSWORD = 1024
"""The most characters a password may have: argon2 is not asked to hash megabytes."""

_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")
CHEAP_HASHES = "CROUPIER_CHEAP_PASSWORD_HASHES"
"""The environment variable that, set to anything, makes passwords' hashes with argon2-cffi's
cheapest parameters (`argon2.profiles.CHEAPEST`, which it offers for tests alone): for the
tests, never for a server people use."""


@functools.cache
def _hasher() -> PasswordHasher:
    """argon2's hasher, made when first needed (not on import: `croupier` starts faster)."""
    if os.environ.get(CHEAP_HASHES):
        logging.getLogger(__name__).warning(
            "%s is set: passwords are hashed with argon2's cheapest parameters, "
            "which are for tests only",
            CHEAP_HASHES,
        )
        return PasswordHasher.from_parameters(profiles.CHEAPEST)
    return PasswordHasher()


@functools.cache
def _stand_in() -> str:
    """The hash that an unknown name's password is verified against."""
    return _hasher().hash("a stand-in, verified when the name is unknown")


def _check_name(name: object) -> str:
    if not isinstance(name, str) or _NAME.fullmatch(name) is None:
        said = _(
            "name={name} is not valid: 1 to 32 characters, each a letter (A-Z, a-z), "
            "a digit, '-' or '_'"
        )
        raise InvalidInput(said.format(name=brief(name)))
    return name


def _check_password(password: object) -> str:
    if not isinstance(password, str):
        said = _("a password is text, not a {kind}")
        raise InvalidInput(said.format(kind=type(password).__name__))
    if len(password) < MIN_PASSWORD:
        said = _("the password is too short: at least {least} characters (this one has {has})")
        raise InvalidInput(said.format(least=MIN_PASSWORD, has=len(password)))
    if len(password) > MAX_PASSWORD:
        said = _("the password is too long: at most {most} characters (this one has {has})")
        raise InvalidInput(said.format(most=MAX_PASSWORD, has=len(password)))
    return password


class AccountDisabled(LogInRefused):
    """The right password of a person the club's operator has disabled: they may not log
    in until they are enabled again (`croupier admin enable`)."""

    def __init__(self) -> None:
        InvalidInput.__init__(self, N_("this account is disabled: ask the club's operator"))


def _taken(name: str) -> InvalidInput:
    return InvalidInput(_("the name {name!r} is taken").format(name=name))


def find(session: Session, name: str) -> Person | None:
    """The person `name`, whatever its case, if there is one."""
    return session.scalars(select(Person).where(Person.folded == name.lower())).one_or_none()


def register(session: Session, name: str, password: str) -> Person:
    """Register `name` with `password`: the new `Person`, with their ledger account opened
    and granted `STARTING_GRANT` chips, in the session's transaction (the caller commits).

    Raises `InvalidInput` for a name that is not valid or is taken (in any case), or a
    password shorter than `MIN_PASSWORD`."""
    name = _check_name(name)
    password_hash = _hasher().hash(_check_password(password))  # before the database is locked
    if find(session, name) is not None:
        raise _taken(name)
    existing = session.scalars(
        select(Account).where(Account.kind == AccountKind.PERSON.value, Account.name == name)
    ).one_or_none()
    if existing is not None:
        raise _taken(name)
    return enrol(session, name, password_hash)


def enrol(session: Session, name: str, password_hash: str) -> Person:
    """What registering writes, once the name and password are checked: the `Person`
    `name`, whose password hashes to `password_hash`, with their ledger account opened and
    granted `STARTING_GRANT` chips, in the session's transaction. Raises `InvalidInput` if
    the name is taken meanwhile."""
    try:
        with session.begin_nested():
            account = open_account(session, AccountKind.PERSON, name)
            person = Person(
                name=name,
                folded=name.lower(),
                password_hash=password_hash,
                account_id=account.id,
            )
            session.add(person)
            session.flush()
    except IntegrityError as error:  # registered at the same moment by another session
        raise _taken(name) from error
    source = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
    transfer(session, source, account, STARTING_GRANT, Cause.GRANT, name)
    return person


def log_in(session: Session, name: str, password: str) -> Person:
    """The `Person` that `name` and `password` log in as; their hash is made again, in the
    session's transaction, when argon2's parameters have changed since it was made.

    Raises `LogInRefused`, the same for a wrong name as for a wrong password, and
    `AccountDisabled` for the right password of a person who is disabled."""
    person = find(session, name) if isinstance(name, str) else None
    if not isinstance(password, str) or len(password) > MAX_PASSWORD:
        raise LogInRefused()
    if person is None:
        with contextlib.suppress(VerificationError):
            _hasher().verify(_stand_in(), password)
        raise LogInRefused()
    try:
        _hasher().verify(person.password_hash, password)
    except (VerificationError, InvalidHashError):
        raise LogInRefused() from None
    if person.disabled_at is not None:
        raise AccountDisabled()
    if _hasher().check_needs_rehash(person.password_hash):
        person.password_hash = _hasher().hash(password)
        session.flush()
    return person


def set_password(session: Session, person: Person, password: str) -> None:
    """Give `person` the password `password`, in the session's transaction, as the club's
    operator does (`croupier admin password`); their sessions are the caller's to end.
    Raises `InvalidInput` for a password that is not valid."""
    person.password_hash = _hasher().hash(_check_password(password))
    session.flush()


def change_password(session: Session, name: str, password: str, new: str) -> Person:
    """The `Person` `name`, whose password is `password`, now with the password `new`, in the
    session's transaction. Raises `LogInRefused` as `log_in` does, and `InvalidInput` for a
    new password that is not valid."""
    new = _check_password(new)
    person = log_in(session, name, password)
    person.password_hash = _hasher().hash(new)
    session.flush()
    return person
