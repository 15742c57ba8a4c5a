"""Private Monte Bank as a `Game`: Monte Bank's table, with the private form's layout, bet
and gate (RULES PM-1..PM-8)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from croupier.cards import Card
from croupier.engine.actions import (
    Action,
    Amounts,
    Done,
    Option,
)
from croupier.engine.config import make_config
from croupier.engine.events import Event, kinds
from croupier.errors import ForbiddenAction, IllegalAction, InsufficientChips, StakeOutOfRange
from croupier.games.monte_bank import deal, play
from croupier.games.monte_bank import events as monte_bank_events
from croupier.games.monte_bank.events import BetsClosed, CardShown, LayoutCard
from croupier.games.monte_bank.game import MonteBank
from croupier.games.monte_bank.layout import Fate, Layout, RowWager, Spot
from croupier.games.monte_bank.state import Bet, Phase, State
from croupier.games.private_monte import _events as private_monte_events
from croupier.games.private_monte._actions import LayoutBet
from croupier.games.private_monte._events import Discarded, RowBetPlaced
from croupier.games.private_monte.rules import (
    CARDS_A_DEAL,
    UNDEALT,
    PrivateRules,
    Row,
    row_wins,
)
from croupier.i18n import N_, _
from croupier.shoe import End

__all__ = ["PrivateMonte"]

_SPOTS = (Spot.TOP_LEFT, Spot.TOP_RIGHT, Spot.BOTTOM_LEFT, Spot.BOTTOM_RIGHT)

_BACKED = {
    Row.TOP: N_("you have a stake on the top layout already (PM-4)"),
    Row.BOTTOM: N_("you have a stake on the bottom layout already (PM-4)"),
}
"""Why a second stake on a layout is refused (PM-4)."""


class PrivateMonte(MonteBank):
    """Private Monte Bank, the quick home game (RULES PM-1..PM-8)."""

    name: ClassVar[str] = "private-monte"
    title: ClassVar[str] = N_("Private Monte Bank")
    actions: ClassVar[tuple[type[Action], ...]] = (
        *(kind for kind in MonteBank.actions if kind not in MonteBank.bet_actions),
        LayoutBet,
    )
    events: ClassVar[tuple[type[Event], ...]] = kinds(private_monte_events, monte_bank_events)
    config_type: ClassVar[type[Any]] = PrivateRules
    bet_actions: ClassVar[tuple[type[Action], ...]] = (LayoutBet,)

    def config(self, **options: Any) -> PrivateRules:
        rules: PrivateRules = make_config(self.config_type, **options)
        return rules

    def bet_options(self, state: State, seat: int) -> tuple[Option, ...]:
        """A stake on the top layout, the bottom one, or both, within the limits (PM-4,
        PM-6)."""
        low, high = state.rules.cava, self._most(state, seat)
        rows = [row for row in Row if row not in _backed(state, seat)] if low <= high else []
        return (*(Amounts(LayoutBet(row, low), low, high) for row in rows), Done())

    def _most(self, state: State, seat: int) -> int:
        return min(_limit(state), state.bank, state.chips(seat))

    def bet_refusal(self, state: State, seat: int, action: Action) -> IllegalAction:
        assert isinstance(action, LayoutBet)
        if action.row in _backed(state, seat):
            return ForbiddenAction(seat, action, _(_BACKED[action.row]))
        low, high = state.rules.cava, min(_limit(state), state.bank)
        if not low <= action.amount <= high:
            said = _("a stake is from {low} to {high}: the limit and the bank (PM-4, PM-6)")
            return StakeOutOfRange(seat, action, said.format(low=low, high=high))
        return InsufficientChips(seat, action, play.you_have(state.chips(seat)))

    def place(self, state: State, seat: int, action: Action, events: list[Event]) -> State:
        assert isinstance(action, LayoutBet)
        number = state.placed + 1
        seats = list(state.seats)
        seats[seat] = state.chips(seat) - action.amount
        events.append(RowBetPlaced(number, seat, action.row, action.amount))
        placed = Bet(number, seat, RowWager(action.row.spots), action.amount)
        return replace(state, seats=tuple(seats), bets=(*state.bets, placed), placed=number)

    def layout_end(self, state: State) -> End:
        return deal.LAYOUT_ENDS[len(state.dealt)]

    def layout_card(self, state: State, card: Card, end: End, events: list[Event]) -> State:
        """The layout as in Monte Bank, valid whatever the suits (PM-3): no pairs, no voids."""
        dealt = (*state.dealt, card)
        events.append(LayoutCard(_SPOTS[len(dealt) - 1], card, end))
        if len(dealt) < len(_SPOTS):
            return replace(state, dealt=dealt)
        layout = Layout({spot: (card,) for spot, card in zip(_SPOTS, dealt, strict=True)})
        seen = (*state.seen, *dealt)
        return replace(state, dealt=dealt, layout=layout, phase=Phase.BETTING, seen=seen)

    def close_bets(self, state: State, events: list[Event]) -> State:
        """The banker turns the pack face up: the gate is shown, bets or none, and goes to the
        discards with the layout (PM-5, PM-7)."""
        events.append(BetsClosed())
        return replace(state, phase=Phase.DRAW)

    def show(self, state: State, card: Card, events: list[Event]) -> State:
        """The gate: bets on a layout with a card of its suit win 1 to 1, even if both cards
        match; the rest lose; the monte's limit holds (PM-5, PM-6). Then the layout and the
        gate go to the discards (PM-7)."""
        layout = state.layout
        assert layout is not None
        events.append(CardShown(card, gate=True))
        fates = {}
        for bet in state.bets:
            assert isinstance(bet.wager, RowWager)
            cards = [layout.card(spot) for spot in bet.wager.row]
            fates[bet.number] = Fate.WIN if row_wins(cards, card) else Fate.LOSE
        state = play.settle(replace(state, shown=1, drawn=(card,)), fates, False, events)
        events.append(Discarded((*layout.cards, card)))
        state = replace(state, seen=(*state.seen, card))
        return play.end_deal(state, events)

    def aces_refusal(self, state: State) -> str:
        """The bank and the deal stay with the banker for the deals agreed (PM-8: «Банк и
        сдача остаются за одним игроком на предварительно оговоренное число раздач»)."""
        return _(
            "the bank stays with you for the {deals} deals agreed; it passes earlier only when "
            "broken or when the pack runs short (PM-8)"
        ).format(deals=state.rules.deals_per_bank)

    def no_more_deals(self, state: State) -> str:
        """At most the agreed number of deals from a shuffle, six at most, and at least ten
        cards left undealt (PM-8). A bank deals from one shuffle: its deals are the shuffle's.
        «Если банк и сдача пустеют в какой-то момент, то банкометство сменяется тотчас же.»"""
        rules = state.rules
        if rules.deals_per_bank is not None and state.bank_deals >= rules.deals_per_bank:
            return f"the {rules.deals_per_bank} deals agreed are dealt (PM-8)"
        if len(state.pack) - CARDS_A_DEAL < UNDEALT:
            return f"another deal would leave fewer than {UNDEALT} cards undealt (PM-8)"
        return ""

    def deals_left(self, state: State) -> int | None:
        """The deals still to come from this shuffle: the agreed ones not yet dealt, as
        long as each leaves ten cards undealt (PM-8)."""
        agreed = super().deals_left(state)
        pack = len(state.pack) - (state.layout is not None)  # the gate is still to come
        by_pack = max(0, (pack - UNDEALT) // CARDS_A_DEAL)
        return by_pack if agreed is None else min(agreed, by_pack)

    def deal_again(self, state: State, events: list[Event]) -> State:
        """The next layout from the same pack: no shuffle or cut (PM-7)."""
        return deal.fresh_deal(state, Phase.LAYOUT)


def _limit(state: State) -> int:
    rules = state.rules
    assert isinstance(rules, PrivateRules)
    return rules.limit


def _backed(state: State, seat: int) -> set[Row]:
    """The layouts `seat` has a stake on: one stake a layout (PM-4)."""
    return {
        row
        for bet in state.bets
        if bet.seat == seat and isinstance(bet.wager, RowWager)
        for row in Row
        if row.spots == bet.wager.row
    }
