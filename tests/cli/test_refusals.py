"""A library's refusal on the command line: each field it names as data is called by the
option that sets it, and nothing else in its words is changed."""

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli._usage import fail
from croupier.errors import InvalidConfig, InvalidInput
from croupier.sim.sessions import Plan

runner = CliRunner()

_SEEN = "AS 2S 3S 4S 5S 6S 7S JS QS KS AH 2H 3H 4H 5H 6H 7H JH QH KH AC 2C 3C 4C 5C 6C"
"""26 cards seen: more than the 5 deals before the last show hold (PM-8)."""


def said(error):
    """Say `error` as the command line does, and check that it exits with status 2."""
    assert fail(error).exit_code == 2


def test_the_fields_are_named_from_the_data_not_read_back(capsys):
    error = InvalidConfig("{named} is not valid: {reason}", {"cut_card": "3"}, "not x=y, y=z")
    said(error)
    assert capsys.readouterr().err == "Error: --cut-card 3 is not valid: not x=y, y=z\n"
    said(InvalidInput("stake=20 is more than the bankroll=10"))
    assert capsys.readouterr().err == "Error: stake=20 is more than the bankroll=10\n"


def test_a_field_whose_option_has_another_name(capsys):
    with pytest.raises(InvalidConfig) as refused:
        Plan(bankroll=10, stake=1, hands=0, most_won=1)
    assert str(refused.value) == "Plan.hands = 0 is not valid: at least 1"
    said(refused.value)
    assert capsys.readouterr().err == "Error: --session-hands 0 is not valid: at least 1\n"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("simulate", "punto-banco", "--sessions", "5", "--stake", "900", "--bankroll", "800"),
            "--stake 900 is more than the --bankroll 800: no hand could be played",
        ),
        (("simulate", "banchek", "--punters", "0"), "--punters 0 is not valid: at least 1"),
        (
            ("simulate", "chemin-de-fer", "--decks", "2000"),
            "--decks 2000 is too many for the simulation: it shuffles at most 65,535 cards, "
            "1,260 decks",
        ),
        (
            ("simulate", "private-monte", "--sessions", "3", "--stake", "5"),
            "--stake 5 is not valid: a stake on a layout is from the cava, 10, to the limit, "
            "500 (PM-4)",
        ),
        (
            ("odds", "private-monte", "--seen", _SEEN),
            "--seen 26 cards is more than the 5 deals before the last show (25): no deal of "
            "this shuffle is left (PM-8)",
        ),
    ],
)
def test_each_refusal_in_the_options_words(args, line):  # PM-4, PM-8, BN-1
    result = runner.invoke(app, [*args, "--lang", "en"])
    assert result.exit_code == 2
    assert result.output == f"Error: {line}\n"
