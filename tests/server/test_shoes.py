"""A server table's provably fair shoes (docs/fairness.md; docs/protocol.md, "The
shuffle"): every shuffle's seed is stored before its commitment is told, a seated person's
part is stored before it is answered and goes into the coming shuffle, a table taken up
again shows the same commitment, a shuffle not derived from its seed is refused, no message
holds a seed, and the histories of coups of server play are verified, signatures and all,
while every edit of one is refused."""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session
from starlette.testclient import TestClient
from typer.testing import CliRunner

from croupier import games
from croupier.cli import app as cli
from croupier.engine.history import History, proved
from croupier.engine.seal import Signer
from croupier.errors import HistoryMismatch, InvalidInput
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.runner import TableRunner
from croupier.server.schema import ShoePart, ShoeSeed, StepRecord
from croupier.server.tables import rebuild
from tests.server.players import Person, Reader, play_at_random

SOAK = Path(__file__).parents[2] / "benchmarks" / "fair_soak.py"


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=8)) as client:
        yield client


def _open(person: Person, game: str, part: str | None = None) -> int:
    body: dict[str, Any] = {"game": game, "bots": 2, "settings": {"bot_pause": 0, "time_limit": 2}}
    if part is not None:
        body["part"] = part
    answer = person.post("/api/tables", body)
    assert answer.status_code == 201, answer.text
    table: int = answer.json()["id"]
    return table


def _sit(reader: Reader, seat: int, part: str) -> dict[str, Any]:
    """Sit at `seat` with 300 chips and a part of the coming shuffle: the view after."""
    view = reader.until(lambda m: m["type"] == "view" and str(seat) in m.get("open_seats", {}))
    reader.socket.send_text(
        json.dumps(
            {
                "type": "act",
                "seq": view["seq"],
                "key": f"sit-{seat}",
                "action": {"type": "Join", "amount": 300},
                "seat": seat,
                "part": part,
            }
        )
    )
    assert reader.until(lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
    return reader.until(lambda m: m["type"] == "view" and m["seat"] == seat)


def _give(reader: Reader, commitment: Any, text: Any) -> dict[str, Any]:
    return reader.ask({"type": "part", "commitment": commitment, "text": text}, "given", "error")


def _seeds(url: str, table: int) -> list[str]:
    engine = open_database(url)
    with Session(engine) as session:
        found = list(session.scalars(select(ShoeSeed.seed).where(ShoeSeed.table_id == table)))
    engine.dispose()
    return found


def test_a_seat_s_part_goes_into_the_coming_shuffle(server, database_url, tmp_path):  # MB-5
    ada, bob, cy = (Person(server, name) for name in ("ada", "bob", "cy"))
    table = _open(ada, "monte-bank", "from the opener")
    with ada.connect(table) as at_ada, bob.connect(table) as at_bob, cy.connect(table) as at_cy:
        ra, rb, rc = (Reader(s, p.heard) for s, p in ((at_ada, ada), (at_bob, bob), (at_cy, cy)))
        seen = _sit(ra, 0, "ada sits")
        fair = seen["fair"]
        assert fair["part"] == "ada sits" and 0 in fair["given"]
        assert re.fullmatch(r"[0-9a-f]{64}", fair["commitment"])
        coming, commitment = fair["shuffle"], fair["commitment"]
        given = _give(ra, commitment, "ada's own words")
        assert given == {
            "type": "given",
            "shuffle": coming,
            "commitment": commitment,
            "seat": 0,
            "part": "ada's own words",
        }
        after = ra.until(lambda m: m["type"] == "view" and m["fair"]["part"] == "ada's own words")
        assert after["fair"]["given"] == [0]
        told = rb.until(lambda m: m["type"] == "view" and m["fair"]["given"] == [0])
        assert told["fair"]["part"] is None, "another seat's part is not told before its reveal"
        refused = _give(rc, commitment, "a watcher's words")
        assert refused == {
            "type": "error",
            "about": "part",
            "reason": "only a seat adds a part to the shuffle: you are watching the table",
        }
        stale = _give(ra, "0" * 64, "too late")
        assert stale["reason"] == (
            f"that shuffle has been made: the coming one, shuffle {coming}, is committed to "
            f"sha256 {commitment}"
        )
        for bad, reason in (
            ("", "a part of the shuffle is text of 1 to 200 characters"),
            (5, "a part of the shuffle is text of 1 to 200 characters"),
            ("x" * 201, "a part of the shuffle is up to 200 printable characters"),
            ("bell\x07", "a part of the shuffle is up to 200 printable characters"),
        ):
            assert _give(ra, commitment, bad) == {
                "type": "error",
                "about": "part",
                "reason": reason,
            }
        missing = ra.ask({"type": "part", "text": "no commitment"}, "error")
        assert (
            missing["reason"] == "a part names the commitment it is for: the view's fair.commitment"
        )
        # ada plays until her shuffle is made
        stop = threading.Event()
        player = threading.Thread(
            target=play_at_random, args=(ra, random.Random(1), stop), daemon=True
        )
        player.start()
        rb.until(lambda m: m["type"] == "view" and (m["fair"]["shuffle"] or 0) > coming, timeout=60)
        stop.set()
        player.join(timeout=10)
    assert ada.post(f"/api/tables/{table}/close").status_code == 202
    key = server.get("/api/key").json()["key"]
    history = _closed_history(server, ada, table)
    proofs = history.proofs
    assert proofs[0].contributions == {0: "from the opener"}  # the opener's, the first shuffle
    assert proofs[coming - 1].contributions[0] == "ada's own words"
    assert history.seal is not None and history.seal.key == key
    proved(games.get("monte-bank"), history)
    seeds = _seeds(database_url, table)
    heard = json.dumps([ada.heard, bob.heard, cy.heard])
    assert seeds and not any(seed in heard for seed in seeds), "a seed was told on a socket"


def _closed_history(server: TestClient, person: Person, table: int) -> History:
    """The history of table `table` once it has closed (it closes between coups)."""
    deadline = time.monotonic() + 30
    while not server.get(f"/api/tables/{table}").json().get("closed"):
        assert time.monotonic() < deadline, "the table did not close"
        time.sleep(0.05)
    answer = person.get(f"/api/tables/{table}/history")
    assert answer.status_code == 200, answer.text
    return History.from_json(answer.text, games.get(json.loads(answer.text)["game"]))


def test_a_table_taken_up_again_shows_the_same_commitment_and_parts(database_url):
    with TestClient(create_app(database_url)) as server:
        ada = Person(server, "ada")
        table = _open(ada, "punto-banco")
        with ada.connect(table) as socket:
            reader = Reader(socket, ada.heard)
            fair = _sit(reader, 0, "kept")["fair"]
            cookie = ada.cookie
    with TestClient(create_app(database_url)) as again:
        socket = again.websocket_connect(
            f"/api/tables/{table}/socket", headers={"cookie": f"session={cookie}"}
        )
        with socket:
            view = Reader(socket, []).until(lambda m: m["type"] == "view")
    assert view["fair"]["commitment"] == fair["commitment"]
    assert view["fair"]["part"] == "kept" and view["fair"]["given"] == [0]


def test_a_stored_shuffle_not_derived_from_its_seed_and_parts_is_refused(server, database_url):
    ada = Person(server, "ada")
    table = _open(ada, "private-monte", "mine")
    engine = open_database(database_url)
    deadline = time.monotonic() + 20
    while rebuild(engine, table)[1].shoes.made < 1:  # type: ignore[union-attr]
        assert time.monotonic() < deadline, "the table did not shuffle"
        time.sleep(0.05)
    with Session(engine) as session, session.begin():
        session.execute(update(ShoePart).where(ShoePart.table_id == table).values(text="not mine"))
    with pytest.raises(ValueError, match="shuffle 1 is not the one its seed and parts give"):
        rebuild(engine, table)
    engine.dispose()


def test_a_table_that_shuffled_before_its_shuffles_were_fair_plays_on_unproven(database_url):
    engine = open_database(database_url)
    with TestClient(create_app(database_url)) as server:
        ada = Person(server, "ada")
        table = _open(ada, "punto-banco")
        _until_shuffled(engine, table)  # the table's runner shuffles in its own time
    with Session(engine) as session, session.begin():  # as a table opened before 0007
        session.execute(delete(ShoePart).where(ShoePart.table_id == table))
        session.execute(delete(ShoeSeed).where(ShoeSeed.table_id == table))
    engine.dispose()
    with TestClient(create_app(database_url)) as server:
        ada.client = server  # (her session is kept in the database)
        with ada.connect(table) as socket:
            view = Reader(socket, []).until(lambda m: m["type"] == "view")
        assert view["fair"] is None
        assert ada.post(f"/api/tables/{table}/close").status_code == 202
        history = _closed_history(server, ada, table)
    assert history.seal is None and history.proofs == () and history.shuffles


def _until_shuffled(engine: Any, table: int, wait: float = 60.0) -> None:
    """Wait until `table`'s first shuffle is stored (a test fails after `wait` seconds)."""
    ends = time.monotonic() + wait
    while time.monotonic() < ends:
        with Session(engine) as session:
            steps = session.scalars(select(StepRecord.action).where(StepRecord.table_id == table))
            if any(action.startswith('{"type":"Shuffle"') for action in steps):
                return
        time.sleep(0.05)
    raise AssertionError(f"table {table} did not shuffle in {wait} s")


def _soak(database_url: str, save: Path, coups: int) -> str:
    done = subprocess.run(
        [sys.executable, SOAK, "--coups", f"{coups}", "--database", database_url, "--save", save],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.slow
def test_coups_of_server_play_are_every_one_verified(database_url, tmp_path):  # C-5, C-6
    """benchmarks/fair_soak.py in a short form: 20 coups of each game."""
    said = _soak(database_url, tmp_path, 20)
    assert " 100 coups, " in said and "100 of 100 coups verified (100.0%)" in said, said
    key = (tmp_path / "key").read_text()
    for name in games.names():
        path = tmp_path / f"{name}.json"
        verified = CliRunner().invoke(cli, ["verify", str(path), "--key", key])
        assert verified.exit_code == 0, verified.output
        other = Signer(Signer.fresh()).key
        refused = CliRunner().invoke(cli, ["verify", str(path), "--key", other])
        assert refused.exit_code == 1 and f"signed by key {key}, not by the key given" in (
            refused.output
        )


def _verifies(game: Any, data: Any) -> bool:
    try:
        proved(game, History.from_json(json.dumps(data), game))
    except (HistoryMismatch, InvalidInput):
        return False
    return True


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [leaf for key, value in data.items() for leaf in _leaves(value, (*path, key))]
    if isinstance(data, list):
        return [leaf for n, value in enumerate(data) for leaf in _leaves(value, (*path, n))]
    return [path]


def _mutated(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool) or value is None:
        return not value if isinstance(value, bool) else 0
    if isinstance(value, int):
        return value + rng.choice((-1, 1))
    text = str(value)
    at = rng.randrange(len(text)) if text else 0
    swapped = "0" if text[at : at + 1] != "0" else "1"
    return text[:at] + swapped + text[at + 1 :]


def _kind(path: tuple[Any, ...]) -> str:
    """What a leaf of a history is: a stake or choice, a buy-in, a seat, a card's digest,
    a part, a seed, a commitment, a signature, ..."""
    head = path[0]
    if head == "actions":
        return "a seat" if path[2] == 0 else "an action"
    if head in ("proofs", "seal"):
        return str(path[2] if head == "proofs" else path[1])
    return str(head if head != "record" else path[2])


@pytest.mark.slow
def test_a_server_history_edited_in_any_field_fails_verification(tmp_path):
    """Every leaf of a server's history (a stake, a buy-in, a seat, an action, a card's
    digest, a part, a seed, a commitment, a signature, the key, the table) changed, one at a
    time, at random: 1,250 edits over the five games, each refused. (The histories are the
    same whatever the database: SQLite's are edited.)"""
    _soak(f"sqlite:///{tmp_path / 'soak.db'}", tmp_path, 8)
    kinds: dict[str, int] = {}
    for name in games.names():
        game = games.get(name)
        data = json.loads((tmp_path / f"{name}.json").read_text())
        assert _verifies(game, data)
        leaves = [path for path in _leaves(data) if path not in (("format",), ("game",))]
        rng = random.Random(name)
        for _ in range(250):
            path = rng.choice(leaves)
            edited = json.loads(json.dumps(data))
            holder = edited
            for step in path[:-1]:
                holder = holder[step]
            holder[path[-1]] = _mutated(holder[path[-1]], rng)
            assert not _verifies(game, edited), f"{name}: {path} edited, and it still verifies"
            kinds[_kind(path)] = kinds.get(_kind(path), 0) + 1
    for kind in ("a seat", "an action", "buy_ins", "contributions", "seed", "signatures"):
        assert kinds.get(kind), f"no edit of {kind}: {kinds}"


@pytest.mark.parametrize("dealer", ["honest", "choosing"])
def test_a_bots_cut_is_its_shuffles_house_cut_and_a_dealer_that_chooses_it_is_caught(
    server, monkeypatch, dealer
):  # C-6
    """At a server, a bot's cut is its shuffle's house cut (`fairness.house_cut`), which
    `verify` derives again: a dealer whose bots cut where it likes (as a server that knows
    the order could, to steer the cards) is refused, though it signs its history."""
    if dealer == "choosing":
        monkeypatch.setattr(TableRunner, "_house_cut", lambda runner, actor, asked: asked)
    ada = Person(server, "ada")
    table = _open(ada, "punto-banco")  # its bots cut (C-6), in turn
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        _sit(reader, 0, "mine")
        assert reader.ask({"type": "plan", "leave": False, "away": True}, "planned")
        reader.until(
            lambda m: m["type"] == "view" and m["fair"] and m["fair"]["revealed"] >= 3,
            timeout=120,
        )
    data = ada.get(f"/api/tables/{table}/history").json()
    assert data["fairness"] == 2
    bots = {int(seat) for seat in data["buy_ins"]}
    cuts = [
        action for actor, action in data["actions"] if actor in bots and action["type"] == "Cut"
    ]
    assert len(cuts) >= 2, data["actions"]
    game = games.get("punto-banco")
    history = History.from_json(json.dumps(data), game)
    if dealer == "honest":
        proved(game, history)
    else:
        with pytest.raises(
            HistoryMismatch, match=r"seat \d \(a bot\) cut \d+ cards, where the house cut"
        ):
            proved(game, history)


SHUFFLES = 12
"""The shuffles the told-before-made test watches: enough for Monte Bank's void deals
(MB-7) and a bot banker's shuffle after a punter's (MB-5) to come among them."""


def test_each_shuffle_is_told_before_it_is_made_and_takes_the_part_given_it(server):  # MB-5, MB-7
    """Every shuffle is made only once a committed step has told each connection its
    commitment, and then, while a person is seated, after the table's parts window: a part
    given to each new commitment as it is seen (as the page gives one) goes into that
    shuffle. Monte Bank shuffles at every deal, again after a void one (MB-7), and a bot
    banker shuffles after a punter's shuffle (MB-5)."""
    ada = Person(server, "ada")
    table = _open(ada, "monte-bank")
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        _sit(reader, 0, "at the start")
        assert reader.ask({"type": "plan", "leave": False, "away": True}, "planned")
        answers = []
        for _ in range(SHUFFLES):
            view = reader.until(
                lambda m: m["type"] == "view" and m["fair"] and m["fair"]["part"] is None,
                timeout=60,
            )
            fair = view["fair"]
            answers.append(_give(reader, fair["commitment"], f"part {fair['shuffle']}"))
    assert [a["type"] for a in answers] == ["given"] * SHUFFLES, answers
    told = [m["fair"] for m in ada.heard if m["type"] == "view" and m.get("fair")]
    coming = [fair["shuffle"] for fair in told]
    assert coming[-1] >= SHUFFLES
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(coming)), (
        f"a shuffle made before a view told its commitment: {coming}"
    )
    first: dict[int, str] = {}
    for fair in told:
        assert first.setdefault(fair["shuffle"], fair["commitment"]) == fair["commitment"]
