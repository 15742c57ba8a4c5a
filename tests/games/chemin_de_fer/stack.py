"""Stacked shoes for Chemin de Fer: any situation in a line or two."""

from __future__ import annotations

from croupier.cards import Card, shoe_of
from croupier.engine import CHANCE, Cut, Event, Shuffle
from croupier.games.chemin_de_fer import Bid, CheminDeFer, Pass, Phase, Rules, State
from tests import helpers

GAME = CheminDeFer()
BURN = "KC KC KC"  # what the banker burns at the start of the shoe (CF-4)


def cards(text: str) -> list[Card]:
    return [Card.from_str(t) for t in text.split()]


def run_chance(state: State, events: list[Event] | None = None) -> State:
    return helpers.run_chance(GAME, state, events)  # type: ignore[no-any-return]


def act(state: State, actor, action, events: list[Event] | None = None) -> State:
    return helpers.act(GAME, state, actor, action, events)  # type: ignore[no-any-return]


def stacked(state: State, top: str, events: list[Event] | None = None) -> State:
    """Shuffle the shoe so that after the cut and the burn the next cards are `top`."""
    wanted = cards(f"{BURN} {top}")
    rest = list(shoe_of(state.rules.decks))
    for card in wanted:
        rest.remove(card)
    order = (*wanted, *rest)
    state = act(state, CHANCE, Shuffle((order[-1], *order[:-1])), events)
    (cutter,) = GAME.to_act(state)
    return act(state, cutter, Cut(1), events)


def table(
    coup: str = "",
    buy_ins: dict[int, int] | None = None,
    banker: int = 0,
    bank: int = 100,
    rules: Rules | None = None,
    events: list[Event] | None = None,
) -> State:
    """A table where `banker` has won the auction with `bank`, the shoe stacked with `coup`
    next, and the banco calls open."""
    buy_ins = buy_ins if buy_ins is not None else {0: 1000, 1: 1000, 2: 1000}
    state = GAME.start(rules or Rules(), buy_ins)
    while state.phase is Phase.AUCTION:
        (seat,) = GAME.to_act(state)
        if seat == banker and (state.auction is None or state.auction.high is None):
            state = act(state, seat, Bid(bank), events)
        else:
            state = act(state, seat, Pass(), events)
    state = stacked(state, coup, events)
    assert state.phase is Phase.CALLS, state.phase
    return state


def speak(state: State, *actions, events: list[Event] | None = None) -> State:
    """Whoever is to speak takes each action in turn."""
    for action in actions:
        (actor,) = GAME.to_act(state)
        state = act(state, actor, action, events)
    return state
