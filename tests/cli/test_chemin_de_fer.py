"""`croupier play chemin-de-fer`, as a person and as a demo would use it."""

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.games.chemin_de_fer import Banco, GiveUpBank, KeepBank, Pass
from tests.cli.prompts import seat_for, view_at

runner = CliRunner()


def play(*args, input=None):
    return runner.invoke(app, ["play", "chemin-de-fer", *args], input=input)


def test_auto_plays_a_whole_session_with_banks_passing():  # CF-3, CF-14
    result = play("--auto", "--seed", "7", "--rounds", "60")
    out = result.output
    assert result.exit_code == 0, out
    assert "won the auction, CF-3" in out
    assert "The bank passes to the right" in out
    assert "The table closes after 60 coups." in out
    assert "Chips conserved exactly." in out
    assert out.count(" banks ") >= 60


def test_the_same_seed_gives_the_same_session():
    first = play("--auto", "--seed", "4", "--rounds", "25").output
    assert first == play("--auto", "--seed", "4", "--rounds", "25").output


def test_a_person_bids_calls_stakes_and_draws():
    lines = ["bid 400", "", "", "banco", "lots", "30", "draw", "stand", "", "", "quit"]
    result = play("--seed", "3", "--bots", "2", "--rounds", "3", input="\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Seat 1 (you) bids 400 for the bank." in out
    assert "Seat 1 (you) passes (for good)." in out
    assert "Seat 1 (you) does not call banco." in out
    assert "'lots' is not understood here: say a number (`200`)" in out
    assert "Session summary" in out


def test_the_person_banks():
    lines = ["bid 600", *[""] * 40, "quit"]
    result = play("--seed", "5", "--bots", "2", "--rounds", "3", input="\n".join(lines) + "\n")
    assert "Seat 1 (you) banks 600 (won the auction, CF-3)." in result.output
    assert "keeps the bank" in result.output or "The bank passes" in result.output


def test_bad_options():
    result = play("--decks", "2")
    assert result.exit_code == 2
    result = play("--banker-play", "sometimes")
    assert result.exit_code == 2
    assert "'sometimes' is not one of 'free', 'tableau'" in result.output
    result = play("--auto", "--bots", "1")
    assert result.exit_code == 2
    assert "at least 2 bots" in result.output


def test_tableau_and_commission():  # CF-13 variant, CF-16
    result = play("--auto", "--seed", "2", "--rounds", "20", "--banker-play", "tableau",
                  "--commission", "5%")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "follows the tableau" in result.output
    assert "House takings +" in result.output


def test_banco_is_the_whole_bank_and_said_alone():  # CF-6, CF-7
    view = view_at("chemin-de-fer", "calls")
    seat, out = seat_for("chemin-de-fer", "banco 200", "")
    assert seat.decide(view) == Pass()  # `banco 200` staked nothing; Enter then passed
    assert (
        f"banco is said alone: it stakes the whole bank, {view.bank} (CF-6); to stake 200, "
        "pass now (Enter) and say 200 when stakes are asked (CF-7)"
    ) in out.getvalue()
    assert seat_for("chemin-de-fer", "banco")[0].decide(view) == Banco()


def test_keeping_the_bank_is_asked_not_assumed():  # CF-15
    view = view_at("chemin-de-fer", "keep")
    for no in ("no", "give up", "giveup", "pass"):
        assert seat_for("chemin-de-fer", no)[0].decide(view) == GiveUpBank()
    seat, out = seat_for("chemin-de-fer", "maybe", "")
    assert seat.decide(view) == KeepBank()  # Enter keeps it, as the prompt says
    assert "'maybe' is not understood here: say `keep` (Enter) or `give up`" in out.getvalue()


def test_the_punters_hand_may_take_enter_only_when_the_rule_decides():  # CF-12
    forced = view_at("chemin-de-fer", "punter", lambda view: len(view.legal) == 1)
    (only,) = forced.legal
    assert seat_for("chemin-de-fer", "")[0].decide(forced) == only
    free = view_at("chemin-de-fer", "banker")
    seat, out = seat_for("chemin-de-fer", "")
    with pytest.raises(EOFError):
        seat.decide(free)
    assert "Enter is not understood here: say `draw` or `stand`" in out.getvalue()
