"""A person playing Chemin de Fer at the terminal: prompts, the words each knows, refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import RenderableType

from croupier.bots.defaults import default_action
from croupier.cli._seat import AskedSeat
from croupier.cli._terminal import CommandError, cut_range, middle_cut
from croupier.cli._words import Word, Words, amount, command, word, word_by
from croupier.cli.chemin_de_fer._render import table_panel
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
from croupier.i18n import N_, _

__all__ = ["HumanSeat"]


_PROMPTS = {
    Phase.AUCTION: N_("Bid for the bank: an amount, or `pass` (Enter) for good"),
    Phase.OFFER: N_("The bank is offered to you: an amount to bank, or `decline` (Enter)"),
    Phase.KEEP: N_("Keep the bank (Enter) or `give up`?"),
    Phase.CALLS: N_("`banco` to stake the whole bank, Enter to pass, `leave` to get up"),
    Phase.STAKES: N_("Stake an amount, or Enter to pass"),
    Phase.PUNTER: N_("You play the punters' hand: `draw` or `stand`"),
    Phase.BANKER: N_("You bank: `draw` or `stand`"),
}


def _banco(rest: list[str], view: ChemmyView) -> Action:
    """`banco` alone: the whole bank (CF-6); a number after it is not a banco."""
    if rest:
        said = _(
            "banco is said alone: it stakes the whole bank, {bank} (CF-6); to stake {said}, "
            "pass now (Enter) and say {said} when stakes are asked (CF-7)"
        )
        raise CommandError(said.format(bank=view.bank, said=" ".join(rest)))
    return Banco()


# i18n: the spellings a prompt takes, comma-separated (the first is shown)
_PASS = N_("pass, Enter, p, no")
# i18n: the spellings a prompt takes, comma-separated (the first is shown)
_DRAW = N_("draw, d, card, carte, hit")
# i18n: the spellings a prompt takes, comma-separated (the first is shown)
_STAND = N_("stand, s, non, no")


def _bidding() -> Words[ChemmyView, Action]:
    """The auction for the bank (CF-3)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("bid")
    bid = amount(spelled, Bid, N_("bid 200 for the bank: more than the last bid (CF-3)"))
    passing = word(_PASS, Pass(), N_("bid no more in this auction, for good (CF-3)"))
    return Words((bid, passing))


def _offered() -> Words[ChemmyView, Action]:
    """The bank offered to the seat (CF-14, CF-15)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    banking = N_("bank")
    take = amount(banking, OpenBank, N_("take the bank, putting up 200 (CF-14, CF-15)"))
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    declining = N_("decline, Enter, d, no")
    decline = word(declining, DeclineBank(), N_("the bank is offered on to your right"))
    return Words((take, decline))


def _keeping() -> Words[ChemmyView, Action]:
    """The banker between coups: keep the bank or give it up (CF-15)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    keeping = N_("keep, Enter, yes")
    keep = word(keeping, KeepBank(), N_("bank another coup, the bank as it stands"))
    give_up = word(
        # i18n: the spellings a prompt takes, comma-separated (the first is shown)
        N_("give up, giveup, g, no, pass"),
        GiveUpBank(),
        N_("give up the bank, keeping what is in it; it goes to your right (CF-15)"),
    )
    return Words((keep, give_up))


def _cutting() -> Words[ChemmyView, Action]:
    """The cut of a new shoe (C-6)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("cut")
    cut = amount(spelled, Cut, N_("cut the shoe 200 cards from the top (C-6)"))
    middle: Word[ChemmyView, Action] = word_by(
        "Enter", lambda view: middle_cut(view.legal), N_("cut in the middle")
    )
    return Words((cut, middle))


def _calls() -> Words[ChemmyView, Action]:
    """Banco called, or passed (CF-6, CF-7)."""
    banco = command(
        # i18n: the spellings a prompt takes, comma-separated (the first is shown)
        N_("banco, b"),
        # i18n: the word, as help and refusals show it
        N_("banco"),
        _banco,
        N_("stake the whole bank, alone against it (CF-6)"),
    )
    passing = word(_PASS, Pass(), N_("no banco: stakes on part of it come next (CF-7)"))
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    leaving = N_("leave")
    leave = word(leaving, Leave(), N_("get up and leave the table before the coup"))
    return Words((banco, passing, leave))


def _staking() -> Words[ChemmyView, Action]:
    """Stakes on the part of the bank not yet covered (CF-7)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("stake")
    does = N_("stake 200 on the part of the bank not yet covered (CF-7)")
    return Words((amount(spelled, Stake, does), word(_PASS, Pass(), N_("stake nothing this coup"))))


def _punter() -> Words[ChemmyView, Action]:
    """The punters' hand: draw or stand (CF-12)."""
    draw = N_("a third card, face up: you must on 0-4, may on 5 (CF-12)")
    stand = N_("stay on two cards: you must on 6-7, may on 5 (CF-12)")
    return Words((word(_DRAW, DrawCard(), draw), word(_STAND, Stand(), stand)))


def _banker() -> Words[ChemmyView, Action]:
    """The banker's hand: draw or stand (CF-13)."""
    draw = N_("a third card, having seen the punter's (CF-13)")
    stand = N_("stay on two cards (CF-13)")
    return Words((word(_DRAW, DrawCard(), draw), word(_STAND, Stand(), stand)))


_WORDS: dict[Phase, Callable[[], Words[ChemmyView, Action]]] = {
    Phase.AUCTION: _bidding,
    Phase.OFFER: _offered,
    Phase.KEEP: _keeping,
    Phase.CUT: _cutting,
    Phase.CALLS: _calls,
    Phase.STAKES: _staking,
    Phase.PUNTER: _punter,
    Phase.BANKER: _banker,
}
"""The words of each phase's prompt, made when it is asked (in the session's language)."""


def _forced(view: ChemmyView) -> Action | None:
    """The punters' hand's one play, when the rule leaves one (CF-12)."""
    if view.phase is not Phase.PUNTER or len(view.legal) != 1:
        return None
    (only,) = view.legal
    assert not isinstance(only, Amounts)
    return only


class HumanSeat(AskedSeat[ChemmyView]):
    """Asks the person at the terminal for the seat's actions."""

    leaving = N_(
        "leave the table: pass or decline, give up a bank, get up; in a coup under way, the "
        "forced play or standing"
    )

    def moment(self, view: ChemmyView) -> Hashable:
        return view.coups, view.phase

    def panel(self, view: ChemmyView) -> RenderableType:
        return table_panel(view, self.name)

    def prompt(self, view: ChemmyView) -> str:
        if view.phase is Phase.CUT:
            said = _("You cut the shoe: how many cards ({cuts})?")
            return said.format(cuts=cut_range(view.legal))
        prompt = _(_PROMPTS[view.phase])
        if _forced(view):
            return _("{prompt} (Enter: as the rule says)").format(prompt=prompt)
        return prompt

    def words(self, view: ChemmyView) -> Words[ChemmyView, Action]:
        words = _WORDS[view.phase]()
        if (only := _forced(view)) is not None:
            forced = word("Enter", only, N_("the one play the rule leaves (CF-12)"))
            return words + Words((forced,))
        return words

    def on_the_way_out(self, view: ChemmyView) -> Action:
        """Leaving: pass or decline, give up a bank, get up when called; in a coup, the
        forced play or standing."""
        return Leave() if Leave() in view.legal else default_action(view.legal)
