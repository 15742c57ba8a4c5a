"""A rule option is written once, in its game's `Rules`: a throwaway option added there
shows in every command of the game, in the lobby's `/api/games` and in docs/cli.md's
tables; and those tables are the ones scripts/rule_options.py writes."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
import typer
from scripts import rule_options as docs
from starlette.testclient import TestClient
from typer.testing import CliRunner

from croupier import games
from croupier.cli import app
from croupier.engine.rule_options import option
from croupier.server.app import create_app

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def _with_a_tip(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """Give `game`'s rule set a throwaway option, `tip`, declared once."""
    played = games.get(game)
    tipped = dataclasses.make_dataclass(
        "Tipped",
        [("tip", int, option(0, "Chips tipped to the croupier each coup (TIP-1).", "TIP-1",
                             low=0, reason="at least 0 (TIP-1)"))],
        bases=(played.config_type,),
        frozen=True,
        slots=True,
    )  # fmt: skip
    monkeypatch.setattr(type(played), "config_type", tipped)


def _commands(game: str) -> list[str]:
    """The commands of `game`: `play`, and `odds`, `simulate`, `solve` where it has one."""
    command: Any = typer.main.get_command(app)
    context = typer.Context(command)
    return [g for g in docs.GROUPS if game in command.get_command(context, g).commands]


@pytest.mark.parametrize("game", games.names())
def test_a_throwaway_option_shows_in_every_command_the_lobby_and_the_docs(
    monkeypatch, database_url, game
):
    _with_a_tip(monkeypatch, game)
    for group in _commands(game):
        shown = runner.invoke(app, [group, game, "--help"], env=WIDE)
        taken = group in ("play", "odds", "simulate")
        assert ("--tip" in shown.output) is taken, (group, shown.output)
        assert ("Chips tipped to the croupier each coup (TIP-1)." in shown.output) is taken
    refused = runner.invoke(app, ["play", game, "--tip", "-1"])  # the rule set checks it
    assert refused.exit_code == 2
    assert "--tip -1 is not valid: at least 0 (TIP-1)" in refused.output
    with TestClient(create_app(database_url)) as server:
        found = {entry["name"]: entry for entry in server.get("/api/games").json()}[game]
    (tip,) = (each for each in found["options"] if each["name"] == "tip")
    assert tip["label"] == "tip" and tip["rule"] == "TIP-1" and tip["low"] == 0
    assert found["rules"]["tip"] == 0
    assert "| `--tip` | Chips tipped to the croupier each coup (TIP-1). | at least 0 | `0` |" in (
        docs.tables()
    )


def test_the_docs_tables_are_the_ones_the_descriptions_make():
    assert docs.written(docs.DOCS.read_text(encoding="utf-8")) == docs.DOCS.read_text(
        encoding="utf-8"
    ), "run scripts/rule_options.py"
