"""A table's hosts and what they may do (docs/protocol.md, "Hosting"): the person who
opened it, and those they name co-hosts, pause and resume it between coups, remove a seat
with a reason, change its settings and its stake limits between coups, seat a bot or send
one away while it stands paused, and give chips to the people at it from its `allowance`;
the host alone names co-hosts. Each control is one message
(`POST /api/tables/{id}/host`), read here (`read`), stored here before the table tells it,
and played by the table (`croupier.server.runner`).

A gift is a `GRANT` transfer from the grant source to the person's account whose reference
names the table (`gift_reference`): the ledger's audit holds it like any other, and the
evening shows it (`gifts`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from croupier.engine.actions import Action, Amounts, Join, Leave, Legal, Rebuy, SitIn, SitOut
from croupier.engine.codec import encode
from croupier.engine.rule_options import limits_of, with_limits
from croupier.errors import InvalidInput
from croupier.i18n import _
from croupier.server.ledger import open_account, transfer
from croupier.server.people import GRANT_SOURCE
from croupier.server.schema import (
    MOST_CHIPS,
    Account,
    AccountKind,
    Cause,
    Guest,
    Person,
    TableRecord,
    Transfer,
)
from croupier.server.tables import Settings

__all__ = [
    "CHANGEABLE",
    "CONTROLS",
    "REASON",
    "WHILE_HELD",
    "Control",
    "Hosts",
    "change_settings",
    "changed",
    "gift_reference",
    "gifts",
    "give",
    "limits",
    "person_named",
    "read",
    "store_guest",
    "store_held",
    "store_limits",
    "while_held",
]

CONTROLS = ("pause", "resume", "remove", "settings", "limits", "give", "cohost", "bot")
"""The controls, as the message's `control` names them."""

CHANGEABLE = (
    "time_limit",
    "time_bank",
    "hold",
    "away",
    "bot_pause",
    "approval",
    "watchers",
    "odds",
)
"""The settings a host may change while the table plays (`Settings`): they apply from the
next moment between coups. The rest (the bots' chips, the shuffle's windows, the allowance)
hold for the table's life."""

WHILE_HELD: tuple[type[Action], ...] = (Join, Leave, SitOut, SitIn, Rebuy)
"""What a person may do while a host has the table paused: come and go, and bring chips."""

REASON = 200
"""The most characters of a removal's reason."""

_FIELDS = {
    "pause": (),
    "resume": (),
    "remove": ("seat", "reason"),
    "settings": ("settings",),
    "limits": ("limits",),
    "give": ("seat", "chips"),
    "cohost": ("name", "yes"),
    "bot": ("seat", "yes"),
}


@dataclass(frozen=True, slots=True)
class Control:
    """One host's control, as read: its kind, and what it is about (`_FIELDS`; `changes`,
    the settings or the stake limits changed)."""

    kind: str
    seat: int | None = None
    reason: str = ""
    chips: int = 0
    changes: Mapping[str, Any] = field(default_factory=dict)
    name: str = ""
    yes: bool = True


@dataclass
class Hosts:
    """Who hosts a table: its `host` (None: a bot table, which nobody hosts) and the
    co-hosts they named; whether they have paused it (`held`)."""

    host: int | None
    cohosts: set[int] = field(default_factory=set)
    held: bool = False

    def may(self, person: int | None) -> bool:
        """Whether `person` hosts the table."""
        return person is not None and (person == self.host or person in self.cohosts)

    def told(self) -> dict[str, Any]:
        """The view's `hosting`: the people who host (their ids), and whether it is held."""
        hosts = [] if self.host is None else [self.host, *sorted(self.cohosts)]
        return {"hosts": hosts, "held": self.held}


def while_held(legal: Legal) -> Legal:
    """The options of `legal` a person keeps while a host has the table paused
    (`WHILE_HELD`): a paused table's view offers no others."""
    return Legal(
        tuple(
            option
            for option in legal
            if isinstance(option.template if isinstance(option, Amounts) else option, WHILE_HELD)
        )
    )


def read(body: Mapping[str, Any]) -> Control:
    """The control a host's message asks for; `InvalidInput` says, in the context's
    language, what is wrong with it."""
    kind = body.get("control")
    if kind not in CONTROLS:
        said = _("control={control!r} is not valid: one of {controls}")
        raise InvalidInput(said.format(control=kind, controls=", ".join(CONTROLS)))
    allowed = {"control", *_FIELDS[kind]}
    unknown = sorted(set(body) - allowed)
    if unknown:
        said = _("{control} takes no {field!r}: it takes {fields}")
        fields = ", ".join(_FIELDS[kind]) or _("nothing else")
        raise InvalidInput(said.format(control=kind, field=unknown[0], fields=fields))
    yes = body.get("yes", True)
    if not isinstance(yes, bool):
        raise InvalidInput(_("yes={yes!r} is not valid: true or false").format(yes=yes))
    if kind in ("remove", "give", "bot"):
        seat = body.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise InvalidInput(_("seat={seat!r} is not valid: a seat's number").format(seat=seat))
        if kind == "bot":
            return Control(kind, seat=seat, yes=yes)
        if kind == "remove":
            return Control(kind, seat=seat, reason=_reason(body.get("reason")))
        chips = body.get("chips")
        if isinstance(chips, bool) or not isinstance(chips, int) or not 0 < chips <= MOST_CHIPS:
            said = _("chips={chips!r} is not valid: a whole number of chips, 1 or more")
            raise InvalidInput(said.format(chips=chips))
        return Control(kind, seat=seat, chips=chips)
    if kind == "settings":
        return Control(kind, changes=_changes(body.get("settings")))
    if kind == "limits":
        given = body.get("limits")
        if not isinstance(given, dict) or not given:
            raise InvalidInput(_("limits is not an object of some of the table's stake limits"))
        return Control(kind, changes=given)
    if kind == "cohost":
        name = body.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidInput(_("name={name!r} is not valid: a person's name").format(name=name))
        return Control(kind, name=name.strip(), yes=yes)
    return Control(kind)


def _reason(reason: object) -> str:
    if not isinstance(reason, str) or not " ".join(reason.split()):
        raise InvalidInput(_("give a reason for removing the seat: it is shown to everyone"))
    tidy = " ".join(reason.split())
    if len(tidy) > REASON:
        said = _("the reason is {n} characters long: at most {most}")
        raise InvalidInput(said.format(n=len(tidy), most=REASON))
    return tidy


def _changes(changes: object) -> dict[str, Any]:
    if not isinstance(changes, dict) or not changes:
        said = _("settings is not an object of some of {names}")
        raise InvalidInput(said.format(names=", ".join(CHANGEABLE)))
    fixed = sorted(set(changes) - set(CHANGEABLE))
    if fixed:
        said = _(
            "{name!r} is not a setting a host changes while the table plays: those are {names}"
        )
        raise InvalidInput(said.format(name=fixed[0], names=", ".join(CHANGEABLE)))
    Settings.read(changes)  # each value checked as when a table opens
    return dict(changes)


def changed(settings: Settings, changes: Mapping[str, Any]) -> Settings:
    """`settings` with `changes` (checked by `read`)."""
    return replace(settings, **changes)


def limits(rules: Any, before: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """The stake limits a table playing by `rules` is to set, its host having set `before`
    and now `changes`: each as the rule set's JSON has it. An `InvalidConfig` (in the
    context's language) if one is not a stake limit of these rules, or not valid, or they
    do not go together."""
    wanted = {**before, **changes}
    made = limits_of(with_limits(rules, wanted))
    return {name: made[name] for name in sorted(wanted)}


# --- stored before told -------------------------------------------------------------------


def store_held(engine: Engine, table: int, held: bool) -> None:
    """Store whether the table's host has paused it."""
    with Session(engine) as session, session.begin():
        record = session.get(TableRecord, table)
        assert record is not None, "a table in play has its record"
        record.held = held


def change_settings(engine: Engine, table: int, settings: Settings) -> None:
    """Store the table's settings as its host changed them."""
    with Session(engine) as session, session.begin():
        record = session.get(TableRecord, table)
        assert record is not None, "a table in play has its record"
        record.settings = json.dumps(encode(settings))


def store_limits(engine: Engine, table: int, limits: Mapping[str, Any]) -> None:
    """Store the stake limits the table's host set (`limits`)."""
    with Session(engine) as session, session.begin():
        record = session.get(TableRecord, table)
        assert record is not None, "a table in play has its record"
        record.limits = json.dumps(dict(sorted(limits.items())))


def store_guest(engine: Engine, table: int, person: int, **marks: bool) -> None:
    """Store what the host has said of `person` at `table` (`Guest`'s `approved`,
    `cohost`, `barred`), making them its guest if they were not."""
    with Session(engine) as session, session.begin():
        guest = session.get(Guest, (table, person))
        if guest is None:
            guest = Guest(table_id=table, person_id=person, approved=False)
            session.add(guest)
        for mark, value in marks.items():
            setattr(guest, mark, value)


def person_named(engine: Engine, name: str) -> tuple[int, str] | None:
    """The person of this name, whatever its case (their id and name), or None."""
    with Session(engine) as session:
        found = session.execute(
            select(Person.id, Person.name).where(Person.folded == name.lower())
        ).one_or_none()
        return None if found is None else (found[0], found[1])


def gift_reference(table: int) -> str:
    """How a gift at `table` is named in the ledger: the prefix of its reference."""
    return f"table {table} gift"


def give(engine: Engine, table: int, by: str, to: str, chips: int, allowance: int) -> int:
    """Give `to` (a person's name) `chips` from the grant source, at `table` whose hosts
    may give `allowance` in all, `by` a host: a ledger transfer with its reference. The
    chips left of the allowance; `InvalidInput` if the gift would pass it."""
    with Session(engine) as session, session.begin():
        given = sum(gifts(session, table).values())
        if given + chips > allowance:
            said = _(
                "the evening's allowance is {allowance} chips and {given} have been given: "
                "at most {left} more"
            )
            left = allowance - given
            raise InvalidInput(said.format(allowance=allowance, given=given, left=left))
        source = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
        account = open_account(session, AccountKind.PERSON, to)
        reference = f"{gift_reference(table)} from {by}"
        transfer(session, source, account, chips, Cause.GRANT, reference)
        return allowance - given - chips


def gifts(session: Session, table: int) -> dict[str, int]:
    """The chips the hosts of `table` have given, by the name of who was given them."""
    prefix = f"{gift_reference(table)} "
    rows = session.execute(
        select(Account.name, func.sum(Transfer.chips))
        .join(Account, Account.id == Transfer.target_id)
        .where(Transfer.cause == Cause.GRANT.value, Transfer.reference.startswith(prefix))
        .group_by(Account.name)
    )
    return {name: int(chips) for name, chips in rows}
