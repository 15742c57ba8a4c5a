"""`croupier admin`, the club's operator's tool (issue 43), through the real command line:
each action does what it says and is written to the admin trail, which `croupier ledger
audit` shows and checks; every bad input is one line and exit 2, and changes nothing."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from croupier.cli import app
from croupier.errors import LogInRefused
from croupier.server import sessions
from croupier.server.people import AccountDisabled, find, log_in
from croupier.server.schema import MOST_CHIPS, Person, SessionRecord
from tests.cli.test_ledger import _fill
from tests.server.players import in_transaction
from tests.server.tampering import tamper

runner = CliRunner()

PASSWORD = "a long password"


def _run(*args: str, given: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=given)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def url(database_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A server's database with ada registered by `croupier admin create`, by `op`."""
    monkeypatch.setattr("getpass.getuser", lambda: "op")
    status, out, err = _run("admin", "create", "ada", "--database", database_url, given=PASSWORD)
    assert (status, out, err) == (0, "Created ada, with 1,000 chips.\n", "")
    return database_url


def _admin(url: str, *args: str, given: str | None = None) -> tuple[int, str, str]:
    return _run("admin", *args, "--database", url, given=given)


def _refused(url: str, *args: str, given: str | None = None) -> str:
    """The one line `croupier admin args` is refused with, exit 2, nothing written."""
    before = _listed(url, "people"), _trail(url)
    status, out, err = _admin(url, *args, given=given)
    assert (status, out) == (2, ""), err
    assert len(err.strip().splitlines()) == 1 and err.startswith("Error: "), err
    assert "Traceback" not in err
    assert (_listed(url, "people"), _trail(url)) == before, "a refusal changes nothing"
    return err.strip().removeprefix("Error: ")


def _listed(url: str, what: str) -> list[dict[str, object]]:
    status, out, _ = _admin(url, what, "--json")
    assert status == 0
    report = json.loads(out)
    assert report["command"] == f"admin {what}"
    rows: list[dict[str, object]] = report["results"][what]
    return rows


def _trail(url: str) -> list[dict[str, object]]:
    out = _run("ledger", "audit", "--database", url, "--json")[1]
    trail: list[dict[str, object]] = json.loads(out)["results"]["admin"]
    return trail


def _chips(url: str, name: str = "ada") -> object:
    return next(row["chips"] for row in _listed(url, "people") if row["name"] == name)


def test_create_registers_as_the_server_does(url):
    assert in_transaction(url, lambda session: log_in(session, "ada", PASSWORD).name) == "ada"
    assert _chips(url) == 1000
    [entry] = _trail(url)
    assert (entry["by"], entry["action"], entry["subject"]) == ("op", "create", "ada")
    assert _refused(url, "create", "ADA", given=PASSWORD) == "the name 'ADA' is taken"
    assert _refused(url, "create", "a b", given=PASSWORD).startswith("name='a b' is not valid")
    assert _refused(url, "create", "bob", given="short") == (
        "the password is too short: at least 8 characters (this one has 5)"
    )
    assert _refused(url, "create", "bob", given="") == (
        "no password: give it as the first line of standard input"
    )


def test_give_and_take_are_ledger_transfers_in_the_trail_and_the_audit_holds(url):
    status, out, _ = _admin(url, "give", "ada", "500", "--reason", "won the quiz", "--by", "eve")
    assert (status, out) == (0, "Gave ada 500 chips (transfer 2): they hold 1,500.\n")
    status, out, _ = _admin(url, "take", "ADA", "1200", "--reason", "a refund")
    assert (status, out) == (0, "Took 1,200 chips from ADA (transfer 3): they hold 300.\n")
    assert _chips(url) == 300
    gave, took = _trail(url)[1:]
    assert {key: gave[key] for key in ("by", "action", "subject", "chips", "reason")} == {
        "by": "eve",
        "action": "give",
        "subject": "ada",
        "chips": 500,
        "reason": "won the quiz",
    }
    assert (took["by"], took["action"], took["chips"], took["transfer"]) == ("op", "take", 1200, 3)
    status, out, err = _run("ledger", "audit", "--database", url)
    assert (status, err) == (0, "")
    assert "holds" in out and "The admin trail" in out and "won the quiz" in out


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["give", "bob", "5", "--reason", "r"], "there is no person named 'bob'"),
        (["give", "ada", "0", "--reason", "r"], "chips 0 is not valid: at least 1"),
        (["take", "ada", "2.5", "--reason", "r"], "chips '2.5' is not a whole number"),
        (["give", "ada", "--reason", "r", "--", "-3"], "chips -3 is not valid: at least 1"),
        (
            ["give", "ada", str(MOST_CHIPS + 1), "--reason", "r"],
            f"{MOST_CHIPS + 1} chips is not valid: a whole number from 1 to {MOST_CHIPS:,}",
        ),
        (
            ["give", "ada", str(MOST_CHIPS), "--reason", "r"],
            f"the house may grant at most {MOST_CHIPS} chips in all, and only "
            f"{MOST_CHIPS - 1000} are left: {MOST_CHIPS} were asked for",
        ),
        (["give", "ada", "5"], "give a reason (--reason TEXT): the admin trail keeps it"),
        (["take", "ada", "5", "--reason", "  "], "give a reason (--reason TEXT): the admin "),
        (["take", "ada", "1001", "--reason", "r"], "ada holds 1,000 chips: 1,001 cannot be taken"),
        (["disable", "ada"], "give a reason (--reason TEXT): the admin trail keeps it"),
        (["disable", "nobody", "--reason", "r"], "there is no person named 'nobody'"),
        (["enable", "ada"], "ada is not disabled"),
        (["password", "nobody"], "there is no person named 'nobody'"),
        (["close", "7", "--reason", "r"], "there is no table 7"),
        (["close", "x", "--reason", "r"], "table 'x' is not a whole number"),
        (["give", "ada", "5", "--reason", "r", "--by", "x" * 65], "the operator's name"),
    ],
)
def test_every_bad_input_is_one_line_and_exit_2(url, args, refusal):
    assert _refused(url, *args, given=PASSWORD).startswith(refusal)


def _ada(session: Session) -> Person:
    found = find(session, "ada")
    assert found is not None
    return found


def _start_session(url: str) -> str:
    return str(in_transaction(url, lambda session: sessions.start(session, _ada(session))))


def _sessions_of_ada(url: str) -> int:
    ada = in_transaction(url, lambda session: _ada(session).id)
    query = select(SessionRecord).where(SessionRecord.person_id == ada)
    return len(in_transaction(url, lambda session: list(session.scalars(query))))


def test_password_resets_it_and_ends_every_session(url):
    _start_session(url), _start_session(url)
    status, out, _ = _admin(url, "password", "ada", given="a new password\nignored")
    assert (status, out) == (0, "Reset the password of ada: 2 sessions of theirs ended.\n")
    assert _sessions_of_ada(url) == 0
    with pytest.raises(LogInRefused):
        in_transaction(url, lambda session: log_in(session, "ada", PASSWORD))
    assert (
        in_transaction(url, lambda session: log_in(session, "ada", "a new password").name) == "ada"
    )
    assert _trail(url)[-1]["action"] == "password"


def test_a_disabled_person_cannot_log_in_until_enabled(url):
    token = _start_session(url)
    status, out, _ = _admin(url, "disable", "ada", "--reason", "abuse at table 3")
    assert (status, out) == (0, "Disabled ada: they cannot log in; 1 session of theirs ended.\n")
    assert in_transaction(url, lambda session: sessions.find(session, token)) is None
    with pytest.raises(AccountDisabled, match="this account is disabled"):
        in_transaction(url, lambda session: log_in(session, "ada", PASSWORD))
    with pytest.raises(LogInRefused, match="the name or the password is wrong"):
        in_transaction(url, lambda session: log_in(session, "ada", "not her password"))
    assert _refused(url, "disable", "ada", "--reason", "again") == "ada is disabled already"
    assert _listed(url, "people")[0]["disabled_at"] is not None
    assert _admin(url, "enable", "ada")[:2] == (0, "Enabled ada: they may log in again.\n")
    assert in_transaction(url, lambda session: log_in(session, "ada", PASSWORD).name) == "ada"
    assert [entry["action"] for entry in _trail(url)] == ["create", "disable", "enable"]


def test_close_asks_a_table_no_process_runs_and_says_so(database_url):
    _fill(database_url)  # ada at a Monte Bank table, which no process runs
    status, out, _ = _run(
        "admin", "close", "1", "--reason", "the club closes", "--database", database_url
    )
    assert status == 0
    assert out.startswith("Asked table 1 to close: no server process runs it now;")
    [table] = _run("admin", "tables", "--json", "--database", database_url)[1:2]
    [listed] = json.loads(table)["results"]["tables"]
    assert listed["id"] == 1 and listed["close_asked_at"] is not None
    status, out, err = _run(
        "admin", "close", "1", "--reason", "r", "--wait", "0", "--database", database_url
    )
    assert status == 1
    assert err == "Table 1 has not closed after 0 s: it closes when it can.\n"
    tamper(database_url, "UPDATE tables SET closed_at = opened_at WHERE id = 1")  # as if closed
    status, _, err = _run("admin", "close", "1", "--reason", "r", "--database", database_url)
    assert (status, err.strip()) == (2, "Error: table 1 is closed already")


def test_the_lists_never_show_a_hash_or_a_token(url):
    token = _start_session(url)
    person_hash = in_transaction(url, lambda session: _ada(session).password_hash)
    said = "".join(
        part
        for what in ("people", "sessions", "tables")
        for flags in ((), ("--json",))
        for part in _admin(url, what, *flags)[1:]
    )
    assert "ada" in said
    for secret in (token, sessions.token_hash(token), person_hash, PASSWORD):
        assert secret not in said
    [going] = _listed(url, "sessions")
    assert set(going) == {"person", "started_at", "until"}


def test_the_audit_finds_an_admin_transfer_without_its_entry(url):
    _admin(url, "give", "ada", "500", "--reason", "prize")
    _admin(url, "take", "ada", "20", "--reason", "fee")
    tamper(
        url,
        "DELETE FROM admin_trail WHERE action = 'give'",
        "UPDATE admin_trail SET chips = 21 WHERE action = 'take'",
    )
    status, out, err = _run("ledger", "audit", "--database", url)
    assert (status, "fails" in out) == (1, True)
    assert err.splitlines() == [
        "Finding: admin-has-entry: transfer 2 (500 chips, cause admin) has no entry in the admin "
        "trail",
        "Finding: admin-has-entry: admin entry 3 (take 21 chips) has a transfer of 20",
    ]


def test_only_create_makes_a_new_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'new.db'}"
    for args in (
        ["people"],
        ["give", "ada", "5", "--reason", "r"],
        ["close", "1", "--reason", "r"],
    ):
        status, out, err = _admin(url, *args)
        assert (status, out) == (2, "")
        assert err.strip().startswith("Error: there is no ledger at"), err
    assert not (tmp_path / "new.db").exists()
    assert _admin(url, "create", "ada", given=PASSWORD)[0] == 0
    assert [row["name"] for row in _listed(url, "people")] == ["ada"]
