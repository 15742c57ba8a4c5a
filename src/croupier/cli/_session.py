"""A session at the terminal, whatever the game: the table, its narration, the summary."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from rich import box as boxes
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from croupier import words
from croupier.engine.actors import Actor
from croupier.engine.events import ChipsAdded, Event, SeatJoined, SeatLeft
from croupier.engine.game import Game
from croupier.errors import InvalidInput, TableStopped
from croupier.fairness import FairShuffler, checked_part
from croupier.i18n import N_, _
from croupier.randomness import stream
from croupier.table import Controller, Croupier, Player, Table
from croupier.words.markup import plural, signed

__all__ = ["Sitting", "TerminalSession", "bots_at_table", "summary_table"]

_COLUMNS = (N_("Seat"), N_("Player"), N_("Brought"), N_("Now"), N_("Net"))
"""The summary's columns."""


def summary_table() -> RichTable:
    """A session summary's table, its rows to come: a seat's chips brought, now and net."""
    report = RichTable(title=_("Session summary"), box=boxes.SIMPLE_HEAD)
    for column in _COLUMNS:
        report.add_column(_(column), justify="left" if column == "Player" else "right")
    return report


P = TypeVar("P")


def bots_at_table(
    count: int,
    seats: int,
    human_seat: int | None,
    roster: Sequence[tuple[str, P]],
    bot: Callable[[random.Random, P], Controller],
    seed: int | None,
) -> dict[int, Player]:
    """`count` bots from the roster in the first free seats, each with its own stream."""
    free = [seat for seat in range(seats) if seat != human_seat]
    return {
        seat: Player(name, bot(stream(seed, f"bot/{seat}"), policy))
        for seat, (name, policy) in zip(free[:count], itertools.cycle(roster), strict=False)
    }


@dataclass
class _Ledger:
    """Each seat's chips in and out over the session, from the public events."""

    bought: dict[int, int] = field(default_factory=dict)
    left_with: dict[int, int] = field(default_factory=dict)

    def note(self, event: Event) -> None:
        if isinstance(event, SeatJoined | ChipsAdded):
            self.bought[event.seat] = self.bought.get(event.seat, 0) + event.chips
        elif isinstance(event, SeatLeft):
            self.left_with[event.seat] = self.left_with.get(event.seat, 0) + event.chips


class TerminalSession:
    """Runs a table at the terminal. A game's session says who sits where (`players`,
    `names`), what is played (`header`) and tells each event (`tell`); this class does the
    rest: the local table and its croupier, the person leaving, Ctrl-C, the closing
    summary, saving the history. A table at a server (cli/remote) feeds the same
    session each step's events instead (`hear`), and never makes the local table."""

    def __init__(
        self,
        console: Console,
        game: Game[Any, Any, Any],
        config: Any,
        players: dict[int, Player],
        chips: int,
        *,
        seed: int | None,
        coups: int | None,
        human_seat: int | None,
    ) -> None:
        self.console = console
        self.game = game
        self.config = config
        self.players = players
        self.human_seat = human_seat
        self.names = words.Names(
            words.place(game.name), {seat: player.name for seat, player in players.items()}
        )
        self.narrator = words.narrator(game.name, self.names)
        self.round_name = words.round_name(game.name)
        """What one round of the game is called."""
        self.buy_ins = dict.fromkeys(players, chips)
        self.ledger = _Ledger(bought=dict(self.buy_ins))
        self.croupier = Croupier(rounds=coups)
        self.seed = seed
        self.fair = False
        """Whether the shuffles are provably fair (`croupier.fairness`): set before it runs."""
        self.interrupted = False

    def short_name(self, seat: int) -> str:
        """`Anna`, as the person knows the player at `seat`."""
        return self.names.short(seat)

    def name(self, seat: int | None) -> str:
        """`seat 3 (Anna)` (`box 3` at Punto Banco), or the croupier for None."""
        return self.names(seat)

    @functools.cached_property
    def table(self) -> Table:
        """The local table, made when first needed."""
        table = Table(
            self.game,
            self.config,
            self.players,
            buy_ins=self.buy_ins,
            seed=self.seed,
            croupier=self.croupier,
            shuffler=self._fair_shuffler() if self.fair else None,
        )
        table.watch(self.human_seat, self._watch)
        return table

    def _fair_shuffler(self) -> FairShuffler:
        """Each shuffle's commitment told, then every seat's part taken: the person's as
        typed (Enter: a random one), each bot's from its own stream."""
        parts = {seat: stream(self.seed, f"fair/{seat}") for seat in self.players}

        def gather(made: str) -> dict[int, str]:
            said = _("The next shuffle is committed to: sha256 [bold]{commitment}[/].")
            self.console.print(said.format(commitment=made))
            given = {seat: rng.randbytes(16).hex() for seat, rng in parts.items()}
            if self.human_seat in given and self.person is not None:
                typed = self._part_typed()
                given[self.human_seat] = typed or given[self.human_seat]
            return given

        return FairShuffler.seeded(self.seed, gather)

    def _part_typed(self) -> str:
        """The person's part of the shuffle, asked until it is one (empty: none typed)."""
        while True:
            typed: str = self.console.input(
                _("Your part of the shuffle (any words; Enter: a random one): ")
            )
            try:
                return checked_part(typed.strip())
            except InvalidInput as error:
                self.console.print(f"[red]{escape(str(error))}.[/]")

    @property
    def person(self) -> Controller | None:
        """Who decides for the person's seat (the person at the terminal), while it is taken."""
        player = self.players.get(self.human_seat) if self.human_seat is not None else None
        return None if player is None else player.controller

    def tell(self, event: Event) -> None:
        """Say what happened, as the game's narrator tells it (a game's session may say
        less, or say it another way)."""
        line = self.narrator(event)
        if line is not None:
            self.console.print(line)

    def after_step(self) -> None:
        """Anything to say once a step's events are told."""
        for line in self.narrator.end_of_step():
            self.console.print(line)

    def header(self) -> None:
        """What is played here, said once at the start."""
        for line in words.header(self.game.name, self.config):
            self.console.print(line)

    def hear(self, events: tuple[Event, ...]) -> None:
        """Tell one step's events, as the person's seat sees them."""
        for event in events:
            self.tell(event)
        self.after_step()

    def _watch(self, actor: Actor, events: tuple[Event, ...]) -> None:
        for event in events:  # the accounts first, whatever stops the telling
            self.ledger.note(event)
            if isinstance(event, SeatLeft) and event.seat == self.human_seat:
                self.croupier.closing = True
        self.hear(events)
        if getattr(self.person, "quitting", False):
            self.croupier.closing = True  # the person has had enough: close at the next chance

    def run(self) -> None:
        """Play to the end. Ctrl-C (which sets `interrupted`) or the end of input stops the
        table at once; the summary gives the stakes not yet settled back to their owners."""
        self.header()
        try:
            self.table.run()
        except KeyboardInterrupt:
            self.interrupted = True
            self.console.print(_("\n[yellow]Interrupted: the table stops here.[/]"))
        except EOFError:
            self.console.print(_("\n[yellow]The input has ended: the table stops here.[/]"))
        except TableStopped as error:
            self.console.print(f"\n[red]{escape(str(error))}.[/]")
        self.summary()

    def summary(self) -> None:
        """Each seat's chips, brought and now (stakes not yet settled given back), and the
        sum that shows every chip is where the figures say."""
        state = self.table.state
        holdings, returned = self.game.holdings(state), self.game.stakes(state)
        now = {
            seat: holdings.get(seat, 0) + self.ledger.left_with.get(seat, 0) + returned.get(seat, 0)
            for seat in self.ledger.bought
        }
        report = summary_table()
        for seat in sorted(now):
            brought, chips = self.ledger.bought[seat], now[seat]
            net = signed(chips - brought)
            report.add_row(str(seat + 1), self.short_name(seat), str(brought), str(chips), net)
        self.console.print(report)
        if returned:
            back = ", ".join(f"{self.name(seat)} {n}" for seat, n in sorted(returned.items()))
            said = _("Stakes not settled, given back to their owners: {seats}.")
            self.console.print(said.format(seats=back))
        rounds = plural(self.game.rounds(state), self.round_name)
        house = self.game.chips(state).house
        said = _("{rounds}. House takings {house}.")
        self.console.print(said.format(rounds=rounds, house=signed(house)))
        self.console.print(self._sum(now, returned), soft_wrap=True)

    def _sum(self, now: dict[int, int], returned: dict[int, int]) -> str:
        """`5000 brought = 4990 at the seats + 10 house takings.`, and whether it holds."""
        chips = self.game.chips(self.table.state)
        brought, at_seats = sum(self.ledger.bought.values()), sum(now.values())
        elsewhere = [
            (chips.house, _("house takings")),
            (chips.apart, _("kept apart")),
            (chips.staked - sum(returned.values()), _("staked")),
        ]
        shown = "".join(f" {'−' if n < 0 else '+'} {abs(n)} {where}" for n, where in elsewhere if n)
        figures = {"brought": brought, "at_seats": at_seats, "elsewhere": shown}
        if brought == at_seats + sum(n for n, _where in elsewhere):
            said = _(
                "{brought} brought = {at_seats} at the seats{elsewhere}. Chips conserved exactly."
            )
            return said.format(**figures)
        said = _(
            "[red]{brought} brought ≠ {at_seats} at the seats{elsewhere}: CHIPS NOT CONSERVED.[/]"
        )
        return said.format(**figures)

    def save(self, path: Path) -> None:
        self.table.reveal()  # the session is over here
        path.write_text(self.table.history.to_json(), encoding="utf-8")
        self.console.print(_("History written to {path}.").format(path=path))
        if self.fair:
            said = _("Anyone can check its shuffles: `croupier verify {path}`.")
            self.console.print(said.format(path=path))


@dataclass(frozen=True, slots=True)
class Sitting:
    """How a game is played at the terminal, as `croupier play <game>` offers it: each
    game's session module declares its own once (`PLAY`), and cli/play.py makes the
    game's command from it.

    `session` is called with the console, the rule set and `seed`, `rounds`, `bots`,
    `chips` and `seat` (None: --auto), and `odds` and `rituals` where the game shows odds
    (`odds`, the option's help) or has rituals. Its words (`help`, `examples`, `bots`,
    the --bots help, which says the `usual` bots with a person and with --auto) are
    English for the catalogs, translated where they are shown. Where a seat holds the bank
    (`banked`), --auto needs a banker and a punter; where a bank may last for ever
    (`endless`), --auto closes after a number of rounds unless told."""

    game: str
    session: Callable[..., TerminalSession]
    help: str
    examples: str
    bots: str
    usual: tuple[int, int]
    chips: int
    odds: str | None = None
    rituals: bool = False
    banked: bool = True
    endless: bool = True
