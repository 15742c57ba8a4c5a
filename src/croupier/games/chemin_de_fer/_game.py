"""Chemin de Fer as a `Game`: who acts, what is legal, and what each action does."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from croupier.cards import Card, shoe_of
from croupier.engine.actions import (
    MAX_BUY_IN,
    Action,
    Amounts,
    Cut,
    Draw,
    EndSession,
    EndShoe,
    Join,
    Leave,
    Legal,
    Option,
    Rebuy,
    Shuffle,
)
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.config import make_config
from croupier.engine.events import Event, kinds
from croupier.engine.game import ChanceNode, Chips, Drawing, Shuffling
from croupier.engine.rebuy import rebought, rebuy_refusal, with_rebuy
from croupier.engine.seating import BankingGame, by_seat, seat_buy_ins, seating_refusal
from croupier.errors import (
    ForbiddenAction,
    IllegalAction,
    InsufficientChips,
    NotYourTurn,
    StakeOutOfRange,
)
from croupier.games.baccarat import PUNTO_RULE, PuntoRule, points
from croupier.games.chemin_de_fer import _bank as bank
from croupier.games.chemin_de_fer import events as chemin_de_fer_events
from croupier.games.chemin_de_fer._coup import (
    banker_decides,
    deal,
    punter_decides,
    punter_may,
    third_card,
)
from croupier.games.chemin_de_fer._state import Phase, State
from croupier.games.chemin_de_fer._view import ChemmyView
from croupier.games.chemin_de_fer.actions import (
    Banco,
    Bid,
    DeclineBank,
    DrawCard,
    GiveUpBank,
    KeepBank,
    OpenBank,
    Pass,
    Stake,
    Stand,
)
from croupier.games.chemin_de_fer.events import (
    CardBurned,
    CutCardPlaced,
    SeatJoined,
    SeatLeft,
    ShoeCut,
    ShoeEnded,
    ShoeShuffled,
)
from croupier.games.chemin_de_fer.rules import Rules
from croupier.i18n import N_, _, ngettext
from croupier.shoe import Shoe

__all__ = ["CheminDeFer"]

_CHANCE = frozenset({Phase.SHUFFLE, Phase.BURN, Phase.DEAL, Phase.PUNTER_DRAWS, Phase.BANKER_DRAWS})
_BETWEEN = frozenset({Phase.AUCTION, Phase.OFFER, Phase.KEEP, Phase.CALLS, Phase.STAKES})
_BEFORE_CALLS = frozenset({Phase.AUCTION, Phase.OFFER, Phase.KEEP})
"""Between coups, before the next one begins (`_bank.begin_coup`): where the shoe may be
changed."""


class CheminDeFer(BankingGame[Rules, State, ChemmyView]):
    """Chemin de Fer, as the text tells it (RULES CF-1..CF-16).

    An empty seat is taken (`Join`) between coups: in the auction, while the bank is offered
    or kept, at the calls and the stakes. A punter gets up (`Leave`) when the calls come to
    him, instead of calling or passing; a seat with no chips and none in play is asked
    nothing, and may get up at any moment. Either may bring chips (`Rebuy`) where it may get
    up (`croupier.engine.rebuy`)."""

    name: ClassVar[str] = "chemin-de-fer"
    title: ClassVar[str] = N_("Chemin de Fer")
    actions: ClassVar[tuple[type[Action], ...]] = (
        Join,
        Leave,
        Rebuy,
        Bid,
        Pass,
        OpenBank,
        DeclineBank,
        KeepBank,
        GiveUpBank,
        Cut,
        Banco,
        Stake,
        DrawCard,
        Stand,
        EndSession,
        EndShoe,
    )
    events: ClassVar[tuple[type[Event], ...]] = kinds(chemin_de_fer_events)
    config_type: ClassVar[type[Any]] = Rules

    def config(self, **options: Any) -> Rules:
        rules: Rules = make_config(self.config_type, **options)
        return rules

    def start(self, config: Rules, buy_ins: Mapping[int, int]) -> State:
        seats = seat_buy_ins(buy_ins, config.seats)
        state = State(rules=config, phase=Phase.AUCTION, seats=seats, paid_in=sum(buy_ins.values()))
        return bank.start_auction(state, [])

    # -- who acts, and what they may do ---------------------------------------------------

    def to_act(self, state: State) -> frozenset[Actor]:
        phase = state.phase
        if phase is Phase.OVER:
            return frozenset()
        if phase in _CHANCE:
            return frozenset({CHANCE})
        return frozenset({_actor(state)})

    def options(self, state: State, actor: Actor) -> Legal:
        found: tuple[Option, ...] = ()
        if actor is HOUSE:
            if state.phase in _BETWEEN and not state.stakes:
                found = (EndSession(), EndShoe()) if _shoe_may_end(state) else (EndSession(),)
            if state.phase is Phase.CUT and _actor(state) is HOUSE:
                found = (Amounts(Cut(1), 1, len(state.shoe) - 1),)
            return Legal(found)
        if not isinstance(actor, int) or not 0 <= actor < len(state.seats):
            return Legal()
        if state.seats[actor] is None:
            return Legal((Amounts(Join(1), 1, MAX_BUY_IN),) if state.phase in _BETWEEN else ())
        found = _seat_options(state, actor) if actor in self.to_act(state) else ()
        if _broke(state, actor):
            found = (*found, Leave())
        return Legal(with_rebuy(found, state.seats[actor]))

    def refusal(self, state: State, actor: Actor, action: Action) -> IllegalAction:
        if actor is HOUSE and isinstance(action, EndShoe):
            return ForbiddenAction(actor, action, _shoe_refusal(state))
        if actor is HOUSE:
            return NotYourTurn(actor, action, _("not now: {now}").format(now=_now(state)))
        if not (isinstance(actor, int) and 0 <= actor < len(state.seats)):
            said = _("there is no such seat: seats are 1 to {seats}")
            return ForbiddenAction(actor, action, said.format(seats=len(state.seats)))
        if state.seats[actor] is None:
            if not isinstance(action, Join):
                said = _("this seat is empty: sit down first (Join)")
                return ForbiddenAction(actor, action, said)
            if state.phase not in _BETWEEN:
                return NotYourTurn(actor, action, _("sit down between coups"))
            refused = seating_refusal(state.seats, actor, action, None)  # the chips brought
            assert refused is not None
            return refused
        if isinstance(action, Join):
            return ForbiddenAction(actor, action, _("this seat is taken"))
        if isinstance(action, Rebuy) and (chips := state.seats[actor]) is not None:
            return rebuy_refusal(self, state, actor, action, chips)
        if isinstance(action, Leave):
            return _leave_refusal(state, actor)
        if actor != _actor(state):
            return NotYourTurn(actor, action, _now(state))
        return _wrong_move(state, actor, action)

    # -- doing it -----------------------------------------------------------------------------

    def perform(
        self, state: State, actor: Actor, action: Action
    ) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        if isinstance(action, Shuffle):
            events.append(ShoeShuffled(state.shoes + 1, len(action.order)))
            state = replace(state, shoe=Shoe(action.order), shoes=state.shoes + 1, phase=Phase.CUT)
        elif isinstance(action, Draw):
            state = _drawn(state, action.card, events)
        elif isinstance(action, Cut):
            shoe = state.shoe.cut(action.amount).with_cut_card(state.rules.cut_card)
            events += [
                ShoeCut(actor if isinstance(actor, int) else None, action.amount),
                CutCardPlaced(state.rules.cut_card),
            ]
            state = replace(state, shoe=shoe, phase=Phase.BURN, burn_left=state.rules.burn)
        elif isinstance(action, EndSession):
            state = bank.close(state, events)
        elif isinstance(action, EndShoe):
            # the croupier's change of shoe: as if the cut card had come out (CF-2, CF-4)
            events.append(ShoeEnded(state.shoes))
            state = replace(state, shoe=replace(state.shoe, cut_card_out=True))
        else:
            assert isinstance(actor, int)
            state = _seat_acts(state, actor, action, events)
        return state, tuple(events)

    def chance(self, state: State) -> ChanceNode:
        if state.phase is Phase.SHUFFLE:
            return Shuffling(shoe_of(state.rules.decks))
        return Drawing(state.shoe)

    # -- what each sees -----------------------------------------------------------------------

    def view(self, state: State, viewer: Actor | None) -> ChemmyView:
        coup = state.coup
        auction = state.auction
        speaking = (
            state.order[state.speaker] if state.phase in (Phase.CALLS, Phase.STAKES) else None
        )
        return ChemmyView(
            viewer=viewer,
            rules=state.rules,
            phase=state.phase,
            seats=state.seats,
            banker=state.banker,
            bank=state.bank,
            high_bid=auction.high if auction is not None and state.phase is Phase.AUCTION else None,
            passed=auction.passed
            if auction is not None and state.phase is Phase.AUCTION
            else frozenset(),
            offered=state.offered if state.phase is Phase.OFFER else None,
            speaking=speaking,
            stakes=state.stakes,
            uncovered=state.uncovered,
            punter=coup.punter if coup is not None else None,
            punter_cards=_seen(coup.punter_cards, coup.punter, viewer) if coup else (),
            banker_cards=_seen(coup.banker_cards, state.banker, viewer) if coup else (),
            punter_stood=coup.punter_stood if coup is not None else False,
            banco=coup.punter if coup is not None and coup.banco else None,
            shoe_number=state.shoes,
            cards_left=len(state.shoe),
            coups=state.coups,
            house=state.house,
            last=state.last,
            to_act=self.to_act(state),
            legal=self.legal_actions(state, viewer) if viewer is not None else Legal(),
        )

    def stakes(self, state: State) -> dict[int, int]:
        return by_seat(state.stakes)

    def rounds(self, state: State) -> int:
        return state.coups

    def chips(self, state: State) -> Chips:
        return Chips(
            seats=sum(chips for chips in state.seats if chips is not None),
            staked=state.covered,
            house=state.house,
            bank=state.bank,
            paid_in=state.paid_in,
            paid_out=state.paid_out,
        )


# -- helpers ----------------------------------------------------------------------------------


def _shoe_may_end(state: State) -> bool:
    """Whether the house may set the shoe in play aside now: between coups, before the next
    begins, a shoe being in play and not yet over."""
    return state.phase in _BEFORE_CALLS and state.shoes > 0 and not state.shoe.cut_card_out


def _shoe_refusal(state: State) -> str:
    """Why the house may not set the shoe aside now."""
    if state.phase is Phase.OVER:
        return _("the session is over")
    if state.shoes == 0:
        return _("no shoe is in play yet")
    if state.shoe.cut_card_out:
        return _("the shoe is over: a new one is shuffled before the next coup")
    said = _("the shoe is changed between coups, before the banco calls (CF-6), not now: {now}")
    return said.format(now=_now(state))


def _actor(state: State) -> Actor:
    """The one who acts in a phase that is not chance's."""
    phase = state.phase
    if phase is Phase.AUCTION:
        assert state.auction is not None
        return state.auction.turn
    if phase is Phase.OFFER:
        assert state.offered is not None
        return state.offered
    if phase in (Phase.CALLS, Phase.STAKES):
        return state.order[state.speaker]
    if phase is Phase.PUNTER:
        assert state.coup is not None
        return state.coup.punter
    if phase is Phase.CUT:
        assert state.banker is not None
        return next(state.to_the_right(state.banker), HOUSE)  # C-6: the banker's right cuts
    assert state.banker is not None  # KEEP, BANKER
    return state.banker


def _seat_options(state: State, seat: int) -> tuple[Option, ...]:
    phase = state.phase
    if phase is Phase.AUCTION:
        return bank.auction_options(state, seat)
    if phase is Phase.OFFER:
        return bank.offer_options(state, seat)
    if phase is Phase.KEEP:
        return (KeepBank(), GiveUpBank())
    if phase is Phase.CUT:
        return (Amounts(Cut(1), 1, len(state.shoe) - 1),)
    if phase is Phase.CALLS:
        return bank.calls_options(state, seat)
    if phase is Phase.STAKES:
        return bank.stakes_options(state, seat)
    if phase is Phase.PUNTER:
        may_draw, may_stand = punter_may(state)
        return (DrawCard(),) * may_draw + (Stand(),) * may_stand
    return (DrawCard(), Stand())  # BANKER: free to choose (CF-13)


def _seat_acts(state: State, seat: int, action: Action, events: list[Event]) -> State:
    phase = state.phase
    if isinstance(action, Rebuy):
        return rebought(state, seat, action, events)
    if isinstance(action, Join):
        seats = list(state.seats)
        seats[seat] = action.amount
        events.append(SeatJoined(seat, action.amount))
        return replace(state, seats=tuple(seats), paid_in=state.paid_in + action.amount)
    if isinstance(action, Leave):
        return _leave(state, seat, events)
    if phase is Phase.AUCTION:
        assert isinstance(action, Bid | Pass)
        return bank.bid(state, seat, action, events)
    if isinstance(action, OpenBank):
        return bank.open_bank(state, seat, action.amount, events, by_auction=False)
    if isinstance(action, DeclineBank):
        return bank.decline(state, seat, events)
    if isinstance(action, KeepBank):
        return bank.keep(state, events)
    if isinstance(action, GiveUpBank):
        return bank.give_up(state, events)
    if phase is Phase.CALLS:
        assert isinstance(action, Banco | Pass)
        return bank.call(state, seat, action, events)
    if phase is Phase.STAKES:
        assert isinstance(action, Stake | Pass)
        return bank.stake(state, seat, action, events)
    if phase is Phase.PUNTER:
        return punter_decides(state, isinstance(action, DrawCard), events)
    return banker_decides(state, isinstance(action, DrawCard), events)


def _broke(state: State, seat: int) -> bool:
    """Whether `seat` has no chips and none in play (it neither banks nor has a stake on the
    table): it has nothing to bid or stake, so it is asked nothing, and it may get up, or
    bring chips, at any moment until the session is over (docs/engine.md: the rule book is
    silent)."""
    return (
        state.phase is not Phase.OVER
        and state.seats[seat] == 0
        and seat != state.banker
        and all(staker != seat for staker, _ in state.stakes)
    )


def _leave(state: State, seat: int, events: list[Event]) -> State:
    """A seat gets up: a punter when called, instead of calling or passing; a seat with no
    chips at any moment, which changes no turn (if it was to cut, the next seat on the
    banker's right cuts instead, C-6)."""
    chips = state.chips(seat)
    seats = list(state.seats)
    seats[seat] = None
    events.append(SeatLeft(seat, chips))
    state = replace(state, seats=tuple(seats), paid_out=state.paid_out + chips)
    if state.phase is not Phase.CALLS or state.order[state.speaker] != seat:
        return state
    order = tuple(s for s in state.order if s != seat)
    state = replace(state, order=order, speaker=state.speaker - 1)
    if not order:
        return bank.close(state, events)
    return bank.next_caller(state)


def _leave_refusal(state: State, seat: int) -> IllegalAction:
    """Why `seat`, which holds chips or has them in play, may not get up now."""
    if seat == state.banker:
        said = _("you hold the bank: give it up between coups first (CF-15)")
        return ForbiddenAction(seat, Leave(), said)
    if any(staker == seat for staker, _ in state.stakes):
        said = _("your stake is on the table: get up once the coup is settled")
        return ForbiddenAction(seat, Leave(), said)
    said = _("a punter with chips gets up when the calls come to him (CF-6); now {now}")
    return NotYourTurn(seat, Leave(), said.format(now=_now(state)))


def _drawn(state: State, card: Card, events: list[Event]) -> State:
    state = replace(state, shoe=state.shoe.draw(card))
    if state.phase is Phase.BURN:
        assert state.banker is not None
        events.append(CardBurned(card, state.banker))
        state = replace(state, burn_left=state.burn_left - 1)
        return bank.open_calls(state, events) if state.burn_left == 0 else state
    if state.phase is Phase.DEAL:
        return deal(state, card, events)
    return third_card(state, card, events)


def _seen(
    cards: tuple[Card, ...], holder: int | None, viewer: Actor | None
) -> tuple[Card | None, ...]:
    return tuple(card if i >= 2 or viewer == holder else None for i, card in enumerate(cards))


_DOING = {
    Phase.AUCTION: N_("bid for the bank (CF-3)"),
    Phase.OFFER: N_("take or decline the bank (CF-15)"),
    Phase.KEEP: N_("keep or give up the bank (CF-15)"),
    Phase.CUT: N_("cut the shoe"),
    Phase.CALLS: N_("call banco or pass (CF-6)"),
    Phase.STAKES: N_("stake or pass (CF-7)"),
    Phase.PUNTER: N_("draw or stand (CF-12)"),
    Phase.BANKER: N_("draw or stand (CF-13)"),
}
"""What the one whose turn it is does, in each phase a seat or the croupier acts in."""


def _now(state: State) -> str:
    """Whose turn it is, and to do what."""
    phase = state.phase
    if phase in _CHANCE:
        return _("the cards are being shuffled or dealt")
    if phase is Phase.OVER:
        return _("the session is over")
    actor = _actor(state)
    who = _("seat {number}").format(number=actor + 1) if isinstance(actor, int) else None
    said = _("it is {who}'s turn to {doing}")
    return said.format(who=who or _("the croupier"), doing=_(_DOING[phase]))


def _chips(state: State, seat: int) -> str:
    """`you have 40 chips`."""
    chips = state.chips(seat)
    return ngettext("you have {chips} chip", "you have {chips} chips", chips).format(chips=chips)


def _wrong_move(state: State, seat: int, action: Action) -> IllegalAction:
    """Why the seat whose turn it is may not do this."""
    phase = state.phase
    if isinstance(action, Bid) and phase is Phase.AUCTION:
        auction = state.auction
        assert auction is not None
        low = max(state.rules.minimum_bank, auction.high[1] + 1 if auction.high else 0)
        if action.amount > state.chips(seat):
            return InsufficientChips(seat, action, _chips(state, seat))
        return StakeOutOfRange(
            seat, action, _("a bid must be at least {low} (CF-3)").format(low=low)
        )
    if isinstance(action, OpenBank) and phase is Phase.OFFER:
        if action.amount > state.chips(seat):
            return InsufficientChips(seat, action, _chips(state, seat))
        said = _("the bank is at least {least}")
        return StakeOutOfRange(seat, action, said.format(least=state.rules.minimum_bank))
    if isinstance(action, Banco) and phase is Phase.CALLS:
        said = _("banco stakes the whole bank, {bank}; you have {chips} (CF-6)")
        return InsufficientChips(
            seat, action, said.format(bank=state.bank, chips=state.chips(seat))
        )
    if isinstance(action, Banco):
        said = _("banco is called before the stakes, in the calls (CF-6)")
        return ForbiddenAction(seat, action, said)
    if isinstance(action, Stake) and phase is Phase.STAKES:
        high = min(state.uncovered, state.chips(seat))
        if action.amount > state.chips(seat) and action.amount <= state.uncovered:
            return InsufficientChips(seat, action, _chips(state, seat))
        low = min(state.rules.minimum_stake, high)
        said = _("stake {low} to {high}: {uncovered} of the bank is not yet covered (CF-7)")
        return StakeOutOfRange(
            seat, action, said.format(low=low, high=high, uncovered=state.uncovered)
        )
    if isinstance(action, DrawCard | Stand) and phase is Phase.PUNTER:
        assert state.coup is not None
        total = points(state.coup.punter_cards)
        drawing = PUNTO_RULE[total] is PuntoRule.DRAW
        if drawing:
            said = _("you have {total}: the punter must draw on 0 to 4 (CF-12)")
        else:
            said = _("you have {total}: the punter must stand on 6 or 7 (CF-12)")
        return ForbiddenAction(seat, action, said.format(total=total))
    return NotYourTurn(seat, action, _now(state))
