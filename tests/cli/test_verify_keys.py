"""`croupier verify` and the server's keys (docs/fairness.md, "The key"): each signature names
its key's id; `--key` takes the key or its fingerprint, and a history signed by keys that
succeed it, each succession signed by the key before, is verified by it; a succession not so
signed is refused; and a history signed before keys had ids (format 4) still verifies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier import games
from croupier.cli import app
from croupier.engine.history import History, proved
from croupier.engine.seal import Ending, Seal, Signer, fingerprint
from croupier.server.keys import read_key_file
from tests.cli.served import soaked

SINCE = 1_900_000_000


@pytest.fixture(scope="module")
def signed(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Signer, list[Ending]]:
    """A Monte Bank history a table server signed (benchmarks/fair_soak.py, two coups of each
    game), the server's signer (from its key file), and each shoe as it ended."""
    folder = soaked(tmp_path_factory.mktemp("soak"))
    data = json.loads((folder / "monte-bank.json").read_text())
    signer = read_key_file(folder / "croupier.key").signer
    game = games.get("monte-bank")
    endings: list[Ending] = []

    class Watching(Seal):
        def holds(self, shoe: int, chain: bytes, seed: bytes | None) -> bool:
            endings.append(Ending(self.table, shoe, chain, seed))
            return Seal.holds(self, shoe, chain, seed)

    history = History.from_json(json.dumps(data), game)
    assert history.seal is not None
    watched = Watching(*(getattr(history.seal, name) for name in Seal.__dataclass_fields__))
    proved(game, History(**{**_fields(history), "seal": watched}))
    assert len(endings) >= 2, "a history of more than one shoe"
    return data, signer, endings


def _fields(history: History) -> dict[str, Any]:
    return {name: getattr(history, name) for name in History.__dataclass_fields__}


def _verify(tmp_path: Path, data: dict[str, Any], *key: str) -> tuple[int, str]:
    path = tmp_path / "history.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["verify", str(path), *(("--key", *key) if key else ())])
    return result.exit_code, " ".join(result.output.split())


def _rotated(
    data: dict[str, Any], old: Signer, endings: list[Ending]
) -> tuple[dict[str, Any], Signer]:
    """The history as if the server's key had been rotated after its first shoe: the later
    shoes signed by a new key, which the old one names its successor."""
    new = Signer(Signer.fresh())
    edited = json.loads(json.dumps(data))
    seal = edited["seal"]
    for ending in endings[1:]:
        seal["signatures"][ending.shoe] = new.sign(ending.message(new.key_id))
        seal["key_ids"][ending.shoe] = new.key_id
    step = old.succeeded_by(new, SINCE)
    seal["succession"] = [{"key": new.key, "since": SINCE, "signature": step.signature}]
    return edited, new


def test_each_signature_names_its_key_s_id(signed, tmp_path):
    data, signer, _ = signed
    assert data["format"] == 5
    seal = data["seal"]
    assert seal["key"] == signer.key and seal["succession"] == []
    assert seal["key_ids"] == [signer.key_id] * len(seal["signatures"])
    assert _verify(tmp_path, data, signer.key)[0] == 0
    assert _verify(tmp_path, data, signer.fingerprint)[0] == 0
    elsewhere = Signer(Signer.fresh())
    status, said = _verify(tmp_path, data, elsewhere.fingerprint)
    assert status == 1 and "not by the key given or one that succeeds it" in said


def test_a_history_signed_by_a_successor_verifies_with_the_first_key(signed, tmp_path):
    data, old, endings = signed
    rotated, new = _rotated(data, old, endings)
    status, said = _verify(tmp_path, rotated, old.fingerprint)
    assert status == 0, said
    assert f"by key {old.key}, {new.key} (the key given, or reached from it" in said
    status, said = _verify(tmp_path, rotated, new.key)  # shoe 0 is the old key's
    assert status == 1 and "not by the key given or one that succeeds it" in said


def test_a_succession_the_key_before_did_not_sign_is_refused(signed, tmp_path):
    data, old, endings = signed
    rotated, new = _rotated(data, old, endings)
    forged = new.succeeded_by(new, SINCE)  # signed by the new key itself
    rotated["seal"]["succession"][0]["signature"] = forged.signature
    status, said = _verify(tmp_path, rotated, old.key)
    assert status == 1 and "its seal's succession 1 is not signed by the key before it" in said


def test_a_signature_under_another_key_id_is_refused(signed, tmp_path):
    data, old, endings = signed
    rotated, _ = _rotated(data, old, endings)
    rotated["seal"]["key_ids"][endings[1].shoe] = old.key_id  # the new key's signature
    status, said = _verify(tmp_path, rotated, old.key)
    assert status == 1 and "is not its key's for the history as it is" in said


def test_a_history_signed_before_keys_had_ids_still_verifies(tmp_path):
    """A server's history of format 4 (tests/data, saved by 71bb3c6): its signatures name no
    key id, and are its key's; --key takes that key or its fingerprint."""
    data = json.loads((Path(__file__).parents[1] / "data" / "fair-format-4.json").read_text())
    key = data["seal"]["key"]
    for given in (key, fingerprint(key)):
        status, said = _verify(tmp_path, data, given)
        assert status == 0 and "(the key given" in said, said
    status, said = _verify(tmp_path, data, Signer(Signer.fresh()).key)
    assert status == 1 and "not by the key given or one that succeeds it" in said
