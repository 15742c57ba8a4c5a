"""The person at the terminal, asked for a seat's actions: what every game's human seat
does alike."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from typing import Generic, Protocol, TypeVar

from rich.console import Console, RenderableType

from croupier.cli.terminal import QUIT, CommandError, Prompter
from croupier.engine.actions import Action, Legal
from croupier.errors import IllegalAction

__all__ = ["AskedSeat", "TerminalSeat"]


class _View(Protocol):
    @property
    def legal(self) -> Legal: ...


V = TypeVar("V", bound=_View)


class TerminalSeat(ABC, Generic[V]):
    """A seat played at the terminal: `name` names seats, the table (`panel`) is shown once
    at each `moment` of the game, and a refusal is told."""

    def __init__(self, console: Console, prompter: Prompter, name: Callable[[int], str]) -> None:
        self.console = console
        self.prompter = prompter
        self.name = name
        self.quitting = False
        self._shown: Hashable = None

    @abstractmethod
    def moment(self, view: V) -> Hashable:
        """Where the game is: the table is shown once at each."""

    @abstractmethod
    def panel(self, view: V) -> RenderableType:
        """The table as this seat sees it."""

    def shows(self, view: V) -> bool:
        """Whether the table is shown at this moment, unasked."""
        return True

    def show_once(self, view: V) -> None:
        if self._shown != (moment := self.moment(view)):
            self._shown = moment
            if self.shows(view):
                self.console.print(self.panel(view))

    def refused(self, error: IllegalAction) -> None:
        self.console.print(f"[red]Refused:[/] {error.reason}.")

    @abstractmethod
    def decide(self, view: V) -> Action | None:
        """The seat's action, or None when it has none to take."""


class AskedSeat(TerminalSeat[V]):
    """A seat asked one line at a time: read as a command (`command`) at the `prompt`;
    `table` shows the table again, `help` the commands (`help_text`, if there is one),
    `quit` leaves, and the seat then acts `on_the_way_out`."""

    help_text: str | None = None

    @abstractmethod
    def prompt(self, view: V) -> str:
        """What the seat is asked."""

    @abstractmethod
    def command(self, answer: str, view: V) -> Action:
        """The action a line asks for, or `CommandError` saying what would be understood."""

    @abstractmethod
    def on_the_way_out(self, view: V) -> Action:
        """The action of a seat that is leaving."""

    def decide(self, view: V) -> Action | None:
        if not view.legal:
            return None
        while not self.quitting:
            self.show_once(view)
            answer = self.prompter.ask(f"{self.prompt(view)} >")
            lowered = answer.lower()
            if lowered in QUIT:
                self.quitting = True
            elif lowered in ("table", "show"):
                self.console.print(self.panel(view))
            elif lowered in ("help", "?") and self.help_text is not None:
                self.console.print(self.help_text)
            else:
                try:
                    return self.command(answer, view)
                except CommandError as error:
                    self.console.print(f"[red]{error}[/]")
        return self.on_the_way_out(view)
