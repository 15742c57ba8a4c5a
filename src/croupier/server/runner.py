"""A table in play at the server: one task takes its steps one at a time, in sequence.

The task waits for what comes first: people's actions (from any connection), the pause
before a bot acts, a person's time limit (then time bank: `_clocks`) running out, a
disconnected seat's hold ending.
Whatever it does is a batch of steps: the actions that have come (every one waiting, judged
in the order they came), each followed by every step that follows without anyone deciding
(chance, the house: `croupier.engine.drive`). The batch and the chips it moves are
committed to the database with the other tables' (`committer`), and only then acknowledged
and told, in sequence, to every connection as its seat may see it, each message made once
for all who see it alike (`telling`). A batch the database refuses is undone; nothing of it
is told.

A table whose database stops answering is *paused*: its connections are told so in the view,
every action is refused in words and nothing acts by itself; it asks the database again
every few seconds and, once it answers, plays on from its last commit (docs/protocol.md,
"Paused").

A table with no person seated rests: bots do not play to an empty room. It plays on only
as far as the first moment someone may sit down.

Its shuffles are provably fair (docs/fairness.md): each one's secret seed is drawn and
stored before its commitment is told; each seated person may add a part to the coming
shuffle (`contribute`, or with their `Join`), stored before it is acknowledged; the order
is derived from the seed and the parts; and each shoe, as it ends, is signed by the
server's key, the signature stored with the step that ends it. A shoe a person has played
in is ended by the house at the next moment between coups once every person has got up, or
once it has been in play the table's `shoe_time` (`EndShoe`), so that its seed is told.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import json
import logging
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from croupier import i18n
from croupier.bots import roster
from croupier.bots.defaults import default_action, late_action
from croupier.cards import Card
from croupier.engine.actions import (
    Action,
    Amounts,
    Cut,
    EndSession,
    EndShoe,
    Join,
    Leave,
    Legal,
    SetLimits,
    Shuffle,
    ShufflePack,
    SitIn,
    SitOut,
)
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.codec import JSON, encode
from croupier.engine.drive import Croupier, automatic
from croupier.engine.events import SatOut, SessionEnded
from croupier.engine.game import Drawing
from croupier.engine.rule_options import limits_of, stakes
from croupier.errors import IllegalAction, InsufficientChips
from croupier.fairness import SEED, seal_of
from croupier.i18n import _
from croupier.randomness import Shuffler
from croupier.server import _judging as judging
from croupier.server import _protocol as protocol
from croupier.server._asking import Asking
from croupier.server._book import FOR_A_PERSON, Book, Move, Seat, action_json
from croupier.server._chat import Talk, tidy
from croupier.server._clocks import Clocks
from croupier.server._committer import Committer
from croupier.server._plans import Plans
from croupier.server._protocol import Told
from croupier.server._receipts import Receipts
from croupier.server._seeing import view_message
from croupier.server._shoes import Shoes
from croupier.server._telling import Encoder, Narration, catch_up, json_text
from croupier.server._words import described
from croupier.server.connections import Giving, Request, Subscriber, heard_in, not_given
from croupier.server.hosting import WHILE_HELD, Hosts
from croupier.server.keys import Keys
from croupier.server.ledger import Overdraft
from croupier.server.metrics import Metrics
from croupier.server.tables import (
    Batch,
    Committed,
    Part,
    Settings,
    TableInfo,
    TableLost,
    standing,
)
from croupier.table import Controller

__all__ = ["PAUSED", "RECENT", "TableRunner"]

_log = logging.getLogger(__name__)

RECENT = 2_000
"""How many recent steps a table keeps to tell a connection that comes back."""

_BATCH = 5_000
"""The most steps one batch may take without anyone deciding (a guard, never reached)."""


PAUSED = i18n.N_(
    "the table's database is not answering: play is paused, and goes on from the last step "
    "once it is back"
)
"""What a paused table says, in its view and to each action refused meanwhile (in each
connection's language)."""

_HOUSE_DECIDES = ("bot", "house", *FOR_A_PERSON)
"""How a step comes when no person decides it (the `by` of its stored step): a cut so taken
is the house cut (docs/fairness.md, "The house cut")."""
_ASK_AGAIN = (0.5, 5.0)
"""A paused table asks the database again after the first of these seconds, then after
twice as long each time, up to the second."""


@dataclass
class _Batch:
    steps: list[Committed] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    told: list[Told] = field(default_factory=list)
    seeds: list[tuple[int, bytes]] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)
    closings: list[int] = field(default_factory=list)
    seals: list[tuple[int, str, str]] = field(default_factory=list)
    given: list[tuple[Giving, dict[str, Any]]] = field(default_factory=list)
    """Each part judged, with its answer: told once the batch is stored."""
    before: Book | None = None
    """The book before the batch's first step, to go back to if the batch is not stored."""
    keys: dict[str, tuple[int, int | None, str, str]] = field(default_factory=dict)
    answers: list[tuple[Request, dict[str, Any] | None, int]] = field(default_factory=list)
    """Each request the batch judged, in order: its refusal, or None and the seq of its
    step (acknowledged once the batch is stored)."""
    seatings: list[tuple[_Seating, str | None]] = field(default_factory=list)
    """Each host's bot judged, with why not (None: its step is in the batch)."""
    between_coups: bool = False
    """Whether a step of the batch came to a moment between coups (at a table with a time
    bank: every bank is full again once the batch is stored)."""


@dataclass(frozen=True, slots=True)
class _Seating:
    """A host's bot to seat at `seat` (`yes`), or to get up from it: answered on `reply`
    with why not, in words, or None once its step is stored."""

    seat: int
    yes: bool
    reply: asyncio.Future[str | None]
    language: str


_Asked = Request | Giving | _Seating
"""What a table's inbox holds: a person's action, a part of the shuffle, a host's bot."""


class TableRunner:
    """Runs one table: `run` is its task; `act`, `subscribe` and `unsubscribe` are called
    from connections' tasks on the same event loop. The actions it takes and refuses, and
    its pauses, are counted in `metrics`."""

    def __init__(
        self,
        committer: Committer,
        info: TableInfo,
        book: Book,
        recent: list[Told],
        shuffler: Shuffler,
        rng: Callable[[str], random.Random],
        clock: Callable[[], float] = time.monotonic,
        *,
        keys: Keys,
        metrics: Metrics,
        owner: str | None = None,
        fence: int | None = None,
    ) -> None:
        self._committer = committer
        self._metrics = metrics
        self.owner = owner
        """The process that runs the table, as its lease names it."""
        self.fence = fence
        """The fence of the claim it runs the table under (`tables.claim`)."""
        self.info = info
        self.book = book
        self._told = book.copy()
        """The book as last told: what a connection that comes now may see."""
        self.closed = info.closed
        """Whether the table's session has ended."""
        self.gone = False
        """Whether this process has stopped running the table, which is not closed: another
        process has taken it, or it is to be rebuilt from what was committed (`lost`)."""
        self._keyring = keys
        self._receipts = Receipts(keys.signer, info.id)
        book.draw = rng("fair").randbytes  # the seeds of the shuffles to come
        self._shuffler: Shuffler = shuffler if book.shoes is None else _Derived(self)
        self._house_rng = rng("house")
        self._croupier = Croupier(waits=True)
        """The house: an empty table waits for people rather than closing."""
        self._rng = rng
        self._bots: dict[int, Controller] = {
            seat: roster.bot(info.game, holder.name, rng(f"bot/{seat}"))
            for seat, holder in book.seats.items()
            if holder.person is None
        }
        """The bots seated now, by seat: those it opened with, and those its hosts seated."""
        self._clock = clock
        self._keys = dict(info.keys)
        self._recent: collections.deque[Told] = collections.deque(recent, maxlen=RECENT)
        self._narration = Narration(info.game, self._recent)
        self._encoder = Encoder()
        self._subscribers: list[Subscriber] = []
        self._inbox: asyncio.Queue[_Asked | None] = asyncio.Queue()
        self._clocks = Clocks(info.settings.time_limit, info.settings.time_bank)
        now = clock()
        self._absent: dict[int, float] = {
            seat: now + info.settings.hold
            for seat, holder in book.seats.items()
            if holder.person is not None
        }
        self._plans = Plans()
        self.asking = Asking.of(info.approved, info.barred)
        self.hosts = Hosts(info.opened_by, set(info.cohosts), info.held)
        self._coming: Settings | None = None
        """Settings a host has changed, to apply at the next moment between coups."""
        self.talk = Talk(committer.engine, info.id, clock)
        self._last_step_at = now
        self._bots_asked_at = -1
        self._commitment_told: dict[int, float] = (
            {book.shoes.coming: now} if book.shoes is not None and book.shoes.drawn else {}
        )
        """When each coming shuffle's commitment was first told, by its number: a shuffle is
        made only once it has been (a table taken up here: its coming one was, before)."""
        self._closing_told: dict[int, float] = (
            {book.shoes.coming: now} if book.shoes is not None and book.shoes.revealing else {}
        )
        """When each coming shuffle's seals were told closed, by its number: a part sealed is
        revealed only after, and the shuffle waits for it (`reveal_window`)."""
        self._shoe_since = now
        """When the shoe in play began: its shuffle was made, or the table taken up, here."""
        self._shoe_played = book.people_seated
        """Whether a person has been seated during the shoe in play."""
        self.paused: str | None = None
        """Why the table is paused (`PAUSED`), or None while it plays."""
        self._ask_at, self._ask_after = 0.0, _ASK_AGAIN[0]
        self._run_clocks(())

    # --- what connections call -------------------------------------------------------

    async def act(
        self,
        person: int,
        name: str,
        action: Action,
        seq: int,
        key: str,
        seat: int | None = None,
        subscriber: Subscriber | None = None,
        sealed: str | None = None,
    ) -> dict[str, Any]:
        """Ask the table to take `action` for `person` (`seat` and the seal of their part of
        the coming shuffle, for sitting down), decided on step `seq`, with idempotency `key`:
        the answer (`ack` or `refused`), once the action is committed or refused. The answer
        also goes to `subscriber`'s outbox, before the steps it caused."""
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        request = Request(person, name, action, seq, key, seat, reply, subscriber, sealed)
        if self.closed or self.gone:  # its task has ended: nobody reads the inbox now
            request.answer(self._stopped(key))
        else:
            self._inbox.put_nowait(request)
        answer = await reply
        if answer["type"] == "refused":
            self._metrics.refused(answer["error"])
        return answer

    def subscribe(
        self,
        person: int | None,
        last_seq: int | None = None,
        words: bool = False,
        language: str = i18n.DEFAULT,
    ) -> Subscriber:
        """A new connection: it is told the table (`welcome`), the steps it missed since
        `last_seq` if the table still keeps them, and its view; with `words`, each step
        with events is also told in words (`said`), in its `language`."""
        subscriber = Subscriber(person, language=language)
        book = self._told  # not a step that is still being committed
        seq = book.seq
        missed = (
            last_seq is not None
            and 0 <= last_seq <= seq
            and (last_seq == seq or (self._recent and self._recent[0].seq <= last_seq + 1))
        )
        seat = book.seat_of(person) if person is not None else None
        missed = missed and self.watches(person)  # one who may not watch is told no play
        subscriber.tell(
            {
                "type": "welcome",
                "table": self.info.id,
                "game": self.info.game,
                "seq": seq,
                "seat": seat,
                "resumed": bool(missed),
                "heartbeat": protocol.HEARTBEAT,
            }
        )
        subscriber.words = words
        if seat is not None and seat in self._absent:  # back: the hold ends, and the table
            del self._absent[seat]  # waits for them again if it sat them out for going
            self._plans.back(seat)
            self._inbox.put_nowait(None)
        if missed:
            assert last_seq is not None
            said = language if words else None
            for told in catch_up(self.info.game, self._recent, person, last_seq, said):
                subscriber.tell(told)
        subscriber.tell(self._view_for(person, book))
        if self.hosts.may(person) and self.asking.asking:
            subscriber.tell(self.asking.told())
        self._subscribers.append(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """A connection has gone; a seat its person holds is held for the table's `hold`."""
        with contextlib.suppress(ValueError):
            self._subscribers.remove(subscriber)
        person = subscriber.person
        if person is None or any(s.person == person for s in self._subscribers):
            return
        seat = self._told.seat_of(person)
        if seat is not None:
            self._absent[seat] = self._clock() + self.info.settings.hold
            self._inbox.put_nowait(None)

    def plan(self, person: int, leave: bool, away: bool, subscriber: Subscriber) -> None:
        """The person's plans for the seat they hold: to get up at the next moment the rules
        allow, and to sit out (docs/protocol.md, "Coming and going"). `subscriber` is
        answered `planned` (or an `error`); every connection is then told the view."""
        seat = self.book.seat_of(person)
        if seat is None or self.closed or self.gone:
            stopped = self.closed or self.gone
            why = self._why_stopped() if stopped else _("you hold no seat at this table")
            subscriber.tell({"type": "error", "reason": why})
            return
        self._plans.ask(seat, leave=leave, away=away, until=self._away_until())
        subscriber.tell({"type": "planned", "seat": seat, **self._plans.of(seat)})
        self._tell([])
        self._inbox.put_nowait(None)  # the table takes the step now if it may

    def contribute(
        self,
        person: int,
        commitment: str,
        sealed: str | None,
        text: str | None,
        subscriber: Subscriber,
    ) -> None:
        """The person's part of the coming shuffle, whose commitment they were shown: its
        seal while the seals are open, the part itself once they are closed; judged in turn
        with the actions, stored, then answered `given` (or an `error`), and every connection
        told the view (docs/protocol.md, "The shuffle")."""
        giving = Giving(person, commitment, sealed, text, subscriber)
        if self.closed or self.gone:
            subscriber.tell(not_given(self._why_stopped()))
        else:
            self._inbox.put_nowait(giving)

    def _away_until(self) -> float:
        """Until when the seat of one who sits out from now is kept."""
        return self._clock() + self.info.settings.away

    async def say(self, person: int, name: str, text: str, subscriber: Subscriber) -> None:
        """A line `person` says at the table: stored, then told to every connection
        (`chat`); a refusal, in words, to `subscriber` alone."""
        line = tidy(text)
        refusal = self.talk.refusal(person, line)
        if refusal is None:
            try:
                seat = self._told.seat_of(person)
                await self.talk.say(person, name, seat, line, self._tell_line)
            except SQLAlchemyError as error:
                _log.error(
                    "table %s: a line not stored: %s",
                    self.info.id,
                    error,
                    extra={"table": self.info.id},
                )
                refusal = _("the table could not store it just now: try again")
        if refusal is not None:
            subscriber.tell({"type": "error", "about": "say", "reason": refusal})

    def _tell_line(self, told: dict[str, Any]) -> None:
        """Tell every connection a line said at the table."""
        message = json_text({"type": "chat", "lines": [told]})
        for each in list(self._subscribers):
            each.tell(message)

    def seated(self) -> dict[str, int]:
        """The chips each person seated has at the table now, by name: in front of them,
        their bank, and their stakes not yet settled."""
        game, state = self.book.game, self.book.state
        held, staked = game.holdings(state), game.stakes(state)
        chips: dict[str, int] = {}
        for seat, holder in self.book.seats.items():
            if holder.person is not None:
                mine = held.get(seat, 0) + staked.get(seat, 0)
                chips[holder.name] = chips.get(holder.name, 0) + mine
        return chips

    def seen(self, person: int | None) -> tuple[int, int | None, Any]:
        """The table as `person` sees it now (as last told): its step, the person's seat
        (None: a spectator) and the engine's view for that seat."""
        book = self._told
        seat = book.seat_of(person) if person is not None else None
        return book.seq, seat, book.game.view(book.state, seat)

    def shoes_told(self) -> tuple[int | None, int | None]:
        """How far the table's hand history goes, as last told: the seeds told (None at a
        table whose shuffles are not provably fair) and, once it is closed here, its last
        step (None while it plays). The history changes with nothing else
        (croupier.server.history)."""
        book = self._told
        return (None if book.shoes is None else book.shoes.revealed), (
            book.seq if self.closed else None
        )

    def close(self) -> None:
        """End the session at the next moment the rules allow (between coups); every seat
        then gets up with its chips."""
        self._croupier.closing = True
        self._inbox.put_nowait(None)

    def pause(self) -> None:
        """The database is away (its process could not renew its leases): the table
        pauses, as when a commit fails, until it answers again."""
        if not self.closed and not self.paused:
            self._pause()
            self._inbox.put_nowait(None)  # the task looks again when to ask the database

    def lost(self) -> None:
        """Another process runs the table now, or this one is to rebuild it from what was
        committed: this runner stops (`gone`; the table is not closed), and tells its
        connections to connect again (`moved`)."""
        self.gone = True
        for subscriber in list(self._subscribers):
            with i18n.use(subscriber.language):
                subscriber.tell(protocol.moved())

    def lobby(self) -> dict[str, Any]:
        """What the lobby shows of this table."""
        book = self._told
        rules = book.game.rules_of(book.state)  # with the stake limits its host set
        return {
            "id": self.info.id,
            "game": self.info.game,
            "rules": encode(rules),
            "described": described(self.info.game, rules),
            "stakes": stakes(rules),
            "limits": limits_of(rules),
            "odds": self.info.settings.odds,
            "seats": self.info.rules.seats,
            "taken": {
                str(seat): {"name": holder.name, "bot": holder.person is None}
                for seat, holder in sorted(book.seats.items())
            },
            "closed": self.closed,
            "paused": self.paused is not None,
            "opened_by": self.info.opened_by,
            "private": self.info.private,
        }

    # --- the task ----------------------------------------------------------------------

    async def run(self) -> None:
        """Play the table until its session ends."""
        await self._commit_and_tell(self._automatic_batch())
        getter: asyncio.Task[_Asked | None] | None = None
        try:
            while not (self.closed or self.gone):
                due = self._due()
                timeout = None if due is None else max(0.0, due - self._clock())
                # One getter lives until it has a request: a timeout never loses one.
                getter = getter or asyncio.ensure_future(self._inbox.get())
                done, _pending = await asyncio.wait({getter}, timeout=timeout)
                if not done:
                    await self._on_time()
                    continue
                first, getter = getter.result(), None
                requests: list[_Asked] = [first] if first is not None else []
                while not self._inbox.empty():  # every request waiting: one batch
                    if (waiting := self._inbox.get_nowait()) is not None:
                        requests.append(waiting)
                if requests:
                    await self._handle(requests)
                else:  # woken: a seat held, a hold begun, the table to close
                    await self._commit_and_tell(self._automatic_batch())
        finally:
            if getter is not None:
                getter.cancel()
        # A request the getter took while the table was closing is answered with the rest.
        taken: list[_Asked | None] = (
            [getter.result()]
            if getter is not None and getter.done() and not getter.cancelled()
            else []
        )
        while not self._inbox.empty():
            taken.append(self._inbox.get_nowait())
        for late in taken:
            if late is None:
                continue
            if isinstance(late, _Seating):
                with i18n.use(late.language):
                    late.reply.set_result(self._why_stopped())
                continue
            with i18n.use(heard_in(late)):
                if isinstance(late, Giving):
                    late.subscriber.tell(not_given(self._why_stopped()))
                else:
                    late.answer(self._stopped(late.key))

    def _why_stopped(self) -> str:
        """Why the table takes nothing more here: it is closed, or another process runs it
        now (in the context's language)."""
        return _unstored(TableLost("")) if self.gone else _("the table is closed")

    def _stopped(self, key: str) -> dict[str, Any]:
        """The refusal of an action that came once the table stopped here."""
        kind = "not-stored" if self.gone else "game-over"
        return protocol.refused(key, self._why_stopped(), kind)

    def _due(self) -> float | None:
        """When the table next acts by itself: a time limit, a bot, a hold ending. A hold
        that has ended waits for a step after which its seat may get up."""
        if self.paused:
            return self._ask_at
        now = self._clock()
        times = [
            now if seat in self._plans.away else due
            for seat, due in self._clocks.due(self._unbanked()).items()
        ]
        if self._waiting_bots():
            times.append(self._last_step_at + self.info.settings.bot_pause)
        times.extend(release for release in self._absent.values() if release > now)
        times.extend(release for release in self._plans.away.values() if release > now)
        shoe_ends = self._shoe_since + self.info.settings.shoe_time
        if self._shoe_played and now < shoe_ends:
            times.append(shoe_ends)
        shuffle = self._shuffle_at()  # (one not told yet is told with the batch under way)
        if (
            shuffle is not None
            and shuffle < math.inf
            and not self._resting()
            and not self._halted()
        ):
            times.append(max(shuffle, now))
        return min(times, default=None)

    def _shuffle_at(self) -> float | None:
        """When the shuffle due now may be made, or its seals closed (None: no shuffle is
        due, or the table's are not provably fair; docs/fairness.md): once its commitment
        has been told in a committed step, and then, while a person seated whose client
        gives parts (`Shoes.unsealed`) has not sealed one, `parts_window` seconds later, for
        their sealed parts to come (once every one of them has, it waits no more). If a part
        is sealed,
        its seals are closed then, and once that is told the shuffle waits until every part
        sealed is revealed, or for `reveal_window`. Infinite while what it waits for has
        not been told. A table closing waits for no part, and closes no seals: it ends at
        the first moment the rules allow."""
        book, settings = self.book, self.info.settings
        if book.shoes is None or CHANCE not in book.game.to_act(book.state):
            return None
        if isinstance(book.game.chance(book.state), Drawing):
            return None
        shoes = book.shoes
        told = self._commitment_told.get(shoes.coming) if shoes.drawn else None
        if told is None:
            return math.inf
        if self._croupier.closing:  # it ends at the first moment the rules allow
            return told
        if shoes.revealing:
            closed = self._closing_told.get(shoes.coming, math.inf)
            return closed + settings.reveal_window if shoes.awaited() else closed
        return told + (settings.parts_window if shoes.unsealed(book.people) else 0.0)

    def _closes_seals(self, batch: _Batch) -> bool:
        """Close the coming shuffle's seals, if they are due to close now (`_shuffle_at`)
        and a part is sealed: no seal is taken from then on, and the parts sealed are
        revealed once it is told (it ends the batch)."""
        shoes = self.book.shoes
        if shoes is None or shoes.revealing or not shoes.seats_sealed() or self._croupier.closing:
            return False
        shuffle = self._shuffle_at()
        if shuffle is None or shuffle > self._clock():
            return False
        batch.before = batch.before or self.book.copy()
        self.book.shoes = shoes.with_closing()
        batch.closings.append(shoes.coming)
        return True

    def _waiting_bots(self) -> list[int]:
        if self._resting() or self._halted() or self._bots_asked_at == self.book.seq:
            return []
        actors, seats = self.book.game.to_act(self.book.state), self.book.seats
        return sorted(  # (a seat a bot left, where a person sits now, is theirs)
            seat
            for seat in self._bots
            if seat in actors and seat in seats and seats[seat].person is None
        )

    def _resting(self) -> bool:
        """No person is seated, someone may sit down now (or nobody ever could), and the
        table is not closing: it waits for people, and bots do not play to an empty room.
        At a game whose house ends a shoe (`EndShoe`), they play on while the shoe a person
        played in is still to be ended and told (`_shoe_to_end`), as far as the next moment
        between coups."""
        book = self.book
        ending = self._shoe_played and book.shoes is not None and EndShoe in book.game.actions
        if self._croupier.closing or ending:
            return False
        if book.people_seated:
            return False
        taken = book.game.seats(book.state)
        empty = [seat for seat in range(self.info.rules.seats) if seat not in taken]
        return not empty or any(book.game.options(book.state, s).of_type(Join) for s in empty)

    async def _on_time(self) -> None:
        if self.paused:
            await self._ask_database()
            return
        now = self._clock()
        batch = _Batch()
        clocks = self._clocks.due(self._unbanked())
        away = [seat for seat in clocks if seat in self._plans.away]
        late = [seat for seat, due in clocks.items() if due <= now]
        if away or late:
            seat = min(away or late)
            legal = self.book.game.options(self.book.state, seat)
            gone = seat in self._absent
            by, action = ("away", _passed(legal)) if away else ("timeout", _late(legal, gone))
            self._take(batch, seat, action, by, self._holder(seat))
            if not away and seat in self._absent:  # gone: not waited for again (one turn)
                self._plans.sit_out(seat, self._away_until(), gone=True)
        elif (
            self._waiting_bots()
            and self._last_step_at + self.info.settings.bot_pause <= now
            and not self._bot_acts(batch)
        ):
            self._bots_asked_at = self.book.seq  # none of them acts now: ask again after a step
            return
        self._automatic(batch)
        await self._commit_and_tell(batch)

    def _bot_acts(self, batch: _Batch) -> bool:
        game, state = self.book.game, self.book.state
        for seat in self._waiting_bots():
            view = game.view(state, seat)
            action = self._bots[seat].decide(view)
            if action is None:
                continue
            action = self._house_call(seat, view.legal, action)
            try:
                self._take(batch, seat, action, "bot")
            except IllegalAction as error:
                _log.warning(
                    "table %s: a bot's action was refused: %s",
                    self.info.id,
                    error,
                    extra={"table": self.info.id, "seat": seat},
                )
                self._take(batch, seat, default_action(game.options(state, seat)), "bot")
            return True
        return False

    def _holder(self, seat: int) -> tuple[int, str] | None:
        holder = self.book.seats.get(seat)
        if holder is None or holder.person is None:
            return None
        return holder.person, holder.name

    async def _handle(self, requests: list[_Asked]) -> None:
        """Judge the requests in the order they came, as one batch: each accepted one's
        step and the steps that follow it without anyone deciding, each part of the shuffle
        given. Every request is answered once the batch is stored (or not), in that order.
        A batch the ledger refuses (an account that cannot cover a buy-in) is tried again
        request by request, so that one person's refusal is no one else's."""
        batch = _Batch()
        for request in requests:
            if isinstance(request, Giving):
                self._give(batch, request)
            elif isinstance(request, _Seating):
                with i18n.use(request.language):
                    batch.seatings.append((request, self._seat_bot(batch, request)))
            else:
                self._judge(batch, request)
        failure = await self._commit_and_tell(batch)
        for seating, why in batch.seatings:
            if why is None and failure is None:
                self._bot_seated(seating)
            with i18n.use(seating.language):
                seating.reply.set_result(why or (failure and _unstored(failure)) or None)
        if isinstance(failure, InsufficientChips) and len(requests) > 1:
            for request in requests:
                await self._handle([request])
            return
        for request, refusal, _seq in batch.answers:
            if refusal is not None:
                request.answer(refusal)
            elif failure is not None:
                with i18n.use(heard_in(request)):
                    request.answer(protocol.refused(request.key, _unstored(failure), "not-stored"))
        for giving, answer in batch.given:  # a part given is answered once it is stored
            if answer["type"] == "error":
                giving.subscriber.tell(answer)
            elif failure is not None:
                with i18n.use(heard_in(giving)):
                    giving.subscriber.tell(not_given(_unstored(failure)))

    def _give(self, batch: _Batch, giving: Giving) -> None:
        """Add a person's part of the coming shuffle to the batch, or its refusal (in the
        language of the connection that gave it)."""
        with i18n.use(heard_in(giving)):
            self._given(batch, giving)

    def _given(self, batch: _Batch, giving: Giving) -> None:
        shoes, seat = self.book.shoes, self.book.seat_of(giving.person)
        if shoes is not None and giving.text is not None:  # revealed for the seat it sealed
            sealed_by = shoes.seat_sealed_by(giving.person)
            seat = sealed_by if sealed_by is not None else seat
        refusal = None
        if shoes is None:
            refusal = _(
                "this table's shuffles are not provably fair: it was opened before they were"
            )
        elif self.closed or not shoes.drawn:
            refusal = _("the table is closed")
        elif self.paused:
            refusal = _("{why}: nothing was taken").format(why=_(self.paused))
        elif seat is None:
            refusal = _("only a seat adds a part to the shuffle: you are watching the table")
        elif giving.commitment != shoes.commitment:
            refusal = _(
                "that shuffle has been made: the coming one, shuffle {shuffle}, is committed "
                "to sha256 {commitment}"
            ).format(shuffle=shoes.coming, commitment=shoes.commitment)
        else:
            refusal = _unsealed(shoes, seat, giving)
        if refusal is not None:
            batch.given.append((giving, not_given(refusal)))
            return
        assert shoes is not None and seat is not None
        part = Part(shoes.coming, seat, giving.person, giving.sealed, giving.text)
        self._add_part(batch, part)
        given = {"type": "given", "shuffle": shoes.coming, "commitment": shoes.commitment}
        shown = {"sealed": giving.sealed} if giving.text is None else {"part": giving.text}
        sealed = shoes.sealed(seat) if giving.sealed is None else giving.sealed
        assert sealed is not None, "a part revealed was sealed first"
        receipt = self._receipts.taken(shoes.coming, shoes.commitment, seat, sealed, giving.text)
        batch.given.append((giving, {**given, "seat": seat, **shown, "receipt": receipt}))
        if giving.text is not None:
            self._automatic(batch)  # the last part revealed: the shuffle is made now

    def _add_part(self, batch: _Batch, part: Part) -> None:
        """A seat's seal of its part of the coming shuffle, or the part revealed, in the book
        and in the batch."""
        shoes = self.book.shoes
        assert shoes is not None
        batch.before = batch.before or self.book.copy()
        if part.text is not None:
            self.book.shoes = shoes.with_part(part.seat, part.text)
        else:
            assert part.sealed is not None, "a part is given sealed, or revealed"
            self.book.shoes = shoes.with_seal(part.seat, part.sealed, part.person)
        batch.parts.append(part)

    def _judge(self, batch: _Batch, request: Request) -> None:
        """Add the request's step to the batch, or its refusal (in the language of the
        request's connection); nothing changes if it is refused."""
        with i18n.use(heard_in(request)):
            self._judged(batch, request)

    def _judged(self, batch: _Batch, request: Request) -> None:
        pending = batch.keys.get(request.key)
        if pending is not None and judging.retried(request, pending):
            batch.answers.append((request, None, pending[0]))  # a retry: the same answer
            return
        refusal = self._check(request, batch) or self._asks(request)
        if refusal is not None:
            batch.answers.append((request, refusal, 0))
            return
        seat = (
            request.seat if isinstance(request.action, Join) else self.book.seat_of(request.person)
        )
        assert seat is not None
        who = (request.person, request.name)
        try:
            self._take(batch, seat, request.action, "seat", who, request.key)
        except IllegalAction as error:
            reason = error.reason
            if request.seq < self.book.seq:  # said as a person says it: no step numbers
                reason += _(" (the table had moved on since you chose)")
            batch.answers.append(
                (request, protocol.refused(request.key, reason, judging.kind(error)), 0)
            )
            return
        batch.answers.append((request, None, self.book.seq))
        shoes = self.book.shoes
        if (
            request.sealed is not None
            and shoes is not None
            and shoes.drawn
            and not shoes.revealing  # (the seals closed: the seat sits down without a part)
            and shoes.seat_sealed_by(request.person) is None  # (its opener sealed one)
        ):
            self._add_part(batch, Part(shoes.coming, seat, request.person, request.sealed))
        self._automatic(batch)

    def _asks(self, request: Request) -> dict[str, Any] | None:
        """A sit-down at a table whose host lets each person sit, by one not let yet: the
        host is told, and the person that they have asked (`_asking`)."""
        host = self.info.opened_by
        if not isinstance(request.action, Join) or not self.asking.must_ask(
            request.person, host, self.info.settings.approval
        ):
            return None
        self.asking.ask(request.person, request.name, request.seat, request.action.amount)
        self._tell_host()
        said = _("the host lets each person sit: you have asked, and sit once the host says yes")
        return protocol.refused(request.key, said, "asked")

    def let_sit(self, person: int, yes: bool) -> bool:
        """The host's answer to `person`, who asked to sit (stored already): they are told,
        and the host again who is asking. Whether they were asking."""
        if not self.asking.answered(person, yes):
            return False
        for subscriber in list(self._subscribers):
            if subscriber.person == person:
                subscriber.tell({"type": "answered", "yes": yes})
        self._tell_host()
        return True

    def _tell_host(self) -> None:
        told = self.asking.told()
        for subscriber in list(self._subscribers):
            if self.hosts.may(subscriber.person):
                subscriber.tell(told)

    # --- hosting (croupier.server.hosting; each control stored before it comes here) ----

    def hold(self, held: bool, said: Callable[[], str]) -> None:
        """The host pauses the table (`held`), or resumes it: paused, it plays the coup
        under way out and then stops, its clocks too, until resumed (`_halted`); resumed,
        each seat awaited has its whole time again. Everyone is told `said`."""
        self.hosts.held = held
        if not held:
            self._last_step_at = self._clock()
        self._run_clocks(())
        self._tell_hosted("pause" if held else "resume", said)
        self._inbox.put_nowait(None)

    def remove(self, seat: int, person: int, said: Callable[[], str]) -> None:
        """The host removes `person` from `seat`: the table waits for them no more, they
        get up with their chips at the first moment the rules allow, and sit again only
        once the host lets them. Everyone is told `said` (with the reason)."""
        self.asking.bar(person)
        self.asking.asking.pop(person, None)
        self._plans.ask(seat, leave=True, away=True, until=self._clock())
        self._tell_hosted("remove", said)
        self._inbox.put_nowait(None)

    def change(self, settings: Settings, said: Callable[[], str]) -> None:
        """The host has changed the table's settings: they apply at the next moment
        between coups (now, if it is one). Everyone is told `said`."""
        self._coming = settings
        self._settle()
        self._tell_hosted("settings", said)

    def set_limits(self, limits: dict[str, JSON], said: Callable[[], str]) -> None:
        """The host has set the stake limits (`limits`, stored): the house sets them at the
        next moment between coups (now, if it is one). Everyone is told `said`."""
        self.info = dataclasses.replace(self.info, limits=limits)
        self._tell_hosted("limits", said)
        self._inbox.put_nowait(None)

    def tell_hosted(self, control: str, said: Callable[[], str]) -> None:
        """Tell everyone what a host did that the table plays no part in (a gift, a
        co-host named): `said`."""
        self._tell_hosted(control, said)

    def cohost(self, person: int, yes: bool, said: Callable[[], str]) -> None:
        """The host names `person` a co-host (`yes`), or no longer. Everyone is told
        `said`, and a new co-host who is asking to sit."""
        if yes:
            self.hosts.cohosts.add(person)
        else:
            self.hosts.cohosts.discard(person)
        self._tell_hosted("cohost", said)
        self._tell_host()

    async def seat_bot(self, seat: int, yes: bool) -> str | None:
        """A host's bot sits down at `seat` (`yes`, with the table's `bot_chips`), or the
        bot there gets up, as a step of the table's own while it stands paused by its host:
        None once the step is stored and told, else why not (in the context's language)."""
        reply: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        if self.closed or self.gone:
            return self._why_stopped()
        self._inbox.put_nowait(_Seating(seat, yes, reply, i18n.current()))
        return await reply

    def _seat_bot(self, batch: _Batch, seating: _Seating) -> str | None:
        """Add a host's bot's step to the batch: None, or why not."""
        if not self._halted():
            return _("pause the table first: a bot sits down or gets up while it stands paused")
        seat, holder = seating.seat, self.book.seats.get(seating.seat)
        if seating.yes and holder is not None:
            return _("seat {seat} is taken").format(seat=seat)
        if not seating.yes and (holder is None or holder.person is not None):
            return _("no bot holds seat {seat}").format(seat=seat)
        action: Action = Join(self.info.settings.bot_chips) if seating.yes else Leave()
        try:
            self._take(batch, seat, action, "bot")
        except IllegalAction as error:
            return error.reason
        return None

    def _bot_seated(self, seating: _Seating) -> None:
        """The host's bot's step is stored: the table plays it from now, or no more."""
        if seating.yes:
            name = self.book.seats[seating.seat].name
            rng = self._rng(f"bot/{seating.seat}")
            self._bots[seating.seat] = roster.bot(self.info.game, name, rng)
        else:
            self._bots.pop(seating.seat, None)

    def _tell_hosted(self, control: str, said: Callable[[], str]) -> None:
        """Tell every connection, in its language, what a host did, then the view."""
        lines: dict[str, str] = {}
        for subscriber in list(self._subscribers):
            language = subscriber.language
            if language not in lines:
                with i18n.use(language):
                    lines[language] = json_text(
                        {"type": "hosted", "control": control, "said": said()}
                    )
            subscriber.tell(lines[language])
        self._tell([])

    def _between(self) -> bool:
        """Whether the table is at a moment between coups: the house may end the session
        now (`croupier.engine.drive`)."""
        return EndSession() in self.book.game.options(self.book.state, HOUSE)

    def _halted(self) -> bool:
        """Whether the table stands paused by its host: held, at a moment between coups,
        and not closing. Nothing acts then but people sitting down and getting up, and no
        clock runs."""
        if not self.hosts.held or self._croupier.closing or self.closed:
            return False
        return self._between()

    def _settle(self) -> None:
        """Apply the settings a host changed, at a moment between coups."""
        if self._coming is not None and self._between():
            self.info = dataclasses.replace(self.info, settings=self._coming)
            self._clocks.limit, self._clocks.bank = self._coming.time_limit, self._coming.time_bank
            self._coming = None

    def _check(self, request: Request, batch: _Batch) -> dict[str, Any] | None:
        """The refusal of a request before the rules are asked, if any (`judging`)."""
        used = self._keys.get(request.key) or batch.keys.get(request.key)
        stopped = self._stopped(request.key) if self.closed or self.gone else None
        refusal = judging.before_the_rules(
            request, self.book, self.info.rules.seats, used, stopped, self.paused
        )
        if refusal is None and self._halted() and not isinstance(request.action, WHILE_HELD):
            said = _("the host has paused the table: play goes on once they resume")
            return protocol.refused(request.key, said, "paused")
        return refusal

    # --- steps -------------------------------------------------------------------------

    def _take(
        self,
        batch: _Batch,
        actor: Actor,
        action: Action,
        by: str,
        person: tuple[int, str] | None = None,
        key: str | None = None,
    ) -> None:
        """Apply one step to the book and add it to the batch (`IllegalAction`: nothing). A
        cut no person decides (a bot's, a seat's whose time ran out or that sits out, the
        house's) is the house cut of the shuffle it cuts, whatever was asked for."""
        if isinstance(action, Cut) and by in _HOUSE_DECIDES and self.info.fairness > 1:
            action = self._house_cut(actor, action)
        before = self.book.copy() if batch.before is None else None
        events, moves = self.book.apply(actor, action, person, by)
        batch.before = batch.before or before
        if isinstance(action, Shuffle):
            self._shoe_since, self._shoe_played = self._clock(), False
        self._shoe_played = self._shoe_played or self.book.people_seated
        if self.info.settings.time_bank and not batch.between_coups:
            batch.between_coups = self._between()
        text = action_json(action)
        who = person[0] if person is not None else None
        batch.steps.append(Committed(actor, text, by, who, key))
        batch.moves.extend(moves)
        batch.seeds.extend(self.book.drawn)
        signer = self._keyring.signer
        batch.seals.extend(
            (ending.shoe, signer.sign(ending.message(signer.key_id)), signer.key_id)
            for ending in self.book.sealing
        )
        batch.told.append(Told.after(self.book, actor, by, events, who))
        if key is not None:
            batch.keys[key] = (self.book.seq, who, str(actor), text)

    def _house_cut(self, actor: Actor, asked: Cut) -> Cut:
        """The cut the shuffle's own stream gives (`fairness.house_cut`), at a table whose
        shuffles are provably fair; elsewhere, the cut asked for."""
        shoes = self.book.shoes
        if shoes is None or not shoes.made:
            return asked
        options = self.book.game.options(self.book.state, actor).of_type(Cut)
        if not options:
            return asked  # not a cut the rules offer now: refused as it is
        (option,) = options
        assert isinstance(option, Amounts)
        return Cut(shoes.house_cut(option.low, option.high))

    def _house_call(self, seat: int, legal: Legal, asked: Action) -> Action:
        """Where `seat`, a bot whose options are `legal`, is asked whether the pack should be
        shuffled again (MB-5), at a table of fairness 3: its call as the last shuffle's stream
        gives it (`fairness.house_calls`), whatever was asked for; elsewhere, the action
        asked for."""
        shoes = self.book.shoes
        if self.info.fairness < 3 or shoes is None or not shoes.made or ShufflePack() not in legal:
            return asked
        if shoes.house_calls(seat):
            return ShufflePack()
        (declined,) = (option for option in legal if option != ShufflePack())
        assert isinstance(declined, Action)
        return declined

    def _automatic_batch(self) -> _Batch:
        batch = _Batch()
        self._automatic(batch)
        return batch

    def _automatic(self, batch: _Batch) -> None:
        """Take every step that needs no one to decide: chance's, the house's, and a held
        seat's getting up once its hold is over or as its person asked. A table whose coming
        shuffle has no seed yet (one just opened) draws it first."""
        shoes = self.book.shoes
        if shoes is not None and not shoes.drawn and not self.closed and not self.paused:
            seed = self.book.draw(SEED)
            batch.before = batch.before or self.book.copy()
            self.book.shoes = shoes.with_seed(seed)
            batch.seeds.append((shoes.coming, seed))
        for _turn in range(_BATCH):
            if self._closes_seals(batch):
                return
            step = self._next_automatic()
            if step is None:
                return
            actor, action, by = step
            seated = by in ("absent", "leaving", "away", "back")
            holder = self._holder(actor) if isinstance(actor, int) and seated else None
            self._take(batch, actor, action, by, holder)
        raise RuntimeError(f"table {self.info.id}: {_BATCH} steps with no one deciding")

    def _next_automatic(self) -> tuple[Actor, Action, str] | None:
        """Chance's step or the house's (`croupier.engine.drive`), else a held seat's
        getting up once its hold is over, or as its person planned; else, where the game
        lets a seat sit out of it (Banchek), a seat sitting out leaving the game at the first
        moment it may, and one whose person is back coming into it again; None while the
        table rests."""
        game, state = self.book.game, self.book.state
        if game.is_over(state) or self.paused:
            return None
        if self._shoe_to_end():
            return HOUSE, EndShoe(), "house"
        limits = self._limits_to_set()
        if limits is not None:
            return HOUSE, limits, "house"
        if self._resting():
            return None
        if not self._halted():  # (halted: people get up and sit out, and nothing else)
            shuffle = self._shuffle_at()
            if shuffle is not None and shuffle > self._clock():
                return None  # its commitment is still to be told, or parts may still come
            step = automatic(game, state, self._shuffler, self._croupier, self._house_rng)
            if step is not None:
                actor, action = step
                return actor, action, "chance" if actor is CHANCE else "house"
        now = self._clock()
        gone = [
            *((seat, "absent") for seat, at in sorted(self._absent.items()) if at <= now),
            *((seat, "leaving") for seat in sorted(self._plans.leaving)),
            *((seat, "away") for seat, at in sorted(self._plans.away.items()) if at <= now),
        ]
        for seat, by in gone:
            if Leave() in game.options(state, seat):
                return seat, Leave(), by
        if SitOut not in game.actions:  # (a game none sits out of: no seat's options to ask)
            return None
        for seat in sorted(self._plans.away):
            if SitOut() in game.options(state, seat):
                return seat, SitOut(), "away"
        for seat, holder in sorted(self.book.seats.items()):
            planned = seat in self._plans.away or seat in self._plans.leaving
            back = holder.person is not None and not planned and seat not in self._absent
            if back and SitIn() in game.options(state, seat):
                return seat, SitIn(), "back"
        return None

    def _shoe_to_end(self) -> bool:
        """Whether the house ends the shoe in play now, so that its seed is told
        (docs/fairness.md, "Reveal"): a person has been seated during it, and every person
        has got up or it has been in play `shoe_time`; at a moment between coups (when the
        rules let the house take `EndShoe`), at a table that is not closing anyway."""
        book = self.book
        if book.shoes is None or not self._shoe_played or self._croupier.closing:
            return False
        late = self._clock() >= self._shoe_since + self.info.settings.shoe_time
        return (late or not book.people_seated) and EndShoe() in book.game.options(
            book.state, HOUSE
        )

    def _limits_to_set(self) -> SetLimits | None:
        """The house's step that sets the stake limits the host set, at a moment between
        coups (when the rules let the house take `EndSession`) while the table plays by
        others; None when it plays by them (or it is not such a moment)."""
        if not self.info.limits or self._croupier.closing:
            return None
        game, state = self.book.game, self.book.state
        now = limits_of(game.rules_of(state))  # (its few limits, not the whole rule set)
        changes = {name: value for name, value in self.info.limits.items() if now[name] != value}
        if not changes or EndSession() not in game.options(state, HOUSE):
            return None
        return SetLimits(json.dumps(dict(sorted(changes.items())), separators=(",", ":")))

    async def _commit_and_tell(
        self, batch: _Batch
    ) -> TableLost | InsufficientChips | SQLAlchemyError | None:
        """Commit the batch, then acknowledge its requests and tell it; None, or why it
        could not be stored (`_unstored` says it; the book is then as before the batch)."""
        if not (batch.steps or batch.seeds or batch.parts or batch.closings):
            return None
        after = batch.told[0].seq - 1 if batch.told else self.book.seq
        closing = any(isinstance(e, SessionEnded) for told in batch.told for e in told.events)
        stored = Batch(
            self.info.id,
            batch.steps,
            batch.moves,
            closing,
            after,
            self.owner,
            self.fence,
            [(n, self._keyring.box.seal(self.info.id, n, seed)) for n, seed in batch.seeds],
            batch.parts,
            batch.closings,
            batch.seals,
        )
        try:
            await self._committer.commit(stored)
        except TableLost as error:
            _log.error(
                "table %s stops here: %s", self.info.id, error, extra={"table": self.info.id}
            )
            self._undo(batch)
            self.lost()
            return error
        except InsufficientChips as error:
            self._undo(batch)
            return error
        except SQLAlchemyError as error:
            _log.error(
                "table %s: steps not stored, the table pauses: %s",
                self.info.id,
                error,
                extra={"table": self.info.id},
            )
            self._undo(batch)
            self._pause()
            return error
        self._keys.update(batch.keys)
        self._recent.extend(batch.told)
        held = self.book.held
        self._absent = {seat: at for seat, at in self._absent.items() if seat in held}
        self._plans.forget(set(held))
        self._clocks.forget(held)
        for told in batch.told:
            if told.by == "seat" and isinstance(told.actor, int):
                self._plans.acted(told.actor)
                if any(isinstance(event, SatOut) for event in told.events):  # as if planned
                    self._plans.sit_out(told.actor, self._away_until())
        self.closed = self.closed or closing
        self._last_step_at = self._clock()
        shoes = self.book.shoes
        if shoes is not None and shoes.drawn:  # told below, with the views
            self._commitment_told.setdefault(shoes.coming, self._last_step_at)
            if shoes.revealing:
                self._closing_told.setdefault(shoes.coming, self._last_step_at)
        self._settle()
        self._run_clocks({told.actor for told in batch.told})
        if batch.between_coups:
            self._clocks.refill(self._clock())
        self._told = self.book.copy()
        counted = 0  # (a key sent again within the batch has its first's step: not counted)
        for request, refusal, seq in batch.answers:  # who acted hears first, then everyone
            if refusal is None:
                request.answer(protocol.acknowledged(request.key, seq, request.action))
                if seq > counted:
                    self._metrics.acted(type(request.action))
                    counted = seq
        for giving, answer in batch.given:
            if answer["type"] == "given":
                giving.subscriber.tell(answer)
        self._tell(batch.told)
        return None

    # --- paused -----------------------------------------------------------------------

    def _pause(self) -> None:
        """The database is away: nothing acts until it answers again, and every connection
        is told so; once an outage (a commit in flight when the lobby paused the table may
        fail after)."""
        if self.paused:
            return
        self.paused, self._ask_after = PAUSED, _ASK_AGAIN[0]
        self._metrics.pausing(self, True)
        self._ask_at = self._clock() + self._ask_after
        self._run_clocks(())  # every clock stops
        self._tell([])

    async def _ask_database(self) -> None:
        """Whether the database answers again, and the table is as this process last
        committed it: then it plays on, each awaited seat given its whole time again. A table
        whose last step was stored after all (its commit's answer lost with the connection)
        or that another process has taken meanwhile stops here, to be rebuilt from what was
        committed."""
        try:
            owner, seq = await asyncio.to_thread(standing, self._committer.engine, self.info.id)
        except SQLAlchemyError as error:
            self._ask_after = min(2 * self._ask_after, _ASK_AGAIN[1])
            self._ask_at = self._clock() + self._ask_after
            _log.info(
                "table %s: still paused: %s", self.info.id, error, extra={"table": self.info.id}
            )
            return
        if seq != self._told.seq or (owner is not None and owner != self.owner):
            _log.error(
                "table %s: at step %s in the database, %s here: it stops here, to be rebuilt",
                self.info.id,
                seq,
                self._told.seq,
                extra={"table": self.info.id},
            )
            self.paused = None
            self._metrics.pausing(self, False)
            self.lost()
            return
        _log.warning(
            "table %s: its database answers again: play goes on",
            self.info.id,
            extra={"table": self.info.id},
        )
        self.paused = None
        self._metrics.pausing(self, False)
        self._run_clocks(())
        self._last_step_at = self._clock()
        self._tell([])
        self._inbox.put_nowait(None)  # what the table does by itself, it does now

    def _tell(self, told: list[Told]) -> None:
        """Tell every connection the batch's steps and the view after them, each message
        made once for its audience (the seat it sees the table from)."""
        self._narration.hear(told)
        self._encoder.batch()
        steps: dict[tuple[int, int | None, str | None], str] = {}  # (step, seat, words' language)
        # (seat, words, watches, and the spectator who is told a part they sealed: the opener)
        views: dict[tuple[int | None, str | None, bool, int | None], str] = {}
        sealers = self._told.shoes.sealers_now() if self._told.shoes is not None else set()
        for subscriber in list(self._subscribers):
            person = subscriber.person
            for step in told:
                if not self.watches(person):  # told that the table moved, and no more
                    subscriber.tell(json_text({"type": "step", "seq": step.seq}))
                    continue
                seat = step.viewer(person)
                language = subscriber.language if subscriber.words else None
                key = (step.seq, seat, language)
                if key not in steps:
                    said = self._narration.said(step, seat, language, told) if language else None
                    message = protocol.step(step, seat, said, self._encoder)
                    steps[key] = json_text(message)
                subscriber.tell(steps[key])
            now = self._told.seat_of(person) if person is not None else None
            watches = self.watches(person)
            own = person if now is None and person in sealers else None
            audience = (now, subscriber.language if self.paused else None, watches, own)
            if audience not in views:
                with i18n.use(subscriber.language):
                    view = self._view_for(person, self._told, self._encoder.view)
                views[audience] = json_text(view)
            subscriber.tell(views[audience])

    def _undo(self, batch: _Batch) -> None:
        """The book as it was before the batch, which was not stored."""
        assert batch.before is not None
        self.book = batch.before

    def _run_clocks(self, acted: Any) -> None:
        """Each seat a person is awaited at keeps its clock, unless it has just acted; none
        runs while the table is paused, by its database or its host."""
        game, state = self.book.game, self.book.state
        awaited = {
            seat: person
            for seat in ([] if self.paused or self._halted() else game.to_act(state))
            if isinstance(seat, int)
            and (person := self.book.seats.get(seat, Seat("", None)).person) is not None
            and game.options(state, seat)
        }
        self._clocks.run(awaited, acted, self._clock())

    def _unbanked(self) -> set[int]:
        """The seats that draw on no time bank: those sitting out, and those whose person
        has gone."""
        return set(self._absent) | set(self._plans.away)

    def _view_for(
        self, person: int | None, book: Book, encoder: Callable[[Any], JSON] = encode
    ) -> dict[str, Any]:
        """The view message for `person`, of `book` as last told, its view written by
        `encoder`; why the table is paused, in the context's language."""
        times = self._clocks.shown(book.held, self._unbanked(), self._clock())  # none if paused
        paused = _(self.paused) if self.paused else None
        plans = self._plans.told()
        hosting = {**self.hosts.told(), "halted": self._halted()}
        message = view_message(
            book,
            person,
            self.info.rules.seats,
            times,
            self.closed,
            plans,
            paused,
            self._receipts,
            encoder,
            hosting,
        )
        if not self.watches(person):  # the seats open, and no play
            message["view"] = None
        return message

    def watches(self, person: int | None) -> bool:
        """Whether `person` is shown the table's play: one seated, a host, or anyone let
        in where the host lets people watch (`watchers`)."""
        if self.info.settings.watchers or self.hosts.may(person):
            return True
        return person is not None and self._told.seat_of(person) is not None


class _Derived:
    """The shuffler of a table whose shuffles are provably fair: the order its coming
    shuffle's seed and parts give (`Shoes.order`)."""

    def __init__(self, runner: TableRunner) -> None:
        self._runner = runner

    def shuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        shoes = self._runner.book.shoes
        assert shoes is not None
        return shoes.order(cards)


def _passed(legal: Legal) -> Action:
    """What the table takes for a seat sitting out whose turn it is: it leaves the game,
    keeping its seat, where the game lets it (Banchek's stake or bank, BN-11); elsewhere the
    plainest choice."""
    return SitOut() if SitOut() in legal else default_action(legal)


def _late(legal: Legal, gone: bool) -> Action:
    """What the table takes for a person whose time ran out: for one who has `gone`
    (disconnected), what it takes for one sitting out; else the late choice
    (`late_action`), but never getting up where sitting out keeps the seat."""
    late = _passed(legal) if gone else late_action(legal)
    return SitOut() if late == Leave() and SitOut() in legal else late


def _unsealed(shoes: Shoes, seat: int, giving: Giving) -> str | None:
    """Why `seat` may not give this seal, or reveal this part, now (docs/fairness.md,
    "Sealed parts"); None if it may."""
    if giving.text is None:
        if shoes.revealing:
            return _(
                "the seals of shuffle {shuffle} are closed: a part sealed before is revealed "
                "now, and no other is taken"
            ).format(shuffle=shoes.coming)
        return None
    sealed = shoes.sealed(seat)
    if not shoes.revealing:
        return _(
            "the seals of shuffle {shuffle} are still open: give your part's seal (its "
            "SHA-256, sealed) now, and the part once they are closed"
        ).format(shuffle=shoes.coming)
    if sealed is None:
        return _("you sealed no part of shuffle {shuffle} before its seals closed").format(
            shuffle=shoes.coming
        )
    if shoes.shown(seat) is not None:
        return _("your part of shuffle {shuffle} is revealed already").format(shuffle=shoes.coming)
    if seal_of(giving.text) != sealed:
        return _("that is not the part you sealed: its SHA-256 is not your seal")
    return None


def _unstored(failure: TableLost | InsufficientChips | SQLAlchemyError) -> str:
    """Why a batch could not be stored (`_commit_and_tell`), in the context's language."""
    if isinstance(failure, TableLost):
        return _("the table has moved to another server process: connect again")
    if isinstance(failure, InsufficientChips):
        why = failure.said() if isinstance(failure, Overdraft) else failure.reason
        return _("not enough chips in your account: {why}").format(why=why)
    return _("{why}: nothing was taken").format(why=_(PAUSED))
