"""The Chemin de Fer kernel against the engine, shoe by shoe, and against exact figures: the
solver's, Punto Banco's odds, and a small enumeration of a fresh shoe's first coup written
here (CF-2, CF-4, CF-9 .. CF-14, CF-16)."""

import math
import random
from fractions import Fraction

import numpy as np
import pytest

from croupier.cards import shoe_of
from croupier.engine import CHANCE, Action, Cut, Event, Shuffle
from croupier.errors import InvalidConfig, InvalidInput
from croupier.games.baccarat import AtFive, points, shoe_values, value
from croupier.games.chemin_de_fer import (
    BankerPlay,
    Bid,
    CheminDeFer,
    DrawCard,
    KeepBank,
    OpenBank,
    Pass,
    Phase,
    Rules,
    Stake,
    Stand,
    Winner,
)
from croupier.games.chemin_de_fer.events import CoupResult, HandShown, ShoeEnded
from croupier.games.punto_banco import Bet
from croupier.odds.chemin_de_fer import natural
from croupier.odds.punto_banco import exact
from croupier.shoe import Shoe
from croupier.sim import punto_banco as baccarat_kernel
from croupier.sim.chemin_de_fer import (
    BANKER,
    NATURALS,
    PUNTER,
    SHOES,
    SLICES,
    STRATEGIES,
    TIE,
    Strategy,
    play_shoe,
    simulate,
    simulate_shoes,
    strategy,
)
from croupier.sim.chemin_de_fer_results import CheminDeFerResults
from croupier.sim.rng import MOST_CARDS, seeded, shuffle_prefix
from croupier.solve.chemin_de_fer import COLUMNS, solve, tableau
from croupier.solve.chemin_de_fer_payoffs import PAIRS
from tests import helpers

GAME = CheminDeFer()
RESULT = {Winner.PUNTERS: PUNTER, Winner.BANKER: BANKER, Winner.TIE: TIE}
CELLS = [(b, c) for b in range(8) for c in COLUMNS]


def random_pure(rng: random.Random) -> Strategy:
    """A pure strategy drawn at random: the punter's play on 5, the banker's in each cell."""
    return Strategy.of("random", rng.random() < 0.5, {cell: rng.random() < 0.5 for cell in CELLS})


def engine_shoe(order, cut_at: int, rules: Rules, play: Strategy) -> list[tuple[int, int, int]]:
    """Every coup of one shoe through the engine, two seats taking turns at the bank: each
    coup's result, whether a natural settled it, and the cards it took. The punter stakes
    10 each coup and plays `play` on 5; the banker plays it when the rules leave him free."""
    state = GAME.start(rules, {0: 10**7, 1: 10**7})
    state = helpers.act(GAME, state, 0, Bid(100))  # CF-3
    state = helpers.act(GAME, state, 1, Pass())
    assert state.phase is Phase.SHUFFLE
    state = helpers.act(GAME, state, CHANCE, Shuffle(tuple(order)))
    (cutter,) = GAME.to_act(state)
    state = helpers.act(GAME, state, cutter, Cut(cut_at))  # then the burn, CF-4
    coups: list[tuple[int, int, int]] = []
    while True:
        (actor,) = GAME.to_act(state)
        phase, coup = state.phase, state.coup
        action: Action
        if phase is Phase.CALLS:
            action = Pass()  # no banco (CF-6)
        elif phase is Phase.STAKES:
            action = Stake(10)  # CF-7
        elif phase is Phase.PUNTER:  # CF-12: draws on 0-4, stands on 6-7, chooses on 5
            total = points(coup.punter_cards)
            action = DrawCard() if total <= 4 or (total == 5 and play.draws_at_5) else Stand()
        elif phase is Phase.BANKER:  # CF-13: seeing the third card, or that he stood
            third = value(coup.punter_cards[2]) if len(coup.punter_cards) == 3 else None
            draws = play.draws(points(coup.banker_cards), third)
            action = DrawCard() if draws else Stand()
        elif phase is Phase.KEEP:
            action = KeepBank()
        else:
            assert phase is Phase.OFFER  # the punters won: the bank passes (CF-14)
            action = OpenBank(100)
        events: list[Event] = []
        state = helpers.act(GAME, state, actor, action, events)
        shown = [e for e in events if isinstance(e, HandShown)]
        for result in (e for e in events if isinstance(e, CoupResult)):
            natural = int(any(e.natural for e in shown))
            coups.append((RESULT[result.winner], natural, sum(len(e.cards) for e in shown)))
        if any(isinstance(e, ShoeEnded) for e in events):
            return coups


@pytest.mark.parametrize("seed", range(48))
def test_the_kernel_deals_every_shoe_as_the_engine_does(seed):  # CF-2, CF-4, CF-9 .. CF-14
    rng = random.Random(seed)
    decks = 6 if seed % 4 else rng.choice([3, 8])  # CF-2
    burn, cut = rng.choice([3, 4]), rng.randint(6, 16)  # CF-4
    if seed % 8 == 1:  # the tableau variant: the engine forces the banker (CF-13)
        rules = Rules(decks=decks, burn=burn, cut_card=cut, banker_play=BankerPlay.TABLEAU)
        play = strategy("tableau", at_five=seed % 16 == 1)
    else:
        rules = Rules(decks=decks, burn=burn, cut_card=cut)
        play = (
            random_pure(rng) if seed % 8 > 3 else strategy(("tableau", "draw", "stand")[seed % 3])
        )
    order = list(shoe_of(decks))
    rng.shuffle(order)
    cut_at = rng.randint(1, len(order) - 1)
    dealt = Shoe(tuple(order)).cut(cut_at).cards
    kernel = play_shoe([value(card) for card in dealt], play, rules)
    engine = engine_shoe(order, cut_at, rules, play)
    assert [tuple(int(x) for x in row) for row in kernel] == engine
    assert len(kernel) > 25 * decks / 3
    assert burn + kernel[:, 2].sum() > len(order) - cut  # the coup that brought out the cut card


# -- a fresh shoe's first coup, exactly ----------------------------------------------------------


def _result(p: int, b: int) -> int:
    return PUNTER if p > b else BANKER if b > p else TIE  # CF-11, CF-14


def first_coup(decks: int, play: Strategy) -> dict[int, Fraction]:
    """The chances of a punter win, a banker win, a tie (and of a natural) in the first coup
    of a fresh shoe, both sides playing `play`, counted in ordered six-card sequences. The
    counts are kept apart by the punter's choice on 5 and the banker's cell and choice, and
    weighted by the strategy's chances at the end, so mixed strategies are exact too."""
    r = list(shoe_values(decks))
    n = sum(r)
    m = n - 4  # the cards left once four are dealt
    total = math.prod(n - k for k in range(6))
    natural = [0, 0, 0]
    # counts[choice on 5: None, stood, drew][banker total][column][banker draws][result]
    counts = {
        (five, b, col, draws): [0, 0, 0]
        for five in (None, False, True)
        for b in range(8)
        for col in COLUMNS
        for draws in (False, True)
    }

    def take(pair: tuple[int, int]) -> int:
        i, j = pair
        w = r[i] * (r[j] - (i == j)) * (1 if i == j else 2)
        if w > 0:
            r[i] -= 1
            r[j] -= 1
        return w

    def give(pair: tuple[int, int]) -> None:
        r[pair[0]] += 1
        r[pair[1]] += 1

    for punter in PAIRS:
        wp = take(punter)
        if wp <= 0:
            continue
        p = sum(punter) % 10
        for banker in PAIRS:
            wb = take(banker)
            if wb <= 0:
                continue
            b, w = sum(banker) % 10, wp * wb
            if p >= 8 or b >= 8:  # CF-11
                natural[_result(p, b)] += w * m * (m - 1)
            else:
                choices = [True] if p <= 4 else [False] if p >= 6 else [True, False]  # CF-12
                for drew in choices:
                    five = drew if p == 5 else None
                    if not drew:  # CF-13: the banker sees that the punter stood
                        counts[(five, b, None, False)][_result(p, b)] += w * m * (m - 1)
                        for d in range(10):
                            tally = counts[(five, b, None, True)]
                            tally[_result(p, (b + d) % 10)] += w * r[d] * (m - 1)
                        continue
                    for c in range(10):  # CF-13: the banker sees the third card
                        wc = w * r[c]
                        if wc <= 0:
                            continue
                        r[c] -= 1
                        q = (p + c) % 10
                        counts[(five, b, c, False)][_result(q, b)] += wc * (m - 1)
                        for d in range(10):
                            counts[(five, b, c, True)][_result(q, (b + d) % 10)] += wc * r[d]
                        r[c] += 1
            give(banker)
        give(punter)
    x = play.draws_at_5
    out = {k: Fraction(natural[k]) for k in (PUNTER, BANKER, TIE)}
    for (five, b, col, draws), tally in counts.items():
        banker_draws = play.draws(b, col)
        chance = Fraction(1) if five is None else x if five else 1 - x
        weight = chance * (banker_draws if draws else 1 - banker_draws)
        for k in (PUNTER, BANKER, TIE):
            out[k] += weight * tally[k]
    chances = {k: v / total for k, v in out.items()}
    chances[NATURALS] = Fraction(sum(natural), total)
    return chances


def test_the_enumeration_agrees_with_the_odds_and_the_solver():  # CF-11 .. CF-13
    for at_five, x in ((AtFive.DRAW, 1), (AtFive.STAND, 0)):  # the tableau is PB-12, PB-13c
        odds = exact(6, at_five=at_five).probability
        mine = first_coup(6, strategy("tableau", at_five=x))
        assert (mine[PUNTER], mine[BANKER], mine[TIE]) == (
            odds[Bet.PUNTO],
            odds[Bet.BANCO],
            odds[Bet.EGALITE],
        )
    solution = solve(6)
    mine = first_coup(6, strategy("equilibrium"))
    assert mine[BANKER] - mine[PUNTER] == -solution.value
    assert sum(mine[k] for k in (PUNTER, BANKER, TIE)) == 1


# -- long runs -----------------------------------------------------------------------------------

HANDS = 3_000_000


def within(count: int, p: Fraction, hands: int = HANDS) -> bool:
    """Within 4 standard deviations of `p`."""
    q = float(p)
    return abs(count / hands - q) < 4 * math.sqrt(q * (1 - q) / hands)


@pytest.mark.parametrize(
    ("name", "draw_at_5", "seed"),
    [
        ("equilibrium", None, 1),
        ("tableau", None, 2),
        ("tableau", 0.5, 3),
        ("draw", None, 4),
        ("stand", None, 5),
        ("equilibrium", 0.0, 6),
    ],
)
def test_long_runs_agree_with_the_first_coup_of_a_fresh_shoe(name, draw_at_5, seed):
    # CF-11 .. CF-14; whole shoes to the cut card differ from a fresh shoe's first coup by
    # far less than 4 standard deviations of these runs
    play = strategy(name, 6, at_five=draw_at_5)
    counts = simulate(seeded(np.random.SeedSequence(seed)), HANDS, strategy=play).sum(axis=0)
    assert counts[[PUNTER, BANKER, TIE]].sum() == HANDS
    assert HANDS / 70 < counts[SHOES] < HANDS / 50  # about 60 coups a 6-deck shoe
    chances = first_coup(6, play)
    for k in (PUNTER, BANKER, TIE, NATURALS):
        assert within(int(counts[k]), chances[k]), k
    # the banker's expected result a unit staked, against the solver's payoff (CF-14)
    results = CheminDeFerResults.of(counts, Rules(), play)
    edge = results.banker_edge()
    assert edge.exact == pytest.approx(float(chances[BANKER] - chances[PUNTER]), abs=1e-15)
    assert edge.sigmas is not None and abs(edge.sigmas) < 4


def test_the_equilibrium_against_the_solvers_value():  # CF-12, CF-13
    hands = 4_000_000
    counts = simulate(seeded(np.random.SeedSequence(11)), hands).sum(axis=0)
    value = -solve(6).value  # the banker's, a unit staked
    pw, bw = counts[PUNTER] / hands, counts[BANKER] / hands
    sigma = math.sqrt((pw + bw - (bw - pw) ** 2) / hands)
    assert abs(bw - pw - float(value)) < 4 * sigma
    results = CheminDeFerResults.of(counts, Rules(), "equilibrium")
    assert results.banker_edge().exact == value
    chances = {w: e.exact for w, e in results.frequencies().items()}  # from the enumeration
    banker, punters, tie = chances[Winner.BANKER], chances[Winner.PUNTERS], chances[Winner.TIE]
    assert banker is not None and punters is not None and tie is not None
    assert banker - punters == value and banker + punters + tie == 1
    for estimate in (*results.frequencies().values(), results.naturals()):
        assert estimate.sigmas is not None and abs(estimate.sigmas) < 4
    assert results.naturals().exact == natural(6)


@pytest.mark.parametrize("name", ["draw", "stand"])
def test_the_fixed_strategies_against_their_exact_odds(name):  # CF-12, CF-13
    """Always drawing or always standing, each side's chance comes out of the enumeration,
    and the edge it gives is the solver's payoff of the same play."""
    play = strategy(name, 6)
    counts = simulate(seeded(np.random.SeedSequence(13)), 1_000_000, strategy=name)
    results = CheminDeFerResults.of(counts, Rules(), play)
    payoff = -solve(6).game.payoff((play.draws_at_5,), play.cells())
    assert results.banker_edge().exact == payoff
    for estimate in (*results.frequencies().values(), results.naturals(), results.banker_edge()):
        assert estimate.sigmas is not None and abs(estimate.sigmas) < 4


def test_results_with_the_commission():  # CF-16 variant
    counts = simulate(seeded(np.random.SeedSequence(12)), 1_000_000, strategy="tableau")
    rules = Rules(banker_play=BankerPlay.TABLEAU, commission=Fraction(5, 100))
    results = CheminDeFerResults.of(counts, rules, "tableau")
    odds = exact(6, at_five=AtFive.DRAW).probability
    taxed = results.banker_edge(Fraction(5, 100))
    assert taxed.exact == odds[Bet.BANCO] * Fraction(95, 100) - odds[Bet.PUNTO]
    assert taxed.value < results.banker_edge().value
    assert taxed.sigmas is not None and abs(taxed.sigmas) < 4
    report = results.as_json()
    assert report["strategy"] == {
        "name": "tableau",
        "punter_draws_at_5": {"value": 1.0, "fraction": "1"},
    }
    assert report["commission"] == {"value": 0.05, "fraction": "1/20"}
    assert report["banker_edge"]["with_commission"]["value"] == taxed.value
    banker = report["probability"]["banker"]["exact"]  # Punto Banco's banco, exactly
    assert banker == {"value": float(odds[Bet.BANCO]), "fraction": str(odds[Bet.BANCO])}
    assert report["natural"]["exact"]["fraction"] == str(natural(6))
    assert results.shoes > 0 and results.hands == 1_000_000


def test_the_same_state_gives_the_same_counts():
    first = simulate(seeded(np.random.SeedSequence(9)), 100_001)
    again = simulate(seeded(np.random.SeedSequence(9)), 100_001)
    other = simulate(seeded(np.random.SeedSequence(10)), 100_001)
    assert first.shape == (SLICES, 5)
    assert (first == again).all() and not (first == other).all()
    assert first[:, [PUNTER, BANKER, TIE]].sum() == 100_001


@pytest.mark.parametrize("burn", [3, 4])
def test_whole_shoes_are_each_dealt_to_the_cut_card(burn):  # CF-2, CF-4
    """`simulate_shoes` deals each shoe as `play_shoe` deals the same shuffle, to its end."""
    play = strategy("tableau", 6)
    state = seeded(np.random.SeedSequence(8))
    rules = Rules(decks=6, cut_card=12, burn=burn)
    counts = simulate_shoes(state, 40, rules, play).sum(axis=0)
    state, shoe = seeded(np.random.SeedSequence(8)), baccarat_kernel.shoe_values(6)
    expected = np.zeros(5, dtype=np.int64)
    for _ in range(40):  # the kernel shuffles each shoe as far as it can be dealt
        shuffle_prefix(state, shoe, len(shoe) - 12 + 6)
        coups = play_shoe(shoe, play, rules)
        expected[:3] += np.bincount(coups[:, 0], minlength=3)
        expected[NATURALS] += coups[:, 1].sum()
    expected[SHOES] = 40
    assert (counts == expected).all()
    assert 40 * 55 < counts[:3].sum() < 40 * 65  # about 295 cards a shoe, 4.94 a coup


# -- strategies and options ----------------------------------------------------------------------


def test_named_strategies():  # CF-12, CF-13
    eq = strategy("equilibrium", 6)
    solution = solve(6)
    assert eq.draws_at_5 == solution.punter_draw_at_5 and eq.cells() == dict(solution.banker)
    assert not eq.pure and [c for c in CELLS if eq.draws(*c) not in (0, 1)] == [(6, None)]
    assert strategy("Tableau").cells() == tableau() and strategy("tableau").at_five == AtFive.DRAW
    assert strategy("draw").pure and all(strategy("draw").draws(*c) == 1 for c in CELLS)
    assert strategy("stand").at_five == AtFive.STAND and all(
        strategy("stand").draws(*c) == 0 for c in CELLS
    )
    assert strategy("tableau", at_five=0.8).at_five == AtFive(Fraction(4, 5))
    assert set(STRATEGIES) == {"equilibrium", "tableau", "draw", "stand"}


def test_bad_strategies_and_options_are_refused():
    with pytest.raises(InvalidInput, match="strategy 'bluff' is not valid: choose from"):
        strategy("bluff")
    with pytest.raises(InvalidInput, match=r"at_five 1\.5 is not valid"):
        strategy("tableau", at_five=1.5)
    with pytest.raises(InvalidInput, match="at_five 'often' is not valid"):
        simulate(seeded(np.random.SeedSequence(1)), 10, at_five="often")
    with pytest.raises(InvalidInput, match=r"the banker's cell \(7, None\) is missing"):
        Strategy.of("mine", 1, {cell: 1 for cell in CELLS if cell != (7, None)})
    with pytest.raises(InvalidInput, match="is not a cell"):
        Strategy.of("mine", 1, {**dict.fromkeys(CELLS, 1), (8, None): 1})
    with pytest.raises(InvalidInput, match="a chance from 0 to 1"):
        Strategy.of("mine", 1, dict.fromkeys(CELLS, -1))
    with pytest.raises(InvalidInput, match="mixes"):
        play_shoe([0] * 312, strategy("equilibrium"))
    state = seeded(np.random.SeedSequence(1))
    with pytest.raises(InvalidConfig, match="at least 3 full decks"):  # CF-2
        strategy("equilibrium", 2)
    with pytest.raises(InvalidInput, match="strategy 'bluff' is not valid"):
        simulate(state, 10, strategy="bluff")
    with pytest.raises(InvalidConfig, match="not valid at the banker tableau"):  # CF-13
        simulate(state, 10, Rules(banker_play=BankerPlay.TABLEAU), strategy="draw")


def test_the_kernel_takes_the_games_rules():  # CF-2, CF-4
    state = seeded(np.random.SeedSequence(3))
    three = simulate_shoes(state, 20, Rules(decks=3, burn=4, cut_card=6), "tableau")
    eight = simulate_shoes(state, 20, Rules(decks=8), "tableau")
    assert three[:, :3].sum() < eight[:, :3].sum()  # 3 decks deal fewer coups than 8


def test_a_shoe_too_long_to_shuffle_is_refused():  # CF-2: several decks, as many as fit
    state = seeded(np.random.SeedSequence(1))
    simulate(state, 10, Rules(decks=MOST_CARDS // 52))  # the longest shoe it shuffles
    with pytest.raises(InvalidConfig, match="decks = 1261 is too many"):
        simulate(state, 10, Rules(decks=MOST_CARDS // 52 + 1))
