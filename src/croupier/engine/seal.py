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
seed, key_id)`: the domain `croupier-seal-2`, the signing key's id, the table, k, the chain
and shoe k's seed, now revealed. A history so carries one signature for each shoe, shoe 0
included, and the one of shoe k says that k + 1 shoes are over. When the table closes the
server also signs its end marker, `closing(table, shoes, chain, key_id)`: the domain, the
key's id, the table, `end`, the number of shoes and the chain at the end, so that a history
of a closed table with its last shoes left out is refused. A signature made before keys
had ids (format 4: `croupier-seal-1`, and no end marker) has no key id in it.

A key is known by its `fingerprint`, the SHA-256 of its 32 raw bytes, and its `key_id`, the
first 8 bytes of that. A server that changes its key has the old one sign a `Succession`:
"key B succeeds key A from time T", so that whoever holds A's fingerprint can follow on to B.
"""

from __future__ import annotations

import hashlib
import re
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
    "HOUSE_TOOK",
    "KEYED",
    "SUCCESSION",
    "Ending",
    "Seal",
    "Signer",
    "Succession",
    "after_shuffle",
    "after_step",
    "closing",
    "fingerprint",
    "key_id",
    "message",
    "opening",
]

DOMAIN = b"croupier-seal-1"
"""What a chain is made for, and a signature made before keys had ids: those of another
version never agree."""

KEYED = b"croupier-seal-2"
"""What a signature naming its key's id is made for."""

SUCCESSION = b"croupier-key-1"
"""What a key's signature of its successor is made for."""

_KEY = 32
"""The bytes of an Ed25519 key, private or public."""

_ID = 8
"""The bytes of a key id."""

_ID_TEXT = re.compile(f"[0-9a-f]{{{2 * _ID}}}")


def opening(
    table: int,
    game: str,
    config: Any,
    buy_ins: Mapping[int, int],
    fairness: int,
    seeded: bool = False,
) -> bytes:
    """The chain of table `table`'s history before its first step; a table of fairness 2 or
    more (`croupier.fairness.FAIRNESS`: each order bound to its place, the cuts no person
    decides house cuts) says so in it, and so does one `seeded` (dealt from a seed its
    server's operator chose: `{"fairness": 2, "seeded": true}`)."""
    seated = {str(seat): chips for seat, chips in sorted(buy_ins.items())}
    said: dict[str, Any] = {"fairness": fairness, **({"seeded": True} if seeded else {})}
    opened = [table, game, config, seated, *([said] if fairness > 1 else [])]
    return hashlib.sha256(DOMAIN + canonical(opened)).digest()


HOUSE_TOOK = "house"
"""What marks a step the house took for a person's seat (their time ran out, they sat
out), at a table of fairness 3: `[actor, action, "house"]`, in the history and the chain."""


def after_step(chain: bytes, actor: Actor, action: Action, decided: bool = False) -> bytes:
    """The chain after a seat's or the house's step; `decided`, one the house took for a
    person's seat (`HOUSE_TOOK`)."""
    step = [actor, action, HOUSE_TOOK] if decided else [actor, action]
    return hashlib.sha256(chain + canonical(step)).digest()


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


def message(
    table: int, shoe: int, chain: bytes, seed: bytes | None, key: str | None = None
) -> bytes:
    """What the key whose id is `key` signs when shoe `shoe` of table `table` ends, the chain
    then `chain` and the shoe's seed `seed` (None for shoe 0, before any shuffle); with no
    key id, what was signed before keys had ids."""
    named = KEYED + bytes.fromhex(key) if key is not None else DOMAIN
    return named + table.to_bytes(8, "big") + shoe.to_bytes(4, "big") + chain + (seed or b"")


def fingerprint(key: str) -> str:
    """The fingerprint of the public key `key` (hex): the SHA-256 of its raw bytes, in hex."""
    return hashlib.sha256(bytes.fromhex(key)).hexdigest()


def key_id(key: str) -> str:
    """The id of the public key `key` (hex): its fingerprint's first 8 bytes, in hex."""
    return fingerprint(key)[: 2 * _ID]


def _succession(before: str, key: str, since: int) -> bytes:
    """What key `before` signs to name `key` its successor from `since` (Unix seconds)."""
    return SUCCESSION + bytes.fromhex(before) + bytes.fromhex(key) + since.to_bytes(8, "big")


@dataclass(frozen=True, slots=True)
class Succession:
    """Public key `key` (hex) signs from `since` (Unix seconds) on, in place of the key
    before it, which signed this (`signature`, hex)."""

    key: str
    since: int
    signature: str

    def __post_init__(self) -> None:
        _public(self.key)

    def follows(self, before: str) -> bool:
        """Whether key `before` signed this succession."""
        try:
            signature = bytes.fromhex(self.signature)
            public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(before))
            public.verify(signature, _succession(before, self.key, self.since))
        except (ValueError, OverflowError, InvalidSignature):
            return False
        return True


def closing(table: int, shoes: int, chain: bytes, key: str) -> bytes:
    """What the key whose id is `key` signs when table `table` closes after `shoes` shoes
    (shoe 0 among them), the chain then `chain`: the table's end marker."""
    named = KEYED + bytes.fromhex(key)
    return named + table.to_bytes(8, "big") + b"end" + shoes.to_bytes(4, "big") + chain


@dataclass(frozen=True, slots=True)
class Ending:
    """Shoe `shoe` of table `table` ending, the chain then `chain`, its seed `seed`; or, with
    `end`, the table's end after `shoe` shoes (`closing`): what is signed of it is its
    `message`."""

    table: int
    shoe: int
    chain: bytes
    seed: bytes | None
    end: bool = False

    def message(self, key: str) -> bytes:
        """What the key whose id is `key` signs of it."""
        if self.end:
            return closing(self.table, self.shoe, self.chain, key)
        return message(self.table, self.shoe, self.chain, self.seed, key)


class Signer:
    """The server's signing key (Ed25519): `sign` a message; `key`, the public key in hex,
    as the server publishes it, with its `fingerprint` and `key_id`."""

    def __init__(self, private: bytes) -> None:
        self._private = Ed25519PrivateKey.from_private_bytes(private)
        self.key = self._private.public_key().public_bytes_raw().hex()
        self.fingerprint = fingerprint(self.key)
        self.key_id = key_id(self.key)

    @staticmethod
    def fresh() -> bytes:
        """A new private key's bytes, from the system's strong source."""
        return Ed25519PrivateKey.generate().private_bytes_raw()

    def private_bytes(self) -> bytes:
        """The private key's raw bytes, to keep it (`croupier.server.keys`)."""
        return self._private.private_bytes_raw()

    def sign(self, signed: bytes) -> str:
        """The signature of `signed`, in hex."""
        return self._private.sign(signed).hex()

    def succeeded_by(self, successor: Signer, since: int) -> Succession:
        """This key's signature naming `successor` its successor from `since`."""
        signed = _succession(self.key, successor.key, since)
        return Succession(successor.key, since, self.sign(signed))


@dataclass(frozen=True, slots=True)
class Seal:
    """A history's seal: the table it is of, the public key (hex) its succession begins with,
    one signature (hex) for each of its shoes, shoe 0 first, the id of the key that made
    each (`key_ids`; None, or none at all: `key`, before keys had ids), how many shoes are
    over (`shoes`: as many as the signatures, in a history as the server gave it), the
    signature of the table's end marker (`end`, `closing`), or None while the table is
    open, the id of the key that made it (`end_key_id`), the successions from `key` on,
    each signed by the key before it, and whether the table dealt from a seed its server's
    operator chose (`seeded`: whoever knows it knew every order). The seal of a table
    opened before a seal said its shoes and signed its end (of fairness 1: format 4, and a
    table taken up since) has neither (None)."""

    table: int
    key: str
    signatures: tuple[str, ...]
    shoes: int | None
    end: str | None = None
    key_ids: tuple[str | None, ...] = ()
    end_key_id: str | None = None
    succession: tuple[Succession, ...] = ()
    seeded: bool = False

    def __post_init__(self) -> None:
        _public(self.key)
        if self.key_ids and len(self.key_ids) != len(self.signatures):
            raise InvalidInput(_("it has not one key id for each signature"))
        named = (*self.key_ids, self.end_key_id)
        if any(each is not None and not _ID_TEXT.fullmatch(each) for each in named):
            raise InvalidInput(_("a key id is 16 hexadecimal digits"))

    @property
    def keys(self) -> tuple[str, ...]:
        """The public keys of the succession, `key` first."""
        return (self.key, *(step.key for step in self.succession))

    def broken(self) -> int | None:
        """The first succession (from 1) not signed by the key before it, or None."""
        for number, (before, step) in enumerate(
            zip(self.keys[:-1], self.succession, strict=True), 1
        ):
            if not step.follows(before):
                return number
        return None

    def place_of(self, given: str) -> int | None:
        """The place in `keys` of the key `given` as its hex or its fingerprint, or None."""
        for place, key in enumerate(self.keys):
            if given in (key, fingerprint(key)):
                return place
        return None

    def signer(self, shoe: int) -> int | None:
        """The place in `keys` of the key that signed shoe `shoe`, or None if it names none."""
        return self._place(self._named(shoe))

    def end_signer(self) -> int | None:
        """The place in `keys` of the key that signed the table's end, or None."""
        return None if self.end_key_id is None else self._place(self.end_key_id)

    def holds(self, shoe: int, chain: bytes, seed: bytes | None) -> bool:
        """Whether the seal's signature of shoe `shoe` is its key's, of the message with
        this chain and seed."""
        if shoe >= len(self.signatures):
            return False
        named = self._named(shoe)
        signed = message(self.table, shoe, chain, seed, named)
        return self.signs(self.signatures[shoe], named, signed)

    def holds_end(self, shoes: int, chain: bytes) -> bool:
        """Whether the seal's end marker is its key's signature of the table's end after
        `shoes` shoes, the chain then `chain`."""
        if self.end is None or self.end_key_id is None:
            return False
        signed = closing(self.table, shoes, chain, self.end_key_id)
        return self.signs(self.end, self.end_key_id, signed)

    def _named(self, shoe: int) -> str | None:
        """The key id shoe `shoe`'s signature names (None: made before keys had ids)."""
        return self.key_ids[shoe] if shoe < len(self.key_ids) else None

    def _place(self, named: str | None) -> int | None:
        """The place in `keys` of the key whose id is `named` (`key`'s, for None)."""
        if named is None:
            return 0
        ids = [key_id(key) for key in self.keys]
        return ids.index(named) if named in ids else None

    def signs(self, signature: str, named: str | None, signed: bytes) -> bool:
        """Whether `signature` (hex) is the signature of `signed` by the key of the succession
        whose id is `named` (`key`, for None)."""
        place = self._place(named)
        if place is None:
            return False
        try:
            made = bytes.fromhex(signature)
            public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(self.keys[place]))
            public.verify(made, signed)
        except (ValueError, InvalidSignature):
            return False
        return True


def _public(key: str) -> None:
    """Refuse `key` unless it is an Ed25519 public key in hex."""
    try:
        public = bytes.fromhex(key)
    except ValueError:
        raise InvalidInput(_("its key is not hexadecimal")) from None
    if len(public) != _KEY:
        said = ngettext(
            "its key is not an Ed25519 public key ({n} byte)",
            "its key is not an Ed25519 public key ({n} bytes)",
            _KEY,
        )
        raise InvalidInput(said.format(n=_KEY))
