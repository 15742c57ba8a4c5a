"""`croupier play punto-banco`: a session at the terminal, with bots and perhaps you."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console

from croupier.bots.punto_banco import ROSTER, PuntoBancoBot
from croupier.cards import Card
from croupier.cli._session import Sitting, TerminalSession, bots_at_table
from croupier.cli._terminal import Prompter
from croupier.cli.punto_banco._human import HumanPunter
from croupier.cli.punto_banco._render import edges_line
from croupier.engine.events import (
    Event,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    ShoeCut,
    ShoeEnded,
    ShoeShuffled,
)
from croupier.games.punto_banco import Hand, PuntoBanco, Rules
from croupier.games.punto_banco.events import (
    BetsOpen,
    BurnCardShown,
    CardsTurned,
    CommissionCollected,
    CoupResult,
    Settled,
    ThirdCard,
)
from croupier.i18n import N_, _
from croupier.table import Player
from croupier.words.markup import cards_markup, signed
from croupier.words.punto_banco import coup_line

__all__ = ["PLAY", "Session"]

_BRIEF = (ShoeShuffled, ShoeCut, BurnCardShown, SeatJoined, SeatLeft, CommissionCollected)


@dataclass
class _CoupLine:
    """Gathers one coup's cards and settlements into a single line (for --auto)."""

    name: Callable[[int], str]
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
        said = _("{coup:>3}. P {punto} · B {banco} · {result}").format(
            coup=coup,
            punto=cards_markup(self.punto),
            banco=cards_markup(self.banco),
            result=coup_line(self.result),
        )
        return (
            said
            + (f" · {nets}" if nets else "")
            + (f" · [cyan]{self.edges}[/]" if self.edges else "")
        )


class Session(TerminalSession):
    """A Punto Banco table: bots from the roster, and you at `seat` unless --auto."""

    def __init__(
        self,
        console: Console,
        rules: Rules,
        *,
        seed: int | None,
        rounds: int | None,
        bots: int,
        chips: int,
        seat: int | None,
        odds: bool = False,
    ) -> None:
        self.odds = odds
        players = bots_at_table(bots, rules.boxes, seat, ROSTER, PuntoBancoBot, seed)
        if seat is not None:
            human = HumanPunter(console, Prompter(console), self.short_name, odds=odds)
            players[seat] = Player("you", human, refusals=None)
        super().__init__(
            console,
            PuntoBanco(),
            rules,
            players,
            chips,
            seed=seed,
            coups=rounds,
            human_seat=seat,
        )
        self.coup_line = _CoupLine(self.short_name)

    def tell(self, event: Event) -> None:
        if self.human_seat is not None:
            super().tell(event)
            return
        # --auto: one line a coup, and the shoe's own events.
        if isinstance(event, BetsOpen | ShoeEnded | SessionEnded):
            self.after_step()
        self.coup_line.note(event)
        if isinstance(event, BetsOpen) and self.odds:
            self.coup_line.edges = edges_line(self.game.view(self.table.state, None), short=True)
        if isinstance(event, (*_BRIEF, ShoeEnded, SessionEnded)):
            line = self.narrator(event)
            if line is not None:
                self.console.print(line.strip())

    def after_step(self) -> None:
        if self.coup_line.result is not None:
            line = self.coup_line.line(self.game.rounds(self.table.state))
            self.console.print(line, soft_wrap=True)
            self.coup_line.result = None


PLAY = Sitting(
    game="punto-banco",
    session=Session,
    help=N_(
        "Sit at a Punto Banco table: bet punto, banco or égalité against the house.\n\nYou are "
        "asked for your bets each coup, to cut when a new shoe starts, to turn punto's cards "
        "when yours is the highest punto stake, and to choose on 5. Type `help` at any prompt "
        "for the commands. Your seat is a box."
    ),
    examples=N_(
        "Examples: `croupier play punto-banco --seed 7` (the same cards each time); "
        "`croupier play punto-banco --auto --seed 7 --rounds 200` (watch bots play); "
        "`croupier rules punto-banco` (the rules)."
    ),
    bots=N_("Bots at the table (default: 4 with you, 6 with --auto)."),
    usual=(4, 6),
    chips=1000,
    odds=N_("Show each bet's exact house edge for the cards not yet seen, every coup."),
    banked=False,
    endless=False,
)
"""How punto-banco is played at the terminal (`croupier play punto-banco`)."""
