"""`croupier play private-monte`: a session at the terminal, with bots and perhaps you."""

from __future__ import annotations

from rich.console import Console

from croupier.bots.private_monte import ROSTER, LayoutBettor
from croupier.cli.monte_bank.session import Session
from croupier.cli.private_monte.human import PrivateSeat
from croupier.cli.private_monte.render import odds_table
from croupier.cli.session import bots_at_table
from croupier.cli.terminal import Prompter
from croupier.games.monte_bank import MonteView
from croupier.games.private_monte import PrivateMonte, PrivateRules
from croupier.i18n import _
from croupier.table import Player

__all__ = ["PrivateSession"]


class PrivateSession(Session):
    """A Private Monte table: bots that bet flat or count the pack, and you unless --auto;
    `odds` shows the exact odds of each layout given the cards seen."""

    game_type = PrivateMonte

    def __init__(
        self,
        console: Console,
        rules: PrivateRules,
        *,
        seed: int | None,
        rounds: int | None,
        bots: int,
        chips: int,
        human_seat: int | None,
        rituals: bool = False,
        odds: bool = False,
    ) -> None:
        self.odds = odds
        super().__init__(
            console,
            rules,
            seed=seed,
            rounds=rounds,
            bots=bots,
            chips=chips,
            human_seat=human_seat,
            rituals=rituals,
        )

    def bots(
        self, count: int, seats: int, human_seat: int | None, seed: int | None
    ) -> dict[int, Player]:
        return bots_at_table(count, seats, human_seat, ROSTER, LayoutBettor.seated, seed)

    def human(self, console: Console, rituals: bool) -> PrivateSeat:
        return PrivateSeat(
            console, Prompter(console), self.short_name, rituals=rituals, odds=self.odds
        )

    def show_layout(self, view: MonteView) -> None:
        super().show_layout(view)
        if self.odds:
            self.console.print(odds_table(view))

    def header(self) -> None:
        super().header()
        counters = [
            self.short_name(seat)
            for seat, player in self.players.items()
            if isinstance(player.controller, LayoutBettor) and player.controller.counting
        ]
        if counters:
            said = _("Counting the pack: {names}.").format(names=", ".join(counters))
            self.console.print(said)
