"""A person playing Monte Bank at the terminal: prompts, the words each knows, refusals."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import Console, RenderableType

from croupier.bots.defaults import default_action
from croupier.cards import Card
from croupier.cli._seat import AskedSeat
from croupier.cli._terminal import CommandError, Prompter, middle_cut, read_amount
from croupier.cli._words import Word, Words, amount, command, word, word_by
from croupier.cli.monte_bank.render import row_name, table_panel
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
from croupier.i18n import N_, _

__all__ = ["HumanSeat", "club_bets"]

_PROMPTS = {
    Phase.MONTE: N_("You bank: the monte to put up (Enter: the smallest), or `decline`"),
    Phase.OFFER: N_("The bank comes to you: a monte to put up (Enter: the smallest), or `decline`"),
    Phase.SHUFFLES: N_("Shuffle the pack yourself? `shuffle`, or Enter to let it go"),
    Phase.CUTS: N_("Cut the pack: how many cards (Enter to let it go)"),
    Phase.BETTING: N_("Your bets (help for commands)"),
    Phase.BETWEEN: N_("Deal again (Enter), `add N` to the bank, or `aces` to give it up"),
}
_LAST_CUT = N_("You cut last (MB-5): how many cards (Enter cuts in the middle)")
_BANKER_BETTING = N_(
    "No bet is down yet: `aces` to give up the bank, or Enter to let the bets come"
)
_PRIVATE_BETWEEN = N_(
    "Deal again (Enter), or `add N` to the bank; it stays yours for the deals agreed"
)


def _prompt_for(view: MonteView) -> str:
    """What the seat is asked at this moment of the game."""
    phase = view.phase
    if phase is Phase.CUTS and Pass() not in view.legal:
        return _(_LAST_CUT)
    if phase is Phase.BETTING and view.viewer == view.banker:
        return _(_BANKER_BETTING)
    if phase is Phase.BETWEEN and GiveUpBank() not in view.legal:
        return _(_PRIVATE_BETWEEN)
    return _(_PROMPTS[phase])


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
        raise CommandError(_("write `circle CARD AMOUNT`, e.g. `circle 7S 20`"))
    return CircleBet(_card(rest[0], view), read_amount(rest[1]))


def _cross(rest: list[str], view: MonteView) -> Action:
    if len(rest) != 3:
        raise CommandError(_("write `cross CARD AGAINST AMOUNT`, e.g. `cross 7S KH 20`"))
    return CrossBet(_card(rest[0], view), _card(rest[1], view), read_amount(rest[2]))


def _group(said: str) -> str | None:
    """The row or column a doubler names (`left`, or its name in the context's language)."""
    named = {row_name(row): row for row in GROUPS} | {row: row for row in GROUPS}
    return named.get(said)


def _doubler(rest: list[str], view: MonteView) -> Action:
    group = _group(rest[0]) if len(rest) == 2 else None
    if group is not None and view.layout is not None:
        first, second = (view.layout.spots[s][0] for s in Spot if s in GROUPS[group])
        return DoublerBet(first, second, read_amount(rest[1]))
    if len(rest) != 3:
        rows = ", ".join(row_name(row) for row in GROUPS)
        raise CommandError(
            _("write `doubler CARD CARD AMOUNT` or `doubler ROW 20`, a row of {rows}").format(
                rows=rows
            )
        )
    return DoublerBet(_card(rest[0], view), _card(rest[1], view), read_amount(rest[2]))


def _monte_carlo(rest: list[str], view: MonteView) -> Action:
    if len(rest) != 6:
        raise CommandError(_("write `mc CARD AGAINST PARTNER CIRCLE CROSS DOUBLER`"))
    card, against, partner = (_card(text, view) for text in rest[:3])
    circle, cross, doubler = (read_amount(text) for text in rest[3:])
    return MonteCarloBet(card, against, partner, circle, cross, doubler)


def _smallest_monte(view: MonteView) -> Action:
    (monte,) = (o for o in view.legal.of_type(PutUpBank) if isinstance(o, Amounts))
    return PutUpBank(monte.low)


def club_bets() -> Words[MonteView, Action]:
    """The club form's bets (MB-9), in the session's language (as each prompt's words are
    made when it is asked)."""
    return Words(
        (
            command(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("circle, c"),
                N_("circle 7S 20"),
                _circle,
                N_("7♠ falls before the other three (3:1, MB-9a)"),
            ),
            command(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("cross, x"),
                N_("cross 7S KH 20"),
                _cross,
                N_("7♠ falls before K♥ (1:1, MB-9b)"),
            ),
            command(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("doubler, dbl"),
                N_("doubler 7S AD 20"),
                _doubler,
                N_(
                    "7♠ or A♦, a row or column, before the other (1:1, MB-9c); or `doubler left 20`"
                ),
            ),
            command(
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                N_("mc, montecarlo"),
                N_("mc 7S KH AD 10 20 30"),
                _monte_carlo,
                N_("Monte Carlo: circle 10, cross against K♥ 20, doubler with A♦ 30 (MB-9d)"),
            ),
            # i18n: the spellings a prompt takes, comma-separated (the first is shown)
            word(N_("done, Enter, d"), Done(), N_("finished betting on this layout")),
        )
    )


def _aces() -> Word[MonteView, Action]:
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("aces, give up, giveup")
    return word(spelled, GiveUpBank(), N_('say "aces": give up the bank (MB-15)'))


def _monte(view: MonteView) -> Words[MonteView, Action]:
    """The monte put up, the smallest, or the bank declined (MB-4, MB-15)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    monte = amount(N_("bank"), PutUpBank, N_("put up a monte of 200 chips (MB-4)"))
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("decline, no, pass")
    decline = word(spelled, DeclineBank(), N_("let the bank pass to the left (MB-15)"))
    if not view.legal.of_type(PutUpBank):
        return Words((monte, decline))
    smallest = word_by("Enter", _smallest_monte, N_("put up the smallest monte (MB-4)"))
    return Words((monte, smallest, decline))


def _shuffles() -> Words[MonteView, Action]:
    """A punter shuffles, or lets it go (MB-5)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    shuffle = N_("shuffle")
    does = N_("shuffle the pack yourself; the banker shuffles last")
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    let_go = word(N_("pass, Enter, no"), Pass(), N_("let it go (MB-5)"))
    return Words((word(shuffle, ShufflePack(), does), let_go))


def _cuts(view: MonteView) -> Words[MonteView, Action]:
    """A punter cuts, or lets it go; the last must cut, Enter in the middle (MB-5)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    cut = amount(N_("cut"), Cut, N_("cut the pack 20 cards from the top (MB-5)"), example=20)
    other: Word[MonteView, Action]
    if Pass() in view.legal:
        # i18n: the spellings a prompt takes, comma-separated (the first is shown)
        other = word(N_("pass, Enter, no"), Pass(), N_("let the cut go (MB-5)"))
    else:
        other = word_by("Enter", lambda seen: middle_cut(seen.legal), N_("cut in the middle"))
    return Words((cut, other))


def _between() -> Words[MonteView, Action]:
    """The banker deals again, adds to the bank, or gives it up (MB-4, MB-15)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    keep = word(N_("deal, Enter, keep"), KeepBank(), N_("deal again, keeping the bank"))
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    add = amount(
        N_("add"), AddToBank, N_("add 50 chips to the bank (MB-4)"), example=50, alone=False
    )
    return Words((keep, add, _aces()))


def _let_bets_come() -> Words[MonteView, Action]:
    """The banker before any bet: "aces", or the bets come (MB-15)."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("done, Enter, d, deal")
    return Words((_aces(), word(spelled, Done(), N_("let the bets come on your layout"))))


class HumanSeat(AskedSeat[MonteView]):
    """Asks the person at the terminal for the seat's actions. A form of the game with its
    own bets gives its `bets` and `panel`."""

    leaving = N_("leave the table: finish betting, give up or decline the bank, let the rest go")

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

    def bets(self) -> Words[MonteView, Action]:
        """The bets of this form of the game."""
        return club_bets()

    def words(self, view: MonteView) -> Words[MonteView, Action]:
        phase = view.phase
        if phase in (Phase.MONTE, Phase.OFFER):
            return _monte(view)
        if phase is Phase.SHUFFLES:
            return _shuffles()
        if phase is Phase.CUTS:
            return _cuts(view)
        if phase is Phase.BETTING:
            return _let_bets_come() if view.viewer == view.banker else self.bets()
        return _between()

    def panel(self, view: MonteView) -> RenderableType:
        return table_panel(view, self.name)

    def on_the_way_out(self, view: MonteView) -> Action:
        return default_action(view.legal)
