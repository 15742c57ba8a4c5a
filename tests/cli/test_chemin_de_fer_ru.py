"""`croupier play chemin-de-fer` in Russian: the narration, the table, the prompts and their
words, the refusals and the help in the words of the rule book (texts/chemin-de-fer.ru.txt),
the Russian words taken at the prompts and the English ones still understood."""

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from croupier import words
from croupier.cli import app
from croupier.cli.chemin_de_fer._render import table_panel
from croupier.engine import CHANCE, HOUSE
from croupier.errors import InvalidConfig
from croupier.games.chemin_de_fer import (
    Banco,
    Bid,
    CheminDeFer,
    DrawCard,
    KeepBank,
    OpenBank,
    Rules,
    Stake,
    Stand,
)
from croupier.i18n import use
from tests.cli.prompts import prompts, seat_for
from tests.cli.russian import RUSSIAN, flat, latin, prompt_words, random_play

runner = CliRunner()

ENGLISH = (
    "bids",
    "for the bank",
    "passes",
    "call banco",
    "Banco?",
    "stakes",
    "Coup",
    "Shoe",
    "cards left",
    "held by",
    "wins",
    "BANKER",
    "PUNTERS",
    "natural",
    "Refused",
    "not understood",
    "Bid for the bank",
    "Stake an amount",
    "the table closes",
    "The table closes",
)
"""Phrases of the English session that the Russian one must not leak."""


def play(*args, input=None, env=None):
    return runner.invoke(app, ["play", "chemin-de-fer", *args], input=input, env=env)


def test_a_person_bids_calls_and_stakes_in_russian():  # CF-3, CF-6, CF-7, CF-14
    lines = ["банк 400", "пас", "помощь", "пас", "ставка 5000", "stake 30", "banco 50", "пас", ""]
    result = play("--lang", "ru", "--seed", "3", "--bots", "2", "--rounds", "3",
                  input="\n".join([*lines, "выйти"]) + "\n")  # fmt: skip
    out = flat(result.output)
    assert result.exit_code == 0, result.output
    assert "Шмен-де-фер — 6 колод; банкомет решает свободно (CF-13)" in out
    assert "Торг за банк: назовите сумму или `пас` (Enter), окончательно" in out
    assert "Место 1 (вы) называет банк: 400." in out  # CF-3, «банк» said at the prompt
    assert "Место 1 (вы) пасует (окончательно)." in out
    assert "Место 3 (Boris) держит банк 500 (по итогам аукциона, CF-3)." in out
    assert "Подкова 1: тасуются 312 карт." in out  # CF-2: «подкова»
    assert "— Сдача 1 — Место 3 (Boris) держит банк 500. Банко?" in out
    assert "`банко` — ставка на весь банк, Enter — пас, `встать` — уйти из-за стола" in out
    # `помощь` lists the Russian spellings first, the English after them
    assert "банко (б, banco, b) поставить на весь банк, одному против него (CF-6)" in out
    assert "пас (Enter, п, нет, pass, p, no) без банко: дальше ставки на часть банка (CF-7)" in out
    assert "Место 1 (вы) не объявляет банко." in out  # CF-6
    assert "Отказано: ставка от 10 до 450: не покрыто ещё 450 банка (CF-7)." in out
    assert "Место 1 (вы) ставит 30; не покрыто ещё 420." in out  # the English `stake 30`
    assert "Третья карта понтера, крапом вниз (открыто): 4♦." in out  # CF-12
    assert "Выигрывает БАНКОМЕТ, 7 против 6." in out
    assert "место 1 (вы): ставка 30 проигрывает −30." in out
    assert (
        "банко говорится без числа: это ставка на весь банк, 580 (CF-6); чтобы поставить 50, "
        "сейчас скажите пас (Enter), а 50 — когда спросят ставки (CF-7)"
    ) in out
    assert "Банк переходит к соседу справа; место 3 (Boris) забирает назад 530 (CF-14)." in out
    assert "Место 1 (вы) встаёт из-за стола, фишек: 1970." in out
    assert "Стол закрывается. Итого 2 сдачи." in out  # «2 сдачи»: Russian's plural
    for english in ENGLISH:
        assert english not in out, english


def test_the_person_banks_under_a_russian_environment():  # CF-11, CF-13, CF-14
    lines = ["банк 600", "", "при своих", "выйти"]
    result = play("--seed", "5", "--bots", "2", "--rounds", "3",
                  input="\n".join(lines) + "\n", env=RUSSIAN)  # fmt: skip
    out = flat(result.output)
    assert result.exit_code == 0, result.output
    assert "Место 1 (вы) держит банк 600 (по итогам аукциона, CF-3)." in out
    assert "Место 1 (вы) показывает и сбрасывает 8♠ (CF-4)." in out
    assert "Место 3 (Boris): банко! (600, CF-6)" in out
    assert "Вы банкомет: `прикуп` или `при своих`" in out
    assert "Enter здесь не понято: скажите `прикуп` или `при своих`" in out
    assert "Место 1 (вы) остаётся при своих." in out  # CF-13: «оставаться при своих»
    assert "Выигрывают ПОНТЕРЫ, 7 против 6." in out
    assert "Итог игры" in out
    for english in ENGLISH:
        assert english not in out, english


def test_a_whole_session_watched_in_russian():  # CF-14, CF-15
    result = play("--auto", "--seed", "7", "--rounds", "8", env=RUSSIAN)
    out = result.output
    assert result.exit_code == 0, out
    assert (
        "  1. Dmitri держит банк 1000, против: Clara 1000 · П 4♦ 4♥ · Б J♠ Q♣ · "
        "выигрывают ПОНТЕРЫ, 8 против 0"
    ) in out
    assert "Место 3 (Clara) слагает с себя звание банкомета и забирает 800 (CF-15)." in out
    assert "Стол закрывается. Итого 8 сдач." in out
    bots = re.compile(r"Anna|Boris|Clara|Dmitri|Elena")
    for line in out.splitlines():
        assert not latin(bots.sub("", line)), line


def test_the_help_and_a_bad_option_in_russian():  # CF-2
    out = flat(runner.invoke(app, ["--lang", "ru", "play", "chemin-de-fer", "--help"]).output)
    assert "Сесть за стол шмен-де-фер: торговаться за банк, объявлять банко" in out
    assert "Колод в подкове (CF-2)." in out
    assert "банкомет решает свободно" in out
    result = play("--decks", "2", env=RUSSIAN)
    assert result.exit_code == 2
    assert "--decks 2 не годится: не менее 3 полных колод (CF-2)" in flat(result.output)
    with use("ru"), pytest.raises(InvalidConfig, match=r"^burn = 5 не годится: 3 или 4 карты"):
        Rules(burn=5)


def test_every_prompt_builds_its_russian_words_none_spelled_twice():  # CF-6, CF-12, CF-15
    shown = {phase: met[-1] for phase, met in prompt_words("chemin-de-fer").items()}
    assert shown["calls"] == [
        "банко (б, banco, b)",
        "пас (Enter, п, нет, pass, p, no)",
        "встать (leave)",
    ]
    assert shown["offer"] == ["200 (банк 200, bank 200)", "отказ (Enter, нет, decline, d, no)"]
    assert shown["auction"][0] == "200 (банк 200, торг 200, bid 200)"
    assert shown["keep"][1] == "сложить (пас, нет, give up, giveup, g, no, pass)"
    assert shown["banker"] == [
        "прикуп (карту, к, draw, d, card, carte, hit)",
        "при своих (свои, хватит, нет, stand, s, non, no)",
    ]


@pytest.mark.parametrize(("said", "action"), [("банко", Banco()), ("banco", Banco()),
                                              ("б", Banco())])  # fmt: skip
def test_banco_is_called_in_either_language(said, action):  # CF-6
    view = next(
        v for v in prompts("chemin-de-fer") if v.phase.value == "calls" and Banco() in v.legal
    )
    with use("ru"):
        seat, _ = seat_for("chemin-de-fer", said)
        assert seat.decide(view) == action


def test_every_event_the_table_and_every_refusal_are_told_in_russian():  # CF-3..CF-15
    game = CheminDeFer()
    wrong = (
        Bid(10**9),
        Bid(1),
        OpenBank(1),
        Banco(),
        Stake(10**9),
        DrawCard(),
        Stand(),
        KeepBank(),
    )
    names = words.Names("seat", {seat: f"Игрок{seat}" for seat in range(4)})
    told, reasons = set(), set()
    with use("ru"):
        narrator = words.narrator("chemin-de-fer", names)
        for state, events in random_play(CheminDeFer(), Rules(), 3000, 6000):
            told |= {line for event in events if (line := narrator(event)) is not None}
            for actor in game.to_act(state) - {CHANCE}:
                legal = game.legal_actions(state, actor)
                reasons |= {game.refusal(state, actor, a).reason for a in wrong if a not in legal}
                reasons.add(game.refusal(state, HOUSE, Stand()).reason)
                out = io.StringIO()
                Console(file=out, width=200, color_system=None).print(
                    table_panel(game.view(state, actor), lambda seat: f"Игрок{seat}")
                )
                assert not latin(out.getvalue()), out.getvalue()
    for line in told | reasons:
        assert not latin(line), line
    said = "\n".join(words.plain(line) for line in told)
    assert "натуральные" in said  # CF-11: «натуральные 9» бьют «натуральные 8»
    assert "НИЧЬЯ" in said and "ставки отменяются (CF-14)" in said
    assert "прикупает" in said and "остаётся при своих" in said  # CF-12, CF-13
    assert any("понтер обязан" in r for r in reasons)  # CF-12
    assert any(r.startswith("сейчас очередь: место") for r in reasons)
