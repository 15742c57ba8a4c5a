"""Banchek's decisions valued (croupier.review.banchek): a real session's stakes, rides and
claims of a peeked card, each worth what `croupier.odds.banchek` figures on the deciding
seat's own view (BN-5, BN-6, BN-14, BN-15, BN-17); the bank's choices are not valued."""

from dataclasses import replace
from fractions import Fraction

import pytest

from croupier.bots.banchek import ROSTER, BanchekBot
from croupier.engine import Action, Amounts, Cut, Done
from croupier.engine.history import replay
from croupier.games.banchek import (
    Banchek,
    BanchekView,
    ClaimTurned,
    Peek,
    PlayOn,
    PutUpBank,
    RefuseRiders,
    Ride,
    Rules,
    Stake,
    TurnEarly,
    Wait,
    beats,
)
from croupier.odds.banchek import seen_chance
from croupier.randomness import stream
from croupier.review import Decision
from croupier.review.banchek import value
from croupier.table import Croupier, Player, Table
from tests.games.banchek.stack import act, table
from tests.review import Reviewed, reviewed

GAME = Banchek()
RULES = Rules(seats=5, minimum=5, bank=100, riders=True)


@pytest.fixture(scope="module")
def played() -> list[tuple[Reviewed, BanchekView | None]]:
    """Thirty rounds of the roster's bots (riders allowed, a banker who turns early or peeks
    one hand in four), each step with the acting seat's view before it."""
    slipping = {name: replace(policy, slips=Fraction(1, 4)) for name, policy in ROSTER}
    players = {
        seat: Player(name, BanchekBot(stream(5, f"bot/{seat}"), slipping[name]))
        for seat, (name, _policy) in enumerate(ROSTER[: RULES.seats])
    }
    run = Table(GAME, RULES, players, buy_ins=dict.fromkeys(players, 2000), seed=5,
                croupier=Croupier(rounds=30))  # fmt: skip
    run.run()
    history = run.history
    state = GAME.start(history.config, history.buy_ins)
    views: dict[int, BanchekView] = {}
    for number, (after, step) in enumerate(replay(GAME, history)):
        if isinstance(step.actor, int):
            views[number] = GAME.view(state, step.actor)
        state = after
    moments = reviewed(GAME, history)
    return [(m, views.get(m.step)) for m in moments]


def decisions(played, *kinds) -> list[tuple[Decision, BanchekView]]:
    found = [
        (m.decision, view)
        for m, view in played
        if isinstance(m.action, kinds) and m.decision is not None and view is not None
    ]
    assert found, f"the session has no valued {kinds}"
    return found


def amount(option: Action) -> int:
    """The chips a stake or a ride names."""
    assert isinstance(option, Stake | Ride), option
    return option.amount


def stake_range(view: BanchekView, kind) -> tuple[int, int]:
    (option,) = (o for o in view.legal.of_type(kind) if isinstance(o, Amounts))
    return option.low, option.high


def test_each_decision_has_the_action_taken_among_its_options(played):
    valued = [(m, m.decision) for m, _view in played if m.decision is not None]
    assert len(valued) > 100
    for moment, decision in valued:
        assert decision.taken.option == moment.action
        assert decision.seat == moment.actor
        for choice in decision.choices:
            assert isinstance(choice.value, Fraction)


def test_bn_5_bn_6_a_stake_is_worth_its_amount_times_the_hands_edge_as_the_punter_sees_it(
    played,
):
    """Before the card is turned a chip staked is worth 2 * win - 1, win the punter's chance
    on the cards he has seen; the smallest and the largest stake stand beside his."""
    found = [(d, v) for d, v in decisions(played, Stake) if v.early is None]
    assert len(found) > 50
    for decision, view in found:
        assert view.punter == view.viewer == decision.seat
        edge = 2 * seen_chance(view.hand, view) - 1
        low, high = stake_range(view, Stake)
        amounts = [amount(choice.option) for choice in decision.choices]
        assert amounts[0] == low and amounts[-1] == high
        assert all(choice.option in view.legal for choice in decision.choices)
        assert [choice.value for choice in decision.choices] == [a * edge for a in amounts]
        assert decision.stakes


def test_bn_14_a_stake_on_a_card_turned_early_is_won_or_lost_for_certain(played):
    found = [(d, v) for d, v in decisions(played, Stake) if v.early is not None]
    won = [view.early is not None and beats(view.hand, view.early) for _decision, view in found]
    assert any(won) and not all(won), "the session has early cards both ways"
    for (decision, _view), wins in zip(found, won, strict=True):
        for choice in decision.choices:
            assert choice.value == (amount(choice.option) if wins else -amount(choice.option))
        if not wins:  # beaten, he may stake only the minimum
            assert [c.option for c in decision.choices] == [Stake(RULES.minimum)]


def test_bn_15_a_ride_is_worth_its_amount_times_the_shown_hands_edge(played):
    found = decisions(played, Ride, Done)
    assert any(isinstance(d.taken.option, Ride) for d, _view in found)
    for decision, view in found:
        assert view.punter is not None
        hand = dict(view.shown)[view.punter]
        edge = 2 * seen_chance(hand, view) - 1
        done, *rides = decision.choices
        assert done.option == Done() and done.value == 0
        low, high = stake_range(view, Ride)
        assert rides[0].option == Ride(low) and rides[-1].option == Ride(high)
        assert all(choice.value == amount(choice.option) * edge for choice in rides)
        assert decision.stakes == isinstance(decision.taken.option, Ride)


def test_a_worse_stake_costs_what_it_gives_away(played):
    """A flat punter's stake on a hand better than even gives away the rest of the bank times
    the edge; on a worse one, what he stakes above the minimum."""
    costly = [(d, v) for d, v in decisions(played, Stake) if d.cost > 0]
    assert costly
    for decision, view in costly:
        edge = 2 * seen_chance(view.hand, view) - 1 if view.early is None else 1
        low, high = stake_range(view, Stake)
        assert decision.best.option == Stake(high if edge > 0 else low)
        assert (
            decision.cost == (amount(decision.best.option) - amount(decision.taken.option)) * edge
        )


def test_bn_17_a_claimed_card_is_worth_the_stake_the_game_then_allows(played):
    """Claimed, the card is turned before the stake: half the bank on a card his hand beats,
    the minimum on one that beats him (BN-14); the game's next stake range says the same."""
    found = decisions(played, ClaimTurned)
    after = {m.step: v for m, v in played if isinstance(m.action, Stake) and v is not None}
    for decision, view in found:
        win = seen_chance(view.hand, view)
        chips = view.seats[decision.seat]
        assert chips is not None
        half = min(max(RULES.minimum, view.bank // 2), chips)
        claimed, played_on = decision.choices
        assert claimed.value == win * half - (1 - win) * RULES.minimum
        assert played_on.value == max(RULES.minimum * (2 * win - 1), view.bank * (2 * win - 1))
        staked = after[min(step for step in after if step > decision.step)]
        wins = beats(staked.hand, staked.early)
        assert stake_range(staked, Stake) == (RULES.minimum, half if wins else RULES.minimum)
        assert not decision.stakes


def test_bn_17_another_punters_claim_and_the_banks_choices_are_not_valued(played):
    """The bank taken (BN-2), the cut (BN-4), the banker's wait, early turn or peek (BN-14,
    BN-17), another's claim or not (BN-17) and refusing riders (BN-16): no calculator gives
    their worth."""
    banks = (PutUpBank, Cut, Wait, TurnEarly, Peek, RefuseRiders)
    unvalued = [
        m
        for m, view in played
        if isinstance(m.action, banks)
        or (isinstance(m.action, ClaimTurned | PlayOn) and view.punter != view.viewer)
    ]
    assert {type(m.action) for m in unvalued} == {*banks, PlayOn}
    assert all(m.decision is None for m in unvalued)


@pytest.mark.parametrize(
    ("hand", "chips", "claimed", "played_on"),
    [
        # wins against 75 of the 101 cards he does not hold: the whole bank beats half of it
        ("AS AH AD", 1000, Fraction(75 * 50 - 26 * 5, 101), Fraction(100 * 49, 101)),
        # no stake is over his chips
        ("AS AH AD", 40, Fraction(75 * 40 - 26 * 5, 101), Fraction(40 * 49, 101)),
        # wins against 3 of them: claimed, he loses only the minimum, and that rarely
        ("2C 2D 2H", 1000, Fraction(3 * 50 - 98 * 5, 101), Fraction(5 * -95, 101)),
    ],
)
def test_bn_17_the_punter_whose_card_was_peeked_at(hand, chips, claimed, played_on):
    """From a fresh pack (bank 100, minimum 5): claiming is worth half the bank won or the
    minimum lost (BN-14), letting it be turned the whole bank or the minimum (BN-5)."""
    state = act(table([hand, "3C 4C 5C"], buy_ins={0: 1000, 1: chips, 2: 1000}), 0, Peek())
    view = GAME.view(state, 1)
    assert view.punter == 1 and view.peeked_card is None
    decision = value(view, PlayOn(), ())
    assert decision is not None
    assert [c.option for c in decision.choices] == [ClaimTurned(), PlayOn()]
    assert [c.value for c in decision.choices] == [claimed, played_on]
    assert decision.chosen == 1
    # the other punter's chips are on no hand now: his choice is not valued
    assert value(GAME.view(state, 2), PlayOn(), ()) is None
