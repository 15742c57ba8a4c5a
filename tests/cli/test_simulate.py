"""`croupier simulate`: the report, the JSON, the plot, and bad input."""

import json

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def simulate(*args):
    return runner.invoke(app, ["simulate", "punto-banco", *args])


def test_the_readable_report():  # PB-13, PB-14
    result = simulate("--hands", "400000", "--seed", "3")
    out = result.output
    assert result.exit_code == 0, out
    assert "400,000 coups" in out and "seed 3" in out
    assert "Exact" in out and "45.8597%" in out  # banco's exact frequency, a fresh shoe
    assert "House edge per chip staked" in out


def test_json_is_the_same_for_one_and_two_workers():
    one = json.loads(simulate("--hands", "300000", "--seed", "5", "--json").output)
    two = json.loads(
        simulate("--hands", "300000", "--seed", "5", "--json", "--workers", "2").output
    )
    assert set(one) >= {"command", "game", "counts", "seconds", "per_second", "results"}
    assert one["game"] == "punto-banco" and one["counts"]["hands"] == 300_000
    assert set(one["results"]["probability"]) == {"punto", "banco", "egalite"}
    assert one["results"] == two["results"]


def test_standing_on_five_and_a_plot(tmp_path):  # PB-13e
    path = tmp_path / "edge.png"
    result = simulate("--hands", "200000", "--seed", "1", "--at-5", "stand", "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_whole_shoes_instead_of_hands():  # PB-5
    args = ("--shoes", "3000", "--seed", "4", "--json")
    one = json.loads(simulate(*args).output)
    two = json.loads(simulate(*args, "--workers", "2").output)
    assert one["counts"]["shoes"] == 3000
    assert 3000 * 75 < one["counts"]["hands"] < 3000 * 85  # about 400 cards a shoe, 4.94 a coup
    assert one["per_second"]["hands"] > one["per_second"]["shoes"]
    assert one["results"] == two["results"] and one["counts"] == two["counts"]
    cf = runner.invoke(app, ["simulate", "chemin-de-fer", "--shoes", "500", "--seed", "4"])
    assert cf.exit_code == 0 and "in 500 shoes of 6 decks" in cf.output


def test_sessions_report_and_plot(tmp_path):  # PB-6, PB-7
    path = tmp_path / "sessions.png"
    result = simulate("--sessions", "3000", "--seed", "2", "--plot", str(path))
    out = result.output
    assert result.exit_code == 0, out
    assert "3,000 sessions of up to 500 hands" in out and "20 a hand" in out
    assert "How the sessions ended" in out and "The bankroll along the way" in out
    assert "1.0579%" in out  # banco's exact edge: 20 chips pay exactly 1 chip commission
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sessions_json_is_the_same_for_one_and_two_workers():  # PB-7
    args = ("--sessions", "2500", "--session-hands", "2000", "--seed", "6", "--json")
    one = json.loads(simulate(*args, "--bet", "egalite", "--stake", "10").output)
    two = json.loads(simulate(*args, "--bet", "egalite", "--stake", "10", "--workers", "2").output)
    assert one["counts"]["sessions"] == 2500 and one["results"] == two["results"]
    results = one["results"]
    assert results["bet"] == "egalite"
    assert results["stake"] == 10 and results["hands_per_session"] == 2000
    ended = [results[name]["value"] for name in ("ruined", "ahead", "behind")]
    assert ended[0] > 0.2  # a tie bettor with 100 stakes rarely lasts 2000 coups
    assert sum(ended) >= 1 - 1e-9
    assert one["counts"]["hands"] < 2500 * 2000 and len(results["spread"]["hand"]) == 101


def test_chemin_de_fer_sessions():  # CF-14, CF-16
    """Holding the bank at the tableau and paying 5% is staking on banco at Punto Banco."""
    args = ["simulate", "chemin-de-fer", "--sessions", "2000", "--side", "banker"]
    result = runner.invoke(app, [*args, "--commission", "5%", "--strategy", "tableau", "--json"])
    data = json.loads(result.output)
    assert data["game"] == "chemin-de-fer" and data["counts"]["sessions"] == 2000
    banco = json.loads(
        runner.invoke(app, ["odds", "punto-banco", "--table", "small", "--json"]).output
    )
    lost = data["results"]["loss_per_chip"]["exact"]  # 20 a coup: exactly 1 chip commission
    assert lost == banco["results"]["house_edge"]["banco"]


def test_banchek_banks_hand_by_hand(tmp_path):  # BN-10
    path = tmp_path / "banks.png"
    args = ["simulate", "banchek", "--sessions", "2000", "--seed", "8", "--plot", str(path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "The bankroll along the way" in result.output
    assert "Lost per chip" not in result.output  # the punters' stakes are not the plan's
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(runner.invoke(app, [*args[:-2], "--json"]).output)
    assert data["results"]["loss_per_chip"] == {"value": None, "interval": None, "exact": None}
    assert max(data["results"]["spread"]["95%"]) < 300 + 5  # a bank passes on at three times
    both = runner.invoke(app, ["simulate", "banchek", "--sessions", "5", "--banks", "5"])
    assert both.exit_code == 2 and "--banks and --sessions are ways" in both.output


def test_bad_input_is_one_line_and_exit_2():
    for args, message in [
        (["--hands", "0"], "--hands 0 is not valid"),
        (["--sessions", "0"], "--sessions 0 is not valid"),
        (["--sessions", "5", "--bet", "dragon"], "'dragon' is not one of 'punto', 'banco'"),
        (["--sessions", "5", "--stake", "5"], "--stake 5 is not valid: banco takes 10 to 1000"),
        (["--sessions", "5", "--stake", "900", "--bankroll", "800"], "is more than the"),
        (["--sessions", "5", "--session-hands", "0"], "--session-hands 0 is not valid"),
        (["--sessions", "5", "--hands", "9"], "--hands and --sessions are ways"),
        (["--shoes", "-2"], "--shoes -2 is not valid"),
        (
            ["--shoes", "2", "--hands", "9"],
            "--hands and --shoes are ways to say how long a run is: give one",
        ),
        (["--at-5", "sometimes"], "--at-5 'sometimes' is not valid"),
        (["--workers", "0"], "--workers 0 is not valid: 1 to 1,024"),
        (["--cut-card", "3"], "--cut-card 3 is not valid: 8 to 10 cards from the bottom"),
        (["--table", "huge"], "'huge' is not one of 'large', 'small'"),
        (["--cluster", "tcp://127.0.0.1:9", "--hands", "10"], "does not answer"),
    ]:
        result = simulate(*args)
        assert result.exit_code == 2, args
        assert message in result.output and "Traceback" not in result.output


def test_the_chemin_de_fer_table_is_refused_in_the_options_words():  # CF-2, CF-4
    for args, message in [
        (["--decks", "2"], "--decks 2 is not valid: at least 3 full decks (CF-2)"),
        (["--burn", "5"], "--burn 5 is not valid: 3 or 4 cards (CF-4)"),
        (["--cut-card", "5"], "--cut-card 5 is not valid: 6 to 52 from the bottom"),
    ]:
        result = runner.invoke(app, ["simulate", "chemin-de-fer", *args])
        assert result.exit_code == 2, args
        assert message in result.output and "Traceback" not in result.output


def test_chemin_de_fer_against_the_solver():  # CF-12, CF-13
    result = runner.invoke(
        app, ["simulate", "chemin-de-fer", "--hands", "400000", "--seed", "2", "--json"]
    )
    data = json.loads(result.output)
    assert data["game"] == "chemin-de-fer" and data["counts"]["hands"] == 400_000
    assert data["results"]["strategy"]["name"] == "equilibrium"
    readable = runner.invoke(
        app, ["simulate", "chemin-de-fer", "--hands", "200000", "--strategy", "tableau"]
    )
    assert readable.exit_code == 0, readable.output
    assert "The banker's edge a unit staked" in readable.output
    bad = runner.invoke(app, ["simulate", "chemin-de-fer", "--strategy", "bluff"])
    assert bad.exit_code == 2 and "bluff" in bad.output


def test_private_monte_flat_and_counter():  # PM-5, PM-8
    result = runner.invoke(
        app, ["simulate", "private-monte", "--shuffles", "100000", "--seed", "1", "--json"]
    )
    data = json.loads(result.output)
    assert data["game"] == "private-monte" and data["counts"]["shuffles"] == 100_000
    flat, counter = data["results"]["flat"]["banker_edge"], data["results"]["counter"]
    low, high = flat["interval"]
    assert low - (high - low) < flat["exact"]["value"] < high + (high - low)
    assert counter["banker_edge"]["value"] < 0 and counter["by_deal"][0]["bets"] == 0
    readable = runner.invoke(app, ["simulate", "private-monte", "--shuffles", "20000"])
    assert "The counter's edge per chip" in readable.output


def test_banchek_banks():  # BN-10
    args = ["simulate", "banchek", "--banks", "20000", "--policy", "bank", "--seed", "4"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert data["game"] == "banchek" and data["counts"]["banks"] == 20_000
    assert data["results"]["policy"] == "bank"
    readable = runner.invoke(app, args)
    assert readable.exit_code == 0, readable.output
    assert "tripled" in readable.output and "never ends" in readable.output
    # the table seats the punters: more than the rules' usual eight seats need more seats
    wide = runner.invoke(app, ["simulate", "banchek", "--banks", "200", "--punters", "12"])
    assert wide.exit_code == 0 and "against 12 flat punters" in wide.output
    for bad_args, message in [
        (["--punters", "27"], "--punters 27 is not valid: 1 to 26"),
        (["--punters", "0"], "--punters 0 is not valid: at least 1"),
        (["--minimum", "0"], "--minimum 0, --bank 100: the smallest stake is at least 1 chip"),
        (["--bank", "4", "--sessions", "10"], "--minimum 5, --bank 4: the smallest stake"),
        (["--policy", "bold"], "'bold' is not one of 'flat'"),
    ]:
        bad = runner.invoke(app, ["simulate", "banchek", *bad_args])
        assert bad.exit_code == 2, bad_args
        assert message in bad.stderr and bad.stderr.count("\n") == 1, (bad_args, bad.stderr)


def test_monte_bank_against_the_exact_odds():  # MB-7, MB-13
    data = json.loads(
        runner.invoke(
            app, ["simulate", "monte-bank", "--deals", "100000", "--seed", "3", "--json"]
        ).output
    )
    assert data["game"] == "monte-bank" and data["counts"]["deals"] == 100_000
    assert data["rules"] == {"cut_on": "gate", "cut": {"value": 0.25, "fraction": "1/4"}}
    readable = runner.invoke(
        app, ["simulate", "monte-bank", "--deals", "50000", "--cut-on", "first-fall"]
    )
    assert readable.exit_code == 0, readable.output
    assert "void" in readable.output and "circle 3:1" in readable.output
    assert "the house's cut, 25% of a win, on the first fall" in " ".join(readable.output.split())
    bad = runner.invoke(app, ["simulate", "monte-bank", "--cut-on", "never"])
    assert bad.exit_code == 2 and "'never' is not one of 'gate', 'first-fall'" in bad.output


def test_an_unknown_game_is_one_line_naming_the_games():
    for command, game in [("simulate", "whist"), ("play", "punto-banko"), ("odds", "faro")]:
        result = runner.invoke(app, [command, game], prog_name="croupier")
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1, result.output
        assert f"croupier {command} has no game {game!r}" in lines[0]
        assert "punto-banco" in lines[0] and "Usage" not in lines[0]
    assert "did you mean punto-banco?" in runner.invoke(app, ["play", "punto-banko"]).output


def test_output_files_and_counts_are_checked_before_any_work(tmp_path):
    for args, message in [
        (["--plot", str(tmp_path / "none" / "x.png")], "there is no folder"),
        (["--plot", str(tmp_path)], "is a folder: name a file in it"),
        (["--plot", str(tmp_path / "x.txt")], ".txt is not a picture format: "),
        (["--hands", str(10**26)], f"--hands {10**26} is not valid: at most 1,000,000,000,000"),
        (["--sessions", str(10**13)], "is not valid: at most 1,000,000,000,000"),
    ]:
        result = simulate(*args)
        assert result.exit_code == 2, args
        assert message in result.output and "Traceback" not in result.output, args
        assert "hands/s" not in result.output  # refused before the run
    result = runner.invoke(
        app, ["simulate", "monte-bank", "--deals", "1000", "--plot", str(tmp_path / "n" / "x")]
    )
    assert result.exit_code == 2 and "there is no folder" in result.output
    result = simulate("--hands", "200000", "--seed", "1", "--plot", str(tmp_path / "edge"))
    assert result.exit_code == 0 and (tmp_path / "edge.png").exists()
    assert f"Plot written to {tmp_path / 'edge.png'}." in result.output.replace("\n", "")
