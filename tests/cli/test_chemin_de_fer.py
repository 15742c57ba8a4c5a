"""`croupier play chemin-de-fer`, as a person and as a demo would use it."""

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def play(*args, input=None):
    return runner.invoke(app, ["play", "chemin-de-fer", *args], input=input)


def test_auto_plays_a_whole_session_with_banks_passing():  # CF-3, CF-14
    result = play("--auto", "--seed", "7", "--coups", "60")
    out = result.output
    assert result.exit_code == 0, out
    assert "won the auction, CF-3" in out
    assert "The bank passes to the right" in out
    assert "The table closes after 60 coups." in out
    assert "Chips conserved exactly." in out
    assert out.count(" banks ") >= 60


def test_the_same_seed_gives_the_same_session():
    first = play("--auto", "--seed", "4", "--coups", "25").output
    assert first == play("--auto", "--seed", "4", "--coups", "25").output


def test_a_person_bids_calls_stakes_and_draws():
    lines = ["bid 400", "", "", "banco", "lots", "30", "draw", "stand", "", "", "quit"]
    result = play("--seed", "3", "--bots", "2", "--coups", "3", input="\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Seat 1 (you) bids 400 for the bank." in out
    assert "Seat 1 (you) passes (for good)." in out
    assert "Seat 1 (you) does not call banco." in out
    assert "'lots' is not a number of chips" in out
    assert "Session summary" in out


def test_the_person_banks():
    lines = ["bid 600", *[""] * 40, "quit"]
    result = play("--seed", "5", "--bots", "2", "--coups", "3", input="\n".join(lines) + "\n")
    assert "Seat 1 (you) banks 600 (won the auction, CF-3)." in result.output
    assert "keeps the bank" in result.output or "The bank passes" in result.output


def test_bad_options():
    result = play("--decks", "2")
    assert result.exit_code == 2
    result = play("--banker-play", "sometimes")
    assert result.exit_code == 2
    assert "choose from 'free', 'tableau'" in result.output
    result = play("--auto", "--bots", "1")
    assert result.exit_code == 2
    assert "at least 2 bots" in result.output


def test_tableau_and_commission():  # CF-13 variant, CF-16
    result = play("--auto", "--seed", "2", "--coups", "20", "--banker-play", "tableau",
                  "--commission", "5%")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "follows the tableau" in result.output
    assert "House takings +" in result.output
