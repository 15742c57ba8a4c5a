"""`croupier rules`, `croupier games`, and `--help` that teaches."""

import subprocess
import sys
from pathlib import Path

import pytest
from scripts.extract_rules import GAMES, TEXTS, original, render
from typer.testing import CliRunner

from croupier import __version__
from croupier import games as registry
from croupier.cli import app, main

runner = CliRunner()
RULES_MD = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"


def test_rules_prints_every_punto_banco_rule():
    result = runner.invoke(app, ["rules", "punto-banco"])
    assert result.exit_code == 0, result.output
    for number in range(1, 15):
        assert f"PB-{number} " in result.output
    assert "C-3" in result.output


@pytest.mark.skipif(not RULES_MD.exists(), reason="shared/RULES.md is not beside the checkout")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_packaged_rules_are_those_of_rules_md(game):
    packaged = Path(__file__).resolve().parents[2] / "src" / "croupier" / "rules" / f"{game}.md"
    assert packaged.read_text(encoding="utf-8") == render(game, RULES_MD.read_text())


@pytest.mark.skipif(not TEXTS.exists(), reason="shared/texts is not beside the checkout")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_packaged_russian_rules_are_the_texts_own(game):
    packaged = Path(__file__).resolve().parents[2] / "src" / "croupier" / "rules" / "ru"
    assert (packaged / f"{game}.txt").read_text(encoding="utf-8") == original(game)


def test_every_game_has_its_rules():
    assert set(GAMES) == set(registry.names())
    result = runner.invoke(app, ["rules", "chemin-de-fer"])
    assert all(f"CF-{n} " in result.output for n in range(1, 17))


def test_unknown_game():
    result = runner.invoke(app, ["rules", "whist"])
    assert result.exit_code == 2
    assert "there is no game 'whist': choose from punto-banco, chemin-de-fer" in result.output


def test_games_are_listed():
    result = runner.invoke(app, ["games"])
    assert "punto-banco" in result.output
    assert "Punto Banco" in result.output


def test_help_explains_the_options():
    result = runner.invoke(app, ["play", "punto-banco", "--help"])
    assert result.exit_code == 0
    for option in ("--seed", "--auto", "--rounds", "--table", "--at-5", "--commission"):
        assert option in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "banchek", "--stake", "5"], "No such option: --stake"),
        (["play", "punto-banco", "--seed", "x"], "--seed 'x' is not a whole number"),
        (["deal"], "No such command 'deal'"),
    ],
)
def test_a_mistake_in_the_command_is_one_line(monkeypatch, capsys, args, message):
    monkeypatch.setattr("sys.argv", ["croupier", *args])
    with pytest.raises(SystemExit) as exit_:
        main()
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and message in err, err


def test_the_command_still_helps_and_succeeds(monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["croupier", "games"])
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 0 and "punto-banco" in capsys.readouterr().out
    monkeypatch.setattr("sys.argv", ["croupier", "simulate"])  # nothing said: the help
    with pytest.raises(SystemExit) as exit_:
        main()
    assert "Usage: croupier simulate" in capsys.readouterr().out


def test_version_short_help_and_python_dash_m(monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["croupier", "--version"])
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 0 and capsys.readouterr().out == f"croupier {__version__}\n"
    monkeypatch.setattr("sys.argv", ["croupier", "play", "banchek", "-h"])
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 0 and "--riders" in capsys.readouterr().out
    ran = subprocess.run(
        [sys.executable, "-m", "croupier", "games"], capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0 and "banchek" in ran.stdout, ran.stderr
