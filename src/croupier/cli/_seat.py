"""The person at the terminal, asked for a seat's actions: what every game's human seat
does alike."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any, Generic, Protocol, TypeVar

from rich.console import Console, RenderableType
from rich.markup import escape

from croupier.cli._terminal import CommandError, Prompter
from croupier.cli._words import Words, amount, help_text, word
from croupier.engine.actions import Action, Legal, Rebuy
from croupier.errors import IllegalAction
from croupier.i18n import N_, _

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
        self.console.print(_("[red]Refused:[/] {reason}.").format(reason=error.reason))

    @abstractmethod
    def decide(self, view: V) -> Action | None:
        """The seat's action, or None when it has none to take."""


class _Asked(enum.Enum):
    """What the words every prompt knows ask of the seat itself."""

    TABLE = "table"
    HELP = "help"
    QUIT = "quit"


_STOPPING = N_("Ctrl-C or Ctrl-D: stop at once; stakes not yet settled go back to their owners")


def _rebuy() -> Words[Any, Action]:
    """The word for bringing more chips, known wherever the seat may (croupier.engine.rebuy),
    and told by `help` rather than among the prompt's choices."""
    # i18n: the spellings a prompt takes, comma-separated (the first is shown)
    spelled = N_("rebuy")
    does = N_("bring 200 more chips, as you might get up")
    return Words((replace(amount(spelled, Rebuy, does, alone=False), offered=False),))


class AskedSeat(TerminalSeat[V]):
    """A seat asked one line at a time at the `prompt`, read by the prompt's `words`. Every
    prompt also knows `table`, `help` (what each word does) and `quit`: the seat then acts
    `on_the_way_out`, as `leaving` says."""

    leaving = N_(
        "leave the table; a choice still yours in a coup under way is made the plainest way"
    )
    quit_words = N_("quit, q, exit")

    def __init__(self, console: Console, prompter: Prompter, name: Callable[[int], str]) -> None:
        super().__init__(console, prompter, name)
        self.asked = Words(
            (
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                word(N_("table, show"), _Asked.TABLE, N_("show the table again")),
                # i18n: the spellings a prompt takes, comma-separated (the first is shown)
                word(N_("help, ?"), _Asked.HELP, N_("say what each word does here")),
                word(self.quit_words, _Asked.QUIT, self.leaving),
            )
        )

    @abstractmethod
    def prompt(self, view: V) -> str:
        """What the seat is asked."""

    @abstractmethod
    def words(self, view: V) -> Words[V, Action]:
        """The words the prompt knows, and what each does."""

    @abstractmethod
    def on_the_way_out(self, view: V) -> Action:
        """The action of a seat that is leaving."""

    def decide(self, view: V) -> Action | None:
        if not view.legal:
            return None
        while not self.quitting:
            self.show_once(view)
            words = self.words(view)
            if view.legal.of_type(Rebuy):
                words += _rebuy()
            line = self.prompter.ask(f"{self.prompt(view)} >")
            try:
                if self.asked.find(line) is None:
                    return words.read(line, view)
                self._answer(self.asked.read(line, view), view, words)
            except CommandError as error:
                self.console.print(f"[red]{escape(str(error))}[/]")
        return self.on_the_way_out(view)

    def _answer(self, asked: _Asked, view: V, words: Words[V, Action]) -> None:
        if asked is _Asked.QUIT:
            self.quitting = True
        elif asked is _Asked.TABLE:
            self.console.print(self.panel(view))
        else:
            self.console.print(escape(help_text(words, self.asked)))
            self.console.print(f"  [dim]{_(_STOPPING)}.[/]")
