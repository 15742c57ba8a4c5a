"""Punto Banco as a `Game`: who acts, what is legal, and what each action does."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from croupier.cards import Card, shoe_of
from croupier.engine.actions import (
    Action,
    Amounts,
    CloseBets,
    Cut,
    Done,
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
from croupier.engine.events import NOBODY, Event, kinds
from croupier.engine.game import ChanceNode, Chips, Drawing, Game, Shuffling
from croupier.engine.rebuy import rebuy_refusal
from croupier.errors import (
    ForbiddenAction,
    IllegalAction,
    InvalidConfig,
    NotYourTurn,
    StakeOutOfRange,
)
from croupier.games.baccarat import points, shoe_values
from croupier.games.punto_banco import _betting as betting
from croupier.games.punto_banco import events as punto_banco_events
from croupier.games.punto_banco._seats import cutter, holder
from croupier.games.punto_banco._state import Box, Coup, Phase, State
from croupier.games.punto_banco.actions import (
    Choose,
    DeclineTurn,
    OfferTurn,
    PassShoe,
    Stake,
    TurnCards,
    Withdraw,
)
from croupier.games.punto_banco.coup import (
    advance,
    choosers,
    collect_owed,
    deal,
    draw_third,
    entitled_turner,
    open_betting,
    punto_bettors,
    shown,
)
from croupier.games.punto_banco.events import (
    BurnCardShown,
    CardBurned,
    CardsTurned,
    ChoiceStated,
    CutCardPlaced,
    PuntoDecided,
    SessionEnded,
    ShoeCut,
    ShoeEnded,
    ShoeShuffled,
    TurnDeclined,
    TurnOffered,
)
from croupier.games.punto_banco.rules import Decision, Hand, Rules, burn_count
from croupier.games.punto_banco.view import BoxView, HandView, PuntoBancoView
from croupier.i18n import N_, _
from croupier.shoe import Shoe

__all__ = ["PuntoBanco"]

_CHANCE_PHASES = frozenset(
    {Phase.SHUFFLE, Phase.BURN, Phase.DEAL, Phase.PUNTO_DRAWS, Phase.BANCO_DRAWS}
)


class PuntoBanco(Game[Rules, State, PuntoBancoView]):
    """Punto Banco, as the text tells it (RULES PB-1..PB-14)."""

    name: ClassVar[str] = "punto-banco"
    title: ClassVar[str] = N_("Punto Banco")
    actions: ClassVar[tuple[type[Action], ...]] = (
        Join,
        Leave,
        Rebuy,
        Cut,
        Stake,
        Withdraw,
        PassShoe,
        Done,
        CloseBets,
        TurnCards,
        OfferTurn,
        DeclineTurn,
        Choose,
        EndSession,
        EndShoe,
    )
    events: ClassVar[tuple[type[Event], ...]] = kinds(punto_banco_events)
    config_type: ClassVar[type[Any]] = Rules

    def config(self, **options: Any) -> Rules:
        rules: Rules = make_config(self.config_type, **options)
        return rules

    def start(self, config: Rules, buy_ins: Mapping[int, int]) -> State:
        boxes: list[Box | None] = [None] * config.boxes
        for index, chips in buy_ins.items():
            if not (isinstance(index, int) and 0 <= index < config.boxes):
                said = _("there is no box {index!r}: a {table} table has boxes 0 to {last}")
                raise InvalidConfig(
                    said.format(index=index, table=config.table.value, last=config.boxes - 1)
                )
            if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
                said = _("box {index} must bring a whole number of chips, not {chips!r}")
                raise InvalidConfig(said.format(index=index, chips=chips))
            boxes[index] = Box(chips=chips)
        return State(
            rules=config, phase=Phase.SHUFFLE, boxes=tuple(boxes), paid_in=sum(buy_ins.values())
        )

    # -- who acts, and what they may do ---------------------------------------------------

    def to_act(self, state: State) -> frozenset[Actor]:
        phase = state.phase
        if phase is Phase.OVER:
            return frozenset()
        if phase in _CHANCE_PHASES:
            return frozenset({CHANCE})
        if phase is Phase.CUT:
            box = cutter(state)
            return frozenset({HOUSE if box is None else box})
        if phase is Phase.BETTING:
            waiting = (i for i, box in enumerate(state.boxes) if box is not None and not box.done)
            return frozenset({HOUSE, *waiting})
        coup = _coup(state)
        if phase is Phase.TURN:
            assert coup.turner is not None
            return frozenset({coup.turner})
        stated = {box for box, _ in coup.stated}
        return frozenset(box for box in choosers(state) if box not in stated)

    def options(self, state: State, actor: Actor) -> Legal:
        if actor not in self.to_act(state) and not _may_sit(state, actor):
            return Legal()
        phase = state.phase
        found: tuple[Option, ...] = ()
        if phase is Phase.CUT:
            found = (Amounts(Cut(1), 1, len(state.shoe) - 1),)
        elif phase is Phase.BETTING and isinstance(actor, int):
            found = betting.options(state, actor)
        elif phase is Phase.BETTING:
            found = self._house_betting(state)
        elif phase is Phase.TURN:
            found = _turn_options(state, actor)
        elif phase is Phase.CHOOSE:
            found = tuple(Choose(decision) for decision in Decision)
        return Legal(found)

    @staticmethod
    def _house_betting(state: State) -> tuple[Option, ...]:
        staked = any(box is not None and box.stakes.total for box in state.boxes)
        return (CloseBets(),) if staked else (CloseBets(), EndSession(), EndShoe())

    def refusal(self, state: State, actor: Actor, action: Action) -> IllegalAction:
        now = _now(state)
        if actor is HOUSE:
            if isinstance(action, EndSession) and state.phase is Phase.BETTING:
                said = _("stakes are on the table; end between coups")
                return ForbiddenAction(actor, action, said)
            if isinstance(action, EndShoe) and state.phase is Phase.BETTING:
                said = _("stakes are on the table: the shoe is changed between coups")
                return ForbiddenAction(actor, action, said)
            if isinstance(action, EndShoe):
                said = _("the shoe is changed between coups, not now: {now}")
                return ForbiddenAction(actor, action, said.format(now=now))
            return NotYourTurn(actor, action, _("not now: {now}").format(now=now))
        if not (isinstance(actor, int) and 0 <= actor < len(state.boxes)):
            said = _("there is no such seat: boxes are 1 to {last}")
            return ForbiddenAction(actor, action, said.format(last=len(state.boxes)))
        if isinstance(action, Rebuy) and (box := state.boxes[actor]) is not None:
            return rebuy_refusal(self, state, actor, action, box.chips)
        phase = state.phase
        if phase is Phase.BETTING:
            return betting.refusal(state, actor, action)
        if phase is Phase.CUT and isinstance(action, Cut) and actor == cutter(state):
            said = _("cut between 1 and {last} cards (C-6)")
            return StakeOutOfRange(actor, action, said.format(last=len(state.shoe) - 1))
        if phase is Phase.TURN and isinstance(action, TurnCards | OfferTurn | DeclineTurn):
            return _turn_refusal(state, actor, action)
        if isinstance(action, Choose):
            return NotYourTurn(actor, action, _choice_reason(state, actor))
        return NotYourTurn(actor, action, _("not now: {now}").format(now=now))

    # -- doing it -----------------------------------------------------------------------------

    def perform(
        self, state: State, actor: Actor, action: Action
    ) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        if isinstance(action, Shuffle):
            state = _shuffled(state, action, events)
        elif isinstance(action, Draw):
            state = _drawn(state, action, events)
        elif isinstance(action, Cut):
            state = _cut(state, actor if isinstance(actor, int) else None, action, events)
        elif isinstance(action, CloseBets):
            state = betting.close_bets(state, events)
        elif isinstance(action, EndSession):
            state = collect_owed(state, events)
            events.append(SessionEnded(state.coups))
            state = replace(state, phase=Phase.OVER)
        elif isinstance(action, EndShoe):
            state = _shoe_set_aside(state, events)
        else:
            assert isinstance(actor, int), "only seats act from here on"
            if isinstance(action, TurnCards | OfferTurn | DeclineTurn):
                state = _turn(state, actor, action, events)
            elif isinstance(action, Choose):
                state = _choose(state, actor, action, events)
            else:
                state = betting.perform(state, actor, action, events)
        return state, tuple(events)

    def chance(self, state: State) -> ChanceNode:
        if state.phase is Phase.SHUFFLE:
            return Shuffling(shoe_of(state.rules.decks))
        return Drawing(state.shoe)

    # -- what each sees -----------------------------------------------------------------------

    def view(self, state: State, viewer: Actor | None) -> PuntoBancoView:
        coup = state.coup
        punto = banco = HandView()
        if coup is not None:
            punto = _hand_view(coup.punto, coup.turned)
            banco = _hand_view(coup.banco, coup.banco_open)
        betting_now = state.phase is Phase.BETTING
        return PuntoBancoView(
            viewer=viewer,
            rules=state.rules,
            phase=state.phase,
            boxes=tuple(
                None if box is None else BoxView(i, box.chips, box.stakes, box.done, box.owed)
                for i, box in enumerate(state.boxes)
            ),
            shoe_number=state.shoes,
            coups=state.coups,
            cards_left=len(state.shoe),
            cut_card_out=state.shoe.cut_card_out,
            holder=holder(state) if betting_now else None,
            dealer=coup.dealer if coup is not None else None,
            punto=punto,
            banco=banco,
            turner=coup.turner if state.phase is Phase.TURN and coup is not None else None,
            choosers=tuple(choosers(state)) if state.phase is Phase.CHOOSE else (),
            decision=coup.decision if coup is not None else None,
            house=state.house,
            unseen=tuple(
                full - seen
                for full, seen in zip(shoe_values(state.rules.decks), state.seen, strict=True)
            ),
            last=state.last,
            to_act=self.to_act(state),
            legal=self.legal_actions(state, viewer) if viewer is not None else Legal(),
        )

    def seats(self, state: State) -> frozenset[int]:
        return frozenset(i for i, box in enumerate(state.boxes) if box is not None)

    def holdings(self, state: State) -> dict[int, int]:
        return {i: box.chips for i, box in enumerate(state.boxes) if box is not None}

    def stakes(self, state: State) -> dict[int, int]:
        return {
            i: box.stakes.total
            for i, box in enumerate(state.boxes)
            if box is not None and box.stakes.total
        }

    def rounds(self, state: State) -> int:
        return state.coups

    def chips(self, state: State) -> Chips:
        boxes = [box for box in state.boxes if box is not None]
        return Chips(
            seats=sum(box.chips for box in boxes),
            staked=sum(box.stakes.total for box in boxes),
            house=state.house,
            paid_in=state.paid_in,
            paid_out=state.paid_out,
        )


# -- helpers ----------------------------------------------------------------------------------


def _coup(state: State) -> Coup:
    assert state.coup is not None
    return state.coup


def _may_sit(state: State, actor: Actor) -> bool:
    """An empty box may be taken while bets are open (PB-1)."""
    return (
        state.phase is Phase.BETTING
        and isinstance(actor, int)
        and 0 <= actor < len(state.boxes)
        and state.boxes[actor] is None
    )


def _now(state: State) -> str:
    """What the table is doing, as a refusal says it."""
    phase = state.phase
    if phase is Phase.CUT:
        box = cutter(state)
        if box is None:
            return _("the croupier cuts the shoe")
        return _("box {box} is to cut the shoe").format(box=box + 1)
    turner = state.coup.turner if state.coup is not None else None
    if phase is Phase.TURN and turner is not None:
        return _("box {box} is to turn punto's cards").format(box=turner + 1)
    return _(_DOING[phase])


_DOING = {
    Phase.SHUFFLE: N_("the shoe is being shuffled"),
    Phase.BURN: N_("cards are being burned"),
    Phase.BETTING: N_("bets are open"),
    Phase.DEAL: N_("bets are closed and the cards are being dealt"),
    Phase.CHOOSE: N_("the punto side is choosing on 5"),
    Phase.PUNTO_DRAWS: N_("a third card is being drawn"),
    Phase.BANCO_DRAWS: N_("a third card is being drawn"),
    Phase.OVER: N_("the session is over"),
}
"""What the table is doing in each phase (but the cut's and the turning's, which name a box)."""


def _hand_view(cards: tuple[Card, ...], face_up: bool) -> HandView:
    if face_up:
        return HandView(cards, points(cards))
    return HandView(tuple(card if i >= 2 else None for i, card in enumerate(cards)))


def _shuffled(state: State, action: Shuffle, events: list[Event]) -> State:
    events.append(ShoeShuffled(state.shoes + 1, len(action.order)))
    shoe = Shoe(action.order)
    return replace(state, shoe=shoe, shoes=state.shoes + 1, phase=Phase.CUT, seen=(0,) * 10)


def _shoe_set_aside(state: State, events: list[Event]) -> State:
    """The croupier ends the shoe between coups: the commission owed is taken, as at any
    shoe's end (PB-7 variant), and the next coup deals from a new shoe (PB-3, PB-4)."""
    state = collect_owed(state, events)
    events.append(ShoeEnded(state.shoes))
    return replace(state, phase=Phase.SHUFFLE, coup=None, passed=frozenset())


def _cut(state: State, by: int | None, action: Cut, events: list[Event]) -> State:
    """The cut (C-6), then the red cut card goes in (PB-3); the burn follows."""
    shoe = state.shoe.cut(action.amount).with_cut_card(state.rules.cut_card)
    events += [ShoeCut(by, action.amount), CutCardPlaced(state.rules.cut_card)]
    return replace(state, shoe=shoe, phase=Phase.BURN, burn_left=None)


def _drawn(state: State, action: Draw, events: list[Event]) -> State:
    state = replace(state, shoe=state.shoe.draw(action.card))
    if state.phase is Phase.BURN:
        return _burned(state, action, events)
    if state.phase is Phase.DEAL:
        return deal(state, action.card, events)
    return draw_third(state, action.card, events)


def _burned(state: State, action: Draw, events: list[Event]) -> State:
    """The first card of the shoe is shown; its value burns that many more unseen (PB-4)."""
    if state.burn_left is None:
        left = burn_count(action.card)
        events.append(BurnCardShown(action.card, left))
        state = shown(state, action.card)
    else:
        left = state.burn_left - 1
        events.append(CardBurned(action.card, audience=NOBODY))
    state = replace(state, burn_left=left)
    return open_betting(state, events) if left == 0 else state


def _turn_options(state: State, actor: Actor) -> tuple[Option, ...]:
    coup = _coup(state)
    entitled = entitled_turner(state)
    if actor != entitled:
        return (TurnCards(), DeclineTurn())
    others = [box for box in punto_bettors(state) if box != entitled and box not in coup.offered]
    return (TurnCards(), *(OfferTurn(box) for box in others))


def _turn_refusal(state: State, actor: int, action: Action) -> IllegalAction:
    coup = _coup(state)
    if actor != coup.turner:
        return NotYourTurn(actor, action, _("{now} (PB-10)").format(now=_now(state)))
    if isinstance(action, DeclineTurn):
        said = _("the right is yours by the highest punto stake: turn or offer it (PB-10)")
        return ForbiddenAction(actor, action, said)
    said = _(
        "the right to turn can be offered once to each other punto bettor, by the highest "
        "punto stake (PB-10)"
    )
    return ForbiddenAction(actor, action, said)


def _turn(state: State, actor: int, action: Action, events: list[Event]) -> State:
    coup = _coup(state)
    if isinstance(action, OfferTurn):
        events.append(TurnOffered(actor, action.box))
        coup = replace(coup, turner=action.box, offered=coup.offered | {action.box})
        return replace(state, coup=coup)
    if isinstance(action, DeclineTurn):
        events.append(TurnDeclined(actor))
        return replace(state, coup=replace(coup, turner=entitled_turner(state)))
    events.append(CardsTurned(Hand.PUNTO, coup.punto, points(coup.punto), by=actor))
    return advance(shown(replace(state, coup=replace(coup, turned=True)), *coup.punto), events)


def _choice_reason(state: State, actor: int) -> str:
    if state.phase is not Phase.CHOOSE:
        return _("there is no choice to make now: only punto on 5 chooses, and only then (PB-13e)")
    coup = _coup(state)
    if any(box == actor for box, _decision in coup.stated):
        return _("you have stated your choice")
    names = ", ".join(_("box {number}").format(number=box + 1) for box in choosers(state))
    said = _("the choice on 5 belongs to the highest punto stake: {boxes} (PB-13e)")
    return said.format(boxes=names)


def _choose(state: State, actor: int, action: Choose, events: list[Event]) -> State:
    """Each of the highest punto stakes states a choice; if they differ, the first of them
    from the croupier's left decides (PB-13e, reading)."""
    coup = _coup(state)
    coup = replace(coup, stated=(*coup.stated, (actor, action.decision)))
    events.append(ChoiceStated(actor, action.decision))
    deciders = choosers(state)
    stated = dict(coup.stated)
    if len(stated) < len(deciders):
        return replace(state, coup=coup)
    first = deciders[0]
    events.append(PuntoDecided(stated[first], by=first, rule="PB-13e"))
    return advance(replace(state, coup=replace(coup, decision=stated[first])), events)
