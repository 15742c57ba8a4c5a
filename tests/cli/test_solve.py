"""`croupier solve chemin-de-fer`: the JSON, the readable table, and refusals."""

import json
from fractions import Fraction

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def solve(*args):
    return runner.invoke(app, ["solve", "chemin-de-fer", *args])


def test_with_replacement_the_json_matches_kemeny_and_snell():  # CF-12, CF-13
    result = solve("--decks", "inf", "--json", "--exact")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["game"], data["decks"], data["info"]) == ("chemin-de-fer", "inf", "totals")
    assert Fraction(data["punter_draw_at_5"]) == Fraction(9, 11)
    assert Fraction(data["value"]) == Fraction(-679568, 53094899)
    assert Fraction(data["banker"]["6"]["stood"]) == Fraction(859, 2288)
    cells = [(total, column) for total, row in data["banker"].items() for column in row]
    assert len(cells) == 88
    floats = json.loads(solve("--decks", "inf", "--json").output)
    assert abs(floats["value"] - (-0.0128)) < 1e-4


def test_six_and_eight_decks():
    for decks in ("6", "8"):
        data = json.loads(solve("--decks", decks, "--json").output)
        assert data["decks"] == int(decks)
        assert 0.8 < data["punter_draw_at_5"] < 0.82
        assert -0.0130 < data["value"] < -0.0128


def test_the_cards_model_and_the_exploitability_report():
    result = solve("--decks", "8", "--info", "cards", "--exploit", "--json")
    data = json.loads(result.output)
    assert data["info"] == "cards"
    assert set(data["punter_draw_at_5"]) == {"0-5", "1-4", "2-3", "6-9", "7-8"}
    assert len(data["banker"]) == 44
    assert set(data["exploitability"]) == {"tableau", "always_draw_at_5", "always_stand_at_5"}
    assert all(x >= -1e-12 for x in data["exploitability"].values())


def test_the_readable_table():
    result = solve("--decks", "inf", "--exact", "--exploit")
    assert result.exit_code == 0, result.output
    assert "the punter draws on 5 with probability 9/11" in result.output
    assert "859/2288" in result.output
    assert "tableau: 0.000517" in result.output


def test_bad_input():
    for args, message in [
        (["--decks", "0"], "1 or more, or `inf`"),
        (["--decks", "many"], "is not valid"),
        (["--info", "everything"], "everything"),
    ]:
        result = solve(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output
        assert "Traceback" not in result.output
