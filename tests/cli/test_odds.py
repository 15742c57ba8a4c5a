"""`croupier odds punto-banco`: the readable table, the JSON, and refusals."""

import json
from fractions import Fraction

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def odds(*args):
    return runner.invoke(app, ["odds", "punto-banco", *args])


def test_json_for_a_fresh_eight_deck_shoe():  # PB-7, PB-12, PB-13, PB-14
    result = odds("--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["command"], data["game"], data["seed"]) == ("odds", "punto-banco", None)
    assert data["rules"] == {
        "decks": 8,
        "commission": {"value": 0.05, "fraction": "1/20"},
        "egalite_pays": 8,
        "punto_at_5": "draw",
    }
    results = data["results"]
    assert {k: round(v["value"], 6) for k, v in results["probability"].items()} == {
        "punto": 0.446247,
        "banco": 0.458597,
        "egalite": 0.095156,
    }
    assert {k: round(v["value"] * 100, 4) for k, v in results["house_edge"].items()} == {
        "punto": 1.2351,
        "banco": 1.0579,
        "egalite": 14.3596,
    }
    total = 4_998_398_275_503_360
    assert results["total_sequences"] == total
    assert results["sequences"] == {
        "punto": 2_230_518_282_592_256,
        "banco": 2_292_252_566_437_888,
        "egalite": 475_627_426_473_216,
    }
    assert Fraction(results["probability"]["banco"]["fraction"]) == Fraction(
        2_292_252_566_437_888, total
    )


def test_egalite_paying_nine_to_one():
    data = json.loads(odds("--egalite-pays", "9", "--json").output)
    assert round(data["results"]["house_edge"]["egalite"]["value"] * 100, 4) == 4.8440


def test_the_readable_table():
    result = odds("--table", "small", "--at-5", "best", "--removal")
    assert result.exit_code == 0, result.output
    assert "6 decks (312 cards)" in result.output
    assert "punto plays 5 best" in result.output
    assert "Effect of removing one card from 6 decks" in result.output
    assert "Punto draws on 5 holding:" in result.output


def test_the_cards_that_remain():
    result = odds("--remaining", "10,2,2,2,2,2,2,2,2,2", "--at-5", "best", "--json")
    data = json.loads(result.output)
    assert data["rules"]["decks"] == 8 and data["rules"]["punto_at_5"] == "best"
    results = data["results"]
    assert results["remaining"] == [10, 2, 2, 2, 2, 2, 2, 2, 2, 2]
    assert sorted(map(tuple, results["punto_draws_on_5"])) == [(0, 5), (6, 9), (7, 8)]


def test_bad_input_is_one_line_and_exit_two():
    for args, message in [
        (["--remaining", "1,2,3"], "ten whole numbers"),
        (["--remaining", "a,b"], "is not ten whole numbers"),
        (["--remaining", "-1,4,4,4,4,4,4,4,4,4"], "cannot be negative"),
        (["--remaining", "1,1,1,1,1,0,0,0,0,0"], "too small to deal a coup"),
        (["--table", "small", "--remaining", "0,99,1,1,1,1,1,1,1,1"], "impossible counts"),
        (["--at-5", "maybe"], "choose from draw, stand, best"),
        (["--commission", "lots"], "is not a number"),
        (["--egalite-pays", "0"], "--egalite-pays 0 is not valid: at least 1"),
    ]:
        result = odds(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_the_odds_panel_in_play():
    result = runner.invoke(
        app, ["play", "punto-banco", "--auto", "--seed", "7", "--rounds", "3", "--odds"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("edge P 1.") == 3
    played = runner.invoke(
        app, ["play", "punto-banco", "--seed", "3", "--bots", "1", "--odds"], input="\n\nquit\n"
    )
    assert "for the 415 cards not yet seen" in played.output
