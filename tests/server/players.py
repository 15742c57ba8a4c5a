"""People at an in-process table server (Starlette's test client), each with their own
session cookie and websocket, each playing at random from the legal actions their view
offers, in a thread of their own as a real client would; and the checks of what they heard.
"""

from __future__ import annotations

import json
import queue
import random
import threading
import time
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from croupier import games
from croupier.client import messages_of
from croupier.engine.codec import encode
from croupier.engine.events import SeatJoined, SeatLeft, SessionEnded, redact
from croupier.server._book import Book, action_from_json, actor_from_text
from croupier.server.database import open_database, reading
from croupier.server.keys import Keys, SeedBox, default_key_file
from croupier.server.schema import StepRecord
from croupier.server.succession import open_keys
from croupier.server.tables import rebuild

PASSWORD = "a long password"

_JARS: weakref.WeakKeyDictionary[Any, threading.Lock] = weakref.WeakKeyDictionary()
"""Each test client's lock on its one cookie jar (`Person._as_me`)."""
_MAKING = threading.Lock()


def pick(options: list[Any], rng: random.Random) -> dict[str, Any]:
    """One of a view's options, as JSON: an exact action, or an amount within its range
    (and its total); getting up or bringing chips only when nothing else is offered."""
    option = rng.choice(staying(options) or options)
    if option["type"] != "Amounts":
        return dict(option)
    most = option["high"]
    if option.get("total") is not None:
        most = min(most, option["total"] // len(option["fields"]))
    amount = rng.randint(option["low"], min(most, option["low"] + 100))
    return {**option["template"], **dict.fromkeys(option["fields"], amount)}


def staying(options: list[Any]) -> list[Any]:
    """A view's options but getting up, sitting out and bringing more chips (a `Rebuy`)."""
    return [
        o
        for o in options
        if o.get("type") not in ("Leave", "SitOut")
        and not (o.get("type") == "Amounts" and o["template"]["type"] == "Rebuy")
    ]


@dataclass
class Person:
    """Someone registered at the server, with their own cookie."""

    client: TestClient
    name: str
    id: int = 0
    cookie: str = ""
    heard: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        response = self.client.post("/api/register", json={"name": self.name, "password": PASSWORD})
        assert response.status_code == 201, response.text
        self.id = response.json()["id"]
        self.cookie = response.cookies["session"]
        self.client.cookies.clear()

    def post(self, path: str, body: Any = None) -> Any:
        sent = {} if body is None else body  # a POST is JSON, even with nothing to say
        return self._as_me(lambda: self.client.post(path, json=sent))

    def get(self, path: str) -> Any:
        return self._as_me(lambda: self.client.get(path))

    def _as_me(self, call: Any) -> Any:
        """A request with this person's cookie (the test client holds one jar for all, so
        one person's request at a time: a test's threads ask as several people at once)."""
        with _MAKING:
            jar = _JARS.setdefault(self.client, threading.Lock())
        with jar:
            self.client.cookies.set("session", self.cookie)
            try:
                return call()
            finally:
                self.client.cookies.clear()

    def connect(
        self,
        table: int,
        last_seq: int | None = None,
        origin: str | None = None,
        words: bool = False,
        languages: str | None = None,
    ) -> Any:
        """A socket to `table`; with `words`, the steps told in words, in the language the
        `Accept-Language` header `languages` prefers."""
        asked = {"last_seq": last_seq, "words": 1 if words else None}
        query = "&".join(f"{name}={value}" for name, value in asked.items() if value is not None)
        query = f"?{query}" if query else ""
        headers = {"cookie": f"session={self.cookie}"}
        if origin is not None:
            headers["origin"] = origin
        if languages is not None:
            headers["accept-language"] = languages
        return self.client.websocket_connect(f"/api/tables/{table}/socket{query}", headers=headers)


def received(socket: Any) -> list[dict[str, Any]]:
    """The messages of a test client's next frame (one, or a list of them)."""
    return messages_of(socket.receive_json())


class Reader:
    """A websocket's messages, read in a thread, waited for with a timeout."""

    def __init__(self, socket: Any, log: list[dict[str, Any]]) -> None:
        self.socket = socket
        self.log = log
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.ended: Exception | None = None
        """What ended the reading (a `WebSocketDisconnect` with the close code), once it has."""
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            while True:
                for message in received(self.socket):
                    self.log.append(message)
                    self.messages.put(message)
        except Exception as error:  # the socket closed
            self.ended = error
            self.messages.put(None)

    def until(self, wanted: Any, timeout: float = 20.0) -> dict[str, Any]:
        """The first message `wanted(message)` is true of."""
        while True:
            message = self.messages.get(timeout=timeout)
            assert message is not None, "the connection closed"
            if wanted(message):
                return message

    def ask(self, message: dict[str, Any], *answers: str) -> dict[str, Any]:
        """Send `message` (a `plan`, a `say`) and wait for the first answer of those types."""
        self.socket.send_text(json.dumps(message))
        return self.until(lambda m: m["type"] in answers)

    def send(self, action: dict[str, Any], seq: int, seat: int | None = None, key: str = "") -> str:
        key = key or uuid.uuid4().hex
        body: dict[str, Any] = {"type": "act", "seq": seq, "key": key, "action": action}
        if seat is not None:
            body["seat"] = seat
        self.socket.send_text(json.dumps(body))
        return key


def open_table(person: Person, game: str = "punto-banco", bots: int = 0, **settings: float) -> int:
    """A table of `game` opened by `person` with `bots` and these settings: its id."""
    body = {"game": game, "bots": bots, "settings": settings}
    table: int = person.post("/api/tables", body).json()["id"]
    return table


def sit_down(reader: Reader, seat: int, chips: int) -> dict[str, Any]:
    """Take `seat` with `chips` as soon as a view offers it: the `ack`."""
    while True:
        view = reader.until(lambda m: m["type"] == "view" and str(seat) in m.get("open_seats", {}))
        reader.send({"type": "Join", "amount": chips}, view["seq"], seat=seat)
        answer = reader.until(lambda m: m["type"] in ("ack", "refused"))
        if answer["type"] == "ack":
            return answer


def offered_rebuy(message: dict[str, Any]) -> bool:
    return message["type"] == "view" and any(
        option.get("template", {}).get("type") == "Rebuy"
        for option in message["view"]["legal"]["options"]
    )


def rebuy(reader: Reader, amount: int) -> dict[str, Any]:
    """A rebuy of `amount` sent at the next view that offers one (playing at random until
    then), again if the table moved on before it came: the answer not about the moment."""
    rng = random.Random(3)
    while True:
        view = reader.until(
            lambda m: m["type"] == "view" and m["view"]["legal"]["options"], timeout=60
        )
        if not offered_rebuy(view):
            reader.send(pick(view["view"]["legal"]["options"], rng), view["seq"])
            continue
        reader.send({"type": "Rebuy", "amount": amount}, view["seq"])
        answer = reader.until(lambda m: m["type"] in ("ack", "refused"))
        if answer["type"] == "ack" or answer["error"] == "not-stored":
            return answer


def play_at_random(
    reader: Reader,
    rng: random.Random,
    stop: threading.Event,
    pause: float = 0.0,
    before: Callable[[dict[str, Any]], None] | None = None,
) -> None:
    """Act at random whenever the latest view offers this seat something besides getting up
    or bringing chips, or it is the seat's turn (after `pause` seconds, and `before` called
    with the view message), until the table closes or `stop` is set. A view is acted on once
    every message that came after it has been read: an answer that follows it (a refusal of
    an action decided on an older step) does not leave it unplayed."""
    latest: dict[str, Any] | None = None
    while not stop.is_set():
        try:
            message = reader.messages.get(timeout=0.2)
        except queue.Empty:
            continue
        if message is None:
            return
        if message["type"] == "view":
            if message["closed"]:
                return
            latest = message
        if latest is None or not reader.messages.empty():
            continue
        options, seat = latest["view"]["legal"]["options"], latest["seat"]
        ours = staying(options) or seat in latest["view"]["to_act"]  # else: only leaving
        if options and seat is not None and ours:
            time.sleep(pause)
            if before is not None:
                before(latest)
            reader.send(pick(options, rng), latest["seq"])
        latest = None


def in_transaction(url: str, act: Callable[[Session], Any]) -> Any:
    """What `act` does in one transaction on the database at `url`, as `croupier admin`
    does it."""
    engine = open_database(url)
    try:
        with Session(engine) as session, session.begin():
            return act(session)
    finally:
        engine.dispose()


def steps_of(url: str, table: int) -> list[StepRecord]:
    engine = open_database(url)
    with Session(reading(engine)) as session:
        found = list(
            session.scalars(
                select(StepRecord).where(StepRecord.table_id == table).order_by(StepRecord.seq)
            )
        )
    engine.dispose()
    return found


class Listener(Protocol):
    """Someone at a table, by their id and name, and every message they heard."""

    id: int
    name: str
    heard: list[dict[str, Any]]


def house_keys(url: str) -> Keys:
    """The keys of the house on the database at `url`: its default key file's (made, if no
    server has made it yet)."""
    engine = open_database(url)
    try:
        return open_keys(engine, default_key_file(url))
    finally:
        engine.dispose()


def house_box(url: str) -> SeedBox:
    """What opens the seeds of the house on the database at `url` (`house_keys`)."""
    return house_keys(url).box


def check_heard(url: str, table: int, person: Listener, scramble: Any) -> int:
    """Every message `person` heard is what their seat may know, by the table replayed from
    the database: each step's events redacted for the seat they held then, each view the
    engine's view for it, and unchanged when every card hidden from the seat is scrambled.
    No gap in the steps. The number of views checked."""
    engine = open_database(url)
    info, _, _ = rebuild(engine, table, box=house_box(url))
    engine.dispose()
    game = games.get(info.game)
    book = Book(table, game, info.rules, info.bots, info.settings.bot_chips)
    names = {person.id: person.name}
    states, events, seats = {0: book.state}, {}, {0: book.seat_of(person.id)}
    for step in steps_of(url, table):
        who = (step.person_id, names.get(step.person_id, "?")) if step.person_id else None
        told, _ = book.apply(actor_from_text(step.actor), action_from_json(game, step.action), who)
        states[step.seq], events[step.seq] = book.state, told
        held = book.seat_of(person.id)
        if held is None and step.person_id == person.id and isinstance(step.actor, str):
            held = int(step.actor) if step.actor.isdigit() else None
        seats[step.seq] = held
    rng = random.Random(5)
    last, views = None, 0
    for message in person.heard:
        if message["type"] == "step":
            seq = message["seq"]
            assert last is None or seq == last + 1, f"{person.name} missed a step before {seq}"
            last = seq
            redacted = [encode(redact(event, seats[seq])) for event in events[seq]]
            assert message.get("events", []) == redacted, f"step {seq} told {person.name} more"
        elif message["type"] == "view":
            seq, seat = message["seq"], message["seat"]
            last = seq
            state = states[seq]
            assert message["view"] == encode(game.view(state, seat)), f"view {seq}"
            if seat is not None:
                for _ in range(2):
                    other = scramble(state, rng, seat)
                    assert encode(game.view(other, seat)) == message["view"], f"view {seq} leaks"
            views += 1
    return views


def chips_back(url: str, table: int, person: int) -> int:
    """The chips `person`'s seat got up with, by the engine's events as the table replays:
    when it left, or when the session ended."""
    engine = open_database(url)
    info, _, _ = rebuild(engine, table, box=house_box(url))
    engine.dispose()
    game = games.get(info.game)
    state = game.start(info.rules, dict.fromkeys(info.bots, info.settings.bot_chips))
    seat = None
    for step in steps_of(url, table):
        actor = actor_from_text(step.actor)
        state, told = game.apply(state, actor, action_from_json(game, step.action))
        for event in told:
            if isinstance(event, SeatJoined) and step.person_id == person:
                seat = event.seat
            elif isinstance(event, SeatLeft) and event.seat == seat:
                return event.chips
            elif isinstance(event, SessionEnded) and seat is not None:
                return game.holdings(state)[seat]
    raise AssertionError(f"person {person} never got up")


def stranger_get(client: TestClient, path: str) -> Any:
    """A request of one not logged in: with no session cookie (while no `Person`'s request
    has theirs set)."""
    with _MAKING:
        jar = _JARS.setdefault(client, threading.Lock())
    with jar:
        client.cookies.clear()
        return client.get(path)
