"""Private Monte's decisions valued (croupier.review.private_monte): a stake on a layout, the
other layout and passing, each worth its stake times the punter's edge, `2 * win - 1`, on the
cards seen since the shuffle, by `croupier.odds.private_monte` called here on the deciding
seat's own view (PM-4, PM-5, PM-6, PM-8)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from fractions import Fraction

import pytest

from croupier.bots.private_monte import ROSTER
from croupier.cards import Card, read_cards
from croupier.engine import Action, Done
from croupier.games.monte_bank import Bet, Layout, MonteView, Spot
from croupier.games.monte_bank.layout import RowWager
from croupier.games.private_monte import LayoutBet, PrivateMonte, Row
from croupier.odds.private_monte import layout_odds
from croupier.review import Decision, Valued, private_monte
from croupier.review.private_monte import value
from croupier.review.session import session
from tests.review.test_monte_bank import Walk, played, walk

GAME = PrivateMonte()


@pytest.fixture(scope="module")
def walked() -> Walk:
    return walk("private-monte", played("private-monte", 5, 20))


def decided(walked: Walk) -> Walk:
    found = [(m, view, state) for m, view, state in walked if m.decision is not None]
    assert {type(m.action) for m, _, _ in found} == {LayoutBet, Done}
    return found


def test_each_stake_and_pass_is_worth_the_stake_times_the_edge_on_the_cards_seen(
    walked: Walk,
) -> None:
    """PM-4, PM-5, PM-6, PM-8: the options are the stake on each layout the seat might back
    then (the cava's when it passed) and passing, worth nothing; a stake is worth its amount
    times 2 * win - 1, the chance that the gate's suit is a card's of the layout among the
    cards the seat has not seen, by `layout_odds` on its view."""
    for moment, view, _ in decided(walked):
        decision = moment.decision
        assert decision is not None and decision.stakes
        layout = view.layout
        assert layout is not None
        taken = moment.action
        amount = taken.amount if isinstance(taken, LayoutBet) else view.rules.cava
        open_then = [row for row in Row if LayoutBet(row, amount) in view.legal]
        assert [choice.option for choice in decision.choices] == [
            *(LayoutBet(row, amount) for row in open_then),
            Done(),
        ]
        for choice in decision.choices[:-1]:
            assert isinstance(choice.option, LayoutBet)
            row = [layout.card(spot) for spot in Spot if spot in choice.option.row.spots]
            assert choice.value == amount * (2 * layout_odds(row, view.seen).win - 1)
        assert decision.choices[-1].value == 0


def test_the_option_taken_is_the_action_taken_and_nothing_else_is_a_decision(
    walked: Walk,
) -> None:
    """PM-4: every stake on a layout and every pass with a stake open is valued, as the very
    action taken; a pass with none open (both layouts backed), the bank's actions and the
    shuffle are no choice of value."""
    assert any(isinstance(m.action, Done) and m.decision is None for m, _, _ in walked)
    for moment, view, _ in walked:
        staking = view.layout is not None and view.legal.of_type(LayoutBet)
        if isinstance(moment.action, LayoutBet) or (isinstance(moment.action, Done) and staking):
            assert moment.decision is not None
            assert moment.decision.taken.option == moment.action
        else:
            assert moment.decision is None, moment.action


def test_the_values_count_only_the_cards_the_seat_was_shown(walked: Walk) -> None:
    """PM-8: what a counter knows is the cards shown since the shuffle, the layout's among
    them; none of them is still in the pack, and the values are the same whatever the order
    of the cards that are."""
    for moment, view, state in decided(walked):
        assert view.layout is not None
        assert set(view.layout.cards) <= set(view.seen)
        assert not set(view.seen) & set(state.pack.cards)
        reversed_pack = replace(state.pack, cards=state.pack.cards[::-1])
        hidden = GAME.view(replace(state, pack=reversed_pack), view.viewer)
        found = value(hidden, moment.action, view.seen)
        assert found is not None and moment.decision is not None
        assert (found.choices, found.chosen) == (moment.decision.choices, moment.decision.chosen)


def test_the_cards_seen_are_those_the_seat_was_shown_since_the_shuffle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PM-7, PM-8: the cards the view says were seen, which the values count, are the cards
    the seat's own events showed it since the pack was last shuffled: the layouts and gates
    of the deals before, and this deal's layout."""
    asked: list[tuple[MonteView, set[Card]]] = []

    def recorded(view: MonteView, action: Action, seen: Collection[Card]) -> Valued | None:
        asked.append((view, set(seen)))
        return value(view, action, seen)

    monkeypatch.setattr(private_monte, "value", recorded)
    session(GAME, played("private-monte", 6, 12))
    betting = [(view, seen) for view, seen in asked if view.layout is not None]
    assert any(len(view.seen) > 4 for view, _ in betting)  # a deal after another
    for view, seen in betting:
        assert set(view.seen) == seen


def test_a_counter_who_passes_gives_nothing_away(walked: Walk) -> None:
    """PM-8: the counting bots back a layout only when the cards seen make it more likely to
    win than lose, so passing is the best they had each time they pass; a flat bettor, who
    backs every layout, gives chips of expectation away on some."""
    counters = {seat for seat, (_, (_, counting)) in enumerate(ROSTER[:4]) if counting}
    passes = [
        m.decision
        for m, _, _ in decided(walked)
        if m.decision is not None and m.decision.seat in counters and isinstance(m.action, Done)
    ]
    assert passes and all(decision.cost == 0 for decision in passes)
    assert any(
        m.decision.cost > 0
        for m, _, _ in decided(walked)
        if m.decision is not None and m.decision.seat not in counters
    )


def dealt(walked: Walk, layout: Layout, seen: str, bets: tuple[Row, ...] = ()) -> MonteView:
    """The view of the first punter to decide in the session, at the same moment but for
    `layout` dealt after the cards `seen`, with its stakes on `bets` already down."""
    _, view, state = decided(walked)[0]
    assert isinstance(view.viewer, int)
    seat = view.viewer
    placed = tuple(Bet(n, seat, RowWager(row.spots), 20) for n, row in enumerate(bets, 1))
    state = replace(
        state,
        layout=layout,
        seen=(*read_cards(seen), *layout.cards),
        bets=placed,
        done=frozenset(),
    )
    return GAME.view(state, seat)


def cost(valued: Valued | None) -> Fraction:
    assert valued is not None
    return Decision(0, 1, 0, valued.choices, valued.chosen, valued.mix, valued.stakes).cost


def test_a_stake_on_a_layout_the_cards_disfavour_costs_against_the_other_and_passing(
    walked: Walk,
) -> None:
    """PM-5, PM-6, PM-8: after a deal of AS KS QS JS and the gate 7C, the layouts 2S 5C and
    3H 4D: of the 31 cards unseen, 5 spades and 8 clubs make the top layout win (13/31, an
    edge of -5/31), 9 hearts and 9 diamonds the bottom one (18/31, +5/31). A stake of 20 on
    the top is worth -100/31 and gives away 200/31 against the bottom; passing gives away the
    cava's 10 on the bottom, 50/31."""
    layout = Layout.of("2S", "5C", "3H", "4D")
    view = dealt(walked, layout, "AS KS QS JS 7C")
    top = value(view, LayoutBet(Row.TOP, 20), ())
    assert top is not None
    assert [(c.option, c.value) for c in top.choices] == [
        (LayoutBet(Row.TOP, 20), Fraction(-100, 31)),
        (LayoutBet(Row.BOTTOM, 20), Fraction(100, 31)),
        (Done(), 0),
    ]
    assert cost(top) == Fraction(200, 31)
    assert cost(value(view, LayoutBet(Row.BOTTOM, 20), ())) == 0
    assert cost(value(view, Done(), ())) == Fraction(50, 31)


def test_passing_is_no_decision_when_no_stake_is_open(walked: Walk) -> None:
    """PM-4: one stake a layout; a punter who has backed both has nothing left to pass up."""
    layout = Layout.of("2S", "5C", "3H", "4D")
    view = dealt(walked, layout, "", bets=(Row.TOP, Row.BOTTOM))
    assert value(view, Done(), ()) is None
    view = dealt(walked, layout, "", bets=(Row.TOP,))
    valued = value(view, Done(), ())
    assert valued is not None
    assert [c.option for c in valued.choices] == [LayoutBet(Row.BOTTOM, 10), Done()]
