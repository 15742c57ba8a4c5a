"""A person playing Monte Bank at the terminal: prompts, the words each knows, refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import Console, RenderableType

from croupier.bots.defaults import default_action
from croupier.cards import Card
from croupier.cli.monte_bank.render import table_panel
from croupier.cli.seat import AskedSeat
from croupier.cli.terminal import CommandError, Prompter, middle_cut, read_amount
from croupier.cli.words import Word, Words, amount, command, word, word_by
from croupier.engine.actions import Action, Amounts, Cut, Done
from croupier.errors import InvalidCard
from croupier.games.monte_bank import (
    GROUPS,
    AddToBank,
    CircleBet,
    CrossBet,
    DeclineBank,
    DoublerBet,
    GiveUpBank,
    KeepBank,
    MonteCarloBet,
    MonteView,
    Pass,
    Phase,
    PutUpBank,
    ShufflePack,
    Spot,
)

__all__ = ["BETS", "HumanSeat"]

_PROMPTS = {
    Phase.MONTE: "You bank: the monte to put up (Enter: the smallest), or `decline`",
    Phase.OFFER: "The bank comes to you: a monte to put up (Enter: the smallest), or `decline`",
    Phase.SHUFFLES: "Shuffle the pack yourself? `shuffle`, or Enter to let it go",
    Phase.CUTS: "Cut the pack: how many cards (Enter to let it go)",
    Phase.BETTING: "Your bets (help for commands)",
    Phase.BETWEEN: "Deal again (Enter), `add N` to the bank, or `aces` to give it up",
}
_LAST_CUT = "You cut last (MB-5): how many cards (Enter cuts in the middle)"
_BANKER_BETTING = "No bet is down yet: `aces` to give up the bank, or Enter to let the bets come"
_PRIVATE_BETWEEN = "Deal again (Enter), or `add N` to the bank; it stays yours for the deals agreed"


def _prompt_for(view: MonteView) -> str:
    """What the seat is asked at this moment of the game."""
    phase = view.phase
    if phase is Phase.CUTS and Pass() not in view.legal:
        return _LAST_CUT
    if phase is Phase.BETTING and view.viewer == view.banker:
        return _BANKER_BETTING
    if phase is Phase.BETWEEN and GiveUpBank() not in view.legal:
        return _PRIVATE_BETWEEN
    return _PROMPTS[phase]


def _card(text: str, view: MonteView) -> Card:
    try:
        card = Card.from_str(text)
    except InvalidCard as error:
        raise CommandError(str(error)) from None
    layout = view.layout
    place = layout.spot_of(card) if layout is not None else None
    return card if place is None or layout is None else layout.card(place)  # a stack by its first


def _circle(rest: list[str], view: MonteView) -> Action:
    if len(rest) != 2:
        raise CommandError("write `circle CARD AMOUNT`, e.g. `circle 7S 20`")
    return CircleBet(_card(rest[0], view), read_amount(rest[1]))


def _cross(rest: list[str], view: MonteView) -> Action:
    if len(rest) != 3:
        raise CommandError("write `cross CARD AGAINST AMOUNT`, e.g. `cross 7S KH 20`")
    return CrossBet(_card(rest[0], view), _card(rest[1], view), read_amount(rest[2]))


def _doubler(rest: list[str], view: MonteView) -> Action:
    if len(rest) == 2 and rest[0] in GROUPS and view.layout is not None:
        first, second = (view.layout.spots[s][0] for s in Spot if s in GROUPS[rest[0]])
        return DoublerBet(first, second, read_amount(rest[1]))
    if len(rest) != 3:
        raise CommandError(
            f"write `doubler CARD CARD AMOUNT` or `doubler ROW 20`, a row of {', '.join(GROUPS)}"
        )
    return DoublerBet(_card(rest[0], view), _card(rest[1], view), read_amount(rest[2]))


def _monte_carlo(rest: list[str], view: MonteView) -> Action:
    if len(rest) != 6:
        raise CommandError("write `mc CARD AGAINST PARTNER CIRCLE CROSS DOUBLER`")
    card, against, partner = (_card(text, view) for text in rest[:3])
    circle, cross, doubler = (read_amount(text) for text in rest[3:])
    return MonteCarloBet(card, against, partner, circle, cross, doubler)


def _smallest_monte(view: MonteView) -> Action:
    (monte,) = (o for o in view.legal.of_type(PutUpBank) if isinstance(o, Amounts))
    return PutUpBank(monte.low)


_DONE = word("done, Enter, d", Done(), "finished betting on this layout")
BETS = Words(
    (
        command(
            "circle, c", "circle 7S 20", _circle, "7♠ falls before the other three (3:1, MB-9a)"
        ),
        command("cross, x", "cross 7S KH 20", _cross, "7♠ falls before K♥ (1:1, MB-9b)"),
        command(
            "doubler, dbl",
            "doubler 7S AD 20",
            _doubler,
            "7♠ or A♦, a row or column, before the other (1:1, MB-9c); or `doubler left 20`",
        ),
        command(
            "mc, montecarlo",
            "mc 7S KH AD 10 20 30",
            _monte_carlo,
            "Monte Carlo: circle 10, cross against K♥ 20, doubler with A♦ 30 (MB-9d)",
        ),
        _DONE,
    )
)
"""The club form's bets."""
_ACES = word("aces, give up, giveup", GiveUpBank(), 'say "aces": give up the bank (MB-15)')
_DECLINE = word("decline, no, pass", DeclineBank(), "let the bank pass to the left (MB-15)")
_MONTE = amount("bank", PutUpBank, "put up a monte of 200 chips (MB-4)")
_SMALLEST = word_by("Enter", _smallest_monte, "put up the smallest monte (MB-4)")
_CUT = amount("cut", Cut, "cut the pack 20 cards from the top (MB-5)", example=20)
_WORDS: dict[Phase, Words[MonteView, Action]] = {
    Phase.SHUFFLES: Words(
        (
            word("shuffle", ShufflePack(), "shuffle the pack yourself; the banker shuffles last"),
            word("pass, Enter, no", Pass(), "let it go (MB-5)"),
        )
    ),
    Phase.BETWEEN: Words(
        (
            word("deal, Enter, keep", KeepBank(), "deal again, keeping the bank"),
            amount("add", AddToBank, "add 50 chips to the bank (MB-4)", example=50, alone=False),
            _ACES,
        )
    ),
}


_LET_BETS_COME = Words(
    (_ACES, word("done, Enter, d, deal", Done(), "let the bets come on your layout"))
)
_LET_CUT_GO = word("pass, Enter, no", Pass(), "let the cut go (MB-5)")
_MIDDLE_CUT: Word[MonteView, Action] = word_by(
    "Enter", lambda view: middle_cut(view.legal), "cut in the middle"
)


class HumanSeat(AskedSeat[MonteView]):
    """Asks the person at the terminal for the seat's actions. A form of the game with its
    own bets gives its `bets` and `panel`."""

    bets = BETS
    leaving = "leave the table: finish betting, give up or decline the bank, let the rest go"

    def __init__(
        self,
        console: Console,
        prompter: Prompter,
        name: Callable[[int], str],
        *,
        rituals: bool = False,
    ) -> None:
        super().__init__(console, prompter, name)
        self.rituals = rituals

    def decide(self, view: MonteView) -> Action | None:
        if not self.rituals and view.phase in (Phase.SHUFFLES, Phase.CUTS) and Pass() in view.legal:
            return Pass()  # the optional shuffles and cuts go by unless asked for (--rituals)
        return super().decide(view)

    def moment(self, view: MonteView) -> Hashable:
        return view.deals, view.phase

    def prompt(self, view: MonteView) -> str:
        return _prompt_for(view)

    def words(self, view: MonteView) -> Words[MonteView, Action]:
        phase = view.phase
        if phase in (Phase.MONTE, Phase.OFFER):
            smallest = (_SMALLEST,) if view.legal.of_type(PutUpBank) else ()
            return Words((_MONTE, *smallest, _DECLINE))
        if phase is Phase.CUTS:
            return Words((_CUT, _LET_CUT_GO if Pass() in view.legal else _MIDDLE_CUT))
        if phase is Phase.BETTING:
            return _LET_BETS_COME if view.viewer == view.banker else self.bets
        return _WORDS[phase]

    def panel(self, view: MonteView) -> RenderableType:
        return table_panel(view, self.name)

    def on_the_way_out(self, view: MonteView) -> Action:
        return default_action(view.legal)
