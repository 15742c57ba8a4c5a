"""Between coups: sitting down, staking, passing the shoe, and closing bets (PB-1, PB-6, PB-8)."""

from __future__ import annotations

from dataclasses import replace

from croupier.engine.actions import MAX_BUY_IN, Action, Amounts, Done, Join, Leave, Option, Rebuy
from croupier.engine.events import ChipsAdded, Event
from croupier.engine.rebuy import with_rebuy
from croupier.errors import (
    ForbiddenAction,
    IllegalAction,
    InsufficientChips,
    NotYourTurn,
    StakeOutOfRange,
)
from croupier.games.punto_banco._seats import holder, walk_left
from croupier.games.punto_banco._state import Box, Coup, Phase, State
from croupier.games.punto_banco.actions import PassShoe, Stake, Withdraw
from croupier.games.punto_banco.coup import collect_owed
from croupier.games.punto_banco.events import (
    BetsClosed,
    BoxDone,
    PassReason,
    SeatJoined,
    SeatLeft,
    ShoePassed,
    StakePlaced,
    StakeWithdrawn,
)
from croupier.games.punto_banco.rules import Bet, Stakes
from croupier.i18n import _

__all__ = [
    "close_bets",
    "join_minimum",
    "options",
    "perform",
    "refusal",
    "stake_range",
]


def join_minimum(state: State) -> int:
    """The fewest chips a seat may sit down with: enough for the smallest bet."""
    return min(state.rules.limits(bet).low for bet in Bet)


def stake_range(state: State, box: Box, bet: Bet) -> tuple[int, int]:
    """The amounts a box may add to its stake on `bet`: the total stays in the bet's
    range (PB-6) and within the box's free chips. Empty when low > high."""
    limits = state.rules.limits(bet)
    current = box.stakes[bet]
    return max(1, limits.low - current), min(limits.high - current, box.free)


def options(state: State, index: int) -> tuple[Option, ...]:
    """What the seat at box `index` may do while bets are open."""
    box = state.boxes[index]
    if box is None:
        low = join_minimum(state)
        return (Amounts(Join(low), low, MAX_BUY_IN),)
    if box.done:
        return ()
    found: list[Option] = []
    for bet in Bet:
        low, high = stake_range(state, box, bet)
        if low <= high:
            found.append(Amounts(Stake(bet, low), low, high))
    found.extend(Withdraw(bet) for bet in Bet if box.stakes[bet])
    if holder(state) == index:
        found.append(PassShoe())
    if not box.stakes.total:
        found.append(Leave())
    found.append(Done())
    return with_rebuy(tuple(found), box.chips)


def refusal(state: State, index: int, action: Action) -> IllegalAction:
    """Why a seat's action is refused while bets are open."""
    box = state.boxes[index]
    if isinstance(action, Join):
        if box is not None:
            return ForbiddenAction(index, action, _("this box is taken; sit at an empty one"))
        said = _("bring {low} to {high} chips").format(low=join_minimum(state), high=MAX_BUY_IN)
        return StakeOutOfRange(index, action, said)
    if box is None:
        return ForbiddenAction(index, action, _("this box is empty: sit down first (Join)"))
    if box.done:
        return NotYourTurn(index, action, _("you have finished betting for this coup"))
    if isinstance(action, Stake):
        return _stake_refusal(state, index, box, action)
    if isinstance(action, Withdraw):
        said = _("you have no stake on {bet}").format(bet=_(action.bet.label))
        return ForbiddenAction(index, action, said)
    if isinstance(action, PassShoe):
        return ForbiddenAction(index, action, _pass_refusal(holder(state)))
    if isinstance(action, Leave):
        return ForbiddenAction(index, action, _("take back your stakes before leaving"))
    said = _("bets are open: stake, pass the shoe, leave or say done")
    return NotYourTurn(index, action, said)


def _pass_refusal(current: int | None) -> str:
    """Why a box that does not hold the shoe may not pass it (PB-8)."""
    if current is None:
        return _("only the shoe holder may pass it; nobody holds it")
    said = _("only the shoe holder may pass it; box {box} holds it")
    return said.format(box=current + 1)


def _stake_refusal(state: State, index: int, box: Box, action: Stake) -> IllegalAction:
    limits = state.rules.limits(action.bet)
    current = box.stakes[action.bet]
    total = current + action.amount
    if action.amount < 1 or not limits.low <= total <= limits.high:
        if current:
            said = _("a {bet} stake must total {low} to {high}; you have {current} on it")
        else:
            said = _("a {bet} stake must total {low} to {high}")
        bet = _(action.bet.label)
        said = said.format(bet=bet, low=limits.low, high=limits.high, current=current)
        return StakeOutOfRange(index, action, said)
    if box.owed:
        said = _("you have {free} chips free ({owed} owed)")
    else:
        said = _("you have {free} chips free")
    return InsufficientChips(index, action, said.format(free=box.free, owed=box.owed))


def perform(state: State, index: int, action: Action, events: list[Event]) -> State:
    """Carry out a seat's legal action while bets are open."""
    boxes = list(state.boxes)
    box = boxes[index]
    if isinstance(action, Join):
        boxes[index] = Box(chips=action.amount)
        events.append(SeatJoined(index, action.amount))
        return replace(state, boxes=tuple(boxes), paid_in=state.paid_in + action.amount)
    assert box is not None
    if isinstance(action, Rebuy):
        boxes[index] = replace(box, chips=box.chips + action.amount)
        events.append(ChipsAdded(index, action.amount, box.chips + action.amount))
        return replace(state, boxes=tuple(boxes), paid_in=state.paid_in + action.amount)
    if isinstance(action, Stake):
        total = box.stakes[action.bet] + action.amount
        boxes[index] = replace(
            box, chips=box.chips - action.amount, stakes=box.stakes.with_stake(action.bet, total)
        )
        events.append(StakePlaced(index, action.bet, action.amount, total))
    elif isinstance(action, Withdraw):
        amount = box.stakes[action.bet]
        boxes[index] = replace(
            box, chips=box.chips + amount, stakes=box.stakes.with_stake(action.bet, 0)
        )
        events.append(StakeWithdrawn(index, action.bet, amount))
    elif isinstance(action, PassShoe):
        state = replace(state, passed=state.passed | {index})
        events.append(ShoePassed(index, holder(state), PassReason.DECLINED))
        return state
    elif isinstance(action, Leave):
        return _leave(state, index, events)
    elif isinstance(action, Done):
        boxes[index] = replace(box, done=True)
        events.append(BoxDone(index))
    return replace(state, boxes=tuple(boxes))


def _leave(state: State, index: int, events: list[Event]) -> State:
    was_holder = holder(state) == index
    if state.box(index).owed:
        state = collect_owed(state, events)
    box = state.box(index)
    boxes = list(state.boxes)
    boxes[index] = None
    state = replace(state, boxes=tuple(boxes), paid_out=state.paid_out + box.chips)
    events.append(SeatLeft(index, box.chips))
    if was_holder:
        events.append(ShoePassed(index, holder(state), PassReason.LEFT))
    return state


def _pass_reason(stakes: Stakes) -> PassReason | None:
    """Why a holder with these stakes may not deal (PB-8), or None if he may."""
    if stakes.punto:
        return PassReason.BET_PUNTO
    if stakes.egalite:
        return PassReason.BET_EGALITE
    return None if stakes.banco else PassReason.NO_BANCO_BET


def close_bets(state: State, events: list[Event]) -> State:
    """No more bets. The shoe goes to the first box, from its holder leftwards, that bet
    banco and neither punto nor égalité; each box passed over passes it on; failing all,
    the croupier deals (PB-8: «Если же он хочет поставить на пунто или эгалите, сабо
    переходит к соседу слева»)."""
    candidates = [box for box in walk_left(state, state.shoe_box) if box not in state.passed]
    dealer = None
    for position, index in enumerate(candidates):
        stakes = state.box(index).stakes
        reason = _pass_reason(stakes)
        if reason is None:
            dealer = index
            break
        following = candidates[position + 1] if position + 1 < len(candidates) else None
        events.append(ShoePassed(index, following, reason))
    events.append(BetsClosed(dealer))
    return replace(
        state,
        phase=Phase.DEAL,
        coup=Coup(dealer=dealer),
        shoe_box=state.shoe_box if dealer is None else dealer,
    )
