"""The ledger's tables: accounts, each with a kind and a balance of whole chips, and
transfers, each moving chips from one account to another for a cause; and people, each with
a name unique whatever its case, an argon2 password hash, and one ledger account.

The database refuses what must never be (docs/ledger.md): a balance below zero on any account
but the grant source, a balance beyond `MOST_CHIPS` either way, a transfer of no chips or of
a part of one, a transfer from an account
to itself, a cause that is not a `Cause`, a transfer naming no account. These models mirror
the migrations in `migrations/versions`, which are what create the tables.
"""

from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Double,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from croupier.fairness import FAIRNESS

__all__ = [
    "MOST_CHIPS",
    "Account",
    "AccountKind",
    "AdminAction",
    "AdminEntry",
    "Base",
    "Cause",
    "ChatLine",
    "Chips",
    "DoorCount",
    "Guest",
    "Person",
    "SealKey",
    "SealRecord",
    "Secret",
    "SessionRecord",
    "ShoeClosing",
    "ShoePart",
    "ShoeSeed",
    "StepRecord",
    "TableRecord",
    "Transfer",
]


MOST_CHIPS = 2**53 - 1
"""The most chips there can ever be: the grant source never goes below `-MOST_CHIPS`, and
since every transfer conserves chips, no balance and no transfer can be larger. It is the
largest whole number a page's JavaScript holds exactly, and fits a 64-bit column with room."""

Chips = BigInteger().with_variant(Integer(), "sqlite")
"""A column of chips: BIGINT, 64-bit (on SQLite an INTEGER, which is 64-bit there already)."""


class AccountKind(enum.Enum):
    """Whose chips an account holds."""

    PERSON = "person"
    TABLE = "table"
    HOUSE = "house"
    GRANT_SOURCE = "grant-source"
    """Where a new person's starting grant comes from: the one account whose balance goes
    below zero, so that the sum over all accounts is always zero."""


class Cause(enum.Enum):
    """Why chips moved."""

    GRANT = "grant"
    """A new person's starting chips, from the grant source."""
    BUY_IN = "buy-in"
    """A person sits down: from the person to the table."""
    CASH_OUT = "cash-out"
    """A seat gets up: its chips from the table back to the person."""
    TAKINGS = "takings"
    """The house's takings, from the table to the house at the end of a shoe (or pack) and
    when a table closes."""
    ADMIN = "admin"
    """The club's operator gave a person chips (from the grant source) or took some (back to
    it): `croupier admin give` and `take`, each with its entry in the admin trail
    (`AdminEntry`)."""


class AdminAction(enum.Enum):
    """What the club's operator did (`croupier admin`)."""

    CREATE = "create"
    GIVE = "give"
    TAKE = "take"
    PASSWORD = "password"
    DISABLE = "disable"
    ENABLE = "enable"
    CLOSE = "close"


def _one_of(column: str, kind: type[enum.Enum]) -> str:
    return f"{column} IN ({', '.join(repr(member.value) for member in kind)})"


class Base(DeclarativeBase):
    """The ledger's models."""


class Account(Base):
    """An account: a person's, a table's, the house's or the grant source's."""

    __tablename__ = "accounts"
    __table_args__ = (
        CheckConstraint(_one_of("kind", AccountKind), name="account_kind_known"),
        CheckConstraint(
            f"balance >= 0 OR kind = {AccountKind.GRANT_SOURCE.value!r}",
            name="balance_not_negative",
        ),
        CheckConstraint(
            f"balance BETWEEN {-MOST_CHIPS} AND {MOST_CHIPS}", name="balance_within_bounds"
        ),
        UniqueConstraint("kind", "name", name="account_named_once"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(200))
    balance: Mapped[int] = mapped_column(Chips, default=0, server_default="0")


class Transfer(Base):
    """An immutable transfer of whole chips from one account to another."""

    __tablename__ = "transfers"
    __table_args__ = (
        CheckConstraint("chips > 0", name="chips_positive"),
        CheckConstraint("source_id <> target_id", name="source_is_not_target"),
        CheckConstraint(_one_of("cause", Cause), name="cause_known"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    target_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    chips: Mapped[int] = mapped_column(Chips)
    cause: Mapped[str] = mapped_column(String(16))
    reference: Mapped[str] = mapped_column(String(200), default="", server_default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Person(Base):
    """A registered person: a name unique whatever its case (`folded`, the name in lower
    case, is what is unique; the database checks that it is the name's), the argon2 hash of
    their password (never the password), and their ledger account (of kind person, one each).

    Its `repr` shows the id and the name only."""

    __tablename__ = "people"
    __table_args__ = (
        CheckConstraint("length(name) BETWEEN 1 AND 32", name="person_name_length"),
        CheckConstraint("folded = lower(name)", name="person_folded_is_name"),
        UniqueConstraint("folded", name="person_named_once"),
        UniqueConstraint("account_id", name="person_account_once"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    folded: Mapped[str] = mapped_column(String(32))
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    disabled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the club's operator disabled them (`croupier admin disable`): they cannot log
    in until enabled again; None while they may."""

    def __repr__(self) -> str:
        return f"Person(id={self.id!r}, name={self.name!r})"


class TableRecord(Base):
    """A table: its game and rule set (`rules`, the encoded `Rules`), its `settings` (time
    limits and the like, as JSON), its number of seats, who opened it, its bots (seat number
    to bot name, as JSON), and, once closed, when. `owner` and `lease_until` say which server
    process runs it, and `address` where that process is reached (its public URL), for the
    lobby of every other process to send people there (docs/scaling.md); `fence` counts the
    claims on it, and a batch is stored only under the claim it was made under
    (docs/scaling.md, "The fence"); `fairness`, the version of its shuffles' derivation
    (`croupier.fairness.FAIRNESS`; docs/fairness.md): 1 for a table opened before migration
    0010; `seeded`, whether its seeds come from a seed the server's operator chose
    (`serve --seed`: whoever knows it knows every order); `private`, whether it is left out
    of the lobby and shown only to its opener, its guests and whoever brings its `invite`
    (`croupier.server.invites`); `held`, whether its host has paused it, and `limits`,
    the stake limits its host set, a JSON object of its rules' options changed, which
    the table sets at its next moment between coups (`croupier.server.hosting`);
    `close_asked_at`, when the club's operator asked it to close (`croupier admin close`),
    which the process that holds its lease sees at its next renewal (`tables.renew`)."""

    __tablename__ = "tables"
    __table_args__ = (
        CheckConstraint("seats BETWEEN 1 AND 20", name="table_seats_range"),
        Index("table_by_opener", "opened_by"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules: Mapped[str] = mapped_column(Text)
    settings: Mapped[str] = mapped_column(Text)
    seats: Mapped[int] = mapped_column(Integer)
    bots: Mapped[str] = mapped_column(Text)
    opened_by: Mapped[int | None] = mapped_column(ForeignKey("people.id"), nullable=True)
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    address: Mapped[str | None] = mapped_column(String(512), nullable=True)
    fence: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    fairness: Mapped[int] = mapped_column(Integer, default=FAIRNESS, server_default="1")
    seeded: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    held: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    limits: Mapped[str | None] = mapped_column(Text, nullable=True)
    close_asked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Guest(Base):
    """A person let in to a private table by its invite (`croupier.server.invites`): they
    keep their way in when the invite is renewed; `approved`, whether its host has let them
    sit (`croupier.server._asking`); `cohost`, whether the host has named them to host the
    table with them; `barred`, whether the host has removed them, so that they sit again only
    once the host lets them (`croupier.server.hosting`). A public table's guests are those."""

    __tablename__ = "guests"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), primary_key=True)
    admitted_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )
    approved: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    cohost: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    barred: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class StepRecord(Base):
    """One step of a table, in its sequence: who took it (`actor`: a seat number, `house` or
    `chance`), the action (encoded; a shuffle with its whole order, so that the table
    replays), how it came (`by`: `Origin`), and, for a person's action, who and their
    idempotency key, and when it was committed (`at`)."""

    __tablename__ = "table_steps"
    __table_args__ = (
        CheckConstraint("seq >= 1", name="step_seq_positive"),
        UniqueConstraint("table_id", "key", name="step_key_once"),
    )

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    actor: Mapped[str] = mapped_column(String(8))
    action: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(8))
    person_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"), nullable=True)
    key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When it was committed (None for a step stored before steps kept their time)."""


class ShoeSeed(Base):
    """The secret seed of a table's shuffle `number` (from 1): drawn and stored before its
    commitment (its SHA-256) is shown, told once its shoe is over (docs/fairness.md). It is
    `sealed` by the key file's secret (`croupier.server.keys.SeedBox`, hex); a `seed` in
    the clear (hex) is one stored before migration 0012, which the next server to start
    seals."""

    __tablename__ = "shoe_seeds"
    __table_args__ = (
        CheckConstraint("number >= 1", name="shoe_seed_number_positive"),
        CheckConstraint("(seed IS NULL) <> (sealed IS NULL)", name="shoe_seed_one_form"),
    )

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[str | None] = mapped_column(String(64), nullable=True)
    sealed: Mapped[str | None] = mapped_column(String(128), nullable=True)


class ShoePart(Base):
    """The part a seat added to a table's shuffle `number`, and whose seat it was then: its
    seal (`sealed`, the SHA-256 of the part in hex; none for a part given in the clear
    before migration 0011), and the part itself once revealed (`text`)."""

    __tablename__ = "shoe_parts"
    __table_args__ = (CheckConstraint("length(text) <= 200", name="shoe_part_length"),)

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    sealed: Mapped[str | None] = mapped_column(String(64), nullable=True)
    text: Mapped[str | None] = mapped_column(Text, nullable=True)


class ShoeClosing(Base):
    """A table's shuffle `number` whose seals are closed: no seal is taken from then on, and
    the parts sealed are revealed (docs/fairness.md, "Sealed parts")."""

    __tablename__ = "shoe_closings"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)


class SealRecord(Base):
    """The server's signature (Ed25519, hex) of a table's shoe `shoe` (0: what came before
    the first shuffle), made when the shoe ended (`croupier.engine.seal`), by the key whose
    id is `key_id` (None: the house's first key, before keys had ids); once the table has
    closed after n shoes, row n is its end marker's (`seal.closing`)."""

    __tablename__ = "table_seals"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    shoe: Mapped[int] = mapped_column(Integer, primary_key=True)
    signature: Mapped[str] = mapped_column(String(128))
    key_id: Mapped[str | None] = mapped_column(String(16), nullable=True)


class SealKey(Base):
    """The house's signing keys in succession (`croupier.server.succession`): key `number`
    (from 1), its public key (hex) and id, and from when it signs (`since`, Unix seconds);
    each after the first with the `signature` (hex) of the key before it, naming it its
    successor (`croupier.engine.seal.Succession`). The private keys are in the key file."""

    __tablename__ = "seal_keys"
    __table_args__ = (
        CheckConstraint("number >= 1", name="seal_key_number_positive"),
        UniqueConstraint("key_id", name="seal_key_id_once"),
    )

    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    key: Mapped[str] = mapped_column(String(64))
    key_id: Mapped[str] = mapped_column(String(16))
    since: Mapped[int] = mapped_column(BigInteger)
    signature: Mapped[str | None] = mapped_column(String(128), nullable=True)


class ChatLine(Base):
    """A line said at a table: who said it, from which seat (None: watching), and when."""

    __tablename__ = "table_chat"
    __table_args__ = (
        CheckConstraint("length(text) BETWEEN 1 AND 280", name="chat_text_length"),
        Index("chat_by_table", "table_id", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"))
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    said_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Secret(Base):
    """A server secret, by name, made once and shared by every server process on the
    database: `session`, the key that signs session cookies. (`seal`, the Ed25519 private
    key that signed the tables' histories before migration 0012, moves to the key file.)"""

    __tablename__ = "secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class SessionRecord(Base):
    """A logged-in session: the SHA-256 of its token (the token itself is only in the
    person's cookie), whose it is, and when it began. Logging out deletes it; changing the
    password deletes every one of the person's."""

    __tablename__ = "sessions"
    __table_args__ = (Index("session_by_person", "person_id"),)

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class DoorCount(Base):
    """The tries counted at the door (`croupier.server.door`) against one key of one door
    (`door`: `name`, `address` or `registration`; `key`: a name in lower case, a client's
    address): how many, until when the next must wait, and when the last was (seconds on
    the door's clock, the wall clock's). Kept here so that every server process on the
    database counts the same tries."""

    __tablename__ = "door_counts"
    __table_args__ = (Index("door_count_by_last", "door", "last"),)

    door: Mapped[str] = mapped_column(String(16), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    tries: Mapped[int] = mapped_column(Integer)
    until: Mapped[float] = mapped_column(Double)
    last: Mapped[float] = mapped_column(Double)


class AdminEntry(Base):
    """One thing the club's operator did (`croupier admin`), written in the transaction that
    did it: when, by whom (`by`, as they named themselves), what (`AdminAction`), to whom
    or what (`subject`: a person's name, or `table N`), the chips moved and the transfer
    that moved them (a give or a take), and why. A give or a take has its transfer, of the
    same chips, and every transfer of cause admin its entry (`croupier.server.audit`)."""

    __tablename__ = "admin_trail"
    __table_args__ = (
        CheckConstraint(_one_of("action", AdminAction), name="admin_action_known"),
        UniqueConstraint("transfer_id", name="admin_transfer_once"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    by: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(16))
    subject: Mapped[str] = mapped_column(String(64))
    chips: Mapped[int | None] = mapped_column(Chips, nullable=True)
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")
    transfer_id: Mapped[int | None] = mapped_column(ForeignKey("transfers.id"), nullable=True)
