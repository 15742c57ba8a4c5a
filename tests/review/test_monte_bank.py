"""Monte Bank's decisions valued (croupier.review.monte_bank): each bet beside the same stake
on every other bet open to the punter, worth minus its house edge on the layout dealt, by
`croupier.odds.monte_bank` called here on the deciding seat's own view (MB-9, MB-10, MB-13)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from random import Random

import pytest

from croupier import games
from croupier.bots.roster import bot, names
from croupier.cards import Card
from croupier.engine import Action, Amounts, History, Legal, replay
from croupier.engine.drive import Croupier
from croupier.games.monte_bank import (
    Circle,
    CircleBet,
    Cross,
    CrossBet,
    Doubler,
    DoublerBet,
    Layout,
    MonteBank,
    MonteCarloBet,
    MonteView,
    PutUpBank,
    Rules,
    Spot,
    State,
    Wager,
)
from croupier.odds.monte_bank import WagerOdds, wager_odds
from croupier.review import Decision, Valued
from croupier.review.monte_bank import value
from croupier.table import Player, Table
from tests.review import Reviewed, reviewed

GAME = MonteBank()
SINGLE = (CircleBet, CrossBet, DoublerBet)
BETS = (*SINGLE, MonteCarloBet)

Walk = list[tuple[Reviewed, MonteView, State]]


def played(name: str, seed: int, deals: int) -> History:
    """A session of `deals` deals between the game's first four bots, shuffled from `seed`."""
    game = games.get(name)
    players = {
        seat: Player(who, bot(name, who, Random(f"{seed}/{seat}")))
        for seat, who in enumerate(names(name)[:4])
    }
    buy_ins = dict.fromkeys(players, 3000)
    table = Table(game, game.config(), players, buy_ins, seed=seed, croupier=Croupier(rounds=deals))
    table.run()
    return table.history


def walk(name: str, history: History) -> Walk:
    """Each step of a seat in the reviewed session, with that seat's view before it and the
    state it was taken from."""
    game = games.get(name)
    moments = reviewed(game, history)
    state = game.start(history.config, history.buy_ins)
    found = []
    for moment, (after, step) in zip(moments, replay(game, history), strict=False):
        assert moment.action == step.action
        if isinstance(step.actor, int):
            found.append((moment, game.view(state, step.actor), state))
        state = after
    return found


@pytest.fixture(scope="module")
def walked() -> Walk:
    return walk("monte-bank", played("monte-bank", 5, 20))


def wager(layout: Layout, bet: Action) -> Wager:
    """The wager a single bet places, read from the layout (MB-9a, b, c)."""
    spot = {card: place for place in Spot for card in layout.spots[place]}
    if isinstance(bet, CircleBet):
        return Circle(spot[bet.card])
    if isinstance(bet, CrossBet):
        return Cross(spot[bet.card], spot[bet.against])
    assert isinstance(bet, DoublerBet)
    return Doubler(frozenset({spot[bet.card], spot[bet.other]}))


_ODDS: dict[tuple[tuple[Card, ...], Wager, Rules], WagerOdds] = {}


def odds(layout: Layout, backed: Wager, rules: Rules) -> WagerOdds:
    """The calculator's odds of a wager on a freshly dealt layout (every card off it still to
    come), kept across the tests: a layout's bets are valued again and again."""
    key = (layout.cards, backed, rules)
    if key not in _ODDS:
        _ODDS[key] = wager_odds(layout, backed, rules=rules)
    return _ODDS[key]


def decided(walked: Walk, kinds: tuple[type, ...]) -> Walk:
    found = [(m, view, state) for m, view, state in walked if isinstance(m.action, kinds)]
    assert {type(m.action) for m, _, _ in found} == set(kinds)  # the session has each kind
    return found


def test_each_bet_is_worth_minus_its_house_edge_beside_every_other_bet_open_then(
    walked: Walk,
) -> None:
    """MB-9, MB-10, MB-13: a bet's options are the same stake on each wager the punter might
    have placed on the layout then, once each, each worth the stake times minus the
    calculator's house edge (positive for the house) on the seat's view of the layout."""
    for moment, view, _ in decided(walked, SINGLE):
        decision = moment.decision
        assert decision is not None and decision.stakes
        layout = view.layout
        assert layout is not None and view.shown == 0  # bets close before the gate (MB-11)
        assert isinstance(moment.action, SINGLE)
        amount = moment.action.amount
        open_then = {
            wager(layout, option.at(amount))
            for kind in SINGLE
            for option in view.legal.of_type(kind)
            if isinstance(option, Amounts) and option.at(amount) in view.legal
        }
        valued = [wager(layout, choice.option) for choice in decision.choices]
        assert set(valued) == open_then
        assert len(valued) == len(set(valued)) == 20  # 4 circles, 12 crosses, 4 doublers
        for choice in decision.choices:
            assert isinstance(choice.option, SINGLE) and choice.option.amount == amount
            edge = odds(layout, wager(layout, choice.option), view.rules).edge
            assert edge > 0
            assert choice.value == -amount * edge


def test_the_option_taken_is_the_bet_placed_and_nothing_else_is_a_decision(
    walked: Walk,
) -> None:
    """MB-8, MB-9: every bet placed is valued, as the very action placed (a doubler naming
    its cards in either order); the bank's actions, the shuffle and cut (MB-4, MB-5, MB-15)
    and finishing betting are no choice of value."""
    assert any(isinstance(m.action, PutUpBank) for m, _, _ in walked)
    for moment, _, _ in walked:
        if isinstance(moment.action, BETS):
            assert moment.decision is not None
            assert moment.decision.taken.option == moment.action
        else:
            assert moment.decision is None, moment.action


def test_a_monte_carlo_bet_is_worth_its_three_parts_beside_every_other_placement(
    walked: Walk,
) -> None:
    """MB-9d: the circle, the cross and the doubler of one placement are each settled by its
    own rule, so the placement is worth the sum of the three stakes' worths; its options are
    the same three stakes on every placement the layout allows."""
    for moment, view, _ in decided(walked, (MonteCarloBet,)):
        decision = moment.decision
        assert decision is not None and decision.stakes
        layout = view.layout
        assert layout is not None
        taken = moment.action
        assert isinstance(taken, MonteCarloBet)
        assert len({choice.option for choice in decision.choices}) == 24  # 4 cards x 3 x 2
        for choice in decision.choices:
            bet = choice.option
            assert isinstance(bet, MonteCarloBet)
            assert (bet.circle, bet.cross, bet.doubler) == (
                taken.circle,
                taken.cross,
                taken.doubler,
            )
            parts = (
                (CircleBet(bet.card, bet.circle), bet.circle),
                (CrossBet(bet.card, bet.against, bet.cross), bet.cross),
                (DoublerBet(bet.card, bet.partner, bet.doubler), bet.doubler),
            )
            assert choice.value == -sum(
                stake * odds(layout, wager(layout, part), view.rules).edge for part, stake in parts
            )


def betting(walked: Walk, layout: Layout, rules: Rules | None = None) -> MonteView:
    """The view of the first punter to bet in the session, at the same moment but for
    `layout` dealt, no bet on it yet, and at the table `rules`."""
    _, view, state = decided(walked, SINGLE)[0]
    assert isinstance(view.viewer, int)
    seat = view.viewer
    state = replace(state, layout=layout, bets=(), done=frozenset(), rules=rules or state.rules)
    return GAME.view(state, seat)


def cost(valued: Valued | None) -> Fraction:
    assert valued is not None
    return Decision(0, 1, 0, valued.choices, valued.chosen, valued.mix, valued.stakes).cost


def test_a_bet_with_a_worse_edge_costs_the_difference_in_chips(walked: Walk) -> None:
    """MB-9, MB-10, MB-13: with a pair stacked top-left, a circle on it has a house edge of
    3/70, a doubler 1/35, a cross backing the pair 1/70, the least (the calculator's own
    figures): a circle of 10 chips gives away 10 * (3/70 - 1/70) = 2/7 chip of expectation,
    a doubler 1/7, a cross on the pair nothing."""
    layout = Layout.of("7S+7C", "KH", "AD", "3C")
    view = betting(walked, layout)
    seven, king, ace = (
        layout.card(spot) for spot in (Spot.TOP_LEFT, Spot.TOP_RIGHT, Spot.BOTTOM_LEFT)
    )
    circle = value(view, CircleBet(seven, 10), layout.cards)
    assert circle is not None and circle.choices[circle.chosen].value == Fraction(-3, 7)
    assert cost(circle) == Fraction(2, 7)
    assert cost(value(view, DoublerBet(ace, seven, 10), layout.cards)) == Fraction(1, 7)
    assert cost(value(view, CrossBet(seven, king, 10), layout.cards)) == 0


def test_the_tables_cut_is_the_edge_a_fair_circle_pays(walked: Walk) -> None:
    """MB-9a, MB-13: on a plain layout a circle wins one time in four and pays 3 to 1: fair
    but for the cut, worth nothing at a table with none, and at the usual 25% on the gate,
    1/16 of its stake to the house."""
    layout = Layout.of("7S", "KH", "AD", "3C")
    circle = CircleBet(layout.card(Spot.TOP_LEFT), 16)
    for rules, worth in ((Rules(cut=Fraction(0)), 0), (Rules(), -1)):
        valued = value(betting(walked, layout, rules), circle, layout.cards)
        assert valued is not None and valued.choices[valued.chosen].value == worth


def test_a_bets_value_holds_nothing_the_seat_could_not_see(walked: Walk) -> None:
    """The pack's order is hidden from every seat: the values are the same with the cards
    still in the pack in the reverse order; and as the club form shuffles for every deal,
    the cards the seat was shown since the shuffle are the layout's alone (MB-5, MB-6)."""
    for moment, view, state in decided(walked, BETS):
        reversed_pack = replace(state.pack, cards=state.pack.cards[::-1])
        hidden = GAME.view(replace(state, pack=reversed_pack), view.viewer)
        assert view.layout is not None
        found = value(hidden, moment.action, view.layout.cards)
        assert found is not None and moment.decision is not None
        assert (found.choices, found.chosen) == (moment.decision.choices, moment.decision.chosen)


def test_only_the_bets_open_to_the_punter_are_options(walked: Walk) -> None:
    """MB-8: the options are the bets the seat's view says it may place: where only circles
    were open, a circle is valued beside the three other circles alone."""
    layout = Layout.of("7S", "KH", "AD", "3C")
    view = betting(walked, layout)
    view = replace(view, legal=Legal(view.legal.of_type(CircleBet)))
    valued = value(view, CircleBet(layout.card(Spot.TOP_LEFT), 10), layout.cards)
    assert valued is not None
    assert [choice.option for choice in valued.choices] == [
        CircleBet(layout.card(spot), 10) for spot in Spot
    ]


def test_a_bet_at_a_table_with_added_cards_is_not_valued(walked: Walk) -> None:
    """MB-17: the calculator follows the four-card layout alone."""
    layout = Layout.of("7S", "KH", "AD", "3C")
    view = replace(betting(walked, layout), rules=Rules(extra_cards=1))
    assert value(view, CircleBet(layout.card(Spot.TOP_LEFT), 10), layout.cards) is None
