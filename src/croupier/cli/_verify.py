"""`croupier verify`: check a provably fair session's shuffles, card by card, and a table
server's signatures of it (docs/fairness.md)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from croupier import words
from croupier.cli._library_words import Typer
from croupier.cli._replay import DIFFERS, read_history, where
from croupier.cli._usage import fail
from croupier.engine.history import proved
from croupier.engine.seal import Seal
from croupier.errors import HistoryMismatch
from croupier.i18n import N_, _, ngettext
from croupier.words.markup import plural

__all__ = ["command", "verify_app", "verify_command"]


def verify_command(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help=N_(
                "A history written by `play --fair --save`, or a table server's "
                "(GET /api/tables/ID/history, the page's download)."
            ),
        ),
    ],
    key: Annotated[
        str | None,
        typer.Option(
            metavar="HEX",
            help=N_(
                "The server's public key or its fingerprint, as it publishes them (GET "
                "/api/key): the history must be signed by this key, or by keys that succeed "
                "it by signed successions, not only by the ones it names."
            ),
        ),
    ] = None,
) -> None:
    """`croupier verify` (its help is main.py's)."""
    given = key.strip().lower() if key is not None else None
    if given is not None and not re.fullmatch(r"[0-9a-f]{64}", given):
        said = _(
            "--key {key!r} is not a key: an Ed25519 public key, or its fingerprint, is 64 "
            "hexadecimal digits"
        )
        raise fail(said.format(key=key))
    game, history = read_history(path)
    named = str(path)
    if not history.proofs and history.seal is None:
        said = _("{path!r} is not a provably fair session: it holds no proofs of its shuffles")
        fail(said.format(path=named))
        raise typer.Exit(DIFFERS)
    seal = history.seal
    if given is not None and seal is None:
        said = _("{path!r} is not signed by any key: it is a session saved at the terminal")
        fail(said.format(path=named))
        raise typer.Exit(DIFFERS)
    if given is not None and seal is not None and not _from_given(seal, given):
        said = _(
            "{path!r} is not verified: it is signed by key {key}, not by the key given or "
            "one that succeeds it"
        )
        fail(said.format(path=named, key=_signers(seal)))
        raise typer.Exit(DIFFERS)
    round_name = words.round_name(game.name)
    try:
        shuffles, coups = proved(game, history)
    except HistoryMismatch as error:
        said = _("{path!r} is not verified: {where}, {reason}")
        fail(said.format(path=named, where=where(error, round_name), reason=error.reason))
        raise typer.Exit(DIFFERS) from None
    console = Console(highlight=False, soft_wrap=True)  # a key is copied whole
    said = _(
        "Verified: {shuffles}, each the one its commitment and the seats' parts give; "
        "{rounds} dealt from them as recorded."
    )
    console.print(
        said.format(shuffles=plural(shuffles, "shuffle"), rounds=plural(coups, round_name))
    )
    for number, proof in enumerate(history.proofs, 1):
        if proof.withheld:
            said = _(
                "Shuffle {shuffle}: {seats} sealed a part and did not reveal it, so the order "
                "was made without it."
            )
            seats = ngettext("seat {seats}", "seats {seats}", len(proof.withheld))
            seats = seats.format(seats=", ".join(map(str, proof.withheld)))
            console.print(said.format(shuffle=number, seats=seats))
    if seal is not None:
        if given is not None:
            said = _(
                "Signed: table {table}, shoe by shoe ({signatures}), by key {key} (the key given, "
                "or reached from it by signed successions)."
            )
        else:
            said = _(
                "Signed: table {table}, shoe by shoe ({signatures}), by key {key} (compare it "
                "with the key the server publishes (GET /api/key), or give it with --key)."
            )
        signatures = plural(len(seal.signatures), "signature")
        console.print(said.format(table=seal.table, signatures=signatures, key=_signers(seal)))
        if seal.seeded:
            said = _(
                "Seeded: the server dealt this table from a seed its operator chose (serve "
                "--seed, for tests and demonstrations): whoever knows that seed knew every "
                "order before play, so these shuffles prove nothing against the server."
            )
            console.print(said)
        if seal.shoes is None:
            said = _(
                "The table's end: not checked: this history is from a table opened before a "
                "seal said how many shoes are over and signed the table's end."
            )
            console.print(said)


def _from_given(seal: Seal, given: str) -> bool:
    """Whether every shoe of `seal`, and its end, is signed by the key `given` (its hex or
    fingerprint), or by one that succeeds it (the successions themselves are checked by
    `proved`)."""
    place = seal.place_of(given)
    signers = [seal.signer(shoe) for shoe in range(len(seal.signatures))]
    if seal.end_key_id is not None:
        signers.append(seal.end_signer())
    return place is not None and all(at is not None and at >= place for at in signers)


def _signers(seal: Seal) -> str:
    """The public keys (hex) that signed `seal`'s shoes, in succession."""
    places = {seal.signer(shoe) for shoe in range(len(seal.signatures))}
    return ", ".join(seal.keys[place] for place in sorted(p for p in places if p is not None))


verify_app = Typer()
verify_app.command(
    "verify",
    help=N_(
        "Check a provably fair session: each shuffle's seed is the one its commitment was "
        "made to, each order the one the seed and the seats' parts give, and every card dealt "
        "and every event is the one the shuffled and cut pack gives, as recorded. A table "
        "server's history is signed as well, shoe by shoe: each signature must be its key's, "
        'for the history as it is (any field edited breaks it). Says "verified", or names '
        "the first discrepancy (exit status 1); 2, a file that cannot be read."
    ),
)(verify_command)
command = typer.main.get_command(verify_app)
"""`croupier verify`, which `croupier.cli.main` loads when it is asked for."""
