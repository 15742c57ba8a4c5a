"""A table's hosts (docs/protocol.md, "Hosting"): its opener and the co-hosts they name
pause and resume it between coups, remove a seat with a reason, change its settings
between coups and give chips from its allowance; each control is refused in words to
anyone else, stored before it is told, and the gifts agree with the ledger's audit."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from croupier import games
from croupier.bots import roster
from croupier.engine.actions import EndSession
from croupier.engine.actors import HOUSE
from croupier.engine.codec import decode, encode
from croupier.engine.rule_options import stakes
from croupier.server import hosting
from croupier.server._controls import _SETTINGS
from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.database import open_database
from croupier.server.people import STARTING_GRANT
from croupier.server.schema import TableRecord
from croupier.server.tables import rebuild, table_chips
from croupier.testing import random_limits
from tests.edits import verifies
from tests.server.players import Person, Reader, house_box, open_table, pick, sit_down


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=5)) as client:
        yield client


def _host(person: Person, table: int, **control: Any) -> Any:
    return person.post(f"/api/tables/{table}/host", control)


def _error(answer: Any, status: int) -> str:
    assert answer.status_code == status, answer.text
    reason: str = answer.json()["error"]
    return reason


def _chips(person: Person) -> int:
    chips: int = person.get("/api/me").json()["chips"]
    return chips


def test_only_a_host_controls_the_table_and_a_bad_control_is_said_in_one_line(server):
    ann, bob, cy = Person(server, "ann"), Person(server, "bob"), Person(server, "cy")
    table = open_table(ann, bots=1)
    said = "only the table's host and co-hosts may do that"
    assert _error(_host(bob, table, control="pause"), 403) == said
    assert _error(server.post(f"/api/tables/{table}/host", json={}), 401) == (
        "log in to host a table"
    )
    bad = {
        "nap": (
            "control='nap' is not valid: "
            "one of pause, resume, remove, settings, limits, give, cohost, bot"
        ),
        "remove": "seat=None is not valid: a seat's number",
    }
    for control, reason in bad.items():
        assert _error(_host(ann, table, control=control), 400) == reason
    assert _error(_host(ann, table, control="remove", seat=1), 400) == (
        "give a reason for removing the seat: it is shown to everyone"
    )
    assert _error(_host(ann, table, control="pause", seat=1), 400) == (
        "pause takes no 'seat': it takes nothing else"
    )
    assert _error(_host(ann, table, control="settings", settings={"bot_chips": 5}), 400) == (
        "'bot_chips' is not a setting a host changes while the table plays: "
        "those are time_limit, time_bank, hold, away, bot_pause, approval, watchers, odds"
    )
    assert _error(_host(ann, table, control="settings", settings={"time_limit": -1}), 400) == (
        "time_limit=-1 is not valid: 0 to 86400 seconds"
    )
    assert _error(_host(ann, table, control="remove", seat=0, reason="rude"), 409) == (
        "no person holds seat 0"
    )
    assert _error(_host(ann, table, control="cohost", name="zed"), 404) == (
        "nobody is called 'zed'"
    )
    assert _host(ann, table, control="cohost", name="BOB").json() == {
        "control": "cohost",
        "name": "bob",
        "yes": True,
    }
    assert _error(_host(bob, table, control="cohost", name="cy"), 403) == (
        "only the table's host names co-hosts"
    )
    assert _host(bob, table, control="pause").json() == {"control": "pause", "held": True}
    assert _error(_host(ann, table, control="pause"), 409) == "the table is paused already"
    assert _error(_host(cy, table, control="resume"), 403) == said
    assert _host(ann, table, control="cohost", name="bob", yes=False).status_code == 200
    assert _error(_host(bob, table, control="resume"), 403) == said
    assert _error(bob.post(f"/api/tables/{table}/close"), 403) == (
        "only the table's host and co-hosts may close it"
    )
    server.app.state.lobby.runner(table).close()


def _view(reader: Reader, wanted: Any = lambda m: True) -> dict[str, Any]:
    return reader.until(lambda m: m["type"] == "view" and wanted(m))


_COMING_AND_GOING = {"Join", "Leave", "SitOut", "SitIn", "Rebuy"}


def _kind(option: dict[str, Any]) -> str:
    kind: str = option.get("template", option)["type"]
    return kind


def _kinds(view: dict[str, Any]) -> set[str]:
    """The kinds of action a view message offers its person."""
    return {_kind(option) for option in view["view"]["legal"]["options"]}


def test_a_paused_table_plays_its_coup_out_then_stops_its_clocks_until_resumed(
    server, database_url
):
    """PB-4: people stake between coups; paused there, nothing is dealt, no bot acts, no
    clock runs, and a stake is refused in words; resumed, the table deals again."""
    ann = Person(server, "ann")
    table = open_table(ann, bots=1, time_limit=30)
    with ann.connect(table) as socket:
        reader = Reader(socket, ann.heard)
        sit_down(reader, 0, 300)
        betting = _view(reader, lambda m: bool(_kinds(m) - _COMING_AND_GOING))
        assert _host(ann, table, control="pause").status_code == 200
        told = reader.until(lambda m: m["type"] == "hosted")
        assert told["said"] == (
            "ann pauses the table: the coup under way is played out, then every clock stops "
            "until they resume"
        )
        halted = _view(reader, lambda m: m["hosting"]["halted"])
        assert halted["hosting"] == {"hosts": [ann.id], "held": True, "halted": True}
        assert halted["waiting"] == {}, "no clock runs"
        engine = open_database(database_url)
        with Session(engine) as session:
            record = session.get(TableRecord, table)
            assert record is not None and record.held, "stored before told"
        runner = server.app.state.lobby.runner(table)
        due = runner._due()  # no deal, no bot, no clock: at most the shoe's end, an hour on
        assert due is None or due - time.monotonic() > 3000, due
        assert _kinds(halted) <= _COMING_AND_GOING, "the view offers only coming and going"
        staking = [o for o in betting["view"]["legal"]["options"] if _kind(o) == "Stake"]
        stake = pick(staking, random.Random(1))  # (as a page that was not told would)
        reader.send(stake, halted["seq"])
        refused = reader.until(lambda m: m["type"] in ("ack", "refused"))
        assert refused["reason"] == "the host has paused the table: play goes on once they resume"
        assert refused["error"] == "paused"
        seq = halted["seq"]
        assert _host(ann, table, control="resume").status_code == 200
        assert reader.until(lambda m: m["type"] == "hosted")["said"] == "ann resumes play"
        resumed = _view(reader, lambda m: not m["hosting"]["halted"])
        assert resumed["hosting"]["held"] is False and "0" in resumed["waiting"]
        reader.send(stake, resumed["seq"])
        assert reader.until(lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
        assert _view(reader, lambda m: m["seq"] > seq + 1)
        with Session(engine) as session:
            record = session.get(TableRecord, table)
            assert record is not None and not record.held
        engine.dispose()
    runner.close()


def test_a_removed_person_gets_up_with_their_chips_and_sits_again_only_if_let(server):
    ann, bob = Person(server, "ann"), Person(server, "bob")
    table = open_table(ann, bots=1, time_limit=1, bot_pause=0.1)
    with ann.connect(table) as a, bob.connect(table) as b:
        host, guest = Reader(a, ann.heard), Reader(b, bob.heard)
        sit_down(guest, 2, 400)
        assert _chips(bob) == STARTING_GRANT - 400
        answer = _host(ann, table, control="remove", seat=2, reason="  he   was rude ")
        assert answer.json() == {"control": "remove", "seat": 2, "name": "bob"}
        said = "ann removes bob from the table: he was rude"
        assert host.until(lambda m: m["type"] == "hosted")["said"] == said
        assert guest.until(lambda m: m["type"] == "hosted")["said"] == said
        view = _view(guest, lambda m: m["seat"] is None and "2" in m["open_seats"])
        assert _chips(bob) == STARTING_GRANT, "his chips are back in his account"
        guest.send({"type": "Join", "amount": 300}, view["seq"], seat=2)
        asked = guest.until(lambda m: m["type"] in ("ack", "refused"))
        assert asked["error"] == "asked", "he sits again only once the host lets him"
        assert host.until(lambda m: m["type"] == "asking")["people"][0]["name"] == "bob"
        assert ann.post(f"/api/tables/{table}/asking/{bob.id}", {"yes": True}).status_code == 200
        last = [m for m in guest.log if m["type"] == "view"][-1]  # (a table resting tells none)
        guest.send({"type": "Join", "amount": 300}, last["seq"], seat=2)
        sat = guest.until(lambda m: m["type"] in ("ack", "refused"))
        assert sat["type"] == "ack", sat
        sit_down(host, 0, 100)
        assert _error(_host(ann, table, control="remove", seat=0, reason="x"), 409) == (
            "ann hosts the table: a host gets up, and is not removed"
        )
    server.app.state.lobby.runner(table).close()


def test_gifts_come_from_the_allowance_each_a_ledger_transfer_the_evening_shows(
    server, database_url
):
    ann, bob = Person(server, "ann"), Person(server, "bob")
    table = ann.post(
        "/api/tables", {"game": "punto-banco", "bots": 1, "settings": {"allowance": 500}}
    ).json()["id"]
    none = open_table(ann, bots=1)
    with ann.connect(table) as a, bob.connect(table) as b:
        host, guest = Reader(a, ann.heard), Reader(b, bob.heard)
        sit_down(guest, 2, 1000)
        assert _chips(bob) == 0
        given = _host(ann, table, control="give", seat=2, chips=300).json()
        assert given == {"control": "give", "seat": 2, "name": "bob", "chips": 300, "left": 200}
        said = "ann gives bob 300 chips from the evening's allowance (200 chips are left)"
        assert guest.until(lambda m: m["type"] == "hosted")["said"] == said
        assert host.until(lambda m: m["type"] == "hosted")["said"] == said
        assert _chips(bob) == 300
        assert _error(_host(ann, table, control="give", seat=2, chips=201), 400) == (
            "the evening's allowance is 500 chips and 300 have been given: at most 200 more"
        )
        assert _host(ann, table, control="give", seat=2, chips=200).json()["left"] == 0
        evening = ann.get(f"/api/tables/{table}/evening").json()
        (figures,) = (p for p in evening["people"] if p["name"] == "bob")
        assert (figures["given"], figures["bought_in"]) == (500, 1000)
    assert _error(_host(ann, none, control="give", seat=0, chips=1), 409) == (
        "this table was opened with no allowance: its hosts give no chips"
    )
    for number in (table, none):
        server.app.state.lobby.runner(number).close()
    assert audit(database_url, table_chips(house_box(database_url))) == []


def test_settings_changed_apply_from_the_next_moment_between_coups_and_are_stored(
    server, database_url
):
    ann = Person(server, "ann")
    table = open_table(ann, bots=1, time_limit=30)
    with ann.connect(table) as socket:
        reader = Reader(socket, ann.heard)
        sit_down(reader, 0, 300)
        answer = _host(ann, table, control="settings", settings={"time_limit": 12, "odds": False})
        assert answer.json() == {
            "control": "settings",
            "settings": {"time_limit": 12, "odds": False},
        }
        said = reader.until(lambda m: m["type"] == "hosted")["said"]
        assert said == (
            "ann changes the settings from the next coup: a time limit of 12 s, no odds shown"
        )
        runner = server.app.state.lobby.runner(table)
        view = _view(reader, lambda m: "0" in m["waiting"])
        reader.send(pick(view["view"]["legal"]["options"], random.Random(1)), view["seq"])
        assert _view(reader, lambda m: 0 < m["waiting"].get("0", 99) <= 12)
        assert runner.info.settings.time_limit == 12.0 and runner.info.settings.odds is False
    engine = open_database(database_url)
    with Session(engine) as session:
        record = session.get(TableRecord, table)
        assert record is not None
        stored = record.settings
    engine.dispose()
    assert '"time_limit": 12.0' in stored and '"odds": false' in stored
    runner.close()


def test_every_setting_a_host_changes_is_said():
    assert set(_SETTINGS) == set(hosting.CHANGEABLE)


def test_where_the_host_lets_nobody_watch_one_who_holds_no_seat_is_shown_no_play(server):
    ann, bob = Person(server, "ann"), Person(server, "bob")
    table = open_table(ann, bots=1, time_limit=1, bot_pause=0.1, watchers=False)
    with ann.connect(table) as a, bob.connect(table) as b:
        host, guest = Reader(a, ann.heard), Reader(b, bob.heard)
        shut = _view(guest, lambda m: m["open_seats"])  # (once the shoe is shuffled)
        assert shut["view"] is None and shut["seat"] is None and "0" in shut["open_seats"]
        assert _view(host)["view"] is not None, "the host sees the play"
        said = "the host lets nobody watch this table: sit down to see it"
        assert _error(bob.get(f"/api/tables/{table}/odds"), 403) == said
        sit_down(host, 0, 100)  # the table plays: bob is told each step's number, no more
        stepped = guest.until(lambda m: m["type"] == "step")
        assert set(stepped) == {"type", "seq"}
        sit_down(guest, 2, 300)
        seated = _view(guest, lambda m: m["seat"] == 2)
        assert seated["view"] is not None, "seated, he sees the play"
        assert guest.until(lambda m: m["type"] == "step" and "events" in m)
        assert bob.get(f"/api/tables/{table}/odds").status_code == 200
        answer = _host(ann, table, control="settings", settings={"watchers": True})
        assert answer.status_code == 200, answer.text
        said = guest.until(lambda m: m["type"] == "hosted")["said"]
        assert said == "ann changes the settings from the next coup: anyone let in watching"
    server.app.state.lobby.runner(table).close()


def test_while_the_table_stands_paused_a_host_seats_a_bot_and_sends_one_away(server, database_url):
    ann = Person(server, "ann")
    table = open_table(ann, bots=1, time_limit=1, bot_pause=0.1)
    runner = server.app.state.lobby.runner(table)
    with ann.connect(table) as socket:
        reader = Reader(socket, ann.heard)
        sit_down(reader, 0, 300)
        assert _error(_host(ann, table, control="bot", seat=2), 409) == (
            "pause the table first: a bot sits down or gets up while it stands paused"
        )
        assert _host(ann, table, control="pause").status_code == 200
        _view(reader, lambda m: m["hosting"]["halted"])
        newcomer = roster.at_seat("punto-banco", 2)
        assert _host(ann, table, control="bot", seat=2).json() == {
            "control": "bot",
            "seat": 2,
            "name": newcomer,
            "yes": True,
        }
        said = reader.until(lambda m: m["type"] == "hosted")["said"]
        assert said == f"ann seats the bot {newcomer}"
        assert _error(_host(ann, table, control="bot", seat=2), 409) == "seat 2 is taken"
        assert _error(_host(ann, table, control="bot", seat=0, yes=False), 409) == (
            "no bot holds seat 0"
        )
        first = ann.get(f"/api/tables/{table}").json()["taken"]["1"]["name"]
        assert _host(ann, table, control="bot", seat=1, yes=False).json()["name"] == first
        taken = ann.get(f"/api/tables/{table}").json()["taken"]
        assert taken == {
            "0": {"name": "ann", "bot": False},
            "2": {"name": newcomer, "bot": True},
        }
        assert _host(ann, table, control="resume").status_code == 200
        reader.until(lambda m: m["type"] == "step" and m.get("actor") == 2, timeout=30)
    runner.close()
    engine = open_database(database_url)
    _info, book, _ = rebuild(engine, table, box=house_box(database_url))
    engine.dispose()
    assert book.named[2] == newcomer and 1 not in book.seats, "as committed"
    assert audit(database_url, table_chips(house_box(database_url))) == []


@pytest.mark.parametrize("game", games.names())
def test_every_game_stands_paused_at_its_next_moment_between_coups(server, game):
    """The pause waits for the moment the house may end the session, which every game has
    between its coups; there no clock runs and the table takes no step until resumed."""
    ann = Person(server, "ann")
    table = open_table(ann, game, bots=2, time_limit=1, bot_pause=0.05)
    runner = server.app.state.lobby.runner(table)
    with ann.connect(table) as socket:
        reader = Reader(socket, ann.heard)
        view = _view(reader, lambda m: m["open_seats"])  # (the table rests: none after)
        seat = min(view["open_seats"], key=int)
        joins = {**view["open_seats"][seat]["template"], "amount": 300}
        reader.send(joins, view["seq"], seat=int(seat))
        assert reader.until(lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
        assert _host(ann, table, control="pause").status_code == 200
        halted = _view(reader, lambda m: m["hosting"]["halted"])
        assert halted["waiting"] == {}
        assert EndSession() in runner.book.game.options(runner.book.state, HOUSE)
        assert runner.book.seq == halted["seq"], "it stands where it told"
        assert _host(ann, table, control="resume").status_code == 200
        _view(reader, lambda m: m["seq"] > halted["seq"])
    runner.close()


@pytest.mark.parametrize("game", games.names())
def test_stake_limits_a_host_sets_hold_from_the_next_moment_between_coups(
    server, database_url, game
):
    """The house sets them with a step of its own at the moment it may end the session, so
    that the table's stored steps replay them; the lobby shows them, and they outlive the
    process that ran the table."""
    ann = Person(server, "ann")
    table = open_table(ann, game, bots=2, time_limit=1, bot_pause=0.05)
    runner = server.app.state.lobby.runner(table)
    rules = runner.book.game.rules_of(runner.book.state)
    rng = random.Random(2)
    while not (limits := random_limits(rules, rng)):
        pass
    wanted = decode({**encode(rules), **limits}, type(rules))
    with ann.connect(table, words=True) as socket:
        reader = Reader(socket, ann.heard)
        view = _view(reader, lambda m: m["open_seats"])
        seat = min(view["open_seats"], key=int)
        joins = {**view["open_seats"][seat]["template"], "amount": 300}
        reader.send(joins, view["seq"], seat=int(seat))
        assert reader.until(lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
        answer = _host(ann, table, control="limits", limits=limits)
        assert answer.json() == {"control": "limits", "limits": dict(sorted(limits.items()))}
        said = reader.until(lambda m: m["type"] == "hosted")["said"]
        assert said.startswith("ann sets the stake limits from the next coup: ")
        step = reader.until(
            lambda m: (
                m["type"] == "step" and any(e["type"] == "LimitsSet" for e in m.get("events", ()))
            )
        )
        assert step["actor"] == "house"
        assert "The stake limits from this coup on: " in "\n".join(step["said"])
        entry = ann.get(f"/api/tables/{table}").json()
        assert entry["stakes"] == stakes(wanted) and entry["rules"] == encode(wanted)
        runner.close()
        _view(reader, lambda m: m["closed"])
    engine = open_database(database_url)
    info, book, _ = rebuild(engine, table, box=house_box(database_url))
    engine.dispose()
    assert info.rules == rules, "the table keeps the rules it opened with"
    assert info.limits == limits and book.game.rules_of(book.state) == wanted
    history = ann.get(f"/api/tables/{table}/history").json()
    assert history["config"] == encode(rules) and verifies(games.get(game), history)
    changed = {k: v for k, v in limits.items() if v != encode(getattr(rules, k))}
    set_by_house = [item[1] for item in history["actions"] if item[1]["type"] == "SetLimits"]
    assert [json.loads(a["limits"]) for a in set_by_house] == [changed]


def test_a_host_sets_only_the_stake_limits_the_rules_allow(server):
    ann, bob = Person(server, "ann"), Person(server, "bob")
    table = open_table(ann, "chemin-de-fer", bots=2)
    asked = {"minimum_stake": 0}
    assert _error(_host(ann, table, control="limits", limits=asked), 400) == (
        "minimum_stake = 0 is not valid: at least 1 chip"
    )
    assert _error(_host(ann, table, control="limits", limits={"decks": 8}), 400) == (
        "decks = 8 is not a stake limit a host changes between coups: "
        "those are minimum_bank, minimum_stake"
    )
    assert _error(_host(ann, table, control="limits", limits=[]), 400) == (
        "limits is not an object of some of the table's stake limits"
    )
    said = "only the table's host and co-hosts may do that"
    assert _error(_host(bob, table, control="limits", limits={"minimum_stake": 20}), 403) == said
    server.app.state.lobby.runner(table).close()
