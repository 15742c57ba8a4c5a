"""Chemin de Fer bots: whole sessions within the rules, drawing by the equilibrium or the
tableau."""

import random
from collections import Counter
from fractions import Fraction

from croupier.bots.chemin_de_fer import ROSTER, ChemmyBot, Play, Policy, equilibrium
from croupier.engine import Event
from croupier.games.chemin_de_fer import Banco, CheminDeFer, DrawCard, Phase, Stand
from croupier.games.chemin_de_fer.events import BankerDecided, BankOpened, CoupResult
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table
from tests.games.chemin_de_fer.stack import GAME, speak, table


def session(policies, coups=80, seed=3):
    game = CheminDeFer()
    players = {
        seat: Player(f"bot{seat}", ChemmyBot(stream(seed, f"bot/{seat}"), policy))
        for seat, policy in enumerate(policies)
    }
    table = Table(game, game.config(), players, buy_ins=dict.fromkeys(players, 5000),
                  seed=seed, croupier=Croupier(rounds=coups))  # fmt: skip
    events: list[Event] = []
    table.watch(None, lambda actor, new: events.extend(new))
    table.run()  # a bot that tried an illegal action would fail here
    return table, events


def test_the_roster_plays_whole_sessions():  # CF-3, CF-14, CF-15
    table, events = session([policy for _, policy in ROSTER[:5]])
    assert table.game.rounds(table.state) == 80
    assert table.game.chips(table.state).balanced
    bankers = {e.seat for e in events if isinstance(e, BankOpened)}
    assert len(bankers) >= 3  # the bank moves round the table


def test_the_equilibrium_banker_mixes_where_the_solution_does():  # CF-13
    state = table("2S 3D 3C 3H", buy_ins={0: 1000, 1: 1000, 2: 1000})  # punter 5, banker 6
    state = speak(state, Banco())
    state = speak(state, Stand())  # the punter stands on 5
    assert state.phase is Phase.BANKER
    view = GAME.view(state, 0)
    p = equilibrium(6).banker[(6, None)]
    assert 0 < p < 1
    bot = ChemmyBot(random.Random(1))
    draws = Counter(bot.decide(view) == DrawCard() for _ in range(4000))
    assert abs(draws[True] / 4000 - p) < 4 * (p * (1 - p) / 4000) ** 0.5


def test_the_tableau_banker_follows_the_table():  # CF-13 variant
    state = table("2S 3D 3C 3H", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = speak(state, Banco())
    state = speak(state, Stand())
    bot = ChemmyBot(random.Random(1), Policy(banker=Play.TABLEAU))
    assert {bot.decide(GAME.view(state, 0)) for _ in range(50)} == {Stand()}  # 6 stands


def test_the_equilibrium_punter_draws_on_five_with_its_probability():  # CF-12
    x = equilibrium(6).punter_draw_at_5
    assert Fraction(1, 2) < x < 1
    _, events = session([Policy(banco=Fraction(0)), Policy(), Policy()], coups=60, seed=8)
    assert [e for e in events if isinstance(e, CoupResult)]
    assert all(not e.forced for e in events if isinstance(e, BankerDecided))
