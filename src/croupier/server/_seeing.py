"""What a connection is shown of a table: the view message for the person it is, of the
table as last told (docs/protocol.md, "view"): the engine's view from their seat (a
spectator's, and the seats open to them, for one who holds none), the time each awaited
seat has left and each seat's time bank, the seats' plans, why the table is paused, who
hosts it, and its provably fair shoes."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from croupier.engine.actions import Join, Option
from croupier.engine.codec import JSON, encode
from croupier.server import _protocol as protocol
from croupier.server._book import Book
from croupier.server._clocks import Times
from croupier.server._receipts import Receipts
from croupier.server._shoes import Shoes
from croupier.server.hosting import while_held

__all__ = ["view_message"]


def view_message(
    book: Book,
    person: int | None,
    seats: int,
    times: Times,
    closed: bool,
    plans: Mapping[str, JSON],
    paused: str | None,
    receipts: Receipts,
    encoder: Callable[[Any], JSON] = encode,
    hosting: Mapping[str, JSON] | None = None,
) -> dict[str, Any]:
    """The view message for `person` at a table of `seats` seats whose book is `book`
    (`times`: what its clocks show; `paused`: why, in words, or None; its shoes'
    `receipts`; who hosts it and whether they hold it paused, `hosting`: standing paused,
    the view offers only coming and going), its view written by `encoder`."""
    seat = book.seat_of(person) if person is not None else None
    seen = book.game.view(book.state, seat)
    if hosting is not None and hosting.get("halted"):  # only coming and going is taken
        seen = dataclasses.replace(seen, legal=while_held(seen.legal))
    playing = seat is None and not closed  # a spectator of a table in play: its seats
    return protocol.view(
        book.seq,
        seat,
        seen,
        times.waiting,
        closed,
        _open_seats(book, seats) if playing else None,
        None if playing else book.paid_at_close,
        encoder=encoder,
        plans=plans,
        paused=paused,
        fair=_fair(book, person, closed, receipts),
        bank=times.bank,
        on_bank=times.on_bank,
        hosting=hosting,
    )


def _open_seats(book: Book, seats: int) -> dict[int, Option]:
    """The empty seats of a table of `seats` seats, each with what joining it asks."""
    game, state = book.game, book.state
    taken = game.seats(state)
    return {
        empty: option
        for empty in range(seats)
        if empty not in taken
        for option in game.options(state, empty).of_type(Join)
    }


def _fair(
    book: Book, person: int | None, closed: bool, receipts: Receipts
) -> dict[str, Any] | None:
    """The view's `fair`: the coming shuffle's number and commitment, with the receipt of
    its telling, the seats that have sealed a part of it and those that have revealed it,
    whether its seals are closed (its parts revealed now), the viewer's own part (its seal,
    its text once revealed, and the receipt of its taking), and how many shuffles' seeds are
    told (those of every shoe over). None for a table opened before its shuffles were
    provably fair."""
    shoes = book.shoes
    if shoes is None:
        return None
    drawn = shoes.drawn and not closed
    return {
        "shuffle": shoes.coming if drawn else None,
        "commitment": shoes.commitment if drawn else None,
        "receipt": receipts.told(shoes.coming, shoes.commitment) if drawn else None,
        "given": shoes.seats_sealed() if drawn else [],
        "shown": shoes.seats_shown() if drawn else [],
        "revealing": drawn and shoes.revealing,
        "part": _own_part(shoes, person, receipts) if drawn and person is not None else None,
        "revealed": shoes.made if closed else shoes.revealed,
    }


def _own_part(shoes: Shoes, person: int, receipts: Receipts) -> dict[str, Any] | None:
    """The viewer's part of the coming shuffle, if they sealed one (under the seat they
    hold, or, for the opener, seat 0): its seal, its text once revealed, and the receipt of
    its taking."""
    seat = shoes.seat_sealed_by(person)
    if seat is None:
        return None
    sealed, text = shoes.sealed(seat), shoes.shown(seat)
    assert sealed is not None
    receipt = receipts.taken(shoes.coming, shoes.commitment, seat, sealed, text)
    return {"sealed": sealed, "text": text, "receipt": receipt}
