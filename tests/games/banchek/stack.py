"""Stacked packs for Banchek: any hands, and any cards turned after them."""

from __future__ import annotations

from croupier.cards import Card
from croupier.engine import CHANCE, Cut, Event, Shuffle
from croupier.games.banchek import Banchek, PutUpBank, Rules, State, cards, two_packs
from tests import helpers

GAME = Banchek()


def act(state: State, actor, action, events: list[Event] | None = None) -> State:
    return helpers.act(GAME, state, actor, action, events)  # type: ignore[no-any-return]


def without(used: tuple[Card, ...]) -> list[Card]:
    """The two packs less one copy of each card used."""
    rest = list(two_packs())
    for card in used:
        rest.remove(card)
    return rest


def arranged(hands: list[str], turned: str = "") -> tuple[Card, ...]:
    """A pack, top first, that deals these hands to the punters from the banker's left, one
    card at a time, then turns `turned`."""
    held = [cards(hand) for hand in hands]
    count = len(held)
    dealt = tuple(held[i % count][i // count] for i in range(3 * count))
    top = (*dealt, *cards(turned))
    return (*top, *without(top))


def table(
    hands: list[str],
    turned: str = "",
    buy_ins: dict[int, int] | None = None,
    rules: Rules | None = None,
    events: list[Event] | None = None,
) -> State:
    """The lowest seat banks (drawing the 2 of clubs), the punter on his right cuts one card,
    and the pack is arranged to deal `hands` to the punters in order and turn `turned`."""
    buy_ins = buy_ins if buy_ins is not None else {0: 1000, 1: 1000, 2: 1000}
    state = GAME.start(rules or Rules(), buy_ins)
    first = cards("2C AS AH AD AC KS KH KD")[: len(buy_ins)]
    state = act(state, CHANCE, Shuffle((*first, *without(first))), events)
    banker = min(buy_ins)
    state = act(state, banker, PutUpBank(), events)
    order = arranged(hands, turned)
    state = act(state, CHANCE, Shuffle((order[-1], *order[:-1])), events)
    (cutter,) = GAME.to_act(state)
    return act(state, cutter, Cut(1), events)
