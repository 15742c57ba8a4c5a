"""A closed table's hand history: the JSON `croupier play --save` writes and `croupier
replay` reads (`croupier.engine.history`), made from the table's committed steps.

The history is the rule set, the bots' buy-ins (the seats taken when the table opened),
every action of the seats and the house in order, the order of every shuffle (a server
deals with no seed anyone could replay from) and the record that checks a replay. Because
it holds the shuffles' orders, and so every card not yet dealt, it is given only once the
table has closed: before that it would tell anyone the shoe.
"""

from __future__ import annotations

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from croupier.engine.actions import Action, Shuffle
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.history import History
from croupier.engine.record import Recorder
from croupier.errors import CroupierError
from croupier.server.book import action_from_json, actor_from_text
from croupier.server.database import reading
from croupier.server.schema import TableRecord
from croupier.server.tables import setup, steps

__all__ = ["TableOpen", "table_history"]


class TableOpen(CroupierError):
    """A history asked of a table still open."""


def table_history(engine: Engine, table: int) -> History:
    """Closed table `table`'s history; `LookupError` if there is no such table, `TableOpen`
    while it is open. Blocking database work: call it off the event loop."""
    with Session(reading(engine)) as session:
        record = session.get(TableRecord, table)
        if record is None:
            raise LookupError(f"there is no table {table}")
        if record.closed_at is None:
            raise TableOpen(
                "the hand history is given once the table has closed: it holds the shoe's order"
            )
        game, rules, settings, bots = setup(record)
        buy_ins = dict.fromkeys(sorted(bots), settings.bot_chips)
        state = game.start(rules, buy_ins)
        recorder = Recorder(game, rules, state)
        actions: list[tuple[Actor, Action]] = []
        shuffles = []
        for step in steps(session, table):
            actor = actor_from_text(step.actor)
            action = action_from_json(game, step.action)
            state, events = game.apply(state, actor, action)
            recorder.note(actor, action, events, state)
            if actor is not CHANCE:
                actions.append((actor, action))
            elif isinstance(action, Shuffle):
                shuffles.append(action.order)
        return History(
            game=game.name,
            config=rules,
            buy_ins=buy_ins,
            seed=None,
            actions=tuple(actions),
            shuffles=tuple(shuffles),
            record=recorder.checkpoints,
        )
