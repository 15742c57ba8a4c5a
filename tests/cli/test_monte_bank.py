"""`croupier play monte-bank`, as a person and as a demo would use it."""

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def play(*args, input=None):
    return runner.invoke(app, ["play", "monte-bank", *args], input=input)


def test_auto_plays_whole_deals():  # MB-3, MB-11, MB-12
    result = play("--auto", "--seed", "7", "--deals", "12")
    out = result.output
    assert result.exit_code == 0, out
    assert "has the lowest card and banks (MB-3)" in out
    assert 'The cutter: "All!" (MB-11)' in out
    assert "The gate: " in out
    assert "The table closes after 12 deals." in out
    assert "Chips conserved exactly." in out


def test_the_same_seed_gives_the_same_session():
    assert (
        play("--auto", "--seed", "4", "--deals", "6").output
        == play("--auto", "--seed", "4", "--deals", "6").output
    )


def test_a_person_bets_and_hears_why():
    lines = ["circle 9S 10", "circle 7S 5", "help", *["done"] * 30, "quit"]
    result = play("--seed", "3", "--bots", "2", "--deals", "4", input="\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Refused:" in out
    assert "9♠ is not on the layout" in out
    assert "cross 7S KH 20" in out  # the help
    assert "Session summary" in out


def test_not_a_fall_for_this_bet_same_colour():  # MB-10
    found = False
    for seed in range(40):
        out = play("--auto", "--seed", str(seed), "--deals", "6").output
        if "not a fall for this bet: same colour" in out:
            found = True
            break
    assert found


def test_bad_options():
    assert play("--cut-on", "sometimes").exit_code == 2
    result = play("--auto", "--bots", "1")
    assert result.exit_code == 2
    assert "at least 2 bots" in result.output
