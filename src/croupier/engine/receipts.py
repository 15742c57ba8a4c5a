"""A table server's signed receipts (docs/fairness.md, "Receipts"): its word, signed with its
key, that it told a shuffle's commitment, and that it took a seat's part, sealed or revealed.

A receipt names the table, the shuffle, its commitment, the seat and the part's digest (its
seal, `croupier.fairness.seal_of`), the time (Unix milliseconds) and the id of the key that
signs it: the signature is of `croupier-receipt-1` ‖ those fields in canonical JSON. A person
who keeps their receipts can show, against the history the server gives once the shoe is
over, that a shuffle used another commitment than the one told, or left out a part it took:
a server that signs a history cannot also deny a receipt it signed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from dataclasses import fields as dataclass_fields
from typing import Any

from croupier.engine.record import canonical
from croupier.engine.seal import Seal, Signer
from croupier.errors import InvalidInput
from croupier.fairness import Proof, seal_of
from croupier.i18n import _

__all__ = ["DOMAIN", "KINDS", "Receipt", "disagreement"]

DOMAIN = b"croupier-receipt-1"
"""What a receipt's signature is made for: no other signature of the server's is one."""

KINDS = ("told", "sealed", "revealed")
"""A commitment told; a seat's part sealed; a seat's part revealed."""

_HEX = re.compile(r"[0-9a-f]+")


@dataclass(frozen=True, slots=True)
class Receipt:
    """The server's signed word that it told shuffle `shuffle`'s `commitment` at table
    `table` (`kind` "told": `seat` and `part` None), or took `seat`'s part of it, sealed or
    revealed (`part`: the part's SHA-256, in hex), at `time` (Unix milliseconds), signed by
    the key whose id is `key_id`."""

    kind: str
    table: int
    shuffle: int
    commitment: str
    seat: int | None
    part: str | None
    time: int
    key_id: str
    signature: str = ""

    @classmethod
    def signed(
        cls,
        signer: Signer,
        kind: str,
        table: int,
        shuffle: int,
        commitment: str,
        time: int,
        seat: int | None = None,
        part: str | None = None,
    ) -> Receipt:
        """A receipt of `kind`, signed by `signer`."""
        unsigned = cls(kind, table, shuffle, commitment, seat, part, time, signer.key_id)
        return replace(unsigned, signature=signer.sign(unsigned.message()))

    @classmethod
    def from_json(cls, data: Any) -> Receipt:
        """A receipt as `to_json` writes it; `InvalidInput`, in words, if it is not one."""
        fields = [each.name for each in dataclass_fields(cls)]
        if not isinstance(data, dict) or sorted(data) != sorted(fields):
            raise InvalidInput(_("a receipt has its {fields}").format(fields=", ".join(fields)))
        receipt = cls(**data)
        if receipt.kind not in KINDS or (receipt.kind == "told") != (receipt.part is None):
            raise InvalidInput(_("a receipt is of a commitment told, or of a part taken"))
        texts = (receipt.commitment, receipt.key_id, receipt.signature, receipt.part or "0")
        numbers = (receipt.table, receipt.shuffle, receipt.time, receipt.seat or 0)
        if not all(isinstance(each, str) and _HEX.fullmatch(each) for each in texts) or not all(
            isinstance(each, int) and not isinstance(each, bool) for each in numbers
        ):
            raise InvalidInput(_("a receipt's numbers are whole numbers and its digests hex"))
        return receipt

    def to_json(self) -> dict[str, Any]:
        """The receipt as a JSON object."""
        return asdict(self)

    def message(self) -> bytes:
        """What the key signs: the domain, then every field but the signature in canonical
        JSON."""
        fields = {k: v for k, v in asdict(self).items() if k != "signature"}
        return DOMAIN + canonical(fields)

    def holds(self, seal: Seal) -> bool:
        """Whether the receipt is signed by the key of `seal`'s succession its id names."""
        return seal.signs(self.signature, self.key_id, self.message())


def disagreement(receipts: Iterable[Receipt], proofs: Mapping[int, Proof]) -> str | None:
    """The first thing `receipts` (all of one table, each found to hold) say that the
    history's `proofs` (by shuffle number, from 1) deny, in words; None if they agree.
    A receipt of a shuffle the history does not hold yet says nothing; of a seat's seals of
    one shuffle the last taken counts (a later seal replaces an earlier one)."""
    last: dict[tuple[int, int | None, str], Receipt] = {}
    for receipt in sorted(receipts, key=lambda each: each.time):
        last[(receipt.shuffle, receipt.seat, receipt.kind)] = receipt
    for receipt in sorted(last.values(), key=lambda each: each.shuffle):
        proof = proofs.get(receipt.shuffle)
        if proof is None:
            continue
        said = _said(proof, receipt)
        if said is not None:
            return _("shuffle {shuffle}: {said}").format(shuffle=receipt.shuffle, said=said)
    return None


def _said(proof: Proof, receipt: Receipt) -> str | None:
    """What `receipt`, the last of its kind for its seat, says that `proof` denies."""
    kind, seat = receipt.kind, receipt.seat
    if proof.commitment != receipt.commitment:
        said = _("the server signed that it told commitment {told}, and made it to {made}")
        return said.format(told=receipt.commitment[:16], made=proof.commitment[:16])
    if seat is None:
        return None
    if kind == "sealed" and (proof.sealed or {}).get(seat) != receipt.part:
        said = _("the server signed that it took seat {seat}'s seal, and the proof has another")
        return said.format(seat=seat + 1)
    revealed = proof.contributions.get(seat)
    if kind == "revealed" and (revealed is None or seal_of(revealed) != receipt.part):
        said = _("the server signed that it took seat {seat}'s part, and left it out of the order")
        return said.format(seat=seat + 1)
    return None
