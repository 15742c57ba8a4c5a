"""`croupier play punto-banco`, as a person and as a demo would use it."""

import json

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def play(*args, input=None):
    return runner.invoke(app, ["play", "punto-banco", *args], input=input)


def test_auto_plays_a_whole_session_and_sums_it_up():
    result = play("--auto", "--seed", "7", "--rounds", "200")
    assert result.exit_code == 0, result.output
    assert "The table closes after 200 coups." in result.output
    assert "Chips conserved exactly." in result.output
    assert "Session summary" in result.output
    assert "200. P " in result.output  # one line a coup
    assert result.output.count("cards are shuffled") >= 3  # the cut card came out: new shoes


def test_the_same_seed_gives_the_same_session():
    first = play("--auto", "--seed", "11", "--rounds", "40").output
    assert first == play("--auto", "--seed", "11", "--rounds", "40").output
    assert first != play("--auto", "--seed", "12", "--rounds", "40").output


def test_unseeded_sessions_differ():
    assert play("--auto", "--rounds", "5").output != play("--auto", "--rounds", "5").output


def test_a_person_plays_from_standard_input():
    lines = [
        "",  # the cut: in the middle
        "punto 50",
        "banco 5000",  # refused: out of range, asked again
        "eat 10",  # not a command
        "help",
        "",  # done
        "",  # turn punto's cards, as the highest punto stake
        "draw",  # on 5, if it comes
        "quit",
    ]
    result = play("--seed", "3", "--bots", "2", "--rounds", "4", input="\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Box 1 (you) cuts the shoe: 208 cards" in out
    assert "Box 1 (you) stakes 50 on punto." in out
    assert "Refused: a banco stake must total 10 to 1000." in out
    assert "'eat 10' is not understood here: say `punto 100`" in out
    assert "withdraw punto" in out  # the help
    assert "Box 1 (you) turns punto's cards" in out
    assert "Box 1 (you) gets up" in out
    assert "Session summary" in out


def test_end_of_input_stops_the_table_and_gives_the_stakes_back():
    result = play("--seed", "5", "--bots", "1", input="\npunto 10\n")
    assert result.exit_code == 0, result.output
    assert "The input has ended: the table stops here." in result.output
    assert "Stakes not settled, given back to their owners: box 1 (you) 10." in result.output
    assert "2000 brought = 2000 at the seats. Chips conserved exactly." in result.output


def test_bad_options_are_refused_with_what_is_valid():
    result = play("--table", "huge")
    assert result.exit_code == 2
    assert "'huge' is not one of 'large', 'small'" in result.output
    result = play("--seat", "9", "--table", "small")
    assert result.exit_code == 2
    assert "its seats are 1 to 7" in result.output
    result = play("--auto", "--bots", "20")
    assert result.exit_code == 2
    assert "room for 16 bots" in result.output
    assert "Traceback" not in result.output


def test_fixed_tableau_and_small_table():
    result = play("--auto", "--seed", "1", "--rounds", "30", "--table", "small", "--at-5", "draw")
    assert result.exit_code == 0, result.output
    assert "small table, 6 decks, 7 boxes" in result.output
    assert "punto always draws on 5" in result.output
    assert "PB-13e)" not in result.output


def test_a_saved_session_replays(tmp_path):
    path = tmp_path / "session.json"
    result = play("--auto", "--seed", "2", "--rounds", "15", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["seed"] == 2
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.count(" wins ") + replayed.output.count("ÉGALITÉ at") >= 15
    assert "The table closes after 15 coups." in replayed.output


def test_a_broken_history_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "cannot read the history" in result.output


def test_a_save_file_is_checked_before_the_session(tmp_path):
    for where, message in [
        (str(tmp_path / "none" / "s.json"), "there is no folder"),
        (str(tmp_path), "is a folder: name a file in it"),
        ("", "is a folder: name a file in it"),
    ]:
        result = play("--auto", "--seed", "7", "--rounds", "3", "--save", where)
        assert result.exit_code == 2, where
        assert message in result.output and "Traceback" not in result.output
        assert "The table closes" not in result.output  # nothing was played
    result = runner.invoke(
        app, ["play", "banchek", "--auto", "--rounds", "3", "--save", "/proc/nope.json"]
    )
    assert result.exit_code == 2 and "cannot be written here" in result.output
