"""`croupier odds banchek`: the readable tables, the JSON, and refusals."""

import json

from typer.testing import CliRunner

from croupier.cli import app
from croupier.odds.banchek import report
from croupier.sim.banchek import CHUNK, Ending, simulate
from croupier.sim.banchek_results import BanchekResults
from croupier.sim.runner import chunks, run

runner = CliRunner()


def odds(*args):
    return runner.invoke(app, ["odds", "banchek", *args])


def kernel_run(punters, policy, banks, seed, rules=None) -> BanchekResults:
    """The banks the command plays: the kernel's, in the runner's chunks from the seed."""
    options = {"punters": punters, "policy": policy, "rules": rules}
    done = run(simulate, chunks(banks, seed, CHUNK, "banks"), options)
    return BanchekResults.of(done.totals(), punters, policy, rules)


def test_the_readable_tables():  # BN-6, BN-10
    result = odds("--hand", "7D KC 5D", "--banks", "300")
    out = result.output
    assert result.exit_code == 0, out
    assert "56879/176851" in out and "-35.6758%" in out  # a hand yet to be dealt
    assert "7♦ K♣ 5♦" in out and "33/101" in out  # BN-6's example
    assert "7.9954% (140/1751)" in out
    assert "prospects: 4 punters, a bank of 100, stakes from 5" in out
    assert "300 banks simulated (seed 1), ± a 95% interval" in out
    for policy in ("flat", "chance", "bank"):
        assert f"\n  {policy} " in out
    assert "comes round every 100,320 rounds" in out
    assert odds("--hand", "7D KC 5D", "--banks", "300").output == out  # seeded


def test_one_policy_and_the_cards_gone():  # BN-6
    args = ("--hand", "7D KC 5D", "--gone", "AS KS", "--policy", "bank", "--punters", "1")
    result = odds(*args, "--banks", "200")
    out = result.output
    assert result.exit_code == 0, out
    assert "next hand, --gone" in out and "2734031/8499150" in out
    assert "7♦ K♣ 5♦, --gone" in out and "1/3" in out  # 33 of the 99 left
    assert "bank: he stakes the whole bank" in out and "flat:" not in out
    assert "1 punter, a bank of 100" in out and "200 banks simulated" in out
    assert "\n  bank " in out and "\n  flat " not in out


def test_json():  # BN-6, BN-10
    result = odds("--json")
    assert result.exit_code == 0, result.output
    plain = json.loads(result.output)
    assert plain["results"] == report()  # no simulation unless asked
    assert (plain["seed"], plain["counts"]) == (None, {})
    args = ("--hand", "7D KC 5D", "--gone", "AS", "--punters", "2", "--policy", "chance")
    data = json.loads(odds(*args, "--banks", "500", "--seed", "4", "--json").output)
    assert (data["command"], data["game"], data["seed"]) == ("odds", "banchek", 4)
    assert data["rules"] == {"bank": 100, "minimum": 5, "seats": 8}
    assert data["counts"] == {"banks": 500}
    results = data["results"]
    assert results["random_hand"]["win"]["fraction"] == "56879/176851"
    assert results["hand"] == {
        "cards": ["7D", "KC", "5D"],
        "gone": ["AS"],
        "win": {"value": 0.33, "fraction": "33/100"},
        "banker_edge": {"value": 0.34, "fraction": "17/50"},
    }
    assert results["next_hand"]["gone"] == ["AS"]
    (prospect,) = results["prospects"]
    expected = kernel_run(2, "chance", 500, 4)
    assert prospect == expected.as_json()  # as `croupier simulate banchek` gives it
    assert (prospect["punters"], prospect["policy"], prospect["banks"]) == (2, "chance", 500)
    shares = [prospect[ending.value]["value"] for ending in Ending]
    assert abs(sum(shares) - 1) < 1e-12
    low, high = prospect["tripled"]["interval"]  # Wilson's, inside [0, 1]
    assert 0 <= low <= prospect["tripled"]["value"] <= high <= 1
    every = json.loads(odds("--banks", "100", "--json").output)
    assert [p["policy"] for p in every["results"]["prospects"]] == ["flat", "chance", "bank"]
    assert every["seed"] == 1 and all(p["punters"] == 4 for p in every["results"]["prospects"])
    assert every["counts"] == {"banks": 300}  # a hundred banks each


def test_bad_input_is_one_line_and_exit_two():
    for args, message in [
        (["--hand", "7D KC"], "a hand is 3 cards, not 2: '7D KC'"),
        (["--hand", "7D KC 5X"], "'5X' is not a card"),
        (["--gone", "AS AS AS"], "AS: given more than twice"),
        (["--hand", "AS 2H 3C", "--gone", "AS AS"], "AS: given more than twice"),
        (["--policy", "bold"], "'bold' is not one of 'flat', 'chance', 'bank'"),
        (["--bank", "3", "--json"], "--minimum 5, --bank 3: the smallest stake is at least"),
        (["--minimum", "0"], "--minimum 0, --bank 100"),
        (["--punters", "27"], "--punters 27 is not valid: 1 to 26"),
        (["--punters", "0", "--json"], "--punters 0 is not valid: at least 1"),
        (["--banks", "1"], "--banks 1 is not valid: at least 2"),
        (["--seed", "-1"], "--seed -1 is not valid"),
    ]:
        result = odds(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr, (args, result.output)
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_help_teaches():
    result = odds("--help")
    assert result.exit_code == 0
    assert "Examples:" in result.output and "--punters" in result.output
