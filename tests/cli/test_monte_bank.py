"""`croupier play monte-bank`, as a person and as a demo would use it."""

from typer.testing import CliRunner

from croupier.cli import app
from croupier.games.monte_bank import GiveUpBank, KeepBank, ShufflePack
from tests.cli.prompts import seat_for, view_at

runner = CliRunner()


def play(*args, input=None):
    return runner.invoke(app, ["play", "monte-bank", *args], input=input)


def test_auto_plays_whole_deals():  # MB-3, MB-11, MB-12
    result = play("--auto", "--seed", "7", "--rounds", "12")
    out = result.output
    assert result.exit_code == 0, out
    assert "has the lowest card and banks (MB-3)" in out
    assert 'The cutter: "All!" (MB-11)' in out
    assert "The gate: " in out
    assert "The table closes after 12 deals." in out
    assert "Chips conserved exactly." in out


def test_the_same_seed_gives_the_same_session():
    assert (
        play("--auto", "--seed", "4", "--rounds", "6").output
        == play("--auto", "--seed", "4", "--rounds", "6").output
    )


def test_a_person_bets_and_hears_why():
    lines = ["circle 9S 10", "circle 7S 5", "help", *["done"] * 30, "quit"]
    result = play("--seed", "3", "--bots", "2", "--rounds", "4", input="\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Refused:" in out
    assert "9♠ is not on the layout" in out
    assert "cross 7S KH 20" in out  # the help
    assert "Session summary" in out


def test_not_a_fall_for_this_bet_same_colour():  # MB-10
    found = False
    for seed in range(40):
        out = play("--auto", "--seed", str(seed), "--rounds", "6").output
        if "not a fall for this bet: same colour" in out:
            found = True
            break
    assert found


def test_bad_options():
    assert play("--cut-on", "sometimes").exit_code == 2
    result = play("--auto", "--bots", "1")
    assert result.exit_code == 2
    assert "at least 2 bots" in result.output


def test_auto_tells_the_deal_in_the_order_it_happens():  # MB-6, MB-8
    out = play("--auto", "--seed", "7", "--rounds", "4").output
    layout_out = False
    bets = 0
    for line in out.splitlines():
        if line.startswith("Layout, bottom-right:"):
            layout_out = True
        elif "The deal is void" in line or "is over." in line:
            layout_out = False
        elif " bets " in line:
            assert layout_out, f"a bet told before its layout: {line}"
            bets += 1
    assert bets


def test_a_banker_says_aces_before_any_bet():  # MB-15
    result = play("--seed", "5", "--bots", "2", input="\naces\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "No bet is down yet: `aces` to give up the bank" in out
    assert 'Seat 1 (you) says "aces": gives up the bank of 100 (MB-15).' in out
    assert "The bank passes to the left, to seat 2 (Anna) (MB-15)." in out


def test_the_last_cutter_is_told_what_enter_does():  # MB-5
    out = play("--seed", "5", "--bots", "2", input="\naces\n\nquit\n").output
    assert "You cut last (MB-5): how many cards (Enter cuts in the middle)" in out
    assert "Seat 1 (you) cuts the pack at 20." in out  # Enter: the middle of 40


def test_the_table_before_the_shuffle_shows_no_leftover_pack():
    out = play("--seed", "5", "--bots", "2", input="quit\n").output
    assert "deal 1 · the cards gathered for the shuffle" in out
    assert "37 cards in the pack" not in out


def test_the_table_says_when_the_house_cuts():  # MB-13
    out = play("--seed", "5", "--bots", "2", "--cut-on", "first-fall", input="quit\n").output
    assert "first-fall wins (0 kept apart)" in out  # in the table's terms, as they wrap
    assert "gate wins" not in out


def test_a_punter_shuffles_only_when_he_says_so():  # MB-5
    view = view_at("monte-bank", "shuffles")
    seat, out = seat_for("monte-bank", "yes", "shuffle")
    assert seat.decide(view) == ShufflePack()
    assert "'yes' is not understood here: say `shuffle` or `pass` (Enter)" in out.getvalue()


def test_between_deals_the_banker_is_asked_not_assumed():  # MB-4, MB-15
    view = view_at("monte-bank", "between")
    seat, out = seat_for("monte-bank", "again", "")
    assert seat.decide(view) == KeepBank()
    said = out.getvalue()
    assert "'again' is not understood here: say `deal` (Enter), `add 50` or `aces`" in said
    assert seat_for("monte-bank", "aces")[0].decide(view) == GiveUpBank()
