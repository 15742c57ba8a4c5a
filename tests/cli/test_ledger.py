"""`croupier ledger audit`: exit 0 when every invariant holds, 1 with a line for each finding
when one fails, 2 when the database cannot be opened as a ledger."""

from __future__ import annotations

import json
import sqlite3

import pytest
from sqlalchemy import make_url
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from croupier.cli import app
from croupier.engine.actions import Join
from croupier.games.monte_bank import MonteBank
from croupier.server._book import action_json
from croupier.server.database import default_url, migrate, open_database
from croupier.server.people import register
from croupier.server.tables import Committed, Settings, commit_steps, open_table, rebuild
from tests.server.players import house_box
from tests.server.tampering import tamper

runner = CliRunner()


def _fill(url: str) -> None:
    """A little ledger: ada registers (granted 1,000 chips) and sits at a Monte Bank table
    with 300 of them, as the server commits it."""
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        ada = register(session, "ada", "a long password").id
    box = house_box(url)
    table = open_table(engine, "monte-bank", MonteBank().config(), Settings(), {}, None, box=box)
    _, book, _ = rebuild(engine, table, box=box)
    _, moves = book.apply(0, Join(300), (ada, "ada"))
    commit_steps(engine, table, [Committed(0, action_json(Join(300)), "seat", ada, "k")], moves)
    engine.dispose()


@pytest.fixture
def ledger(database_url: str) -> str:
    """A ledger's URL, on each database, with `_fill`'s transfers in it."""
    _fill(database_url)
    return database_url


def _audit(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["ledger", "audit", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_clean_ledger_passes(ledger):
    status, out, err = _audit("--database", ledger)
    assert (status, err) == (0, "")
    assert "holds" in out


def test_a_clean_ledger_passes_as_json(ledger):
    status, out, _ = _audit("--database", ledger, "--json")
    assert status == 0
    report = json.loads(out)
    assert report["command"] == "ledger audit"
    assert report["results"]["holds"] is True
    assert report["results"]["findings"] == []


def test_a_tampered_ledger_fails_with_a_line_for_each_finding(ledger):
    tamper(ledger, "UPDATE accounts SET balance = balance + 7 WHERE name = 'ada'")
    status, out, err = _audit("--database", ledger)
    assert status == 1
    assert "fails" in out
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("Finding: sum-is-zero: the balances sum to 7")
    assert lines[1].startswith("Finding: balance-is-transfers: account 1 (person 'ada')")


def test_a_table_account_that_is_not_its_state_fails(ledger):
    tamper(
        ledger,
        "UPDATE accounts SET balance = balance - 10 WHERE name = 'table-1'",
        "UPDATE accounts SET balance = balance + 10 WHERE name = 'ada'",
    )
    status, _, err = _audit("--database", ledger)
    assert status == 1
    assert (
        "Finding: table-is-state: account 3 (table 'table-1') has 290 chips; its table holds 300"
        in err
    )


def test_a_tampered_ledger_fails_as_json(ledger):
    tamper(ledger, "UPDATE transfers SET cause = '' WHERE id = 1")
    status, out, err = _audit("--database", ledger, "--json")
    assert status == 1
    findings = json.loads(out)["results"]["findings"]
    assert [finding["invariant"] for finding in findings] == ["transfer-has-cause"]
    assert "transfer 1 has no cause" in err


def test_the_default_database_is_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CROUPIER_DATA", str(tmp_path))
    migrate(default_url())
    _fill(default_url())
    assert _audit() == (0, f"The ledger at sqlite:///{tmp_path / 'croupier.db'} holds.\n", "")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("sqlite:///{folder}/missing.db", "there is no ledger at"),
        ("sqlite:///{folder}/empty.db", "holds no ledger"),
        ("not a url", "cannot open the database 'not a url'"),
        ("nosuchdb://host/x", "cannot open the database"),
        ("sqlite:///{folder}/text.db", "cannot open the database"),
        (
            "postgresql://nobody@127.0.0.1:1/x",
            "cannot open the database 'postgresql://nobody@127.0.0.1:1/x': connection failed",
        ),
        ("postgres://nobody@127.0.0.1:1/x", "Connection refused"),
    ],
)
def test_a_database_it_cannot_open_is_one_line_and_exit_2(tmp_path, url, message):
    sqlite3.connect(tmp_path / "empty.db").close()
    (tmp_path / "text.db").write_text("not a database at all, " * 100)
    status, out, err = _audit("--database", url.format(folder=tmp_path))
    assert (status, out) == (2, "")
    assert err.startswith("Error: ")
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_a_missing_default_database_is_exit_2(tmp_path, monkeypatch):
    monkeypatch.setenv("CROUPIER_DATA", str(tmp_path / "nowhere"))
    status, _, err = _audit()
    assert status == 2
    assert "no ledger" in err
    assert not (tmp_path / "nowhere").exists()


def test_a_password_in_the_url_is_never_shown():
    status, _, err = _audit("--database", "postgresql://ada:s3cret@127.0.0.1:1/croupier")
    assert status == 2
    assert "s3cret" not in err
    assert "ada:***@" in err


def test_a_postgresql_database_that_is_not_there_is_exit_2(postgres_server):
    url = make_url(postgres_server).set(database="croupier_no_such_database")
    status, out, err = _audit("--database", url.render_as_string(hide_password=False))
    assert (status, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert 'database "croupier_no_such_database" does not exist' in err


@pytest.mark.parametrize(
    ("name", "said"),
    [("no-such.key", "there is no key file"), (".", "is a folder, not a key file")],
)
def test_a_key_file_named_is_read_even_where_no_table_needs_it(ledger, tmp_path, name, said):
    """A ledger with no table needs no key to audit; one named that is not a key file is
    still refused, in one line, exit 2, whatever the ledger holds."""
    status, out, err = _audit("--database", ledger, "--key-file", str(tmp_path / name))
    assert status == 2
    assert out == ""
    assert err.startswith("Error: ") and said in err and err.count("\n") == 1
