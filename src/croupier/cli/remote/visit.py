"""One person's visit to a table at croupier's server: logged in (or registered), a table
found or opened, seated, playing, up, and summed up."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich import box as boxes
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from croupier.cli.remote.codec import Codec, refusal
from croupier.cli.remote.line import Line
from croupier.cli.remote.trouble import TROUBLE, reason
from croupier.cli.seat import AskedSeat
from croupier.cli.session import TerminalSession
from croupier.cli.terminal import Prompter
from croupier.client import ProtocolError, ServerRefused
from croupier.engine.actions import Action, Amounts, Join, Leave
from croupier.engine.events import SeatJoined, SeatLeft
from croupier.engine.game import Game
from croupier.errors import CroupierError
from croupier.fairness import fresh_part
from croupier.words.markup import signed

__all__ = ["Failed", "Seating", "Server", "Visit"]

Seating = Callable[[Any, int, int], TerminalSession]
"""The game's terminal session for the table's rule set, with the person at a seat with
chips, and no bots of its own."""

_JOIN_TRIES = 5
"""How many times sitting down is tried when the table moved on before the Join came."""

_STALE = frozenset({"not-your-turn", "forbidden-action"})
"""Refusals of a Join that may come of the table having moved on since the view."""


class Failed(CroupierError):
    """What went wrong, in one line, for `fail` to say."""


@dataclass(frozen=True, slots=True)
class Server:
    """Where and as whom to play, and at which table: `table`, or a new one of `bots` bots
    with the rule options `rules` (JSON-ready) and the table `settings`. `seat`: the seat
    wanted (from 0), or None for the first one open; `chips`: the buy-in, or None for
    `usual`, or all the account holds if that is less."""

    url: str
    name: str
    password: str
    register: bool
    table: int | None
    bots: int
    rules: dict[str, Any]
    settings: dict[str, Any]
    seat: int | None
    chips: int | None
    usual: int


class _Timed(Prompter):
    """The seat's prompter, saying before each question how long the table waits."""

    def __init__(self, console: Console) -> None:
        super().__init__(console)
        self.until: float | None = None

    def ask(self, prompt: str) -> str:
        if self.until is not None:
            prompt = f"({max(0, round(self.until - time.monotonic()))}s) {prompt}"
        return super().ask(prompt)


class Visit:
    """One person's visit to a table at the server: in, seated, playing, up, summed up."""

    def __init__(
        self,
        console: Console,
        game: Game[Any, Any, Any],
        server: Server,
        seating: Seating,
        line: Line,
    ) -> None:
        self.console = console
        self.game = game
        self.server = server
        self.seating = seating
        self.line = line
        self.codec = Codec(game)
        self.table = 0
        self.opened = False
        """Whether this person opened the table."""
        self.places = 0
        self.rules: Any = None
        """The table's rule set, by its views."""
        self.before = 0
        self.me = ""
        """The person's name, as the server has it."""
        self.session: TerminalSession | None = None
        self.seat: int | None = None
        self.view: Any = None
        self.seq = -1
        """The step the last view shows the table after."""
        self.heard = -1
        """The last step heard."""
        self.sent: tuple[str, Action] | None = None
        """The key and the action sent and not yet answered."""
        self.acted_at = 0
        """The first step of the last action taken: a view before it is not answered."""
        self.timed_out_at = -1
        self.waited: frozenset[int] = frozenset()
        self.brought: int | None = 0
        """The chips brought to the seat; None when it was taken on an earlier visit."""
        self.left_with: int | None = None
        """The chips the seat got up with, or was paid out when the table closed."""
        self.closed = False
        self.paused: str | None = None
        """Why the table is paused (its database is away), or None while it plays."""
        self.committed: str | None = None
        """The coming shuffle's commitment, as last told."""
        self.revealed = 0
        """How many shuffles' seeds the server has told (those of every shoe over)."""

    # --- the visit ---------------------------------------------------------------------

    def run(self) -> int:
        try:
            self.before = self._enter()
            self.table = self._find_table()
            try:
                self.line.listen(self.table)
                self._sit_down()
            except BaseException:
                self._abandon()
                raise
            self._play()
        except KeyboardInterrupt:
            self._interrupted()
            return 130
        except TROUBLE as error:
            raise Failed(f"the server at {self.server.url} {reason(error)}") from None
        self._summary()
        return 0

    def _enter(self) -> int:
        """Register or log in: the chips in the person's account."""
        server, client = self.server, self.line.client
        try:
            self.line.call(client.health())
        except ServerRefused as error:
            if error.status == 503:
                raise Failed(f"the server at {server.url} has no database answering") from None
            raise Failed(f"{server.url} does not answer as a croupier server does") from None
        except ProtocolError:
            raise Failed(f"{server.url} does not answer as a croupier server does") from None
        except TROUBLE as error:
            raise Failed(f"the server at {server.url} {reason(error)}") from None
        enter = client.register if server.register else client.log_in
        try:
            person: dict[str, Any] = self.line.call(enter(server.name, server.password))
        except ServerRefused as error:
            if error.status >= 500:
                raise Failed(f"the server at {server.url} {reason(error)}") from None
            hint = ""
            if server.register and "is taken" in error.reason:
                hint = ": log in without --register"
            elif error.status == 401:
                hint = " (new here? add --register)"
            doing = "register" if server.register else "log in"
            raise Failed(f"cannot {doing} as {server.name!r}: {error.reason}{hint}") from None
        chips: int = person["chips"]
        self.me = person["name"]
        welcome = "Registered" if server.register else "Logged in"
        self.console.print(
            f"{welcome} at {server.url} as {person['name']}: {chips} chips in your account."
        )
        if server.chips is not None and server.chips > chips:
            raise Failed(f"--chips {server.chips}: your account holds {chips}")
        return chips

    def _find_table(self) -> int:
        """The table to sit at: the one asked for, or a new one. Its id."""
        server, client = self.server, self.line.client
        if server.table is None:
            try:
                entry = self.line.call(
                    client.open_table(self.game.name, server.rules, server.bots, server.settings)
                )
            except ServerRefused as error:
                raise Failed(f"cannot open a table: {error.reason}") from None
            table: int = entry["id"]
            self.opened = True
            bots = "no bots" if not server.bots else f"{server.bots} bot{'s' * (server.bots > 1)}"
            self.console.print(f"Table {table} is open, with {bots}.")
            return table
        try:
            entry = self.line.call(client.table_entry(server.table))
        except ServerRefused as error:
            raise Failed(error.reason) from None
        if entry["game"] != self.game.name:
            raise Failed(
                f"table {server.table} plays {entry['game']}: "
                f"`croupier play {entry['game']} --join {server.table}` sits there"
            )
        if entry["closed"]:
            raise Failed(f"table {server.table} has closed")
        return server.table

    def _abandon(self) -> None:
        """Close the table this person opened and never sat at."""
        if self.opened and self.session is None:
            with contextlib.suppress(*TROUBLE):
                self.line.call(self.line.client.close_table(self.table), timeout=5)

    def _lobby(self) -> dict[int, dict[str, Any]]:
        """Who sits where, by the lobby: each taken seat's name, and whether a bot."""
        entry = self.line.call(self.line.client.table_entry(self.table))
        self.places = int(entry["seats"])
        return {int(seat): held for seat, held in entry["taken"].items()}

    def _names(self) -> dict[int, str]:
        return {seat: held["name"] for seat, held in self._lobby().items()}

    def _sit_down(self) -> None:
        """Take the seat asked for (or the first open one) as soon as a view offers it;
        one still held for this person is theirs again at once."""
        wanted, lobby = self.server.seat, self._lobby()
        if wanted is not None and not 0 <= wanted < self.places:
            raise Failed(f"--seat {wanted + 1}: table {self.table}'s seats are 1 to {self.places}")
        mine = any(not held["bot"] and held["name"] == self.me for held in lobby.values())
        free = [seat for seat in range(self.places) if seat not in lobby]
        if wanted is not None and wanted in lobby and not mine:
            listed = ", ".join(str(seat + 1) for seat in free) or "none"
            raise Failed(
                f"seat {wanted + 1} at table {self.table} is taken by {lobby[wanted]['name']}; "
                f"the seats open are {listed}"
            )
        if not free and not mine:
            raise Failed(f"table {self.table} has no room: its {self.places} seats are taken")
        tries, said, joining = 0, False, None
        while self.session is None:
            message = self.line.inbox.get()
            kind = message["type"]
            if kind == "view":
                if message["closed"]:
                    raise Failed(f"table {self.table} has closed")
                self.rules = self.codec.view(message["view"]).rules
                if message["seat"] is not None:  # held for this person since they dropped
                    self.brought = None
                    self._seated(message["seat"], 0)
                    self.console.print(f"You are back at seat {message['seat'] + 1}.")
                    self._note_view(message)
                    return
                offered = {int(seat): option for seat, option in message["open_seats"].items()}
                seat = wanted if wanted is not None else min(offered, default=None)
                if joining is None and seat is not None and seat in offered:
                    chips = self._buy_in(self.codec.option(offered[seat]))
                    sent = self.line.send(Join(chips), message["seq"], seat, fresh_part())
                    joining = (sent, seat, chips)
                elif joining is None and not said:
                    self.console.print("Waiting for a moment when a seat may be taken…")
                    said = True
            elif kind == "step" and joining is None and wanted is not None:
                for event in self.codec.step(message.get("events", [])):
                    if isinstance(event, SeatJoined) and event.seat == wanted:
                        raise Failed(f"seat {wanted + 1} was taken before you could sit there")
            elif kind in ("ack", "refused") and joining and message["key"] == joining[0]:
                _, seat, chips = joining
                if kind == "ack":
                    self._seated(seat, chips)
                    return
                tries += 1
                if message["error"] not in _STALE or tries >= _JOIN_TRIES:
                    raise Failed(f"cannot sit down at seat {seat + 1}: {message['reason']}")
                joining = None  # the table moved on: at the next moment it offers the seat
            else:
                self._note_other(message)

    def _buy_in(self, option: Amounts[Join]) -> int:
        """The chips to bring: as asked, or the usual buy-in or all the account holds."""
        chips = self.server.chips
        if chips is None:
            chips = min(self.server.usual, self.before)
            if chips < option.low:
                raise Failed(f"your account holds {self.before} chips: too few to sit down")
        if not option.low <= chips <= option.high:
            raise Failed(f"--chips {chips}: this table takes {option.low} to {option.high}")
        return chips

    def _seated(self, seat: int, chips: int) -> None:
        """The game's session for the person at `seat`, with the others' names."""
        session = self.seating(self.rules, seat, chips)
        session.names.held.update({s: name for s, name in self._names().items() if s != seat})
        person = session.person
        assert isinstance(person, AskedSeat)
        person.prompter = _Timed(session.console)
        self.session, self.seat = session, seat
        session.header()

    # --- at the table ------------------------------------------------------------------

    def _play(self) -> None:
        """Tell every step, and answer the latest view once all that has come is told,
        until the person is up or the table closes."""
        while not self._over():
            if self.line.inbox.empty():
                self._act()
            if not self._over():
                self._note(self.line.inbox.get())

    def _over(self) -> bool:
        return self.closed or self.left_with is not None

    def _note(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "step":
            self._note_step(message)
        elif kind == "view":
            self._note_view(message)
        elif kind in ("ack", "refused") and self.sent and message["key"] == self.sent[0]:
            _, action = self.sent
            self.sent = None
            if kind == "ack":
                self.acted_at = message["seq"]
            else:
                self._person().refused(refusal(message, self.seat, action))
        else:
            self._note_other(message)

    def _note_step(self, message: dict[str, Any]) -> None:
        self.heard = message["seq"]
        events = self.codec.step(message.get("events", []))
        if not events:
            return
        session = self.session
        assert session is not None
        if message["by"] == "timeout" and message["actor"] == self.seat:
            self.timed_out_at = message["seq"]
            self.console.print("[yellow]Your time is up: the table makes the plainest choice.[/]")
        if any(isinstance(event, SeatJoined) and event.seat != self.seat for event in events):
            session.names.held.update({s: n for s, n in self._names().items() if s != self.seat})
        for event in events:
            if isinstance(event, SeatJoined) and event.seat == self.seat:
                self.brought = (self.brought or 0) + event.chips
            elif isinstance(event, SeatLeft) and event.seat == self.seat:
                self.left_with = event.chips
        session.hear(events)

    def _note_view(self, message: dict[str, Any]) -> None:
        self.view, self.seq = self.codec.view(message["view"]), message["seq"]
        self.closed = self.closed or message["closed"]
        paused = message.get("paused")
        if paused != self.paused:
            said = f"{paused[0].upper()}{paused[1:]}." if paused else "Play goes on."
            self.console.print(f"[yellow]{escape(said)}[/]")
            self.paused = paused
        if message["closed"] and self.seat is not None and self.left_with is None:
            self.left_with = int(message["paid_out"].get(str(self.seat), 0))
        if message["seat"] != self.seat and not self._over():
            self.console.print("[yellow]The server has got you up.[/]")
            self.left_with = 0  # while away, past the hold: what it paid out was not heard
        self._note_shuffle(message)
        waiting = {int(seat): left for seat, left in message["waiting"].items()}
        prompter = self._person().prompter
        assert isinstance(prompter, _Timed)
        left = waiting.pop(self.seat, None) if self.seat is not None else None
        prompter.until = None if left is None else time.monotonic() + left
        assert self.session is not None
        for seat in sorted(set(waiting) - self.waited):
            name = self.session.name(seat)
            self.console.print(f"[dim]Waiting for {name}: {waiting[seat]:.0f}s to act.[/]")
        self.waited = frozenset(waiting)

    def _note_shuffle(self, message: dict[str, Any]) -> None:
        """A new commitment told, and a part of the person's own given to it (16 random
        bytes: one the server could not guess before it committed)."""
        fair = message.get("fair")
        if fair is None:
            return
        self.revealed = fair["revealed"]
        made = fair["commitment"]
        if made is None or made == self.committed or self._over():
            return
        self.committed = made
        said = f"[dim]Shuffle {fair['shuffle']} is committed to: sha256 {made}.[/]"
        self.console.print(said, soft_wrap=True)  # the digest whole, to compare
        if fair["part"] is None and message["seat"] is not None:
            self.line.give(made, fresh_part())

    def _note_other(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "reconnected":
            told = "" if message["resumed"] else "; what happened meanwhile is not told"
            self.console.print(f"[yellow]The connection dropped and is back{told}.[/]")
        elif kind == "lost":
            raise Failed(
                f"the connection to the server at {self.server.url} dropped and could not be "
                f"opened again: the server {message['reason']}"
            )
        elif kind == "chat":
            for line in message["lines"]:
                said = f"{escape(str(line['name']))}: {escape(str(line['text']))}"
                self.console.print(f"[cyan]{said}[/]", soft_wrap=True)
        elif kind == "given":
            said = f"Your part of shuffle {message['shuffle']} is in: {message['part']}."
            self.console.print(f"[dim]{escape(said)}[/]", soft_wrap=True)
        elif kind == "error" and message.get("about") == "part":  # the shuffle was made
            self.console.print(f"[dim]Your part was not taken: {escape(message['reason'])}.[/]")
        elif kind == "error":
            raise Failed(f"the server could not read what was sent: {message['reason']}")

    def _person(self) -> AskedSeat[Any]:
        person = self.session.person if self.session is not None else None
        assert isinstance(person, AskedSeat)
        return person

    def _act(self) -> None:
        """Answer the latest view, if it is newer than every step heard and the table is not
        paused: the person is asked when the seat is to act; one who has quit gets up at the
        first moment Leave is offered, and meanwhile acts as leaving does (`on_the_way_out`)."""
        view, person = self.view, self._person()
        if self.sent or view is None or self.seq < max(self.heard, self.acted_at) or self.paused:
            return
        to_act = self.seat in view.to_act and bool(view.legal)
        if person.quitting:
            if Leave() in view.legal:
                self._send(Leave(), self.seq)
            elif to_act:
                self._send(person.on_the_way_out(view), self.seq)
            return
        if not to_act:
            return
        decided_at = self.seq
        try:
            action = person.decide(view)
        except EOFError:
            self.console.print(
                "\n[yellow]The input has ended: you get up at the first moment you may.[/]"
            )
            person.quitting = True
            self._act()
            return
        while not self.line.inbox.empty():  # what came while the person was deciding
            self._note(self.line.inbox.get())
        if action is None or self._over() or self.paused:  # (paused: asked again after)
            return
        if self.timed_out_at > decided_at:
            self.console.print("[yellow]Too late: the table has chosen for you.[/]")
            return
        self._send(action, decided_at)

    def _send(self, action: Action, seq: int) -> None:
        self.sent = (self.line.send(action, seq), action)

    # --- the end -----------------------------------------------------------------------

    def _interrupted(self) -> None:
        self.console.print("\n[yellow]Interrupted: disconnected from the table.[/]")
        if self.seat is not None and not self._over():
            self.console.print(
                f"The server holds seat {self.seat + 1} a while, making the plainest choices "
                "for it, then gets it up; its chips go back to your account."
            )

    def _summary(self) -> None:
        """What the person brought and took away, and their account before and after."""
        report = RichTable(title="Session summary", box=boxes.SIMPLE_HEAD)
        for column in ("Seat", "Player", "Brought", "Now", "Net"):
            report.add_column(column, justify="left" if column == "Player" else "right")
        if self.seat is not None:
            now = self.left_with or 0
            brought, net = (
                ("—", "—")
                if self.brought is None
                else (str(self.brought), signed(now - self.brought))
            )
            report.add_row(str(self.seat + 1), "you", brought, str(now), net)
        self.console.print(report)
        if self.closed:
            self.console.print(f"Table {self.table} has closed.")
        if self.closed or self.revealed:
            self.console.print(
                f"Its hand history, every shuffle proved and every shoe signed: "
                f"{self.server.url}/api/tables/{self.table}/history; check it with `croupier "
                f"verify FILE --key KEY`, KEY the server's ({self.server.url}/api/key).",
                soft_wrap=True,
            )
        with contextlib.suppress(*TROUBLE):
            after: int = self.line.call(self.line.client.me())["chips"]
            self.console.print(
                f"Your account at {self.server.url}: {self.before} chips before, {after} now "
                f"({signed(after - self.before)})."
            )
