"""Private Monte Bank, rule by rule, on stacked packs (RULES PM-1 .. PM-8)."""

import itertools
from dataclasses import replace

import pytest

from croupier.cards import Card, Rank, Suit
from croupier.engine import CHANCE, HOUSE, Amounts, CloseBets, Done, Event, Shuffle, Shuffling
from croupier.errors import (
    ForbiddenAction,
    InsufficientChips,
    InvalidConfig,
    NotYourTurn,
    StakeOutOfRange,
    UnknownAction,
)
from croupier.games.monte_bank import (
    CircleBet,
    Fate,
    GiveUpBank,
    KeepBank,
    Phase,
    PutUpBank,
    Rules,
    State,
)
from croupier.games.monte_bank.events import (
    BankBroken,
    BankPassed,
    BetSettled,
    BetVoided,
    CardShown,
    DealVoid,
    DrawnForBank,
    FirstBanker,
    LayoutCard,
    PackShuffled,
    TermServed,
)
from croupier.games.monte_bank.layout import Spot
from croupier.games.private_monte import (
    UNDEALT,
    Discarded,
    LayoutBet,
    PrivateMonte,
    PrivateRules,
    Row,
    row_wins,
)
from croupier.games.private_monte.rules import suits_win
from croupier.shoe import End
from tests.games.monte_bank import stack
from tests.games.monte_bank.stack import cards

GAME = PrivateMonte()
C = Card.from_str
TOP, BOTTOM = Row.TOP, Row.BOTTOM


def table(top: str, bottom: str, gate: str = "", **options) -> State:
    return stack.table(top, bottom, gate, game=GAME, rules=options.pop("rules", None), **options)


def act(state, actor, action, events=None):
    return stack.act(state, actor, action, events, GAME)


def bets(state, placed, events=None):
    return stack.bets(state, placed, events, GAME)


def rows_offered(state, seat: int) -> set[Row]:
    return {
        o.template.row
        for o in GAME.legal_actions(state, seat)
        if isinstance(o, Amounts) and isinstance(o.template, LayoutBet)
    }


def settled(events: list[Event]) -> dict[int, tuple[Fate, int]]:
    return {e.number: (e.fate, e.paid) for e in events if isinstance(e, BetSettled)}


def test_the_forty_card_pack_and_the_house_takes_nothing():  # PM-1
    state = GAME.start(PrivateRules(), {0: 100, 1: 100})
    node = GAME.chance(state)
    assert isinstance(node, Shuffling) and len(node.cards) == 40
    assert PrivateRules().cut == 0
    with pytest.raises(InvalidConfig, match="no house cut"):
        PrivateRules(cut=Rules().cut)
    with pytest.raises(InvalidConfig, match="2 to 12"):
        PrivateRules(seats=1)


def test_cards_match_by_suit_not_rank():  # PM-1, PM-5
    events: list[Event] = []
    state = table("2S 5C", "AD 3H", "2D")  # the gate has the top layout's rank, not its suit
    state = bets(state, [(1, LayoutBet(TOP, 100)), (2, LayoutBet(BOTTOM, 100))], events)
    assert settled(events) == {1: (Fate.LOSE, 0), 2: (Fate.WIN, 100)}


def test_the_first_banker_cuts_the_lowest_and_the_pack_is_shuffled_and_cut():  # PM-2
    events: list[Event] = []
    state = GAME.start(PrivateRules(), {0: 1000, 1: 1000})
    node = GAME.chance(state)
    assert isinstance(node, Shuffling)
    order = cards("KS AC")
    state = act(state, CHANCE, Shuffle((*order, *(c for c in node.cards if c not in order))))
    assert state.banker == 1 and state.phase is Phase.MONTE
    state = act(state, 1, PutUpBank(500), events)
    assert state.phase is Phase.SHUFFLES  # as in MB-5: the punters may shuffle, then cut
    assert GAME.to_act(state) == {0}


def test_the_first_banker_event_names_the_lowest():  # PM-2
    events: list[Event] = []
    state = GAME.start(PrivateRules(), {0: 1000, 1: 1000})
    node = GAME.chance(state)
    assert isinstance(node, Shuffling)
    order = cards("3S 2C")
    act(state, CHANCE, Shuffle((*order, *(c for c in node.cards if c not in order))), events)
    assert [e.seat for e in events if isinstance(e, DrawnForBank)] == [0, 1]
    assert [e.seat for e in events if isinstance(e, FirstBanker)] == [1]


def test_the_layout_from_both_ends_valid_whatever_the_suits():  # PM-3
    events: list[Event] = []
    state = table("2S 2H", "5S 5C", events=events)  # pairs of ranks: no void in this form
    assert not [e for e in events if isinstance(e, DealVoid)]
    assert state.phase is Phase.BETTING
    laid = [(e.spot, str(e.card), e.end) for e in events if isinstance(e, LayoutCard)]
    assert laid == [
        (Spot.TOP_LEFT, "2S", End.BOTTOM),
        (Spot.TOP_RIGHT, "2H", End.BOTTOM),
        (Spot.BOTTOM_LEFT, "5S", End.TOP),
        (Spot.BOTTOM_RIGHT, "5C", End.TOP),
    ]
    same = table("2S 3S", "4S 5S", "6S")  # all four of one suit
    assert same.phase is Phase.BETTING


def test_bets_on_the_top_the_bottom_or_both():  # PM-4
    state = table("2S 5C", "AD 3H", "KC")
    assert rows_offered(state, 1) == {TOP, BOTTOM}
    state = act(state, 1, LayoutBet(TOP, 50))
    assert rows_offered(state, 1) == {BOTTOM}
    state = act(state, 1, LayoutBet(BOTTOM, 70))
    with pytest.raises(ForbiddenAction, match="on the top layout already"):
        GAME.apply(state, 1, LayoutBet(TOP, 10))
    with pytest.raises(UnknownAction, match="'middle' is not a row: the choices are top, bottom"):
        GAME.apply(state, 2, LayoutBet("middle", 10))  # type: ignore[arg-type]
    with pytest.raises(UnknownAction, match="no such action"):
        GAME.apply(state, 2, CircleBet(C("2S"), 10))  # the club form's bets are not here
    assert state.staked == 120


def test_limits_agreed_beforehand():  # PM-4, PM-6
    rules = PrivateRules(limit=200)
    state = table("2S 5C", "AD 3H", "KC", rules=rules, buy_ins={0: 5000, 1: 150, 2: 5000})
    before = state
    with pytest.raises(StakeOutOfRange, match="from 10 to 200"):
        GAME.apply(state, 2, LayoutBet(TOP, 201))
    with pytest.raises(StakeOutOfRange):
        GAME.apply(state, 2, LayoutBet(TOP, 9))
    with pytest.raises(InsufficientChips, match="150 chips"):
        GAME.apply(state, 1, LayoutBet(TOP, 160))
    assert state == before
    with pytest.raises(InvalidConfig, match="at least the cava"):
        PrivateRules(limit=5)


def test_the_gate_is_the_bottom_card_and_settles_every_layout():  # PM-5
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "KC")  # clubs in both layouts
    state = bets(state, [(1, LayoutBet(TOP, 100)), (2, LayoutBet(BOTTOM, 60))], events)
    assert [(str(e.card), e.gate) for e in events if isinstance(e, CardShown)] == [("KC", True)]
    assert settled(events) == {1: (Fate.WIN, 100), 2: (Fate.WIN, 60)}
    with pytest.raises(NotYourTurn, match="no layout is out for bets"):
        GAME.apply(state, 1, LayoutBet(TOP, 10))  # the gate is shown: too late
    events = []
    state = table("2S 5C", "AD 3C", "KH")  # no heart on the layouts: every bet loses
    state = bets(state, [(1, LayoutBet(TOP, 100)), (2, LayoutBet(BOTTOM, 60))], events)
    assert settled(events) == {1: (Fate.LOSE, 0), 2: (Fate.LOSE, 0)}
    assert state.bank == 1000 + 160


def test_one_to_one_even_when_both_cards_match():  # PM-6
    events: list[Event] = []
    state = table("2S 5S", "AD 3C", "KS")
    state = bets(state, [(1, LayoutBet(TOP, 100))], events)
    assert settled(events) == {1: (Fate.WIN, 100)}
    assert state.chips(1) == 5100


def test_the_bank_limit_holds():  # PM-6, MB-4
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "KC", monte=150)
    placed = [(1, LayoutBet(TOP, 100)), (2, LayoutBet(BOTTOM, 120))]
    state = bets(state, placed, events)
    assert settled(events) == {2: (Fate.WIN, 120), 1: (Fate.WIN, 30)}  # highest stake first
    assert state.bank == 0
    assert [e.seat for e in events if isinstance(e, BankBroken)] == [0]  # and it passes


def test_a_bet_the_broken_bank_cannot_pay_is_void():  # PM-6, MB-4
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "KC", monte=100)
    state = bets(state, [(1, LayoutBet(TOP, 100)), (2, LayoutBet(BOTTOM, 100))], events)
    assert settled(events) == {1: (Fate.WIN, 100)}
    assert [(e.seat, e.stake) for e in events if isinstance(e, BetVoided)] == [(2, 100)]


def test_the_layout_and_gate_are_discarded_and_the_next_deal_has_no_shuffle():  # PM-7
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "KH")
    state = bets(state, [(1, LayoutBet(TOP, 100))], events)
    discarded = [e.cards for e in events if isinstance(e, Discarded)]
    assert discarded == [tuple(cards("2S 5C AD 3C KH"))]
    assert len(state.pack) == 35
    pack = state.pack.cards
    events = []
    state = act(state, 0, KeepBank(), events)  # the layout is dealt: no shuffle, no cut
    assert state.phase is Phase.BETTING
    laid = [e.card for e in events if isinstance(e, LayoutCard)]
    assert laid[:4] == [pack[-1], pack[-2], pack[0], pack[1]]
    assert not [e for e in events if isinstance(e, PackShuffled)]


def test_no_bets_still_turns_the_gate():  # PM-7
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "KH")
    state = act(act(state, 1, Done()), 2, Done())
    state = act(state, HOUSE, CloseBets(), events)
    assert [str(e.card) for e in events if isinstance(e, CardShown)] == ["KH"]
    assert len(state.pack) == 35


def test_six_deals_at_most_then_the_bank_passes_at_once():  # PM-8
    for deals in (0, 7):
        with pytest.raises(InvalidConfig, match=f"deals_per_bank = {deals} is not valid: 1 to 6"):
            PrivateRules(deals_per_bank=deals)
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "KH", rules=PrivateRules(deals_per_bank=6))
    for deal in range(6):
        if deal:
            state = act(state, 0, KeepBank())
        state = bets(state, [(1, LayoutBet(TOP, 10))], events)
    assert len(state.pack) == UNDEALT  # six deals leave ten cards
    served = [(e.seat, e.reason) for e in events if isinstance(e, TermServed)]
    assert served == [(0, "the 6 deals agreed are dealt (PM-8)")]
    assert [(e.from_seat, e.to_seat) for e in events if isinstance(e, BankPassed)] == [(0, 1)]
    assert (state.phase, state.offered) == (Phase.OFFER, 1)


@pytest.mark.parametrize("deals", [1, 3, 6])
def test_the_private_banker_keeps_the_bank_for_the_deals_agreed(deals):  # PM-8
    # «Банк и сдача остаются за одним игроком на предварительно оговоренное число раздач»
    state = table("2S 5C", "AD 3C", "KH", rules=PrivateRules(deals_per_bank=deals))
    assert 0 not in GAME.to_act(state)  # no "aces" on an open layout
    for deal in range(deals):
        if deal:
            assert GiveUpBank() not in set(GAME.legal_actions(state, 0))
            before = state
            with pytest.raises(ForbiddenAction, match=f"the {deals} deals agreed"):
                GAME.apply(state, 0, GiveUpBank())
            assert state == before
            state = act(state, 0, KeepBank())
        state = bets(state, [(1, LayoutBet(TOP, 10))])
    assert (state.phase, state.banker) == (Phase.OFFER, None)


def test_at_least_ten_cards_stay_undealt():  # PM-8
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "KH")
    state = act(act(state, 1, LayoutBet(TOP, 10)), 2, Done())
    state = act(state, 1, Done())
    short = replace(state, pack=replace(state.pack, cards=state.pack.cards[-15:]))
    state = act(short, HOUSE, CloseBets(), events)  # the gate leaves 14: too few for a deal
    served = [e.reason for e in events if isinstance(e, TermServed)]
    assert served == ["another deal would leave fewer than 10 cards undealt (PM-8)"]
    assert (state.phase, state.offered) == (Phase.OFFER, 1)


def test_a_broken_bank_passes_at_once_and_the_next_banker_shuffles():  # PM-8
    events: list[Event] = []
    state = table("2S 5C", "AD 3C", "KS", monte=100)
    state = bets(state, [(1, LayoutBet(TOP, 100))], events)
    assert [e.seat for e in events if isinstance(e, BankBroken)] == [0]
    assert (state.phase, state.offered) == (Phase.OFFER, 1)
    state = act(state, 1, PutUpBank(200))
    assert state.phase is Phase.SHUFFLES and state.seen == ()
    assert state.bank_deals == 0


def test_the_match_by_suit_is_one_rule_in_every_form():  # PM-5
    # every pair of layout suits against every gate: the rule over suits, as the kernel
    # compiles it, and over cards, as the engine plays it, say what the text says
    suits = list(Suit)
    for first, second, gate in itertools.product(range(4), repeat=3):
        text = gate in (first, second)
        assert bool(suits_win(first, second, gate)) is text
        cards = (Card(Rank.TWO, suits[first]), Card(Rank.KING, suits[second]))
        assert row_wins(cards, Card(Rank.ACE, suits[gate])) is text
