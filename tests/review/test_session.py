"""A session reviewed (`croupier.review.session`): every decision valued from the deciding
seat's view by the calculators themselves, the option taken among its choices, and each
seat's evening adding up."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier import games
from croupier.cards import Card
from croupier.engine.actions import Shuffle
from croupier.engine.history import replay
from croupier.games import baccarat
from croupier.games.chemin_de_fer.actions import Banco, DrawCard, Stake, Stand
from croupier.games.chemin_de_fer.events import CardBurned, HandShown
from croupier.games.punto_banco.actions import Choose
from croupier.games.punto_banco.actions import Stake as PuntoStake
from croupier.games.punto_banco.rules import Decision
from croupier.odds.baccarat_choices import banker_choice, banker_table, punto_on_five
from croupier.odds.punto_banco import house_edges, next_coup
from croupier.review.session import VALUERS, cards_in, session
from croupier.solve.chemin_de_fer import solve
from tests.review import reviewed
from tests.saves import recorded_table

GAMES = ["punto-banco", "chemin-de-fer"]


def _reviewed(name, seed=5, rounds=12):
    game = games.get(name)
    history = recorded_table(name, seed, rounds).history
    return game, history, session(game, history)


def _states(game, history):
    """The state before each step, by the step's number."""
    state = game.start(history.config, history.buy_ins)
    before = []
    for after, _step in replay(game, history):
        before.append(state)
        state = after
    return before


@pytest.mark.parametrize("name", sorted(VALUERS))
def test_each_decision_is_the_step_taken_and_the_best_is_the_most(name):
    game, history, _ = _reviewed(name, rounds=30)
    moments = reviewed(game, history)
    decisions = [m for m in moments if m.decision is not None]
    assert len(decisions) > 3
    for moment in decisions:
        decision = moment.decision
        assert decision is not None
        assert decision.seat == moment.actor
        assert decision.taken.option == moment.action
        assert decision.best.value == max(c.value for c in decision.choices)
        assert decision.cost == decision.best.value - decision.taken.value >= 0
    steps = [m.step for m in moments]  # a settling step's events may open the next coup
    assert steps == sorted(steps) and sorted(set(steps)) == list(range(len(set(steps))))


def test_punto_banco_stakes_are_worth_minus_each_bet_s_edge():
    """PB-6, PB-7: a stake beside the same stake on each bet, each worth minus the stake
    times the bet's house edge on the cards the seat had not seen (`next_coup` of its
    view); a stake on a worse bet costs the difference."""
    game, history, review = _reviewed("punto-banco")
    before = _states(game, history)
    costly = 0
    for decision in review.decisions:
        if not isinstance(decision.taken.option, PuntoStake):
            continue
        edges = next_coup(game.view(before[decision.step], decision.seat)).house_edge
        amount = decision.taken.option.amount
        assert {c.option.bet: c.value for c in decision.choices} == {
            bet: -amount * edge for bet, edge in edges.items()
        }
        costly += decision.cost > 0
    assert costly


def test_punto_banco_choice_on_five_is_worth_the_chooser_s_stakes():
    """PB-13e: standing and drawing on 5, each worth the chooser's stakes on the three bets
    after it, banco's cards still closed (a banco natural among what may lie there)."""
    game, history, review = _reviewed("punto-banco", seed=2, rounds=40)
    before = _states(game, history)
    chosen = 0
    for decision in review.decisions:
        if not isinstance(decision.taken.option, Choose):
            continue
        view = game.view(before[decision.step], decision.seat)
        stakes = view.boxes[decision.seat].stakes
        plays = punto_on_five(view.unseen, baccarat.BANCO_TABLE, banco_natural=True)
        assert [c.option for c in decision.choices] == [
            Choose(Decision.STAND),
            Choose(Decision.DRAW),
        ]
        for choice, found in zip(decision.choices, plays, strict=True):
            edges = house_edges(found.punto, found.banco, found.tie, view.rules)
            assert choice.value == -sum(stakes[bet] * edge for bet, edge in edges.items())
        chosen += 1
    assert chosen


def test_chemin_de_fer_draw_and_stand_against_the_equilibrium():
    """CF-12, CF-13: the punter on 5 values standing and drawing against the banker's
    equilibrium, the banker against the punter's; the mix is the equilibrium's own play."""
    game, history, review = _reviewed("chemin-de-fer", seed=11, rounds=30)
    before = _states(game, history)
    seen_draws = 0
    for decision in review.decisions:
        if not isinstance(decision.taken.option, DrawCard | Stand):
            continue
        seen_draws += 1
        view = game.view(before[decision.step], decision.seat)
        assert [type(c.option) for c in decision.choices] == [Stand, DrawCard]
        assert sum(decision.mix) == 1
        if decision.seat == view.punter:
            stake = sum(amount for seat, amount in view.stakes if seat == decision.seat)
            assert stake > 0
            ratio = [c.value / stake for c in decision.choices]
            assert ratio[0] != ratio[1]
        else:
            assert decision.seat == view.banker
    assert seen_draws


def test_a_chemin_de_fer_stake_is_worth_the_game_s_value():
    """CF-6, CF-7: a stake or banco, beside passing, is worth the stake times the punter's
    value of the coup at the equilibrium, from the shoe as the seat knew it."""
    *_, review = _reviewed("chemin-de-fer", seed=11, rounds=20)
    found = 0
    for decision in review.decisions:
        if isinstance(decision.taken.option, Stake | Banco):
            worth = {type(c.option): c.value for c in decision.choices}
            assert worth[type(decision.taken.option)] < 0  # the bank's edge
            found += 1
    assert found


def test_an_evening_adds_up():
    """Each seat's decisions (the house's for it left out), the best among them, their
    cost, and the expected result of its stakes beside the actual one."""
    for name in GAMES:
        _game, _history, review = _reviewed(name, rounds=20)
        for evening in review.evenings:
            own = [d for d in review.decisions if d.seat == evening.seat and not d.house]
            assert evening.decisions == len(own)
            assert evening.best == sum(d.cost == 0 for d in own)
            assert evening.cost == sum((d.cost for d in own), Fraction(0))
            nets = sum(
                net for coup in review.coups for seat, net in coup.nets if seat == evening.seat
            )
            assert evening.actual == nets
            assert evening.luck == evening.actual - evening.expected


def _seen_by(game, history, view, step):
    """What the seat of `view` knew of the shoe before step `step`, told another way than
    the review tells it: since the shuffle, the cards burned face up (CF-4) and both hands
    of every coup settled (shown face up), and the cards of this coup its view shows."""
    seen: list[Card] = []
    for number, (_after, moment) in enumerate(replay(game, history)):
        if number == step:
            break
        if isinstance(moment.action, Shuffle):
            seen = []
        for event in moment.events:
            if isinstance(event, CardBurned | HandShown):
                seen += cards_in(event)
    here = [card for card in (*view.punter_cards, *view.banker_cards) if card is not None]
    return seen + here


def _plus(counts, cards):
    added = list(counts)
    for card in cards:
        added[baccarat.value(card)] += 1
    return added


def test_a_coup_s_nets_are_what_its_settlement_showed():
    """What each seat's chips moved by in a Punto Banco coup is what the table showed it won
    or lost (PB-7, the commission taken each coup); at Chemin de Fer the seats' chips only
    change hands (CF-14), so the evening's results add up to nothing."""
    *_, review = _reviewed("punto-banco", rounds=20)
    for coup in review.coups:
        assert coup.nets == tuple((seat, net) for seat, net in coup.shown.nets if net)
    *_, review = _reviewed("chemin-de-fer", rounds=20)
    assert any(evening.actual for evening in review.evenings)
    assert sum(evening.actual for evening in review.evenings) == 0


def test_chemin_de_fer_values_come_from_the_calculators():
    """CF-12, CF-13: the punter's and the banker's values are the stakes times the
    calculators' edges on the cards the seat had not seen, the other side at the equilibrium
    of the shoe as the seat knew it."""
    game, history, _ = _reviewed("chemin-de-fer", seed=11, rounds=30)
    before = _states(game, history)
    checked = 0
    for moment in reviewed(game, history):
        decision = moment.decision
        if decision is None or not isinstance(moment.action, DrawCard | Stand):
            continue
        view = game.view(before[decision.step], decision.seat)
        seen = _seen_by(game, history, view, decision.step)
        unseen = list(baccarat.shoe_values(view.rules.decks))
        for card in seen:
            unseen[baccarat.value(card)] -= 1
        values = [c.value for c in decision.choices]
        assert decision.mix is not None  # the equilibrium's play beside the values
        if decision.seat == view.punter:
            solution = solve(counts=_plus(unseen, view.punter_cards))
            assert decision.mix[1] == solution.punter_draw_at_5
            stake = sum(a for s, a in view.stakes if s == decision.seat)
            table = banker_table(solution.banker)
            stand, draw = punto_on_five(unseen, table, banco_natural=False)
            assert values == [stake * stand.edge, stake * draw.edge]
        else:
            assert decision.seat == view.banker
            third = view.punter_cards[2:]
            solution = solve(counts=_plus(unseen, [*view.banker_cards, *third]))
            column = baccarat.value(third[0]) if third else None
            total = baccarat.points(view.banker_cards)
            stand, draw = banker_choice(unseen, total, column, solution.punter_draw_at_5)
            against = sum(a for _s, a in view.stakes)
            assert values == [-against * stand.edge, -against * draw.edge]
            assert decision.mix[1] == solution.banker[(total, column)]
        checked += 1
    assert checked > 3
