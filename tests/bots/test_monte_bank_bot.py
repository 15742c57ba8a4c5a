"""Monte Bank bots: a mix of bets within the rules, and a banker who quits by his rule."""

from collections import Counter
from fractions import Fraction

from croupier.bots.monte_bank import ROSTER, MonteBot, Policy
from croupier.engine import Event
from croupier.games.monte_bank import MonteBank
from croupier.games.monte_bank.events import AcesCalled, BetPlaced, MontePutUp
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table


def session(policies, deals=40, seed=3):
    game = MonteBank()
    players = {
        seat: Player(f"bot{seat}", MonteBot(stream(seed, f"bot/{seat}"), policy))
        for seat, policy in enumerate(policies)
    }
    table = Table(game, game.config(), players, buy_ins=dict.fromkeys(players, 5000),
                  seed=seed, croupier=Croupier(rounds=deals))  # fmt: skip
    events: list[Event] = []
    table.watch(None, lambda actor, new: events.extend(new))
    table.run()  # a bot that tried an illegal action would fail here
    return table, events


def test_the_roster_places_every_kind_of_bet():  # MB-9
    table, events = session([policy for _, policy in ROSTER[:4]])
    assert table.game.rounds(table.state) == 40
    assert table.game.chips(table.state).balanced
    kinds = Counter(e.kind.value for e in events if isinstance(e, BetPlaced))
    assert set(kinds) == {"circle", "cross", "doubler"}


def test_the_banker_says_aces_when_his_bank_has_grown():  # MB-15
    quick = Policy(monte=200, quit_at=Fraction(11, 10), quit_below=Fraction(1, 2))
    _, events = session([quick, quick, quick], deals=60)
    assert [e for e in events if isinstance(e, AcesCalled)]
    assert len({e.seat for e in events if isinstance(e, MontePutUp)}) >= 2  # the bank moved
