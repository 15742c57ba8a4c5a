"""Tables in the database: opening one, committing its steps with their moves of chips, and
rebuilding its book from what was committed.

Every function here is plain blocking database work; the tables' tasks call it off the
event loop (`asyncio.to_thread`). A table's steps and the transfers they call for are
committed together, so either all of a batch is durable or none of it is; the batches of
many tables can share one transaction (`commit_group`), each in a savepoint.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import json
import math
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from croupier import games
from croupier.engine.actions import MAX_BUY_IN
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.codec import decode, encode
from croupier.engine.game import Game
from croupier.errors import CroupierError, InvalidInput
from croupier.fairness import FAIRNESS, SEED
from croupier.i18n import _
from croupier.server import invites
from croupier.server._book import Book, Move, Party, action_from_json, actor_from_text
from croupier.server._protocol import Told
from croupier.server._shoes import Shoes
from croupier.server.database import reading, snapshot
from croupier.server.keys import SeedBox
from croupier.server.ledger import open_account, transfer
from croupier.server.people import GRANT_SOURCE
from croupier.server.schema import (
    MOST_CHIPS,
    Account,
    AccountKind,
    Cause,
    Guest,
    Person,
    SealRecord,
    ShoeClosing,
    ShoePart,
    ShoeSeed,
    StepRecord,
    TableRecord,
)

__all__ = [
    "FIRST_FENCE",
    "HOUSE_ACCOUNT",
    "Batch",
    "Committed",
    "Part",
    "Settings",
    "TableInfo",
    "TableLost",
    "claim",
    "closed_table",
    "commit_group",
    "commit_steps",
    "open_table",
    "open_tables",
    "rebuild",
    "release",
    "renew",
    "seals",
    "setup",
    "standing",
    "steps",
    "stored_shoes",
    "table_account",
    "table_chips",
]

_DAY = 86_400

HOUSE_ACCOUNT = "house"
"""The name of the house's ledger account."""

FIRST_FENCE = 1
"""The fence of the claim a table is opened under (`open_table`)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """A table's settings, besides its game's rules: how long a person has to act
    (`time_limit`, seconds), the time bank each seat a person holds draws on once its time
    limit has run out, full again at each moment between coups (`time_bank`, seconds; 0:
    none; `croupier.server._clocks`), how long a disconnected seat is held (`hold`), how
    long the seat of one sitting out is kept (`away`), the pause before a bot acts
    (`bot_pause`), the chips each bot brings (`bot_chips`, at most what a seat may bring:
    `MAX_BUY_IN`),
    whether the table gives the exact odds of the cards not yet seen (`odds`), whether its
    host lets each person sit (`approval`: `croupier.server._asking`), whether one who holds no
    seat there but its hosts sees its play (`watchers`), the chips its hosts
    may give the people at it in all (`allowance`: `croupier.server.hosting`), how long a
    shuffle waits for the seated people's sealed parts once its commitment is told
    (`parts_window`; no longer once each whose client gives parts has), and, once its
    seals are closed, for the parts sealed to be revealed (`reveal_window`;
    docs/fairness.md, "Sealed parts"), and how long a shoe that a person has played in
    lasts before the house ends it at the next moment between coups, so that its seed is
    told (`shoe_time`; it ends too when the last person gets up)."""

    time_limit: float = 30.0
    time_bank: float = 0.0
    hold: float = 60.0
    away: float = 600.0
    bot_pause: float = 0.8
    bot_chips: int = 1000
    odds: bool = True
    approval: bool = False
    watchers: bool = True
    allowance: int = 0
    parts_window: float = 5.0
    reveal_window: float = 5.0
    shoe_time: float = 3600.0

    @classmethod
    def read(cls, given: object) -> Settings:
        """Settings from a JSON object of some of them; `InvalidInput` says what is wrong,
        in the context's language."""
        names = [field.name for field in dataclasses.fields(cls)]
        if not isinstance(given, dict):
            said = _("settings is not an object of some of {names}")
            raise InvalidInput(said.format(names=", ".join(names)))
        unknown = sorted(set(given) - set(names))
        if unknown:
            said = _("unknown setting {name!r}: the settings are {names}")
            raise InvalidInput(said.format(name=unknown[0], names=", ".join(names)))
        try:
            return cls(**given)
        except ValueError as error:
            raise InvalidInput(str(error)) from None

    def __post_init__(self) -> None:
        names = ("time_limit", "time_bank", "hold", "away", "bot_pause", "parts_window")
        for name in (*names, "reveal_window", "shoe_time"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                said = _("{name}={value!r} is not a number of seconds")
                raise ValueError(said.format(name=name, value=value))
            if not math.isfinite(value) or not 0 <= value <= _DAY:
                said = _("{name}={value!r} is not valid: 0 to {day} seconds")
                raise ValueError(said.format(name=name, value=value, day=_DAY))
            object.__setattr__(self, name, float(value))
        if isinstance(self.bot_chips, bool) or not isinstance(self.bot_chips, int):
            said = _("bot_chips={chips!r} is not a whole number of chips")
            raise ValueError(said.format(chips=self.bot_chips))
        if not 1 <= self.bot_chips <= MAX_BUY_IN:
            said = _("bot_chips={chips!r} is not valid: a bot brings 1 to {most} chips")
            raise ValueError(said.format(chips=self.bot_chips, most=MAX_BUY_IN))
        if not isinstance(self.odds, bool):
            raise ValueError(_("odds={odds!r} is not valid: true or false").format(odds=self.odds))
        for name in ("approval", "watchers"):
            if not isinstance(getattr(self, name), bool):
                said = _("{name}={value!r} is not valid: true or false")
                raise ValueError(said.format(name=name, value=getattr(self, name)))
        chips = self.allowance
        if isinstance(chips, bool) or not isinstance(chips, int) or not 0 <= chips <= MOST_CHIPS:
            said = _("allowance={chips!r} is not valid: 0 to {most} chips in all")
            raise ValueError(said.format(chips=chips, most=MOST_CHIPS))


@dataclass(frozen=True, slots=True)
class Committed:
    """A step to commit: who, what, how it came, and for a person's action who and the key."""

    actor: Actor
    action: str
    by: str
    person: int | None = None
    key: str | None = None


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What the server keeps of a table besides its steps."""

    id: int
    game: str
    rules: Any
    settings: Settings
    bots: Mapping[int, str]
    closed: bool
    opened_by: int | None = None
    keys: Mapping[str, tuple[int, int | None, str, str]] = field(default_factory=dict)
    """Each idempotency key used: its step's seq, person, actor and action."""
    fairness: int = FAIRNESS
    """The version of its shuffles' derivation (`croupier.fairness.FAIRNESS`): 1 for a
    table opened before migration 0010, whose orders were bound to no place and whose cuts
    were made by whoever cut."""
    private: bool = False
    """Whether it is left out of the lobby and shown only to its opener, its guests and
    whoever brings its invite (`croupier.server.invites`)."""
    approved: frozenset[int] = frozenset()
    """The people its host has let sit (`croupier.server._asking`)."""
    held: bool = False
    """Whether its host has paused it (`croupier.server.hosting`)."""
    cohosts: frozenset[int] = frozenset()
    """The people its host has named to host it with them."""
    barred: frozenset[int] = frozenset()
    """The people its host has removed, who sit again only once the host lets them."""
    limits: Mapping[str, Any] = field(default_factory=dict)
    """The stake limits its host set (`croupier.engine.rule_options.with_limits`), which it
    sets at its next moment between coups."""
    close_asked: bool = False
    """Whether the club's operator has asked it to close (`croupier admin close`)."""


@dataclass(frozen=True, slots=True)
class Part:
    """A part a person added to a table's shuffle `number`, from `seat`: its seal
    (`sealed`, replacing the seat's earlier one), or the part itself, revealed (`text`)."""

    number: int
    seat: int
    person: int
    sealed: str | None = None
    text: str | None = None


class TableLost(CroupierError):
    """This process may no longer run a table: another holds its lease, or has committed
    steps to it that this one has not seen."""


def table_account(table: int) -> str:
    """The name of table `table`'s ledger account."""
    return f"table-{table}"


def open_table(
    engine: Engine,
    game: str,
    rules: Any,
    settings: Settings,
    bots: Mapping[int, str],
    opened_by: int | None,
    claimed: tuple[str, float, str | None] | None = None,
    first_seed: Callable[[int], bytes] = lambda table: secrets.token_bytes(SEED),
    sealed: str | None = None,
    *,
    box: SeedBox,
    seeded: bool = False,
    private: bool = False,
) -> int:
    """Open a table; the house stakes each bot with `settings.bot_chips`. Its id. With
    `claimed`, (owner, seconds, address) as `claim` takes them, the table is that process's
    from the moment it exists, under fence `FIRST_FENCE`, so that no other process can take
    it up first. Its first
    shuffle's secret seed (`first_seed` of the table's id) is stored with it, sealed by
    `box`, and the seal of the part of that shuffle its opener gave (`sealed`), under seat
    0, the seat left for them. `seeded`: its seeds come from a seed the operator chose.
    `private`: it is shown only to its opener and whoever brings its invite (made here)."""
    lease: dict[str, Any] = {}
    if claimed is not None:
        owner, seconds, address = claimed
        until = datetime.now(UTC) + timedelta(seconds=seconds)
        lease = {"owner": owner, "lease_until": until, "address": address, "fence": FIRST_FENCE}
    with Session(engine) as session, session.begin():
        record = TableRecord(
            game=game,
            rules=json.dumps(encode(rules)),
            settings=json.dumps(encode(settings)),
            seats=rules.seats,
            bots=json.dumps({str(seat): name for seat, name in bots.items()}),
            opened_by=opened_by,
            seeded=seeded,
            private=private,
            invite=invites.fresh() if private else None,
            **lease,
        )
        session.add(record)
        session.flush()
        table = open_account(session, AccountKind.TABLE, table_account(record.id))
        for seat in sorted(bots):
            _pay(
                session,
                _house(session),
                table,
                settings.bot_chips,
                Cause.BUY_IN,
                f"table {record.id} seat {seat + 1} (a bot)",
            )
        seeds = [(1, box.seal(record.id, 1, first_seed(record.id)))]
        parts = [Part(1, 0, opened_by, sealed)] if sealed is not None and opened_by else []
        _keep_shoes(session.connection(), Batch(record.id, (), seeds=seeds, parts=parts))
        return record.id


def _house(session: Session) -> Account:
    return open_account(session, AccountKind.HOUSE, HOUSE_ACCOUNT)


def _pay(
    session: Session, source: Account, target: Account, chips: int, cause: Cause, ref: str
) -> None:
    """A transfer; the house, when it lacks the chips, is first given what it lacks from
    the grant source (its float)."""
    session.refresh(source)
    if source.kind == AccountKind.HOUSE.value and source.balance < chips:
        grants = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
        transfer(
            session, grants, source, chips - source.balance, Cause.GRANT, f"house float: {ref}"
        )
    transfer(session, source, target, chips, cause, ref)


def _account(session: Session, table: int, party: Party) -> Account:
    if party == "table":
        return open_account(session, AccountKind.TABLE, table_account(table))
    if party == "house":
        return _house(session)
    if party == "grants":
        return open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
    person = session.get(Person, party)
    assert person is not None, f"no person {party}"
    account = session.get(Account, person.account_id)
    assert account is not None
    return account


@dataclass(frozen=True, slots=True)
class Batch:
    """A table's steps to commit with their moves of chips, all or nothing: numbered on from
    the table's last, which must be step `after` (when given), by the table's lease `owner`
    (when given) under the claim whose fence is `fence` (when given: no later claim may
    have been made); `close` marks the table closed. With them, what its shoes keep: the seeds
    drawn (`seeds`, each shuffle's number and its seed sealed: `keys.SeedBox`), the parts
    sealed and revealed (`parts`), the shuffles whose seals are closed (`closings`), the
    shoes signed (`seals`, each shoe's number, signature and the signing key's id)."""

    table: int
    steps: Sequence[Committed]
    moves: Sequence[Move] = ()
    close: bool = False
    after: int | None = None
    owner: str | None = None
    fence: int | None = None
    seeds: Sequence[tuple[int, str]] = ()
    parts: Sequence[Part] = ()
    closings: Sequence[int] = ()
    seals: Sequence[tuple[int, str, str]] = ()


def commit_steps(
    engine: Engine,
    table: int,
    steps: Sequence[Committed],
    moves: Iterable[Move],
    close: bool = False,
    after: int | None = None,
    owner: str | None = None,
) -> None:
    """Commit one batch (`Batch`) in a transaction of its own. Raises `TableLost` when
    another process has the table, `InsufficientChips` when a person's account cannot cover
    a move; then nothing is committed."""
    (refused,) = commit_group(engine, [Batch(table, steps, tuple(moves), close, after, owner)])
    if refused is not None:
        raise refused


def commit_group(engine: Engine, batches: Sequence[Batch]) -> list[Exception | None]:
    """Commit several tables' batches in one transaction, each in a savepoint of its own: a
    batch that is refused (`TableLost`, `InsufficientChips`, a database error of its own) is
    undone alone, the others are committed. For each batch, None or why it is not stored;
    every batch fails alike when the transaction itself cannot commit.

    The batches are stored in the order of their tables (a table's own in the order given),
    so that its tables' rows are locked in the order `renew` locks them: two transactions
    that lock the same rows in opposite orders would deadlock."""
    # Steps alone go through a plain connection; chips moved (a buy-in, a cash-out, a shoe's
    # takings: a few steps in a hundred) through the ledger's session (docs/scaling.md).
    ledger = any(batch.moves for batch in batches)
    if len(batches) == 1:  # alone, its own transaction undoes it: no savepoint to pay for
        try:
            with _opened(engine, ledger) as (connection, session), connection.begin():
                _store(connection, session, batches[0])
        except (CroupierError, SQLAlchemyError) as error:
            return [error]
        return [None]
    failed: list[Exception | None] = [None] * len(batches)
    with _opened(engine, ledger) as (connection, session), connection.begin():
        for at, batch in sorted(enumerate(batches), key=lambda pair: pair[1].table):
            try:
                with connection.begin_nested():
                    _store(connection, session, batch)
            except (CroupierError, SQLAlchemyError) as error:
                failed[at] = error
    return failed


@contextlib.contextmanager
def _opened(engine: Engine, ledger: bool) -> Iterator[tuple[Connection, Session | None]]:
    """A connection to commit on, and with `ledger` a session of the ledger's on it that
    neither commits nor rolls back the connection's transaction: the connection's does."""
    with engine.connect() as connection:
        if not ledger:
            yield connection, None
            return
        with Session(bind=connection, join_transaction_mode="rollback_only") as session:
            yield connection, session


def standing(engine: Engine, table: int) -> tuple[str | None, int]:
    """Table `table` as committed: the process whose lease names it (or None), and its last
    step."""
    with reading(engine).connect() as connection:
        return _standing(connection, table)


# The statements of a commit, built once: SQLAlchemy then compiles each once, where one
# built anew for every commit has its cache key worked out every time.
_STANDING = select(
    TableRecord.owner,
    select(StepRecord.seq)
    .where(StepRecord.table_id == bindparam("table"))
    .order_by(StepRecord.seq.desc())
    .limit(1)
    .scalar_subquery(),
).where(TableRecord.id == bindparam("table"))
_LOCK = (
    select(TableRecord.owner, TableRecord.fence)
    .where(TableRecord.id == bindparam("table"))
    .with_for_update(key_share=True)  # FOR NO KEY UPDATE: as a claim's UPDATE locks it
)
_ADD_STEPS = insert(StepRecord)


def _standing(connection: Connection, table: int) -> tuple[str | None, int]:
    found = connection.execute(_STANDING, {"table": table}).one_or_none()
    return (found[0], found[1] or 0) if found is not None else (None, 0)


def _store(connection: Connection, ledger: Session | None, batch: Batch) -> None:
    """Store one batch, in the connection's transaction; its moves of chips through
    `ledger`, a session on that connection. The table's row is locked first, and its owner
    and fence checked under that lock: a claim made meanwhile waits for this transaction to
    end, and one made before it is seen (the fence, docs/scaling.md)."""
    table = batch.table
    owner, fence = connection.execute(_LOCK, {"table": table}).one()
    if (batch.owner is not None and owner != batch.owner) or (
        batch.fence is not None and fence != batch.fence
    ):
        raise TableLost(f"table {table} is another process's now")
    _, seq = _standing(connection, table)
    if batch.after is not None and seq != batch.after:
        raise TableLost(
            f"table {table} is at step {seq}, not {batch.after}: another process ran it"
        )
    now = datetime.now(UTC)
    rows = [
        {
            "table_id": table,
            "seq": seq + number,
            "at": now,
            "actor": str(step.actor.value if not isinstance(step.actor, int) else step.actor),
            "action": step.action,
            "by": step.by,
            "person_id": step.person,
            "key": step.key,
        }
        for number, step in enumerate(batch.steps, 1)
    ]
    if rows:  # one INSERT for them all, not a unit of work's flush
        connection.execute(_ADD_STEPS, rows)
    if batch.moves:
        assert ledger is not None, "chips move through the ledger's session (`_opened`)"
        for move in batch.moves:
            source, target = (
                _account(ledger, table, move.source),
                _account(ledger, table, move.target),
            )
            _pay(ledger, source, target, move.chips, move.cause, move.ref)
    _keep_shoes(connection, batch)
    if batch.close:
        connection.execute(
            update(TableRecord).where(TableRecord.id == table).values(closed_at=func.now())
        )


def _keep_shoes(connection: Connection, batch: Batch) -> None:
    """Store what the batch's shoes keep: seeds, seals (one replacing a seat's earlier seal
    of the same shuffle), parts revealed to them, closings, signatures."""
    table = batch.table
    if batch.seeds:
        rows = [{"table_id": table, "number": n, "sealed": sealed} for n, sealed in batch.seeds]
        connection.execute(insert(ShoeSeed), rows)
    for part in batch.parts:
        this = (
            ShoePart.table_id == table,
            ShoePart.number == part.number,
            ShoePart.seat == part.seat,
        )
        if part.text is not None:  # revealed: its seal is stored
            connection.execute(update(ShoePart).where(*this).values(text=part.text))
            continue
        connection.execute(delete(ShoePart).where(*this))
        connection.execute(
            insert(ShoePart).values(
                table_id=table,
                number=part.number,
                seat=part.seat,
                person_id=part.person,
                sealed=part.sealed,
            )
        )
    if batch.closings:
        rows = [{"table_id": table, "number": number} for number in batch.closings]
        connection.execute(insert(ShoeClosing), rows)
    if batch.seals:
        rows = [
            {"table_id": table, "shoe": shoe, "signature": signature, "key_id": key}
            for shoe, signature, key in batch.seals
        ]
        connection.execute(insert(SealRecord), rows)


def setup(record: TableRecord) -> tuple[Game[Any, Any, Any], Any, Settings, dict[int, str]]:
    """A stored table's game, rule set, settings and bots (seat to name), read back."""
    game = games.get(record.game)
    rules = decode(json.loads(record.rules), game.config_type)
    settings = decode(json.loads(record.settings), Settings)
    bots = {int(seat): name for seat, name in json.loads(record.bots).items()}
    return game, rules, settings, bots


def steps(session: Session, table: int) -> Iterable[StepRecord]:
    """Table `table`'s committed steps, in order."""
    return session.scalars(
        select(StepRecord).where(StepRecord.table_id == table).order_by(StepRecord.seq)
    )


def stored_shoes(session: Session, record: TableRecord, box: SeedBox) -> Shoes | None:
    """Table `record`'s shoes before its first step, with every seed (opened by `box`) and
    part stored for it; None for a table that shuffled before the server's shuffles were
    provably fair."""
    table = record.id
    rows = session.scalars(
        select(ShoeSeed).where(ShoeSeed.table_id == table).order_by(ShoeSeed.number)
    )
    seeds = [
        box.open(table, row.number, row.sealed) if row.sealed else bytes.fromhex(row.seed or "")
        for row in rows
    ]
    if not seeds and _shuffled(session, table):
        return None
    seals: dict[int, dict[int, tuple[str, int]]] = collections.defaultdict(dict)
    parts: dict[int, dict[int, str]] = collections.defaultdict(dict)
    for number, seat, person, sealed, text in session.execute(
        select(
            ShoePart.number, ShoePart.seat, ShoePart.person_id, ShoePart.sealed, ShoePart.text
        ).where(ShoePart.table_id == table)
    ):
        if sealed is not None:
            seals[number][seat] = (sealed, person)
        if text is not None:
            parts[number][seat] = text
    closed = session.scalar(
        select(func.max(ShoeClosing.number)).where(ShoeClosing.table_id == table)
    )
    game, rules, settings, bots = setup(record)
    buy_ins = dict.fromkeys(bots, settings.bot_chips)
    return Shoes.opened(
        table,
        game.name,
        rules,
        buy_ins,
        seeds,
        seals,
        parts,
        closed or 0,
        record.fairness,
        record.seeded,
    )


def _shuffled(session: Session, table: int) -> bool:
    """Whether table `table` has a shuffle among its steps."""
    shuffle = select(StepRecord.seq).where(
        StepRecord.table_id == table,
        StepRecord.actor == CHANCE.value,
        StepRecord.action.startswith('{"type":"Shuffle"'),
    )
    return session.execute(shuffle.limit(1)).first() is not None


def seals(session: Session, table: int) -> list[tuple[str, str | None]]:
    """The signatures of table `table`'s shoes, shoe 0 first, each with its key's id (None:
    made before keys had ids)."""
    query = select(SealRecord.signature, SealRecord.key_id).where(SealRecord.table_id == table)
    return [(signature, key) for signature, key in session.execute(query.order_by(SealRecord.shoe))]


def _unstored(size: int) -> bytes:
    raise ValueError("a table rebuilt from its steps draws no seed: each was stored")


def rebuild(
    bind: Engine | Connection, table: int, recent: int = 0, *, box: SeedBox
) -> tuple[TableInfo, Book, list[Told]]:
    """Table `table` as committed: its info, its book after every committed step, and the
    last `recent` steps as the table tells them, all read as of one moment, however the
    table goes on meanwhile (its shoes and its steps from one snapshot, else a step read
    after a commit could need a seed read before it). `bind` is an engine, or a connection
    whose transaction the reading joins; `box` opens its seeds."""
    with Session(snapshot(bind) if isinstance(bind, Engine) else bind) as session:
        record = session.get(TableRecord, table)
        if record is None:
            raise LookupError(f"there is no table {table}")
        game, rules, settings, bots = setup(record)
        shoes = stored_shoes(session, record, box)
        book = Book(table, game, rules, bots, settings.bot_chips, shoes, _unstored)
        names = dict(session.execute(select(Person.id, Person.name)).all())
        keys: dict[str, tuple[int, int | None, str, str]] = {}
        told: collections.deque[Told] = collections.deque(maxlen=recent)
        for step in steps(session, table):
            person = (step.person_id, names[step.person_id]) if step.person_id else None
            actor = actor_from_text(step.actor)
            events, _ = book.apply(actor, action_from_json(game, step.action), person, step.by)
            told.append(Told.after(book, actor, step.by, events, step.person_id))
            if step.key is not None:
                keys[step.key] = (step.seq, step.person_id, step.actor, step.action)
        closed = record.closed_at is not None

        def guests(which: Any) -> frozenset[int]:
            query = select(Guest.person_id).where(Guest.table_id == table, which)
            return frozenset(session.scalars(query))

        info = TableInfo(
            table,
            record.game,
            rules,
            settings,
            bots,
            closed,
            record.opened_by,
            keys,
            record.fairness,
            record.private,
            guests(Guest.approved),
            record.held,
            guests(Guest.cohost),
            guests(Guest.barred),
            json.loads(record.limits or "{}"),
            record.close_asked_at is not None,
        )
        return info, book, list(told)


def table_chips(box: SeedBox) -> Callable[[Session, Account], int]:
    """The audit's check of a table's chips, its seeds opened by `box`: the chips table
    `account` holds by its replayed steps."""

    def chips(session: Session, account: Account) -> int:
        table = int(account.name.removeprefix("table-"))
        _, book, _ = rebuild(session.connection(), table, box=box)  # in the audit's transaction
        return book.table_chips

    return chips


def claim(
    engine: Engine, table: int, owner: str, seconds: float, address: str | None = None
) -> int | None:
    """Make `owner` (a server process, reached at `address`) the one that runs open table
    `table` for the next `seconds`, if no other process holds it now: the claim's fence (a
    number the table's every claim makes higher), or None. Each batch `owner` stores must
    carry that fence, so that once another process has claimed the table none of this
    claim's can be stored (`Batch`). A process renews its claim well before it runs out;
    one that dies leaves it to run out (docs/scaling.md)."""
    now = datetime.now(UTC)
    with Session(engine) as session, session.begin():
        return session.execute(
            update(TableRecord)
            .where(
                TableRecord.id == table,
                TableRecord.closed_at.is_(None),
                (TableRecord.owner.is_(None))
                | (TableRecord.owner == owner)
                | (TableRecord.lease_until < now),
            )
            .values(
                owner=owner,
                lease_until=now + timedelta(seconds=seconds),
                address=address,
                fence=TableRecord.fence + 1,
            )
            .returning(TableRecord.fence)
            .execution_options(synchronize_session=False)
        ).scalar_one_or_none()


def renew(engine: Engine, tables: Iterable[int], owner: str, seconds: float) -> dict[int, bool]:
    """Renew `owner`'s leases of `tables` for the next `seconds`, in one transaction: the
    tables whose lease it still holds (one that another process has taken is not among
    them), each with whether the club's operator has asked it to close (`croupier admin
    close`). Their rows are locked first, in the order of their ids, as `commit_group` locks
    them."""
    wanted = list(tables)
    if not wanted:
        return {}
    until = datetime.now(UTC) + timedelta(seconds=seconds)
    with Session(engine) as session, session.begin():
        held = {
            table: asked is not None
            for table, asked in session.execute(
                select(TableRecord.id, TableRecord.close_asked_at)
                .where(TableRecord.id.in_(wanted), TableRecord.owner == owner)
                .order_by(TableRecord.id)
                .with_for_update(key_share=True)  # FOR NO KEY UPDATE, as `_store` locks them
            )
        }
        session.execute(
            update(TableRecord)
            .where(TableRecord.id.in_(list(held)))
            .values(lease_until=until)
            .execution_options(synchronize_session=False)
        )
        return held


def release(engine: Engine, table: int, owner: str) -> None:
    """`owner` gives up table `table`, so that another process may run it at once."""
    with Session(engine) as session, session.begin():
        session.execute(
            update(TableRecord)
            .where(TableRecord.id == table, TableRecord.owner == owner)
            .values(owner=None, lease_until=None, address=None)
            .execution_options(synchronize_session=False)
        )


def closed_table(engine: Engine, table: int) -> tuple[TableRecord, int | None] | None:
    """Table `table`'s record if it was opened and has closed, with where a bot table
    (opened by nobody: `croupier serve --bot-tables`) goes on: the first open table of its
    game opened by nobody after it, so that a link to it serves for life (None for another
    table, or while none is open)."""
    with Session(reading(engine)) as session:
        record = session.get(TableRecord, table)
        if record is None or record.closed_at is None:
            return None
        if record.opened_by is not None:
            return record, None
        query = (
            select(TableRecord.id)
            .where(
                TableRecord.game == record.game,
                TableRecord.opened_by.is_(None),
                TableRecord.closed_at.is_(None),
                TableRecord.id > table,
            )
            .order_by(TableRecord.id)
            .limit(1)
        )
        return record, session.scalar(query)


def open_tables(engine: Engine, table: int | None = None) -> list[TableRecord]:
    """Every table not closed, whichever process runs it (or table `table` alone, if it is
    open)."""
    query = select(TableRecord).where(TableRecord.closed_at.is_(None)).order_by(TableRecord.id)
    if table is not None:
        query = query.where(TableRecord.id == table)
    with Session(reading(engine)) as session:
        return list(session.scalars(query))
