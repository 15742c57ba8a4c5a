"""`croupier odds punto-banco`: the readable table, the JSON, and refusals."""

import json

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def odds(*args):
    return runner.invoke(app, ["odds", "punto-banco", *args])


def test_json_for_a_fresh_eight_deck_shoe():  # PB-7, PB-12, PB-13, PB-14
    result = odds("--decks", "8", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "punto-banco"
    assert data["decks"] == 8
    assert data["rules"] == {"commission": "1/20", "tie_pays": 8, "punto_at_5": "draw"}
    assert {k: round(v, 6) for k, v in data["probability"].items()} == {
        "punto": 0.446247,
        "banco": 0.458597,
        "tie": 0.095156,
    }
    assert {k: round(v * 100, 4) for k, v in data["house_edge"].items()} == {
        "punto": 1.2351,
        "banco": 1.0579,
        "tie": 14.3596,
    }
    total = 4_998_398_275_503_360
    assert data["total_sequences"] == total
    assert data["sequences"] == {
        "punto": 2_230_518_282_592_256,
        "banco": 2_292_252_566_437_888,
        "tie": 475_627_426_473_216,
    }
    num, den = map(int, data["exact"]["banco"].split("/"))
    assert num * total == 2_292_252_566_437_888 * den


def test_tie_paying_nine_to_one():
    data = json.loads(odds("--tie-pays", "9", "--json").output)
    assert round(data["house_edge"]["tie"] * 100, 4) == 4.8440


def test_the_readable_table():
    result = odds("--decks", "6", "--punto-at-5", "best", "--removal")
    assert result.exit_code == 0, result.output
    assert "6 decks (312 cards)" in result.output
    assert "punto plays 5 best" in result.output
    assert "Effect of removing one card from 6 decks" in result.output
    assert "Punto draws on 5 holding:" in result.output


def test_the_cards_that_remain():
    result = odds("--remaining", "10,2,2,2,2,2,2,2,2,2", "--punto-at-5", "best", "--json")
    data = json.loads(result.output)
    assert data["decks"] is None
    assert data["remaining"] == [10, 2, 2, 2, 2, 2, 2, 2, 2, 2]
    assert sorted(map(tuple, data["punto_draws_on_5"])) == [(0, 5), (6, 9), (7, 8)]


def test_bad_input_is_one_line_and_exit_two():
    for args, message in [
        (["--remaining", "1,2,3"], "ten whole numbers"),
        (["--remaining", "a,b"], "is not ten whole numbers"),
        (["--remaining", "-1,4,4,4,4,4,4,4,4,4"], "cannot be negative"),
        (["--remaining", "1,1,1,1,1,0,0,0,0,0"], "too small to deal a coup"),
        (["--decks", "1", "--remaining", "0,9,1,1,1,1,1,1,1,1"], "impossible counts"),
        (["--punto-at-5", "maybe"], "choose from draw, stand, best"),
        (["--commission", "lots"], "is not a number"),
        (["--tie-pays", "0"], "egalite_pays = 0 is not valid"),
    ]:
        result = odds(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_the_odds_panel_in_play():
    result = runner.invoke(
        app, ["play", "punto-banco", "--auto", "--seed", "7", "--coups", "3", "--odds"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("edge P 1.") == 3
    played = runner.invoke(
        app, ["play", "punto-banco", "--seed", "3", "--bots", "1", "--odds"], input="\n\nquit\n"
    )
    assert "for the 415 cards not yet seen" in played.output
