"""`croupier simulate monte-bank --sessions`: the report, the JSON, the plot, and bad input."""

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.games.monte_bank import CutOn, Rules
from croupier.odds.monte_bank import BetKind, bet_table

runner = CliRunner()


def sessions(*args):
    return runner.invoke(app, ["simulate", "monte-bank", "--sessions", *args])


def test_the_readable_report():  # MB-7, MB-9a, MB-13
    result = sessions("3000", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # as one line, however the terminal wraps it
    assert "a circle on the top-left card (3 to 1), the cut on the gate" in out
    assert "3,000 sessions of up to 500 hands, 1,000 chips each, 20 a hand" in out
    assert "seed 3" in out and "ruined" in out and "median" in out
    assert f"{float(bet_table().overall(BetKind.CIRCLE).edge):.4%}" in out  # exact, 20 a hand
    assert "a void one is dealt again (MB-7)" in out


def test_the_json():  # MB-9b, MB-13
    result = sessions(
        "2000", "--session-hands", "200", "--bet", "cross", "--stake", "10", "--seed", "5", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "monte-bank" and data["counts"]["sessions"] == 2000
    assert 0 < data["counts"]["hands"] <= 2000 * 200
    results = data["results"]
    assert {"bet", "ruined", "ahead", "behind", "loss_per_chip", "spread"} <= set(results)
    assert results["bet"] == "cross"
    assert results["stake"] == 10 and results["hands_per_session"] == 200
    assert 0 <= results["ruined"]["value"] <= results["behind"]["value"] <= 1
    assert results["spread"]["hand"][-1] == 200
    # 10 a hand: a cut of 2.5 rounds up to 3, so the house takes more than a quarter
    exact = Fraction(results["loss_per_chip"]["exact"]["fraction"])
    assert exact > bet_table().overall(BetKind.CROSS).edge


@pytest.mark.parametrize(
    ("bet", "kind"),
    [
        ("circle", BetKind.CIRCLE),
        ("cross", BetKind.CROSS),
        ("stack-cross", BetKind.CROSS_STACKED),
        ("doubler", BetKind.DOUBLER),
    ],
)
def test_each_bet_at_20_a_hand_has_the_exact_edge_of_its_kind(bet, kind):  # MB-9, MB-13
    args = ("500", "--bet", bet, "--cut-on", "first-fall", "--seed", "2", "--json")
    data = json.loads(sessions(*args).output)
    assert data["results"]["stake"] == 20  # a quarter of any win is whole chips
    exact = bet_table(Rules(cut_on=CutOn.FIRST_FALL)).overall(kind).edge
    assert Fraction(data["results"]["loss_per_chip"]["exact"]["fraction"]) == exact


def test_the_same_results_for_one_and_two_workers():
    args = ("9000", "--seed", "7", "--json")  # two chunks of sessions
    one = json.loads(sessions(*args).output)
    two = json.loads(sessions(*args, "--workers", "2").output)
    assert one["results"] == two["results"] and one["counts"] == two["counts"]


def test_a_plot(tmp_path):
    path = tmp_path / "sessions.png"
    result = sessions("300", "--session-hands", "100", "--seed", "1", "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert "Plot written to" in result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["10", "--bet", "square"], "'square' is not one of circle, cross, stack-cross"),
        (["10", "--stake", "2000"], "--stake 2000 is more than the --bankroll 1000"),
        (["10", "--stake", "5"], "--stake 5 is not valid: a stake is at least the cava, 10"),
        (["10", "--deals", "100"], "--deals and --sessions are ways to say how long"),
        (["0"], "--sessions 0 is not valid"),
        (["10", "--session-hands", "0"], "--session-hands 0 is not valid"),
        (["10", "--bankroll", "-5"], "--bankroll -5 is not valid: at least 1"),
        (["10", "--cut-on", "never"], "'never' is not one of 'gate', 'first-fall'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):  # MB-8
    result = sessions(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1 and not result.stdout
