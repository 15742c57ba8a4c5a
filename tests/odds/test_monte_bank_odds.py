"""Exact Monte Bank odds: the deal, each wager, the table, against counting by hand, against
every order of a few cards, and against seeded simulations of the deal and the draw."""

import json
import random
from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import sqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, monte_pack
from croupier.errors import InvalidConfig
from croupier.games.monte_bank.layout import (
    GROUPS,
    Circle,
    Cross,
    Doubler,
    Falls,
    Fate,
    Kind,
    Layout,
    Spot,
    fate,
    opposite,
)
from croupier.games.monte_bank.rules import Cap, CutOn, Rules
from croupier.odds import monte_bank
from croupier.odds.monte_bank import (
    BetKind,
    WagerOdds,
    bet_table,
    deal_odds,
    report,
    unseen,
    wager_odds,
    wagers,
)

TL, TR, BL, BR = Spot.TOP_LEFT, Spot.TOP_RIGHT, Spot.BOTTOM_LEFT, Spot.BOTTOM_RIGHT
EXAMPLE = Layout.of("7S+7C", "KH", "AD", "3C")  # MB-10d
STACK_SIZE = {Kind.PLAIN: 1, Kind.PAIR: 2, Kind.TRIPLE: 3}
DEALS = 20_000
CUT = Rules().cut  # the house's share of a win when it cuts, by default (MB-13)
FIRST_FALL = Rules(cut_on=CutOn.FIRST_FALL)


def cards(text):
    return [Card.from_str(t) for t in text.split()]


# -- simulations, written here from the rules -----------------------------------------------


def deal(rng):
    """One deal from a shuffled pack, by MB-6 and MB-7: the layout and the cards left, or
    None if the deal is void."""
    pack = list(monte_pack())
    rng.shuffle(pack)
    top = [pack.pop(), pack.pop()]  # two from the bottom
    bottom = [pack.pop(0), pack.pop(0)]  # two from the top
    if bottom[0].rank is bottom[1].rank:  # MB-7a
        return None
    if {card.rank for card in top} & {card.rank for card in bottom}:  # MB-7b
        return None
    stack, right = [top[0]], top[1]
    while right.rank is stack[0].rank:  # MB-7c: stacked, and a replacement from the bottom
        stack.append(right)
        if len(stack) == 4:
            return None
        right = pack.pop()
    if right.rank in {card.rank for card in bottom}:  # MB-7d
        return None
    layout = Layout({TL: tuple(stack), TR: (right,), BL: (bottom[0],), BR: (bottom[1],)})
    return layout, pack


def random_layout(rng, kind):
    """A layout of this kind, every one equally likely: a stack of a random rank top-left,
    then the first cards of three more ranks in a shuffled pack."""
    pack = list(monte_pack())
    rng.shuffle(pack)
    stack = tuple(card for card in pack if card.rank is pack[0].rank)[: STACK_SIZE[kind]]
    others: list[Card] = []
    for card in pack:
        if card.rank not in {stack[0].rank, *(other.rank for other in others)}:
            others.append(card)
    return Layout(dict(zip(Spot, (stack, *((card,) for card in others[:3])), strict=True)))


def draw(layout, bets, order):
    """Show `order` through the layout's rules (MB-12): for each wager, whether it wins, wins
    on the gate, and wins on the first card that makes a layout card fall (MB-13)."""
    falls, results, fallen = Falls(), {}, False
    for n, card in enumerate(order):
        falls, fell, matched = falls.show(layout, card)
        for i, wager in enumerate(bets):
            outcome = None if i in results else fate(wager, layout, fell, matched)
            if outcome is not None:
                won = outcome is Fate.WIN
                results[i] = (outcome, won and n == 0, won and not fallen and fell is not None)
        fallen = fallen or fell is not None
        if len(results) == len(bets):
            break
    return [results.get(i, (None, False, False)) for i in range(len(bets))]


def within_four_sd(hits, n, p):
    return abs(Fraction(hits, n) - p) <= 4 * sqrt(p * (1 - p) / n)


@pytest.fixture(scope="module")
def deals():
    rng = random.Random(20240611)
    return [deal(rng) for _ in range(DEALS)]


# -- the deal (MB-7) ------------------------------------------------------------------------


def test_the_deal_exactly():  # MB-6, MB-7
    odds = deal_odds()
    assert odds.plain + odds.pair + odds.triple == 1
    # Counting by hand, card by card: the top layout two ranks (36/39), the bottom layout
    # two more (32/38, 28/37); or a pair (3/39), the bottom two other ranks, and a
    # replacement of a fourth rank (28/36); or the replacement of the pair's rank (2/36)
    # and then one of a fourth (28/35).
    plain = Fraction(36 * 32 * 28, 39 * 38 * 37)
    pair = Fraction(3, 39) * Fraction(36 * 32, 38 * 37) * Fraction(28, 36)
    triple = Fraction(3, 39) * Fraction(36 * 32, 38 * 37) * Fraction(2, 36) * Fraction(28, 35)
    valid = plain + pair + triple
    assert odds.void == 1 - valid == Fraction(16447, 45695)
    assert (odds.plain, odds.pair, odds.triple) == (plain / valid, pair / valid, triple / valid)
    assert (odds.plain, odds.pair, odds.triple) == (
        Fraction(420, 457),
        Fraction(35, 457),
        Fraction(2, 457),
    )
    assert [odds.given_valid(kind) for kind in Kind] == [odds.plain, odds.pair, odds.triple]


def test_the_deal_agrees_with_a_simulated_deal(deals):  # MB-6, MB-7
    odds = deal_odds()
    valid = [layout for layout, _ in filter(None, deals)]
    assert within_four_sd(DEALS - len(valid), DEALS, odds.void)
    made = Counter(layout.kind for layout in valid)
    for kind in Kind:
        assert within_four_sd(made[kind], len(valid), odds.given_valid(kind)), kind


# -- one wager ------------------------------------------------------------------------------


def test_every_spot_has_the_same_chance():  # MB-10: the design of the colour rule
    triple = Layout.of("7S+7C+7H", "KH", "AD", "3C")
    for layout in (Layout.of("QD", "KH", "AD", "3C"), EXAMPLE, triple):
        circles = {wager_odds(layout, Circle(spot)) for spot in Spot}
        assert len(circles) == 1
        assert circles.pop().win == Fraction(1, 4)


def test_counted_by_hand():  # MB-9, MB-10, MB-13
    # Plain: each spot falls to the 3 cards of its rank among the 36 left.
    plain = Layout.of("QD", "KH", "AD", "3C")
    circle = wager_odds(plain, Circle(TL))
    assert (circle.win, circle.lose, circle.win_on_gate) == (
        Fraction(1, 4),
        Fraction(3, 4),
        Fraction(3, 36),
    )
    assert circle.edge == 3 * CUT * Fraction(3, 36) == Fraction(1, 16)
    assert wager_odds(plain, Circle(TL), rules=FIRST_FALL).edge == 3 * CUT / 4
    doubler = wager_odds(plain, Doubler(GROUPS["top"]))
    assert (doubler.win, doubler.win_on_gate, doubler.edge) == (
        Fraction(1, 2),
        Fraction(6, 36),
        Fraction(1, 24),
    )
    # A pair standing (MB-10a): every spot falls to 2 of the 35 cards left, so 8 cards can
    # make the first fall; a plain card also meets an ordinary match in the third card of
    # its rank, which settles plain crosses (MB-10c) but is no fall.
    stacked = wager_odds(EXAMPLE, Cross(TL, BR))
    assert (stacked.win, stacked.win_on_gate, stacked.win_on_first_fall) == (
        Fraction(1, 2),
        Fraction(2, 35),
        Fraction(2, 8),
    )
    plain_cross = wager_odds(EXAMPLE, Cross(TR, BL))  # wins on the first fall if a black king
    assert (plain_cross.win, plain_cross.win_on_gate, plain_cross.win_on_first_fall) == (
        Fraction(1, 2),  # comes before the 7s, the black aces, the red 3s and ♦K, ♥A
        Fraction(3, 35),
        Fraction(2, 10),
    )
    # A triple standing (MB-10b): every spot falls to 1 of the 34 cards left.
    triple = Layout.of("7S+7C+7H", "KH", "AD", "3C")
    assert wager_odds(triple, Circle(BL)).win_on_gate == Fraction(1, 34)


def test_stacked_situations():  # MB-10d, MB-12, MB-13: the worked example's cards
    circle_seven, circle_ace = Circle(TL), Circle(BL)
    king_against_ace = Cross(TR, BL)
    shown = cards("AH 7H")  # ♥A meets ♦A only as an ordinary match; ♥7 drops the pair
    assert wager_odds(EXAMPLE, circle_ace, shown).lose == 1
    assert wager_odds(EXAMPLE, king_against_ace, shown).lose == 1
    seven = wager_odds(EXAMPLE, circle_seven, shown)
    assert (seven.win, seven.win_on_gate, seven.win_on_first_fall) == (
        Fraction(1),
        Fraction(1, 2),  # ♥7 the gate
        Fraction(1),  # ♥7 is the first card to fall either way: ♥A makes nothing fall
    )
    assert seven.edge == -3 * (1 - CUT / 2)
    # A card of no layout rank moves nothing: it can only be the gate.
    seven = wager_odds(EXAMPLE, circle_seven, cards("JC 7H"), rules=FIRST_FALL)
    assert seven.win == seven.win_on_first_fall == 1
    assert seven.win_on_gate == Fraction(1, 2)
    assert seven.edge == -3 * (1 - CUT)
    never = wager_odds(EXAMPLE, circle_seven, cards("JC 6D"))
    assert never.win == never.lose == never.edge == 0
    assert never.unsettled == 1
    assert wager_odds(EXAMPLE, circle_seven, []).unsettled == 1


def every_order(layout, wager, remaining):
    """The odds by showing every order of the cards through the layout's rules."""
    tally: Counter[object] = Counter()
    orders = list(permutations(remaining))
    for order in orders:
        outcome, gate, first = draw(layout, [wager], order)[0]
        tally[outcome] += 1
        tally["gate"] += gate
        tally["first"] += first
    n = len(orders)
    return WagerOdds(
        win=Fraction(tally[Fate.WIN], n),
        lose=Fraction(tally[Fate.LOSE], n),
        win_on_gate=Fraction(tally["gate"], n),
        win_on_first_fall=Fraction(tally["first"], n),
        pays=wager.pays,
        cut=CUT,
        cut_on=CutOn.GATE,
    )


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(Kind), seed=st.integers(0, 2**32), data=st.data())
def test_the_recursion_agrees_with_every_order(kind, seed, data):  # MB-9, MB-10, MB-12
    layout = random_layout(random.Random(seed), kind)
    ranks = {layout.rank(spot) for spot in Spot}
    left = unseen(layout)
    relevant = [card for card in left if card.rank in ranks]
    remaining = data.draw(st.lists(st.sampled_from(relevant), unique=True, max_size=5))
    remaining += data.draw(
        st.lists(st.sampled_from([c for c in left if c.rank not in ranks]), max_size=1)
    )
    wager = data.draw(st.sampled_from([w for bet in BetKind for w in wagers(layout, bet)]))
    expected = every_order(layout, wager, remaining)
    assert wager_odds(layout, wager, remaining) == expected
    for cut_on in CutOn:
        odds = wager_odds(layout, wager, remaining, Rules(cut_on=cut_on))
        taken = expected.win_on_gate if cut_on is CutOn.GATE else expected.win_on_first_fall
        assert odds.edge == expected.lose - wager.pays * (expected.win - CUT * taken)


# -- the table ------------------------------------------------------------------------------


def test_the_wagers_of_each_kind():  # MB-9
    plain = Layout.of("QD", "KH", "AD", "3C")
    counts = {bet: (len(wagers(plain, bet)), len(wagers(EXAMPLE, bet))) for bet in BetKind}
    assert counts == {
        BetKind.CIRCLE: (4, 4),
        BetKind.CROSS: (12, 6),
        BetKind.CROSS_STACKED: (0, 6),
        BetKind.DOUBLER: (4, 4),
    }
    crosses = wagers(EXAMPLE, BetKind.CROSS)
    assert all(isinstance(w, Cross) and TL not in (w.backed, w.against) for w in crosses)


@pytest.mark.parametrize("cut_on", list(CutOn))
def test_every_layout_of_a_kind_has_the_same_odds(cut_on):  # MB-9, MB-10
    """By symmetry every layout of a kind, and every wager of a kind on it, has the same
    odds: every spot, both rows and both columns, backing the stack and betting against
    it. So the table's averages are every wager's odds, here on random layouts."""
    rules = Rules(cut_on=cut_on)
    table = bet_table(rules)
    rng = random.Random(7)
    for kind in Kind:
        for _ in range(3):
            layout = random_layout(rng, kind)
            for bet in BetKind:
                for wager in wagers(layout, bet):
                    assert wager_odds(layout, wager, rules=rules) == table.odds[bet][kind], wager
    assert set(table.odds[BetKind.CROSS_STACKED]) == {Kind.PAIR, Kind.TRIPLE}


def test_rows_and_columns_and_both_ways_on_the_stack():  # MB-9b, MB-9c, MB-10
    for rules in (Rules(cut_on=cut_on) for cut_on in CutOn):
        for layout in (EXAMPLE, Layout.of("7S+7C+7H", "KH", "AD", "3C")):
            odds = {name: wager_odds(layout, Doubler(g), rules=rules) for name, g in GROUPS.items()}
            assert odds["top"] == odds["left"] == odds["bottom"] == odds["right"]
            assert wager_odds(layout, Cross(TL, TR), rules=rules) == wager_odds(
                layout, Cross(TR, TL), rules=rules
            )


def test_the_house_cut_readings():  # MB-13
    gate, first = bet_table(Rules(cut_on=CutOn.GATE)), bet_table(FIRST_FALL)
    for bet, by_kind in gate.odds.items():
        for kind, odds in by_kind.items():
            later = first.odds[bet][kind]
            # Winning on the gate is mostly winning on the first fall too.
            assert odds.win_on_gate <= later.win_on_first_fall
            assert odds.edge <= later.edge
            assert odds.edge == odds.lose - odds.pays * (odds.win - CUT * odds.win_on_gate)
            assert odds.edge > 0


@pytest.mark.parametrize("cut_on", list(CutOn))
def test_a_table_with_another_cut_gets_its_own_edges(cut_on):  # MB-13
    """The edge follows the table's cut exactly, not the rules' default: a circle on a plain
    layout wins 1/4 of the time, 3/36 on the gate, and always on the first fall (every card
    of its rank falls there), so its edge is 3 * cut * P(a win with the cut due)."""
    fifth = Rules(cut=Fraction(1, 5), cut_on=cut_on)
    plain = Layout.of("QD", "KH", "AD", "3C")
    circle = wager_odds(plain, Circle(TL), rules=fifth)
    assert (circle.cut, circle.cut_on) == (Fraction(1, 5), cut_on)
    due = Fraction(3, 36) if cut_on is CutOn.GATE else Fraction(1, 4)
    assert circle.win_cut == due
    assert circle.edge == 3 * Fraction(1, 5) * due != 3 * CUT * due
    none = wager_odds(plain, Circle(TL), rules=Rules(cut=Fraction(0), cut_on=cut_on))
    assert none.edge == 0  # a fair 3 to 1 on one card of four, with no cut
    table, usual = bet_table(fifth), bet_table(Rules(cut_on=cut_on))
    assert (table.cut, table.cut_on) == (Fraction(1, 5), cut_on)
    assert table.odds[BetKind.CIRCLE][Kind.PLAIN].edge == circle.edge
    for bet, by_kind in table.odds.items():
        for kind, odds in by_kind.items():
            same = usual.odds[bet][kind]
            assert (odds.win, odds.lose, odds.win_cut) == (same.win, same.lose, same.win_cut)
            assert odds.edge == odds.lose - odds.pays * (odds.win - Fraction(1, 5) * odds.win_cut)
            assert odds.edge < same.edge
        overall = table.overall(bet)
        assert overall.edge == overall.lose - overall.pays * (
            overall.win - Fraction(1, 5) * overall.win_cut
        )
    data = report(fifth)
    assert Fraction(data["house_edge"]["circle"]["plain"]["fraction"]) == circle.edge


def test_the_rules_the_odds_follow_and_refuse():  # MB-4, MB-13, MB-17
    """Only the cut and when it is taken change the odds; tables alike in those share one
    table. The cards added by MB-17's variant change the layout: refused, in one line."""
    usual = bet_table()
    assert bet_table(Rules()) is usual
    other = Rules(seats=4, cava=20, minimum_monte=200, cap=Cap.GROSS, deals_per_bank=3)
    assert bet_table(other) is usual
    assert wager_odds(EXAMPLE, Circle(TL), rules=other) == wager_odds(EXAMPLE, Circle(TL))
    for refused in (
        lambda rules: wager_odds(EXAMPLE, Circle(TL), rules=rules),
        bet_table,
        report,
    ):
        with pytest.raises(InvalidConfig, match=r"^extra_cards = 1 is not valid here: .*MB-17"):
            refused(Rules(extra_cards=1))


def test_overall_weighs_the_layouts_by_the_deal():  # MB-7
    table = bet_table()
    deal = deal_odds()
    for bet in (BetKind.CIRCLE, BetKind.CROSS, BetKind.DOUBLER):
        weighted = sum(deal.given_valid(k) * table.odds[bet][k].edge for k in Kind)
        assert table.overall(bet).edge == weighted
    stacked = table.odds[BetKind.CROSS_STACKED]
    share = deal.pair / (deal.pair + deal.triple)
    assert table.overall(BetKind.CROSS_STACKED).edge == (
        share * stacked[Kind.PAIR].edge + (1 - share) * stacked[Kind.TRIPLE].edge
    )


def tally_draws(rng, layouts):
    """Draw once for each layout, one wager of each kind on it chosen at random."""
    tally: Counter[tuple[object, ...]] = Counter()
    for layout, rest in layouts:
        kinds = [bet for bet in BetKind if wagers(layout, bet)]
        bets = [rng.choice(wagers(layout, bet)) for bet in kinds]
        order = list(rest)
        rng.shuffle(order)
        for bet, (outcome, gate, first) in zip(kinds, draw(layout, bets, order), strict=True):
            for key in ((bet, layout.kind), (bet, "all")):
                tally[(*key, "n")] += 1
                tally[(*key, "win")] += outcome is Fate.WIN
                tally[(*key, "gate")] += gate
                tally[(*key, "first")] += first
    return tally


def check_frequencies(tally, bet, key, odds):
    n = tally[bet, key, "n"]
    assert n > 0
    for name, p in (
        ("win", odds.win),
        ("gate", odds.win_on_gate),
        ("first", odds.win_on_first_fall),
    ):
        assert within_four_sd(tally[bet, key, name], n, p), (bet, key, name, n)


def test_the_draw_agrees_with_a_simulation_of_dealt_layouts(deals):  # MB-9, MB-10, MB-12
    table = bet_table()
    tally = tally_draws(random.Random(11), filter(None, deals))
    for bet, by_kind in table.odds.items():
        for kind, odds in by_kind.items():
            check_frequencies(tally, bet, kind, odds)
        check_frequencies(tally, bet, "all", table.overall(bet))


@pytest.mark.parametrize("kind", [Kind.PAIR, Kind.TRIPLE])
def test_the_draw_agrees_with_a_simulation_of_stacked_layouts(kind):  # MB-10, MB-12
    """Stacked layouts are rare in a deal; here many, every one equally likely."""
    rng = random.Random(kind.value)
    layouts = [
        (layout, unseen(layout)) for layout in (random_layout(rng, kind) for _ in range(2500))
    ]
    tally = tally_draws(rng, layouts)
    for bet, by_kind in bet_table().odds.items():
        if kind in by_kind:
            check_frequencies(tally, bet, kind, by_kind[kind])


# -- the report and the surface -------------------------------------------------------------


@pytest.mark.parametrize("cut_on", list(CutOn))
def test_the_report(cut_on):  # MB-7, MB-13
    data = json.loads(json.dumps(report(Rules(cut_on=cut_on))))
    table = bet_table(Rules(cut_on=cut_on))

    def exactly(figure):  # every figure is exact: its fraction, and that fraction's float
        assert figure["value"] == float(Fraction(figure["fraction"]))
        return Fraction(figure["fraction"])

    assert exactly(data["void"]) == deal_odds().void
    assert {k: exactly(v) for k, v in data["layout"].items()} == {
        kind.value: deal_odds().given_valid(kind) for kind in Kind
    }
    every = {"plain", "pair", "triple", "all"}
    assert {bet: set(edges) for bet, edges in data["house_edge"].items()} == {
        "circle": every,
        "cross": every,
        "cross_stacked": {"pair", "triple", "all"},  # "all": the layouts that have one
        "doubler": every,
    }
    for bet in BetKind:
        for kind, odds in table.odds[bet].items():
            assert exactly(data["house_edge"][bet.value][kind.value]) == odds.edge
            assert exactly(data["win"][bet.value][kind.value]) == odds.win
            assert exactly(data["win_on_gate"][bet.value][kind.value]) == odds.win_on_gate
        overall = table.overall(bet)
        assert exactly(data["house_edge"][bet.value]["all"]) == overall.edge
        assert exactly(data["win_on_first_fall"][bet.value]["all"]) == overall.win_on_first_fall


def test_the_public_surface():
    assert set(monte_bank.__all__) == {
        *("BetKind", "BetTable", "DealOdds", "WagerOdds"),
        *("bet_table", "check_rules", "deal_odds", "report", "unseen", "wager_odds", "wagers"),
    }
    assert all(hasattr(monte_bank, name) for name in monte_bank.__all__)


# -- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("remaining", "message"),
    [
        (cards("KH 2C"), "KH is on the layout '7S\\+7C KH AD 3C'"),
        (cards("8S"), "8S.* is not a card of the Monte pack"),
        (cards("2C 2C"), "2C is there twice"),
    ],
)
def test_bad_remaining_cards(remaining, message):
    with pytest.raises(InvalidConfig, match=message):
        wager_odds(EXAMPLE, Circle(TL), remaining)


@pytest.mark.parametrize(
    ("layout", "wager", "message"),
    [
        (EXAMPLE, Doubler(frozenset({TL, BR})), "doubler on {bottom-right, top-left}.*row"),
        (EXAMPLE, Doubler(opposite(frozenset({TL}))), "doubler on .* row or a column"),
        (EXAMPLE, Cross(TR, TR), "top-right against itself"),
        (Layout.of("7S", "7H", "AD", "3C"), Circle(TL), "a rank of its own"),
        (Layout.of("7S+7C+7H+7D", "KH", "AD", "3C"), Circle(TL), "of two or three"),
        (Layout.of("7S+7C", "KH+KD", "AD", "3C"), Circle(TL), "at most one stack"),
        (Layout.of("8S", "KH", "AD", "3C"), Circle(TL), "8S is not a card of the Monte pack"),
        (Layout.of("7S+7S", "KH", "AD", "3C"), Circle(TL), "holds a card twice"),
    ],
)
def test_bad_layouts_and_wagers(layout, wager, message):
    with pytest.raises(InvalidConfig, match=message) as error:
        wager_odds(layout, wager)
    assert isinstance(error.value, ValueError)
