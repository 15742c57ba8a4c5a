"""The words a prompt knows: how each is spelled, what may follow it, and what it does.

A prompt has one table of words (`Words`). A line is read by it; `help` is printed from it;
a line it does not know is refused with its choices, never taken for a default. Enter is
a word like the others: it means something only where the table says so.

Spellings are written as help shows them, comma-separated: `"pass, Enter, p, no"`; a
spelling may be two words (`"give up"`), and `Enter` is the empty line.

The words are in the session's language (croupier.i18n): a table is made when its prompt
is asked, and each spelling, form and `does` given to `command`, `word`, `word_by` and
`amount` is a message id (marked `N_` where it is written). The language's own spellings
come first, and help shows them; the English ones are understood as well (`банко 50` and
`banco 50`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from croupier.cli._terminal import CommandError, read_amount
from croupier.i18n import _

__all__ = ["Word", "Words", "amount", "command", "help_text", "word", "word_by"]

V = TypeVar("V")
R = TypeVar("R")
V_contra = TypeVar("V_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)

_ENTER = "Enter"
_NUMBER = "#"
"""The spelling of a line that starts with a number: the number is read as what follows."""


@dataclass(frozen=True, slots=True)
class Word(Generic[V_contra, R_co]):
    """One command: its `form` as refusals show it (`banco`, `stake 200`), what it `does`,
    its `spellings`, the other forms help shows (`also`), and `read`, which makes the answer
    from the words after the spelling and the view, or raises `CommandError` saying what
    would be understood. A word not `offered` is in the help but not among the choices a
    refusal lists (a move the rules forbid, there to be told why)."""

    form: str
    does: str
    spellings: tuple[str, ...]
    read: Callable[[list[str], V_contra], R_co]
    also: tuple[str, ...] = ()
    offered: bool = True

    @property
    def shown(self) -> str:
        """The form and the others: `stand (s, non)`, `200 (stake 200)`."""
        return self.form + (f" ({', '.join(self.also)})" if self.also else "")

    @property
    def choice(self) -> str:
        """As a refusal lists it: `` `pass` (Enter) ``, ``a number (`200`)``, Enter."""
        if self.form == _ENTER:
            return _ENTER
        if _NUMBER in self.spellings:
            said = _("a number (`{form}`)").format(form=self.form)
        else:
            said = f"`{self.form}`"
        return said + (f" ({_ENTER})" if _ENTER in self.spellings else "")


def command(spelled: str, form: str, read: Callable[[list[str], V], R], does: str) -> Word[V, R]:
    """A word whose `read` makes its answer from what follows it; help shows it as `form`."""
    spellings = _spellings(spelled)
    return Word(_(form), _(does), spellings, read, spellings[1:])


def word(spelled: str, answer: R, does: str) -> Word[Any, R]:
    """A word that takes nothing after it and always means `answer`."""
    return word_by(spelled, lambda _: answer, does)


def word_by(spelled: str, make: Callable[[V], R], does: str) -> Word[V, R]:
    """A word that takes nothing after it and means `make(view)`."""
    spellings = _spellings(spelled)
    alone = _("{extra!r} is too much: {word} is said alone")

    def read(rest: list[str], view: V) -> R:
        if rest:
            raise CommandError(alone.format(extra=" ".join(rest), word=spellings[0]))
        return make(view)

    return Word(spellings[0], _(does), spellings, read, spellings[1:])


def amount(
    spelled: str, make: Callable[[int], R], does: str, *, example: int = 200, alone: bool = True
) -> Word[Any, R]:
    """A number of chips (or cards), after a spelling (`stake 200`) or, if `alone`, by
    itself (`200`)."""
    names = _spellings(spelled)
    form, *others = [str(example)] * alone + [f"{name} {example}" for name in names]
    one = _("say one number, as in `{form}`").format(form=form)

    def read(rest: list[str], view: object) -> R:
        if len(rest) != 1:
            raise CommandError(one)
        return make(read_amount(rest[0]))

    return Word(form, _(does), (_NUMBER,) * alone + names, read, tuple(others))


@dataclass(frozen=True, slots=True)
class Words(Generic[V, R]):
    """The words one prompt knows, in the order help shows them."""

    words: tuple[Word[V, R], ...]

    def __post_init__(self) -> None:
        spellings = [s for w in self.words for s in w.spellings]
        twice = {s for s in spellings if spellings.count(s) > 1}
        if twice:
            raise ValueError(f"spelled twice in one prompt: {sorted(twice)}")

    def __add__(self, other: Words[V, R]) -> Words[V, R]:
        return Words((*self.words, *other.words))

    def find(self, line: str) -> tuple[Word[V, R], list[str]] | None:
        """The word a line starts with (the longest spelling that fits), and what follows."""
        tokens = line.lower().split()
        found: tuple[Word[V, R], list[str]] | None = None
        for known in self.words:
            for spelling in known.spellings:
                rest = _after(spelling, tokens)
                if rest is not None and (found is None or len(rest) < len(found[1])):
                    found = known, rest
        return found

    def read(self, line: str, view: V) -> R:
        """The answer a line means, or `CommandError` with the choices."""
        found = self.find(line)
        if found is None:
            said = repr(line.strip()) if line.strip() else _ENTER
            raise CommandError(
                _(
                    "{said} is not understood here: say {choices} (`help` says what each does)"
                ).format(said=said, choices=self.choices())
            )
        known, rest = found
        return known.read(rest, view)

    def choices(self) -> str:
        """`banco`, `pass` (Enter) or `leave`."""
        shown = [w.choice for w in self.words if w.offered]
        if len(shown) == 1:
            return shown[0]
        return _("{some} or {last}").format(some=", ".join(shown[:-1]), last=shown[-1])


def help_text(*tables: Words[Any, Any]) -> str:
    """What each word of the tables does, one line each."""
    lines = [(w.shown, w.does) for table in tables for w in table.words]
    width = max(len(shown) for shown, _ in lines)
    return "\n".join(f"  {shown:<{width}}  {does}" for shown, does in lines)


def _spellings(spelled: str) -> tuple[str, ...]:
    """The spellings of `spelled` in the session's language, then the English ones."""
    both = f"{_(spelled)},{spelled}".split(",")
    return tuple(dict.fromkeys(part.strip() for part in both))


def _after(spelling: str, tokens: list[str]) -> list[str] | None:
    """The tokens after `spelling`, or None when the line does not start with it."""
    if spelling == _ENTER:
        return [] if not tokens else None
    if spelling == _NUMBER:
        return tokens if tokens and tokens[0].lstrip("-").isdigit() else None
    words = spelling.split()
    return tokens[len(words) :] if tokens[: len(words)] == words else None
