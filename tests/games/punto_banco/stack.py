"""Stacked shoes: any Punto Banco situation in a line or two."""

from __future__ import annotations

from croupier.cards import Card, shoe_of
from croupier.engine import CHANCE, HOUSE, CloseBets, Cut, Event, Shuffle
from croupier.games.punto_banco import Bet, Phase, PuntoBanco, Rules, Stake, State
from tests import helpers

GAME = PuntoBanco()


def cards(text: str) -> list[Card]:
    return [Card.from_str(t) for t in text.split()]


def shoe_with(rules: Rules, top: str) -> tuple[Card, ...]:
    """A full shoe whose first cards are `top`, in order, the rest in pack order."""
    wanted = cards(top)
    rest = list(shoe_of(rules.decks))
    for card in wanted:
        rest.remove(card)
    return (*wanted, *rest)


def run_chance(state: State, events: list[Event] | None = None) -> State:
    return helpers.run_chance(GAME, state, events)  # type: ignore[no-any-return]


def act(state: State, actor, action, events: list[Event] | None = None) -> State:
    return helpers.act(GAME, state, actor, action, events)  # type: ignore[no-any-return]


def table(
    coup: str = "",
    buy_ins: dict[int, int] | None = None,
    rules: Rules | None = None,
    burn: str = "AS 2C",
    events: list[Event] | None = None,
) -> State:
    """A table with bets open, whose next cards dealt are `coup` (P, B, P, B, then thirds).

    The shoe is shuffled into a stacked order and cut one card deep; the burn card
    (an ace, burning one more) and the burned card come first.
    """
    rules = rules or Rules()
    buy_ins = {0: 1000} if buy_ins is None else buy_ins
    order = shoe_with(rules, f"{burn} {coup}")
    state = GAME.start(rules, buy_ins)
    state = act(state, CHANCE, Shuffle((order[-1], *order[:-1])), events)
    (cutter,) = GAME.to_act(state)
    state = act(state, cutter, Cut(1), events)
    assert state.phase is Phase.BETTING
    return state


def bet(state: State, stakes: dict[int, list[tuple[Bet, int]]]) -> State:
    for box, bets in stakes.items():
        for kind, amount in bets:
            state = act(state, box, Stake(kind, amount))
    return state


def close(state: State, events: list[Event] | None = None) -> State:
    return act(state, HOUSE, CloseBets(), events)
