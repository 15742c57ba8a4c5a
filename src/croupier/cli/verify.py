"""`croupier verify`: check a provably fair session's shuffles, card by card
(docs/fairness.md)."""

from __future__ import annotations

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
        typer.Argument(metavar="FILE", help="A history written by `play --fair --save`."),
    ],
) -> None:
    """Check a provably fair session: each shuffle's seed is the one its commitment was made
    to, each order the one the seed and the seats' parts give, and every card dealt and
    every event is the one the shuffled and cut pack gives, as recorded. Says "verified",
    or names the first discrepancy (exit status 1); 2, a file that cannot be read."""
    game, history = read_history(path)
    if not history.proofs:
        fail(f"{str(path)!r} is not a provably fair session: it holds no proofs of its shuffles")
        raise typer.Exit(DIFFERS)
    try:
        shuffles, coups = proved(game, history)
    except HistoryMismatch as error:
        said = where(error, words.round_name(game.name))
        fail(f"{str(path)!r} is not verified: {said}, {error.reason}")
        raise typer.Exit(DIFFERS) from None
    Console(highlight=False).print(
        f"Verified: {plural(shuffles, 'shuffle')}, each the one its commitment and the seats' "
        f"parts give; {plural(coups, words.round_name(game.name))} dealt from them as recorded."
    )
