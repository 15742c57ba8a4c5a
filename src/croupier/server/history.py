"""A table's hand history: the JSON `croupier play --save` writes and `croupier replay` and
`croupier verify` read (`croupier.engine.history`), made from the table's committed steps.

The history is the rule set, the bots' buy-ins (the seats taken when the table opened),
every action of the seats and the house in order, the proof of every shuffle (its
commitment, its seed and the parts the seats added, from which its order is derived
again), the server's signature of every shoe (`croupier.engine.seal`), and the record that
checks a replay. A shoe's seed tells every card of it, so the history goes only as far as
the last shoe that is over: the whole session once the table has closed, and while it is
open, up to the last shuffle made. A table opened before its shuffles were provably fair
keeps each shuffle's order instead, and its history is given once it has closed.

So a history changes only when a shoe ends (a shuffle is made, or the table closes), and
each shoe that ends is sealed (and, when the table closes, its end marker): a table's
`extent` (its seals, and whether it has closed),
read in one small query, says whether the history made before is the history now. And a
history goes on from the one before: a table's `Replay` keeps its steps replayed so far,
so that each shoe's end costs the steps of that shoe, not of the whole session.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from croupier.cards import Card
from croupier.engine.actions import Action, EndShoe, Shuffle
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.game import Game
from croupier.engine.history import History
from croupier.engine.record import Recorder
from croupier.engine.seal import Seal
from croupier.errors import CroupierError
from croupier.i18n import N_, _
from croupier.server._book import FOR_A_PERSON, action_from_json, action_json, actor_from_text
from croupier.server.database import reading
from croupier.server.keys import SeedBox
from croupier.server.schema import SealRecord, StepRecord, TableRecord
from croupier.server.succession import chain
from croupier.server.tables import seals, setup, stored_shoes

__all__ = ["Extent", "Replay", "TableOpen", "extent", "table_history"]


class TableOpen(CroupierError):
    """A history asked of a table that has no shoe over yet (or, for a table whose
    shuffles are not provably fair, of one still open). Its message is in English; `said()`
    tells it in the context's language (the one of each request it answers)."""

    def said(self) -> str:
        return _(str(self))


@dataclass(frozen=True, slots=True)
class Extent:
    """How far a table's history goes: its shoes sealed (each shoe ended, and shoe 0 at the
    first shuffle) and whether it has closed. Two moments of a table with the same extent
    have the same history."""

    table: int
    sealed: int
    closed: bool


def extent(engine: Engine, table: int) -> Extent:
    """Table `table`'s `Extent` now, in one small query; `LookupError` (in the context's
    language) if there is no such table. Blocking database work: call it off the event
    loop."""
    sealed = (
        select(func.count())
        .select_from(SealRecord)
        .where(SealRecord.table_id == table)
        .scalar_subquery()
    )
    with Session(reading(engine)) as session:
        found = session.execute(
            select(TableRecord.closed_at, sealed).where(TableRecord.id == table)
        ).one_or_none()
    if found is None:
        raise _no_table(table)
    return Extent(table, found[1], found[0] is not None)


class Replay:
    """Table `table`'s committed steps replayed as far as its last history went, kept so
    that its next history replays only the steps since: a table's history is made again as
    each shoe ends, and made from the first step each time it would cost the whole session.
    One thread at a time goes on with it (`lock`)."""

    def __init__(self, table: int) -> None:
        self.table = table
        self.lock = threading.Lock()
        self.seq = 0
        """The last step replayed."""
        self.start: tuple[Game[Any, Any, Any], Any, dict[int, int]] | None = None
        """The game, its rule set and the bots' buy-ins, once begun."""
        self.state: Any = None
        self.recorder: Recorder | None = None
        self.actions: list[tuple[Actor, Action]] = []
        self.decided: set[int] = set()
        """The places in `actions` of the steps the house took for a person's seat."""
        self.orders: list[tuple[Card, ...]] = []
        self.set_aside = False
        """Whether the house has ended the shoe in play (`EndShoe`) by the last step replayed."""

    def begin(self, record: TableRecord) -> None:
        """The table as it opened, before its first step (once)."""
        if self.start is None:
            game, rules, settings, bots = setup(record)
            buy_ins = dict.fromkeys(sorted(bots), settings.bot_chips)
            self.start = game, rules, buy_ins
            self.state = game.start(rules, buy_ins)
            self.recorder = Recorder(game, rules, self.state)

    def extend(self, rows: list[StepRecord]) -> None:
        """Replay `rows`, the table's next steps."""
        assert self.start is not None and self.recorder is not None, "Replay.begin first"
        game = self.start[0]
        for step in rows:
            actor = actor_from_text(step.actor)
            action = action_from_json(game, step.action)
            self.state, events = game.apply(self.state, actor, action)
            self.recorder.note(actor, action, events, self.state)
            if actor is not CHANCE:
                if step.by in FOR_A_PERSON:
                    self.decided.add(len(self.actions))
                self.actions.append((actor, action))
                self.set_aside = self.set_aside or isinstance(action, EndShoe)
            elif isinstance(action, Shuffle):
                self.orders.append(action.order)
                self.set_aside = False
            self.seq = step.seq


def table_history(
    engine: Engine, table: int, box: SeedBox, replay: Replay | None = None
) -> History:
    """Table `table`'s history, as far as its last shoe that is over, its seeds opened by
    `box`, sealed with the house's keys in succession (`succession.chain`), replaying only
    the steps after `replay` (which it goes on with; a new one by default); `LookupError` if
    there is no such table (saying so in the context's language), `TableOpen` if no shoe is
    over yet. Blocking database work: call it off the event loop."""
    replay = replay or Replay(table)
    with replay.lock, Session(reading(engine)) as session:
        record = session.get(TableRecord, table)
        if record is None:
            raise _no_table(table)
        closed = record.closed_at is not None
        shoes = stored_shoes(session, record, box)
        if shoes is None and not closed:
            raise TableOpen(
                N_("the hand history is given once the table has closed: it holds the shoe's order")
            )
        rows = list(
            session.scalars(
                select(StepRecord)
                .where(StepRecord.table_id == table, StepRecord.seq > replay.seq)
                .order_by(StepRecord.seq)
            )
        )
        if shoes is not None and not closed:
            over = _over(rows, replay.set_aside)
            if not (replay.orders or any(_shuffle(row) for row in rows[:over])):
                raise TableOpen(
                    N_(
                        "the hand history is given once a shoe is over: the first one is in "
                        "play, and its seed tells its cards"
                    )
                )
            rows = rows[:over]  # up to the shoe in play
        replay.begin(record)
        replay.extend(rows)
        assert replay.start is not None and replay.recorder is not None
        game, rules, buy_ins = replay.start
        actions, checkpoints = tuple(replay.actions), replay.recorder.checkpoints
        if shoes is None:
            return History(
                game.name, rules, buy_ins, None, actions, tuple(replay.orders), checkpoints
            )
        made = len(replay.orders)
        found = seals(session, table)  # each shoe's, then the end marker once closed
        end = found[made + 1] if closed and len(found) > made + 1 else (None, None)
        first, succession, _ = chain(session)
        old = shoes.fairness < 2  # opened before a seal said its shoes and signed its end
        signed = Seal(
            table,
            first,
            tuple(signature for signature, _ in found[: made + 1]),
            shoes=None if old else made + 1,
            end=None if old else end[0],
            key_ids=tuple(key for _, key in found[: made + 1]),
            end_key_id=None if old else end[1],
            succession=succession,
            seeded=record.seeded,
        )
        return History(
            game.name,
            rules,
            buy_ins,
            None,
            actions,
            (),
            checkpoints,
            shoes.proofs(made),
            signed,
            record.fairness,
            frozenset(replay.decided) if record.fairness > 2 else frozenset(),
        )


def _no_table(table: int) -> LookupError:
    return LookupError(_("there is no table {table}").format(table=table))


def _over(rows: list[StepRecord], set_aside: bool) -> int:
    """How many of `rows` go as far as the last shoe that ends among them, the one in play
    before them `set_aside` or not: the house's `EndShoe` ends the shoe in play, with it; a
    shuffle ends the shoe before it, unless the house has."""
    over = 0
    for number, row in enumerate(rows):
        if _shuffle(row):
            over = over if set_aside else number
            set_aside = False
        elif row.actor == HOUSE.value and row.action == _END_SHOE:
            over, set_aside = number + 1, True
    return over


_END_SHOE = action_json(EndShoe())
"""The house's `EndShoe` as a step row keeps it."""


def _shuffle(row: StepRecord) -> bool:
    return row.actor == CHANCE.value and row.action.startswith('{"type":"Shuffle"')
