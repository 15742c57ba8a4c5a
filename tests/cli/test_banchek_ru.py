"""`croupier play banchek` in Russian: the narration, the table, the prompts and their words,
the refusals and the help in the words of the rule book (texts/polish-banchek.ru.txt): банк,
банкомет, понтер, примазка, круг; the Russian words taken at the prompts and the English ones
still understood."""

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from croupier import words
from croupier.cli import app
from croupier.cli.banchek._render import table_panel
from croupier.engine import HOUSE, Done, Leave
from croupier.engine.events import SeatJoined, SeatLeft, SessionEnded
from croupier.errors import InvalidConfig
from croupier.games.banchek import (
    AddToBank,
    Banchek,
    ClaimTurned,
    Peek,
    PutUpBank,
    RefuseRiders,
    Ride,
    Rules,
    Stake,
    TakeFromBank,
    Wait,
)
from croupier.games.banchek.events import BankEnded, BankSkipped, Peeked, Why
from croupier.i18n import use
from tests.cli import russian
from tests.cli.prompts import seat_for, view_at
from tests.cli.russian import WIDE, flat, latin, prompt_words, random_play

runner = CliRunner()
RUSSIAN = {**russian.RUSSIAN, **WIDE}

ENGLISH = (
    "Polish Banchek",
    "two packs",
    "stakes",
    "draws",
    "for the bank",
    "lowest card",
    "puts up",
    "shuffles",
    "cuts at",
    "Your cards",
    "The banker turns",
    "wins",
    "loses",
    "rides 5",
    "riding on",
    "under the pack",
    "Refused",
    "not understood",
    "Your stake",
    "Ride on these cards",
    "The table closes",
    "round",
    "exact chance",
)
"""Phrases of the English session that the Russian one must not leak."""

_BOTS = re.compile(r"Jan|Zofia|Kazimierz|Halina|Tadeusz|Wanda|Bolesław|Jadwiga")
"""The bots' names, which stay as they are."""


def play(*args, input=None, env=WIDE):
    return runner.invoke(app, ["play", "banchek", *args], input=input, env=env)


def test_a_punter_stakes_and_rides_in_russian():  # BN-5, BN-6, BN-8, BN-9, BN-15, BN-16
    lines = ["помощь", "ставка 500", "stake 20", "забрать 5", "примазка 5", "", "выйти"]
    result = play("--lang", "ru", "--seed", "3", "--bots", "2", "--rounds", "3", "--odds",
                  "--riders", input="\n".join(lines) + "\n")  # fmt: skip
    out = flat(result.output)
    assert result.exit_code == 0, result.output
    assert (
        "Польский банчек — две колоды; ставки от 5 до всего банка; банк в 100 переходит, "
        "когда утроится или сорвётся; примазка допускается (BN-15)."
    ) in out
    assert "Место 3 (Zofia) с младшей картой начинает игру: первым закладывает банк (BN-2)." in out
    assert "Место 3 (Zofia) закладывает банк: 100." in out
    assert "Место 3 (Zofia) тасует две колоды (104 карты)." in out  # BN-1, «104 карты»
    assert "Место 2 (Jan) снимает колоду: 54 карты сверху (BN-4)." in out
    assert "Польский банчек · круг 1" in out
    assert "Ваши карты: A♠ 2♦ 10♥ точный шанс 0.4257 (43/101), преимущество -14.85%" in out
    assert "банкомет, банк 100 (переходит при 300 или 0)" in out  # BN-10
    assert "Ваша ставка (Enter — наименьшая; `помощь` — команды) >" in out
    # `помощь` lists the Russian spellings first, the English after them
    assert "20 (ставка 20, ставлю 20, stake 20) поставить 20 на свои карты" in out
    assert "без примазки (norides, noriders) не позволять примазываться к своим картам" in out
    assert "встать (leave) пасовать при своём ходе или отказаться от банка" in out  # BN-11
    assert "помощь (?, help) сказать, что здесь значит каждое слово" in out
    assert (
        "Отказано: ставка — от 5 до 100: от оговорённой минимальной до всего банка (BN-5)."
    ) in out
    assert "Место 1 (вы) ставит 20." in out  # the English `stake 20`
    assert "Банкомет открывает 7♦." in out  # BN-6
    assert "Место 1 (вы) проигрывает 20." in out
    assert "Примазаться к этим картам? Сумма или `пас` (Enter) >" in out
    assert "'забрать 5' здесь не понято: скажите число (`10`) или `пас` (Enter)" in out
    assert "Место 1 (вы) примазывается: 5 на карты, которые держит место 2 (Jan) (BN-15)." in out
    assert "Место 1 (вы) выигрывает 5 на примазке; карты держит место 2 (Jan)." in out
    assert "собирает 8 карт круга и подкладывает под колоду; без тасовки (BN-8, BN-9)." in out
    assert "Открыты в этом круге: 7♦" in out
    assert "Стол закрывается. Итого 2 круга." in out  # «2 круга»: Russian's plural
    assert "Итог игры" in out
    for english in ENGLISH:
        assert english not in out, english


def test_the_person_banks_under_a_russian_environment():  # BN-2, BN-12, BN-14, BN-17
    lines = ["банк", "раньше", "забрать 5", "подсмотреть", "", "выйти"]
    result = play("--seed", "1", "--bots", "2", input="\n".join(lines) + "\n", env=RUSSIAN)
    out = flat(result.output)
    assert result.exit_code == 0, result.output
    assert "Очередь держать банк дошла до вас: `банк` (Enter) — заложить его" in out
    assert "Место 1 (вы) закладывает банк: 100." in out  # BN-2: «закладывает банк»
    assert "Вы банкомет: Enter — понтер назначает ставку; или `раньше`, или `подсмотреть`" in out
    assert (
        "Банкомет открывает карту раньше, чем понтер назначил ставку: 9♥; понтер — место 2 "
        "(Jan). Карта переходит в его распоряжение (BN-14)."
    ) in out
    assert (
        "Отказано: банкомет не имеет права ни снимать денег из банка, ни дополнять его (BN-12)."
    ) in out
    assert "Место 1 (вы) подсматривает карту, прежде чем открыть её: A♦ (BN-17)." in out
    assert (
        "Место 3 (Zofia) требует, чтобы подсмотренная карта считалась открытой (BN-17, BN-14)."
    ) in out
    for english in ENGLISH:
        assert english not in out, english


def test_a_whole_session_watched_in_russian():  # BN-8, BN-10, BN-15
    result = play("--auto", "--seed", "7", "--rounds", "40", "--riders", env=RUSSIAN)
    out = result.output
    assert result.exit_code == 0, out
    assert "Стол закрывается. Итого 40 кругов." in flat(out)  # «40 кругов»
    assert "на примазке; карты держит" in flat(out)  # BN-15
    for line in out.splitlines():
        assert not latin(_BOTS.sub("", line)), line


def test_the_help_and_a_bad_option_in_russian():  # BN-1, BN-5, BN-10, BN-15
    help = runner.invoke(app, ["--lang", "ru", "play", "banchek", "--help"], env=WIDE)
    out = flat(help.output)
    assert "Сесть за стол польского банчека: три карты, ставка вплоть до всего банка" in out
    assert "Наименьшая оговорённая ставка (BN-5)." in out
    assert "Банк, который закладывает каждый банкомет; переходит, утроившись (BN-10)." in out
    assert "Допускать примазку к чужим картам (BN-15, BN-16)." in out
    assert "Ботов за столом (по умолчанию: 3 с вами, 4 с --auto)." in out
    result = play("--bank", "3", "--minimum", "5", "--auto", env=RUSSIAN)
    assert result.exit_code == 2
    assert (
        "--minimum 5, --bank 3: наименьшая ставка — не меньше 1 фишки, а банк — не меньше "
        "наименьшей ставки (BN-2, BN-5)"
    ) in flat(result.output)
    with use("ru"), pytest.raises(InvalidConfig, match=r"^seats = 40 не годится: от 2 до 27"):
        Rules(seats=40)


def test_every_prompt_builds_its_russian_words_none_spelled_twice():  # BN-11, BN-15, BN-17
    shown = {phase: met[-1] for phase, met in prompt_words("banchek").items()}
    assert shown["bank"] == ["банк (Enter, да, bank, yes)", "встать (leave)"]
    assert shown["riding"] == [
        "10 (примазка 10, примазаться 10, ride 10)",
        "пас (Enter, нет, pass, no)",
    ]
    assert shown["open"][:3] == [
        "ждать (Enter, wait)",
        "раньше (рано, early)",
        "подсмотреть (peek)",
    ]
    assert shown["peeked"] == ["требовать (claim)", "дальше (Enter, играть, play on, on)"]
    assert "без примазки (norides, noriders)" in shown["stake"]


@pytest.mark.parametrize(
    ("phase", "said", "action"),
    [
        ("bank", "банк", PutUpBank()),
        ("bank", "bank", PutUpBank()),
        ("bank", "", PutUpBank()),
        ("riding", "пас", Done()),
        ("riding", "pass", Done()),
        ("riding", "примазка 5", Ride(5)),
        ("open", "ждать", Wait()),
        ("open", "подсмотреть", Peek()),
        ("stake", "без примазки", RefuseRiders()),
        ("stake", "ставлю 5", Stake(5)),
    ],
)
def test_the_words_are_taken_in_either_language(phase, said, action):  # BN-10, BN-15, BN-17
    view = view_at("banchek", phase, lambda v: action in v.legal or isinstance(action, Ride))
    with use("ru"):
        seat, _ = seat_for("banchek", said)
        assert seat.decide(view) == action


def test_the_peeked_card_is_claimed_in_russian():  # BN-17
    view = view_at("banchek", "peeked")
    with use("ru"):
        seat, _ = seat_for("banchek", "требовать")
        assert seat.decide(view) == ClaimTurned()
        assert "`требовать`" in seat.prompt(view)


def test_every_event_the_table_and_every_refusal_are_told_in_russian():  # BN-2..BN-17
    game = Banchek()
    wrong = (
        Stake(10**9),
        Ride(10**9),
        AddToBank(5),
        TakeFromBank(5),
        PutUpBank(),
        Peek(),
        ClaimTurned(),
        RefuseRiders(),
        Leave(),
    )
    names = words.Names("seat", {seat: f"Игрок{seat}" for seat in range(4)})
    told, reasons = set(), set()
    with use("ru"):
        narrator = words.narrator("banchek", names)
        for step, (state, events) in enumerate(
            random_play(Banchek(), Rules(riders=True), 300, 8000, house=False)
        ):
            told |= {line for event in events if (line := narrator(event)) is not None}
            for actor in range(4):
                legal = game.legal_actions(state, actor)
                reasons |= {game.refusal(state, actor, a).reason for a in wrong if a not in legal}
                if step % 16 != actor * 4:  # each seat's table, every 16th state (odds are slow)
                    continue
                view = game.view(state, actor)
                odds = len(view.hand) == 3  # a hand being dealt has no chance yet
                out = io.StringIO()
                Console(file=out, width=200, color_system=None).print(
                    table_panel(view, lambda seat: f"Игрок{seat}", odds)
                )
                assert not latin(out.getvalue()), out.getvalue()
            reasons.add(game.refusal(state, HOUSE, Wait()).reason)
    for line in told | reasons:
        assert not latin(line), line
    said = "\n".join(words.plain(line) for line in told)
    assert "примазывается" in said and "на примазке" in said  # BN-15
    assert "Банк утроился" in said or "Банк сорван" in said  # BN-10
    assert "подкладывает под колоду; без тасовки" in said  # BN-9
    assert any("не дозволяется (BN-13)" in r for r in reasons)  # BN-13
    assert any("ни дополнять его (BN-12)" in r for r in reasons)  # BN-12
    assert any(r.startswith("сейчас не ваш ход:") for r in reasons)


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (BankSkipped(1, 40), "Место 2 (Анна): фишек 40, меньше условленного банка — очередь "
                             "держать банк переходит дальше."),
        (BankEnded(0, 300, Why.TRIPLED), "Банк утроился: место 1 (вы) снимает со стола 300, "
                                         "колода переходит к левому соседу (BN-10)."),
        (BankEnded(0, 0, Why.BROKEN), "Банк сорван: место 1 (вы) снимает со стола 0, колода "
                                      "переходит к левому соседу (BN-10)."),
        (Peeked(1, None), "Место 2 (Анна) подсматривает карту, прежде чем открыть её (BN-17)."),
        (SeatJoined(1, 500), "Место 2 (Анна) садится за стол, фишек: 500."),
        (SeatLeft(1, 500), "Место 2 (Анна) выходит из игры, фишек: 500."),
        (SessionEnded(1), "Стол закрывается. Итого 1 круг."),
        (SessionEnded(5), "Стол закрывается. Итого 5 кругов."),
    ],
)  # fmt: skip
def test_the_events_random_play_seldom_meets_are_told_in_russian(event, line):  # BN-10, BN-17
    names = words.Names("seat", {0: "you", 1: "Анна"})
    with use("ru"):
        assert words.plain(words.narrator("banchek", names)(event)).strip() == line
