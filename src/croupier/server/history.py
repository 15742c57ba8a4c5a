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
read in one small query, says whether the history made before is the history now.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from croupier.engine.actions import Action, Shuffle
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.history import History
from croupier.engine.record import Recorder
from croupier.engine.seal import Seal
from croupier.errors import CroupierError
from croupier.i18n import N_, _
from croupier.server.book import action_from_json, actor_from_text
from croupier.server.database import reading
from croupier.server.schema import SealRecord, StepRecord, TableRecord
from croupier.server.tables import seals, setup, steps, stored_shoes

__all__ = ["Extent", "TableOpen", "extent", "table_history"]


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


def table_history(engine: Engine, table: int, key: str) -> History:
    """Table `table`'s history, as far as its last shoe that is over, sealed with the
    server's public `key`; `LookupError` if there is no such table (saying so in the
    context's language), `TableOpen` if no shoe is over yet. Blocking database work: call it
    off the event loop."""
    with Session(reading(engine)) as session:
        record = session.get(TableRecord, table)
        if record is None:
            raise _no_table(table)
        closed = record.closed_at is not None
        shoes = stored_shoes(session, record)
        if shoes is None and not closed:
            raise TableOpen(
                N_("the hand history is given once the table has closed: it holds the shoe's order")
            )
        rows = list(steps(session, table))
        if shoes is not None and not closed:
            shuffles = [n for n, row in enumerate(rows) if _shuffle(row)]
            if len(shuffles) < 2:
                raise TableOpen(
                    N_(
                        "the hand history is given once a shoe is over: the first one is in "
                        "play, and its seed tells its cards"
                    )
                )
            rows = rows[: shuffles[-1]]  # up to the shoe in play
        game, rules, settings, bots = setup(record)
        buy_ins = dict.fromkeys(sorted(bots), settings.bot_chips)
        state = game.start(rules, buy_ins)
        recorder = Recorder(game, rules, state)
        actions: list[tuple[Actor, Action]] = []
        orders = []
        for step in rows:
            actor = actor_from_text(step.actor)
            action = action_from_json(game, step.action)
            state, events = game.apply(state, actor, action)
            recorder.note(actor, action, events, state)
            if actor is not CHANCE:
                actions.append((actor, action))
            elif isinstance(action, Shuffle):
                orders.append(action.order)
        if shoes is None:
            return History(
                game.name, rules, buy_ins, None, tuple(actions), tuple(orders), recorder.checkpoints
            )
        made = len(orders)
        signed = Seal(table, key, tuple(seals(session, table)[: made + 1]))
        return History(
            game.name,
            rules,
            buy_ins,
            None,
            tuple(actions),
            (),
            recorder.checkpoints,
            shoes.proofs(made),
            signed,
        )


def _no_table(table: int) -> LookupError:
    return LookupError(_("there is no table {table}").format(table=table))


def _shuffle(row: StepRecord) -> bool:
    return row.actor == CHANCE.value and row.action.startswith('{"type":"Shuffle"')
