"""Polish Banchek as a `Game` (RULES BN-1..BN-17).

Players sit down (`Join`) and get up (`Leave`) as `play` tells; a waiting table (too few
players) lets only the house act: it may end the session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from croupier.cards import Card
from croupier.engine.actions import (
    MAX_BUY_IN,
    Action,
    Amounts,
    Cut,
    Done,
    Draw,
    EndSession,
    Join,
    Leave,
    Legal,
    Option,
    Rebuy,
    Shuffle,
    SitIn,
    SitOut,
)
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.config import make_config
from croupier.engine.events import Audience, Event, ShoeCut, kinds
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
from croupier.games.banchek import _play as play
from croupier.games.banchek import events as banchek_events
from croupier.games.banchek._state import Phase, State
from croupier.games.banchek.actions import (
    AddToBank,
    ClaimTurned,
    Peek,
    PlayOn,
    PutUpBank,
    RefuseRiders,
    Ride,
    Stake,
    TakeFromBank,
    TurnEarly,
    Wait,
)
from croupier.games.banchek.events import PeekClaimed, Peeked, RidersRefused
from croupier.games.banchek.rules import Rules, two_packs
from croupier.games.banchek.view import BanchekView
from croupier.i18n import N_, _, ngettext
from croupier.shoe import Shoe

__all__ = ["Banchek"]

_CHANCE = frozenset({Phase.FIRST_BANKER, Phase.SHUFFLING, Phase.DEALING, Phase.EARLY, Phase.TURN})


class Banchek(BankingGame[Rules, State, BanchekView]):
    """Polish Banchek, the noisy merry game (RULES BN-1..BN-17)."""

    name: ClassVar[str] = "banchek"
    title: ClassVar[str] = N_("Polish Banchek")
    actions: ClassVar[tuple[type[Action], ...]] = (
        Join,
        PutUpBank,
        Cut,
        Wait,
        TurnEarly,
        Peek,
        ClaimTurned,
        PlayOn,
        Stake,
        RefuseRiders,
        Ride,
        Done,
        Leave,
        SitOut,
        SitIn,
        Rebuy,
        AddToBank,
        TakeFromBank,
        EndSession,
    )
    events: ClassVar[tuple[type[Event], ...]] = kinds(banchek_events)
    config_type: ClassVar[type[Any]] = Rules

    def config(self, **options: Any) -> Rules:
        rules: Rules = make_config(self.config_type, **options)
        return rules

    def start(self, config: Rules, buy_ins: Mapping[int, int]) -> State:
        seats = seat_buy_ins(buy_ins, config.seats)
        state = State(
            rules=config, phase=Phase.FIRST_BANKER, seats=seats, paid_in=sum(buy_ins.values())
        )
        return play.start(state)

    # -- who acts, and what they may do ---------------------------------------------------

    def to_act(self, state: State) -> frozenset[Actor]:
        phase = state.phase
        if phase is Phase.OVER:
            return frozenset()
        if phase in _CHANCE:
            return frozenset({CHANCE})
        if phase is Phase.WAITING:
            return frozenset({HOUSE})
        if phase is Phase.BANK:
            assert state.offered is not None
            return frozenset({state.offered, HOUSE})
        if phase is Phase.OPEN:
            assert state.banker is not None
            return (
                frozenset({state.banker, HOUSE}) if state.turn == 0 else frozenset({state.banker})
            )
        if phase is Phase.PEEKED:
            return frozenset(_claimants(state))
        return frozenset({_actor(state)})

    def options(self, state: State, actor: Actor) -> Legal:
        if actor is HOUSE:
            return Legal((EndSession(),) if actor in self.to_act(state) else ())
        if not (isinstance(actor, int) and 0 <= actor < len(state.seats)):
            return Legal()
        found = _seating_options(state, actor)
        if actor in self.to_act(state):
            found = (*_seat_options(state, actor), *found)
        return Legal(with_rebuy(found, state.seats[actor]))

    def refusal(self, state: State, actor: Actor, action: Action) -> IllegalAction:
        phase = state.phase
        if isinstance(actor, int) and not 0 <= actor < len(state.seats):
            said = _("there is no such seat: seats are 1 to {seats}")
            return ForbiddenAction(actor, action, said.format(seats=len(state.seats)))
        if isinstance(actor, int) and isinstance(action, Join | Leave):
            return _seating_refusal(state, actor, action)
        if isinstance(actor, int) and isinstance(action, SitOut | SitIn):
            return _sitting_refusal(state, actor, action)
        if isinstance(actor, int) and (chips := state.seats[actor]) is None:
            return ForbiddenAction(actor, action, _("this seat is empty: sit down first (Join)"))
        if isinstance(action, Rebuy) and isinstance(actor, int) and chips is not None:
            return rebuy_refusal(self, state, actor, action, chips)
        if isinstance(action, AddToBank | TakeFromBank):
            said = _("the banker may neither take money out of the bank nor add to it (BN-12)")
            return ForbiddenAction(actor, action, said)
        if isinstance(action, PutUpBank) and actor == state.last_banker and phase is Phase.BANK:
            said = _("no one may hold the bank twice in a row (BN-13)")
            return ForbiddenAction(actor, action, said)
        if isinstance(action, Ride) and not state.rules.riders:
            said = _("riders are not allowed at this table (BN-15)")
            return ForbiddenAction(actor, action, said)
        if isinstance(action, Ride | RefuseRiders) and actor in state.no_riders:
            said = _("you refused riders on your cards, so you may ride on no one else's (BN-16)")
            return ForbiddenAction(actor, action, said)
        if actor in self.to_act(state):
            return self._out_of_range(state, actor, action)
        return NotYourTurn(actor, action, _("it is not your turn: {now}").format(now=_now(state)))

    def _out_of_range(self, state: State, actor: Actor, action: Action) -> IllegalAction:
        if isinstance(action, Stake) and state.phase is Phase.STAKE:
            low, high = play.limits(state)
            if (chips := state.chips(state.punter)) < low:
                said = ngettext(
                    "you have {chips} chip, under the smallest stake, {low}: you must leave the "
                    "game (BN-11)",
                    "you have {chips} chips, under the smallest stake, {low}: you must leave the "
                    "game (BN-11)",
                    chips,
                )
                return InsufficientChips(actor, action, said.format(chips=chips, low=low))
            return StakeOutOfRange(actor, action, _stake_rule(state, low, high))
        if isinstance(action, Ride) and state.phase is Phase.RIDING:
            low, high = play.rider_limits(state, state.riders[0])
            said = _(
                "a rider stakes {low} to {high}: all the stakes on one hand together are limited "
                "by the bank (BN-15)"
            )
            return StakeOutOfRange(actor, action, said.format(low=low, high=high))
        if isinstance(action, Cut):
            most = len(state.pack) - 1
            # i18n: the most cards a cut may take (the same in English's two forms)
            said = ngettext(
                "cut between 1 and {most} cards", "cut between 1 and {most} cards", most
            )
            return StakeOutOfRange(actor, action, said.format(most=most))
        return ForbiddenAction(actor, action, _("not now: {now}").format(now=_now(state)))

    def perform(
        self, state: State, actor: Actor, action: Action
    ) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        if isinstance(action, Shuffle):
            state = _shuffled(state, action, events)
        elif isinstance(action, Draw):
            state = _drawn(state, action.card, events)
        elif isinstance(action, EndSession):
            state = play.close(state, events)
        else:
            assert isinstance(actor, int)
            state = _seat_acts(state, actor, action, events)
        return state, tuple(events)

    def chance(self, state: State) -> ChanceNode:
        if state.phase is Phase.SHUFFLING or not state.pack.cards:
            return Shuffling(two_packs())
        return Drawing(state.pack)

    # -- what each sees -----------------------------------------------------------------------

    def view(self, state: State, viewer: Actor | None) -> BanchekView:
        hands = dict(zip(state.order, state.hands, strict=True))
        newcomer = viewer in state.joined  # sat down where a punter passed: not his (BN-11)
        own = hands.get(viewer, ()) if isinstance(viewer, int) and not newcomer else ()
        peeked = state.pack.top if state.peeked and viewer == state.banker else None
        playing = state.phase in (Phase.OPEN, Phase.PEEKED, Phase.STAKE, Phase.RIDING)
        return BanchekView(
            viewer=viewer,
            rules=state.rules,
            phase=state.phase,
            seats=state.seats,
            banker=state.banker,
            bank=state.bank,
            last_banker=state.last_banker,
            offered=state.offered,
            order=state.order,
            punter=state.punter if playing else None,
            hand=own,
            shown=tuple((seat, hands[seat]) for seat in state.order if seat in state.shown),
            turned=state.turned,
            early=state.early,
            peeked=state.peeked,
            peeked_card=peeked,
            stakes=state.stakes,
            no_riders=state.no_riders,
            out=state.out,
            cards_left=len(state.pack),
            rounds=state.rounds,
            seen=state.seen,
            fresh=state.fresh,
            last=state.last,
            to_act=self.to_act(state),
            legal=self.legal_actions(state, viewer) if viewer is not None else Legal(),
        )

    def stakes(self, state: State) -> dict[int, int]:
        return by_seat(state.stakes)

    def rounds(self, state: State) -> int:
        return state.rounds

    def chips(self, state: State) -> Chips:
        return Chips(
            seats=sum(chips for chips in state.seats if chips is not None),
            staked=state.staked,
            house=0,
            bank=state.bank,
            paid_in=state.paid_in,
            paid_out=state.paid_out,
        )


# -- helpers ----------------------------------------------------------------------------------


def _actor(state: State) -> int:
    phase = state.phase
    if phase is Phase.CUT:
        return play.cutter(state)
    if phase is Phase.RIDING:
        return state.riders[0]
    return state.punter  # STAKE


def _claimants(state: State) -> list[int]:
    """The punters who may still demand that the peeked card count as turned: «понтеры могут
    требовать, чтобы она считалась открытой» (BN-17), every punter of the round, not only the
    one whose card it is; not those who have left the game since."""
    return [
        s
        for s in state.order
        if state.seats[s] is not None and s not in state.let_pass and s not in state.out
    ]


def _seat_options(state: State, seat: int) -> tuple[Option, ...]:
    phase = state.phase
    if phase is Phase.BANK:
        return (PutUpBank(), Leave(), SitOut())
    if phase is Phase.CUT:
        return (Amounts(Cut(1), 1, len(state.pack) - 1),)
    if phase is Phase.OPEN:
        return (Wait(), TurnEarly(), Peek())
    if phase is Phase.PEEKED:
        return (ClaimTurned(), PlayOn())
    if phase is Phase.RIDING:
        low, high = play.rider_limits(state, seat)
        return (Amounts(Ride(low), low, high), Done())
    # STAKE
    low, high = play.limits(state)
    stakes: tuple[Option, ...] = (Amounts(Stake(low), low, high),) if low <= high else ()
    may_refuse = state.rules.riders and seat not in state.no_riders and state.early is None
    return (*stakes, *((RefuseRiders(),) if may_refuse else ()), Leave(), SitOut())


def _between(state: State) -> bool:
    """While the bank is offered, when a round is dealt and no stake is named yet, and while
    the table waits: any punter may get up."""
    phase = state.phase
    return phase in (Phase.BANK, Phase.WAITING) or (phase is Phase.OPEN and state.turn == 0)


def _seating_options(state: State, seat: int) -> tuple[Option, ...]:
    """An empty seat may be taken but while cards are shuffled, dealt or turned, and one
    sitting out may come back then too; a punter may get up, or sit out, at the moments of
    `_between`. The banker stays (BN-10, BN-12); the seat offered the bank leaves the game
    by refusing it, among its own options (BN-11)."""
    if state.seats[seat] is None:
        return () if state.phase in _CHANCE else (Amounts(Join(1), 1, MAX_BUY_IN),)
    if seat in state.out:
        back = () if state.phase in _CHANCE else (SitIn(),)
        return (*back, *((Leave(),) if _between(state) else ()))
    if not _between(state) or seat in (state.banker, state.offered):
        return ()
    return (Leave(), SitOut())


def _seating_refusal(state: State, seat: int, action: Join | Leave) -> IllegalAction:
    """Why `seat` may not sit down or get up now."""
    busy = _now(state) if state.phase in _CHANCE else None
    if (common := seating_refusal(state.seats, seat, action, busy)) is not None:
        return common
    if seat == state.banker:
        said = _(
            "you hold the bank: it passes only when it has tripled or is broken (BN-10), and "
            "you may not take it off before (BN-12)"
        )
        return ForbiddenAction(seat, action, said)
    if any(staker == seat for staker, _amount in state.stakes):
        said = _("your stake is on the hand: get up once it is settled")
        return ForbiddenAction(seat, action, said)
    said = _(
        "get up while the bank is offered, before a round's first stake, or on your turn to "
        "stake, passing it (BN-11); now {now}"
    )
    return NotYourTurn(seat, action, said.format(now=_now(state)))


def _sitting_refusal(state: State, seat: int, action: SitOut | SitIn) -> IllegalAction:
    """Why `seat` may not sit out or come back now: one sits out at the moments one may get
    up, and comes back at those one may sit down."""
    if state.seats[seat] is None:
        return ForbiddenAction(seat, action, _("this seat is empty: sit down first (Join)"))
    if isinstance(action, SitIn):
        if seat not in state.out:
            return ForbiddenAction(seat, action, _("you are in the game: you are not sitting out"))
        said = _("no one comes back into the game while {busy}")
        return NotYourTurn(seat, action, said.format(busy=_now(state)))
    if seat in state.out:
        return ForbiddenAction(seat, action, _("you are sitting out already"))
    refused = _seating_refusal(state, seat, Leave())
    if isinstance(refused, NotYourTurn):
        said = _(
            "sit out while the bank is offered, before a round's first stake, or on your turn "
            "to stake, passing it (BN-11); now {now}"
        )
        return NotYourTurn(seat, action, said.format(now=_now(state)))
    return type(refused)(seat, action, refused.reason)


def _seat_acts(state: State, seat: int, action: Action, events: list[Event]) -> State:
    if isinstance(action, Join):
        return play.join(state, seat, action.amount, events)
    if isinstance(action, SitOut):
        return play.sit_out(state, seat, events)
    if isinstance(action, SitIn):
        return play.sit_in(state, seat, events)
    if isinstance(action, PutUpBank):
        return play.put_up(state, seat, events)
    if isinstance(action, Leave):
        return play.leave(state, seat, events)
    if isinstance(action, Rebuy):
        return rebought(state, seat, action, events)
    if isinstance(action, Cut):
        events.append(ShoeCut(seat, action.amount))
        return play.new_round(replace(state, pack=state.pack.cut(action.amount)), events)
    if isinstance(action, Wait):
        return replace(state, phase=Phase.STAKE)
    if isinstance(action, PlayOn):  # the card is turned as usual once no punter claims it
        state = replace(state, let_pass=state.let_pass | {seat})
        return state if _claimants(state) else replace(state, phase=Phase.STAKE)
    if isinstance(action, TurnEarly):
        return replace(state, phase=Phase.EARLY)
    if isinstance(action, Peek):
        events.append(Peeked(seat, state.pack.top, audience=Audience.only(seat)))
        return replace(state, phase=Phase.PEEKED, peeked=True, let_pass=frozenset())
    if isinstance(action, ClaimTurned):  # the card is the punter's, as in BN-14
        events.append(PeekClaimed(seat, state.punter))
        return replace(state, phase=Phase.EARLY)
    if isinstance(action, RefuseRiders):
        events.append(RidersRefused(seat))
        return replace(state, no_riders=state.no_riders | {seat})
    if isinstance(action, Ride):
        return play.ride(state, seat, action.amount, events)
    if isinstance(action, Done):
        return play.ride(state, seat, None, events)
    assert isinstance(action, Stake)
    return play.stake(state, action.amount, events)


def _shuffled(state: State, action: Shuffle, events: list[Event]) -> State:
    if state.phase is Phase.FIRST_BANKER:  # the packs for the draw of the first banker
        return replace(state, pack=Shoe(action.order))
    return play.shuffled(state, action.order, events)


def _drawn(state: State, card: Card, events: list[Event]) -> State:
    phase = state.phase
    if phase is Phase.FIRST_BANKER:
        return play.drawn_for_bank(replace(state, pack=state.pack.draw(card)), card, events)
    if phase is Phase.DEALING:
        return play.dealt(state, card, events)
    return play.turned(state, card, events)


def _stake_rule(state: State, low: int, high: int) -> str:
    if state.early is None:
        said = _("a stake is from {low} to {high}: the smallest agreed up to the whole bank (BN-5)")
    elif low == high:
        said = _("the card turned early beats your cards: you may stake only {low} (BN-14)")
    else:
        said = _(
            "the card turned early is yours to beat: stake {low} to {high}, at most half the "
            "bank (BN-14)"
        )
    return said.format(low=low, high=high)


def _now(state: State) -> str:
    """Whose turn it is, and to do what."""
    phase = state.phase
    if phase is Phase.OVER:
        return _("the session is over")
    if phase is Phase.WAITING:
        if state.banker is None:
            return _("the table waits for two players to sit down")
        return _("the banker waits for a punter to sit down")
    if phase in _CHANCE:
        return _("the cards are being shuffled or dealt")
    if phase is Phase.BANK:
        offered = state.offered + 1 if state.offered is not None else "?"
        return _("seat {seat} is to take the bank").format(seat=offered)
    if phase is Phase.CUT:
        return _("seat {seat} is to cut").format(seat=play.cutter(state) + 1)
    if phase is Phase.OPEN:
        return _("the banker is to turn for seat {seat}").format(seat=state.punter + 1)
    if phase is Phase.RIDING:
        said = _("seat {seat} may ride on seat {punter}'s cards")
        return said.format(seat=state.riders[0] + 1, punter=state.punter + 1)
    if phase is Phase.PEEKED:
        return _("the punters may have the card the banker peeked at count as turned (BN-17)")
    return _("seat {seat} is to stake").format(seat=state.punter + 1)
