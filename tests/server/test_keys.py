"""The server's key file (docs/fairness.md, "The key"): made once, readable by its owner
alone, refused when others may read it, when it is not croupier's or not the house's; the
old `seal` secret moves into it; its fingerprint and key id in `GET /api/key`; a rotation
signed by the old key; the seeds sealed in the database, opened again by a restart and by
another process, never by a reader of the database alone."""

from __future__ import annotations

import json
import re
import stat
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from croupier.engine.seal import Signer, Succession, fingerprint, key_id
from croupier.fairness import commitment
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.keys import KeyFileError, Keys, SeedBox, read_key_file, write_key_file
from croupier.server.schema import SealKey, Secret, ShoeSeed
from croupier.server.succession import open_keys
from tests.server.players import Person, Reader

HEX64 = 64


def _keys(url: str, path: Path, rotate: bool = False, clock: float = 1_800_000_000) -> Keys:
    engine = open_database(url)
    try:
        return open_keys(engine, path, rotate, lambda: clock)
    finally:
        engine.dispose()


def test_the_key_file_is_made_once_readable_by_its_owner_alone(database_url, tmp_path):
    path = tmp_path / "croupier.key"
    made = _keys(database_url, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = _keys(database_url, path)  # a restart, or another process of the house
    assert again.signer.key == made.signer.key and again.secret == made.secret
    text = path.read_text()
    assert text.count("-----BEGIN PRIVATE KEY-----") == 2
    assert made.signer.key not in text  # PEM, not the raw hex of anything


@pytest.mark.parametrize(
    ("write", "said"),
    [
        (None, "there is no key file"),
        ("not a key", "is not croupier's"),
        ("swapped", "is not croupier's"),
        ("open", "may be read by others than its owner (mode 644): chmod 600 it"),
    ],
)
def test_a_bad_key_file_is_one_line(database_url, tmp_path, write, said):
    path = tmp_path / "croupier.key"
    _keys(database_url, path)  # the house has a key now
    good = path.read_bytes()
    path.unlink()
    if write == "not a key":
        path.write_text("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        path.chmod(0o600)
    elif write == "swapped":  # the two keys, the wrong way round
        blocks = good.split(b"-----END PRIVATE KEY-----\n")
        path.write_bytes(
            b"".join(reversed([b + b"-----END PRIVATE KEY-----\n" for b in blocks[:2]]))
        )
        path.chmod(0o600)
    elif write == "open":
        path.write_bytes(good)
        path.chmod(0o644)
    with pytest.raises(KeyFileError, match=re.escape(said)) as refused:
        _keys(database_url, path)
    assert "\n" not in str(refused.value)


def test_a_key_file_that_is_not_the_house_s_is_refused(database_url, tmp_path):
    _keys(database_url, tmp_path / "croupier.key")
    stranger = tmp_path / "elsewhere.key"
    write_key_file(stranger, Keys.fresh())
    with pytest.raises(KeyFileError, match="but the house signs with key"):
        _keys(database_url, stranger)


def test_the_old_seal_secret_moves_to_the_key_file_once(database_url, tmp_path):
    old = Signer.fresh()
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        session.add(Secret(name="seal", value=old.hex()))
    engine.dispose()
    keys = _keys(database_url, tmp_path / "croupier.key")
    assert keys.signer.key == Signer(old).key, "histories signed before keep verifying"
    engine = open_database(database_url)
    with Session(engine) as session:
        assert session.get(Secret, "seal") is None
        (first,) = session.scalars(select(SealKey))
    engine.dispose()
    assert first.key == keys.signer.key and first.signature is None


def test_api_key_gives_the_fingerprint_the_key_id_and_the_succession(database_url, tmp_path):
    path = tmp_path / "croupier.key"
    first = _keys(database_url, path).signer
    rotated = _keys(database_url, path, rotate=True, clock=1_900_000_000)
    assert rotated.signer.key != first.key
    assert read_key_file(path).signer.key == rotated.signer.key, "the file holds the new key"
    assert read_key_file(path).secret == rotated.secret, "the seeds' secret stays"
    with TestClient(create_app(database_url, keys=read_key_file(path))) as client:
        said = client.get("/api/key").json()
    new = rotated.signer
    assert said["algorithm"] == "Ed25519" and said["key"] == new.key
    assert said["seeded"] is False
    with TestClient(create_app(database_url, seed=3, keys=read_key_file(path))) as client:
        assert client.get("/api/key").json()["seeded"] is True, "serve --seed says so"
    assert said["fingerprint"] == fingerprint(new.key) == new.fingerprint
    assert len(said["fingerprint"]) == HEX64 and said["key_id"] == said["fingerprint"][:16]
    old, succeeded = said["history"]
    assert (old["key"], old["key_id"], old["signature"]) == (first.key, key_id(first.key), None)
    assert (succeeded["key"], succeeded["since"]) == (new.key, 1_900_000_000)
    step = Succession(succeeded["key"], succeeded["since"], succeeded["signature"])
    assert step.follows(first.key), "the old key signed its successor"
    assert not step.follows(new.key)
    assert not Succession(new.key, 1_900_000_001, step.signature).follows(first.key)


def test_a_reader_of_the_database_learns_no_coming_seed(database_url):
    with TestClient(create_app(database_url, seed=4)) as server:
        ada = Person(server, "ada")
        answer = ada.post("/api/tables", {"game": "punto-banco", "bots": 1})
        table = answer.json()["id"]
        with ada.connect(table) as socket:
            view = Reader(socket, ada.heard).until(lambda m: m["type"] == "view")
        coming = view["fair"]["commitment"]
    engine = open_database(database_url)
    with Session(engine) as session:
        rows = list(session.scalars(select(ShoeSeed).where(ShoeSeed.table_id == table)))
        dump = json.dumps(
            [
                [str(value) for value in row]
                for name in ("shoe_seeds", "secrets", "seal_keys")
                for row in session.connection().exec_driver_sql(f"SELECT * FROM {name}")
            ]
        )
    engine.dispose()
    assert rows and all(row.seed is None and row.sealed for row in rows)
    # Whatever 32 bytes the database holds, none hashes to the coming commitment.
    raw = [row.sealed or "" for row in rows]
    windows = {text[at : at + HEX64] for text in raw for at in range(0, len(text) - HEX64 + 1, 2)}
    assert not any(commitment(bytes.fromhex(window)) == coming for window in windows)
    assert coming not in dump
    stranger = SeedBox(Keys.fresh().secret)
    with pytest.raises(ValueError, match="does not open with this key file"):
        stranger.open(table, rows[-1].number, raw[-1])


def test_a_restart_and_another_process_open_the_same_seed(database_url, tmp_path):
    path = tmp_path / "croupier.key"
    keys = _keys(database_url, path)
    with TestClient(create_app(database_url, keys=keys)) as server:
        ada = Person(server, "ada")
        table = ada.post("/api/tables", {"game": "punto-banco", "bots": 1}).json()["id"]
        with ada.connect(table) as socket:
            view = Reader(socket, ada.heard).until(lambda m: m["type"] == "view")
        coming, number = view["fair"]["commitment"], view["fair"]["shuffle"]
    engine = open_database(database_url)
    with Session(engine) as session:
        stored = session.get(ShoeSeed, (table, number))
        assert stored is not None and stored.sealed is not None
        sealed = stored.sealed
    engine.dispose()
    for opened in (_keys(database_url, path), read_key_file(path)):  # restarted, another
        assert commitment(opened.box.open(table, number, sealed)) == coming
    with pytest.raises(ValueError, match="does not open"):  # sealed for its own place only
        keys.box.open(table, number + 1, sealed)


def test_a_seed_stored_in_the_clear_before_is_sealed_at_start(database_url, tmp_path):
    path = tmp_path / "croupier.key"
    keys = _keys(database_url, path)
    with TestClient(create_app(database_url, keys=keys)) as server:
        ada = Person(server, "ada")
        table = ada.post("/api/tables", {"game": "punto-banco", "bots": 1}).json()["id"]
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():  # as before migration 0012
        row = session.get(ShoeSeed, (table, 1))
        assert row is not None and row.sealed is not None
        seed = keys.box.open(table, 1, row.sealed)
        row.seed, row.sealed = seed.hex(), None
    _keys(database_url, path)
    with Session(engine) as session:
        row = session.get(ShoeSeed, (table, 1))
        assert row is not None and row.seed is None and row.sealed is not None
        assert keys.box.open(table, 1, row.sealed) == seed
    engine.dispose()
