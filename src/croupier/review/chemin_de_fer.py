"""The value of a Chemin de Fer decision (RULES CF-3, CF-6, CF-7, CF-11, CF-12, CF-13).

Whoever decides knows the cards shown since the shuffle and his own; the rest of the shoe is
`unseen`, each order of it as likely. The other side plays the equilibrium of the coup dealt
from the shoe as the decider knows it (`croupier.solve.chemin_de_fer.solve`, each side
knowing its total, exactly), and the decision shows that equilibrium's own play (`mix`):

- the punter on 5 (CF-12): standing and drawing, worth his stake times his expectation
  against the banker's equilibrium (`croupier.odds.baccarat_choices.punto_on_five`; the
  banker has no natural, CF-11);
- the banker (CF-13): standing and drawing, worth the stakes against him times his
  expectation against the punter's equilibrium play on 5
  (`croupier.odds.baccarat_choices.banker_choice`);
- a stake, banco or a pass (CF-6, CF-7): the stake times the punter's expectation of the next
  coup at the equilibrium (the game's value), beside passing, worth nothing;
- a bid at the auction or a bank opened (CF-3, CF-14): the bank, were it all covered for
  the next coup, times the banker's expectation at the equilibrium, beside passing or
  declining. Not a stake: what a bank wins is its punters' stakes', so its expected result
  is theirs turned round (`Valued.against`).

A choice the rules force (one option) is no decision.
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction
from functools import lru_cache

from croupier.cards import Card
from croupier.engine.actions import Action, Amounts
from croupier.games import baccarat
from croupier.games.chemin_de_fer import ChemmyView, Phase
from croupier.games.chemin_de_fer.actions import (
    Banco,
    Bid,
    DeclineBank,
    DrawCard,
    OpenBank,
    Pass,
    Stake,
    Stand,
)
from croupier.odds.baccarat_choices import banker_choice, banker_table, punto_on_five
from croupier.review import Choice, Valued
from croupier.solve.chemin_de_fer import TotalsSolution, solve

__all__ = ["value"]


def value(view: ChemmyView, action: Action, seen: Collection[Card]) -> Valued | None:
    """The decision `action` was, valued from `view` and the cards `seen` since the
    shuffle; None for an action that is no choice of value."""
    seat = view.viewer
    if not isinstance(seat, int):
        return None
    unseen = _unseen(view.rules.decks, seen)
    if isinstance(action, DrawCard | Stand):
        if len(view.legal) < 2:
            return None  # CF-12: 0-4 draws and 6-7 stands
        if seat == view.punter and view.punter_cards and len(view.punter_cards) == 2:
            return _punter(view, action, seat, unseen)
        if seat == view.banker:
            return _banker(view, action, unseen)
        return None
    if isinstance(action, Stake | Banco | Pass | Bid | OpenBank | DeclineBank):
        return _bank_or_stake(view, action, unseen)
    return None


def _unseen(decks: int, seen: Collection[Card]) -> tuple[int, ...]:
    counts = list(baccarat.shoe_values(decks))
    for card in seen:
        counts[baccarat.value(card)] -= 1
    return tuple(counts)


@lru_cache(maxsize=256)
def _equilibrium(shoe: tuple[int, ...]) -> TotalsSolution:
    """The coup's equilibrium dealt from `shoe` (counts by value), kept: every decision of
    a coup asks again."""
    return solve(counts=shoe)


def _staked(view: ChemmyView, seat: int | None = None) -> int:
    return sum(amount for who, amount in view.stakes if seat is None or who == seat)


def _punter(view: ChemmyView, action: Action, seat: int, unseen: tuple[int, ...]) -> Valued:
    own = tuple(card for card in view.punter_cards if card is not None)
    solution = _equilibrium(baccarat.with_values(unseen, own))
    stand, draw = punto_on_five(unseen, banker_table(solution.banker), banco_natural=False)
    stake = _staked(view, seat)
    choices = (Choice(Stand(), stake * stand.edge), Choice(DrawCard(), stake * draw.edge))
    x = solution.punter_draw_at_5
    return Valued(choices, isinstance(action, DrawCard), mix=(1 - x, x))


def _banker(view: ChemmyView, action: Action, unseen: tuple[int, ...]) -> Valued | None:
    own = tuple(card for card in view.banker_cards if card is not None)
    third = view.punter_cards[2] if len(view.punter_cards) == 3 else None
    if len(own) != 2 or (third is None and not view.punter_stood):
        return None
    known = (*own, third) if third is not None else own
    solution = _equilibrium(baccarat.with_values(unseen, known))
    total = baccarat.points(own)
    column = None if third is None else baccarat.value(third)
    stand, draw = banker_choice(unseen, total, column, solution.punter_draw_at_5)
    against = _staked(view)
    choices = (Choice(Stand(), -against * stand.edge), Choice(DrawCard(), -against * draw.edge))
    q = solution.banker[(total, column)]
    return Valued(choices, isinstance(action, DrawCard), mix=(1 - q, q))


def _bank_or_stake(view: ChemmyView, action: Action, unseen: tuple[int, ...]) -> Valued | None:
    """A stake, banco or a pass on them (CF-6, CF-7), or a bank bid or opened (CF-3, CF-14),
    beside passing: worth the game's value of the next coup, a chip staked."""
    if sum(unseen) < 6:
        return None
    game = _equilibrium(unseen).value  # the punter's expectation a chip staked
    if isinstance(action, Bid | OpenBank):
        declined = Pass() if view.phase is Phase.AUCTION else DeclineBank()
        return Valued((Choice(action, -action.amount * game), Choice(declined, Fraction(0))), 0)
    if isinstance(action, DeclineBank) or view.phase is Phase.AUCTION:
        return None  # the bank he would have named is not known
    options: list[Choice] = []
    for option in view.legal:
        if isinstance(option, Amounts):
            if isinstance(action, Stake):
                options.append(Choice(action, action.amount * game))
        elif isinstance(option, Banco):
            options.append(Choice(option, view.bank * game))
        elif isinstance(option, Pass):
            options.append(Choice(option, Fraction(0)))
    chosen = next((n for n, choice in enumerate(options) if choice.option == action), None)
    if chosen is None or len(options) < 2:
        return None
    return Valued(tuple(options), chosen, stakes=True, against=view.banker)
