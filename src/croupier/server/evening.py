"""A table's evening settled (docs/protocol.md, "The evening"): what each person brought to
the table and took away, read from the ledger's own transfers, their net, and the fewest
payments that settle the people's nets among them; a person's tables, each with their net.

The figures are the ledger's: a person's chips brought in are the table's `BUY_IN`
transfers from their account (a sit-down's buy-in, or chips brought to a seat held, a
`Rebuy` step), and taken away its `CASH_OUT` transfers to it; given, the gifts its hosts made
them (`croupier.server.hosting.gifts`). At an open table the chips
in front of a person still seated count as theirs (`seated`). What the people are up or
down in all, the house and the bots are down or up: it is said, never spread among the
people."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, aliased

from croupier.server.hosting import gifts
from croupier.server.schema import Account, AccountKind, Cause, StepRecord, TableRecord, Transfer
from croupier.server.tables import table_account

__all__ = [
    "EXACT",
    "FIGURES",
    "Evening",
    "Payment",
    "Sitter",
    "evening",
    "fewest_payments",
    "tables_of",
]

EXACT = 14
"""The most people with a net other than zero whose payments are found fewest exactly (by
their subsets, 2**14 of them); beyond it, each payment settles at least one of them."""

_STEP = re.compile(r" step (\d+)$")

FIGURES = ("bought_in", "brought", "given", "took_away", "at_table", "net")
"""A person's figures, as the JSON and the CSV name them."""


@dataclass(frozen=True, slots=True)
class Sitter:
    """A person's evening at a table, in chips."""

    name: str
    bought_in: int
    brought: int
    took_away: int
    at_table: int
    given: int = 0
    """What the table's hosts gave them from its allowance, into their account
    (`croupier.server.hosting`): it counts in their net once they bring it."""

    @property
    def net(self) -> int:
        return self.took_away + self.at_table - self.bought_in - self.brought


@dataclass(frozen=True, slots=True)
class Payment:
    """`payer` pays `payee` `chips`."""

    payer: str
    payee: str
    chips: int


@dataclass(frozen=True, slots=True)
class Evening:
    """A table's evening: its people, what the house and the bots are up (below zero:
    down), and the fewest payments that settle the people among them."""

    table: int
    game: str
    closed: bool
    people: tuple[Sitter, ...]
    payments: tuple[Payment, ...]

    @property
    def house(self) -> int:
        return -sum(sitter.net for sitter in self.people)

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "game": self.game,
            "closed": self.closed,
            "people": [
                {"name": sitter.name, **{name: getattr(sitter, name) for name in FIGURES}}
                for sitter in self.people
            ],
            "house": self.house,
            "payments": [
                {"payer": p.payer, "payee": p.payee, "chips": p.chips} for p in self.payments
            ],
        }

    def to_csv(self) -> str:
        """One line a person, with a header, as a spreadsheet reads it."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["name", *FIGURES])
        for sitter in self.people:
            writer.writerow([sitter.name, *(getattr(sitter, name) for name in FIGURES)])
        return out.getvalue()


def evening(session: Session, table: int, seated: Mapping[str, int] | None = None) -> Evening:
    """Table `table`'s evening from the ledger, with the chips `seated` people (by name) have
    in front of them at an open table. Raises `LookupError` for a table never opened."""
    record = session.get(TableRecord, table)
    if record is None:
        raise LookupError(table)
    rows = _moves(session, place=table_account(table))
    rebuys = _rebuys(session, table, [ref for _, _, ref, _, _ in rows])
    sums: dict[str, list[int]] = {}
    for cause, chips, ref, name, _ in rows:
        figures = sums.setdefault(name, [0, 0, 0])
        if cause == Cause.CASH_OUT.value:
            figures[2] += chips
        elif cause == Cause.BUY_IN.value:
            figures[1 if ref in rebuys else 0] += chips
    at, given = dict(seated or {}), gifts(session, table)
    for name in given:
        sums.setdefault(name, [0, 0, 0])
    people = tuple(
        Sitter(name, bought_in, brought, took_away, at.get(name, 0), given.get(name, 0))
        for name, (bought_in, brought, took_away) in sorted(sums.items())
    )
    nets = {sitter.name: sitter.net for sitter in people}
    return Evening(table, record.game, record.closed_at is not None, people, fewest_payments(nets))


def _moves(
    session: Session, *, person: str | None = None, place: str | None = None
) -> Sequence[Any]:
    """The transfers between a person's account and a table's, in the order made (only the
    person's named `person`, only the table account named `place`, when given): each one's
    cause, chips, reference, the person's name and the table account's."""
    who, where = aliased(Account), aliased(Account)
    between = or_(
        (Transfer.source_id == who.id) & (Transfer.target_id == where.id),
        (Transfer.target_id == who.id) & (Transfer.source_id == where.id),
    )
    query = select(Transfer.cause, Transfer.chips, Transfer.reference, who.name, where.name).where(
        between, who.kind == AccountKind.PERSON.value, where.kind == AccountKind.TABLE.value
    )
    if person is not None:
        query = query.where(who.name == person)
    if place is not None:
        query = query.where(where.name == place)
    return session.execute(query.order_by(Transfer.id)).all()


def _rebuys(session: Session, table: int, refs: list[str]) -> set[str]:
    """Of the transfers' references (`_book`'s "table N step S"), those of `Rebuy` steps."""
    steps = {int(m.group(1)): ref for ref in refs if (m := _STEP.search(ref))}
    if not steps:
        return set()
    actions = session.execute(
        select(StepRecord.seq, StepRecord.action).where(
            StepRecord.table_id == table, StepRecord.seq.in_(steps)
        )
    )
    return {steps[seq] for seq, action in actions if json.loads(action).get("type") == "Rebuy"}


def fewest_payments(nets: Mapping[str, int]) -> tuple[Payment, ...]:
    """The fewest payments that settle `nets` (who is up, above zero, and down), as far as
    the people's nets settle among them: what is left over is the house's and the bots'.
    Exact up to `EXACT` people with a net: the most groups that settle among themselves,
    each settled by its largest debtor paying its largest creditor."""
    owed = {name: net for name, net in nets.items() if net}
    rest = -sum(owed.values())
    if rest:  # the house and the bots settle the difference with nobody: leave it out
        owed = _without(owed, rest)
    names = sorted(owed, key=lambda name: (-abs(owed[name]), name))
    if len(names) > EXACT:
        return tuple(_settled(owed, names))
    payments: list[Payment] = []
    for group in _groups(names, [owed[name] for name in names]):
        payments.extend(_settled(owed, group))
    return tuple(payments)


def _without(owed: dict[str, int], rest: int) -> dict[str, int]:
    """`owed` less what the people cannot settle among them: `rest`, what the house and the
    bots are up (the people's debts shrink by it, the smallest first) or down (their
    credits do); what is left sums to zero."""
    owed = dict(owed)
    side = -1 if rest > 0 else 1  # the debtors' side, or the creditors'
    left = abs(rest)
    for name in sorted(owed, key=lambda n: (abs(owed[n]), n)):
        if left and owed[name] * side > 0:
            taken = min(left, abs(owed[name]))
            owed[name] -= side * taken
            left -= taken
    return {name: net for name, net in owed.items() if net}


def _groups(names: list[str], nets: list[int]) -> list[list[str]]:
    """`names` parted into the most groups whose nets sum to zero: a group of k settles in
    k - 1 payments, so the most groups is the fewest payments. `most[mask]` is the most
    groups the people of `mask` (a set of bits) part into, taken one by one; walking back
    from everyone, the people taken between two sets that sum to zero are one group."""
    n = len(names)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + nets[low.bit_length() - 1]
    most = [0] * (full + 1)
    for mask in range(1, full + 1):
        best = max(most[mask ^ (1 << i)] for i in range(n) if mask >> i & 1)
        most[mask] = best + (total[mask] == 0)
    groups: list[list[str]] = []
    mask, members = full, []
    while mask:
        before = most[mask] - (total[mask] == 0)
        i = next(i for i in range(n) if mask >> i & 1 and most[mask ^ (1 << i)] == before)
        members.append(names[i])
        mask ^= 1 << i
        if total[mask] == 0:
            groups.append(members)
            members = []
    return groups


def _settled(owed: Mapping[str, int], names: list[str]) -> list[Payment]:
    """The payments that settle `names`' nets (summing to zero), each from the largest
    debtor left to the largest creditor left: each one settles at least one of them."""
    left = {name: owed[name] for name in names}
    payments = []
    while any(left.values()):
        payer = min(left, key=lambda name: (left[name], name))
        payee = max(left, key=lambda name: (left[name], name))
        chips = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, chips))
        left[payer] += chips
        left[payee] -= chips
    return payments


def tables_of(session: Session, name: str) -> list[dict[str, Any]]:
    """Every table the person `name` brought chips to, the latest first: its number, game,
    when it opened, whether it is closed, and their net there (chips at an open table not
    counted: what they took away less what they brought)."""
    nets: dict[int, int] = {}
    for cause, chips, _ref, _name, account in _moves(session, person=name):
        number = int(account.removeprefix("table-"))
        sign = 1 if cause == Cause.CASH_OUT.value else -1
        nets[number] = nets.get(number, 0) + sign * chips
    records = session.scalars(select(TableRecord).where(TableRecord.id.in_(nets))).all()
    return [
        {
            "table": record.id,
            "game": record.game,
            "opened": _moment(record.opened_at),
            "closed": record.closed_at is not None,
            "net": nets[record.id],
        }
        for record in sorted(records, key=lambda r: r.id, reverse=True)
    ]


def _moment(at: datetime) -> str:
    return at.isoformat(timespec="minutes")
