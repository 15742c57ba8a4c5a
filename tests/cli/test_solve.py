"""`croupier solve chemin-de-fer`: the JSON, the readable table, and refusals."""

import json
from fractions import Fraction

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def solve(*args):
    return runner.invoke(app, ["solve", "chemin-de-fer", *args])


def test_with_replacement_the_json_matches_kemeny_and_snell():  # CF-12, CF-13
    result = solve("--decks", "inf", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["command"], data["game"], data["rules"]) == (
        "solve",
        "chemin-de-fer",
        {"decks": None},
    )
    results = data["results"]
    assert results["info"] == "totals"
    strategy = results["strategy"]
    assert Fraction(strategy["punter_draws_at_5"]["fraction"]) == Fraction(9, 11)
    edge = results["banker_edge"]["no_commission"]  # minus the value of the game to the punter
    assert Fraction(edge["fraction"]) == Fraction(679568, 53094899)
    assert abs(edge["value"] - 0.0128) < 1e-4
    assert Fraction(strategy["banker"]["6"]["stood"]["fraction"]) == Fraction(859, 2288)
    cells = [(total, column) for total, row in strategy["banker"].items() for column in row]
    assert len(cells) == 88
    exact = json.loads(solve("--decks", "inf", "--json", "--exact").output)
    assert exact["results"] == results  # the JSON always carries the fractions


def test_six_and_eight_decks():
    for decks in ("6", "8"):
        data = json.loads(solve("--decks", decks, "--json").output)
        assert data["rules"]["decks"] == int(decks)
        results = data["results"]
        assert 0.8 < results["strategy"]["punter_draws_at_5"]["value"] < 0.82
        assert 0.0128 < results["banker_edge"]["no_commission"]["value"] < 0.0130


def test_the_cards_model_and_the_exploitability_report():
    result = solve("--decks", "8", "--info", "cards", "--exploit", "--json")
    data = json.loads(result.output)["results"]
    assert data["info"] == "cards"
    assert set(data["strategy"]["punter_draws_at_5"]) == {"0-5", "1-4", "2-3", "6-9", "7-8"}
    assert len(data["strategy"]["banker"]) == 44
    exploits = data["exploitability"]
    assert set(exploits) == {"tableau", "always_draw_at_5", "always_stand_at_5"}
    assert all(x["value"] >= -1e-12 and x["fraction"] is None for x in exploits.values())
    totals = json.loads(solve("--decks", "8", "--exploit", "--json").output)["results"]
    assert all(x["fraction"] is not None for x in totals["exploitability"].values())


def test_exact_fractions_of_the_cards_model_are_refused():
    """Its linear program answers in floats: --exact has no fractions to give, so it says
    so, in one line, rather than print floats as if they were exact."""
    for args in (["--info", "cards", "--exact"], ["--info", "cards", "--exact", "--json"]):
        result = solve(*args)
        assert result.exit_code == 2, result.output
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and "--exact is not valid with --info cards" in lines[0]
        assert "Traceback" not in result.output


def test_the_readable_table():
    result = solve("--decks", "inf", "--exact", "--exploit")
    assert result.exit_code == 0, result.output
    assert "the punter draws on 5 with probability 9/11" in result.output
    assert "859/2288" in result.output
    assert "tableau: 0.000517" in result.output


def test_bad_input():
    for args, message in [
        (["--decks", "0"], "1 to 10,000, or `inf`"),
        (["--decks", "many"], "is not valid"),
        (["--info", "everything"], "everything"),
    ]:
        result = solve(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output
        assert "Traceback" not in result.output
