"""Stacked packs for Monte Bank: any layout, and any cards shown after it."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards import Card, monte_pack
from croupier.engine import CHANCE, HOUSE, Action, CloseBets, Cut, Event, Shuffle
from croupier.games.monte_bank import MonteBank, Pass, Phase, PutUpBank, Rules, State
from tests import helpers

GAME = MonteBank()


def cards(text: str) -> list[Card]:
    return [Card.from_str(t) for t in text.split()]


def run_chance(state: State, events: list[Event] | None = None) -> State:
    return helpers.run_chance(GAME, state, events)  # type: ignore[no-any-return]


def act(
    state: State, actor, action, events: list[Event] | None = None, game: MonteBank = GAME
) -> State:
    return helpers.act(game, state, actor, action, events)  # type: ignore[no-any-return]


def arranged(top: str, bottom: str, shown: str = "", added: str = "") -> tuple[Card, ...]:
    """A pack, top card first, that deals the top layout `top` (then its replacements) from
    the bottom, the bottom layout `bottom` (then the cards `added`, MB-17) from the top, then
    shows `shown` from the bottom."""
    low, high, draw = cards(top), cards(f"{bottom} {added}"), cards(shown)
    rest = [card for card in monte_pack() if card not in {*low, *high, *draw}]
    return (*high, *rest, *reversed(draw), *reversed(low))


def table(
    top: str,
    bottom: str,
    shown: str = "",
    added: str = "",
    buy_ins: dict[int, int] | None = None,
    monte: int = 1000,
    rules: Rules | None = None,
    events: list[Event] | None = None,
    game: MonteBank = GAME,
) -> State:
    """Seat 1 banks `monte` (drawing the lowest card), every ritual passes, and the pack is
    arranged so the layout and the cards shown are these. Bets are open."""
    buy_ins = buy_ins if buy_ins is not None else {0: 5000, 1: 5000, 2: 5000}
    state = game.start(rules or game.config(), buy_ins)
    first = cards("AS KS KH KD KC")[: len(buy_ins)]
    rest = [card for card in monte_pack() if card not in first]
    state = act(state, CHANCE, Shuffle((*first, *rest)), events, game)  # seat 1 draws the ace
    assert state.banker == 0
    state = act(state, 0, PutUpBank(monte), events, game)
    while state.phase is Phase.SHUFFLES:
        (seat,) = game.to_act(state)
        state = act(state, seat, Pass(), events, game)
    order = arranged(top, bottom, shown, added)
    state = act(state, CHANCE, Shuffle((order[-1], *order[:-1])), events, game)  # the banker last
    while state.phase is Phase.CUTS:
        (seat,) = game.to_act(state)
        last = state.speaker == len(state.order) - 1
        state = act(state, seat, Cut(1) if last else Pass(), events, game)
    return state


def bets(
    state: State,
    placed: Sequence[tuple[int, Action]],
    events: list[Event] | None = None,
    game: MonteBank = GAME,
) -> State:
    for seat, action in placed:
        state = act(state, seat, action, events, game)
    return act(state, HOUSE, CloseBets(), events, game)
