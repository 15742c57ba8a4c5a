"""`croupier play chemin-de-fer`: a session at the terminal, with bots and perhaps you."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Console

from croupier.bots.chemin_de_fer import ROSTER, ChemmyBot
from croupier.cards import Card
from croupier.cli._session import Sitting, TerminalSession, bots_at_table
from croupier.cli._terminal import Prompter
from croupier.cli.chemin_de_fer._human import HumanSeat
from croupier.engine.events import Event, SeatLeft, SessionEnded, ShoeEnded, ShoeShuffled
from croupier.games.chemin_de_fer import CheminDeFer, Hand, Rules
from croupier.games.chemin_de_fer.events import (
    BancoCalled,
    BankGivenUp,
    BankOpened,
    BankPassed,
    CallsOpen,
    CoupResult,
    HandShown,
    NoBanker,
    StakePlaced,
)
from croupier.i18n import N_, _
from croupier.table import Player
from croupier.words.chemin_de_fer import result_line
from croupier.words.markup import cards_markup

__all__ = ["PLAY", "Session"]

_BRIEF = (ShoeShuffled, ShoeEnded, BankOpened, BankGivenUp, BankPassed, SeatLeft, NoBanker)


@dataclass
class _CoupLine:
    """One coup in a line (for --auto): who banked, who staked, the hands, the result."""

    bank: CallsOpen | None = None
    stakes: list[tuple[int, int]] = field(default_factory=list)
    hands: dict[Hand, tuple[Card, ...]] = field(default_factory=dict)
    result: CoupResult | None = None

    def note(self, event: Event) -> None:
        if isinstance(event, CallsOpen):
            self.bank, self.stakes, self.hands, self.result = event, [], {}, None
        elif isinstance(event, BancoCalled | StakePlaced):
            self.stakes.append((event.seat, event.amount))
        elif isinstance(event, HandShown):
            self.hands[event.hand] = event.cards
        elif isinstance(event, CoupResult):
            self.result = event


class Session(TerminalSession):
    """A Chemin de Fer table: bots from the roster, and you at `seat` unless --auto."""

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
    ) -> None:
        players = bots_at_table(bots, rules.seats, seat, ROSTER, ChemmyBot, seed)
        if seat is not None:
            players[seat] = Player(
                "you", HumanSeat(console, Prompter(console), self.short_name), refusals=None
            )
        super().__init__(
            console,
            CheminDeFer(),
            rules,
            players,
            chips,
            seed=seed,
            coups=rounds,
            human_seat=seat,
        )
        self.coup_line = _CoupLine()

    def tell(self, event: Event) -> None:
        if self.human_seat is not None:
            super().tell(event)
            return
        self.coup_line.note(event)
        if isinstance(event, CoupResult):
            self._say_coup()
        elif isinstance(event, (*_BRIEF, SessionEnded)):
            line = self.narrator(event)
            if line is not None:
                self.console.print(line.strip())

    def _say_coup(self) -> None:
        line, bank = self.coup_line, self.coup_line.bank
        assert bank is not None
        assert line.result is not None
        stakes = ", ".join(f"{self.short_name(seat)} {amount}" for seat, amount in line.stakes)
        # i18n: P the punters' hand, B the banker's
        hands = _("P {punter} · B {banker}").format(
            punter=cards_markup(line.hands[Hand.PUNTER]),
            banker=cards_markup(line.hands[Hand.BANKER]),
        )
        said = _("{coup:>3}. {banker} banks {bank} v {stakes} · {hands} · {result}")
        self.console.print(
            said.format(
                coup=bank.coup,
                banker=self.short_name(bank.banker),
                bank=bank.bank,
                stakes=stakes,
                hands=hands,
                result=result_line(line.result),
            ),
            soft_wrap=True,
        )


PLAY = Sitting(
    game="chemin-de-fer",
    session=Session,
    help=N_(
        "Sit at a Chemin de Fer table: bid for the bank, call banco or stake against it, play "
        "the punters' hand, and bank in your turn.\n\nThe bots bid, bank and stake by their own "
        "ways and draw as the game's equilibrium says. The commission is the house's share of "
        "the banker's winning coups (CF-16). Type `help` at any prompt for the commands, "
        "`table` to see the table again, `quit` to leave."
    ),
    examples=N_(
        "Examples: `croupier play chemin-de-fer --seed 7`; "
        "`croupier play chemin-de-fer --auto --seed 7 --rounds 100`; "
        "`croupier rules chemin-de-fer`."
    ),
    bots=N_("Bots at the table (default: 4 with you, 5 with --auto)."),
    usual=(4, 5),
    chips=2000,
    endless=False,
)
"""How chemin-de-fer is played at the terminal (`croupier play chemin-de-fer`)."""
