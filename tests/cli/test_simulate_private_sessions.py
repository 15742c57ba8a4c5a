"""`croupier simulate private-monte --sessions`: the report, the JSON, the plot, bad input."""

import json

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def sessions(*args):
    return runner.invoke(app, ["simulate", "private-monte", "--sessions", *args])


def words(text: str) -> str:
    """The report's words, unwrapped from the terminal's width."""
    return " ".join(text.split())


def test_the_readable_report():  # PM-5, PM-6, PM-8
    result = sessions("3000", "--seed", "2", "--session-hands", "60")
    out = words(result.output)
    assert result.exit_code == 0, out
    assert "the flat bettor, 20 on both layouts every deal: 3,000 sessions" in out
    assert "of up to 60 hands, 1,000 chips each" in out and "seed 2" in out
    assert "How the sessions ended" in out and "The bankroll along the way" in out
    assert "Lost per chip staked" in out and "17.4089%" in out  # 43/247, the exact take
    assert "up to 40 a deal, which a session must hold to play it" in out
    counter = words(sessions("3000", "--seed", "2", "--bettor", "counter", "--stake", "10").output)
    assert "the counter, 10 on each layout better than even: 3,000 sessions" in counter
    assert "He sits out the deals with no layout better than even" in counter
    # a stake below the usual cava, at a table that allows it (PM-4)
    small = words(sessions("300", "--seed", "2", "--stake", "2", "--cava", "1").output)
    assert "the flat bettor, 2 on both layouts every deal: 300 sessions" in small


def test_the_json():  # PM-5, PM-6, PM-8
    data = json.loads(sessions("4000", "--seed", "3", "--json").output)
    assert data["game"] == "private-monte" and data["counts"]["sessions"] == 4000
    results = data["results"]
    assert {"bettor", "ruined", "ahead", "behind", "loss_per_chip", "spread"} <= set(results)
    assert results["bettor"] == "flat"
    assert results["stake"] == 40 and results["hands_per_session"] == 120
    assert 0 < data["counts"]["hands"] < 4000 * 120  # some sessions are ruined before the end
    assert results["ruined"]["value"] > 0.2 and results["ahead"]["value"] < 0.01
    lost = results["loss_per_chip"]  # what a chip staked loses: the banker's edge, 43/247
    assert lost["exact"] == {"value": 43 / 247, "fraction": "43/247"}
    assert abs(lost["value"] - 43 / 247) < 0.01
    assert results["spread"]["hand"][-1] == 120
    counter = json.loads(sessions("4000", "--seed", "3", "--bettor", "counter", "--json").output)
    assert counter["counts"]["hands"] == 4000 * 120
    assert counter["results"]["ruined"]["value"] == 0
    assert counter["results"]["ahead"]["value"] > 0.6
    assert counter["results"]["loss_per_chip"]["value"] is None  # his stakes vary


def test_the_same_results_for_one_and_two_workers():  # PM-8
    args = ("9000", "--session-hands", "1000", "--bankroll", "50000", "--seed", "5", "--json")
    one = json.loads(sessions(*args).output)
    two = json.loads(sessions(*args, "--workers", "2").output)
    assert one["counts"]["sessions"] == 9000 and one["counts"] == two["counts"]
    assert one["results"] == two["results"]


def test_a_plot(tmp_path):
    path = tmp_path / "bankrolls.png"
    result = sessions("2000", "--seed", "1", "--bettor", "counter", "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert f"Plot written to {path}." in result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_input_is_one_line_and_exit_2():  # PM-4, PM-8
    for args, message in [
        (["--bettor", "shark"], "'shark' is not one of 'flat', 'counter'"),
        (
            ["--stake", "400", "--bankroll", "700"],
            "--stake 400 on each layout is 800 a deal, more than the --bankroll 700",
        ),
        (["--stake", "5"], "--stake 5 is not valid: a stake on a layout is from the cava, 10,"),
        (["--stake", "600"], "--stake 600 is not valid: a stake on a layout is from the cava"),
        (
            ["--stake", "5", "--cava", "6"],
            "--stake 5 is not valid: a stake on a layout is from the cava, 6,",
        ),
        (["--limit", "5"], "--limit 5 is not valid: at least the cava"),
        (["--bankroll", "-5"], "--bankroll -5 is not valid: at least 1"),
        (["--session-hands", "0"], "--session-hands 0 is not valid: at least 1"),
        (["--shuffles", "10"], "--shuffles and --sessions are ways to say how long a run is"),
        (["--deals-per-bank", "7"], "--deals-per-bank 7 is not valid: 1 to 6"),
    ]:
        result = sessions("100", *args)
        assert result.exit_code == 2, args
        assert result.stdout == "" and result.stderr.count("\n") == 1, args
        assert message in result.stderr and "Traceback" not in result.output, args
    # deals from one shuffle, 1 to 6: the rule set's words, in the option's name (PM-8)
    result = sessions("100", "--deals-per-bank", "0")
    assert result.exit_code == 2 and "--deals-per-bank 0 is not valid: 1 to 6" in result.output
    for count in ("0", "-3"):
        result = sessions(count)
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert f"--sessions {count} is not valid: at least 1" in result.stderr
