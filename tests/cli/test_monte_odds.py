"""`croupier odds monte-bank`: the readable tables, the JSON, and refusals."""

import json
from fractions import Fraction

from typer.testing import CliRunner

from croupier.cli import app
from croupier.games.monte_bank import CutOn, Rules
from croupier.odds.monte_bank import report

runner = CliRunner()


def odds(*args):
    return runner.invoke(app, ["odds", "monte-bank", *args])


def test_json_with_the_cut_on_the_gate():  # MB-7, MB-9, MB-13
    result = odds("--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["results"] == report(Rules(cut_on=CutOn.GATE)) == report()
    assert (data["command"], data["game"]) == ("odds", "monte-bank")
    assert data["rules"] == {"cut_on": "gate", "cut": {"value": 0.25, "fraction": "1/4"}}
    results = data["results"]
    assert Fraction(results["void"]["fraction"]) == Fraction(16447, 45695)
    assert sum(Fraction(p["fraction"]) for p in results["layout"].values()) == 1
    edges = results["house_edge"]
    assert set(edges) == {"circle", "cross", "cross_stacked", "doubler"}
    assert set(edges["cross_stacked"]) == {"pair", "triple", "all"}
    for bet in ("circle", "cross", "doubler"):
        assert set(edges[bet]) == {"plain", "pair", "triple", "all"}
    assert all(isinstance(e["value"], float) for by in edges.values() for e in by.values())
    assert edges["circle"]["plain"]["value"] == 1 / 16  # 3:1 less a quarter on 3 gates in 36
    assert Fraction(edges["cross_stacked"]["pair"]["fraction"]) == Fraction(1, 70)


def test_json_with_the_cut_on_the_first_fall():  # MB-13 (variant)
    gate = json.loads(odds("--json").output)["results"]["house_edge"]
    result = odds("--cut-on", "first-fall", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["results"] == report(Rules(cut_on=CutOn.FIRST_FALL))
    assert data["rules"]["cut_on"] == "first-fall"
    for bet, by_kind in data["results"]["house_edge"].items():
        for kind, edge in by_kind.items():
            assert edge["value"] > gate[bet][kind]["value"], (bet, kind)


def test_the_readable_tables():
    for args, when in [
        ((), "25% of a win on the gate"),
        (("--cut-on", "First-Fall"), "25% of a win on the first card that moves"),
    ]:
        result = odds(*args)
        assert result.exit_code == 0, result.output
        assert "Monte Bank: the deal" in result.output
        assert "16447/45695" in result.output
        assert "void" in result.output
        assert when in result.output
        for label in ("circle 3:1", "cross 1:1", "stack cross", "doubler 1:1", "6.2500%"):
            assert label in result.output


def test_a_bad_cut_is_one_line_and_exit_two():
    result = odds("--cut-on", "sometimes")
    assert result.exit_code == 2, result.output
    assert "'sometimes' is not one of 'gate', 'first-fall'" in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
