"""A session at the terminal, whatever the game: the table, its narration, the summary."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from rich import box as boxes
from rich.console import Console
from rich.table import Table as RichTable

from croupier.cli.terminal import plural, signed
from croupier.engine.actors import Actor
from croupier.engine.events import Event, SeatJoined, SeatLeft
from croupier.engine.game import Game
from croupier.randomness import stream
from croupier.table import Controller, Croupier, Player, Table

__all__ = ["TerminalSession", "bots_at_table"]

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
        if isinstance(event, SeatJoined):
            self.bought[event.seat] = self.bought.get(event.seat, 0) + event.chips
        elif isinstance(event, SeatLeft):
            self.left_with[event.seat] = self.left_with.get(event.seat, 0) + event.chips


class TerminalSession:
    """Runs a table at the terminal. A game's session says who sits where (`players`,
    `names`) and tells each event (`tell`); this class does the rest: the croupier, the
    person leaving, Ctrl-C, the closing summary, saving the history."""

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
        self.human_seat = human_seat
        self.names = {seat: player.name for seat, player in players.items()}
        self.ledger = _Ledger(bought=dict.fromkeys(players, chips))
        self.croupier = Croupier(rounds=coups)
        self.table = Table(
            game,
            config,
            players,
            buy_ins=dict.fromkeys(players, chips),
            seed=seed,
            croupier=self.croupier,
        )
        self.table.watch(human_seat, self._watch)

    round_name = "coup"
    """What one round of the game is called."""

    def short_name(self, seat: int) -> str:
        return self.names.get(seat, "guest")

    def name(self, seat: int | None) -> str:
        """`seat 3 (Anna)`, or the croupier for None."""
        return "the croupier" if seat is None else f"seat {seat + 1} ({self.short_name(seat)})"

    def tell(self, event: Event) -> None:
        """Say what happened; each game's session says it in its own words."""
        raise NotImplementedError

    def after_step(self) -> None:
        """Anything to say once a step's events are told."""

    def _watch(self, actor: Actor, events: tuple[Event, ...]) -> None:
        for event in events:
            self.ledger.note(event)
            if isinstance(event, SeatLeft) and event.seat == self.human_seat:
                self.croupier.closing = True
            self.tell(event)
        human = self.table.players.get(self.human_seat) if self.human_seat is not None else None
        if human is not None and getattr(human.controller, "quitting", False):
            self.croupier.closing = True  # the person has had enough: close at the next chance
        self.after_step()

    def run(self) -> None:
        """Play to the end; Ctrl-C closes the table as if the croupier had."""
        try:
            self.table.run()
        except KeyboardInterrupt:
            self.console.print("\n[yellow]Interrupted: the session stops here.[/]")
        self.summary()

    def summary(self) -> None:
        state = self.table.state
        holdings = self.game.holdings(state)
        report = RichTable(title="Session summary", box=boxes.SIMPLE_HEAD)
        for column in ("Seat", "Player", "Brought", "Now", "Net"):
            report.add_column(column, justify="left" if column == "Player" else "right")
        for seat in sorted(self.ledger.bought):
            now = holdings.get(seat, 0) + self.ledger.left_with.get(seat, 0)
            bought = self.ledger.bought[seat]
            report.add_row(
                str(seat + 1), self.short_name(seat), str(bought), str(now), signed(now - bought)
            )
        self.console.print(report)
        chips = self.game.chips(state)
        conserved = "Chips conserved exactly." if chips.balanced else "[red]CHIPS NOT CONSERVED[/]"
        rounds = plural(self.game.rounds(state), self.round_name)
        self.console.print(f"{rounds}. House takings {signed(chips.house)}. {conserved}")

    def save(self, path: Path) -> None:
        path.write_text(self.table.history.to_json(), encoding="utf-8")
        self.console.print(f"History written to {path}.")
