"""A table's coups looked back at (issue 42; docs/protocol.md, "The coups"): every settled
coup listed with its shoe, who sat and what each seat's chips moved by; each coup step by
step, as the one asking may see it now. While its shoe is in play a coup shows a person
only what their seat saw live, and a spectator what a spectator saw (the leak test); once
it is over, every card some seat saw, every decision valued as `croupier replay` values it
from the table's history, and whether its shuffle's proof checks."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from starlette.testclient import TestClient

from croupier import games
from croupier.cards import Card
from croupier.engine.codec import encode
from croupier.engine.events import redact
from croupier.engine.history import History
from croupier.review.session import decision_json, decisions, open_view, session
from croupier.server._book import Book, action_from_json, actor_from_text
from croupier.server._words import Words
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.tables import rebuild
from tests.server.players import (
    Person,
    Reader,
    house_box,
    open_table,
    play_at_random,
    sit_down,
    steps_of,
    stranger_get,
)

GAMES = ("punto-banco", "chemin-de-fer", "monte-bank", "private-monte", "banchek")
QUICK = {"bot_pause": 0, "time_limit": 600, "bot_chips": 20_000}
CARD = re.compile(r"[2-9TJQKA][CDHS]")
PRETTY = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=5)) as client:
        yield client


@dataclasses.dataclass
class Truth:
    """The table replayed from its committed steps, apart from the server's walk: the state
    after each step (0: as it opened), each step's events whole, the name each seat was
    last held under, and the seat the person held at each step."""

    game: Any
    states: dict[int, Any]
    events: dict[int, tuple[Any, ...]]
    names: dict[int, dict[int, str]]
    seats: dict[int, int | None]


def _truth(url: str, table: int, person: Person) -> Truth:
    engine = open_database(url)
    info, _, _ = rebuild(engine, table, box=house_box(url))
    engine.dispose()
    game = games.get(info.game)
    book = Book(table, game, info.rules, info.bots, info.settings.bot_chips)
    found = Truth(game, {0: book.state}, {}, {}, {0: None})
    for step in steps_of(url, table):
        who = (step.person_id, person.name) if step.person_id == person.id else None
        actor = actor_from_text(step.actor)
        events, _ = book.apply(actor, action_from_json(game, step.action), who)
        found.states[step.seq], found.events[step.seq] = book.state, events
        found.names[step.seq] = dict(book.named)
        held = book.seat_of(person.id)
        if held is None and step.person_id == person.id and isinstance(actor, int):
            held = actor  # a seat that has just got up sees its own step
        found.seats[step.seq] = held
    return found


def _live_lines(truth: Truth, seat_at: Callable[[int], int | None]) -> dict[int, list[str]]:
    """Each step's lines as the table told them live to one who held `seat_at(seq)`: one
    narrator that hears every step, each redacted for that seat."""
    words = Words(truth.game.name)
    lines = {}
    for seq, events in sorted(truth.events.items()):
        seat = seat_at(seq)
        told = [redact(event, seat) for event in events]
        lines[seq] = words.said(truth.names[seq], seat, told) if events else []
    return lines


def _cards(data: Any) -> set[str]:
    """Every card in a JSON value, as card text: its strings that are one, and the pretty
    cards its lines name."""
    text = json.dumps(data, ensure_ascii=False)
    plain = {found for found in re.findall(r'"([^"]*)"', text) if CARD.fullmatch(found)}
    pretty = {str(Card.from_str(found)) for found in PRETTY.findall(text)}
    return plain | pretty


@dataclasses.dataclass
class Played:
    table: int
    ada: Person
    asked: dict[str, list[Any]]
    """The coups asked for while ada's decision was awaited, shoe in play: by whom (ada, or
    a stranger not logged in), each the answer."""


def _play(server: TestClient, game: str, wanted: int = 2, **settings: Any) -> Played:
    """Ada sits with two bots and plays at random; before each of her actions (the table
    waiting on her), the coups listed as not revealed are asked for by her and by a
    stranger, until `wanted` such coups are asked; then she closes the table, playing on
    until it has."""
    ada = Person(server, f"ada{game[:3]}")
    table = open_table(ada, game, bots=2, **{**QUICK, **settings})
    asked: dict[str, list[Any]] = {"ada": [], "stranger": []}
    done: set[int] = set()
    enough = threading.Event()

    def ask(view: dict[str, Any]) -> None:
        if enough.is_set():
            return
        listed = stranger_get(server, f"/api/tables/{table}/coups").json()["coups"]
        for coup in (c["coup"] for c in listed if not c["revealed"] and c["coup"] not in done):
            done.add(coup)
            path = f"/api/tables/{table}/coups/{coup}"
            asked["ada"].append(ada.get(path))
            asked["stranger"].append(stranger_get(server, path))
        if len(done) >= wanted:
            enough.set()

    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 800)
        stop = threading.Event()
        playing = threading.Thread(
            target=play_at_random, args=(reader, random.Random(7), stop, 0.0, ask), daemon=True
        )
        playing.start()
        try:
            assert enough.wait(120), f"{game}: no coup of a shoe in play was asked for"
            assert ada.post(f"/api/tables/{table}/close").status_code == 202
            playing.join(120)
            assert not playing.is_alive(), "the table did not close"
        finally:
            stop.set()
    return Played(table, ada, asked)


@pytest.mark.parametrize("game", GAMES)
def test_every_coup_is_shown_as_its_seat_saw_it_then_whole_once_its_shoe_is_over(
    server, database_url, game
):
    played = _play(server, game)
    truth = _truth(database_url, played.table, played.ada)
    mine, theirs = ([_json(answer) for answer in played.asked[who]] for who in ("ada", "stranger"))
    _check_unrevealed(truth, mine, lambda seq: truth.seats[seq], mine=True)
    _check_unrevealed(truth, theirs, lambda seq: None, mine=False)
    _check_revealed(server, truth, played)


def _json(answer: Any) -> Any:
    assert answer.status_code == 200, answer.text
    return answer.json()


def _check_unrevealed(
    truth: Truth, answers: list[dict[str, Any]], seat_at: Callable[[int], int | None], mine: bool
) -> None:
    """Each answer, of a coup whose shoe was in play, holds only what the seat held at each
    step saw live: its views, its lines, its own decisions, and no card beyond those."""
    game, live = truth.game, _live_lines(truth, seat_at)
    checked = 0
    for answer in answers:
        assert answer["revealed"] is False and (answer["shuffle"] or {}).get("verified") is None
        assert answer["seat"] == (0 if mine else None)
        frames = answer["frames"]
        first = frames[0]["step"]
        before = first if _settles(truth, first) else first - 1  # (its opening: continued)
        seen = _cards(answer["start"])
        assert answer["start"] == encode(game.view(truth.states[before], seat_at(before)))
        view = answer["start"]
        for frame in frames:
            seq = frame["step"]
            seat = seat_at(seq)
            view = {**view, **frame["view"]}  # a frame's view: the fields that changed
            assert view == encode(game.view(truth.states[seq], seat)), f"step {seq}"
            seen |= _cards(frame["view"])
            seen |= _cards([encode(redact(event, seat)) for event in truth.events[seq]])
            said, told = frame["said"], live[seq]
            if _settles(truth, seq):  # its lines part of the step's: the rest open the next
                assert any(told[n : n + len(said)] == said for n in range(len(told) + 1))
            else:
                assert said == told, f"step {seq}"
            if frame["decision"] is not None:
                assert seat is not None and frame["decision"]["seat"] == seat, f"step {seq}"
            unseen = _cards(frame) - seen
            assert not unseen, f"step {seq} shows {unseen}, which seat {seat} had not seen"
            checked += 1
    assert checked, "some frames were checked"


def _settles(truth: Truth, seq: int) -> bool:
    """Whether step `seq` settled a coup."""
    rounds = truth.game.rounds
    return seq > 0 and rounds(truth.states[seq]) > rounds(truth.states[seq - 1])


def _check_revealed(server: TestClient, truth: Truth, played: Played) -> None:
    """Once the table has closed, every coup is listed revealed with its shoe, seats and
    nets as the table's history has them, ada's nets adding up to her net in the ledger;
    each coup, asked for by a stranger, shows every card some seat saw, and every decision
    as `croupier.review` values it from the history; each shuffle's proof checks."""
    table, ada, game = played.table, played.ada, truth.game
    text = stranger_get(server, f"/api/tables/{table}/history").text
    history = History.from_json(text, game)
    reviewed = session(game, history)
    listed = stranger_get(server, f"/api/tables/{table}/coups").json()
    assert listed["closed"] is True and listed["game"] == game.name
    assert [c["coup"] for c in listed["coups"]] == [c.number for c in reviewed.coups]
    assert [c["shoe"] for c in listed["coups"]] == [c.shoe for c in reviewed.coups]
    assert [c["nets"] for c in listed["coups"]] == [
        {str(seat): net for seat, net in c.nets} for c in reviewed.coups
    ]
    assert all(c["revealed"] for c in listed["coups"])
    for coup in listed["coups"]:
        assert {s["seat"]: s["person"] for s in coup["seats"]} == {0: True, 1: False, 2: False}
        assert next(s["name"] for s in coup["seats"] if s["seat"] == 0) == ada.name
    evening = stranger_get(server, f"/api/tables/{table}/evening").json()
    net = next(p["net"] for p in evening["people"] if p["name"] == ada.name)
    assert sum(c["nets"].get("0", 0) for c in listed["coups"]) == net
    mine = ada.get(f"/api/tables/{table}/coups?person={ada.name.upper()}").json()["coups"]
    assert mine == listed["coups"]
    hidden_shown = dealt = False
    for coup, entry in zip(reviewed.coups, listed["coups"], strict=True):
        answer = stranger_get(server, f"/api/tables/{table}/coups/{coup.number}").json()
        first = answer["frames"][0]["step"]
        steps = [first if _settles(truth, first) else first - 1]
        steps += [frame["step"] for frame in answer["frames"]]
        staked = [max(game.stakes(truth.states[seq]).values(), default=0) for seq in steps]
        assert entry["biggest"] == max(staked)
        assert datetime.fromisoformat(entry["at"]).tzinfo is not None  # when it ended
        assert answer["revealed"] and answer["seat"] is None
        assert answer["shuffle"] == {"number": coup.shoe, "verified": True}
        assert answer["names"]["0"] == ada.name
        valued = [None if d is None else decision_json(d) for d in decisions(game, coup)]
        assert [frame["decision"] for frame in answer["frames"]] == json.loads(json.dumps(valued))
        assert answer["start"] == encode(open_view(game, coup.start))
        view = answer["start"]
        for frame in answer["frames"]:
            state = truth.states[frame["step"]]
            view = {**view, **frame["view"]}
            assert view == encode(open_view(game, state))
            spectator = encode(game.view(state, None))
            told = [encode(redact(event, None)) for event in truth.events[frame["step"]]]
            hidden_shown |= bool(_cards(frame) - _cards([spectator, told]))
            if game.name == "chemin-de-fer" and None in spectator["punter_cards"]:
                shown = view["punter_cards"]
                assert None not in shown and len(shown) == len(spectator["punter_cards"])
                dealt |= len(shown) == 2  # the punter's two cards, after the deal
    if game.name in ("chemin-de-fer", "banchek"):
        assert hidden_shown, "a spectator is shown the hands face down to him live"
    assert dealt or game.name != "chemin-de-fer", "the punter's two cards are shown"
    numbers = stranger_get(server, f"/api/tables/{table}/numbers").json()
    assert numbers["complete"] is True and numbers["coups"] == len(reviewed.coups)
    theirs = next(e for e in numbers["evenings"] if e["seat"] == 0)
    whole = next(e for e in reviewed.evenings if e.seat == 0)
    assert theirs["name"] == ada.name and theirs["actual"] == whole.actual
    assert theirs["decisions"] == whole.decisions and theirs["cost"]["fraction"] == str(whole.cost)


def test_a_coup_in_play_is_not_shown_to_one_who_may_not_watch(server):
    """At a table whose host lets nobody watch, a coup of the shoe in play is refused to a
    stranger (as the odds are), and shown to the person who sat in it."""
    ada = Person(server, "ada")
    table = open_table(ada, "punto-banco", bots=2, watchers=False, **QUICK)
    answers: list[tuple[Any, Any]] = []
    asked = threading.Event()

    def ask(view: dict[str, Any]) -> None:
        listed = ada.get(f"/api/tables/{table}/coups").json()["coups"]
        if listed and not asked.is_set():
            path = f"/api/tables/{table}/coups/{listed[-1]['coup']}"
            answers.append((stranger_get(server, path), ada.get(path)))
            asked.set()

    with ada.connect(table) as socket:
        reader = Reader(socket, ada.heard)
        sit_down(reader, 0, 500)
        stop = threading.Event()
        playing = threading.Thread(
            target=play_at_random, args=(reader, random.Random(3), stop, 0.0, ask), daemon=True
        )
        playing.start()
        try:
            assert asked.wait(60), "a coup was settled"
        finally:
            stop.set()
            playing.join(20)
    [(refused, shown)] = answers
    assert shown.status_code == 200 and shown.json()["revealed"] is False
    assert refused.status_code == 403
    assert refused.json() == {"error": "the host lets nobody watch this table: sit down to see it"}


def test_a_coup_asked_for_badly_is_refused_in_words(server):
    """A coup that is no number, 0, or one not settled; a person no one is named; a table
    that is not there, or private to others: each refused in one line, with its status."""
    ada = Person(server, "ada")
    table = open_table(ada, "chemin-de-fer", bots=2)
    hidden = ada.post("/api/tables", {"game": "banchek", "bots": 2, "private": True}).json()
    cases = {
        f"/api/tables/{table}/coups/0": (
            400,
            "'0' is not a coup's number: the coups are numbered from 1",
        ),
        f"/api/tables/{table}/coups/abc": (
            400,
            "'abc' is not a coup's number: the coups are numbered from 1",
        ),
        f"/api/tables/{table}/coups/999": (
            404,
            f"coup 999 of table {table} is not settled: it has settled 0 coups",
        ),
        f"/api/tables/{table}/coups?person=nobody": (404, "there is no one named 'nobody'"),
        "/api/tables/77/coups": (404, "there is no table 77 open here"),
        "/api/tables/77/numbers": (404, "there is no table 77 open here"),
        f"/api/tables/{hidden['id']}/coups/1": (404, f"there is no table {hidden['id']}"),
    }
    for path, (status, said) in cases.items():
        answer = stranger_get(server, path)
        assert (answer.status_code, answer.json()) == (status, {"error": said}), path
    assert stranger_get(server, f"/api/tables/{table}/coups").json() == {
        "table": table,
        "game": "chemin-de-fer",
        "closed": False,
        "coups": [],
    }
    assert stranger_get(server, f"/api/tables/{table}/numbers").json() == {
        "table": table,
        "coups": 0,
        "complete": False,
        "evenings": [],
    }
