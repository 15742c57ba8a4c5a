"""The Monte Bank kernel against the engine, pack by pack, and against the exact odds
(MB-6, MB-7, MB-9, MB-10, MB-11, MB-12, MB-13)."""

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from croupier.cards import Card
from croupier.engine import (
    CHANCE,
    HOUSE,
    Action,
    Actor,
    CloseBets,
    Cut,
    Done,
    Shuffle,
    Shuffling,
)
from croupier.errors import InvalidCard, InvalidConfig, InvalidInput
from croupier.estimate import Estimate
from croupier.games.monte_bank import (
    Circle,
    CircleBet,
    Cross,
    CrossBet,
    CutOn,
    Doubler,
    DoublerBet,
    Falls,
    Fate,
    KeepBank,
    Kind,
    Layout,
    MonteBank,
    Pass,
    Phase,
    PutUpBank,
    Rules,
    Spot,
    Wager,
    fate,
)
from croupier.games.monte_bank.deal import Void, layout_step
from croupier.games.monte_bank.events import BetSettled, CardShown, DealEnded, DealVoid
from croupier.odds.monte_bank import BetKind, bet_table, deal_odds, report, wager_odds, wagers
from croupier.shoe import End, Shoe
from croupier.sim.monte_bank import (
    COLUMNS,
    PACK,
    SESSION_WAGERS,
    SLICES,
    VOID_RULES,
    WAGERS,
    Head,
    Tally,
    column,
    dealing_order,
    filler,
    nets,
    play_pack,
    sessions,
    simulate,
)
from croupier.sim.monte_bank_results import PAYS, MonteBankResults, rules_json
from croupier.sim.rng import seeded, shuffle_prefix
from croupier.sim.session_results import SessionResults
from croupier.sim.sessions import Plan
from tests import helpers

# -- the engine's own functions, card by card -------------------------------------------------


def engine_deal(pack):
    """Deal `pack` (top first) through `layout_step`, then show from the bottom through
    `Falls.show` and `fate` until every wager in `WAGERS` is settled: the void rule, or the
    layout, each wager's (fate, card that settled it, won on the gate, won on the first
    fall), and the cards shown (MB-6, MB-7, MB-9 .. MB-13)."""
    shoe, dealt = Shoe(tuple(pack)), tuple[Card, ...]()
    step = layout_step(dealt)
    while isinstance(step, End):
        card = shoe.next_card(step)
        shoe, dealt = shoe.draw(card, step), (*dealt, card)
        step = layout_step(dealt)
    if isinstance(step, Void):
        return step.rule, None, {}, 0
    layout, falls, fallen, shown = step, Falls(), False, 0
    settled: dict[Wager, tuple[Fate, int, bool, bool]] = {}
    while len(settled) < len(WAGERS):
        card = shoe.next_card(End.BOTTOM)  # the draw is from the bottom, the gate first (MB-11)
        shoe = shoe.draw(card, End.BOTTOM)
        falls, fell, matched = falls.show(layout, card)
        first = fell is not None and not fallen
        fallen = fallen or first
        for wager in WAGERS:
            if wager not in settled:
                outcome = fate(wager, layout, fell, matched)
                if outcome is not None:
                    won = outcome is Fate.WIN
                    settled[wager] = (outcome, shown, won and shown == 0, won and first)
        shown += 1
    return None, layout, settled, shown


def kind_of(layout, wager):
    """The bet kind the odds give this wager on this layout (`croupier.odds.monte_bank`)."""
    return next(bet for bet in BetKind if wager in wagers(layout, bet))


def engine_counts(deals):
    """The counts `simulate` would keep for these deals (`engine_deal`'s), from the
    engine's fates, each wager's kind as the odds give it."""
    row = np.zeros(COLUMNS, dtype=np.int64)
    for void, layout, settled, shown in deals:
        if void:
            row[Head.VOID_A + VOID_RULES.index(void)] += 1
            continue
        row[Head.DEALS] += 1
        row[
            {Kind.PLAIN: Head.PLAIN, Kind.PAIR: Head.PAIR, Kind.TRIPLE: Head.TRIPLE}[layout.kind]
        ] += 1
        row[Head.SHOWN] += shown
        deal: Counter[tuple[BetKind, Tally]] = Counter()
        for wager, (outcome, _, gate, first) in settled.items():
            bet = kind_of(layout, wager)
            deal[bet, Tally.WAGERS] += 1
            deal[bet, Tally.WINS] += outcome is Fate.WIN
            deal[bet, Tally.GATE_WINS] += gate
            deal[bet, Tally.FIRST_FALL_WINS] += first
        for bet in BetKind:
            if not deal[bet, Tally.WAGERS]:
                continue
            w, g, f = (deal[bet, t] for t in (Tally.WINS, Tally.GATE_WINS, Tally.FIRST_FALL_WINS))
            sums = {
                Tally.WAGERS: deal[bet, Tally.WAGERS],
                Tally.WINS: w,
                Tally.GATE_WINS: g,
                Tally.FIRST_FALL_WINS: f,
                Tally.WINS_SQUARED: w * w,
                Tally.GATE_WINS_SQUARED: g * g,
                Tally.FIRST_FALL_WINS_SQUARED: f * f,
                Tally.WINS_TIMES_GATE_WINS: w * g,
                Tally.WINS_TIMES_FIRST_FALL_WINS: w * f,
            }
            for tally, value in sums.items():
                row[column(bet, layout.kind, tally)] += value
    return row


def pack_in_order(order):
    """The pack (top first) that `dealing_order` deals in `order`."""
    where = [PACK.index(card) for card in dealing_order(PACK)]
    pack: list[Card | None] = [None] * len(PACK)
    for place, card in zip(where, order, strict=True):
        pack[place] = card
    return pack


def stacked_packs(rng, count, size):
    """Random packs whose first `size` cards from the bottom (the top layout, then the
    replacements) are of one rank: pairs (2), triples (3) and fours (4, void by MB-7c) at
    the top left, some void by other rules."""
    for _ in range(count):
        order = list(PACK)
        rng.shuffle(order)
        rank = order[0].rank
        same = [i for i, card in enumerate(order) if card.rank is rank and i][: size - 1]
        for place, i in zip((1, 4, 5), same, strict=False):
            order[place], order[i] = order[i], order[place]
        yield pack_in_order(order)


def random_packs(rng, count):
    for _ in range(count):
        pack = list(PACK)
        rng.shuffle(pack)
        yield pack


# -- (a) the kernel deals and settles as the engine -------------------------------------------


SIZES = {"pair": 2, "triple": 3, "four": 4}


@pytest.mark.parametrize(
    ("family", "count"), [("random", 1200), ("pair", 600), ("triple", 300), ("four", 60)]
)
def test_every_pack_is_dealt_and_settled_as_the_engine_does(family, count):
    # MB-6, MB-7a..d, MB-9a..c, MB-10a..c, MB-11, MB-12, MB-13
    rng = random.Random(f"monte-{family}")
    packs = list(
        random_packs(rng, count) if family == "random" else stacked_packs(rng, count, SIZES[family])
    )
    kinds: Counter[object] = Counter()
    total = np.zeros(COLUMNS, dtype=np.int64)
    deals = []
    for pack in packs:
        played = play_pack(pack)
        void, layout, settled, shown = deal = engine_deal(pack)
        deals.append(deal)
        assert played.void == void  # MB-7
        assert played.layout == layout  # MB-6, MB-7c: the stack at the top left
        kinds[void or layout.kind] += 1
        if void is None:
            assert played.shown == shown  # the draw ends with the last wager (MB-12)
            for wager, (outcome, at, gate, first) in settled.items():
                got = played.settled[wager]
                assert (got.fate, got.shown, got.on_gate, got.on_first_fall) == (
                    outcome,
                    at,
                    gate,
                    first,
                ), (wager, layout, pack)
        total += played.counts
    assert total.tolist() == engine_counts(deals).tolist()
    least: dict[str, dict[object, int]] = {
        "random": {Kind.PLAIN: 500, Kind.PAIR: 30, "MB-7a": 80, "MB-7b": 250},
        "pair": {Kind.PAIR: 150, Kind.TRIPLE: 3, "MB-7d": 20},
        "triple": {Kind.TRIPLE: 60, "MB-7d": 10},
        "four": {"MB-7c": 30},  # the fourth of the rank
    }
    assert all(kinds[kind] >= n for kind, n in least[family].items()), kinds


def test_the_worked_example_of_mb_10d():  # MB-10d
    # ♠7 pair top-left (with ♣7), ♥K top-right, ♦A bottom-left, ♣3 bottom-right; shown
    # ♣J, ♥A, ♥7, ♣6, ♦K
    head = [Card.from_str(c) for c in "7S 7C AD 3C KH JC AH 7H 6C KD".split()]
    order = head + [card for card in PACK if card not in head]
    played = play_pack(pack_in_order(order))
    assert played.layout == Layout.of("7S+7C", "KH", "AD", "3C")
    tl, tr, bl, br = Spot
    expected: dict[Wager, tuple[Fate, int]] = {
        Circle(tl): (Fate.WIN, 2),  # (a) wins 3:1 on ♥7
        Circle(bl): (Fate.LOSE, 2),  # (b)
        Cross(tl, br): (Fate.WIN, 2),  # (c)
        Cross(tr, bl): (Fate.LOSE, 1),  # (d) loses to ♥A, an ordinary match (MB-10c)
        Cross(br, tr): (Fate.LOSE, 4),  # (e) stays, then loses to ♦K
        Cross(bl, tl): (Fate.LOSE, 2),  # (f)
        Doubler(frozenset({tl, bl})): (Fate.WIN, 2),  # (g) the left doubler
        Doubler(frozenset({bl, br})): (Fate.LOSE, 2),  # (h) the bottom doubler
    }
    for wager, (outcome, at) in expected.items():
        assert (played.settled[wager].fate, played.settled[wager].shown) == (outcome, at)
    assert not any(s.on_gate for s in played.settled.values())  # ♣J moves nothing


# -- the whole engine, deal after deal ---------------------------------------------------------

GAME = MonteBank()


def bets_on(layout):
    """A bet for every wager in `WAGERS`, in order, named by its cards (MB-8, MB-9)."""
    name: dict[Any, Card] = {spot: layout.spots[spot][0] for spot in Spot}
    for wager in WAGERS:
        if isinstance(wager, Cross):
            yield CrossBet(name[wager.backed], name[wager.against], 10)
        elif isinstance(wager, Doubler):
            first, second = (name[spot] for spot in Spot if spot in wager.group)
            yield DoublerBet(first, second, 10)
        else:
            yield CircleBet(name[wager.spot], 10)


@pytest.mark.parametrize("cut_on", [CutOn.GATE, CutOn.FIRST_FALL])
def test_the_whole_engine_settles_every_bet_as_the_kernel(cut_on):
    # every wager staked through the engine, deal after deal, the house cut where due
    # (MB-8, MB-9, MB-12, MB-13); a void deal is shuffled again and dealt uncut (MB-7)
    rng = random.Random(f"engine-{cut_on.value}")
    state = GAME.start(Rules(cut_on=cut_on), {0: 10**9, 1: 10**9})
    pack: tuple[Card, ...] = ()
    placed: dict[int, Any] = {}
    actor: Actor
    action: Action
    deal: list[object] = []
    deals = voids = 0
    while deals < 40:
        actors = GAME.to_act(state)
        if CHANCE in actors:
            node = GAME.chance(state)
            if isinstance(node, Shuffling):
                order = list(PACK)
                rng.shuffle(order)
                action = Shuffle(tuple(order))
            else:
                if state.phase is Phase.LAYOUT and not state.dealt:
                    pack, deal = state.pack.cards, []  # the pack as the layout is dealt
                action = node.sample()
            actor = CHANCE
        elif state.phase is Phase.MONTE:
            (actor,), action = actors, PutUpBank(10**8)
        elif state.phase is Phase.SHUFFLES:
            (actor,), action = actors, Pass()
        elif state.phase is Phase.CUTS:
            (actor,), action = actors, Cut(rng.randint(1, 39))
        elif state.phase is Phase.BETWEEN:
            (actor,), action = actors, KeepBank()
        else:
            assert state.phase is Phase.BETTING
            assert state.banker is not None
            punter = 1 - state.banker  # the seat that did not draw the bank (MB-3)
            for bet in bets_on(state.layout):
                state = helpers.act(GAME, state, punter, bet)
            placed = {bet.number: bet.wager for bet in state.bets}
            state = helpers.act(GAME, state, punter, Done())
            actor, action = HOUSE, CloseBets()
        state, events = GAME.apply(state, actor, action)
        deal += events
        for event in events:
            if isinstance(event, DealVoid):
                assert play_pack(pack).void == event.rule  # MB-7
                voids += 1
            elif isinstance(event, DealEnded):
                played = play_pack(pack)
                settled = {placed[e.number]: e for e in deal if isinstance(e, BetSettled)}
                assert len(settled) == len(WAGERS)
                for wager, e in settled.items():
                    got = played.settled[wager]
                    assert e.fate is got.fate, wager
                    due = got.on_gate if cut_on is CutOn.GATE else got.on_first_fall
                    assert (e.cut > 0) is due, wager  # MB-13
                assert sum(isinstance(e, CardShown) for e in deal) == played.shown  # MB-12
                deals += 1
    assert voids >= 5


# -- (b) long runs against the exact odds ------------------------------------------------------

DEALS = 1_500_000


@pytest.fixture(scope="module")
def counts():
    return simulate(seeded(np.random.SeedSequence(2026)), DEALS).sum(axis=0)


def within(hits, n, p, label):
    sd = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 4 * sd, (label, hits, n, p)


def test_void_deals_and_layouts_agree_with_the_exact_odds(counts):  # MB-7
    odds = deal_odds()
    voids = sum(int(counts[Head.VOID_A + i]) for i in range(len(VOID_RULES)))
    assert counts[Head.DEALS] == DEALS
    within(voids, voids + DEALS, float(odds.void), "void")
    for kind, head in (
        (Kind.PLAIN, Head.PLAIN),
        (Kind.PAIR, Head.PAIR),
        (Kind.TRIPLE, Head.TRIPLE),
    ):
        within(int(counts[head]), DEALS, float(odds.given_valid(kind)), kind)
    assert all(counts[Head.VOID_A + i] > 0 for i in range(len(VOID_RULES)))


@pytest.mark.parametrize(
    ("tally", "squared", "exact"),
    [
        (Tally.WINS, Tally.WINS_SQUARED, "win"),
        (Tally.GATE_WINS, Tally.GATE_WINS_SQUARED, "win_on_gate"),
        (Tally.FIRST_FALL_WINS, Tally.FIRST_FALL_WINS_SQUARED, "win_on_first_fall"),
    ],
    ids=["win", "gate", "first-fall"],
)
def test_every_bet_kind_agrees_with_the_exact_odds(counts, tally, squared, exact):
    # MB-9, MB-10, MB-13: the deal's own rate, a mean over deals; its spread over deals
    # from the squared counts (the wagers of one deal go together)
    table = bet_table()
    heads = {Kind.PLAIN: Head.PLAIN, Kind.PAIR: Head.PAIR, Kind.TRIPLE: Head.TRIPLE}
    checked = 0
    for bet, by_kind in table.odds.items():
        per_plain = {BetKind.CROSS: 12, BetKind.CROSS_STACKED: 0}.get(bet, 4)  # MB-9
        assert counts[column(bet, Kind.PLAIN, Tally.WAGERS)] == per_plain * counts[Head.PLAIN]
        for kind, odds in by_kind.items():
            n = int(counts[heads[kind]])
            m = Fraction(int(counts[column(bet, kind, Tally.WAGERS)]), n)
            assert m.denominator == 1  # the same wagers on every layout of a kind
            mean = Fraction(int(counts[column(bet, kind, tally)])) / (n * m)
            variance = Fraction(int(counts[column(bet, kind, squared)])) / (n * m * m) - mean**2
            p = getattr(odds, exact)
            if variance == 0:  # the same in every deal: exactly the odds
                assert mean == p, (bet, kind, tally)
            else:
                sd = math.sqrt(variance / n)
                assert abs(float(mean - p)) <= 4 * sd, (bet, kind, tally, float(mean), p)
            checked += 1
    assert checked == 11


# -- the figures, with intervals ---------------------------------------------------------------


def sigmas(estimate: Estimate) -> float:
    assert estimate.sigmas is not None
    return estimate.sigmas


FIFTH = Fraction(1, 5)
"""A table with another cut than the rules' default (MB-13)."""

CUTS = pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(cut_on=CutOn.FIRST_FALL),
        Rules(cut=FIFTH),
        Rules(cut=FIFTH, cut_on=CutOn.FIRST_FALL),
    ],
    ids=["gate", "first-fall", "fifth-gate", "fifth-first-fall"],
)
"""The rule sets of the house's cut the results are checked at: when, and how much."""


@CUTS
def test_the_results_agree_with_the_exact_odds(counts, rules):  # MB-9, MB-13
    results = MonteBankResults.of(counts, rules)
    assert results.rules == rules
    assert abs(sigmas(results.void())) < 4
    assert all(abs(sigmas(e)) < 4 for e in results.layouts().values())
    figures = (
        results.wins(),
        results.wins_on_gate(),
        results.wins_on_first_fall(),
        results.house_edges(),
    )
    spread = 0
    for figure in figures:
        assert set(figure) == set(BetKind)
        for by in figure.values():
            for estimate in by.values():
                assert estimate.exact is not None
                if estimate.margin:
                    assert abs(sigmas(estimate)) < 4
                    spread += 1
                else:  # the same in every deal
                    assert estimate.value == pytest.approx(estimate.exact, abs=1e-15)
    assert spread >= 15
    edges = results.house_edges()
    table = bet_table(rules)
    assert (table.cut, table.cut_on) == (rules.cut, rules.cut_on)
    assert edges[BetKind.CIRCLE][None].exact == table.overall(BetKind.CIRCLE).edge
    assert edges[BetKind.CROSS_STACKED].keys() == {Kind.PAIR, Kind.TRIPLE, None}
    assert rules_json(rules) == {
        "cut_on": rules.cut_on.value,
        "cut": {"value": float(rules.cut), "fraction": str(rules.cut)},
    }
    data = results.as_json()
    circle = data["house_edge"]["circle"]["plain"]
    assert circle["value"] == edges[BetKind.CIRCLE][Kind.PLAIN].value
    doubler = table.overall(BetKind.DOUBLER).win_on_gate
    assert data["win_on_gate"]["doubler"]["all"]["exact"]["fraction"] == str(doubler)
    low, high = data["house_edge"]["cross"]["pair"]["interval"]
    assert low < high
    assert "plain" not in data["win"]["cross_stacked"]
    assert (
        data["house_edge"]["cross_stacked"].keys()
        == report(rules)["house_edge"]["cross_stacked"].keys()
    )  # the same keys as `croupier odds monte-bank`


@pytest.mark.parametrize("cut_on", list(CutOn))
def test_the_simulated_edge_follows_the_tables_cut(counts, cut_on):  # MB-9, MB-13
    # the same deals at a table cutting a fifth: each edge is less by exactly the pay times
    # the fifth's shortfall on a quarter times how often the cut was due, and its exact
    # figure is the fifth's (a plain circle: 3 * cut * P(a win with the cut due))
    quarter = MonteBankResults.of(counts, Rules(cut_on=cut_on))
    fifth = MonteBankResults.of(counts, Rules(cut=FIFTH, cut_on=cut_on))
    due = quarter.wins_on_gate() if cut_on is CutOn.GATE else quarter.wins_on_first_fall()
    usual, other = quarter.house_edges(), fifth.house_edges()
    for bet in BetKind:
        for over, edge in other[bet].items():
            less = PAYS[bet] * float(FIFTH - Rules().cut) * due[bet][over].value
            assert edge.value == pytest.approx(usual[bet][over].value + less, abs=1e-12)
            assert edge.exact is not None and edge.exact < (usual[bet][over].exact or 0)
    p = Fraction(3, 36) if cut_on is CutOn.GATE else Fraction(1, 4)
    assert other[BetKind.CIRCLE][Kind.PLAIN].exact == 3 * FIFTH * p
    circle = other[BetKind.CIRCLE][Kind.PLAIN]
    if cut_on is CutOn.GATE:
        assert abs(sigmas(circle)) < 4
    else:  # one circle of the four wins, on the first fall: the same in every deal
        assert circle.margin == 0 and circle.value == pytest.approx(circle.exact, abs=1e-15)


def test_the_kernel_refuses_the_rules_it_does_not_follow():  # MB-17
    state = seeded(np.random.SeedSequence(1))
    net = nets(Rules(), BetKind.CIRCLE, 10)
    for call in (
        lambda rules: simulate(state, 10, rules),
        lambda rules: filler(BetKind.CIRCLE, net, rules),
        lambda rules: sessions(state, 1, Plan(100, 10, 5, 30), BetKind.CIRCLE, net, rules),
    ):
        with pytest.raises(InvalidConfig, match=r"^extra_cards = 1 is not valid here: .*MB-17"):
            call(Rules(extra_cards=1))
    assert (simulate(state.copy(), 10, Rules(seats=3)) == simulate(state.copy(), 10)).all()


@CUTS
def test_each_house_edge_is_the_deals_returns_averaged(rules):  # MB-9, MB-13
    # the estimator against the engine's fates added up by hand: a lost wager gives the
    # house its stake, a won one costs it the pay less the table's cut when it is due
    packs = list(random_packs(random.Random(7), 400))
    results = MonteBankResults.of(sum(play_pack(pack).counts for pack in packs), rules)
    gate = rules.cut_on is CutOn.GATE
    deals = [deal for deal in map(engine_deal, packs) if deal[0] is None]
    for bet in BetKind:
        returns = []
        for _, layout, settled, _ in deals:
            taken = [
                Fraction(1)
                if outcome is Fate.LOSE
                else -PAYS[bet] * (1 - rules.cut * int(on_gate if gate else first))
                for wager, (outcome, _, on_gate, first) in settled.items()
                if kind_of(layout, wager) is bet
            ]
            if taken:
                returns.append(sum(taken) / len(taken))
        n = len(returns)
        mean = sum(returns) / n
        sd = math.sqrt(sum((r - mean) ** 2 for r in returns) / n / n)
        edge = results.house_edges()[bet][None]
        assert edge.value == pytest.approx(float(mean)), bet
        assert edge.margin == pytest.approx(1.959963984540054 * sd), bet
    assert 5 < results.counts[Head.PAIR] < n  # stacked and plain layouts mixed


# -- (c) the same state, the same counts -------------------------------------------------------


def test_the_same_state_gives_the_same_counts():
    first = simulate(seeded(np.random.SeedSequence(9)), 50_000)
    again = simulate(seeded(np.random.SeedSequence(9)), 50_000)
    other = simulate(seeded(np.random.SeedSequence(10)), 50_000)
    assert first.shape == (SLICES, COLUMNS)
    assert (first == again).all() and not (first == other).all()
    assert first[:, Head.DEALS].sum() == 50_000
    assert (first[:, Head.PLAIN : Head.TRIPLE + 1].sum(axis=1) == first[:, Head.DEALS]).all()
    assert not simulate(seeded(np.random.SeedSequence(9)), 0).any()


# -- (d) what is refused -----------------------------------------------------------------------


@pytest.mark.parametrize("deals", [-1, 2.5, True, "10"])
def test_bad_deal_counts_are_refused(deals):
    with pytest.raises(InvalidInput, match="deals"):
        simulate(seeded(np.random.SeedSequence(1)), deals)


@pytest.mark.parametrize(
    "state",
    [
        np.zeros(4, dtype=np.uint64),
        np.ones(3, dtype=np.uint64),
        np.ones(4, dtype=np.int64),
        [1, 2, 3, 4],
    ],
)
def test_bad_generator_states_are_refused(state):
    with pytest.raises(InvalidInput, match="generator state"):
        simulate(state, 10)


def test_bad_packs_are_refused():  # MB-2
    with pytest.raises(InvalidInput, match="the 40 cards of the Monte pack"):
        play_pack(PACK[:-1])
    with pytest.raises(InvalidInput, match="the 40 cards of the Monte pack"):
        play_pack((*PACK[:-1], PACK[0]))
    with pytest.raises(InvalidInput, match="the 40 cards of the Monte pack"):
        play_pack((*PACK[:-1], Card.from_str("8S")))
    with pytest.raises(InvalidCard):
        play_pack((*PACK[:-1], "ZZ"))
    shuffled = list(PACK)
    random.Random(3).shuffle(shuffled)
    as_text = play_pack([str(card) for card in shuffled])
    assert as_text.layout == play_pack(shuffled).layout


def test_bad_results_are_refused(counts):
    with pytest.raises(InvalidInput, match="counts of length 3"):
        MonteBankResults.of([1, 2, 3])
    with pytest.raises(InvalidInput, match="no deals"):
        MonteBankResults.of([0] * COLUMNS)
    with pytest.raises(InvalidConfig, match=r"^extra_cards = 2 is not valid here: .*MB-17"):
        MonteBankResults.of(counts, Rules(extra_cards=2))
    assert MonteBankResults.of(counts).rules == Rules()


# -- (e) sessions ------------------------------------------------------------------------------


def test_a_stake_is_paid_as_the_engine_pays():  # MB-9, MB-13
    rules = Rules()
    assert nets(rules, BetKind.CIRCLE, 20) == (-20, 60, 45)  # 3 to 1, less a quarter of 60
    assert nets(rules, BetKind.DOUBLER, 20) == (-20, 20, 15)
    assert nets(rules, BetKind.CROSS, 10) == (-10, 10, 7)  # a cut of 2.5 rounds up to 3
    assert nets(rules, BetKind.CROSS_STACKED, 30) == (-30, 30, 22)  # 7.5 rounds up to 8


def deals_read(played, stacked):
    """How many places of the pack, in dealing order, the kernel reads for this deal: the
    layout and its replacements (MB-6, MB-7), then, for a deal that is played, the draw to
    its end (MB-12)."""
    if played.void:
        return 4 if played.void in ("MB-7a", "MB-7b") else 5  # 5 or 6: the same four places
    stack = len(played.layout.spots[Spot.TOP_LEFT])
    if stacked and stack == 1:
        return 4  # sat out: the layout is all that is read
    return 3 + stack + played.shown  # the gate comes after the stack's replacement


def next_deal(state, pack, stacked: bool):
    """The next deal as the kernel deals it, settled by `play_pack`: the pack shuffled four
    places to each 64 random bits as far as the deal reads, the rest left as the last deal
    left them; `state` and `pack` step on."""
    for ready in range(4, len(PACK) + 1, 4):
        after, shuffled = state.copy(), pack.copy()
        shuffle_prefix(after, shuffled, ready)
        played = play_pack(pack_in_order([PACK[code] for code in shuffled]))
        if deals_read(played, stacked) <= ready:
            break
    state[:], pack[:] = after, shuffled
    return played


def replayed(state, hands, bet, net, cut):
    """What `hands` session hands on the wager of kind `bet` win, each deal settled by
    `next_deal`; a void deal dealt again (MB-7), and with a stack-cross a deal without a
    stack sat out."""
    stacked = bet is BetKind.CROSS_STACKED
    pack = np.arange(len(PACK), dtype=np.int64)
    out: list[int] = []
    while len(out) < hands:
        played = next_deal(state, pack, stacked)
        if played.void or (stacked and (played.layout is None or played.layout.stack is None)):
            continue
        settled = played.settled[SESSION_WAGERS[bet]]
        due = settled.on_gate if cut is CutOn.GATE else settled.on_first_fall
        out.append(net[0] if settled.fate is Fate.LOSE else net[2] if due else net[1])
    return out


@pytest.mark.parametrize("cut", [CutOn.GATE, CutOn.FIRST_FALL])
@pytest.mark.parametrize("bet", list(BetKind))
def test_session_hands_are_the_deals_as_play_pack_settles_them(bet, cut):
    # MB-7, MB-9, MB-10, MB-12, MB-13: deal by deal, a session after another, the filler
    # called twice going on where it left off
    net = nets(Rules(cut_on=cut), bet, 10)
    fill, state = filler(bet, net, Rules(cut_on=cut)), seeded(np.random.SeedSequence(11))
    out = np.zeros((3, 40), dtype=np.int64)
    fill(state, out[:2])
    fill(state, out[2:])
    expected = replayed(seeded(np.random.SeedSequence(11)), out.size, bet, net, cut)
    assert out.ravel().tolist() == expected
    assert {net[0], net[2]} <= set(expected)  # lost, and won with the cut


def dealt(state, deals):
    """The counts of `deals` valid deals from `state` as `simulate` deals them, each deal
    counted as `next_deal` deals it; a void deal counted and dealt again (MB-7)."""
    pack = np.arange(len(PACK), dtype=np.int64)
    row = np.zeros(COLUMNS, dtype=np.int64)
    kinds: Counter[object] = Counter()
    done = 0
    while done < deals:
        played = next_deal(state, pack, False)
        row += played.counts
        if played.layout is None:
            kinds[played.void] += 1
        else:
            kinds[played.layout.kind] += 1
            done += 1
    return row, kinds


def test_simulate_counts_each_deal_as_play_pack_does():
    # MB-7, MB-9, MB-10, MB-12, MB-13: the kernel's counts, its plain layouts tallied once
    # for each gate, are the deals' own counts added up, deal by deal along its stream
    expected, kinds = dealt(seeded(np.random.SeedSequence(13)), 3000)
    got = simulate(seeded(np.random.SeedSequence(13)), 3000)
    assert got.sum(axis=0).tolist() == expected.tolist()
    assert kinds[Kind.PAIR] >= 100 and kinds[Kind.TRIPLE] >= 3 and kinds["MB-7d"] >= 20, kinds


def test_a_plain_layout_counts_as_every_other_with_its_gate():
    # MB-9, MB-10c: on a plain layout every card of a layout rank falls, so three spots fall
    # one after another and half the crosses win; a deal's counts, but for the cards shown,
    # depend only on whether the gate made a spot fall (what `simulate` relies on)
    by_gate: dict[bool, set[tuple[int, ...]]] = {False: set(), True: set()}
    for pack in random_packs(random.Random(17), 1500):
        played = play_pack(pack)
        if played.layout is None or played.layout.kind is not Kind.PLAIN:
            continue
        counts = played.counts.copy()
        counts[Head.SHOWN] = 0
        on_gate = any(s.on_gate for s in played.settled.values())
        by_gate[on_gate].add(tuple(counts.tolist()))
    assert len(by_gate[False]) == len(by_gate[True]) == 1, by_gate


LAYOUTS = {
    Kind.PLAIN: [Layout.of("7S", "KH", "AD", "3C")],
    Kind.PAIR: [Layout.of("7S+7C", "KH", "AD", "3C"), Layout.of("7S+7H", "KH", "AD", "3C")],
    Kind.TRIPLE: [Layout.of("7S+7C+7H", "KH", "AD", "3C")],
}


@pytest.mark.parametrize("cut", [CutOn.GATE, CutOn.FIRST_FALL])
def test_each_session_wager_has_the_odds_of_its_kind(cut):  # MB-9, MB-10, MB-13
    # so the exact figures of `bet_table` are the session wager's own
    rules = Rules(cut_on=cut)
    table = bet_table(rules)
    for bet, wager in SESSION_WAGERS.items():
        for kind, odds in table.odds[bet].items():
            for layout in LAYOUTS[kind]:
                assert wager_odds(layout, wager, rules=rules) == odds, (bet, layout)
        assert set(table.odds[bet]) == (
            {Kind.PAIR, Kind.TRIPLE} if bet is BetKind.CROSS_STACKED else set(Kind)
        )


@pytest.mark.parametrize(
    ("bet", "cut", "stake"),
    [
        (BetKind.CIRCLE, CutOn.GATE, 20),
        (BetKind.CROSS, CutOn.GATE, 10),  # the cut rounded up: more than a quarter
        (BetKind.CROSS_STACKED, CutOn.FIRST_FALL, 20),
        (BetKind.DOUBLER, CutOn.FIRST_FALL, 20),
    ],
)
def test_sessions_lose_the_exact_take(bet, cut, stake):  # MB-7, MB-9, MB-13
    rules = Rules(cut_on=cut)
    net = nets(rules, bet, stake)
    plan = Plan(10**6, stake, 400, max(net))  # never ruined: every deal is played
    counts = sessions(seeded(np.random.SeedSequence(12)), 2500, plan, bet, net, rules)
    results = SessionResults.of(counts[0], plan)
    assert results.hands == 2500 * 400 and results.ruined().value == 0
    odds = bet_table(rules).overall(bet)
    won = odds.lose * net[0] + (odds.win - odds.win_cut) * net[1] + odds.win_cut * net[2]
    taken = results.edge(-won / stake)
    assert taken.sigmas is not None and abs(taken.sigmas) < 4, taken
