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
each shoe that ends is sealed: a table's `extent` (its seals, and whether it has closed),
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
from croupier.engine.actions import Action, Shuffle
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.game import Game
from croupier.engine.history import History
from croupier.engine.record import Recorder
from croupier.engine.seal import Seal
from croupier.errors import CroupierError
from croupier.i18n import N_, _
from croupier.server._book import action_from_json, actor_from_text
from croupier.server.database import reading
from croupier.server.schema import SealRecord, StepRecord, TableRecord
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
        self.orders: list[tuple[Card, ...]] = []

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
                self.actions.append((actor, action))
            elif isinstance(action, Shuffle):
                self.orders.append(action.order)
            self.seq = step.seq


def table_history(engine: Engine, table: int, key: str, replay: Replay | None = None) -> History:
    """Table `table`'s history, as far as its last shoe that is over, sealed with the
    server's public `key`, replaying only the steps after `replay` (which it goes on with;
    a new one by default); `LookupError` if there is no such table (saying so in the
    context's language), `TableOpen` if no shoe is over yet. Blocking database work: call it
    off the event loop."""
    replay = replay or Replay(table)
    with replay.lock, Session(reading(engine)) as session:
        record = session.get(TableRecord, table)
        if record is None:
            raise _no_table(table)
        closed = record.closed_at is not None
        shoes = stored_shoes(session, record)
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
            shuffles = [n for n, row in enumerate(rows) if _shuffle(row)]
            if len(replay.orders) + len(shuffles) < 2:
                raise TableOpen(
                    N_(
                        "the hand history is given once a shoe is over: the first one is in "
                        "play, and its seed tells its cards"
                    )
                )
            rows = rows[: shuffles[-1]] if shuffles else []  # up to the shoe in play
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
        signed = Seal(table, key, tuple(seals(session, table)[: made + 1]))
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
        )


def _no_table(table: int) -> LookupError:
    return LookupError(_("there is no table {table}").format(table=table))


def _shuffle(row: StepRecord) -> bool:
    return row.actor == CHANCE.value and row.action.startswith('{"type":"Shuffle"')
