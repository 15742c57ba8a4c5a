"""The Punto Banco bot: its choice on 5 checked by exact enumeration, and its policies."""

from fractions import Fraction
from itertools import product

from croupier.bots.punto_banco import PUNTO_ON_FIVE, Policy, PuntoBancoBot
from croupier.engine import Event
from croupier.games.baccarat import banco_draws
from croupier.games.punto_banco import Bet, Decision, PuntoBanco
from croupier.games.punto_banco.events import BetsClosed, SeatLeft, ShoePassed, StakePlaced
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table
from tests.games.punto_banco.stack import cards

# An infinite shoe: a ten or picture (value 0) four times in thirteen, each other value once.
VALUE = {0: Fraction(4, 13), **{v: Fraction(1, 13) for v in range(1, 10)}}
CARD_OF = dict(zip(range(10), cards("KS AS 2S 3S 4S 5S 6S 7S 8S 9S"), strict=True))


def punto_on_five_expectation(decision: Decision) -> Fraction:
    """Punto's expectation per chip with two cards making 5, against the text's banco (PB-12,
    PB-13e), banco's two cards unseen: +1 a win, -1 a loss, 0 a tie."""
    total = Fraction(0)
    for b1, b2 in product(VALUE, repeat=2):
        chance, banco = VALUE[b1] * VALUE[b2], (b1 + b2) % 10
        if banco >= 8:
            total -= chance  # a banco natural wins at once, whatever punto chose
            continue
        thirds = VALUE if decision is Decision.DRAW else {None: Fraction(1)}
        for third, p in thirds.items():
            punto = (5 + (third or 0)) % 10
            card = None if third is None else CARD_OF[third]
            if not banco_draws(banco, card):
                total += chance * p * _sign(punto, banco)
                continue
            for last, q in VALUE.items():
                total += chance * p * q * _sign(punto, (banco + last) % 10)
    return total


def _sign(punto: int, banco: int) -> int:
    return (punto > banco) - (punto < banco)


def test_drawing_on_five_is_right_against_the_texts_banco():  # PB-13e, PB-12
    draw = punto_on_five_expectation(Decision.DRAW)
    stand = punto_on_five_expectation(Decision.STAND)
    assert draw > stand
    assert PUNTO_ON_FIVE is (Decision.DRAW if draw > stand else Decision.STAND)


def session(policies, coups=60, chips=5000, seed=3):
    game = PuntoBanco()
    players = {
        box: Player(f"bot{box}", PuntoBancoBot(stream(seed, f"bot/{box}"), policy))
        for box, policy in enumerate(policies)
    }
    events: list[Event] = []
    table = Table(
        game,
        game.config(),
        players,
        buy_ins=dict.fromkeys(players, chips),
        seed=seed,
        croupier=Croupier(rounds=coups),
    )
    table.watch(None, lambda actor, new: events.extend(new))
    table.run()  # a bot that tried an illegal action would fail here
    return table, events


def test_bots_play_whole_sessions_within_the_rules():
    table, events = session([Policy(), Policy(bet=Bet.PUNTO, stake=100), Policy(stake=40)])
    assert table.game.rounds(table.state) == 60
    assert table.game.chips(table.state).balanced
    assert len([e for e in events if isinstance(e, StakePlaced)]) > 60


def test_a_bot_that_deals_bets_banco_when_it_holds_the_shoe():  # PB-8
    _, events = session([Policy(bet=Bet.PUNTO, sit_out=Fraction(0), egalite=Fraction(0))])
    banco = [e for e in events if isinstance(e, StakePlaced) and e.bet is Bet.BANCO]
    assert banco  # it holds the shoe alone, so it switches to banco to deal
    assert {e.dealer for e in events if isinstance(e, BetsClosed)} == {0}


def test_a_bot_that_will_not_deal_passes_the_shoe():  # PB-8
    _, events = session([Policy(deal=False), Policy(bet=Bet.BANCO, sit_out=Fraction(0))])
    assert [e for e in events if isinstance(e, ShoePassed) and e.from_box == 0]
    assert 0 not in {e.dealer for e in events if isinstance(e, BetsClosed)}


def test_a_broke_bot_gets_up():
    policy = Policy(bet=Bet.PUNTO, stake=1000, sit_out=Fraction(0), egalite=Fraction(0))
    table, events = session([policy], coups=400, chips=1000, seed=5)
    left = [e for e in events if isinstance(e, SeatLeft)]
    assert left
    assert left[0].chips < 10
    assert table.game.is_over(table.state)
