"""Rule sets from named options: text converted, bad values named with what is valid."""

from fractions import Fraction

import pytest

from croupier.errors import InvalidConfig
from croupier.games.monte_bank import MonteBank
from croupier.games.punto_banco import CommissionTiming, Limits, PuntoBanco, Rules, TableSize


def test_options_as_text():
    rules = PuntoBanco().config(
        table="small", commission="4%", egalite="5-100", commission_timing="end-of-shoe"
    )
    assert rules == Rules(
        table=TableSize.SMALL,
        commission=Fraction(1, 25),
        egalite=Limits(5, 100),
        commission_timing=CommissionTiming.END_OF_SHOE,
    )
    assert PuntoBanco().config(commission="1/20", cut_card="8") == Rules(cut_card=8)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"table": "huge"}, "table = 'huge' is not valid: choose from 'large', 'small'"),
        ({"colour": "red"}, "unknown option 'colour': the options are table, punto"),
        ({"commission": "lots"}, "commission = 'lots' is not a number"),
        ({"commission": "150%"}, "commission = 3/2 is not valid: from 0 up to 1"),
        ({"punto": "100"}, "write low-high, e.g. 10-1000"),
        ({"punto": "50-10"}, "limits 50-10 are not valid"),
        ({"cut_card": "twelve"}, "cut_card = 'twelve' is not a whole number"),
        ({"egalite_pays": 0}, "egalite_pays = 0 is not valid"),
    ],
)
def test_bad_options_say_what_is_valid(options, message):
    with pytest.raises(InvalidConfig) as caught:
        PuntoBanco().config(**options)
    assert isinstance(caught.value, ValueError)
    assert message in str(caught.value)


def test_an_optional_option_takes_none_or_its_type():
    assert MonteBank().config(deals_per_bank="3").deals_per_bank == 3
    assert MonteBank().config(deals_per_bank="none").deals_per_bank is None
    with pytest.raises(InvalidConfig, match="deals_per_bank = 'many' is not a whole number"):
        MonteBank().config(deals_per_bank="many")
