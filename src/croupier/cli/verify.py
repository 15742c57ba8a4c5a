"""`croupier verify`: check a provably fair session's shuffles, card by card, and a table
server's signatures of it (docs/fairness.md)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from croupier import words
from croupier.cli.replay import DIFFERS, read_history, where
from croupier.cli.usage import fail
from croupier.engine.history import proved
from croupier.errors import HistoryMismatch
from croupier.words.markup import plural

__all__ = ["verify_command"]


def verify_command(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A history written by `play --fair --save`, or a table server's "
            "(GET /api/tables/ID/history, the page's download).",
        ),
    ],
    key: Annotated[
        str | None,
        typer.Option(
            metavar="HEX",
            help="The server's public key, as it publishes it (GET /api/key): the history "
            "must be signed by this key, not only by the one it names.",
        ),
    ] = None,
) -> None:
    """Check a provably fair session: each shuffle's seed is the one its commitment was made
    to, each order the one the seed and the seats' parts give, and every card dealt and
    every event is the one the shuffled and cut pack gives, as recorded. A table server's
    history is signed as well, shoe by shoe: each signature must be its key's, for the
    history as it is (any field edited breaks it). Says "verified", or names the first
    discrepancy (exit status 1); 2, a file that cannot be read."""
    given = key.strip().lower() if key is not None else None
    if given is not None and not re.fullmatch(r"[0-9a-f]{64}", given):
        raise fail(f"--key {key!r} is not a key: an Ed25519 public key is 64 hexadecimal digits")
    game, history = read_history(path)
    named = repr(str(path))
    if not history.proofs and history.seal is None:
        fail(f"{named} is not a provably fair session: it holds no proofs of its shuffles")
        raise typer.Exit(DIFFERS)
    seal = history.seal
    if given is not None and seal is None:
        fail(f"{named} is not signed by any key: it is a session saved at the terminal")
        raise typer.Exit(DIFFERS)
    if given is not None and seal is not None and seal.key != given:
        fail(f"{named} is not verified: it is signed by key {seal.key}, not by the key given")
        raise typer.Exit(DIFFERS)
    try:
        shuffles, coups = proved(game, history)
    except HistoryMismatch as error:
        said = where(error, words.round_name(game.name))
        fail(f"{named} is not verified: {said}, {error.reason}")
        raise typer.Exit(DIFFERS) from None
    console = Console(highlight=False, soft_wrap=True)  # a key is copied whole
    console.print(
        f"Verified: {plural(shuffles, 'shuffle')}, each the one its commitment and the seats' "
        f"parts give; {plural(coups, words.round_name(game.name))} dealt from them as recorded."
    )
    if seal is not None:
        signed = plural(len(seal.signatures), "signature")
        checked = (
            "the key given"
            if given is not None
            else "compare it with the key the server publishes (GET /api/key), or give it "
            "with --key"
        )
        console.print(
            f"Signed: table {seal.table}, shoe by shoe ({signed}), by key {seal.key} ({checked})."
        )
