"""The Punto Banco bot: its choice on 5 from the calculator, and its betting policies."""

from dataclasses import replace
from fractions import Fraction
from itertools import product

from croupier.bots.punto_banco import Policy, PuntoBancoBot
from croupier.engine import Event
from croupier.games.baccarat import banco_draws, shoe_values
from croupier.games.punto_banco import Bet, Choose, Decision, Phase, PuntoBanco, TurnCards
from croupier.games.punto_banco.events import BetsClosed, SeatLeft, ShoePassed, StakePlaced
from croupier.odds.punto_banco import AtFive, exact, punto_decision
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table
from tests.games.punto_banco.stack import GAME, act, bet, cards, close, table

ACE, FOUR = cards("AS 4C")

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
    """On an endless shoe, worked out here independently of the calculator; the
    calculator says the same of a fresh eight-deck shoe, for every pair making 5."""
    draw = punto_on_five_expectation(Decision.DRAW)
    stand = punto_on_five_expectation(Decision.STAND)
    assert draw > stand
    best = exact(8, at_five=AtFive.BEST)
    assert best.draws_on_five == {(0, 5), (1, 4), (2, 3), (6, 9), (7, 8)}


def test_the_bot_chooses_on_five_by_the_calculator():  # PB-13e
    state = table("AS 9D 4C 9H", buy_ins={0: 1000})  # punto ace-four: 5
    state = act(close(bet(state, {0: [(Bet.PUNTO, 10)]})), 0, TurnCards())
    assert state.phase is Phase.CHOOSE
    bot = PuntoBancoBot(stream(1, "bot"))
    fresh = GAME.view(state, 0)
    assert bot.decide(fresh) == Choose(punto_decision(fresh.unseen, (ACE, FOUR)))
    assert bot.decide(fresh) == Choose(Decision.DRAW)
    # Late in a shoe where the tens have piled up among the unseen cards, it stands.
    unseen = (10, 1, 2, 2, 1, 2, 2, 2, 2, 2)
    late = replace(state, seen=tuple(f - u for f, u in zip(shoe_values(8), unseen, strict=True)))
    view = GAME.view(late, 0)
    assert view.unseen == unseen
    assert bot.decide(view) == Choose(Decision.STAND)


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
