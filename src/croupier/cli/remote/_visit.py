"""One person's visit to a table at croupier's server: logged in (or registered), a table
found or opened, seated, playing, up, and summed up."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape

from croupier.cli._seat import AskedSeat
from croupier.cli._session import TerminalSession, summary_table
from croupier.cli._terminal import Prompter
from croupier.cli.remote._codec import Codec, refusal
from croupier.cli.remote._line import Line
from croupier.cli.remote._trouble import TROUBLE, reason
from croupier.client import ProtocolError, ServerRefused
from croupier.engine.actions import Action, Amounts, Join, Leave
from croupier.engine.events import SeatJoined, SeatLeft
from croupier.engine.game import Game
from croupier.errors import CroupierError
from croupier.fairness import fresh_part
from croupier.i18n import _, ngettext
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
            left = max(0, round(self.until - time.monotonic()))
            prompt = _("({seconds}s) {prompt}").format(seconds=left, prompt=prompt)
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
            raise Failed(_at(self.server.url, error)) from None
        self._summary()
        return 0

    def _enter(self) -> int:
        """Register or log in: the chips in the person's account."""
        server, client = self.server, self.line.client
        try:
            self.line.call(client.health())
        except ServerRefused as error:
            if error.status == 503:
                said = _("the server at {url} has no database answering")
                raise Failed(said.format(url=server.url)) from None
            raise Failed(_not_croupier(server.url)) from None
        except ProtocolError:
            raise Failed(_not_croupier(server.url)) from None
        except TROUBLE as error:
            raise Failed(_at(server.url, error)) from None
        enter = client.register if server.register else client.log_in
        try:
            person: dict[str, Any] = self.line.call(enter(server.name, server.password))
        except ServerRefused as error:
            if error.status >= 500:
                raise Failed(_at(server.url, error)) from None
            taken = _("the name {name!r} is taken").format(name=server.name)  # as it says so
            if server.register and error.reason == taken:
                said = _("cannot register as {name!r}: {reason}: log in without --register")
            elif server.register:
                said = _("cannot register as {name!r}: {reason}")
            elif error.status == 401:
                said = _("cannot log in as {name!r}: {reason} (new here? add --register)")
            else:
                said = _("cannot log in as {name!r}: {reason}")
            raise Failed(said.format(name=server.name, reason=error.reason)) from None
        chips: int = person["chips"]
        self.me = person["name"]
        if server.register:
            welcome = ngettext(
                "Registered at {url} as {name}: {n} chip in your account.",
                "Registered at {url} as {name}: {n} chips in your account.",
                chips,
            )
        else:
            welcome = ngettext(
                "Logged in at {url} as {name}: {n} chip in your account.",
                "Logged in at {url} as {name}: {n} chips in your account.",
                chips,
            )
        self.console.print(welcome.format(url=server.url, name=person["name"], n=chips))
        if server.chips is not None and server.chips > chips:
            said = _("--chips {chips}: your account holds {held}")
            raise Failed(said.format(chips=server.chips, held=chips))
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
                said = _("cannot open a table: {reason}")
                raise Failed(said.format(reason=error.reason)) from None
            table: int = entry["id"]
            self.opened = True
            if server.bots:
                said = ngettext(
                    "Table {table} is open, with {n} bot.",
                    "Table {table} is open, with {n} bots.",
                    server.bots,
                )
            else:
                said = _("Table {table} is open, with no bots.")
            self.console.print(said.format(table=table, n=server.bots))
            return table
        try:
            entry = self.line.call(client.table_entry(server.table))
        except ServerRefused as error:
            raise Failed(error.reason) from None
        if entry["game"] != self.game.name:
            said = _("table {table} plays {game}: `croupier play {game} --join {table}` sits there")
            raise Failed(said.format(table=server.table, game=entry["game"]))
        if entry["closed"]:
            raise Failed(_("table {table} has closed").format(table=server.table))
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
            said = _("--seat {seat}: table {table}'s seats are 1 to {last}")
            raise Failed(said.format(seat=wanted + 1, table=self.table, last=self.places))
        mine = any(not held["bot"] and held["name"] == self.me for held in lobby.values())
        free = [seat for seat in range(self.places) if seat not in lobby]
        if wanted is not None and wanted in lobby and not mine:
            said = (
                _("seat {seat} at table {table} is taken by {name}; the seats open are {open}")
                if free
                else _("seat {seat} at table {table} is taken by {name}; the seats open are none")
            )
            listed = ", ".join(str(seat + 1) for seat in free)
            name = lobby[wanted]["name"]
            raise Failed(said.format(seat=wanted + 1, table=self.table, name=name, open=listed))
        if not free and not mine:
            said = ngettext(
                "table {table} has no room: its {n} seat is taken",
                "table {table} has no room: its {n} seats are taken",
                self.places,
            )
            raise Failed(said.format(table=self.table, n=self.places))
        tries, told, joining = 0, False, None
        while self.session is None:
            message = self.line.inbox.get()
            kind = message["type"]
            if kind == "view":
                if message["closed"]:
                    raise Failed(_("table {table} has closed").format(table=self.table))
                self.rules = self.codec.view(message["view"]).rules
                if message["seat"] is not None:  # held for this person since they dropped
                    self.brought = None
                    self._seated(message["seat"], 0)
                    said = _("You are back at seat {seat}.").format(seat=message["seat"] + 1)
                    self.console.print(said)
                    self._note_view(message)
                    return
                offered = {int(seat): option for seat, option in message["open_seats"].items()}
                seat = wanted if wanted is not None else min(offered, default=None)
                if joining is None and seat is not None and seat in offered:
                    chips = self._buy_in(self.codec.option(offered[seat]))
                    sent = self.line.send(Join(chips), message["seq"], seat, fresh_part())
                    joining = (sent, seat, chips)
                elif joining is None and not told:
                    self.console.print(_("Waiting for a moment when a seat may be taken…"))
                    told = True
            elif kind == "step" and joining is None and wanted is not None:
                for event in self.codec.step(message.get("events", [])):
                    if isinstance(event, SeatJoined) and event.seat == wanted:
                        said = _("seat {seat} was taken before you could sit there")
                        raise Failed(said.format(seat=wanted + 1))
            elif kind in ("ack", "refused") and joining and message["key"] == joining[0]:
                seat, chips = joining[1:]
                if kind == "ack":
                    self._seated(seat, chips)
                    return
                tries += 1
                if message["error"] not in _STALE or tries >= _JOIN_TRIES:
                    said = _("cannot sit down at seat {seat}: {reason}")
                    raise Failed(said.format(seat=seat + 1, reason=message["reason"]))
                joining = None  # the table moved on: at the next moment it offers the seat
            else:
                self._note_other(message)

    def _buy_in(self, option: Amounts[Join]) -> int:
        """The chips to bring: as asked, or the usual buy-in or all the account holds."""
        chips = self.server.chips
        if chips is None:
            chips = min(self.server.usual, self.before)
            if chips < option.low:
                said = ngettext(
                    "your account holds {n} chip: too few to sit down",
                    "your account holds {n} chips: too few to sit down",
                    self.before,
                )
                raise Failed(said.format(n=self.before))
        if not option.low <= chips <= option.high:
            said = _("--chips {chips}: this table takes {low} to {high}")
            raise Failed(said.format(chips=chips, low=option.low, high=option.high))
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
            said = _("[yellow]Your time is up: the table makes the plainest choice.[/]")
            self.console.print(said)
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
            said = f"{paused[0].upper()}{paused[1:]}." if paused else _("Play goes on.")
            self.console.print(f"[yellow]{escape(said)}[/]")
            self.paused = paused
        if message["closed"] and self.seat is not None and self.left_with is None:
            self.left_with = int(message["paid_out"].get(str(self.seat), 0))
        if message["seat"] != self.seat and not self._over():
            self.console.print(_("[yellow]The server has got you up.[/]"))
            self.left_with = 0  # while away, past the hold: what it paid out was not heard
        self._note_shuffle(message)
        waiting = {int(seat): left for seat, left in message["waiting"].items()}
        prompter = self._person().prompter
        assert isinstance(prompter, _Timed)
        left = waiting.pop(self.seat, None) if self.seat is not None else None
        prompter.until = None if left is None else time.monotonic() + left
        assert self.session is not None
        for seat in sorted(set(waiting) - self.waited):
            said = _("[dim]Waiting for {name}: {seconds}s to act.[/]")
            self.console.print(
                said.format(name=self.session.name(seat), seconds=f"{waiting[seat]:.0f}")
            )
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
        said = _("[dim]Shuffle {shuffle} is committed to: sha256 {commitment}.[/]")
        said = said.format(shuffle=fair["shuffle"], commitment=made)
        self.console.print(said, soft_wrap=True)  # the digest whole, to compare
        if fair["part"] is None and message["seat"] is not None:
            self.line.give(made, fresh_part())

    def _note_other(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "reconnected":
            said = (
                _("[yellow]The connection dropped and is back.[/]")
                if message["resumed"]
                else _(
                    "[yellow]The connection dropped and is back; what happened meanwhile is "
                    "not told.[/]"
                )
            )
            self.console.print(said)
        elif kind == "lost":
            said = _(
                "the connection to the server at {url} dropped and could not be opened again: "
                "the server {reason}"
            )
            raise Failed(said.format(url=self.server.url, reason=message["reason"]))
        elif kind == "chat":
            for line in message["lines"]:
                said = f"{escape(str(line['name']))}: {escape(str(line['text']))}"
                self.console.print(f"[cyan]{said}[/]", soft_wrap=True)
        elif kind == "given" and "part" in message:
            said = _("Your part of shuffle {shuffle} is revealed, as sealed: {part}.")
            said = said.format(shuffle=message["shuffle"], part=message["part"])
            self.console.print(f"[dim]{escape(said)}[/]", soft_wrap=True)
        elif kind == "given":
            said = _("Your part of shuffle {shuffle} is sealed: sha256 {sealed}.")
            said = said.format(shuffle=message["shuffle"], sealed=message["sealed"])
            self.console.print(f"[dim]{escape(said)}[/]", soft_wrap=True)
        elif kind == "error" and message.get("about") == "part":  # the shuffle was made
            said = _("[dim]Your part was not taken: {reason}.[/]")
            self.console.print(said.format(reason=escape(message["reason"])))
        elif kind == "error":
            said = _("the server could not read what was sent: {reason}")
            raise Failed(said.format(reason=message["reason"]))

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
            said = _("\n[yellow]The input has ended: you get up at the first moment you may.[/]")
            self.console.print(said)
            person.quitting = True
            self._act()
            return
        while not self.line.inbox.empty():  # what came while the person was deciding
            self._note(self.line.inbox.get())
        if action is None or self._over() or self.paused:  # (paused: asked again after)
            return
        if self.timed_out_at > decided_at:
            self.console.print(_("[yellow]Too late: the table has chosen for you.[/]"))
            return
        self._send(action, decided_at)

    def _send(self, action: Action, seq: int) -> None:
        self.sent = (self.line.send(action, seq), action)

    # --- the end -----------------------------------------------------------------------

    def _interrupted(self) -> None:
        self.console.print(_("\n[yellow]Interrupted: disconnected from the table.[/]"))
        if self.seat is not None and not self._over():
            said = _(
                "The server holds seat {seat} a while, making the plainest choices for it, "
                "then gets it up; its chips go back to your account."
            )
            self.console.print(said.format(seat=self.seat + 1))

    def _summary(self) -> None:
        """What the person brought and took away, and their account before and after."""
        report = summary_table()
        if self.seat is not None:
            now = self.left_with or 0
            brought, net = (
                ("—", "—")
                if self.brought is None
                else (str(self.brought), signed(now - self.brought))
            )
            report.add_row(str(self.seat + 1), _("you"), brought, str(now), net)
        self.console.print(report)
        if self.closed:
            self.console.print(_("Table {table} has closed.").format(table=self.table))
        if self.closed or self.revealed:
            said = _(
                "Its hand history, every shuffle proved and every shoe signed: "
                "{url}/api/tables/{table}/history; check it with `croupier verify FILE --key "
                "KEY`, KEY the server's ({url}/api/key)."
            )
            self.console.print(said.format(url=self.server.url, table=self.table), soft_wrap=True)
        after = self._account()
        if after is not None:
            said = _("Your account at {url}: {before} chips before, {after} now ({net}).")
            net = signed(after - self.before)
            self.console.print(
                said.format(url=self.server.url, before=self.before, after=after, net=net)
            )

    def _account(self) -> int | None:
        """The chips in the person's account now, as the server says; asked again, up to
        `_ASKS` times, while the asking fails (a busy server, a dropped request); None if
        it never answers."""
        for _ask in range(_ASKS):
            with contextlib.suppress(*TROUBLE):
                chips: int = self.line.call(self.line.client.me())["chips"]
                return chips
        return None


_ASKS = 3
"""How many times the closing summary asks the server for the account."""


def _at(url: str, error: BaseException) -> str:
    """What went wrong with the server at `url`, by `error`."""
    return _("the server at {url} {reason}").format(url=url, reason=reason(error))


def _not_croupier(url: str) -> str:
    """That `url` is not a croupier server's."""
    return _("{url} does not answer as a croupier server does").format(url=url)
