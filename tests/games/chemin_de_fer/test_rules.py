"""Chemin de Fer, rule by rule, on stacked shoes (RULES CF-1 .. CF-16)."""

from fractions import Fraction

import pytest

from croupier.engine import (
    CHANCE,
    HOUSE,
    MAX_BUY_IN,
    Audience,
    EndSession,
    Event,
    Join,
    Shuffling,
    redact,
)
from croupier.errors import (
    ForbiddenAction,
    InsufficientChips,
    InvalidConfig,
    NotYourTurn,
    StakeOutOfRange,
)
from croupier.games.chemin_de_fer import (
    Banco,
    BankerPlay,
    Bid,
    DeclineBank,
    DrawCard,
    GiveUpBank,
    Hand,
    KeepBank,
    OpenBank,
    Outcome,
    Pass,
    Phase,
    Rules,
    Stake,
    Stand,
    Winner,
)
from croupier.games.chemin_de_fer.events import (
    BancoCalled,
    BankOpened,
    BankPassed,
    CardBurned,
    CardDealt,
    CoupResult,
    HandShown,
    NoBanker,
    Settled,
    ThirdCard,
)
from tests.games.chemin_de_fer.stack import GAME, act, speak, table


def result(events: list[Event]) -> CoupResult:
    (found,) = [e for e in events if isinstance(e, CoupResult)]
    return found


def test_any_number_may_sit_and_any_may_bank():  # CF-1
    assert Rules(seats=20).seats == 20
    with pytest.raises(InvalidConfig, match="2 to 20"):
        Rules(seats=1)
    state = table(buy_ins={3: 500, 7: 500}, banker=7)
    assert state.banker == 7


def test_one_who_sits_down_is_refused_for_the_true_reason():  # CF-1
    """Between coups (the calls, here) a seat may be taken, so a `Join` refused then is
    refused for its chips; in the middle of a coup, for the moment."""
    calls = table("8H 9D 2C 3S")
    assert calls.phase is Phase.CALLS and calls.seats[5] is None
    with pytest.raises(StakeOutOfRange, match=f"bring 1 to {MAX_BUY_IN} chips"):
        GAME.apply(calls, 5, Join(0))
    with pytest.raises(StakeOutOfRange, match="bring 1 to"):
        GAME.apply(calls, 5, Join(MAX_BUY_IN + 1))
    playing = speak(calls, Banco())
    assert playing.phase not in (Phase.CALLS, Phase.STAKES)
    with pytest.raises(NotYourTurn, match="sit down between coups"):
        GAME.apply(playing, 5, Join(100))


def test_several_full_decks_at_least_three():  # CF-2
    assert Rules().decks == 6
    with pytest.raises(InvalidConfig, match="at least 3 full decks"):
        Rules(decks=2)
    state = act(act(GAME.start(Rules(), {0: 500, 1: 500}), 0, Bid(100)), 1, Pass())
    node = GAME.chance(state)
    assert isinstance(node, Shuffling)
    assert len(node.cards) == 312


def test_the_first_banker_by_open_ascending_auction():  # CF-3
    events: list[Event] = []
    state = GAME.start(Rules(), {0: 1000, 1: 1000, 2: 1000})
    assert GAME.to_act(state) == {0}
    state = act(state, 0, Bid(100), events)
    with pytest.raises(StakeOutOfRange, match="at least 101"):
        GAME.apply(state, 1, Bid(100))
    with pytest.raises(InsufficientChips, match="1000 chips"):
        GAME.apply(state, 1, Bid(5000))
    with pytest.raises(NotYourTurn, match="seat 2's turn to bid"):
        GAME.apply(state, 2, Bid(300))
    state = act(state, 1, Bid(250), events)
    state = act(state, 2, Pass(), events)  # for good
    assert GAME.to_act(state) == {0}
    state = act(state, 0, Bid(300), events)
    assert GAME.to_act(state) == {1}  # seat 3 passed for good
    state = act(state, 1, Pass(), events)
    (opened,) = [e for e in events if isinstance(e, BankOpened)]
    assert (opened.seat, opened.amount, opened.by_auction) == (0, 300, True)
    assert (state.banker, state.bank, state.seats[0]) == (0, 300, 700)


def test_nobody_bids_and_the_table_closes():  # CF-3, CF-15
    events: list[Event] = []
    state = GAME.start(Rules(), {0: 1000, 1: 1000})
    state = act(act(state, 0, Pass(), events), 1, Pass(), events)
    assert [type(e) for e in events][-2:] == [NoBanker, type(events[-1])]
    assert GAME.is_over(state)


def test_the_new_banker_burns_three_or_four_cards():  # CF-4
    events: list[Event] = []
    table(events=events)
    burned = [e for e in events if isinstance(e, CardBurned)]
    assert [(str(e.card), e.by) for e in burned] == [("KC", 0)] * 3
    four: list[Event] = []
    state = table(rules=Rules(burn=4), events=four)
    assert len([e for e in four if isinstance(e, CardBurned)]) == 4
    assert state.phase is Phase.CALLS
    with pytest.raises(InvalidConfig, match="3 or 4"):
        Rules(burn=5)


def test_priority_from_the_bankers_right():  # CF-5
    state = table(buy_ins={0: 1000, 2: 1000, 5: 1000, 8: 1000}, banker=5)
    assert state.order == (2, 0, 8)
    assert GAME.to_act(state) == {2}


def test_banco_takes_the_whole_bank_and_ends_the_calls():  # CF-6
    events: list[Event] = []
    state = table("2S 3D 4C 3H", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = speak(state, Pass(), Banco(), events=events)  # seat 3 passes, seat 2 calls
    assert [(e.seat, e.amount) for e in events if isinstance(e, BancoCalled)] == [(1, 100)]
    assert state.stakes == ((1, 100),)
    assert state.phase is not Phase.STAKES


def test_banco_needs_the_chips_and_comes_before_the_stakes():  # CF-6
    state = table(buy_ins={0: 1000, 1: 50, 2: 1000})
    state = speak(state, Pass())
    with pytest.raises(InsufficientChips, match="whole bank, 100; you have 50"):
        GAME.apply(state, 1, Banco())
    state = speak(state, Pass())
    assert state.phase is Phase.STAKES
    with pytest.raises(ForbiddenAction, match="before the stakes"):
        GAME.apply(state, 2, Banco())


def test_stakes_in_order_up_to_the_uncovered_bank():  # CF-7
    events: list[Event] = []
    state = table("2S 3D 4C 3H", buy_ins={0: 1000, 1: 1000, 2: 1000, 3: 1000}, bank=200)
    state = speak(state, Pass(), Pass(), Pass())
    assert state.order == (3, 2, 1)
    state = speak(state, Stake(120))
    assert state.uncovered == 80
    with pytest.raises(StakeOutOfRange, match="stake 10 to 80: 80 of the bank"):
        GAME.apply(state, 2, Stake(100))
    state = speak(state, Stake(80), events=events)  # the bank is covered: seat 2 never speaks
    assert state.stakes == ((3, 120), (2, 80))
    assert state.phase is not Phase.STAKES


def test_the_largest_stake_plays_the_hand():  # CF-10
    state = table("2S 3D 4C 3H", buy_ins={0: 1000, 1: 1000, 2: 1000, 3: 1000}, bank=300)
    state = speak(state, Pass(), Pass(), Pass(), Stake(50), Stake(100), Stake(100))
    assert state.coup is not None
    assert state.coup.punter == 2  # equal to seat 2's, but nearer the banker's right


def test_the_deal_and_what_each_holder_sees():  # CF-9
    events: list[Event] = []
    state = table("2S 3D 4C 3H", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = speak(state, Banco(), events=events)
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert [(e.hand, str(e.card)) for e in dealt] == [
        (Hand.PUNTER, "2S"),
        (Hand.BANKER, "3D"),
        (Hand.PUNTER, "4C"),
        (Hand.BANKER, "3H"),
    ]
    assert {e.audience for e in dealt} == {Audience.only(2), Audience.only(0)}
    assert redact(dealt[0], 0).card is None  # type: ignore[attr-defined]
    assert GAME.view(state, 2).punter_cards == tuple(state.coup.punter_cards)  # type: ignore[union-attr]
    assert GAME.view(state, 2).banker_cards == (None, None)
    assert GAME.view(state, 0).punter_cards == (None, None)
    assert GAME.view(state, 1).banker_cards == (None, None)


def play(coup, punter=None, banker=None, rules=None, stakes=None):
    """Seat 3 bancos a bank of 100 (or the given stakes are made); decisions as given."""
    events: list[Event] = []
    state = table(coup, buy_ins={0: 1000, 1: 1000, 2: 1000}, rules=rules)
    state = speak(state, *(stakes or [Banco()]), events=events)
    if state.phase is Phase.PUNTER:
        state = speak(state, punter, events=events)
    if state.phase is Phase.BANKER:
        state = speak(state, banker, events=events)
    return state, events


def test_a_natural_wins_and_nothing_is_drawn():  # CF-11
    _, events = play("4S 3D 4C 5H")  # punter 8, banker 8
    assert result(events).winner is Winner.TIE
    _, events = play("4S 4D 5C 5H")  # punter 9, banker 9
    assert result(events).winner is Winner.TIE
    _, events = play("9S 4D KC 4H")  # punter 9 beats banker 8
    assert (result(events).winner, result(events).punter) == (Winner.PUNTERS, 9)
    _, events = play("2S 4D 3C 5H")  # banker's natural 9 against 5
    assert result(events).winner is Winner.BANKER
    assert not [e for e in events if isinstance(e, ThirdCard)]
    shown = [e for e in events if isinstance(e, HandShown)]
    assert [e.natural for e in shown] == [False, True]


def test_the_punter_draws_on_0_to_4_and_stands_on_6_or_7():  # CF-12
    state = table("2S KD 2C KH 5S", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = speak(state, Banco())
    assert state.phase is Phase.PUNTER
    with pytest.raises(ForbiddenAction, match="you have 4: the punter must draw on 0 to 4"):
        GAME.apply(state, 2, Stand())
    state = table("3S KD 3C KH 5S", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = speak(state, Banco())
    with pytest.raises(ForbiddenAction, match="must stand on 6 or 7"):
        GAME.apply(state, 2, DrawCard())
    assert set(GAME.legal_actions(state, 2)) == {Stand()}


def test_on_five_the_punter_chooses_and_a_third_card_is_face_up():  # CF-12
    state = table("2S KD 3C KH 5S", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = speak(state, Banco())
    assert set(GAME.legal_actions(state, 2)) == {DrawCard(), Stand()}
    events: list[Event] = []
    state = speak(state, DrawCard(), events=events)
    (third,) = [e for e in events if isinstance(e, ThirdCard)]
    assert (third.hand, str(third.card), third.audience) == (Hand.PUNTER, "5S", Audience())
    assert GAME.view(state, 1).punter_cards == (None, None, third.card)


def test_the_banker_chooses_freely_seeing_the_third_card():  # CF-13
    # The banker on 7 may draw, and on 0 may stand: nothing is forced.
    state = table("2S 3D 2C 4H 9S 9D", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = speak(state, Banco(), DrawCard())
    assert state.phase is Phase.BANKER
    assert set(GAME.legal_actions(state, 0)) == {DrawCard(), Stand()}
    assert GAME.view(state, 0).punter_cards[2] is not None
    events: list[Event] = []
    speak(state, DrawCard(), events=events)
    assert result(events).banker == 6  # 7 + 9


def test_the_banker_tableau_variant_decides_for_him():  # CF-13 variant
    rules = Rules(banker_play=BankerPlay.TABLEAU)
    _, events = play("2S 3D 2C 3H 9S 5D", punter=DrawCard(), rules=rules)  # banker 6 v 9
    assert not [e for e in events if isinstance(e, ThirdCard) and e.hand is Hand.BANKER]
    _, events = play("2S 3D 2C 3H 6S 5D", punter=DrawCard(), rules=rules)  # banker 6 v 6
    assert [str(e.card) for e in events if isinstance(e, ThirdCard)] == ["6S", "5D"]


def test_a_tie_returns_the_stakes_and_keeps_the_banker():  # CF-14
    state, events = play("4S 3D 4C 5H")  # 8 all
    assert [(e.seat, e.outcome, e.net) for e in events if isinstance(e, Settled)] == [
        (2, Outcome.PUSH, 0)
    ]
    assert (state.phase, state.banker, state.bank, state.seats[2]) == (Phase.KEEP, 0, 100, 1000)


def test_the_banker_wins_and_the_bank_grows():  # CF-14
    state, _events = play("2S 4D 3C 5H")
    assert (state.banker, state.bank, state.seats[2]) == (0, 200, 900)
    assert state.phase is Phase.KEEP
    state = act(state, 0, KeepBank())
    assert (state.phase, state.bank, state.order) == (Phase.CALLS, 200, (2, 1))


def test_the_punters_win_and_the_bank_passes_right():  # CF-14
    events: list[Event] = []
    state = table("9S 2D KC 3H", buy_ins={0: 1000, 1: 1000, 2: 1000}, bank=300)
    state = speak(state, Pass(), Pass(), Stake(100), Stake(150), events=events)
    settled = [(e.seat, e.outcome, e.net) for e in events if isinstance(e, Settled)]
    assert settled == [(2, Outcome.WIN, 100), (1, Outcome.WIN, 150)]
    (passed,) = [e for e in events if isinstance(e, BankPassed)]
    assert (passed.from_seat, passed.returned) == (0, 50)  # 300 - 250 back to the old banker
    assert state.seats == (750, 1150, 1100, *(None,) * 7)
    assert (state.phase, state.offered, state.banker) == (Phase.OFFER, 2, None)
    state = act(state, 2, OpenBank(500))  # any amount, no auction
    assert (state.banker, state.bank) == (2, 500)


def test_giving_up_and_declining_the_bank():  # CF-15
    state, _ = play("2S 4D 3C 5H")  # the banker wins: bank 200
    state = act(state, 0, GiveUpBank())
    assert state.seats[0] == 900 + 200  # he keeps what is in it
    assert (state.phase, state.offered) == (Phase.OFFER, 2)
    state = act(state, 2, DeclineBank())
    assert state.offered == 1
    state = act(state, 1, DeclineBank())
    assert state.phase is Phase.AUCTION  # everyone declined: the auction again
    assert GAME.to_act(state) == {0}


def test_no_commission_in_the_text_and_the_house_variant():  # CF-16
    state, _ = play("2S 4D 3C 5H")
    assert state.house == 0
    state, _ = play("2S 4D 3C 5H", rules=Rules(commission=Fraction(5, 100)))
    assert (state.bank, state.house) == (195, 5)


def test_points_are_baccarat_points():  # CF-8
    _, events = play("KS 3D 9C 5H", punter=Stand())  # punter 9+K = 9: a natural
    assert result(events).punter == 9


def test_the_house_ends_the_session_between_coups():
    state = table()
    events: list[Event] = []
    state = act(state, HOUSE, EndSession(), events)
    assert GAME.is_over(state)
    assert state.seats[0] == 1000  # the bank went back to its banker
    assert GAME.chips(state).balanced


def test_no_seat_acts_while_chance_does_and_a_closed_table_still_has_views():
    state = GAME.start(Rules(), {0: 1000, 1: 1000, 2: 1000})
    state = speak(state, Bid(100), Pass(), Pass())
    assert GAME.to_act(state) == {CHANCE}  # the shoe is to be shuffled
    assert not GAME.legal_actions(state, 0)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, DrawCard())
    closed = act(table(), HOUSE, EndSession())
    assert GAME.is_over(closed)
    assert all(not GAME.view(closed, seat).legal for seat in range(3))
