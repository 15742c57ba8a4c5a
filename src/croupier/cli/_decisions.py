"""A reviewed decision and a seat's evening in words at the terminal (`croupier replay`):
each option an action in words, its value in chips of expectation (`croupier.review`)."""

from __future__ import annotations

import re
from dataclasses import fields
from fractions import Fraction

from rich.markup import escape

from croupier.engine.actions import Action
from croupier.i18n import _, ngettext, pgettext
from croupier.review import Decision
from croupier.review.session import Evening

__all__ = ["chips", "decision_line", "evening_line", "option_words"]


def _kinds() -> dict[str, str]:
    """An option's kind in words, by its action's type, in the context's language; another
    is its type's name spelled out."""
    return {
        "Banco": pgettext("an option", "banco"),
        "Bid": pgettext("an option", "bid"),
        "Choose": pgettext("an option", "choose"),
        "CircleBet": pgettext("an option", "circle bet"),
        "CrossBet": pgettext("an option", "cross bet"),
        "DeclineBank": pgettext("an option", "decline the bank"),
        "DoublerBet": pgettext("an option", "doubler bet"),
        "DrawCard": pgettext("an option", "draw"),
        "LayoutBet": pgettext("an option", "layout bet"),
        "MonteCarloBet": pgettext("an option", "Monte Carlo bet"),
        "OpenBank": pgettext("an option", "open the bank"),
        "Pass": pgettext("an option", "pass"),
        "PlayOn": pgettext("an option", "play on"),
        "Ride": pgettext("an option", "ride"),
        "Stake": pgettext("an option", "stake"),
        "Stand": pgettext("an option", "stand"),
        "TurnEarly": pgettext("an option", "turn early"),
        "Wait": pgettext("an option", "wait"),
    }


def _spelled(name: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()


def option_words(option: Action) -> str:
    """An option in words: its kind, then its fields' values (`stake banco 20`, `draw`)."""
    kind = type(option).__name__
    said = _kinds().get(kind) or _spelled(kind)
    parts = []
    for field in fields(option):
        held = getattr(option, field.name)
        parts.append(str(getattr(held, "value", held)))
    return " ".join([said, *parts])


def chips(value: Fraction) -> str:
    """Chips of expectation to two places, signed: `+3.88`, `-0.21`, `0.00`."""
    return f"{float(value):+.2f}" if round(float(value), 2) else "0.00"


def decision_line(decision: Decision, name: str) -> str:
    """The values of a decision of the seat `name` (escaped): its options, the one taken
    and the best marked, the equilibrium's play where there is one, and what the choice
    cost."""
    parts = []
    for n, choice in enumerate(decision.choices):
        said = _("{option} {value}").format(
            option=escape(option_words(choice.option)), value=chips(choice.value)
        )
        if decision.mix is not None and decision.mix[n]:
            said += " " + _("(equilibrium {share:.0%})").format(share=float(decision.mix[n]))
        if n == decision.chosen:
            said = f"[bold]{said}[/]"
        parts.append(said)
    line = f"  ⚖ {name}: " + " · ".join(parts)
    if decision.cost:
        said = _("taken: {taken}; the best, {best}, was worth {cost} more")
        line += "; " + said.format(
            taken=escape(option_words(decision.taken.option)),
            best=escape(option_words(decision.best.option)),
            cost=f"{float(decision.cost):.2f}",
        )
    else:
        line += "; " + _("the best was taken")
    if decision.house:
        line += " " + _("(taken by the house for the seat)")
    return f"[dim]{line}[/]"


def evening_line(evening: Evening, name: str) -> str:
    """`Seat 2: 27 decisions, 23 the best, the others cost 11.04; expected -16.75, actual
    -33, luck -16.25.`"""
    decisions = ngettext("{count} decision", "{count} decisions", evening.decisions)
    said = _(
        "{name}: {decisions}, {best} the best, the others cost {cost}; "
        "expected {expected}, actual {actual:+d}, luck {luck}."
    )
    return said.format(
        name=name,
        decisions=decisions.format(count=evening.decisions),
        best=evening.best,
        cost=f"{float(evening.cost):.2f}",
        expected=chips(evening.expected),
        actual=evening.actual,
        luck=chips(evening.luck),
    )
