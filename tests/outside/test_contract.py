"""The verifier's contract (docs/fairness.md) is enough to check a history from outside:
`verifier.py`, beside this test, was written from that section alone by a session that read
no other file of croupier, and it imports nothing of croupier. On new histories of server
play, every game's, it agrees with `croupier verify` and with the check page: each history
verified, with the server's key and not with another, and every edit of a leaf the contract
covers refused by all three."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import tests.outside.verifier as verifier
from croupier import games
from croupier.engine.seal import Signer
from croupier.fairness import FAIRNESS
from tests.cli.served import soak
from tests.edits import random_edits, verifies

FROM_THE_TOP = ("punto-banco", "chemin-de-fer")
"""The games whose every card is drawn from the top, whose cards the contract checks."""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of new histories: a table of each game at a server dealing from strong
    seeds, twelve coups each (benchmarks/fair_soak.py), and the server's key (`key`)."""
    folder = tmp_path_factory.mktemp("played")
    soak(folder, 12)
    return folder


def _covered(game: str, path: tuple[object, ...]) -> bool:
    """Whether the contract checks the leaf at `path`: all but the record's events, chips
    and coups counted, and, where the cards are the rules', its cards and steps."""
    if path[0] != "record":
        return True
    field = path[2]
    if field in ("events", "holdings", "rounds", "type"):
        return False
    return field not in ("cards", "steps") or game in FROM_THE_TOP or path[1] == 0


def test_the_verifier_imports_nothing_of_croupier() -> None:
    tree = ast.parse(Path(verifier.__file__).read_text(encoding="utf-8"))
    imported = {
        name.split(".")[0]
        for node in ast.walk(tree)
        for name in (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
    }
    assert imported <= {*sys.stdlib_module_names, "__future__", "cryptography"}, imported


@pytest.mark.slow
def test_it_verifies_new_histories_of_every_game_as_croupier_verify_does(played: Path) -> None:
    key = (played / "key").read_text(encoding="utf-8")
    other = Signer(Signer.fresh()).key
    for name in games.names():
        data = json.loads((played / f"{name}.json").read_text(encoding="utf-8"))
        assert data["fairness"] == FAIRNESS
        assert verifies(games.get(name), data), name
        assert verifier.verify(data) is None, name
        assert verifier.verify(data, key) is None, name
        assert verifier.verify(data, other) is not None, name
        report = verifier.report(data, key)
        assert report["cards_checked"] == (name in FROM_THE_TOP), report
        said = subprocess.run(
            [sys.executable, verifier.__file__, str(played / f"{name}.json"), "--key", key],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert said.returncode == 0 and said.stdout.startswith("verified"), said.stdout


@pytest.mark.slow
def test_every_edit_within_the_contract_is_refused_by_it_and_by_croupier_verify(
    played: Path,
) -> None:
    """100 edits a game, each of one leaf at random: every one refused by croupier verify,
    and every one of a leaf the contract covers by the outside verifier too."""
    key = (played / "key").read_text(encoding="utf-8")
    within = 0
    for name in games.names():
        game = games.get(name)
        data = json.loads((played / f"{name}.json").read_text(encoding="utf-8"))
        for path, changed in random_edits(data, 100, name):
            assert not verifies(game, changed), f"{name}: {path} edited, and croupier verifies it"
            if _covered(name, path):
                within += 1
                said = verifier.verify(changed, key)
                assert said is not None, f"{name}: {path} edited, and the outside verifier agrees"
    assert within > 300, within  # most leaves are covered: record digests are few
