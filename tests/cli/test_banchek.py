"""`croupier play banchek`, as a person and as a demo would use it."""

import io

from rich.console import Console
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli._terminal import Prompter
from croupier.cli.banchek._human import HumanSeat
from croupier.engine import Leave
from croupier.games.banchek import ClaimTurned, Peek, PutUpBank, Wait
from tests.cli.prompts import seat_for, view_at
from tests.games.banchek import stack
from tests.games.banchek.stack import GAME

runner = CliRunner()


def play(*args, input=None):
    return runner.invoke(app, ["play", "banchek", *args], input=input)


def test_auto_plays_whole_rounds():  # BN-2, BN-8, BN-9, BN-10, BN-15
    result = play("--auto", "--seed", "7", "--rounds", "40", "--riders")
    out = result.output
    assert result.exit_code == 0, out
    assert "has the lowest card and banks (BN-2)" in out
    assert "under the pack; no shuffle (BN-8, BN-9)" in out
    assert "(BN-15)" in out  # riders rode
    assert "The table closes after 40 rounds." in out
    assert "Chips conserved exactly." in out
    assert play("--auto", "--seed", "7", "--rounds", "40", "--riders").output == out


def test_auto_stops_by_itself():
    result = play("--auto", "--seed", "3")
    assert result.exit_code == 0
    assert "The table closes after 100 rounds." in result.output


def test_a_person_stakes_and_bad_input_changes_nothing():  # BN-5, BN-12
    answers = "help\n500\n20\nwithdraw 5\n\nquit\n"  # a punter may not withdraw
    result = play("--seed", "3", "--bots", "2", "--odds", input=answers)
    out = result.output
    assert result.exit_code == 0, out
    assert "Your cards: A♠ 2♦ 10♥   exact chance 0.4257 (43/101)" in out
    assert "Refused: a stake is from 5 to 100" in out
    assert "Seat 1 (you) stakes 20." in out
    assert "'withdraw 5' is not understood here: say a number (`20`)" in out
    assert "Session summary" in out


def test_a_person_banks_turns_early_and_peeks():  # BN-14, BN-17
    result = play("--seed", "1", "--bots", "2", input="\nearly\nwithdraw 5\npeek\n\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Seat 1 (you) puts up a bank of 100." in out
    assert "card before the stake: 9♥." in out and "Seat 2 (Jan) stakes 50." in out  # BN-14
    assert "Refused: the banker may neither take money out of the bank nor add to it" in out
    assert "Seat 1 (you) peeks at the card before turning it: A♦ (BN-17)." in out
    assert "has the peeked card count as turned" in out


def test_bad_options():
    assert play("--bank", "3", "--minimum", "5", "--auto").exit_code == 2
    result = play("--auto", "--bots", "1")
    assert result.exit_code == 2 and "--auto needs at least 2 bots" in result.output


def test_a_saved_session_replays(tmp_path):
    path = tmp_path / "banchek.json"
    assert play("--auto", "--seed", "2", "--rounds", "3", "--save", str(path)).exit_code == 0
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.count("puts the round's") == 3


def test_another_punter_is_asked_to_claim_the_peeked_card():  # BN-17
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    replies = iter(["peak", "claim"])
    prompts: list[str] = []

    def read(prompt):
        prompts.append(prompt)
        return next(replies)

    seat = HumanSeat(console, Prompter(console, read), lambda s: f"seat {s + 1}")
    state = stack.act(stack.table(["7D KC 5D", "2S 3S 4S"], "QC"), 0, Peek())
    assert seat.decide(GAME.view(state, 2)) == ClaimTurned()  # seat 2's card, seat 3 claims
    assert "The banker peeked at seat 2's card: `claim` it as turned for him" in prompts[0]
    assert "'peak' is not understood here: say `claim` or `play on` (Enter)" in out.getvalue()


def test_a_banker_lets_the_punter_stake_only_when_he_says_so():  # BN-14, BN-17
    view = view_at("banchek", "open")
    seat, out = seat_for("banchek", "peak", "claim", "")
    assert seat.decide(view) == Wait()  # Enter, after two refusals
    said = out.getvalue()
    for word in ("peak", "claim"):
        assert f"'{word}' is not understood here: say `wait` (Enter), `early` or `peek`" in said
    assert seat_for("banchek", "peek")[0].decide(view) == Peek()


def test_the_bank_is_put_up_only_by_a_word_that_says_so():  # BN-10, BN-11
    view = view_at("banchek", "bank")
    seat, out = seat_for("banchek", "whatever", "")
    assert seat.decide(view) == PutUpBank()
    assert "'whatever' is not understood here: say `bank` (Enter) or `leave`" in out.getvalue()
    assert seat_for("banchek", "leave")[0].decide(view) == Leave()
