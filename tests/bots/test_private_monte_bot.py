"""Private Monte bots: the flat bettor backs both layouts; the counter only a layout the cards
seen favour (PM-4, PM-8)."""

import random
from dataclasses import replace

from croupier.bots.monte_bank import Policy
from croupier.bots.private_monte import ROSTER, LayoutBettor
from croupier.engine import Action, Done
from croupier.games.private_monte import LayoutBet, PrivateMonte, Row
from croupier.odds.private_monte import cards
from croupier.table import Croupier, Player, Table
from tests.games.monte_bank import stack

GAME = PrivateMonte()


def betting(seen: str = ""):
    """Bets open on the layout 7S 4C over 2H 3H, with `seen` seen earlier in the shuffle."""
    state = stack.table("7S 4C", "2H 3H", "KD", game=GAME)
    return replace(state, seen=(*cards(seen), *state.seen))


def bets_of(bot: LayoutBettor, state) -> list[Action]:
    placed: list[Action] = []
    while True:
        action = bot.decide(GAME.view(state, 1))
        if action is None or isinstance(action, Done):
            return placed
        placed.append(action)
        state = stack.act(state, 1, action, game=GAME)


def test_the_flat_bettor_backs_both_layouts():
    bot = LayoutBettor(random.Random(1), Policy(stake=30))
    assert bets_of(bot, betting()) == [LayoutBet(Row.TOP, 30), LayoutBet(Row.BOTTOM, 30)]


def test_the_counter_backs_only_a_favoured_layout():  # PM-8
    bot = LayoutBettor(random.Random(1), Policy(stake=30), counting=True)
    assert bets_of(bot, betting()) == []  # a fresh pack favours no layout
    many_diamonds = "AD 2D 4D 5D 6D 7D JD QD"  # the gate is rarely a diamond now
    assert bets_of(bot, betting(many_diamonds)) == [LayoutBet(Row.TOP, 30)]


def test_the_roster_plays_whole_shuffles():
    players = {
        seat: Player(name, LayoutBettor.seated(random.Random(seat), habit))
        for seat, (name, habit) in enumerate(ROSTER[:4])
    }
    table = Table(GAME, GAME.config(), players, buy_ins=dict.fromkeys(players, 5000),
                  seed=2, croupier=Croupier(rounds=30))  # fmt: skip
    table.run()  # an illegal action by a bot would fail here
    assert GAME.rounds(table.state) == 30
    assert GAME.chips(table.state).balanced
