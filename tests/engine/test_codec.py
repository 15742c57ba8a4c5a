"""Plain JSON round trips for rule sets, actions, events and histories."""

import json
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from croupier import games
from croupier.cards import Card, full_pack
from croupier.engine import HOUSE, Action, Actor, decode, encode
from croupier.engine.actions import Amounts
from croupier.games.private_monte.rules import PrivateRules
from croupier.games.punto_banco import (
    Bet,
    Choose,
    CommissionTiming,
    Decision,
    Hand,
    Limits,
    OfferTurn,
    PuntoBanco,
    Rules,
    Stake,
    Tableau,
    TableSize,
)
from croupier.games.punto_banco.events import CardsTurned

KNOWN = {kind.__name__: kind for kind in PuntoBanco.actions}

RULES = st.builds(
    Rules,
    table=st.sampled_from(TableSize),
    punto=st.builds(Limits, st.integers(1, 10), st.integers(10, 5000)),
    commission=st.fractions(0, Fraction(99, 100), max_denominator=10**29),  # 30 digits at most
    egalite_pays=st.integers(1, 50),
    cut_card=st.integers(8, 10),
    tableau=st.sampled_from(Tableau),
    commission_timing=st.sampled_from(CommissionTiming),
)


@given(RULES)
def test_rule_sets_round_trip(rules):
    assert decode(json.loads(json.dumps(encode(rules))), Rules) == rules


@given(st.sampled_from([Stake(Bet.EGALITE, 25), Choose(Decision.STAND), OfferTurn(3)]))
def test_actions_round_trip_by_their_type_name(action):
    assert decode(encode(action), Action, KNOWN) == action


def test_events_encode_as_plain_data():
    event = CardsTurned(Hand.PUNTO, (Card.from_str("7D"), Card.from_str("KS")), 7, by=None)
    assert encode(event) == {
        "type": "CardsTurned",
        "audience": {"type": "Audience", "seats": None},
        "hand": "punto",
        "cards": ["7D", "KS"],
        "points": 7,
        "by": None,
    }


@given(st.one_of(st.integers(0, 15), st.just(HOUSE)))
def test_actors_round_trip(actor):
    assert decode(encode(actor), Actor) == actor


def test_cards_and_fractions():
    assert decode(encode(full_pack()), tuple[Card, ...]) == full_pack()
    assert encode(Fraction(1, 20)) == "1/20"


def test_a_field_holding_a_variant_s_own_rule_set_reads_back_as_that_variant():
    game = games.get("private-monte")
    view = game.view(game.start(game.config(), {0: 100, 1: 100}), 0)
    known = {kind.__name__: kind for kind in (*game.actions, Amounts)}
    read = decode(json.loads(json.dumps(encode(view))), type(view), known)
    assert read == view and type(read.rules) is PrivateRules
