"""What the table does for a seat that does not act in time (a table's time limit), or that
leaves in the middle of a coup: the plainest choice the rules allow (`late_action`, for a
person merely slow, keeps a Banchek punter in the game with the smallest stake).

In order of preference: finish betting, pass, wait, play on, decline or give up a bank,
turn the cards as one must, stand where standing is allowed, then the forced play (punto's
draw on 5 when no choice is made, as PB-13e has it with no punto stake; a third card the
tableau calls for); a cut in the middle; getting up; else the first thing offered.
"""

from __future__ import annotations

from croupier.engine.actions import Action, Amounts, Cut, Done, Leave, Legal
from croupier.games.banchek import actions as banchek
from croupier.games.chemin_de_fer import actions as chemin_de_fer
from croupier.games.monte_bank import actions as monte_bank
from croupier.games.punto_banco import actions as punto_banco
from croupier.games.punto_banco.rules import Decision

__all__ = ["default_action", "late_action", "middle_cut"]

_PLAINEST: tuple[Action, ...] = (
    Done(),
    chemin_de_fer.Pass(),
    monte_bank.Pass(),
    banchek.Wait(),
    banchek.PlayOn(),
    chemin_de_fer.GiveUpBank(),
    monte_bank.GiveUpBank(),
    chemin_de_fer.DeclineBank(),
    monte_bank.DeclineBank(),
    punto_banco.TurnCards(),
    chemin_de_fer.Stand(),
    punto_banco.Choose(Decision.DRAW),
    chemin_de_fer.DrawCard(),
)


def middle_cut(legal: Legal) -> Cut:
    """The cut in the middle of those a seat may make."""
    (option,) = legal.of_type(Cut)
    assert isinstance(option, Amounts)
    return Cut((option.low + option.high) // 2)


def default_action(legal: Legal) -> Action:
    """The plainest of the `legal` actions (which are not empty)."""
    for action in _PLAINEST:
        if action in legal:
            return action
    if legal.of_type(Cut):
        return middle_cut(legal)
    if Leave() in legal:
        return Leave()
    option = legal.options[0]
    return option.at(option.low) if isinstance(option, Amounts) else option


def late_action(legal: Legal) -> Action:
    """What the table does for a person whose time ran out: the plainest choice, but where
    a punter who names no stake must leave the game (Banchek, BN-11), the smallest stake,
    if he holds it: a moment's slowness does not cost him his place."""
    stakes = legal.of_type(banchek.Stake)
    if stakes and Leave() in legal:
        (option,) = stakes
        assert isinstance(option, Amounts)
        smallest: Action = option.at(option.low)
        return smallest
    return default_action(legal)
