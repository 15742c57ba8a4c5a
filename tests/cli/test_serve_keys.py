"""`croupier serve --key-file`: the key's id and fingerprint said at start, a rotation with
`--rotate-key`, and a key file it cannot use refused in one line, exit 2, before serving."""

from __future__ import annotations

import stat

import pytest
import uvicorn
from typer.testing import CliRunner

from croupier.cli import app
from croupier.server.keys import read_key_file

runner = CliRunner()


@pytest.fixture
def served(monkeypatch):
    """`croupier serve` up to the moment it would serve (uvicorn is not started)."""
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)

    def serve(*args: str):
        return runner.invoke(app, ["serve", "--port", "8765", *args])

    return serve


def test_serve_says_its_key_s_id_and_fingerprint(served, tmp_path):
    database = f"sqlite:///{tmp_path / 'ledger.db'}"
    first = served("--database", database)
    assert first.exit_code == 0, first.output
    made = tmp_path / "croupier.key"  # beside the database, by default
    assert stat.S_IMODE(made.stat().st_mode) == 0o600
    signer = read_key_file(made).signer
    said = " ".join(first.stdout.split())
    assert f"It signs with key {signer.key_id} (fingerprint SHA-256 {signer.fingerprint})" in said
    rotated = served("--database", database, "--rotate-key")
    assert rotated.exit_code == 0, rotated.output
    new = read_key_file(made).signer
    assert new.key != signer.key and f"It signs with key {new.key_id}" in rotated.stdout
    assert "It deals from seed" not in said


def test_serve_with_a_seed_says_it_is_not_for_play(served, tmp_path):
    database = f"sqlite:///{tmp_path / 'ledger.db'}"
    seeded = served("--database", database, "--seed", "12")
    assert seeded.exit_code == 0, seeded.output
    said = " ".join(seeded.stdout.split())
    assert "It deals from seed 12: whoever knows the seed knows every order" in said


@pytest.mark.parametrize(
    ("text", "mode", "said"),  # (as root, a file of mode 000 is read all the same)
    [
        (None, 0o600, "there is no key file"),
        ("not a key at all\n", 0o600, "is not croupier's"),
        ("", 0o600, "is not croupier's"),
        ("good", 0o640, "may be read by others than its owner (mode 640): chmod 600 it"),
        ("a folder", 0o700, "is a folder, not a key file"),
    ],
)
def test_a_key_file_serve_cannot_use_is_one_line_and_exit_2(served, tmp_path, text, mode, said):
    database = f"sqlite:///{tmp_path / 'ledger.db'}"
    house = tmp_path / "house.key"
    assert served("--database", database, "--key-file", str(house)).exit_code == 0
    given = tmp_path / "given.key"
    if text == "good":
        given.write_bytes(house.read_bytes())
    elif text == "a folder":
        given.mkdir()
    elif text is not None:
        given.write_text(text)
    if given.exists():
        given.chmod(mode)
    result = served("--database", database, "--key-file", str(given))
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "Traceback" not in result.output
    assert said in " ".join(result.stderr.split())
