"""Every layer covers every game (docs/library.md, "Adding a game"): the games registry,
`croupier.games`, is the one list of the games, and each layer's registration of its
per-game part is held to it. Where a layer covers only some games, the test names which,
so that a new game must decide in every layer.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

from croupier import games, words
from croupier.bots import roster
from croupier.cli import play
from croupier.engine.events import Event
from croupier.rl import shapes, vector
from croupier.server import odds

GAMES = set(games.names())
WITH_VECTOR_TABLES = {"punto-banco", "chemin-de-fer", "private-monte"}
WITHOUT_VECTOR_TABLES = {"monte-bank", "banchek"}
"""The games that have vector tables (`croupier.rl.vector`), and those that have none."""
WITH_ODDS_FROM_A_VIEW = {"punto-banco", "private-monte", "banchek"}
WITHOUT_ODDS_FROM_A_VIEW = {"chemin-de-fer", "monte-bank"}
"""The games whose server gives the exact odds from a seat's view, and those it gives none."""
LAYOUTS = Path(odds.__file__).parent / "web" / "js" / "games"


@pytest.mark.parametrize(
    ("with_it", "without_it"),
    [
        (WITH_VECTOR_TABLES, WITHOUT_VECTOR_TABLES),
        (WITH_ODDS_FROM_A_VIEW, WITHOUT_ODDS_FROM_A_VIEW),
    ],
)
def test_every_game_is_said_to_have_or_not_each_part_that_some_games_have(
    with_it: set[str], without_it: set[str]
) -> None:
    assert not with_it & without_it
    assert with_it | without_it == GAMES


@pytest.mark.parametrize(
    ("layer", "registered"),
    [
        ("bots", roster.GAMES),
        ("words", words.GAMES),
        ("rl shapes", shapes.GAMES),
        ("play at the terminal", play.SITTINGS),
    ],
)
def test_a_layer_that_every_game_has_registers_every_game(
    layer: str, registered: dict[str, Any]
) -> None:
    assert set(registered) == GAMES, layer
    for name, entry in registered.items():
        assert entry.game == name, (layer, name)


def test_the_vector_tables_are_of_the_games_named() -> None:
    assert set(vector.GAMES) == WITH_VECTOR_TABLES


def test_the_odds_from_a_view_are_of_the_games_named() -> None:
    assert set(odds.GAMES) == WITH_ODDS_FROM_A_VIEW


def test_every_game_has_a_layout_on_the_page_that_draws_its_odds_if_the_server_gives_them() -> None:
    for name in GAMES:
        layout = (LAYOUTS / f"{name}.js").read_text(encoding="utf-8")
        assert re.search(r"^export function render\(", layout, re.MULTILINE), name
        draws_odds = re.search(r"^export function odds\(", layout, re.MULTILINE) is not None
        assert draws_odds == (name in WITH_ODDS_FROM_A_VIEW), name


def _defined_events(package: str) -> set[type[Event]]:
    """The event types the modules of `package` define themselves."""
    found: set[type[Event]] = set()
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, f"{package}."):
        module = importlib.import_module(info.name)
        found |= {
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, Event)
            and value.__module__ == info.name
        }
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_names_every_event_its_packages_define(name: str) -> None:
    game = games.get(name)
    packages = {
        kind.__module__.rpartition(".")[0]
        for kind in type(game).__mro__
        if kind.__module__.startswith("croupier.games.")
    }
    defined = set().union(*(_defined_events(package) for package in packages))
    assert defined <= set(game.events), sorted(kind.__name__ for kind in defined - set(game.events))
    assert len({kind.__name__ for kind in game.events}) == len(game.events), "one type a name"
