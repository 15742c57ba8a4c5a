"""Coming and going (docs/protocol.md, "Coming and going"): a person asks to get up at the
next moment the rules allow, and the table takes the step then, in every game, within one
coup of asking, even where a bot banker leaves only a moment between deals to get up in
(MB-15); a person who sits out is not waited for, and gets up once the table's `away` time
is over; one who has gone is sat out after one missed turn, and waited for again once
connected again; one who comes back is waited for again. At Banchek, where passing one's
stake is leaving the game (BN-11), one who sits out, or has gone, leaves the game but keeps
the seat and chips: never staked, dealt nothing, until back."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from croupier.client import Client
from croupier.engine.seal import HOUSE_TOOK
from croupier.server._book import FOR_A_PERSON
from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.tables import table_chips
from tests.cli.served import PASSWORD, Served
from tests.server.players import (
    Person,
    Reader,
    chips_back,
    house_box,
    open_table,
    pick,
    rebuy,
    sit_down,
    steps_of,
)

BOTS = {"punto-banco": 1, "chemin-de-fer": 2, "banchek": 1, "monte-bank": 1, "private-monte": 1}
ROUNDS = ("coups", "rounds", "deals")


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=5)) as client:
        yield client


def _table(person: Person, game: str = "punto-banco", **settings: float) -> int:
    settings = {"bot_pause": 0, "time_limit": 0.3, "hold": 60, **settings}
    return open_table(person, game, BOTS[game], **settings)


def _plan(reader: Reader, leave: bool, away: bool) -> dict[str, Any]:
    return reader.ask({"type": "plan", "leave": leave, "away": away}, "planned", "error")


def _rounds(view: dict[str, Any]) -> int:
    return int(next(view["view"][name] for name in ROUNDS if name in view["view"]))


@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_person_gets_up_within_one_coup_of_asking(server, database_url, game):
    ada = Person(server, "ada")
    table = _table(ada, game)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        asked = reader.until(lambda m: m["type"] == "view" and m["seat"] == 0)
        planned = _plan(reader, leave=True, away=False)
        assert planned == {"type": "planned", "seat": 0, "leave": True, "away": False}
        shown = reader.until(lambda m: m["type"] == "view" and m.get("plans"))
        assert shown["plans"] == {"0": {"leave": True, "away": False}}
        left = reader.until(lambda m: m["type"] == "step" and m.get("by") == "leaving")
        assert left["actor"] == 0
        assert [e["type"] for e in left["events"]][:1] == ["SeatLeft"]
        after = reader.until(lambda m: m["type"] == "view" and m["seq"] >= left["seq"])
    assert after["seat"] is None and after["plans"] == {}  # she watches, with no plans
    assert _rounds(after) <= _rounds(asked) + 1, (game, _rounds(asked), _rounds(after))
    chips = left["events"][0]["chips"]
    assert ada.get("/api/me").json()["chips"] == 500 + chips
    assert audit(database_url, table_chips(house_box(database_url))) == []


def test_one_who_sits_out_is_not_waited_for_then_gets_up(server, database_url):
    ada = Person(server, "ada")
    table = _table(ada, time_limit=60, away=1.5)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        assert _plan(reader, leave=False, away=True)["away"] is True
        # Her turn is taken at once, though she would have 60 s (PB-6: done betting).
        done = reader.until(lambda m: m["type"] == "step" and m.get("actor") == 0, timeout=10)
        assert done["by"] == "away" and done["events"][0]["type"] == "BoxDone"
        left = reader.until(
            lambda m: (
                m["type"] == "step"
                and m.get("by") == "away"
                and any(e["type"] == "SeatLeft" for e in m["events"])
            )
        )
    assert left["actor"] == 0
    assert ada.get("/api/me").json()["chips"] == 500 + left["events"][0]["chips"]
    assert audit(database_url, table_chips(house_box(database_url))) == []


def test_one_who_sat_out_comes_back_and_is_waited_for_again(server):
    ada = Person(server, "ada")
    table = _table(ada, time_limit=60)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        _plan(reader, leave=False, away=True)
        reader.until(lambda m: m["type"] == "step" and m.get("by") == "away")
        assert _plan(reader, leave=False, away=False)["away"] is False
        for _ in range(5):  # a step being stored as she came back may make a stake stale
            betting = reader.until(
                lambda m: (
                    m["type"] == "view"
                    and m["plans"] == {}
                    and any(
                        o.get("template", {}).get("type") == "Stake"
                        for o in m["view"]["legal"]["options"]
                    )
                )
            )
            reader.send({"type": "Stake", "bet": "banco", "amount": 10}, betting["seq"])
            answer = reader.until(lambda m: m["type"] in ("ack", "refused"))
            if answer["type"] == "ack":
                break
    assert answer["type"] == "ack", "the table waited for her again"


def test_one_who_has_gone_is_sat_out_after_one_missed_turn(server, database_url):
    ada = Person(server, "ada")
    table = _table(ada, time_limit=0.5, hold=600)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        reader.until(lambda m: m["type"] == "view" and m["seat"] == 0)
    for _ in range(200):
        mine = [step.by for step in steps_of(database_url, table) if step.actor == "0"]
        if len(mine) >= 4:
            break
        time.sleep(0.1)
    assert mine[0] == "seat" and mine[1] == "timeout", mine
    assert set(mine[2:]) == {"away"}, mine  # no more full time limits
    bea = Person(server, "bea")
    with bea.connect(table) as socket:
        seen = Reader(socket, bea.heard).until(lambda m: m["type"] == "view")
    assert seen["plans"]["0"] == {"leave": False, "away": True}
    with ada.connect(table) as socket:  # back: waited for again, with no word of hers
        back = Reader(socket, ada.heard).until(lambda m: m["type"] == "view")
        assert back["seat"] == 0 and back["plans"] == {}, back["plans"]
        time.sleep(1.5)  # three of her time limits: taken "by timeout" again, not "away"
    after = [step.by for step in steps_of(database_url, table) if step.actor == "0"]
    taken = [by for by in after[len(mine) :] if by != "away"]
    assert after[len(mine) :] and "timeout" in taken, after[len(mine) :]


def test_a_plan_needs_a_seat_and_says_what_is_wrong(server):
    ada = Person(server, "ada")
    table = _table(ada)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        reader.until(lambda m: m["type"] == "view")
        assert _plan(reader, leave=True, away=False) == {
            "type": "error",
            "reason": "you hold no seat at this table",
        }
        socket.send_text(json.dumps({"type": "plan", "leave": "yes"}))
        wrong = reader.until(lambda m: m["type"] == "error")
    assert wrong["reason"] == "a plan says leave and away, each true or false"


def test_the_python_client_says_a_plan(database_url):
    served = Served(database_url, seed=5)
    served.start()

    async def play() -> dict[str, Any]:
        async with Client(served.url) as client:
            await client.register("ada", PASSWORD)
            # ada answers nothing: each of her turns before the deal's end runs out (the pass
            # of the shuffle, the cut, ...), so a short time limit, or the test waits minutes
            settings = {"bot_pause": 0, "time_limit": 0.5}
            table = (await client.open_table("monte-bank", bots=1, settings=settings))["id"]
            async with client.table(table) as seat:
                while "0" not in (await seat.next()).get("open_seats", {}):
                    pass
                assert (await seat.act({"type": "Join", "amount": 300}, seat=0))["type"] == "ack"
                planned = await seat.plan(leave=True)
                assert planned == {"type": "planned", "seat": 0, "leave": True, "away": False}
                while True:
                    message = await seat.next()
                    if message["type"] == "step" and message.get("by") == "leaving":
                        return message

    try:
        left = asyncio.run(play())
    finally:
        served.stop()
    assert left["actor"] == 0 and left["events"][0]["type"] == "SeatLeft"


@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_person_brings_more_chips_from_the_account(server, database_url, game):
    ada = Person(server, "ada")
    table = _table(ada, game, time_limit=30, bot_pause=0.3, bot_chips=10**6)  # no bot goes broke
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        acked = rebuy(reader, 300)
        assert acked["type"] == "ack", acked
        step = reader.until(lambda m: m["type"] == "step" and m["seq"] == acked["seq"])
        (added,) = [e for e in step["events"] if e["type"] == "ChipsAdded"]
        assert (added["seat"], added["chips"]) == (0, 300)
        assert ada.get("/api/me").json()["chips"] == 1000 - 500 - 300
        refused = rebuy(reader, 201)  # the account holds 200
        assert refused["error"] == "not-stored", refused
        assert "not enough chips in your account: it holds 200" in refused["reason"]
    assert ada.get("/api/me").json()["chips"] in (200, 200 + added["total"])  # got up, or not
    assert audit(database_url, table_chips(house_box(database_url))) == []


def _kind(option: dict[str, Any]) -> str:
    return str(option["template"]["type"] if option["type"] == "Amounts" else option["type"])


def _broke(view: dict[str, Any]) -> bool:
    """Whether seat 1 has no chips and none in play (Chemin de Fer: no bank, no stake)."""
    seen = view["view"]
    return (
        seen["seats"][0] == 0
        and seen["banker"] != 0
        and all(seat != 0 for seat, _ in seen["stakes"])
    )


def _all_in(options: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A Chemin de Fer punter who stakes every chip he may, calls no banco and takes no bank
    (CF-3, CF-6, CF-7, CF-15), and stands where he may (CF-12)."""
    found = {_kind(option): option for option in options}
    if "Stake" in found:
        return {**found["Stake"]["template"], "amount": found["Stake"]["high"]}
    for plain in ("Pass", "DeclineBank", "Stand"):
        if plain in found:
            return {"type": plain}
    return pick(options, rng)  # a cut, or the punters' forced draw


def _go_broke(reader: Reader) -> dict[str, Any]:
    """Play seat 1 all in until it has lost every chip: the first view that says so."""
    rng, acted = random.Random(1), -1
    while True:
        view = reader.until(lambda m: m["type"] == "view", timeout=60)
        if view["seq"] <= acted:  # drawn before her last action was taken
            continue
        if _broke(view):
            return view
        if 0 in view["view"]["to_act"]:
            reader.send(_all_in(view["view"]["legal"]["options"], rng), view["seq"])
            answer = reader.until(lambda m: m["type"] in ("ack", "refused"))
            acted = answer.get("seq", view["seq"])


@pytest.mark.parametrize("how", ["leaving", "absent"])
def test_a_broke_chemmy_punter_gets_up_and_the_seat_is_free(server, database_url, how):
    """One who loses every chip at Chemin de Fer is asked nothing (CF-3, CF-5), may get up
    or bring chips, and gets up as he asked, or once his connection's hold is over: his
    seat is free again for anyone to take, with nothing to pay back."""
    ada = Person(server, "ada")
    table = _table(ada, "chemin-de-fer", time_limit=30, hold=0.5, bot_chips=10**6)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 10)
        broke = _go_broke(reader)  # CF-7: all in, until lost
        assert {_kind(o) for o in broke["view"]["legal"]["options"]} == {"Leave", "Rebuy"}
        assert 0 not in broke["view"]["to_act"] and "0" not in broke["waiting"]
        if how == "leaving":
            assert _plan(reader, leave=True, away=False)["leave"] is True
            left = reader.until(lambda m: m["type"] == "step" and m.get("by") == "leaving")
            told = [(e["type"], e["seat"], e["chips"]) for e in left["events"]]
            assert (left["actor"], told) == (0, [("SeatLeft", 0, 0)])
            free = reader.until(lambda m: m["type"] == "view" and "0" in m.get("open_seats", {}))
            assert free["seat"] is None and free["plans"] == {}
    for _ in range(200):  # as asked, or once the closed socket's `hold` is over
        gone = [(s.actor, s.by, s.action) for s in steps_of(database_url, table) if s.by == how]
        if gone:
            break
        time.sleep(0.05)
    assert gone == [("0", how, '{"type":"Leave"}')]
    assert chips_back(database_url, table, ada.id) == 0
    assert "0" not in ada.get(f"/api/tables/{table}").json()["taken"]
    assert ada.get("/api/me").json()["chips"] == 1000 - 10
    assert audit(database_url, table_chips(house_box(database_url))) == []


def test_a_banchek_punter_slow_at_his_stake_stakes_the_smallest(server, database_url):
    ada = Person(server, "ada")
    table = _table(ada, "banchek", time_limit=0.3)

    def at_stake(m: dict[str, Any]) -> bool:  # a step of hers, late, that staked or left
        told = {e["type"] for e in m.get("events", ())}
        return (
            m["type"] == "step" and m.get("by") == "timeout" and bool(told & {"Staked", "SeatLeft"})
        )

    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        late = reader.until(lambda m: at_stake(m) and m.get("actor") == 0, timeout=30)
    staked = [e for e in late["events"] if e["type"] == "Staked"]
    assert staked and staked[0]["seat"] == 0, late  # not SeatLeft: he stays in the game (BN-11)
    (step,) = [s for s in steps_of(database_url, table) if s.seq == late["seq"]]
    assert json.loads(step.action) == {"type": "Stake", "amount": staked[0]["amount"]}


def _banchek(person: Person, **settings: float) -> int:
    """A Banchek table with two bots, so that play goes on while its person sits out."""
    return open_table(person, "banchek", 2, **{"bot_pause": 0, "hold": 60, **settings})


def _of(seat: int, kind: str) -> Any:
    """Whether a message is a step of `seat`'s that tells an event of `kind`."""
    return lambda m: (
        m["type"] == "step"
        and m.get("actor") == seat
        and any(e["type"] == kind for e in m.get("events", ()))
    )


def test_a_banchek_punter_sitting_out_keeps_his_seat_unstaked_and_comes_back(
    server, database_url
):  # BN-11
    ada = Person(server, "ada")
    table = _banchek(ada, time_limit=60)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        assert _plan(reader, leave=False, away=True)["away"] is True
        # Out of the game at the first moment she may, not after a minute's wait.
        out = reader.until(lambda m: m["type"] == "step" and m.get("actor") == 0, timeout=10)
        assert (out["by"], out["events"][0]["type"]) == ("away", "SatOut"), out  # (a hand void)
        rounds = _rounds(reader.until(lambda m: m["type"] == "view"))
        later = reader.until(lambda m: m["type"] == "view" and _rounds(m) >= rounds + 2)
        assert (later["seat"], later["view"]["seats"][0], later["view"]["out"]) == (0, 500, [0])
        assert later["plans"] == {"0": {"leave": False, "away": True}}
        assert _plan(reader, leave=False, away=False)["away"] is False
        back = reader.until(lambda m: m["type"] == "step" and m.get("actor") == 0)
        assert (back["by"], [e["type"] for e in back["events"]]) == ("back", ["SatIn"]), back
        reader.until(lambda m: m["type"] == "view" and "0" in m["waiting"], timeout=30)  # awaited
    steps = steps_of(database_url, table)
    mine = [(s.by, json.loads(s.action)["type"]) for s in steps if s.actor == "0"]
    assert mine[:3] == [("seat", "Join"), ("away", "SitOut"), ("back", "SitIn")], mine
    assert ada.get("/api/me").json()["chips"] == 500  # her 500 are still at the table
    assert audit(database_url, table_chips(house_box(database_url))) == []


def test_a_banchek_punter_gone_is_passed_over_not_staked(server, database_url):  # BN-11
    ada = Person(server, "ada")
    table = _banchek(ada, time_limit=0.3, hold=600)
    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        reader.until(lambda m: m["type"] == "view" and m["seat"] == 0)
    # Her tab is closed: at her next turn the house passes for her, and marks it as its own.
    for _ in range(300):
        taken = [
            (s.by, json.loads(s.action)["type"])
            for s in steps_of(database_url, table)
            if s.actor == "0"
        ]
        if any(kind == "SitOut" for _, kind in taken):
            break
        time.sleep(0.1)
    assert taken[0] == ("seat", "Join") and taken[-1][1] == "SitOut", taken
    assert all(by in FOR_A_PERSON and kind != "Stake" for by, kind in taken[1:]), taken
    bea = Person(server, "bea")
    with bea.connect(table) as socket:
        watching = Reader(socket, bea.heard)
        rounds = _rounds(watching.until(lambda m: m["type"] == "view"))
        later = watching.until(lambda m: m["type"] == "view" and _rounds(m) >= rounds + 2)
    assert (later["view"]["seats"][0], later["view"]["out"]) == (500, [0])  # seat and chips kept
    assert later["plans"]["0"] == {"leave": False, "away": True}
    late = [s for s in steps_of(database_url, table) if s.actor == "0"][len(taken) :]
    assert not late, [(s.by, s.action) for s in late]  # nothing more taken for her
    # The hand history marks the pass as the house's step for her (docs/fairness.md).
    assert ada.post(f"/api/tables/{table}/close").status_code == 202
    for _ in range(300):
        answer = ada.get(f"/api/tables/{table}/history")
        actions = answer.json()["actions"] if answer.status_code == 200 else []
        if any(action[1]["type"] == "SitOut" for action in actions):
            break
        time.sleep(0.1)
    passed = [action for action in actions if action[1]["type"] == "SitOut"]
    assert passed and passed[0] == [0, {"type": "SitOut"}, HOUSE_TOOK], passed
