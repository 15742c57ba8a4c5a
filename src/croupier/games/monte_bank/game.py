"""Monte Bank as a `Game`: who acts, what is legal, and what each action does.

Players sit down (`Join`) and get up (`Leave`) as `deal` tells. A table of fewer than two
players, or a banker with no punter to deal to, waits: only the house is to act, and it may
end the session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from croupier.cards import Card, monte_pack
from croupier.engine.actions import (
    MAX_BUY_IN,
    Action,
    Amounts,
    CloseBets,
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
)
from croupier.engine.actors import CHANCE, HOUSE, Actor
from croupier.engine.config import make_config
from croupier.engine.events import Event, ShoeCut, kinds
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
from croupier.games.monte_bank import deal, play
from croupier.games.monte_bank import events as monte_bank_events
from croupier.games.monte_bank.actions import (
    AddToBank,
    CircleBet,
    CrossBet,
    DeclineBank,
    DoublerBet,
    GiveUpBank,
    KeepBank,
    MonteCarloBet,
    Pass,
    PutUpBank,
    ShufflePack,
)
from croupier.games.monte_bank.events import (
    AcesCalled,
    MonteAdded,
    PackShuffled,
    RitualPassed,
)
from croupier.games.monte_bank.rules import Rules
from croupier.games.monte_bank.state import Phase, State
from croupier.games.monte_bank.view import MonteView
from croupier.i18n import N_, _, ngettext
from croupier.shoe import End, Shoe

__all__ = ["MonteBank"]

_CHANCE = frozenset({Phase.FIRST_BANKER, Phase.SHUFFLING, Phase.LAYOUT, Phase.EXTRAS, Phase.DRAW})
_SEATING = frozenset({Phase.MONTE, Phase.BETWEEN, Phase.OFFER, Phase.WAITING})
"""Between deals and banks: players may get up."""


class MonteBank(BankingGame[Rules, State, MonteView]):
    """Monte Bank, club form, as the text tells it (RULES MB-1..MB-17)."""

    name: ClassVar[str] = "monte-bank"
    title: ClassVar[str] = N_("Monte Bank")
    actions: ClassVar[tuple[type[Action], ...]] = (
        Join,
        Leave,
        Rebuy,
        PutUpBank,
        AddToBank,
        KeepBank,
        GiveUpBank,
        DeclineBank,
        ShufflePack,
        Pass,
        Cut,
        CircleBet,
        CrossBet,
        DoublerBet,
        MonteCarloBet,
        Done,
        CloseBets,
        EndSession,
    )
    events: ClassVar[tuple[type[Event], ...]] = kinds(monte_bank_events)
    config_type: ClassVar[type[Any]] = Rules
    bet_actions: ClassVar[tuple[type[Action], ...]] = (
        CircleBet,
        CrossBet,
        DoublerBet,
        MonteCarloBet,
    )
    """The bets of this form of the game (the private form has its own)."""

    def config(self, **options: Any) -> Rules:
        rules: Rules = make_config(self.config_type, **options)
        return rules

    def start(self, config: Rules, buy_ins: Mapping[int, int]) -> State:
        seats = seat_buy_ins(buy_ins, config.seats)
        state = State(
            rules=config,
            phase=Phase.FIRST_BANKER,
            seats=seats,
            paid_in=sum(buy_ins.values()),
        )
        return deal.start(state)

    # -- who acts, and what they may do ---------------------------------------------------

    def to_act(self, state: State) -> frozenset[Actor]:
        phase = state.phase
        if phase is Phase.OVER:
            return frozenset()
        if phase in _CHANCE:
            return frozenset({CHANCE})
        if phase is Phase.WAITING or (phase is Phase.BETWEEN and _alone(state)):
            return frozenset({HOUSE})
        if phase is Phase.BETTING:
            banker = state.banker
            assert banker is not None
            waiting = [s for s in state.to_the_left(banker) if s not in state.done]
            if banker not in state.done and not self.aces_refusal(state):
                waiting.append(banker)  # he may say "aces" while no bet is down (MB-15)
            return frozenset({HOUSE, *waiting})
        return frozenset({_actor(state)})

    def options(self, state: State, actor: Actor) -> Legal:
        phase = state.phase
        if actor is HOUSE:
            if phase is Phase.BETTING:
                return Legal((CloseBets(),))
            return Legal((EndSession(),) if phase in _SEATING else ())
        if not (isinstance(actor, int) and 0 <= actor < len(state.seats)):
            return Legal()
        found = _seating_options(state, actor)
        if actor in self.to_act(state) or (phase is Phase.BETWEEN and actor == state.banker):
            found = (*self._seat_options(state, actor), *found)
        return Legal(with_rebuy(found, state.seats[actor]))

    def refusal(self, state: State, actor: Actor, action: Action) -> IllegalAction:
        phase = state.phase
        if isinstance(actor, int) and not 0 <= actor < len(state.seats):
            said = _("there is no such seat: seats are 1 to {seats}")
            return ForbiddenAction(actor, action, said.format(seats=len(state.seats)))
        if isinstance(actor, int) and isinstance(action, Join | Leave):
            return self._seating_refusal(state, actor, action)
        if isinstance(actor, int) and (chips := state.seats[actor]) is None:
            return ForbiddenAction(actor, action, _("this seat is empty: sit down first (Join)"))
        if isinstance(action, Rebuy) and isinstance(actor, int) and chips is not None:
            return rebuy_refusal(self, state, actor, action, chips)
        if isinstance(action, self.bet_actions):
            if phase is not Phase.BETTING:
                reason = (
                    _('the cutter has said "all": betting is closed (MB-11)')
                    if phase is Phase.DRAW
                    else _("no layout is out for bets now")
                )
                return NotYourTurn(actor, action, reason)
            if actor == state.banker:
                said = _("the banker does not bet on his own layout")
                return ForbiddenAction(actor, action, said)
            if isinstance(actor, int) and actor in state.done:
                said = _("you have finished betting on this layout")
                return NotYourTurn(actor, action, said)
            if isinstance(actor, int):
                return self.bet_refusal(state, actor, action)
        if (
            isinstance(action, GiveUpBank)
            and actor == state.banker
            and (reason := self.aces_refusal(state))
        ):
            return ForbiddenAction(actor, action, reason)
        if (
            isinstance(action, PutUpBank | AddToBank)
            and isinstance(actor, int)
            and actor == _actor_or_none(state)
        ):
            chips = state.chips(actor)
            if action.amount > chips:
                return InsufficientChips(actor, action, play.you_have(chips))
            said = _("the monte is at least {least}").format(least=state.rules.minimum_monte)
            return StakeOutOfRange(actor, action, said)
        if isinstance(action, Cut) and actor == _actor_or_none(state):
            most = len(state.pack) - 1
            # i18n: the most cards a cut may take (the same in English's two forms)
            said = ngettext(
                "cut between 1 and {most} cards", "cut between 1 and {most} cards", most
            )
            return StakeOutOfRange(actor, action, said.format(most=most))
        if isinstance(action, Pass) and phase is Phase.CUTS:
            said = _("the punter on the banker's right cuts last: he must cut (MB-5)")
            return ForbiddenAction(actor, action, said)
        if isinstance(action, KeepBank) and actor == state.banker and _alone(state):
            said = _("no punter is seated: there is no one to deal to")
            return ForbiddenAction(actor, action, said)
        return NotYourTurn(actor, action, _now(state))

    def _seating_refusal(self, state: State, seat: int, action: Join | Leave) -> IllegalAction:
        """Why `seat` may not sit down or get up now."""
        busy = _now(state) if state.phase in _CHANCE else None
        if (common := seating_refusal(state.seats, seat, action, busy)) is not None:
            return common
        if state.phase in _SEATING:  # refused between deals: he holds the bank
            held = self.aces_refusal(state)
            if held:
                said = _("you hold the bank, and {why}").format(why=held)
                return ForbiddenAction(seat, action, said)
            said = _('you hold the bank: give it up first, saying "aces" (MB-15)')
            return ForbiddenAction(seat, action, said)
        if any(bet.seat == seat for bet in state.bets):
            said = _("your stakes are on the layout: get up once the deal is over")
            return ForbiddenAction(seat, action, said)
        said = _("get up between deals; now {now}").format(now=_now(state))
        return NotYourTurn(seat, action, said)

    # -- doing it -----------------------------------------------------------------------------

    def perform(
        self, state: State, actor: Actor, action: Action
    ) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        if isinstance(action, Shuffle):
            state = _shuffled(state, action, events)
        elif isinstance(action, Draw):
            state = self._drawn(state, action, events)
        elif isinstance(action, CloseBets):
            state = self.close_bets(state, events)
        elif isinstance(action, EndSession):
            state = deal.close(state, events)
        else:
            assert isinstance(actor, int)
            state = self._seat_acts(state, actor, action, events)
        if state.phase is Phase.BETWEEN and (reason := self.no_more_deals(state)):
            state = deal.serve_term(state, reason, events)
        return state, tuple(events)

    def chance(self, state: State) -> ChanceNode:
        phase = state.phase
        if phase is Phase.SHUFFLING or (phase is Phase.FIRST_BANKER and not state.pack.cards):
            return Shuffling(monte_pack())
        return Drawing(state.pack, self._end(state))

    # -- what the club form does, and the private form does its own way ------------------

    def bet_options(self, state: State, seat: int) -> tuple[Option, ...]:
        """The bets a punter may place on the layout (MB-8, MB-9)."""
        return play.options(state, seat)

    def bet_refusal(self, state: State, seat: int, action: Action) -> IllegalAction:
        return play.refusal(state, seat, action)

    def place(self, state: State, seat: int, action: Action, events: list[Event]) -> State:
        return play.bet(state, seat, action, events)

    def layout_end(self, state: State) -> End:
        """The end of the pack the next layout card comes from (MB-6)."""
        step = deal.layout_step(state.dealt)
        assert isinstance(step, End)
        return step

    def layout_card(self, state: State, card: Card, end: End, events: list[Event]) -> State:
        return deal.layout_card(state, card, end, events)

    def close_bets(self, state: State, events: list[Event]) -> State:
        """The cutter says "all" (MB-11)."""
        return play.close_bets(state, events)

    def show(self, state: State, card: Card, events: list[Event]) -> State:
        """A card shown in the draw (MB-11, MB-12)."""
        return play.show(state, card, events)

    def aces_refusal(self, state: State) -> str:
        """Why the banker may not give up the bank now, or an empty string if he may: at any
        time when no bet on the layout is unsettled (MB-15: «в любое время, когда нет на
        табло неразыгранных ставок»)."""
        if state.bets:
            return _("bets are unsettled: the bank is given up when none is on the layout (MB-15)")
        return ""

    def no_more_deals(self, state: State) -> str:
        """Why the banker may not deal again, or an empty string if he may (MB-15); then the
        bank passes at once."""
        rules = state.rules
        if rules.deals_per_bank is not None and state.bank_deals >= rules.deals_per_bank:
            return f"the {rules.deals_per_bank} deals agreed are dealt (MB-15)"
        return ""

    def deals_left(self, state: State) -> int | None:
        """How many more deals this bank may deal after the ones dealt and on the table,
        or None when no number is agreed (MB-15)."""
        agreed = state.rules.deals_per_bank
        if agreed is None:
            return None
        return max(0, agreed - state.bank_deals - (state.layout is not None))

    def deal_again(self, state: State, events: list[Event]) -> State:
        """The banker deals again: the cards gathered, shuffled and cut (MB-12, MB-5)."""
        return deal.new_deal(state, events)

    # -- the table, the same in both forms ---------------------------------------------------

    def _end(self, state: State) -> End:
        phase = state.phase
        if phase is Phase.LAYOUT:
            return self.layout_end(state)
        return End.BOTTOM if phase is Phase.DRAW else End.TOP

    def _seat_options(self, state: State, seat: int) -> tuple[Option, ...]:
        phase, rules = state.phase, state.rules
        if phase in (Phase.MONTE, Phase.OFFER):
            chips = state.chips(seat)
            put_up: tuple[Option, ...] = (
                (Amounts(PutUpBank(rules.minimum_monte), rules.minimum_monte, chips),)
                if chips >= rules.minimum_monte
                else ()
            )
            return (*put_up, DeclineBank())
        if phase is Phase.SHUFFLES:
            return (ShufflePack(), Pass())
        if phase is Phase.CUTS:
            cut = Amounts(Cut(1), 1, len(state.pack) - 1)
            last = state.speaker == len(state.order) - 1
            return (cut,) if last else (cut, Pass())
        aces: tuple[Option, ...] = () if self.aces_refusal(state) else (GiveUpBank(),)
        if phase is Phase.BETTING:
            if seat == state.banker:  # no bet is down yet: "aces", or let the bets come
                return (*aces, Done())
            return self.bet_options(state, seat)
        # BETWEEN: the banker deals again, adds to the bank, or gives it up (MB-4, MB-15)
        chips = state.chips(seat)
        keep: tuple[Option, ...] = () if _alone(state) else (KeepBank(),)
        more: tuple[Option, ...] = (Amounts(AddToBank(1), 1, chips),) if chips >= 1 else ()
        return (*keep, *more, *aces)

    def _seat_acts(self, state: State, seat: int, action: Action, events: list[Event]) -> State:
        if isinstance(action, KeepBank):
            return self.deal_again(state, events)
        if isinstance(action, self.bet_actions):
            return self.place(state, seat, action, events)
        return _seat_acts(state, seat, action, events)

    def _drawn(self, state: State, action: Draw, events: list[Event]) -> State:
        phase = state.phase
        end = self._end(state)
        state = replace(state, pack=state.pack.draw(action.card, end))
        if phase is Phase.FIRST_BANKER:
            return deal.drawn_for_bank(state, action.card, events)
        if phase is Phase.LAYOUT:
            return self.layout_card(state, action.card, end, events)
        if phase is Phase.EXTRAS:
            return deal.extra_card(state, action.card, events)
        return self.show(state, action.card, events)

    # -- what each sees -----------------------------------------------------------------------

    def view(self, state: State, viewer: Actor | None) -> MonteView:
        speaking = (
            state.order[state.speaker] if state.phase in (Phase.SHUFFLES, Phase.CUTS) else None
        )
        return MonteView(
            viewer=viewer,
            rules=state.rules,
            phase=state.phase,
            seats=state.seats,
            banker=state.banker,
            bank=state.bank,
            apart=state.apart,
            house=state.house,
            layout=state.layout if state.phase in (Phase.BETTING, Phase.DRAW) else None,
            bets=state.bets,
            falls=state.falls,
            shown=state.shown,
            cards_left=len(state.pack),
            deals=state.deals,
            offered=state.offered if state.phase is Phase.OFFER else None,
            speaking=speaking,
            to_act=self.to_act(state),
            legal=self.legal_actions(state, viewer) if viewer is not None else Legal(),
            seen=state.seen,
            last=state.last,
            deals_left=self.deals_left(state),
        )

    def stakes(self, state: State) -> dict[int, int]:
        return by_seat((bet.seat, bet.stake) for bet in state.bets)

    def rounds(self, state: State) -> int:
        return state.deals

    def chips(self, state: State) -> Chips:
        return Chips(
            seats=sum(chips for chips in state.seats if chips is not None),
            staked=state.staked,
            house=state.house,
            bank=state.bank,
            apart=state.apart,
            paid_in=state.paid_in,
            paid_out=state.paid_out,
        )


# -- helpers ----------------------------------------------------------------------------------


def _actor(state: State) -> Actor:
    phase = state.phase
    if phase in (Phase.SHUFFLES, Phase.CUTS):
        return state.order[state.speaker]
    if phase is Phase.OFFER:
        assert state.offered is not None
        return state.offered
    assert state.banker is not None  # MONTE, BETWEEN
    return state.banker


def _actor_or_none(state: State) -> Actor | None:
    if state.phase in _CHANCE or state.phase in (Phase.OVER, Phase.BETTING, Phase.WAITING):
        return None
    return _actor(state)


def _alone(state: State) -> bool:
    """The banker has no punter to deal to."""
    assert state.banker is not None
    return next(state.to_the_left(state.banker), None) is None


def _seating_options(state: State, seat: int) -> tuple[Option, ...]:
    """An empty seat may be taken but while cards are shuffled, dealt or shown; between deals
    a player not holding the bank may get up (MB-15: the banker gives it up first)."""
    if state.seats[seat] is None:
        return () if state.phase in _CHANCE else (Amounts(Join(1), 1, MAX_BUY_IN),)
    holding = state.phase is Phase.BETWEEN and seat == state.banker
    return (Leave(),) if state.phase in _SEATING and not holding else ()


def _seat_acts(state: State, seat: int, action: Action, events: list[Event]) -> State:
    if isinstance(action, Join):
        return deal.join(state, seat, action.amount, events)
    if isinstance(action, Leave):
        return deal.leave(state, seat, events)
    if isinstance(action, Rebuy):
        return rebought(state, seat, action, events)
    if isinstance(action, PutUpBank):
        return deal.put_up(state, seat, action.amount, events)
    if isinstance(action, DeclineBank):
        return deal.decline(state, seat, events)
    if isinstance(action, AddToBank):
        seats = list(state.seats)
        seats[seat] = state.chips(seat) - action.amount
        events.append(MonteAdded(seat, action.amount, state.bank + action.amount))
        return replace(state, seats=tuple(seats), bank=state.bank + action.amount)
    if isinstance(action, GiveUpBank):
        events.append(AcesCalled(seat, state.bank))
        return deal.pass_bank(state, events)
    if isinstance(action, ShufflePack):
        return replace(state, phase=Phase.SHUFFLING, shuffler=seat, after=Phase.SHUFFLES)
    if isinstance(action, Pass):
        events.append(RitualPassed(seat, "shuffle" if state.phase is Phase.SHUFFLES else "cut"))
        return _next_speaker(state)
    if isinstance(action, Cut):
        events.append(ShoeCut(seat, action.amount))
        return _next_speaker(replace(state, pack=state.pack.cut(action.amount)))
    assert isinstance(action, Done)
    return replace(state, done=state.done | {seat})


def _next_speaker(state: State) -> State:
    """The next punter is asked; after the last, the banker shuffles, or the layout is dealt."""
    if state.speaker + 1 < len(state.order):
        return replace(state, speaker=state.speaker + 1)
    if state.phase is Phase.SHUFFLES:
        return replace(
            state, phase=Phase.SHUFFLING, shuffler=state.banker, after=Phase.CUTS, speaker=0
        )
    return replace(state, phase=Phase.LAYOUT, dealt=())


def _shuffled(state: State, action: Shuffle, events: list[Event]) -> State:
    first = state.phase is Phase.FIRST_BANKER  # the pack for the draw for the bank
    events.append(PackShuffled(None if first else state.shuffler, len(action.order)))
    state = replace(state, pack=Shoe(action.order))
    if first:
        return state
    if state.after is Phase.SHUFFLES:  # a punter shuffled: the next is asked
        return _next_speaker(replace(state, phase=Phase.SHUFFLES))
    return replace(state, phase=state.after, speaker=0, dealt=())


_TURNS = {
    Phase.MONTE: N_("it is {who}'s turn to put up the monte (MB-4)"),
    Phase.SHUFFLES: N_("it is {who}'s turn to shuffle or pass (MB-5)"),
    Phase.CUTS: N_("it is {who}'s turn to cut or pass (MB-5)"),
    Phase.BETWEEN: N_("it is {who}'s turn to deal again, add to the bank, or give it up (MB-15)"),
    Phase.OFFER: N_("it is {who}'s turn to take the bank or decline it (MB-15)"),
}
"""Whose turn it is, and to do what, at each phase a seat speaks in."""


def _now(state: State) -> str:
    phase = state.phase
    if phase in _CHANCE:
        return _("the cards are being shuffled, dealt or shown")
    if phase is Phase.OVER:
        return _("the session is over")
    if phase is Phase.BETTING:
        return _("bets are open to the punters")
    if phase is Phase.WAITING:
        return _("the table waits for two players to sit down (MB-1)")
    if phase is Phase.BETWEEN and _alone(state):
        return _("the banker waits for a punter to sit down")
    actor = _actor(state)
    who = _("seat {number}").format(number=actor + 1) if isinstance(actor, int) else _("the house")
    return _(_TURNS[phase]).format(who=who)
