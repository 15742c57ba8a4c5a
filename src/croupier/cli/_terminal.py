"""The terminal: a rich console, card markup, and reading a person's commands."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from croupier.bots.defaults import middle_cut
from croupier.engine.actions import Amounts, Cut, Legal
from croupier.errors import InvalidInput
from croupier.i18n import _

__all__ = [
    "CommandError",
    "Prompter",
    "cut_range",
    "middle_cut",
    "read_amount",
]


class CommandError(InvalidInput):
    """A command that could not be read; the message says what would be understood."""


def read_amount(text: str) -> int:
    """A number of chips (or cards, for a cut), or a `CommandError` saying it is not one."""
    try:
        return int(text)
    except ValueError:
        raise CommandError(_("{text!r} is not a number of chips").format(text=text)) from None


def cut_range(legal: Legal) -> str:
    """The cuts a seat may make, as a prompt says them: `1-415, Enter: the middle`."""
    (option,) = legal.of_type(Cut)
    assert isinstance(option, Amounts)
    return _("{low}-{high}, Enter: the middle").format(low=option.low, high=option.high)


class Prompter:
    """Reads one command at a time. The end of input (Ctrl-D) raises `EOFError` and Ctrl-C
    `KeyboardInterrupt`, out to the session, which stops at once on either."""

    def __init__(self, console: Console, read: Callable[[str], str] | None = None) -> None:
        self.console = console
        self._read = read or (lambda prompt: console.input(prompt))

    def ask(self, prompt: str) -> str:
        return self._read(f"[bold cyan]{escape(prompt)}[/] ").strip()
