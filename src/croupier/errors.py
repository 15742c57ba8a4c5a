"""The errors croupier raises, in one tree.

::

    CroupierError
    ├── IllegalAction          an action the rules refuse; the state is unchanged
    │   ├── NotYourTurn        the actor may not act now (another's turn, or the wrong phase)
    │   ├── GameOver           the session has ended
    │   ├── UnknownAction      not an action of this game, or not one this actor ever has
    │   ├── StakeOutOfRange    an amount outside the table's limits
    │   ├── InsufficientChips  more chips than the seat has free
    │   └── ForbiddenAction    any other rule that forbids it here
    ├── InvalidInput           malformed input (also a ValueError)
    │   ├── InvalidCard        card text that names no card
    │   ├── InvalidConfig      a rule set or option that cannot be
    │   ├── InvalidHistory     a saved session that cannot be read
    │   │   └── HistoryMismatch  one that replays otherwise than it records
    │   └── LogInRefused       a name and password that do not log in (never says which)
    ├── TableStopped           a table that cannot go on: a seat refused again and again
    └── TooSoon                a try at the door made before its wait is over

The layers above add their own, each defined where it is raised, each a `CroupierError`
(tests/test_public_api.py holds every exception croupier defines to this tree)::

    CroupierError
    ├── InsufficientChips
    │   └── server.ledger.Overdraft            an account asked for more than it holds
    │       └── server.ledger.GrantsSpent      the house has granted all it may
    ├── InvalidInput
    │   ├── server.people.AccountDisabled      the right password of a disabled person
    │   │                                      (a LogInRefused)
    │   ├── server.database.Unavailable        a database that cannot be opened as a ledger
    │   ├── server.keys.KeyFileError           a key file the server cannot use
    │   ├── server.backup.BackupError          a backup that cannot be made or restored
    │   ├── server._controls.Refused           a host's control the table refuses as it stands
    │   └── cli._terminal.CommandError         a command typed at a prompt that says nothing
    ├── server.tables.TableLost                another process runs the table now
    ├── server.history.TableOpen               no shoe of the table is over yet
    ├── server.coups.Unshown                   a table's coup it does not show to the one asking
    ├── server.odds.NoOdds                     no odds to give from this view
    ├── server.lobby.TooManyTables             one person has the most tables open
    ├── client.ServerRefused                   the server refused a request, in words
    ├── client.ProtocolError                   the server broke the protocol
    │   └── client.ServerSilent                nothing came for three heartbeats
    ├── cli.remote._visit.Failed               what went wrong at a server, in one line
    └── testing.ConformanceError               a game broke the conformance suite's rules
                                               (an AssertionError too)

An illegal action is a `ValueError` too, as in python-chess: a caller who
only cares that the input was refused can catch that.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = [
    "CroupierError",
    "ForbiddenAction",
    "GameOver",
    "HistoryMismatch",
    "IllegalAction",
    "InsufficientChips",
    "InvalidCard",
    "InvalidConfig",
    "InvalidHistory",
    "InvalidInput",
    "LogInRefused",
    "NotYourTurn",
    "StakeOutOfRange",
    "TableStopped",
    "TooSoon",
    "UnknownAction",
]


class CroupierError(Exception):
    """Base of every error croupier raises on purpose."""


class IllegalAction(CroupierError, ValueError):
    """An action the rules refuse. Applying it changes nothing.

    `actor` is who tried (a seat number, or the house or chance), `action`
    what was tried, and `reason` says why in plain words, citing the rule.
    """

    def __init__(self, actor: Any, action: Any, reason: str) -> None:
        self.actor = actor
        self.action = action
        self.reason = reason
        super().__init__(f"{_name(actor)} may not {action!r}: {reason}")


class NotYourTurn(IllegalAction):
    """The actor may not act now: another's turn, or the wrong phase of the coup."""


class GameOver(IllegalAction):
    """The session has ended; nothing more can be done in it."""


class UnknownAction(IllegalAction):
    """Not an action of this game, or never one this actor can take."""


class StakeOutOfRange(IllegalAction):
    """An amount outside the limits the table or the rules set."""


class InsufficientChips(IllegalAction):
    """The seat does not have that many chips free to stake."""


class ForbiddenAction(IllegalAction):
    """Refused by a rule not covered by the narrower kinds above."""


class InvalidInput(CroupierError, ValueError):
    """Input that cannot be understood: it names the bad value and what is valid."""


class InvalidCard(InvalidInput):
    """Text that names no card."""


class InvalidConfig(InvalidInput):
    """A rule set, option or table setting that cannot be.

    When it is about fields of a rule set, it says which as data: `values`, each field
    named with its value as the message shows it (`{"decks": "2"}`), and `reason`, why; the
    message is a form with `{named}` where the fields go (or, where they go apart, `{field}`
    for each: `{stake}`), and `{reason}`. `named` says it again with each field called
    otherwise (an option of the command line), from that data, never by reading the message
    back.

    >>> form = "{named} is not valid: {reason}"
    >>> error = InvalidConfig(form, {"decks": "2"}, "at least 3 full decks (CF-2)")
    >>> str(error)
    'decks = 2 is not valid: at least 3 full decks (CF-2)'
    >>> error.named({"decks": "--decks"})
    '--decks 2 is not valid: at least 3 full decks (CF-2)'
    >>> form = "{stake} is more than the {bankroll}: no hand could be played"
    >>> error = InvalidConfig(form, {"stake": "20", "bankroll": "10"})
    >>> str(error)
    'stake = 20 is more than the bankroll = 10: no hand could be played'
    >>> error.named({"stake": "--stake", "bankroll": "--bankroll"})
    '--stake 20 is more than the --bankroll 10: no hand could be played'
    """

    def __init__(
        self, message: str, values: Mapping[str, str] | None = None, reason: str = ""
    ) -> None:
        self.values = dict(values or {})
        self.reason = reason
        self._form = message.replace("{reason}", reason)
        super().__init__(self.named({}))

    @property
    def field(self) -> str | None:
        """The (first) field refused, if the refusal is about a field."""
        return next(iter(self.values), None)

    @property
    def value(self) -> str | None:
        """Its value, as said."""
        return self.values.get(self.field) if self.field is not None else None

    def named(self, names: Mapping[str, str]) -> str:
        """The message with each field in `names` called by its name there (`--decks 2`),
        the others as the rule set calls them (`decks = 2`)."""
        said = {
            field: f"{names[field]} {value}" if field in names else f"{field} = {value}"
            for field, value in self.values.items()
        }
        if not said:
            return self._form
        said["named"] = ", ".join(said.values())
        places = re.compile("|".join(re.escape(f"{{{key}}}") for key in said))
        return places.sub(lambda place: said[place[0][1:-1]], self._form)


class InvalidHistory(InvalidInput):
    """A saved session that cannot be read: not one a croupier wrote, or damaged."""


class HistoryMismatch(InvalidHistory):
    """A saved session that replays otherwise than its record of the play says.

    `round` is the coup (deal, round) in play where the replay first differs, counting
    from 1 (0: the seating, before any step); `closing` says that stretch settled no coup:
    the session closed in it, after `round - 1` coups; `reason` says what differs.
    """

    def __init__(self, round: int, closing: bool, reason: str) -> None:
        self.round = round
        self.closing = closing
        self.reason = reason
        where = "the seating" if round == 0 else f"round {round}"
        super().__init__(f"{where} differs from the record: {reason}")


class TableStopped(CroupierError):
    """A table that cannot go on: a seat's controller refused again and again (a bot that
    finds no legal action), or nobody to act where the rules wait for someone. The message
    says which seat, and the last reason."""


def _name(actor: Any) -> str:
    if isinstance(actor, int) and not isinstance(actor, bool):
        return f"seat {actor + 1}"
    return str(actor)


class LogInRefused(InvalidInput):
    """A name and password that do not log in: the same whether the name or the password
    was wrong."""

    def __init__(self) -> None:
        super().__init__("the name or the password is wrong")


class TooSoon(CroupierError):
    """A try at logging in or registering made before its wait is over: `wait`, the whole
    seconds still to wait, which the message (`croupier.server.door` words it) says."""

    def __init__(self, message: str, wait: int) -> None:
        self.wait = wait
        super().__init__(message)
