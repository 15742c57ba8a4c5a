"""A server table's provably fair shoes (docs/fairness.md; docs/protocol.md, "The
shuffle"): every shuffle's seed is stored before its commitment is told, a seated person's
part is stored before it is answered and goes into the coming shuffle, a table taken up
again shows the same commitment, a shuffle not derived from its seed is refused, no message
holds a seed, and the histories of coups of server play are verified, signatures and all,
while every edit of one is refused."""

from __future__ import annotations

import itertools
import json
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session
from starlette.testclient import TestClient
from typer.testing import CliRunner

from croupier import games
from croupier.cli import app as cli
from croupier.engine.actions import Action, Cut, Legal, ShufflePack
from croupier.engine.history import History, proved
from croupier.engine.receipts import Receipt, disagreement
from croupier.engine.seal import Seal, Signer
from croupier.errors import HistoryMismatch
from croupier.fairness import FAIRNESS, seal_of
from croupier.server._shoes import Shoes
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.runner import TableRunner
from croupier.server.schema import ShoePart, ShoeSeed, StepRecord
from croupier.server.tables import rebuild
from tests.cli.served import soak
from tests.edits import random_edits, verifies
from tests.server.players import Person, Reader, house_box, house_keys


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=8)) as client:
        yield client


def _open(person: Person, game: str, part: str | None = None, **settings: float) -> int:
    """Open a table of `game` with two bots, its opener sealing `part` with the opening."""
    body: dict[str, Any] = {
        "game": game,
        "bots": 2,
        "settings": {"bot_pause": 0, "time_limit": 2, **settings},
    }
    if part is not None:
        body["sealed"] = seal_of(part)
    answer = person.post("/api/tables", body)
    assert answer.status_code == 201, answer.text
    table: int = answer.json()["id"]
    return table


def _sit(reader: Reader, seat: int | None, part: str, taken: int | None = None) -> dict[str, Any]:
    """Sit at `seat` (None: the first open once seat `taken` is) with 300 chips and the seal
    of a part of the coming shuffle: the view after."""

    def open_to_sit(message: dict[str, Any]) -> bool:
        open_seats = message.get("open_seats") or {}
        if message["type"] != "view" or str(taken) in open_seats:
            return False
        return bool(open_seats) if seat is None else str(seat) in open_seats

    view = reader.until(open_to_sit)
    seat = min(map(int, view["open_seats"])) if seat is None else seat
    reader.socket.send_text(
        json.dumps(
            {
                "type": "act",
                "seq": view["seq"],
                "key": f"sit-{seat}",
                "action": {"type": "Join", "amount": 300},
                "seat": seat,
                "sealed": seal_of(part),
            }
        )
    )
    answer = reader.until(lambda m: m["type"] in ("ack", "refused"))
    assert answer["type"] == "ack", answer
    return reader.until(lambda m: m["type"] == "view" and m["seat"] == seat)


def _seal(reader: Reader, commitment: Any, text: str) -> dict[str, Any]:
    """Give the seal of `text` to the shuffle committed to as `commitment`: the answer."""
    message = {"type": "part", "commitment": commitment, "sealed": seal_of(text)}
    return reader.ask(message, "given", "error")


def _reveal(reader: Reader, commitment: Any, text: Any) -> dict[str, Any]:
    """Reveal `text` to the shuffle committed to as `commitment`: the answer."""
    message = {"type": "part", "commitment": commitment, "text": text}
    return reader.ask(message, "given", "error")


def _revealing(reader: Reader, shuffle: int, timeout: float = 60) -> dict[str, Any]:
    """The first view that says shuffle `shuffle`'s seals are closed: its `fair`."""
    view = reader.until(
        lambda m: (
            m["type"] == "view" and m["fair"]["shuffle"] == shuffle and m["fair"]["revealing"]
        ),
        timeout=timeout,
    )
    fair: dict[str, Any] = view["fair"]
    return fair


def _received(
    server: TestClient, table: int, told: dict[str, Any], kind: str, shuffle: int, seat: int
) -> dict[str, Any]:
    """`told` (a view's `fair.part`, or a `given` answer) without its receipt, which is
    checked: signed by the server's key, of `kind`, of `seat`'s part of shuffle `shuffle` at
    table `table`, its digest the seal told."""
    receipt = Receipt.from_json(told["receipt"])
    assert receipt.holds(Seal(table, server.get("/api/key").json()["key"], (), None))
    assert (receipt.kind, receipt.table, receipt.shuffle, receipt.seat) == (
        kind,
        table,
        shuffle,
        seat,
    )
    sealed = told.get("sealed") or seal_of(told.get("part") or told["text"])
    assert receipt.part == sealed, "the receipt is of the part told"
    return {key: value for key, value in told.items() if key != "receipt"}


def _seeds(url: str, table: int) -> list[str]:
    """Table `table`'s seeds, opened with the house's key file, in hex."""
    engine = open_database(url)
    box = house_box(url)
    with Session(engine) as session:
        rows = session.scalars(select(ShoeSeed).where(ShoeSeed.table_id == table))
        found = [box.open(table, row.number, row.sealed or "").hex() for row in rows]
    engine.dispose()
    return found


def test_a_shuffle_waits_only_for_the_people_whose_clients_give_parts():
    """Of the people seated, a shuffle waits for those who have sealed a part at this table
    (their clients give parts: the page and croupier.client seal one with their Join) and
    have not sealed the coming shuffle's; not for one who never sealed a part, and no longer
    for one who has sealed it."""
    ada, bob = 1, 2
    rules = games.get("monte-bank").config()
    seeds = [bytes(32), bytes(range(32))]
    fresh = Shoes.opened(5, "monte-bank", rules, {}, seeds)
    assert fresh.unsealed({ada, bob}) == set()  # nobody here gives parts
    given = Shoes.opened(5, "monte-bank", rules, {}, seeds, {2: {0: (seal_of("ada's"), ada)}})
    assert given.givers == {ada}
    assert given.unsealed({ada, bob}) == {ada}  # she gave one, not to the coming shuffle
    assert given.unsealed({bob}) == set()  # she has got up
    sealed = given.with_seal(0, seal_of("ada's next"), ada)
    assert sealed.unsealed({ada, bob}) == set()
    assert given.with_seal(1, seal_of("bob's"), bob).givers == {ada, bob}


def test_a_seat_s_part_is_sealed_then_revealed_into_the_coming_shuffle(
    server, database_url
):  # MB-5
    """A seat's part is sealed while its shuffle's seals are open and revealed once they are
    closed, into that shuffle; the opener's, sealed with the opening, goes into the first.
    A watcher's seal, a stale one, a reveal too early, one that is not the part sealed, and
    a malformed seal or part are each refused in words; no seed and no other seat's part is
    told on any socket."""
    ada, bob, cy = (Person(server, name) for name in ("ada", "bob", "cy"))
    table = _open(ada, "monte-bank", "from the opener", parts_window=60)
    with ada.connect(table) as at_ada, bob.connect(table) as at_bob, cy.connect(table) as at_cy:
        ra, rb, rc = (Reader(s, p.heard) for s, p in ((at_ada, ada), (at_bob, bob), (at_cy, cy)))
        first = _revealing(ra, 1)  # no person seated: the seals close at once
        opener = _received(server, table, first["part"], "sealed", first["shuffle"], 0)
        assert opener == {"sealed": seal_of("from the opener"), "text": None}
        assert first["given"] == [0] and first["shown"] == []
        assert _reveal(ra, first["commitment"], "from the opener")["part"] == "from the opener"
        seen = _sit(ra, 0, "ada sits")  # the first shuffle is made: ada seals the second
        fair = seen["fair"]
        coming, commitment = fair["shuffle"], fair["commitment"]
        assert coming == 2 and not fair["revealing"]
        sits = _received(server, table, fair["part"], "sealed", coming, 0)
        assert sits == {"sealed": seal_of("ada sits"), "text": None}
        assert fair["given"] == [0] and re.fullmatch(r"[0-9a-f]{64}", commitment)
        given = _seal(ra, commitment, "ada's own words")  # replacing the first, while open
        assert _received(server, table, given, "sealed", coming, 0) == {
            "type": "given",
            "shuffle": coming,
            "commitment": commitment,
            "seat": 0,
            "sealed": seal_of("ada's own words"),
        }
        told = rb.until(lambda m: m["type"] == "view" and m["fair"]["given"] == [0])
        assert told["fair"]["part"] is None, "another seat's part is not told"
        early = _reveal(ra, commitment, "ada's own words")
        assert early["reason"] == (
            f"the seals of shuffle {coming} are still open: give your part's seal (its "
            "SHA-256, sealed) now, and the part once they are closed"
        )
        refused = _seal(rc, commitment, "a watcher's words")
        assert refused == {
            "type": "error",
            "about": "part",
            "reason": "only a seat adds a part to the shuffle: you are watching the table",
        }
        stale = _seal(ra, "0" * 64, "too late")
        assert stale["reason"] == (
            f"that shuffle has been made: the coming one, shuffle {coming}, is committed to "
            f"sha256 {commitment}"
        )
        for bad in ("", 5, "A" * 64, "0" * 63):
            message = {"type": "part", "commitment": commitment, "sealed": bad}
            assert ra.ask(message, "error")["reason"] == (
                "a part's seal is its SHA-256 in hexadecimal: 64 digits 0-9 and a-f, lower case"
            )
        both = {"type": "part", "commitment": commitment, "sealed": "0" * 64, "text": "x"}
        assert ra.ask(both, "error")["reason"].startswith("a part message gives either sealed")
        missing = ra.ask({"type": "part", "sealed": "0" * 64}, "error")
        assert (
            missing["reason"] == "a part names the commitment it is for: the view's fair.commitment"
        )
    assert ada.post(f"/api/tables/{table}/close").status_code == 202
    history = _closed_history(server, ada, table)
    first_proof = history.proofs[0]
    assert first_proof.contributions == {0: "from the opener"}
    assert first_proof.sealed == {0: seal_of("from the opener")}
    proved(games.get("monte-bank"), history)
    seeds = _seeds(database_url, table)
    heard = json.dumps([ada.heard, bob.heard, cy.heard])
    assert seeds and not any(seed in heard for seed in seeds), "a seed was told on a socket"
    assert "ada's own words" not in json.dumps([bob.heard, cy.heard])


def test_the_parts_sealed_are_revealed_once_the_seals_close_and_go_into_the_shuffle(
    server,
):  # MB-5
    """Once a shuffle's seals close, each seat reveals the part it sealed: a part that is
    not the one sealed, and a seal given after the closing, are refused; the part revealed
    is in the shuffle's proof, and the history verifies. The seals close as soon as every
    person seated has sealed a part, long before the table's parts window ends."""
    ada = Person(server, "ada")
    table = _open(ada, "monte-bank", parts_window=600)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        fair = _sit(reader, 0, "first")["fair"]
        shuffle, commitment = fair["shuffle"], fair["commitment"]
        closed = _revealing(reader, shuffle)
        part = _received(server, table, closed["part"], "sealed", shuffle, 0)
        assert part == {"sealed": seal_of("first"), "text": None}
        assert _seal(reader, commitment, "another")["reason"] == (
            f"the seals of shuffle {shuffle} are closed: a part sealed before is revealed "
            "now, and no other is taken"
        )
        assert _reveal(reader, commitment, "not first")["reason"] == (
            "that is not the part you sealed: its SHA-256 is not your seal"
        )
        for bad, reason in (
            ("", "a part of the shuffle is text of 1 to 200 characters"),
            ("x" * 201, "a part of the shuffle is up to 200 printable characters"),
        ):
            assert _reveal(reader, commitment, bad)["reason"] == reason
        assert _reveal(reader, commitment, "first")["part"] == "first"
        again = _reveal(reader, commitment, "first")
        assert again["type"] == "error"  # revealed already, or the shuffle made since
    assert ada.post(f"/api/tables/{table}/close").status_code == 202
    history = _closed_history(server, ada, table)
    proof = history.proofs[shuffle - 1]
    assert proof.contributions == {0: "first"} and proof.withheld == []
    proved(games.get("monte-bank"), history)


def test_each_commitment_told_and_each_part_taken_comes_with_a_signed_receipt(server, database_url):
    """Every view signs the coming shuffle's commitment as told, and the part a seat gave,
    sealed then revealed, as taken (the view of its giver, and the answer `given`): each
    receipt holds with the server's published key, names the table, shuffle, seat and
    part's digest, and agrees with the history once the shoe is over. A receipt edited no
    longer holds, and one the server signed that the history denies is named."""
    ada = Person(server, "ada")
    table = _open(ada, "monte-bank", parts_window=600)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        fair = _sit(reader, 0, "mine")["fair"]
        shuffle, commitment = fair["shuffle"], fair["commitment"]
        told = Receipt.from_json(fair["receipt"])
        closed = _revealing(reader, shuffle)
        given = _reveal(reader, commitment, "mine")
        revealed = Receipt.from_json(given["receipt"])
        sealed = Receipt.from_json(closed["part"]["receipt"])
    assert ada.post(f"/api/tables/{table}/close").status_code == 202
    history = _closed_history(server, ada, table)
    assert history.seal is not None
    receipts = [told, sealed, revealed]
    assert all(receipt.holds(history.seal) for receipt in receipts)
    assert [(r.kind, r.shuffle, r.seat) for r in receipts] == [
        ("told", shuffle, None),
        ("sealed", shuffle, 0),
        ("revealed", shuffle, 0),
    ]
    assert told.commitment == commitment and told.table == table and told.part is None
    assert sealed.part == revealed.part == seal_of("mine") and sealed.time <= revealed.time
    proofs = dict(enumerate(history.proofs, 1))
    assert disagreement(receipts, proofs) is None
    assert not replace(told, commitment="0" * 64).holds(history.seal), "an edited receipt"
    house = house_keys(database_url).signer
    later = sealed.time + 1
    other = Receipt.signed(house, "sealed", table, shuffle, commitment, later, 0, "0" * 64)
    assert other.holds(history.seal)
    assert disagreement([*receipts, other], proofs) == (
        f"shuffle {shuffle}: the server signed that it took seat 1's seal, and the proof has "
        "another"
    )
    left_out = {shuffle: replace(proofs[shuffle], contributions={})}
    assert disagreement(receipts, left_out) == (
        f"shuffle {shuffle}: the server signed that it took seat 1's part, and left it out of "
        "the order"
    )
    moved = Receipt.signed(house, "told", table, shuffle, "1" * 64, told.time)
    assert disagreement([moved], proofs) == (
        f"shuffle {shuffle}: the server signed that it told commitment 1111111111111111, and "
        f"made it to {commitment[:16]}"
    )


def _closed_history(server: TestClient, person: Person, table: int) -> History:
    """The history of table `table` once it has closed (it closes between coups)."""
    deadline = time.monotonic() + 30
    while not server.get(f"/api/tables/{table}").json().get("closed"):
        assert time.monotonic() < deadline, "the table did not close"
        time.sleep(0.05)
    answer = person.get(f"/api/tables/{table}/history")
    assert answer.status_code == 200, answer.text
    return History.from_json(answer.text, games.get(json.loads(answer.text)["game"]))


def test_a_table_taken_up_again_shows_the_same_commitment_and_seals(database_url):
    with TestClient(create_app(database_url)) as server:
        ada = Person(server, "ada")
        table = _open(ada, "punto-banco", parts_window=600)
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
    assert view["fair"]["commitment"] == fair["commitment"] and not view["fair"]["revealing"]
    part = {k: v for k, v in view["fair"]["part"].items() if k != "receipt"}
    assert part == {"sealed": seal_of("kept"), "text": None}
    assert view["fair"]["given"] == [0]


def test_a_dealer_that_stops_after_an_honest_reveal_cannot_seal_again(database_url):  # MB-5
    """The grinding attack: a dealer with a seat of its own waits for the honest seat's part,
    then would choose its own. Once the seals have closed, that closing is stored: a server
    taken up again after a crash (or a stop the dealer chose, once it saw the honest part)
    still has them closed, takes no new seal from any seat, and takes only the part each
    sealed before."""
    with TestClient(create_app(database_url)) as server:
        ada, eve = Person(server, "ada"), Person(server, "eve")
        table = _open(ada, "monte-bank", parts_window=0.2, reveal_window=600)
        with ada.connect(table) as at_ada, eve.connect(table) as at_eve:
            honest, dealer = Reader(at_ada, ada.heard), Reader(at_eve, eve.heard)
            fair = _sit(honest, 0, "honest part")["fair"]
            shuffle, commitment = fair["shuffle"], fair["commitment"]
            eves = _sit(dealer, None, "the dealer's first", taken=0)
            assert eves["fair"]["shuffle"] == shuffle
            _revealing(honest, shuffle)
            assert _reveal(honest, commitment, "honest part")["part"] == "honest part"
        cookies = ada.cookie, eve.cookie
    with TestClient(create_app(database_url)) as again:  # the dealer, having seen it
        eve.client, eve.cookie = again, cookies[1]
        with eve.connect(table) as at_eve:
            dealer = Reader(at_eve, eve.heard)
            view = dealer.until(lambda m: m["type"] == "view")
            assert view["fair"]["revealing"] and view["fair"]["shown"] == [0]
            assert view["fair"]["given"] == [0, eves["seat"]]
            assert _seal(dealer, commitment, "ground")["reason"].startswith(
                f"the seals of shuffle {shuffle} are closed"
            )
            assert _reveal(dealer, commitment, "ground")["reason"] == (
                "that is not the part you sealed: its SHA-256 is not your seal"
            )
            assert _reveal(dealer, commitment, "the dealer's first")["type"] == "given"
        ada.client, ada.cookie = again, cookies[0]
        assert ada.post(f"/api/tables/{table}/close").status_code == 202
        history = _closed_history(again, ada, table)
    assert history.proofs[shuffle - 1].contributions == {
        0: "honest part",
        eves["seat"]: "the dealer's first",
    }
    proved(games.get("monte-bank"), history)


def test_a_stored_shuffle_not_derived_from_its_seed_and_parts_is_refused(server, database_url):
    ada = Person(server, "ada")
    table = _open(ada, "private-monte", "mine")
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        fair = _revealing(reader, 1)
        assert _reveal(reader, fair["commitment"], "mine")["type"] == "given"
    engine = open_database(database_url)
    deadline = time.monotonic() + 20
    box = house_box(database_url)
    while rebuild(engine, table, box=box)[1].shoes.made < 1:  # type: ignore[union-attr]
        assert time.monotonic() < deadline, "the table did not shuffle"
        time.sleep(0.05)
    with Session(engine) as session, session.begin():
        session.execute(update(ShoePart).where(ShoePart.table_id == table).values(text="not mine"))
    with pytest.raises(ValueError, match="shuffle 1 is not the one its seed and parts give"):
        rebuild(engine, table, box=box)
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


@pytest.mark.slow
def test_coups_of_server_play_are_every_one_verified(database_url, tmp_path):  # C-5, C-6
    """benchmarks/fair_soak.py in a short form: 20 coups of each game."""
    said = soak(tmp_path, 20, database=database_url)
    assert " 100 coups, " in said and "100 of 100 coups verified (100.0%)" in said, said
    key = (tmp_path / "key").read_text()
    for name in games.names():
        path = tmp_path / f"{name}.json"
        verified = CliRunner().invoke(cli, ["verify", str(path), "--key", key])
        assert verified.exit_code == 0, verified.output
        other = Signer(Signer.fresh()).key
        refused = CliRunner().invoke(cli, ["verify", str(path), "--key", other])
        assert refused.exit_code == 1 and f"signed by key {key}, not by the key given" in (
            " ".join(refused.output.split())
        )


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
    same whatever the database: SQLite's are edited, a seeded server's, the same each run.)"""
    soak(tmp_path, 8, "--seed", "1")
    kinds: dict[str, int] = {}
    for name in games.names():
        game = games.get(name)
        data = json.loads((tmp_path / f"{name}.json").read_text())
        assert verifies(game, data)
        for path, changed in random_edits(data, 250, name):
            assert not verifies(game, changed), f"{name}: {path} edited, and it still verifies"
            kinds[_kind(path)] = kinds.get(_kind(path), 0) + 1
    for kind in ("a seat", "an action", "buy_ins", "contributions", "seed", "signatures"):
        assert kinds.get(kind), f"no edit of {kind}: {kinds}"


STEERED = {
    "bots": r"seat \d \(a bot\) cut \d+ cards, where the house cut of shuffle \d+ is",
    "for-a-person": r"seat 0 \(cut for by the house\) cut \d+ cards, where the house cut",
}
"""Why `verify` refuses the history of a dealer that cuts where it likes for its bots, or for
a person who sits out."""


@pytest.mark.parametrize("dealer", ["honest", *STEERED])
def test_a_cut_no_person_makes_is_its_shuffles_house_cut_and_a_dealer_that_chooses_is_caught(
    server, monkeypatch, dealer
):  # C-6
    """At a server, a bot's cut, and a cut the house makes for a person who sits out, is its
    shuffle's house cut (`fairness.house_cut`), which `verify` derives again; the history
    marks each step the house took for a person (`[seat, action, "house"]`, bound by the
    seal's chain). A dealer whose bots cut where it likes, or that cuts where it likes for a
    person away (as a server that knows the order could, to steer the cards), is refused,
    though it signs its history."""
    honest = TableRunner._house_cut
    if dealer != "honest":

        def chooses(runner: TableRunner, actor: Any, asked: Cut) -> Cut:
            steered = (actor == 0) == (dealer == "for-a-person")
            return asked if steered else honest(runner, actor, asked)

        monkeypatch.setattr(TableRunner, "_house_cut", chooses)
    ada = Person(server, "ada")
    # the seat the shoe passes to cuts, hers too (C-6); no shuffle waits long on her parts
    table = _open(ada, "punto-banco", parts_window=0.2, reveal_window=0.2)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        _sit(reader, 0, "mine")
        assert reader.ask({"type": "plan", "leave": False, "away": True}, "planned")
        reader.until(  # the house cuts for her, once the shoe passes to her
            lambda m: (
                m["type"] == "step"
                and m["actor"] == 0
                and m["by"] == "away"
                and any(event["type"] == "ShoeCut" for event in m["events"])
            ),
            timeout=120,
        )
        cut = reader.until(lambda m: m["type"] == "view")["fair"]["shuffle"] - 1
        reader.until(  # the shoe she cut is over, and two more
            lambda m: m["type"] == "view" and m["fair"]["revealed"] >= max(cut, 3),
            timeout=120,
        )
    data = ada.get(f"/api/tables/{table}/history").json()
    assert data["fairness"] == FAIRNESS
    bots = {int(seat) for seat in data["buy_ins"]}
    cuts = [action for actor, action, *_ in data["actions"] if actor in bots]
    assert sum(action["type"] == "Cut" for action in cuts) >= 2, data["actions"]
    marked = [item for item in data["actions"] if len(item) == 3]
    assert all(item[0] == 0 and item[2] == "house" for item in marked), marked
    assert any(item[1]["type"] == "Cut" for item in marked), data["actions"]
    game = games.get("punto-banco")
    history = History.from_json(json.dumps(data), game)
    assert history.decided and History.from_json(history.to_json(), game) == history
    if dealer == "honest":
        proved(game, history)
    else:
        with pytest.raises(HistoryMismatch, match=STEERED[dealer]):
            proved(game, history)
    unmarked = {**data, "actions": [item[:2] for item in data["actions"]]}
    assert not verifies(game, unmarked), "the marks are bound by the seal's chain"


@pytest.mark.parametrize("dealer", ["honest", "choosing"])
def test_a_bots_call_to_shuffle_is_its_shuffles_house_call_and_a_dealer_that_chooses_it_is_caught(
    server, monkeypatch, dealer
):  # MB-5
    """At a server, a bot asked whether the pack should be shuffled again asks to as its
    shuffle's stream says (`fairness.house_calls`), which `verify` derives again: a dealer
    whose bots ask whenever they may (so as to refuse every pack it has seen) is refused,
    though it signs its history."""
    if dealer == "choosing":

        def always(runner: TableRunner, seat: int, legal: Legal, asked: Action) -> Action:
            return ShufflePack() if ShufflePack() in legal else asked

        monkeypatch.setattr(TableRunner, "_house_call", always)
    ada = Person(server, "ada")
    # its bots are asked whether to shuffle (MB-5); no shuffle waits long on her parts
    table = _open(ada, "monte-bank", parts_window=0.2, reveal_window=0.2)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        _sit(reader, 0, "mine")
        assert reader.ask({"type": "plan", "leave": False, "away": True}, "planned")
        reader.until(
            lambda m: m["type"] == "view" and m["fair"] and m["fair"]["revealed"] >= 3,
            timeout=120,
        )
    data = ada.get(f"/api/tables/{table}/history").json()
    assert data["fairness"] == FAIRNESS
    bots = {int(seat) for seat in data["buy_ins"]}
    asked = {"ShufflePack", "Pass"}
    calls = [action["type"] for actor, action, *_ in data["actions"] if actor in bots]
    assert any(call in asked for call in calls), data["actions"]
    game = games.get("monte-bank")
    history = History.from_json(json.dumps(data), game)
    if dealer == "honest":
        proved(game, history)
    else:
        assert "ShufflePack" in calls
        with pytest.raises(
            HistoryMismatch, match=r"seat \d \(a bot\) chose otherwise than the house call"
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
    table = _open(ada, "monte-bank", reveal_window=0.2)  # her seals are never revealed
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
            answers.append(_seal(reader, fair["commitment"], f"part {fair['shuffle']}"))
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


def _verified(server: TestClient, person: Person, table: int, tmp_path: Path) -> dict[str, Any]:
    """Table `table`'s history now, which `croupier verify` proves with the server's key."""
    answer = person.get(f"/api/tables/{table}/history")
    assert answer.status_code == 200, answer.text
    save = tmp_path / f"table-{table}.json"
    save.write_text(answer.text)
    key = server.get("/api/key").json()["key"]
    verified = CliRunner().invoke(cli, ["verify", str(save), "--key", key])
    assert verified.exit_code == 0 and "Verified" in verified.output, verified.output
    data: dict[str, Any] = answer.json()
    return data


def test_a_punto_banco_shoe_is_told_once_its_last_person_gets_up(server, tmp_path):  # PB-5
    """The house ends the shoe ada played in at the next moment between coups once she has
    got up, though bots sit on: her coups and the shoe's seed are in the history at once,
    and `croupier verify` proves it, signature by signature."""
    ada = Person(server, "ada")
    table = _open(ada, "punto-banco")
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        _sit(reader, 0, "ada's part")
        reader.until(lambda m: m["type"] == "view" and m["view"]["coups"] >= 1, timeout=60)
        assert reader.ask({"type": "plan", "leave": True, "away": False}, "planned")
        reader.until(
            lambda m: m["type"] == "view" and m["seat"] is None and m["fair"]["revealed"] >= 1,
            timeout=60,
        )
    data = _verified(server, ada, table, tmp_path)
    actions = data["actions"]
    assert ["house", {"type": "EndShoe"}] in actions
    ended = actions.index(["house", {"type": "EndShoe"}])
    ada_steps = [action["type"] for actor, action, *_ in actions[:ended] if actor == 0]
    assert ada_steps[0] == "Join" and ada_steps[-1] == "Leave", ada_steps
    assert len(data["proofs"]) == 1 and re.fullmatch(r"[0-9a-f]{64}", data["proofs"][0]["seed"])
    assert (data["seal"]["shoes"], data["seal"]["end"]) == (2, None)  # shoes 0 and 1: open


def test_a_shoe_ends_between_coups_after_the_tables_shoe_time(server, tmp_path):  # PB-5
    """With `shoe_time` tiny, the shoe ada plays in ends at the first moment between coups,
    and a new shuffle deals the next coup while she sits on."""
    ada = Person(server, "ada")
    body = {
        "game": "punto-banco",
        "bots": 2,
        "settings": {"bot_pause": 0, "time_limit": 2, "shoe_time": 0.01},
    }
    answer = ada.post("/api/tables", body)
    assert answer.status_code == 201, answer.text
    table = answer.json()["id"]
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        _sit(reader, 0, "ada's part")
        reader.until(
            lambda m: m["type"] == "view" and m["seat"] == 0 and m["fair"]["revealed"] >= 2,
            timeout=60,
        )
    data = _verified(server, ada, table, tmp_path)
    assert data["actions"].count(["house", {"type": "EndShoe"}]) >= 1
    assert data["seal"]["shoes"] == len(data["seal"]["signatures"]) == len(data["proofs"]) + 1


def test_a_closed_tables_history_without_its_last_shoes_is_refused(server, tmp_path):
    """The seal signs a closed table's end with the number of its shoes: its history cut at
    a shoe's end (as it was given while the table was open) with that end marker, the last
    shoes left out, is refused by `croupier verify` in words."""
    ada = Person(server, "ada")
    table = _open(ada, "punto-banco")
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        _sit(reader, 0, "ada's part")
        assert reader.ask({"type": "plan", "leave": True, "away": False}, "planned")
        reader.until(lambda m: m["type"] == "view" and m["fair"]["revealed"] >= 1, timeout=60)
        cut = _verified(server, ada, table, tmp_path)  # shoes 0 and 1, the table open
        assert ada.post(f"/api/tables/{table}/close").status_code == 202
        reader.until(lambda m: m["type"] == "view" and m["closed"], timeout=60)
    whole = _verified(server, ada, table, tmp_path)
    end, key_id = whole["seal"]["end"], whole["seal"]["end_key_id"]
    assert end is not None and whole["seal"]["shoes"] == len(whole["seal"]["signatures"]) > 2
    assert (cut["seal"]["shoes"], cut["seal"]["end"]) == (2, None)
    for shoes in (whole["seal"]["shoes"], 2):
        cut["seal"].update(shoes=shoes, end=end, end_key_id=key_id)
        save = tmp_path / "cut.json"
        save.write_text(json.dumps(cut))
        refused = CliRunner().invoke(cli, ["verify", str(save)])
        assert refused.exit_code == 1, refused.output
        assert "its last shoes are left out" in refused.output, refused.output


def test_a_part_sealed_and_not_revealed_is_left_out_and_verify_says_so(server, tmp_path):
    """A seat that seals a part and does not reveal it within the reveal window is left out
    of the order; the history holds its seal without its part, verifies, and `croupier
    verify` names the seat that withheld."""
    ada = Person(server, "ada")
    table = _open(ada, "monte-bank", parts_window=0.2, reveal_window=0)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        fair = _sit(reader, 0, "never shown")["fair"]
        shuffle = fair["shuffle"]
        reader.until(
            lambda m: m["type"] == "view" and (m["fair"]["shuffle"] or 0) > shuffle, timeout=60
        )
    assert ada.post(f"/api/tables/{table}/close").status_code == 202
    history = _closed_history(server, ada, table)
    proof = history.proofs[shuffle - 1]
    assert proof.sealed == {0: seal_of("never shown")} and proof.withheld == [0]
    assert 0 not in proof.contributions
    saved = tmp_path / "withheld.json"
    saved.write_text(history.to_json())
    said = CliRunner().invoke(cli, ["verify", str(saved)])
    assert said.exit_code == 0, said.output
    assert (
        f"Shuffle {shuffle}: seat 0 sealed a part and did not reveal it, so the order was made "
        "without it." in said.output
    )


def test_a_seeded_server_s_history_says_so_and_its_chain_binds_it(server, database_url, tmp_path):
    """A table a server with a seed opened (`serve --seed`) says so in its signed history:
    `croupier verify` proves it and says that whoever knows the seed knew every order; the
    same history saying it is not seeded no longer verifies; a table of a server without a
    seed says it is not, and verify says nothing of a seed."""
    saved = tmp_path / "history.json"

    def closed_history(client: TestClient, person: Person) -> dict[str, Any]:
        table = _open(person, "punto-banco")
        assert person.post(f"/api/tables/{table}/close").status_code == 202
        _closed_history(client, person, table)
        data: dict[str, Any] = person.get(f"/api/tables/{table}/history").json()
        return data

    def verify(data: dict[str, Any]) -> tuple[int, str]:
        saved.write_text(json.dumps(data))
        done = CliRunner().invoke(cli, ["verify", str(saved)])
        return done.exit_code, " ".join(done.output.split())

    seeded = closed_history(server, Person(server, "ada"))
    assert seeded["seal"]["seeded"] is True
    status, said = verify(seeded)
    assert status == 0, said
    assert "Seeded: the server dealt this table from a seed its operator chose" in said
    seeded["seal"]["seeded"] = False
    status, said = verify(seeded)
    assert status == 1 and "is not its key's for the history as it is" in said, said
    with TestClient(create_app(database_url)) as unseeded:
        fair = closed_history(unseeded, Person(unseeded, "bob"))
    assert fair["seal"]["seeded"] is False
    status, said = verify(fair)
    assert status == 0 and "Seeded" not in said, said
