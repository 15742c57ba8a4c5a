"""`croupier play private-monte` and `croupier odds private-monte`, as people would use them."""

import json

from typer.testing import CliRunner

from croupier.cli import app
from croupier.games.private_monte import PrivateRules
from croupier.sim.private_monte import simulate
from croupier.sim.private_monte_results import Bettor, PrivateMonteResults
from croupier.sim.runner import CHUNK, chunks, run

runner = CliRunner()


def play(*args, input=None):
    return runner.invoke(app, ["play", "private-monte", *args], input=input)


def test_auto_plays_whole_shuffles_with_the_odds():  # PM-5, PM-7, PM-8
    result = play("--auto", "--seed", "7", "--rounds", "8", "--odds")
    out = result.output
    assert result.exit_code == 0, out
    assert "has the lowest card and banks (PM-2)" in out
    assert "The banker turns the pack face up (PM-5)." in out
    assert "no shuffle (PM-7)" in out
    assert "Odds given the 4 cards seen" in out and "Odds given the 29 cards seen" in out
    assert "The bank passes to the left" in out  # after six deals
    assert "The table closes after 8 deals." in out
    assert "Chips conserved exactly." in out
    assert play("--auto", "--seed", "7", "--rounds", "8", "--odds").output == out


def test_a_person_bets_and_bad_bets_change_nothing():  # PM-4, PM-6
    answers = "help\ntop 50\nbottom 900\ntop 20\nbottom 40\n\nquit\n"
    result = play("--seed", "3", "--odds", input=answers)
    out = result.output
    assert result.exit_code == 0, out
    assert "20 on the top layout" in out  # the help
    assert "Seat 1 (you) bets 50 on the top layout (bet 1)." in out
    assert "Refused: a stake is from 10 to 400" in out
    assert "Refused: you have a stake on the top layout already (PM-4)." in out
    assert "Seat 1 (you) bets 40 on the bottom layout (bet 2)." in out
    assert "Session summary" in out


def test_bad_options():
    assert play("--deals-per-bank", "7").exit_code == 2
    result = play("--limit", "5", "--auto")
    assert result.exit_code == 2 and "at least the cava" in result.output


def test_odds_readable_and_json():  # PM-5, PM-8
    result = runner.invoke(app, ["odds", "private-monte", "--shuffles", "2000"])
    assert result.exit_code == 0, result.output
    assert "102/247" in result.output and "-17.4089%" in result.output
    assert "± a 95% interval" in result.output
    given = ["--seen", "2S 5C AD 3H KH", "--layout", "7S 4S", "--shuffles", "500", "--json"]
    data = json.loads(runner.invoke(app, ["odds", "private-monte", *given]).output)
    assert (data["command"], data["game"], data["seed"]) == ("odds", "private-monte", 1)
    assert data["counts"] == {"shuffles": 500, "deals": 3000}
    results = data["results"]
    assert results["first_deal"]["win"]["fraction"] == "102/247"
    assert results["first_deal"]["banker_edge"]["fraction"] == "43/247"
    assert results["seen"] == ["2S", "5C", "AD", "3H", "KH"]
    assert results["layout"]["cards"] == ["7S", "4S"]
    assert results["layout"]["win"]["fraction"] == "7/33"
    assert results["next_layout"]["win"]["fraction"] == "244/595"
    counter = results["counter"]
    assert set(counter) == {"banker_edge", "share_bet", "bets", "by_deal"}
    assert [d["deal"] for d in counter["by_deal"]] == list(range(1, 7))
    first, *later = counter["by_deal"]
    assert first["banker_edge"] == {"value": None, "interval": None, "exact": None}
    assert first["bets"] == 0 and first["share_bet"]["exact"]["fraction"] == "0"
    # the kernel's run, in the runner's chunks from the seed, as `simulate` reports it
    done = run(simulate, chunks(500, 1, CHUNK, "shuffles"), {"rules": PrivateRules()})
    expected = PrivateMonteResults.of(done.totals(), PrivateRules())
    assert counter == expected.bettor_json(Bettor.COUNTER)
    edge = expected.edge(Bettor.COUNTER)
    assert edge is not None and counter["banker_edge"]["value"] == -edge.value
    assert all(d["banker_edge"]["exact"]["value"] < 0 for d in later)  # counting pays
    again = runner.invoke(app, ["odds", "private-monte", *given]).output
    assert json.loads(again) == data  # seeded


def test_odds_readable_is_seeded_by_deal():  # PM-8
    args = ["odds", "private-monte", "--shuffles", "3000", "--seed", "5"]
    out = runner.invoke(app, args).output
    assert "3,000 shuffles of 6 deals (seed 5)" in out
    assert "no bets" in out  # the first deal: a fresh pack favours no layout
    for row in ("1", "2", "6", "all"):
        assert f"\n  {row:>4} " in out, row
    assert runner.invoke(app, args).output == out
    assert runner.invoke(app, [*args[:-1], "6"]).output != out


def test_odds_bad_cards():
    result = runner.invoke(app, ["odds", "private-monte", "--seen", "2S 9C"])
    assert result.exit_code == 2
    assert "9C: not in the 40-card pack" in result.output


def test_a_banker_whose_deals_are_dealt_passes_the_bank_at_once():  # PM-8
    result = play("--seed", "5", "--bots", "2", "--deals-per-bank", "1", "--rounds", "3",
                  input="\n\n\nquit\n")  # fmt: skip
    out = result.output
    assert result.exit_code == 0, out
    assert "Seat 1 (you) puts up a bank of 100" in out  # Enter: the smallest bank
    assert "The 1 deals agreed are dealt (PM-8): seat 1 (you) gives up the bank of" in out
    assert "The bank passes to the left, to seat 2 (Anna) (PM-8)." in out


def test_a_saved_session_replays(tmp_path):
    path = tmp_path / "private.json"
    assert play("--auto", "--seed", "2", "--rounds", "3", "--save", str(path)).exit_code == 0
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.count("The gate: ") == 3
