"""A table's book: its game state, who sits where, and what each step moves in the ledger.

The book is the one place that says how a table's play and its chips in the ledger agree
(docs/ledger.md), and it is used alike by the table running live and by the audit and the
restart, which rebuild it by applying every committed step again:

- a person who sits down (`SeatJoined`) brings the buy-in from their account to the table,
  and one who brings more chips (`ChipsAdded`, a rebuy) brings them from it too;
- a seat that gets up (`SeatLeft`) takes its chips back to its owner's account: a person's,
  or the house's for a bot (the house stakes the bots);
- at the end of each shoe or pack (`ShoeEnded`, or `ShoeShuffled` when a new one begins) and
  when the session ends, the house's takings since the last such moment move from the table
  to the house (from the house to the table when it has paid out more than it took);
- when the session ends, every seat still at the table takes its chips back.

So a table's account holds, at every moment, the chips of its state less the takings
already moved and what was paid out at the close: `table_chips`.

The book also keeps the table's provably fair shoes (`croupier.server._shoes`): each step
takes the seal's chain on; a shuffle must be the one its committed seed and the parts give,
and draws the next shuffle's seed (`drawn`); a shoe that ends is to be signed (`sealing`),
and so is the table's end marker when the session ends.
"""

from __future__ import annotations

import copy
import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from croupier.bots import roster
from croupier.engine.actions import Action, Draw, Shuffle
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.codec import decode, encode
from croupier.engine.events import (
    ChipsAdded,
    Event,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    ShoeEnded,
    ShoeShuffled,
)
from croupier.engine.game import Game, Shuffling
from croupier.engine.seal import Ending
from croupier.fairness import SEED
from croupier.server._shoes import Shoes
from croupier.server.schema import Cause

__all__ = [
    "FOR_A_PERSON",
    "Book",
    "Move",
    "Party",
    "Seat",
    "action_from_json",
    "action_json",
    "actor_from_text",
]

FOR_A_PERSON = ("timeout", "away", "absent")
"""How a step comes (its stored `by`) that the house took for a person's seat: their time
ran out, they sit out, they are away. A table of fairness 3 marks it in its history
(docs/fairness.md, "The house cut")."""

Party = int | Literal["table", "house", "grants"]
"""An account a move names: a person (by their id), the table's, the house's, the grant
source's."""

_BOUNDARIES = (ShoeEnded, ShoeShuffled, SessionEnded)


@dataclass(frozen=True, slots=True)
class Move:
    """Chips the ledger must move for a step."""

    source: Party
    target: Party
    chips: int
    cause: Cause
    ref: str


@dataclass(frozen=True, slots=True)
class Seat:
    """Who holds a taken seat: a person (their id) or a bot (its name)."""

    name: str
    person: int | None = None

    @property
    def party(self) -> Party:
        return "house" if self.person is None else self.person


class Book:
    """Table `table`'s state after `seq` steps, its seats' holders, the house's takings
    already moved (`house_moved`), and its shoes (`shoes`; None for a table opened before
    the server's shuffles were provably fair, whose shuffles it only records). `draw` gives
    each new shuffle's secret seed."""

    def __init__(
        self,
        table: int,
        game: Game[Any, Any, Any],
        rules: Any,
        bots: Mapping[int, str],
        bot_chips: int,
        shoes: Shoes | None = None,
        draw: Callable[[int], bytes] = secrets.token_bytes,
    ) -> None:
        self.table = table
        self.game = game
        self.rules = rules
        buy_ins = dict.fromkeys(bots, bot_chips)
        self.state = game.start(rules, buy_ins)
        self.seats: dict[int, Seat] = {seat: Seat(name) for seat, name in bots.items()}
        self.seq = 0
        self.house_moved = 0
        self.paid_at_close: dict[int, int] = {}
        """The chips each seat still taken got back when the session ended."""
        self.named: Mapping[int, str] = dict(bots)
        """The name each seat was last held under, kept after its holder gets up (so that
        the step in which a seat got up still names it); replaced, never changed."""
        self.shoes = shoes
        self.draw = draw
        self.drawn: tuple[tuple[int, bytes], ...] = ()
        """The seeds the last step drew: (the shuffle's number, its seed), to store."""
        self.sealing: tuple[Ending, ...] = ()
        """The shoes the last step ended, to sign; and, when the session ended, its end
        marker (under the number of shoes)."""

    def copy(self) -> Book:
        """A copy that the other's steps leave as it is."""
        twin = copy.copy(self)
        twin.seats = dict(self.seats)
        return twin

    def seat_of(self, person: int) -> int | None:
        """The seat `person` holds at this table, if any."""
        return next((s for s, holder in self.seats.items() if holder.person == person), None)

    @property
    def people_seated(self) -> bool:
        """Whether a person (not a bot) holds a seat at this table."""
        return any(holder.person is not None for holder in self.seats.values())

    @property
    def people(self) -> set[int]:
        """The people (not bots) who hold a seat at this table."""
        return {holder.person for holder in self.seats.values() if holder.person is not None}

    @property
    def held(self) -> dict[int, int]:
        """Each seat a person (not a bot) holds: its person."""
        return {s: holder.person for s, holder in self.seats.items() if holder.person is not None}

    @property
    def table_chips(self) -> int:
        """What the table's ledger account holds when every move so far is made."""
        paid = sum(self.paid_at_close.values())
        return self.game.chips(self.state).total - self.house_moved - paid

    def apply(
        self,
        actor: Actor,
        action: Action,
        person: tuple[int, str] | None = None,
        by: str = "seat",
    ) -> tuple[tuple[Event, ...], tuple[Move, ...]]:
        """Take one step (`person`, id and name, is who took a seat's action; `by`, how it
        came): its events and the moves it calls for. An `IllegalAction` leaves the book as
        it was, and so does a `ValueError` for a shuffle that is not the one its seed and
        parts give."""
        shoes, ended = self.shoes, None
        if shoes is not None:
            node = self.game.chance(self.state) if actor is CHANCE else None
            fresh = node.cards if isinstance(node, Shuffling) else ()
            shoes, ended = shoes.after(actor, action, fresh, by in FOR_A_PERSON)
        state, events = self.game.apply(self.state, actor, action)
        self.state = state
        self.seq += 1
        self._shoes(shoes, ended, events)
        ref = f"table {self.table} step {self.seq}"
        moves: list[Move] = []
        for event in events:
            if isinstance(event, SeatJoined):
                bot = Seat(roster.at_seat(self.game.name, event.seat))  # (one a host seated)
                holder = Seat(person[1], person[0]) if person is not None else bot
                self.seats[event.seat] = holder
                self.named = {**self.named, event.seat: holder.name}
                moves.append(Move(holder.party, "table", event.chips, Cause.BUY_IN, ref))
            elif isinstance(event, ChipsAdded):
                party = self.seats.get(event.seat, Seat("bot")).party
                moves.append(Move(party, "table", event.chips, Cause.BUY_IN, ref))
            elif isinstance(event, SeatLeft):
                holder = self.seats.pop(event.seat, Seat("bot"))
                if event.chips:
                    moves.append(Move("table", holder.party, event.chips, Cause.CASH_OUT, ref))
        if any(isinstance(event, _BOUNDARIES) for event in events):
            moves.extend(self._takings(ref))
        if any(isinstance(event, SessionEnded) for event in events):
            self.paid_at_close = dict(sorted(self.game.holdings(state).items()))
            for seat, chips in self.paid_at_close.items():
                holder = self.seats.pop(seat, Seat("bot"))
                if chips:
                    moves.append(Move("table", holder.party, chips, Cause.CASH_OUT, ref))
        return events, tuple(moves)

    def _shoes(self, shoes: Shoes | None, ended: Ending | None, events: tuple[Event, ...]) -> None:
        """Keep the shoes after a step: a shoe ended, a seed drawn for the next shuffle."""
        self.drawn, self.sealing = (), ()
        if shoes is None:
            return
        sealing = [ended] if ended is not None else []
        if not shoes.drawn and not any(isinstance(e, SessionEnded) for e in events):
            seed = self.draw(SEED)
            shoes = shoes.with_seed(seed)
            self.drawn = ((shoes.coming, seed),)
        if any(isinstance(event, SessionEnded) for event in events):
            sealing += [*(() if shoes.set_aside else (shoes.ended(),)), shoes.end_marker()]
        self.shoes, self.sealing = shoes, tuple(sealing)

    def _takings(self, ref: str) -> tuple[Move, ...]:
        house = self.game.chips(self.state).house
        owed, self.house_moved = house - self.house_moved, house
        if owed > 0:
            return (Move("table", "house", owed, Cause.TAKINGS, ref),)
        if owed < 0:
            return (Move("house", "table", -owed, Cause.TAKINGS, ref),)
        return ()


def _known(game: Game[Any, Any, Any]) -> dict[str, type]:
    return {kind.__name__: kind for kind in (*game.step_kinds, Shuffle, Draw)}


def action_json(action: Action) -> str:
    """An action as a step row keeps it."""
    return json.dumps(encode(action), separators=(",", ":"))


def action_from_json(game: Game[Any, Any, Any], text: str) -> Action:
    """An action read back from a step row."""
    action: Action = decode(json.loads(text), Action, _known(game))
    return action


def actor_from_text(text: str) -> Actor:
    """`3`, `house` or `chance`, as a step row keeps its actor."""
    if text == HOUSE.value:
        return HOUSE
    if text == CHANCE.value:
        return CHANCE
    return int(text)
