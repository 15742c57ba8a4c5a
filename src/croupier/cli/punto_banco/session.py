"""`croupier play punto-banco`: a session at the terminal, with bots and perhaps you."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich import box as boxes
from rich.console import Console
from rich.table import Table as RichTable

from croupier.bots.punto_banco import ROSTER, PuntoBancoBot
from croupier.cards import Card
from croupier.cli.punto_banco.human import HumanPunter
from croupier.cli.punto_banco.narrate import Narrator, coup_line
from croupier.cli.punto_banco.render import edges_line, rules_line
from croupier.cli.terminal import Prompter, cards_markup, plural, signed
from croupier.engine.actors import Actor
from croupier.engine.events import Event
from croupier.games.punto_banco import Hand, PuntoBanco, Rules
from croupier.games.punto_banco.events import (
    BetsOpen,
    BurnCardShown,
    CardsTurned,
    CommissionCollected,
    CoupResult,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    Settled,
    ShoeCut,
    ShoeEnded,
    ShoeShuffled,
    ThirdCard,
)
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table

__all__ = ["Session"]


@dataclass
class _Ledger:
    """Each box's chips in and out over the session, from the public events."""

    bought: dict[int, int] = field(default_factory=dict)
    left_with: dict[int, int] = field(default_factory=dict)

    def note(self, event: Event) -> None:
        if isinstance(event, SeatJoined):
            self.bought[event.box] = self.bought.get(event.box, 0) + event.chips
        elif isinstance(event, SeatLeft):
            self.left_with[event.box] = self.left_with.get(event.box, 0) + event.chips


@dataclass
class _CoupLine:
    """Gathers one coup's cards and settlements into a single line (for --auto)."""

    name: Callable[[int | None], str]
    punto: tuple[Card, ...] = ()
    banco: tuple[Card, ...] = ()
    result: CoupResult | None = None
    nets: dict[int, int] = field(default_factory=dict)
    edges: str | None = None

    def note(self, event: Event) -> None:
        if isinstance(event, BetsOpen):
            self.punto = self.banco = ()
            self.result, self.nets = None, {}
        elif isinstance(event, CardsTurned):
            setattr(self, event.hand.value, event.cards)
        elif isinstance(event, ThirdCard):
            hand = self.punto if event.hand is Hand.PUNTO else self.banco
            setattr(self, event.hand.value, (*hand, event.card))
        elif isinstance(event, CoupResult):
            self.result = event
        elif isinstance(event, Settled):
            self.nets[event.box] = self.nets.get(event.box, 0) + event.net

    def line(self, coup: int) -> str:
        assert self.result is not None
        nets = ", ".join(
            f"{self.name(box)} {signed(net)}" for box, net in sorted(self.nets.items())
        )
        return (
            f"{coup:>3}. P {cards_markup(self.punto)} · B {cards_markup(self.banco)} · "
            f"{coup_line(self.result)}"
            + (f" · {nets}" if nets else "")
            + (f" · [cyan]{self.edges}[/]" if self.edges else "")
        )


class Session:
    """One `play` session: the table, its narration, and the closing summary."""

    def __init__(
        self,
        console: Console,
        rules: Rules,
        *,
        seed: int | None,
        coups: int | None,
        bots: int,
        chips: int,
        human_box: int | None,
        odds: bool = False,
    ) -> None:
        self.console = console
        self.odds = odds
        self.game = PuntoBanco()
        self.rules = rules
        self.human_box = human_box
        self.bot_names: dict[int, str] = {}
        players: dict[int, Player] = {}
        free = [box for box in range(rules.boxes) if box != human_box]
        for number, box in enumerate(free[:bots]):
            name, policy = ROSTER[number % len(ROSTER)]
            self.bot_names[box] = name
            bot = PuntoBancoBot(stream(seed, f"bot/{box}"), policy)
            players[box] = Player(name, bot)
        if human_box is not None:
            prompter = Prompter(console)
            human = HumanPunter(console, prompter, self._short_name, odds=odds)
            players[human_box] = Player("you", human)
        self.ledger = _Ledger(bought=dict.fromkeys(players, chips))
        self.croupier = Croupier(rounds=coups)
        self.table = Table(
            self.game,
            rules,
            players,
            buy_ins=dict.fromkeys(players, chips),
            seed=seed,
            croupier=self.croupier,
        )
        self.narrator = Narrator(self.name)
        self.coup_line = _CoupLine(lambda box: self._short_name(box) if box is not None else "")
        self.table.watch(human_box, self._watch)

    def name(self, box: int | None) -> str:
        if box is None:
            return "the croupier"
        return f"box {box + 1} ({self._short_name(box)})"

    def _short_name(self, box: int) -> str:
        return "you" if box == self.human_box else self.bot_names.get(box, "guest")

    def _watch(self, actor: Actor, events: tuple[Event, ...]) -> None:
        for event in events:
            self.ledger.note(event)
            if isinstance(event, SeatLeft) and event.box == self.human_box:
                self.croupier.closing = True
            if self.human_box is None:
                self._tell_briefly(event)
            else:
                self._say(self.narrator(event))
        self._flush()

    def _say(self, line: str | None) -> None:
        if line is not None:
            self.console.print(line)

    _BRIEF = (ShoeShuffled, ShoeCut, BurnCardShown, SeatJoined, SeatLeft, CommissionCollected)

    def _tell_briefly(self, event: Event) -> None:
        """--auto: one line a coup, and the shoe's own events."""
        if isinstance(event, BetsOpen | ShoeEnded | SessionEnded):
            self._flush()
        self.coup_line.note(event)
        if isinstance(event, BetsOpen) and self.odds:
            self.coup_line.edges = edges_line(self.game.view(self.table.state, None), short=True)
        if isinstance(event, (*self._BRIEF, ShoeEnded, SessionEnded)):
            self._say(self.narrator(event))

    def _flush(self) -> None:
        if self.coup_line.result is not None:
            line = self.coup_line.line(self.game.rounds(self.table.state))
            self.console.print(line, soft_wrap=True)
            self.coup_line.result = None

    def run(self) -> None:
        """Play to the end; Ctrl-C closes the table as if the croupier had."""
        rules = self.rules
        self.console.print(
            f"[bold]Punto Banco[/] — {rules.table.value} table, {rules.decks} decks, "
            f"{rules.boxes} boxes."
        )
        self.console.print(f"[dim]{rules_line(self.game.view(self.table.state, None))}[/]")
        try:
            self.table.run()
        except KeyboardInterrupt:
            self.console.print("\n[yellow]Interrupted: the session stops here.[/]")
        self.summary()

    def summary(self) -> None:
        state = self.table.state
        view = self.game.view(state, None)
        report = RichTable(title="Session summary", box=boxes.SIMPLE_HEAD)
        for column in ("Box", "Player", "Brought", "Now", "Net"):
            report.add_column(column, justify="left" if column == "Player" else "right")
        for box in sorted(self.ledger.bought):
            seated = view.boxes[box]
            now = (seated.chips if seated else 0) + self.ledger.left_with.get(box, 0)
            bought = self.ledger.bought[box]
            report.add_row(
                str(box + 1), self._short_name(box), str(bought), str(now), signed(now - bought)
            )
        self.console.print(report)
        chips = self.game.chips(state)
        self.console.print(
            f"{plural(self.game.rounds(state), 'coup')} over {plural(state.shoes, 'shoe')}. "
            f"House takings {signed(chips.house)}. "
            + ("Chips conserved exactly." if chips.balanced else "[red]CHIPS NOT CONSERVED[/]")
        )

    def save(self, path: Path) -> None:
        path.write_text(self.table.history.to_json())
        self.console.print(f"History written to {path}.")
