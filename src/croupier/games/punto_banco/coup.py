"""The coup: from the close of bets to settlement (PB-9 .. PB-14, PB-7, PB-8).

Each function takes the state and a list to which it appends the events it
causes, and returns the new state; `advance` plays out every step that
needs no decision, up to the next one (a seat's, or a card from the shoe).
"""

from __future__ import annotations

from dataclasses import replace

from croupier.cards import Card
from croupier.engine.events import NOBODY, Event
from croupier.engine.shown import Shown, ShownHand, nets
from croupier.games.baccarat import (
    PUNTO_RULE,
    PuntoRule,
    banco_draws,
    is_natural,
    points,
    with_values,
)
from croupier.games.punto_banco._seats import holder, walk_left
from croupier.games.punto_banco._state import Box, Coup, Phase, State
from croupier.games.punto_banco.events import (
    BetsOpen,
    CardDealt,
    CardsTurned,
    CommissionCollected,
    CoupResult,
    Outcome,
    PassReason,
    PuntoDecided,
    Settled,
    ShoeEnded,
    ShoePassed,
    ThirdCard,
)
from croupier.games.punto_banco.rules import (
    Bet,
    CommissionTiming,
    Decision,
    Hand,
    Rules,
    Tableau,
)

__all__ = [
    "advance",
    "choosers",
    "collect_owed",
    "deal",
    "draw_third",
    "entitled_turner",
    "open_betting",
    "pay",
    "punto_bettors",
    "shown",
]


def _coup(state: State) -> Coup:
    assert state.coup is not None, "no coup is being dealt"
    return state.coup


def punto_bettors(state: State) -> list[int]:
    """Boxes with a punto stake, in order from the croupier's left."""
    return [i for i, box in enumerate(state.boxes) if box is not None and box.stakes.punto]


def _highest_punto(state: State) -> list[int]:
    bettors = punto_bettors(state)
    if not bettors:
        return []
    top = max(state.box(i).stakes.punto for i in bettors)
    return [i for i in bettors if state.box(i).stakes.punto == top]


def entitled_turner(state: State) -> int | None:
    """Who turns punto's cards failing agreement: the highest punto stake, ties to the
    first from the croupier's left (PB-10); None when nobody bet punto."""
    highest = _highest_punto(state)
    return highest[0] if highest else None


def choosers(state: State) -> list[int]:
    """The boxes that state the choice on 5: those sharing the highest punto stake (PB-13e)."""
    return _highest_punto(state)


def shown(state: State, *cards: Card) -> State:
    """The state once these cards are face up for all to see."""
    return replace(state, seen=with_values(state.seen, cards))


def open_betting(state: State, events: list[Event]) -> State:
    """A new coup: bets open and the shoe is offered (PB-6, PB-8)."""
    fresh = tuple(
        None if box is None else Box(chips=box.chips, owed=box.owed) for box in state.boxes
    )
    state = replace(state, phase=Phase.BETTING, boxes=fresh, coup=None, passed=frozenset())
    events.append(BetsOpen(coup=state.coups + 1, holder=holder(state)))
    return state


def deal(state: State, card: Card, events: list[Event]) -> State:
    """One card face down, punto first: P, B, P, B (PB-9)."""
    coup = _coup(state)
    if len(coup.punto) == len(coup.banco):
        coup = replace(coup, punto=(*coup.punto, card))
        events.append(CardDealt(Hand.PUNTO, card, audience=NOBODY))
    else:
        coup = replace(coup, banco=(*coup.banco, card))
        events.append(CardDealt(Hand.BANCO, card, audience=NOBODY))
    return advance(replace(state, coup=coup), events)


def draw_third(state: State, card: Card, events: list[Event]) -> State:
    """A third card, face up, to the hand whose turn it is to draw."""
    coup = _coup(state)
    if state.phase is Phase.PUNTO_DRAWS:
        coup = replace(coup, punto=(*coup.punto, card))
        events.append(ThirdCard(Hand.PUNTO, card, points(coup.punto)))
    else:
        coup = replace(coup, banco=(*coup.banco, card))
        events.append(ThirdCard(Hand.BANCO, card, points(coup.banco)))
    return advance(shown(replace(state, coup=coup), card), events)


def advance(state: State, events: list[Event]) -> State:
    """Play the coup on until a seat must decide, a card must be drawn, or it is settled."""
    coup = _coup(state)
    if len(coup.banco) < 2:
        return replace(state, phase=Phase.DEAL)
    if not coup.turned:
        turner = entitled_turner(state)
        if turner is not None:
            return replace(state, phase=Phase.TURN, coup=replace(coup, turner=turner))
        coup = replace(coup, turned=True)  # no punto bets: the croupier turns them (PB-10)
        events.append(CardsTurned(Hand.PUNTO, coup.punto, points(coup.punto), by=None))
        state = shown(replace(state, coup=coup), *coup.punto)
    rule = PUNTO_RULE[points(coup.punto[:2])]
    if rule is PuntoRule.NATURAL:  # PB-13a
        state = _open_banco(state, events)
        return _settle(state, "PB-13a", events)
    if rule is PuntoRule.CHOOSE and coup.decision is None:
        if state.rules.tableau is Tableau.TEXT and punto_bettors(state):
            return replace(state, phase=Phase.CHOOSE)
        forced = "PB-14" if state.rules.tableau is Tableau.FIXED else "PB-13e"
        events.append(PuntoDecided(Decision.DRAW, by=None, rule=forced))
        state = replace(state, coup=replace(coup, decision=Decision.DRAW))
    state = _open_banco(state, events)
    coup = _coup(state)
    if is_natural(coup.banco):  # PB-13b
        return _settle(state, "PB-13b", events)
    punto_draws = rule is PuntoRule.DRAW or coup.decision is Decision.DRAW
    if punto_draws and len(coup.punto) == 2:
        return replace(state, phase=Phase.PUNTO_DRAWS)
    branch = _branch(state, rule)
    if len(coup.banco) == 2:
        third = coup.punto[2] if len(coup.punto) == 3 else None
        if banco_draws(points(coup.banco), third):
            return replace(state, phase=Phase.BANCO_DRAWS)
    return _settle(state, branch, events)


def _branch(state: State, rule: PuntoRule) -> str:
    """The rule that governs the coup's drawing, cited with its result."""
    if rule is PuntoRule.STAND:
        return "PB-13c"
    if rule is PuntoRule.DRAW:
        return "PB-13d"
    return "PB-14" if state.rules.tableau is Tableau.FIXED else "PB-13e"


def _open_banco(state: State, events: list[Event]) -> State:
    coup = _coup(state)
    if coup.banco_open:
        return state
    events.append(CardsTurned(Hand.BANCO, coup.banco, points(coup.banco), by=None))
    return shown(replace(state, coup=replace(coup, banco_open=True)), *coup.banco)


def _settle(state: State, rule: str, events: list[Event]) -> State:
    """Compare, pay every stake (PB-7), pass the shoe if its holder lost (PB-8)."""
    coup = _coup(state)
    punto, banco = points(coup.punto), points(coup.banco)
    winner = Bet.PUNTO if punto > banco else Bet.BANCO if banco > punto else Bet.EGALITE
    events.append(CoupResult(winner, punto, banco, rule))
    boxes = list(state.boxes)
    house = state.house
    timing = state.rules.commission_timing
    swings: list[tuple[int, int]] = []
    for index, box in enumerate(boxes):
        if box is None or not box.stakes.total:
            continue
        chips, owed = box.chips, box.owed
        for bet in Bet:
            stake = box.stakes[bet]
            if not stake:
                continue
            outcome, win, commission = pay(state.rules, bet, stake, winner)
            taken_now = commission if timing is CommissionTiming.EACH_COUP else 0
            net = win - taken_now
            chips += stake + net
            owed += commission - taken_now
            house -= net
            events.append(Settled(index, bet, stake, outcome, net, commission))
            swings.append((index, net))
        boxes[index] = Box(chips=chips, owed=owed)
    hands = (
        ShownHand(Hand.PUNTO.value, coup.punto, punto),
        ShownHand(Hand.BANCO.value, coup.banco, banco),
    )
    last = Shown(hands, None if winner is Bet.EGALITE else winner.value, nets(swings))
    state = replace(state, boxes=tuple(boxes), house=house, coups=state.coups + 1, last=last)
    if coup.dealer is not None and winner is Bet.PUNTO:
        following = next(walk_left(state, coup.dealer + 1), coup.dealer)
        events.append(ShoePassed(coup.dealer, following, PassReason.BANCO_LOST))
        state = replace(state, shoe_box=following)
    if state.shoe.cut_card_out:  # PB-5: the shoe ends after this coup
        state = collect_owed(state, events)
        events.append(ShoeEnded(state.shoes))
        return replace(state, phase=Phase.SHUFFLE, coup=None, passed=frozenset())
    return open_betting(state, events)


def pay(rules: Rules, bet: Bet, stake: int, winner: Bet) -> tuple[Outcome, int, int]:
    """(outcome, chips won beyond the stake or -stake if lost, commission) for a stake (PB-7)."""
    if winner is Bet.EGALITE:
        if bet is Bet.EGALITE:
            return Outcome.WIN, stake * rules.egalite_pays, 0
        return Outcome.PUSH, 0, 0
    if bet is not winner:
        return Outcome.LOSE, -stake, 0
    commission = rules.commission_on(stake) if bet is Bet.BANCO else 0
    return Outcome.WIN, stake, commission


def collect_owed(state: State, events: list[Event]) -> State:
    """Take the commission owed by every box (PB-7 variant: at the end of the shoe)."""
    boxes = list(state.boxes)
    house = state.house
    for index, box in enumerate(boxes):
        if box is not None and box.owed:
            events.append(CommissionCollected(index, box.owed))
            house += box.owed
            boxes[index] = replace(box, chips=box.chips - box.owed, owed=0)
    return replace(state, boxes=tuple(boxes), house=house)
