"""A table server's seal on its histories (docs/fairness.md, "Signed histories").

The server signs each finished shoe's record with its own Ed25519 key. What it signs is a
*chain*, a SHA-256 digest carried through the history step by step, so that a signature
covers everything before it:

- it begins as SHA-256(`croupier-seal-1` ‖ the table's number, its game, rule set and
  buy-ins, in canonical JSON);
- each step of a seat or of the house takes it on: SHA-256(chain ‖ `[actor, action]`);
- each shuffle takes it on with the shuffle's commitment and contributions:
  SHA-256(chain ‖ `[commitment, contributions]`) (its order follows from them);
- chance's cards drawn follow from the shuffles, and leave it as it is.

A shoe ends just before the next shuffle, at the house's `EndShoe` (the shuffle after it
then ends none), and the last one where the history ends (the session's end, or, for a
table still open, the last shuffle made). Shoe 0 is what comes
before the first shuffle. When shoe k ends the server signs `message(table, k, chain,
seed)`: the domain, the table, k, the chain and shoe k's seed, now revealed. A history
so carries one signature for each shoe, shoe 0 included, and the one of shoe k says that
k + 1 shoes are over. When the table closes the server also signs its end marker,
`closing(table, shoes, chain)`: the domain, the table, `end`, the number of shoes and the
chain at the end, so that a history of a closed table with its last shoes left out is
refused.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from croupier.engine.actions import Action
from croupier.engine.actors import Actor
from croupier.engine.record import canonical
from croupier.errors import InvalidInput
from croupier.i18n import _, ngettext

__all__ = [
    "DOMAIN",
    "Seal",
    "Signer",
    "after_shuffle",
    "after_step",
    "closing",
    "message",
    "opening",
]

DOMAIN = b"croupier-seal-1"
"""What a chain and a signature are made for: those of another version never agree."""

_KEY = 32
"""The bytes of an Ed25519 key, private or public."""


def opening(table: int, game: str, config: Any, buy_ins: Mapping[int, int], fairness: int) -> bytes:
    """The chain of table `table`'s history before its first step; a table of fairness 2 or
    more (`croupier.fairness.FAIRNESS`: each order bound to its place, the cuts no person
    decides house cuts) says so in it."""
    seated = {str(seat): chips for seat, chips in sorted(buy_ins.items())}
    opened = [table, game, config, seated, *([{"fairness": fairness}] if fairness > 1 else [])]
    return hashlib.sha256(DOMAIN + canonical(opened)).digest()


def after_step(chain: bytes, actor: Actor, action: Action) -> bytes:
    """The chain after a seat's or the house's step."""
    return hashlib.sha256(chain + canonical([actor, action])).digest()


def after_shuffle(
    chain: bytes,
    commitment: str,
    contributions: Mapping[int, str],
    sealed: Mapping[int, str] | None = None,
) -> bytes:
    """The chain after a shuffle with this commitment and these contributions, and the seals
    given before them where there were (`croupier.fairness.seal_of`)."""
    given = {str(seat): text for seat, text in sorted(contributions.items())}
    seals = [] if sealed is None else [{str(seat): s for seat, s in sorted(sealed.items())}]
    return hashlib.sha256(chain + canonical([commitment, given, *seals])).digest()


def message(table: int, shoe: int, chain: bytes, seed: bytes | None) -> bytes:
    """What the server signs when shoe `shoe` of table `table` ends, the chain then `chain`
    and the shoe's seed `seed` (None for shoe 0, before any shuffle)."""
    return DOMAIN + table.to_bytes(8, "big") + shoe.to_bytes(4, "big") + chain + (seed or b"")


def closing(table: int, shoes: int, chain: bytes) -> bytes:
    """What the server signs when table `table` closes after `shoes` shoes (shoe 0 among
    them), the chain then `chain`: the table's end marker."""
    return DOMAIN + table.to_bytes(8, "big") + b"end" + shoes.to_bytes(4, "big") + chain


class Signer:
    """The server's signing key (Ed25519): `sign` a message; `key`, the public key in hex,
    as the server publishes it."""

    def __init__(self, private: bytes) -> None:
        self._private = Ed25519PrivateKey.from_private_bytes(private)
        self.key = self._private.public_key().public_bytes_raw().hex()

    @staticmethod
    def fresh() -> bytes:
        """A new private key's bytes, from the system's strong source."""
        return Ed25519PrivateKey.generate().private_bytes_raw()

    def sign(self, signed: bytes) -> str:
        """The signature of `signed`, in hex."""
        return self._private.sign(signed).hex()


@dataclass(frozen=True, slots=True)
class Seal:
    """A history's seal: the table it is of, the public key (hex) that signed it, one
    signature (hex) for each of its shoes, shoe 0 first, how many shoes are over (`shoes`:
    as many as the signatures, in a history as the server gave it; None in one of format 4,
    from before a seal said it), and the signature of the table's end marker (`end`,
    `closing`), or None while the table is open."""

    table: int
    key: str
    signatures: tuple[str, ...]
    shoes: int | None
    end: str | None = None

    def __post_init__(self) -> None:
        try:
            public = bytes.fromhex(self.key)
        except ValueError:
            raise InvalidInput(_("its key is not hexadecimal")) from None
        if len(public) != _KEY:
            said = ngettext(
                "its key is not an Ed25519 public key ({n} byte)",
                "its key is not an Ed25519 public key ({n} bytes)",
                _KEY,
            )
            raise InvalidInput(said.format(n=_KEY))

    def holds(self, shoe: int, signed: bytes) -> bool:
        """Whether the seal's signature of shoe `shoe` is its key's, of `signed`."""
        return shoe < len(self.signatures) and self._signs(self.signatures[shoe], signed)

    def holds_end(self, signed: bytes) -> bool:
        """Whether the seal's end marker is its key's signature of `signed`."""
        return self.end is not None and self._signs(self.end, signed)

    def _signs(self, signature: str, signed: bytes) -> bool:
        try:
            made = bytes.fromhex(signature)
            Ed25519PublicKey.from_public_bytes(bytes.fromhex(self.key)).verify(made, signed)
        except (ValueError, InvalidSignature):
            return False
        return True
