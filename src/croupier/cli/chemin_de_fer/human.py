"""A person playing Chemin de Fer at the terminal: prompts, the words each knows, refusals."""

from __future__ import annotations

from collections.abc import Hashable

from rich.console import RenderableType

from croupier.bots.defaults import default_action
from croupier.cli.chemin_de_fer.render import table_panel
from croupier.cli.seat import AskedSeat
from croupier.cli.terminal import CommandError, cut_range, middle_cut
from croupier.cli.words import Words, amount, command, word, word_by
from croupier.engine.actions import Action, Amounts, Cut, Leave
from croupier.games.chemin_de_fer import (
    Banco,
    Bid,
    ChemmyView,
    DeclineBank,
    DrawCard,
    GiveUpBank,
    KeepBank,
    OpenBank,
    Pass,
    Phase,
    Stake,
    Stand,
)

__all__ = ["HumanSeat"]


_PROMPTS = {
    Phase.AUCTION: "Bid for the bank: an amount, or `pass` (Enter) for good",
    Phase.OFFER: "The bank is offered to you: an amount to bank, or `decline` (Enter)",
    Phase.KEEP: "Keep the bank (Enter) or `give up`?",
    Phase.CALLS: "`banco` to stake the whole bank, Enter to pass, `leave` to get up",
    Phase.STAKES: "Stake an amount, or Enter to pass",
    Phase.PUNTER: "You play the punters' hand: `draw` or `stand`",
    Phase.BANKER: "You bank: `draw` or `stand`",
}


def _banco(rest: list[str], view: ChemmyView) -> Action:
    """`banco` alone: the whole bank (CF-6); a number after it is not a banco."""
    if rest:
        said = " ".join(rest)
        raise CommandError(
            f"banco is said alone: it stakes the whole bank, {view.bank} (CF-6); to stake "
            f"{said}, pass now (Enter) and say {said} when stakes are asked (CF-7)"
        )
    return Banco()


_DRAW = "draw, d, card, carte, hit"
_STAND = "stand, s, non, no"
_WORDS: dict[Phase, Words[ChemmyView, Action]] = {
    Phase.AUCTION: Words(
        (
            amount("bid", Bid, "bid 200 for the bank: more than the last bid (CF-3)"),
            word("pass, Enter, p, no", Pass(), "bid no more in this auction, for good (CF-3)"),
        )
    ),
    Phase.OFFER: Words(
        (
            amount("bank", OpenBank, "take the bank, putting up 200 (CF-14, CF-15)"),
            word("decline, Enter, d, no", DeclineBank(), "the bank is offered on to your right"),
        )
    ),
    Phase.KEEP: Words(
        (
            word("keep, Enter, yes", KeepBank(), "bank another coup, the bank as it stands"),
            word(
                "give up, giveup, g, no, pass",
                GiveUpBank(),
                "give up the bank, keeping what is in it; it goes to your right (CF-15)",
            ),
        )
    ),
    Phase.CUT: Words(
        (
            amount("cut", Cut, "cut the shoe 200 cards from the top (C-6)"),
            word_by("Enter", lambda view: middle_cut(view.legal), "cut in the middle"),
        )
    ),
    Phase.CALLS: Words(
        (
            command("banco, b", "banco", _banco, "stake the whole bank, alone against it (CF-6)"),
            word("pass, Enter, p, no", Pass(), "no banco: stakes on part of it come next (CF-7)"),
            word("leave", Leave(), "get up and leave the table before the coup"),
        )
    ),
    Phase.STAKES: Words(
        (
            amount("stake", Stake, "stake 200 on the part of the bank not yet covered (CF-7)"),
            word("pass, Enter, p, no", Pass(), "stake nothing this coup"),
        )
    ),
    Phase.PUNTER: Words(
        (
            word(_DRAW, DrawCard(), "a third card, face up: you must on 0-4, may on 5 (CF-12)"),
            word(_STAND, Stand(), "stay on two cards: you must on 6-7, may on 5 (CF-12)"),
        )
    ),
    Phase.BANKER: Words(
        (
            word(_DRAW, DrawCard(), "a third card, having seen the punter's (CF-13)"),
            word(_STAND, Stand(), "stay on two cards (CF-13)"),
        )
    ),
}


def _forced(view: ChemmyView) -> Action | None:
    """The punters' hand's one play, when the rule leaves one (CF-12)."""
    if view.phase is not Phase.PUNTER or len(view.legal) != 1:
        return None
    (only,) = view.legal
    assert not isinstance(only, Amounts)
    return only


class HumanSeat(AskedSeat[ChemmyView]):
    """Asks the person at the terminal for the seat's actions."""

    leaving = (
        "leave the table: pass or decline, give up a bank, get up; in a coup under way, the "
        "forced play or standing"
    )

    def moment(self, view: ChemmyView) -> Hashable:
        return view.coups, view.phase

    def panel(self, view: ChemmyView) -> RenderableType:
        return table_panel(view, self.name)

    def prompt(self, view: ChemmyView) -> str:
        if view.phase is Phase.CUT:
            return f"You cut the shoe: how many cards ({cut_range(view.legal)})?"
        forced = " (Enter: as the rule says)" if _forced(view) else ""
        return _PROMPTS[view.phase] + forced

    def words(self, view: ChemmyView) -> Words[ChemmyView, Action]:
        words = _WORDS[view.phase]
        if (only := _forced(view)) is not None:
            return words + Words((word("Enter", only, "the one play the rule leaves (CF-12)"),))
        return words

    def on_the_way_out(self, view: ChemmyView) -> Action:
        """Leaving: pass or decline, give up a bank, get up when called; in a coup, the
        forced play or standing."""
        return Leave() if Leave() in view.legal else default_action(view.legal)
