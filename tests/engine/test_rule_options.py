"""Each rule option described once: the bounds checked from the description, a refusal
that names the field, the value and the reason as data, the stake limits read from it."""

import dataclasses

import pytest

from croupier import games
from croupier.engine.rule_options import options, stakes
from croupier.errors import InvalidConfig
from croupier.games.banchek import Rules as BanchekRules
from croupier.games.chemin_de_fer.rules import Rules as CheminRules
from croupier.games.private_monte import PrivateRules
from croupier.games.punto_banco import Limits
from croupier.games.punto_banco import Rules as PuntoRules


@pytest.mark.parametrize("game", games.names())
def test_every_field_of_every_rule_set_is_a_described_option(game):
    rules = games.get(game).config()
    described = [option.name for option in options(rules)]
    assert described == [field.name for field in dataclasses.fields(rules)]
    for option in options(rules):
        assert option.help and option.default == getattr(rules, option.name)
        assert option.fits(option.default)


def test_a_value_out_of_bounds_is_refused_with_its_field_value_and_reason():
    with pytest.raises(InvalidConfig) as caught:
        CheminRules(decks=2)
    error = caught.value
    assert (error.field, error.value, error.reason) == (
        "decks",
        "2",
        "at least 3 full decks (CF-2)",
    )
    assert str(error) == "decks = 2 is not valid: at least 3 full decks (CF-2)"
    assert error.named({"decks": "--decks"}).startswith("--decks 2 is not valid")


def test_fields_that_do_not_go_together_are_named_together():
    with pytest.raises(InvalidConfig) as caught:
        BanchekRules(minimum=5, bank=3)
    assert caught.value.values == {"minimum": "5", "bank": "3"}
    assert caught.value.named({"bank": "--bank"}).startswith("minimum = 5, --bank 3: the smallest")


def test_a_subclass_describes_its_own_bounds():
    (deals,) = (option for option in options(PrivateRules) if option.name == "deals_per_bank")
    assert (deals.low, deals.high, deals.default) == (1, 6, 6)
    assert not deals.fits(None)
    with pytest.raises(InvalidConfig, match="deals_per_bank = 7 is not valid: 1 to 6"):
        PrivateRules(deals_per_bank=7)


@pytest.mark.parametrize(
    ("rules", "limits"),
    [
        (
            PuntoRules(egalite=Limits(5, 100)),
            {
                "punto": {"low": 10, "high": 1000},
                "banco": {"low": 10, "high": 1000},
                "egalite": {"low": 5, "high": 100},
            },
        ),
        (CheminRules(), {"bank": {"low": 100, "high": None}, "stake": {"low": 10, "high": None}}),
        (
            PrivateRules(cava=20, limit=300),
            {"stake": {"low": 20, "high": 300}, "monte": {"low": 100, "high": None}},
        ),
        (
            BanchekRules(bank=50),
            {"stake": {"low": 5, "high": None}, "bank": {"low": 50, "high": 50}},
        ),
    ],
)
def test_the_stake_limits_are_read_from_the_options(rules, limits):
    assert stakes(rules) == limits
    assert list(stakes(rules)) == list(limits)
