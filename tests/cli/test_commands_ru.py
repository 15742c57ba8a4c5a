"""`croupier serve`, `replay`, `verify` and `ledger audit` in Russian (issue 29): their help,
what they report and their refusals, run as a user runs them, with `--lang ru` or under
`LANG=ru_RU.UTF-8`; nothing of them is left in English but what a person types or reads
back as it is (options, file names, rule IDs, values, names of formats and programs)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session
from typer.testing import CliRunner, Result

from croupier.cli import app
from croupier.server.database import migrate, open_database
from croupier.server.people import register
from tests.cli.russian import RUSSIAN, WIDE, flat, latin
from tests.cli.served import soaked
from tests.saves import saved, stake_edited
from tests.server.tampering import tamper

runner = CliRunner()


_KEPT = re.compile(
    r"'[^']*'|<[\w|-]+>|по умолчанию: [\w.-]+|"  # a quoted word, a choice's values, a default
    r"(?<!\w)--?\w[\w-]*|\b[0-9a-f]{64}\b|\w+://\S*|(?:docs|deploy|/api|~)/\S+|\$\w+|"
    r"\b[A-Z]+(?:_[A-Z]+)+\b|"  # an environment variable's name
    r"\w+\.(?:db|key)\b|\b(?:croupier|play|serve|Usage|Show this message and exit|OPTIONS|COMMAND|"
    r"ARGS|FILE|"
    r"HEX|URL|ADDRESS|N|"
    r"SEED|BOTS|COUNT|SECONDS|str|path|bool|SQLite|PostgreSQL|GET|Ctrl-C|Ed25519|UTF|JSON|"
    r"X-Forwarded-For|punto-banco|chemin-de-fer|monte-bank|private-monte|banchek|audit|null|"
    r"actions|accounts|transfers|deploy|nginx|admin|DIR|metrics|Watch)\b"
)
"""What a Russian line keeps as it is: quoted values and file names, options, keys, addresses,
paths, variables, the command's name, Typer's own words and metavars, names of formats and
programs, the games' and commands' names, JSON's null, a history's keys and a ledger's
tables."""


def english(text: str) -> list[str]:
    """The words in Latin letters left in `text` beside what it keeps as it is."""
    return latin(_KEPT.sub("", text))


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    """The command in Russian: `--lang ru`, or the environment `env`."""
    args = (*args,) if env else (*args, "--lang", "ru")
    return runner.invoke(app, args, env=env or WIDE, prog_name="croupier")


def refusal(result: Result, status: int) -> str:
    """The one line of a refusal, checked to be Russian, with its exit status."""
    assert result.exit_code == status, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Ошибка: "), result.stderr
    assert not english(lines[0]), lines[0]
    return lines[0]


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (
            ("serve",),
            [
                "Запустить сервер столов: люди регистрируются, открывают столы любой игры",
                "Без --database книга счетов — файл SQLite в папке данных croupier",
                "Адрес, на котором работать.",
                "Порт, на котором работать. [от 1 до 65,535]",
                "Сколько секунд действует право этого процесса на каждый его стол",
                "Сдавать карты каждого стола воспроизводимо",
                "При запуске открыть стол каждой игры",
                "Адрес, по которому люди попадают на этот процесс",
                "Наибольшее число соединений со столами",
                "Сколько человек один адрес клиента может зарегистрировать подряд",
                "Обратный прокси перед этим сервером: его адрес или сеть",
            ],
        ),
        (("replay",), ["Воспроизвести сохранённую игру", "История, записанная `play --save`."]),
        (
            ("verify",),
            [
                "Проверить игру с доказуемо честными тасовками: зерно каждой тасовки",
                "Говорит «проверено» или называет первое расхождение (код выхода 1)",
                "История, записанная `play --fair --save`, или история с сервера столов",
                "Открытый ключ сервера или его отпечаток, как сервер их публикует (GET /api/key)",
            ],
        ),
        (("play",), ["Играть в терминале против ботов, или смотреть, как играют боты"]),
        (("ledger",), ["Книга счетов фишек: все счета и все переводы, и её проверка."]),
        (
            ("ledger", "audit"),
            [
                "Проверить все инварианты книги счетов: код выхода 0",
                "Остатки в сумме дают ноль; каждый остаток равен тому, что дают его переводы",
            ],
        ),
    ],
)
def test_the_help_is_russian(command, said):
    result = run(*command, "--help")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    for words in said:
        assert words in out
    usage = f"croupier {' '.join(command)} "
    for line in result.output.splitlines():
        assert usage in line or not english(line), line


@pytest.fixture
def fair_save(tmp_path: Path) -> Path:
    """A provably fair session of three coups, saved at the terminal (C-5)."""
    save = tmp_path / "fair.json"
    args = ["--auto", "--seed", "4", "--rounds", "3", "--fair", "--save", str(save)]
    played = runner.invoke(app, ["play", "punto-banco", *args])
    assert played.exit_code == 0, played.output
    return save


def test_a_fair_session_is_verified_in_russian(fair_save):  # C-5: «тасовка», «сдача»
    for result in (run("verify", str(fair_save)), run("verify", str(fair_save), env=RUSSIAN)):
        assert result.exit_code == 0, result.output
        assert result.stdout == (
            "Проверено: 1 тасовка, каждая — та, что следует из её обязательства и долей мест; "
            "сыграно по ним, как записано: 3 сдачи.\n"
        )


def _part_edited(data: dict[str, Any]) -> None:
    data["proofs"][0]["contributions"]["0"] += "!"


def _seed_edited(data: dict[str, Any]) -> None:
    data["proofs"][0]["seed"] = "0" * 64


def _seed_edited_alone(data: dict[str, Any]) -> None:
    data["seed"] = None  # the shuffles' seeds are not drawn from one
    _seed_edited(data)


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (_part_edited, "в сдаче 1, игра кончается раньше, чем записано"),
        (_seed_edited, "при рассадке, зерно тасовки 1 — не то, что выводится из зерна игры"),
        (
            _seed_edited_alone,
            "в сдаче 1, тасовка 1: зерно — не то, что было закреплено обязательством",
        ),
    ],
)
def test_an_edit_is_the_discrepancy_named(fair_save, edit, said):  # C-5: «доля», «зерно»
    data = json.loads(fair_save.read_text())
    edit(data)
    fair_save.write_text(json.dumps(data))
    line = refusal(run("verify", str(fair_save)), 1)
    assert f"fair.json': проверка не пройдена — {said}" in line


@pytest.mark.parametrize(
    ("args", "status", "said"),
    [
        (
            ["--key", "abc"],
            2,
            "--key 'abc' — не ключ: открытый ключ Ed25519 или его отпечаток — это 64",
        ),
        (["--key", "a" * 64], 1, "подписи нет никакой: это игра, сохранённая в терминале"),
    ],
)
def test_a_key_is_refused_in_russian(fair_save, args, status, said):
    assert said in refusal(run("verify", str(fair_save), *args), status)


def test_a_session_with_no_proofs_is_not_verified(tmp_path):
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(saved("punto-banco")))
    line = refusal(run("verify", str(path)), 1)
    assert "— не игра с доказуемо честными тасовками: в ней нет доказательств тасовок" in line


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A Chemin de Fer history a table server signed (SQLite; benchmarks/fair_soak.py, two
    coups of each game), and the server's key."""
    folder = soaked(tmp_path_factory.mktemp("soak"))
    return folder / "chemin-de-fer.json", (folder / "key").read_text()


def test_a_signed_history_is_verified_in_russian(sealed):  # CF-2: «сдача»
    path, key = sealed
    result = run("verify", str(path), "--key", key)
    assert result.exit_code == 0, result.output
    out = flat(result.stdout)
    assert re.search(r"^Проверено: \d+ тасовк[аи], каждая — та, что следует из", out)
    assert re.search(
        rf"Подписано: стол \d+, сабо за сабо \(\d+ подпис(?:ь|и|ей)\), ключом {key}", out
    )
    assert "(заданным или следующим за ним по подписанной смене ключей). " in out
    assert out.endswith(  # a seeded server's table (the fixture's)
        "кто знает это зерно, знал каждый порядок карт до игры, так что эти тасовки ничего не "
        "доказывают против сервера."
    )
    assert not english(out)
    result = run("verify", str(path))
    assert "(сверьте его с ключом, который публикует сервер (GET /api/key)" in flat(result.stdout)
    line = refusal(run("verify", str(path), "--key", "b" * 64), 1)
    assert (
        f"проверка не пройдена — подпись сделана ключом {key}, а не заданным и не сменившим его"
        in line
    )


def test_an_edited_signature_is_the_discrepancy_named(sealed, tmp_path):
    data = json.loads(sealed[0].read_text())
    signatures = data["seal"]["signatures"]
    signatures[0] = ("0" if signatures[0][0] != "0" else "1") + signatures[0][1:]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    line = refusal(run("verify", str(path)), 1)
    assert line.endswith(
        "подпись того, что было до первой тасовки, в печати не сходится с её ключом "
        "для истории в нынешнем виде"
    )


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ({}, "в ней нет 'game'"),
        ("", "она пуста"),
        (" \n", "она пуста"),
        ([1, 2], "в ней [1, 2], а не история (объект JSON)"),
        ({"game": "poker"}, "игры 'poker' нет: выберите из punto-banco, chemin-de-fer"),
        ({**saved("punto-banco"), "format": 9}, "от более новой версии croupier"),
        ({**saved("punto-banco"), "seed": "seven"}, "её зерно — 'seven', а не целое число"),
        ({**saved("punto-banco"), "actions": [7]}, "actions, элемент 1: ожидалось [кто, действие]"),
        ({**saved("punto-banco"), "actions": [["chance", {}]]}, "шаги случая выводятся заново"),
    ],
)
def test_a_file_that_is_no_history_is_refused_in_russian(tmp_path, content, said):
    path = tmp_path / "bad.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    for command in ("replay", "verify"):
        line = refusal(run(command, str(path)), 2)
        assert line.startswith("Ошибка: не удаётся прочитать историю ") and said in line


@pytest.mark.parametrize(
    ("where", "said"),
    [
        (lambda tmp: tmp, "это папка, а не сохранённая игра"),
        (lambda tmp: tmp / "none.json", "такого файла нет"),
    ],
)
def test_a_path_that_is_no_save_is_refused_in_russian(tmp_path, where, said):
    assert refusal(run("replay", str(where(tmp_path)), env=RUSSIAN), 2).endswith(said)


def test_a_replay_that_differs_is_named_in_russian(tmp_path):  # PB: «сдача»
    data = saved("punto-banco")
    edited, _ = stake_edited("punto-banco", data)
    line = refusal(run("replay", str(_write(tmp_path, edited))), 1)
    assert re.search(r"session\.json': воспроизведение расходится с записью в сдаче \d+: ", line)
    assert "ставки или решения не те, что записаны" in line
    data["buy_ins"]["2"] = 5000
    line = refusal(run("replay", str(_write(tmp_path, data))), 1)
    assert line.endswith(
        "воспроизведение расходится с записью при рассадке: "
        "место 3 садится с 5000 фишками; по записи — 1400"
    )


def test_a_replay_tells_the_session_in_russian(tmp_path):  # MB-7: «талия»
    result = run("replay", str(_write(tmp_path, saved("monte-bank"))))
    assert result.exit_code == 0 and result.stderr == "", result.output
    assert "талия" in result.stdout.lower()
    old = {k: v for k, v in saved("monte-bank").items() if k not in ("format", "record")}
    result = run("replay", str(_write(tmp_path, old)))
    assert result.stderr.startswith("Примечание: '") and not english(result.stderr)
    assert "воспроизведение нельзя сверить с записью" in flat(result.stderr)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--host", "no such host"], "--host 'no such host' — не адрес этой машины"),
        (
            ["--public-url", "ftp://x"],
            "--public-url 'ftp://x' не годится: укажите http://HOST:PORT или https://HOST/PATH",
        ),
        (["--bot-tables", "1"], "--bot-tables 1 не годится: игра «Шмен-де-фер» с 1 ботом"),
        (
            ["--proxy", "localhost"],
            "--proxy 'localhost' — не адрес и не сеть: укажите 127.0.0.1, ::1 или 10.0.0.0/8",
        ),
    ],
)
def test_serve_refuses_in_russian(tmp_path, args, said):
    database = f"sqlite:///{tmp_path / 'never.db'}"
    assert said in refusal(run("serve", *args, "--database", database), 2)
    assert not (tmp_path / "never.db").exists()


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    """A ledger on SQLite where ada has registered (granted her chips)."""
    url = f"sqlite:///{tmp_path / 'ledger.db'}"
    migrate(url)
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        register(session, "ada", "a long password")
    engine.dispose()
    return url


def test_the_ledger_audit_reports_in_russian(ledger):
    result = run("ledger", "audit", "--database", ledger)
    assert (result.exit_code, result.stdout) == (0, f"Книга счетов {ledger} в порядке.\n")
    tamper(ledger, "UPDATE accounts SET balance = balance + 7 WHERE name = 'ada'")
    result = run("ledger", "audit", "--database", ledger, env=RUSSIAN)
    assert (result.exit_code, result.stdout) == (1, f"Книга счетов {ledger} не в порядке.\n")
    assert result.stderr.splitlines() == [
        "Нарушение: sum-is-zero: сумма остатков — 7, а не 0",
        "Нарушение: balance-is-transfers: счёт 1 (person 'ada'): 1007 фишек, а по его "
        "переводам — 1000",
    ]


def test_the_ledger_audits_json_is_the_same_in_any_language(ledger):
    """`--json` is for programs: its findings' messages are English whatever the language."""
    tamper(ledger, "UPDATE accounts SET balance = balance + 7 WHERE name = 'ada'")
    english = runner.invoke(app, ["ledger", "audit", "--database", ledger, "--json"])
    russian = run("ledger", "audit", "--database", ledger, "--json")
    assert json.loads(russian.stdout) == json.loads(english.stdout)
    findings = json.loads(english.stdout)["results"]["findings"]
    assert findings[0] == {"invariant": "sum-is-zero", "message": "the balances sum to 7, not 0"}


@pytest.mark.parametrize(
    ("database", "said", "library"),
    [
        ("sqlite:///{folder}/missing.db", "книги счетов 'sqlite:///{folder}/missing.db' нет", ""),
        ("sqlite:///{folder}/empty.db", "нет книги счетов: в базе нет таблиц accounts и", ""),
        (
            "not a url",
            "не удаётся открыть базу данных 'not a url': ",
            "Could not parse SQLAlchemy URL",  # (its words after these vary by version)
        ),
    ],
)
def test_the_ledger_audit_refuses_in_russian(tmp_path, database, said, library):
    """The database's library says what is wrong with it in its own words."""
    (tmp_path / "empty.db").write_bytes(b"")
    result = run("ledger", "audit", "--database", database.format(folder=tmp_path))
    assert result.exit_code == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert line.startswith("Ошибка: ") and said.format(folder=tmp_path) in line
    croupiers = line[: line.index(library)] if library else line
    assert not english(croupiers), line
