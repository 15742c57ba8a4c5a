"""A table's coups looked back at (`GET /api/tables/{id}/coups`, `/coups/{n}`, `/numbers`;
docs/protocol.md): its committed steps walked into coups (`croupier.review.session.Walker`),
each with who sat, what each seat's chips moved by and the biggest stake placed in it, and
each shown to the person asking as they may see it now.

A coup whose shoe is still in play is shown as the person saw it live, step by step, from
the seat they held at that step (as the table told it: `Told.viewer`; a spectator's where
they held none): each view the engine's view for that seat, each line told from the events
redacted for it, and only that seat's own decisions valued. Once its shoe is over (a later
shuffle made, the house ended it, or the table closed) the coup shows everything some seat
saw (`open_view`), the lines of the events whole, every decision, and whether its shuffle's
proof checks (`Proof.check`, as `croupier verify` checks it).

A table's `Walk` keeps its steps walked, going on from the last step read at the next read
(as `history.Replay` does), and each coup's decisions once valued, and each shuffle's proof
once checked. Blocking database and computing work: call it in a reading thread.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from croupier.cards import Card
from croupier.engine.actions import EndShoe, Shuffle
from croupier.engine.actors import CHANCE, HOUSE
from croupier.engine.codec import JSON, encode, field_names
from croupier.engine.events import redact
from croupier.engine.game import Game, Shuffling
from croupier.engine.history import Step
from croupier.errors import CroupierError, InvalidInput
from croupier.i18n import _, ngettext
from croupier.review import Decision
from croupier.review.session import (
    Coup,
    Walker,
    decision_json,
    decisions,
    evening_json,
    evenings,
    open_view,
    replayed,
)
from croupier.server._book import FOR_A_PERSON, Book, Seat, action_from_json, actor_from_text
from croupier.server._protocol import Told
from croupier.server._words import Words
from croupier.server.database import reading
from croupier.server.keys import SeedBox
from croupier.server.schema import Person, StepRecord, TableRecord
from croupier.server.tables import setup, stored_shoes

__all__ = ["Looked", "Unshown", "Walk", "coup_json", "coup_number", "coups_json", "numbers_json"]


class Unshown(CroupierError):
    """A read of a table's coups that is refused (`status`, the HTTP status to answer); its
    message is in the context's language."""

    def __init__(self, reason: str, status: int) -> None:
        super().__init__(reason)
        self.status = status


@dataclass(frozen=True, slots=True)
class Looked:
    """A settled coup as a table's walk keeps it: the coup; who sat (at its start, or joined
    in it); the step that opened it, as the table told it (None for the first); each of its
    moments' steps as the table told it (`Told`: who held each seat then, and under what
    name); the biggest stake placed in it; and, at a game whose narrator remembers, one that
    has heard the coups before it (as a spectator)."""

    coup: Coup
    seats: Mapping[int, Seat]
    opening: Told | None
    told: tuple[Told, ...]
    biggest: int
    heard: Words | None = None
    at: datetime | None = None
    """When its last step was committed (None for a step stored before steps kept it)."""


class Walk:
    """Table `table`'s committed steps walked into its coups, kept so that the next read
    walks only the steps since. One thread at a time goes on with it (`lock`)."""

    def __init__(self, table: int) -> None:
        self.table = table
        self.lock = threading.Lock()
        self.seq = 0
        """The last step walked."""
        self.closed = False
        """Whether the table had closed when its steps were last read."""
        self.coups: list[Looked] = []
        """The coups settled, the first first."""
        self.shuffles: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
        """Each shuffle made: the pack it shuffled, and the order it gave."""
        self.set_aside = False
        """Whether the house has ended the shoe in play (`EndShoe`)."""
        self.valued: dict[int, tuple[Decision | None, ...]] = {}
        """Each coup's decisions valued, by its number, once asked for."""
        self.verified: dict[int, bool | None] = {}
        """Whether each shuffle's proof checks, by its number, once asked for."""
        self._book: Book | None = None
        self._walker: Walker | None = None
        self._heard: Words | None = None
        """A narrator that hears every coup settled (where the game's remembers)."""
        # The coup in play: who sat, the step that opened it, its steps as told (by the
        # walker's step number), the biggest stake so far, and the narrator for it.
        self._seats: dict[int, Seat] = {}
        self._opening: Told | None = None
        self._told: dict[int, Told] = {}
        self._biggest = 0
        self._primed: Words | None = None

    @property
    def game(self) -> Game[Any, Any, Any]:
        assert self._book is not None, "Walk.read first"
        return self._book.game

    def read(self, session: Session) -> TableRecord:
        """Walk the table's steps committed since the last read; its record. `LookupError`
        (in the context's language) if there is no such table."""
        record = session.get(TableRecord, self.table)
        if record is None:
            raise LookupError(_("there is no table {table}").format(table=self.table))
        closed = record.closed_at is not None  # (read before the steps: all are there)
        if self._book is None:
            game, rules, settings, bots = setup(record)
            self._book = Book(self.table, game, rules, bots, settings.bot_chips)
            self._walker = Walker(game, self._book.state)
            self._seats = dict(self._book.seats)
            heard = Words(game.name)
            if heard.remembers:
                self._heard, self._primed = heard, heard.copy()
        rows = list(
            session.scalars(
                select(StepRecord)
                .where(StepRecord.table_id == self.table, StepRecord.seq > self.seq)
                .order_by(StepRecord.seq)
            )
        )
        people = {row.person_id for row in rows if row.person_id is not None}
        names = dict(
            session.execute(select(Person.id, Person.name).where(Person.id.in_(people))).all()
        )
        for row in rows:
            self._step(row, names)
        self.closed = closed
        return record

    def _step(self, row: StepRecord, names: Mapping[int, str]) -> None:
        book, walker = self._book, self._walker
        assert book is not None and walker is not None
        game = book.game
        actor = actor_from_text(row.actor)
        action = action_from_json(game, row.action)
        node = game.chance(book.state) if actor is CHANCE else None
        person = (row.person_id, names[row.person_id]) if row.person_id is not None else None
        events, _moves = book.apply(actor, action, person, row.by)
        told = Told.after(book, actor, row.by, events, row.person_id)
        if isinstance(action, Shuffle) and isinstance(node, Shuffling):
            self.shuffles.append((node.cards, action.order))
            self.set_aside = False
        elif actor is HOUSE and isinstance(action, EndShoe):
            self.set_aside = True
        for seat, holder in book.seats.items():
            self._seats.setdefault(seat, holder)
        staked = max(game.stakes(book.state).values(), default=0)
        self._biggest = max(self._biggest, staked)
        self._told[walker.steps] = told
        house = actor is not CHANCE and row.by in FOR_A_PERSON
        settled = walker.add(book.state, Step(actor, action, events), house)
        self.seq = row.seq
        if settled is None:
            return
        moments = tuple(self._told[moment.step] for moment in settled.moments)
        looked = Looked(
            settled, self._seats, self._opening, moments, self._biggest, self._primed, row.at
        )
        self.coups.append(looked)
        if self._heard is not None:
            for moment, heard in zip(settled.moments, moments, strict=True):
                self._heard.hear(heard.names, None, [redact(e, None) for e in moment.events])
            self._primed = self._heard.copy()
        self._seats, self._opening = dict(book.seats), told
        self._told = {walker.steps - 1: told}
        self._biggest = staked

    def revealed(self, coup: Coup) -> bool:
        """Whether `coup`'s shoe is over (a later shuffle made, or the house ended it) or the
        table has closed: then every card of it some seat saw may be shown."""
        made = len(self.shuffles)
        return self.closed or coup.shoe < made or (coup.shoe == made and self.set_aside)

    def decisions(self, number: int) -> tuple[Decision | None, ...]:
        """Coup `number`'s decisions, one a moment, valued once and kept."""
        found = self.valued.get(number)
        if found is None:
            found = self.valued[number] = decisions(self.game, self.coups[number - 1].coup)
        return found

    def proved(
        self, session: Session, record: TableRecord, box: SeedBox, shuffle: int
    ) -> bool | None:
        """Whether shuffle `shuffle`'s proof checks, as `croupier verify` checks it: its seed
        the one its commitment was made to, each part the one sealed, and the order they
        give the one dealt from; None at a table whose shuffles are not provably fair. Only
        for a shoe that is over: its seed is opened (by `box`)."""
        if shuffle not in self.verified:
            shoes = stored_shoes(session, record, box)
            if shoes is None:
                self.verified[shuffle] = None
            else:
                pack, order = self.shuffles[shuffle - 1]
                place = (self.table, shuffle) if record.fairness > 1 else None
                try:
                    checks = shoes.proofs(shuffle)[shuffle - 1].check(pack, place) == order
                except InvalidInput:
                    checks = False
                self.verified[shuffle] = checks
        return self.verified[shuffle]


def coup_number(text: str) -> int:
    """A coup's number as a path names it; `Unshown` (400) if it names none."""
    if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) < 1:
        said = _("{coup!r} is not a coup's number: the coups are numbered from 1")
        raise Unshown(said.format(coup=text[:20]), 400)
    return int(text)


def coups_json(engine: Engine, walk: Walk, name: str | None = None) -> dict[str, JSON]:
    """The table's settled coups, each with its shoe, whether it is revealed, who sat, each
    seat's net and the biggest stake; with `name`, those where the person of that name sat
    (`Unshown`, 404, if there is no one of that name)."""
    with walk.lock, Session(reading(engine)) as session:
        walk.read(session)
        person = None
        if name is not None:
            person = session.scalar(select(Person.id).where(Person.folded == name.lower()))
            if person is None:
                said = _("there is no one named {name!r}")
                raise Unshown(said.format(name=name[:40]), 404)
        listed = [
            _entry(walk, looked)
            for looked in walk.coups
            if person is None or any(h.person == person for h in looked.seats.values())
        ]
    return {"table": walk.table, "game": walk.game.name, "closed": walk.closed, "coups": listed}


def _entry(walk: Walk, looked: Looked) -> dict[str, JSON]:
    coup = looked.coup
    return {
        "coup": coup.number,
        "shoe": coup.shoe,
        "revealed": walk.revealed(coup),
        "seats": [
            {"seat": seat, "name": holder.name, "person": holder.person is not None}
            for seat, holder in sorted(looked.seats.items())
        ],
        "nets": _nets(coup),
        "biggest": looked.biggest,
        "at": None if looked.at is None else _utc(looked.at).isoformat(timespec="seconds"),
    }


def _utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone, as stored: UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _nets(coup: Coup) -> dict[str, JSON]:
    return {str(seat): net for seat, net in coup.nets}


def coup_json(
    engine: Engine,
    box: SeedBox,
    walk: Walk,
    wanted: int,
    person: int | None,
    watches: bool = True,
) -> dict[str, JSON]:
    """Coup `wanted` of the table as `person` (None: one not logged in) may see it now (the
    module's docstring): each step a frame, with its lines in the context's language.
    `Unshown` if the table has not settled it (404), or if it is in play and the person
    neither sat in it nor may watch the table (403: not `watches`)."""
    with walk.lock, Session(reading(engine)) as session:
        record = walk.read(session)
        if wanted > len(walk.coups):
            said = ngettext(
                "coup {coup} of table {table} is not settled: it has settled {settled} coup",
                "coup {coup} of table {table} is not settled: it has settled {settled} coups",
                len(walk.coups),
            )
            raise Unshown(said.format(coup=wanted, table=walk.table, settled=len(walk.coups)), 404)
        looked = walk.coups[wanted - 1]
        coup = looked.coup
        revealed = walk.revealed(coup)
        seated = [told.viewer(person) for told in looked.told] if person is not None else []
        if not (revealed or watches or any(seat is not None for seat in seated)):
            said = _("the host lets nobody watch this table: sit down to see it")
            raise Unshown(said, 403)
        valued = walk.decisions(wanted)
        verified = walk.proved(session, record, box, coup.shoe) if revealed and coup.shoe else None
    game = walk.game
    seat = next(
        (s for s, h in sorted(looked.seats.items()) if person is not None and h.person == person),
        None,
    )
    at_start = looked.opening.viewer(person) if looked.opening and person is not None else None
    words = looked.heard.copy() if looked.heard is not None else Words(game.name)
    shown = (lambda state, seat: open_view(game, state)) if revealed else game.view
    frames: list[JSON] = []
    before = shown(coup.start, at_start)
    memo: dict[int, tuple[Any, JSON]] = {}
    for (_before, after, moment), told, decision in zip(
        replayed(game, coup), looked.told, valued, strict=True
    ):
        viewer = told.viewer(person) if person is not None else None
        events = moment.events if revealed else [redact(e, viewer) for e in moment.events]
        mine = revealed or (decision is not None and decision.seat == viewer)
        frames.append(
            {
                "step": told.seq,
                "actor": encode(moment.actor),
                "said": words.said(told.names, viewer, events) if events else [],
                "view": _changed(before, now := shown(after, viewer), memo),
                "decision": decision_json(decision) if decision is not None and mine else None,
            }
        )
        before = now
    return {
        "table": walk.table,
        "game": game.name,
        "coup": coup.number,
        "shoe": coup.shoe,
        "revealed": revealed,
        "seat": seat,
        "names": {str(s): holder.name for s, holder in sorted(looked.seats.items())},
        "shuffle": {"number": coup.shoe, "verified": verified} if coup.shoe else None,
        "start": encode(shown(coup.start, at_start)),
        "frames": frames,
        "nets": _nets(coup),
    }


def _changed(before: Any, after: Any, memo: dict[int, tuple[Any, JSON]]) -> dict[str, JSON]:
    """A frame's view as the fields of `after` that differ from `before`, the view of the
    frame before (or the coup's start): the page holds the rest (docs/protocol.md). A view
    from another seat's eyes, of another kind, is written whole. The items of a field that
    is a sequence are encoded once a coup (`memo`, by identity: a table's states share
    them), so that a list that grows a step at a time (Monte Bank's bets) is not encoded
    again whole at each."""
    if type(before) is not type(after):
        whole = encode(after)
        assert isinstance(whole, dict)
        return whole
    changed: dict[str, JSON] = {}
    for name in field_names(type(after)):
        value = getattr(after, name)
        if value != getattr(before, name):
            changed[name] = (
                [_kept(item, memo) for item in value] if isinstance(value, tuple) else encode(value)
            )
    return changed


def _kept(item: Any, memo: dict[int, tuple[Any, JSON]]) -> JSON:
    held = memo.get(id(item))
    if held is None or held[0] is not item:
        held = memo[id(item)] = (item, encode(item))  # kept alive, so its id is not reused
    return held[1]


def numbers_json(engine: Engine, walk: Walk) -> dict[str, JSON]:
    """Each seat's evening in numbers over the table's revealed coups (every coup once it
    has closed), one for each who held it (`name`): its decisions, how many were the best,
    what the others cost, its expected and actual results and its luck."""
    with walk.lock, Session(reading(engine)) as session:
        walk.read(session)
        shown = [looked for looked in walk.coups if walk.revealed(looked.coup)]
        valued = {looked.coup.number: walk.decisions(looked.coup.number) for looked in shown}
    held: dict[tuple[int, Seat], list[Looked]] = {}
    for looked in shown:
        for seat, holder in looked.seats.items():
            held.setdefault((seat, holder), []).append(looked)
    found: list[JSON] = []
    for (seat, holder), theirs in sorted(held.items(), key=lambda each: each[0][0]):
        decided = [d for looked in theirs for d in valued[looked.coup.number] if d is not None]
        for evening in evenings([looked.coup for looked in theirs], decided):
            if evening.seat == seat:
                found.append({**evening_json(evening), "name": holder.name})
    return {"table": walk.table, "coups": len(shown), "complete": walk.closed, "evenings": found}
