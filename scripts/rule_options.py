"""Write the tables of every game's rule options into docs/cli.md, from the options'
descriptions (`croupier.engine.rule_options`) and the commands that take them.

    .venv/bin/python scripts/rule_options.py          # write the tables
    .venv/bin/python scripts/rule_options.py --check  # exit 1 if they are not up to date

The tables stand between two marks in docs/cli.md; tests/cli/test_rule_options.py runs
the check.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer

from croupier import games
from croupier.cli import app
from croupier.cli.rule_options import RULES_PANEL
from croupier.engine.rule_options import RuleOption, is_enum, options

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "cli.md"
BEGIN = "<!-- the rule options: written by scripts/rule_options.py, not by hand -->"
END = "<!-- end of the rule options -->"
GROUPS = ("play", "odds", "simulate", "solve")
"""The commands with a subcommand for each game."""


def taking(game: str) -> dict[str, list[str]]:
    """Each rule option of `game`, with the commands that take it (`play`, `odds`, ...)."""
    command: Any = typer.main.get_command(app)
    found: dict[str, list[str]] = {
        option.name: [] for option in options(games.get(game).config_type)
    }
    context = typer.Context(command)
    for group in GROUPS:
        sub = command.get_command(context, group).commands.get(game)
        if sub is None:
            continue
        for param in sub.params:
            if getattr(param, "rich_help_panel", None) == RULES_PANEL and param.name in found:
                found[param.name].append(group)
    return found


def values(option: RuleOption) -> str:
    """The values an option takes, in words."""
    base = option.kind
    if base is bool:
        return "a flag"
    if is_enum(base):
        words = option.words or tuple((member.value, member) for member in base)
        return " or ".join(f"`{word}`" for word, __ in words)
    if dataclasses.is_dataclass(base):
        return "`low-high`, whole chips"
    said = ""
    if option.choices:
        said = " or ".join(str(choice) for choice in option.choices)
    elif option.low is not None and option.high is not None:
        if option.low == option.high:
            said = f"{option.low} only"
        elif option.below:
            said = f"from {option.low} up to {option.high}, short of it"
        else:
            said = f"{option.low} to {option.high}"
    elif option.low is not None:
        said = f"at least {option.low}"
    if isinstance(option.default, Fraction):
        said = f"a fraction (`5%`, `0.05` or `1/20`), {said}"
    if option.default is None:
        said += ", or `none`"
    return said


def default(option: RuleOption) -> str:
    """An option's default, as the command line writes it."""
    if is_enum(option.kind):
        named = (word for word, member in option.words if member is option.default)
        return f"`{next(named, option.default.value)}`"
    if option.kind is bool:
        return "off" if not option.default else "on"
    return f"`{'none' if option.default is None else option.default}`"


def tables() -> str:
    """The tables: one per game, a row per rule option."""
    lines = [BEGIN, ""]
    for game in games.names():
        lines += [
            f"### {games.get(game).title}",
            "",
            "| Option | What it sets | Values | Default | Commands |",
            "|---|---|---|---|---|",
        ]
        commands = taking(game)
        for option in options(games.get(game).config_type):
            taken = ", ".join(f"`{group}`" for group in commands[option.name]) or "none"
            help = option.help.replace("|", "\\|")
            lines.append(
                f"| `{option.option}` | {help} | {values(option)} | {default(option)} | {taken} |"
            )
        lines.append("")
    return "\n".join([*lines, END])


def written(text: str) -> str:
    """docs/cli.md's text with its tables of rule options as they should be."""
    head, begin, rest = text.partition(BEGIN)
    __, end, tail = rest.partition(END)
    if not (begin and end):
        raise SystemExit(f"{DOCS} has no marks {BEGIN!r} ... {END!r}")
    return head + tables() + tail


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are up to date")
    args = parser.parse_args()
    now = DOCS.read_text(encoding="utf-8")
    wanted = written(now)
    if now == wanted:
        return 0
    if args.check:
        print(f"out of date: {DOCS.relative_to(ROOT)} (run scripts/rule_options.py)")
        return 1
    DOCS.write_text(wanted, encoding="utf-8")
    print(f"written: {DOCS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
