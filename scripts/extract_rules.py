"""Write each game's rules, from ../shared/RULES.md, into the package (src/croupier/rules/),
and each game's original Russian text, from ../shared/texts/, beside them (rules/ru/).

    python3 scripts/extract_rules.py

A test checks that the packaged copies match RULES.md and the texts whenever they are
beside the checkout.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "RULES.md"
TEXTS = ROOT.parent / "shared" / "texts"
TARGET = ROOT / "src" / "croupier" / "rules"

PRIVATE = "ЧАСТНЫЙ БАНК-МОНТЕ"
"""Where the Monte Bank text turns from the club form to the private one (its heading)."""

# Each game's file: the sections of RULES.md it is made of (by their ID prefix).
GAMES = {
    "punto-banco": ("Punto Banco", ("C", "PB")),
    "chemin-de-fer": ("Chemin de Fer", ("C", "CF")),
    "monte-bank": ("Monte Bank", ("C", "MB")),
    "private-monte": ("Private Monte Bank", ("C", "PM", "MB")),
    "banchek": ("Polish Banchek", ("C", "BN")),
}


def sections(text: str) -> dict[str, str]:
    """The `## X. Title` sections of RULES.md by their prefix X."""
    found: dict[str, str] = {}
    parts = re.split(r"^(?=## )", text, flags=re.MULTILINE)
    for part in parts:
        match = re.match(r"## ([A-Z]+)\. ", part)
        if match:
            found[match.group(1)] = part.strip() + "\n"
    return found


def render(game: str, text: str) -> str:
    found = sections(text)
    title, prefixes = GAMES[game]
    body = "\n".join(found[prefix] for prefix in prefixes)
    return f"# The rules of {title}\n\nFrom croupier's RULES.md, rule by rule.\n\n{body}"


def original(game: str, texts: Path = TEXTS) -> str:
    """The rule book's own text of `game`, unchanged: the Monte Bank text holds the club
    form, then, from its heading, the private one."""
    if game in ("monte-bank", "private-monte"):
        text = (texts / "monte-bank.ru.txt").read_text(encoding="utf-8")
        club, heading, private = text.partition(PRIVATE)
        if not heading:
            raise SystemExit(f"{PRIVATE!r} is not in monte-bank.ru.txt")
        return club.rstrip() + "\n" if game == "monte-bank" else heading + private
    name = "polish-banchek" if game == "banchek" else game
    return (texts / f"{name}.ru.txt").read_text(encoding="utf-8")


def main() -> None:
    text = RULES.read_text(encoding="utf-8")
    (TARGET / "ru").mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        (TARGET / f"{game}.md").write_text(render(game, text), encoding="utf-8")
        (TARGET / "ru" / f"{game}.txt").write_text(original(game), encoding="utf-8")
        print(f"wrote {TARGET / f'{game}.md'} and {TARGET / 'ru' / f'{game}.txt'}")


if __name__ == "__main__":
    main()
