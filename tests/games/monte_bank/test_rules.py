"""Monte Bank, rule by rule, on stacked packs (RULES MB-1 .. MB-16)."""

from fractions import Fraction

import pytest

from croupier.cards import Card
from croupier.engine import CHANCE, HOUSE, CloseBets, Cut, Done, Event, Shuffle, Shuffling
from croupier.errors import (
    ForbiddenAction,
    InsufficientChips,
    InvalidConfig,
    NotYourTurn,
    StakeOutOfRange,
)
from croupier.games.monte_bank import (
    AddToBank,
    Cap,
    CircleBet,
    CrossBet,
    CutOn,
    DoublerBet,
    Fate,
    GiveUpBank,
    KeepBank,
    Kind,
    MonteCarloBet,
    Pass,
    Phase,
    Rules,
    ShufflePack,
    Spot,
)
from croupier.games.monte_bank.events import (
    AcesCalled,
    BankBroken,
    BankPassed,
    BetSettled,
    BetVoided,
    CardFell,
    CardShown,
    CutShared,
    DealVoid,
    DrawnForBank,
    ExtraCard,
    ExtraDiscarded,
    FirstBanker,
    LayoutCard,
    OrdinaryMatch,
    PackShuffled,
    Stacked,
    TermServed,
)
from croupier.shoe import End
from tests.games.monte_bank.stack import GAME, act, arranged, bets, cards, table

C = Card.from_str


def settled(events: list[Event]) -> dict[int, tuple[Fate, int, int]]:
    return {e.number: (e.fate, e.paid, e.cut) for e in events if isinstance(e, BetSettled)}


def test_players_and_the_cutter():  # MB-1, MB-16
    assert Rules(seats=12).seats == 12
    with pytest.raises(InvalidConfig, match="2 to 12"):
        Rules(seats=1)
    state = table("2S 5C", "AD 3C")
    assert not [o for o in GAME.legal_actions(state, HOUSE) if not isinstance(o, CloseBets)]
    with pytest.raises(NotYourTurn):
        GAME.apply(state, HOUSE, CircleBet(C("2S"), 10))


def test_the_forty_card_pack():  # MB-2
    state = GAME.start(Rules(), {0: 100, 1: 100})
    node = GAME.chance(state)
    assert isinstance(node, Shuffling)
    assert len(node.cards) == 40
    assert not {c.rank.value for c in node.cards} & set("89T")


def test_the_lowest_card_banks_first_and_ties_draw_again():  # MB-3
    events: list[Event] = []
    state = GAME.start(Rules(), {0: 100, 1: 100, 2: 100})
    order = cards("3S 3H KC 5D AC")
    rest = [c for c in node_cards(state) if c not in order]
    state = act(state, CHANCE, Shuffle((*order, *rest)), events)
    drawn = [(e.seat, str(e.card)) for e in events if isinstance(e, DrawnForBank)]
    assert drawn == [(0, "3S"), (1, "3H"), (2, "KC"), (0, "5D"), (1, "AC")]  # 3s tie; ace low
    assert [e.seat for e in events if isinstance(e, FirstBanker)] == [1]
    assert (state.banker, state.phase) == (1, Phase.MONTE)


def node_cards(state):
    node = GAME.chance(state)
    assert isinstance(node, Shuffling)
    return node.cards


def test_the_monte_and_its_limit():  # MB-4, MB-8
    state = table("2S 5C", "AD 3C", monte=500, buy_ins={0: 5000, 1: 400, 2: 5000})
    with pytest.raises(StakeOutOfRange, match="from the cava, 10, to the bank, 500"):
        GAME.apply(state, 2, CircleBet(C("2S"), 600))
    with pytest.raises(StakeOutOfRange):
        GAME.apply(state, 2, CircleBet(C("2S"), 5))
    with pytest.raises(InsufficientChips, match="400 chips"):
        GAME.apply(state, 1, CircleBet(C("2S"), 450))
    state = act(state, 2, CrossBet(C("2S"), C("5C"), 500))  # the whole bank ...
    state = act(state, 1, CircleBet(C("AD"), 100))  # ... does not stop others (MB-8)
    assert state.staked == 600


def test_the_banker_never_pays_more_than_the_monte():  # MB-4
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "2H", monte=300)
    placed = [
        (1, CircleBet(C("2S"), 100)),  # wins 300
        (2, DoublerBet(C("2S"), C("5C"), 200)),  # wins 200, the highest stake: paid first
        (1, CrossBet(C("AD"), C("3C"), 50)),  # unsettled, then void
        (2, CrossBet(C("5C"), C("2S"), 40)),  # loses 40 into the bank first (net cap)
    ]
    state = bets(state, placed, events)
    assert settled(events) == {
        4: (Fate.LOSE, 0, 0),
        2: (Fate.WIN, 200, 50),  # on the gate: the house takes 25% (MB-13)
        1: (Fate.WIN, 140, 35),  # 300 + 40 - 200 left: paid in part
    }
    assert [e.number for e in events if isinstance(e, BetVoided)] == [3]
    assert [e.seat for e in events if isinstance(e, BankBroken)] == [0]
    assert GAME.chips(state).balanced


def test_gross_cap_counts_only_payouts():  # MB-4 variant
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "2H", monte=300, rules=Rules(cap=Cap.GROSS))
    placed = [(2, DoublerBet(C("2S"), C("5C"), 200)), (1, CircleBet(C("2S"), 100)),
              (2, CrossBet(C("5C"), C("2S"), 40))]  # fmt: skip
    bets(state, placed, events)
    assert settled(events)[2] == (Fate.WIN, 100, 25)  # only 300 - 200 left to pay


def test_the_bank_carries_over_and_may_grow():  # MB-4
    state = table("2S 5C", "AD 3C", "QD 5H", monte=500)
    state = bets(state, [(1, CircleBet(C("2S"), 100))])  # 5H: the five falls first: loses
    assert (state.phase, state.bank) == (Phase.BETWEEN, 600)
    state = act(state, 0, AddToBank(400))
    assert state.bank == 1000
    state = act(state, 0, KeepBank())
    assert state.phase is Phase.SHUFFLES


def test_shuffles_and_cuts():  # MB-5
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "QD 5H")
    state = bets(state, [(1, CircleBet(C("2S"), 100))])
    state = act(state, 0, KeepBank(), events)
    assert GAME.to_act(state) == {1}  # from the banker's left
    state = act(state, 1, ShufflePack(), events)
    assert GAME.to_act(state) == {CHANCE}
    state = act(state, CHANCE, Shuffle(node_cards(state)), events)
    state = act(state, 2, Pass(), events)
    state = act(state, CHANCE, Shuffle(node_cards(state)), events)  # the banker, last
    assert [e.by for e in events if isinstance(e, PackShuffled)] == [1, 0]
    state = act(state, 1, Cut(5), events)  # anyone may cut ...
    with pytest.raises(ForbiddenAction, match="on the banker's right cuts last"):
        GAME.apply(state, 2, Pass())  # ... but the banker's right must, last
    assert state.phase is Phase.CUTS


def test_the_layout_from_both_ends():  # MB-6
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", events=events)
    dealt = [(e.spot, str(e.card), e.end) for e in events if isinstance(e, LayoutCard)]
    assert dealt == [
        (Spot.TOP_LEFT, "2S", End.BOTTOM),
        (Spot.TOP_RIGHT, "5C", End.BOTTOM),
        (Spot.BOTTOM_LEFT, "AD", End.TOP),
        (Spot.BOTTOM_RIGHT, "3C", End.TOP),
    ]
    assert state.layout is not None
    assert state.layout.kind is Kind.PLAIN


@pytest.mark.parametrize(
    ("top", "bottom", "rule"),
    [
        ("2S 5C", "AD AC", "MB-7a"),
        ("2S 5C", "AD 5H", "MB-7b"),
        ("2S 2C 2H 2D", "AD 3C", "MB-7c"),
        ("2S 2C AH", "AD 3C", "MB-7d"),
    ],
)
def test_void_deals(top, bottom, rule):  # MB-7
    events: list[Event] = []
    state = table(top, bottom, events=events)
    assert [e.rule for e in events if isinstance(e, DealVoid)] == [rule]
    assert state.phase is Phase.SHUFFLES  # gathered, and shuffled like any other deal (MB-5)


def test_a_void_deal_is_shuffled_and_cut_as_any_other():  # MB-7a, MB-5
    # «Карты собираются и перетасовываются»: the punters may ask to shuffle, the banker
    # shuffles last, and the punter on his right cuts last.
    state = table("2S 5C", "AD AC")
    assert (state.seen, state.layout, state.deals) == ((), None, 0)
    assert GAME.to_act(state) == {1}  # the banker's left is asked first
    state = act(state, 1, ShufflePack())
    assert (state.phase, state.shuffler) == (Phase.SHUFFLING, 1)
    state = act(state, CHANCE, Shuffle(node_cards(state)))
    state = act(state, 2, Pass())
    assert (state.phase, state.shuffler) == (Phase.SHUFFLING, 0)  # the banker shuffles last
    order = arranged("3S 4C", "6D 7C")
    state = act(state, CHANCE, Shuffle((order[-1], *order[:-1])))
    assert state.phase is Phase.CUTS
    state = act(state, 1, Pass())
    with pytest.raises(ForbiddenAction, match="cuts last"):
        GAME.apply(state, 2, Pass())
    state = act(state, 2, Cut(1))
    assert state.phase is Phase.BETTING and state.layout is not None
    assert [str(state.layout.card(spot)) for spot in Spot] == ["3S", "4C", "6D", "7C"]


def test_pairs_and_triples_are_stacked():  # MB-7
    events: list[Event] = []
    state = table("7S 7C KH", "AD 3C", events=events)
    assert [(e.kind, len(e.cards)) for e in events if isinstance(e, Stacked)] == [(Kind.PAIR, 2)]
    assert state.layout is not None
    assert [str(c) for c in state.layout.spots[Spot.TOP_RIGHT]] == ["KH"]
    events = []
    state = table("7S 7C 7H KH", "AD 3C", events=events)
    assert state.layout is not None
    assert state.layout.kind is Kind.TRIPLE


def test_the_four_kinds_of_bet_and_their_pay():  # MB-9
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "QD 2H", monte=2000)
    placed = [
        (1, CircleBet(C("2S"), 100)),
        (1, CrossBet(C("2S"), C("3C"), 100)),
        (2, DoublerBet(C("2S"), C("AD"), 100)),  # the left column
        (2, MonteCarloBet(C("AD"), C("2S"), C("3C"), 10, 20, 30)),
    ]
    bets(state, placed, events)
    assert settled(events) == {
        1: (Fate.WIN, 300, 0),
        2: (Fate.WIN, 100, 0),
        3: (Fate.WIN, 100, 0),
        4: (Fate.LOSE, 0, 0),
        5: (Fate.LOSE, 0, 0),
        6: (Fate.LOSE, 0, 0),
    }


def test_bad_bets():  # MB-8, MB-9
    state = table("7S 7C KH", "AD 3C")
    with pytest.raises(ForbiddenAction, match="9♠ is not on the layout"):
        GAME.apply(state, 1, CircleBet(C("9S"), 10))
    with pytest.raises(ForbiddenAction, match="7♣ is in a stack"):
        GAME.apply(state, 1, CircleBet(C("7C"), 10))
    with pytest.raises(ForbiddenAction, match="against another card"):
        GAME.apply(state, 1, CrossBet(C("KH"), C("KH"), 10))
    with pytest.raises(ForbiddenAction, match="a row or a column"):
        GAME.apply(state, 1, DoublerBet(C("7S"), C("3C"), 10))
    with pytest.raises(ForbiddenAction, match="the banker does not bet"):
        GAME.apply(state, 0, CircleBet(C("KH"), 10))


def test_the_worked_example_of_the_text():  # MB-10d, MB-10a, MB-10c, MB-12
    events: list[Event] = []
    state = table("7S 7C KH", "AD 3C", "JC AH 7H 6C KD", monte=5000)
    placed = [
        (1, CircleBet(C("7S"), 10)),  # (a)
        (1, CircleBet(C("AD"), 10)),  # (b)
        (1, CrossBet(C("7S"), C("3C"), 10)),  # (c)
        (2, CrossBet(C("KH"), C("AD"), 10)),  # (d)
        (2, CrossBet(C("3C"), C("KH"), 10)),  # (e)
        (2, CrossBet(C("AD"), C("7S"), 10)),  # (f)
        (1, DoublerBet(C("7S"), C("AD"), 10)),  # (g) left
        (2, DoublerBet(C("AD"), C("3C"), 10)),  # (h) bottom
    ]
    state = bets(state, placed, events)
    by_card: dict[str, dict[int, Fate]] = {}
    shown = None
    for event in events:
        if isinstance(event, CardShown):
            shown = str(event.card)
            by_card[shown] = {}
        elif isinstance(event, BetSettled):
            by_card[shown][event.number] = event.fate  # type: ignore[index]
    a, b, c, d, e, f, g, h = range(1, 9)
    assert by_card == {
        "JC": {},
        "AH": {d: Fate.LOSE},  # same colour as A♦: only the plain cross (d) settles
        "7H": {a: Fate.WIN, c: Fate.WIN, g: Fate.WIN, b: Fate.LOSE, f: Fate.LOSE, h: Fate.LOSE},
        "6C": {},
        "KD": {e: Fate.LOSE},
    }
    assert [(e.spot, str(e.card)) for e in events if isinstance(e, OrdinaryMatch)] == [
        (Spot.BOTTOM_LEFT, "AH")
    ]
    pays = {ev.number: ev.paid for ev in events if isinstance(ev, BetSettled)}
    assert (pays[a], pays[c], pays[g]) == (30, 10, 10)
    assert state.phase is Phase.BETWEEN  # the draw ended with the last bet (MB-12)


def test_with_a_triple_plain_cards_fall_in_their_own_colour():  # MB-10b
    events: list[Event] = []
    state = table("7S 7C 7H KH", "AD 3C", "AS AH")
    bets(state, [(1, CircleBet(C("AD"), 10))], events)
    assert [str(e.card) for e in events if isinstance(e, OrdinaryMatch)] == ["AS"]
    assert [(e.spot, str(e.card)) for e in events if isinstance(e, CardFell)] == [
        (Spot.BOTTOM_LEFT, "AH")
    ]


def test_betting_closes_at_all_and_the_gate_is_shown():  # MB-11
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "QD KD 5H")
    state = bets(state, [(1, CircleBet(C("2S"), 100))], events)
    shown = [(str(e.card), e.gate) for e in events if isinstance(e, CardShown)]
    assert shown == [("QD", True), ("KD", False), ("5H", False)]
    state = table("2S 5C", "AD 3C", "QD KD 5H")
    state = act(state, 1, CircleBet(C("2S"), 100))
    state, _ = GAME.apply(state, HOUSE, CloseBets())
    with pytest.raises(NotYourTurn, match='said "all"'):
        GAME.apply(state, 2, CircleBet(C("AD"), 10))


def test_the_cut_on_gate_wins():  # MB-13, MB-14
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "2H", monte=1000)
    state = bets(
        state, [(1, CircleBet(C("2S"), 10)), (2, DoublerBet(C("5C"), C("2S"), 30))], events
    )
    assert settled(events) == {1: (Fate.WIN, 30, 8), 2: (Fate.WIN, 30, 8)}  # 7.5 rounds up
    assert state.apart == 16
    events = []
    state = act(state, 0, GiveUpBank(), events)
    assert [(e.house, e.banker) for e in events if isinstance(e, CutShared)] == [(8, 8)]
    assert GAME.chips(state).balanced


def test_the_first_fall_variant():  # MB-13 variant
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "QD 2H", monte=1000, rules=Rules(cut_on=CutOn.FIRST_FALL))
    bets(state, [(1, CircleBet(C("2S"), 10))], events)
    assert settled(events) == {1: (Fate.WIN, 30, 8)}


def test_the_odd_chip_of_the_cut_goes_to_the_house():  # MB-14
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "2H", monte=1000)
    state = bets(state, [(1, CrossBet(C("2S"), C("AD"), 10))], events)  # cut 3 (2.5 rounds up)
    state = act(state, 0, GiveUpBank(), events)
    assert [(e.house, e.banker) for e in events if isinstance(e, CutShared)] == [(2, 1)]


def test_aces_while_no_bet_is_on_the_layout():  # MB-15
    # «в любое время, когда нет на табло неразыгранных ставок»
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "QD 5H")
    assert GAME.to_act(state) == {HOUSE, 0, 1, 2}
    assert set(GAME.legal_actions(state, 0)) == {GiveUpBank(), Done()}
    state = act(state, 0, GiveUpBank(), events)
    assert [(e.seat, e.bank) for e in events if isinstance(e, AcesCalled)] == [(0, 1000)]
    assert (state.phase, state.offered, state.chips(0)) == (Phase.OFFER, 1, 5000)
    assert GAME.chips(state).balanced


def test_giving_up_the_bank_and_its_passing():  # MB-15
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "QD 5H")
    state = act(state, 1, CircleBet(C("2S"), 100))
    assert 0 not in GAME.to_act(state)
    with pytest.raises(ForbiddenAction, match="bets are unsettled"):
        GAME.apply(state, 0, GiveUpBank())
    state = bets(state, [], events)
    state = act(state, 0, GiveUpBank(), events)
    assert [(e.from_seat, e.to_seat) for e in events if isinstance(e, BankPassed)] == [(0, 1)]
    assert (state.phase, state.offered) == (Phase.OFFER, 1)


def test_a_broken_bank_passes_at_once():  # MB-15
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "2H", monte=100)
    state = bets(state, [(1, CircleBet(C("2S"), 100))], events)
    assert [e.seat for e in events if isinstance(e, BankBroken)] == [0]
    assert (state.phase, state.offered) == (Phase.OFFER, 1)


def test_a_number_of_deals_agreed_beforehand():  # MB-15
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "QD 5H", rules=Rules(deals_per_bank=1))
    state = bets(state, [(1, CircleBet(C("2S"), 100))], events)
    assert [(e.seat, e.reason) for e in events if isinstance(e, TermServed)] == [
        (0, "the 1 deals agreed are dealt (MB-15)")
    ]
    assert (state.phase, state.offered) == (Phase.OFFER, 1)  # the bank passes at once


def test_done_and_the_house_closing():
    state = table("2S 5C", "AD 3C")
    state = act(act(act(state, 1, Done()), 2, Done()), 0, Done())
    assert GAME.to_act(state) == {HOUSE}
    state = act(state, HOUSE, CloseBets())
    assert state.phase is Phase.BETWEEN  # no bets: no draw
    assert Rules(cut=Fraction(1, 4)).cut_on_winnings(30) == 8


def test_the_zecchinetta_variant_adds_unpaired_cards():  # MB-17
    events: list[Event] = []
    rules = Rules(extra_cards=2)
    state = table("2S 5C", "AD 3C", "QD 7H KH", added="7D 2H KC", rules=rules, events=events)
    assert [str(e.card) for e in events if isinstance(e, ExtraCard)] == ["7D", "KC"]
    assert [str(e.card) for e in events if isinstance(e, ExtraDiscarded)] == ["2H"]  # pairs 2♠
    assert state.layout is not None
    assert [str(c) for c in state.layout.extras.values()] == ["7D", "KC"]
    with pytest.raises(ForbiddenAction, match="one of the four layout cards"):
        GAME.apply(state, 1, CircleBet(C("7D"), 10))
    placed = [(1, CrossBet(C("7D"), C("2S"), 10)), (2, CircleBet(C("2S"), 10)),
              (2, CrossBet(C("KC"), C("7D"), 10))]  # fmt: skip
    bets(state, placed, events)
    results = settled(events)
    assert results[1][0] is Fate.WIN  # 7♥ makes the added 7♦ fall first
    assert results[3][0] is Fate.LOSE
    shown = None  # the circle settles only when one of the four falls (MB-9a)
    for event in events:
        if isinstance(event, CardShown):
            shown = event.card
        elif isinstance(event, BetSettled) and event.number == 2:
            assert shown is not None
            assert shown.rank.value in "25A3"
    with pytest.raises(InvalidConfig, match="0, or 1 or 2"):
        Rules(extra_cards=3)
