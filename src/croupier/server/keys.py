"""The server's key file (docs/fairness.md, "The key"): the secrets a table server keeps out
of its database, in a file only the server's user may read.

The file holds two private keys, each in PKCS#8 PEM (`cryptography`'s serialisation), in this
order: the Ed25519 key that signs the tables' shoes (`croupier.engine.seal.Signer`), and an
X25519 key that is never used as one: its 32 bytes are the secret of the `SeedBox`, which
seals each coming shuffle's seed before it is stored (ChaCha20-Poly1305, keyed by
HKDF-SHA256 of the secret), so that a reader of the database learns no seed. A rotation
(`croupier.server.succession`) changes the first and keeps the second, which the seeds
already stored were sealed with.

By default the file is `croupier.key` beside an SQLite database's file, and in croupier's
data folder for any other database (`default_key_file`): every process of one house must
read the same file.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidTag, UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from croupier import i18n
from croupier.engine.seal import Signer
from croupier.errors import InvalidInput

__all__ = [
    "KEY_FILE",
    "KeyFileError",
    "Keys",
    "SeedBox",
    "default_key_file",
    "read_key_file",
    "write_key_file",
]

KEY_FILE = "croupier.key"
"""The key file's name, beside the SQLite database or in the data folder."""

_SEEDS = b"croupier-seeds-1"
"""What the seeds' key is derived for, and what each sealed seed's associated data begins
with: those of another version never open."""

_NONCE = 12
"""The bytes of a ChaCha20-Poly1305 nonce, drawn afresh for each seed sealed."""

_PEM = re.compile(rb"-----BEGIN PRIVATE KEY-----.+?-----END PRIVATE KEY-----\s*", re.DOTALL)


class KeyFileError(InvalidInput):
    """A key file that cannot be used: missing where it must be, readable by others than
    the server's user, not two private keys as croupier writes them, or not the house's."""


class SeedBox:
    """Seals a shuffle's seed for the database, and opens it again: only with the key file's
    secret, and only as the seed of the table and shuffle it was sealed for."""

    def __init__(self, secret: bytes) -> None:
        hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_SEEDS)
        self._aead = ChaCha20Poly1305(hkdf.derive(secret))

    def seal(self, table: int, number: int, seed: bytes) -> str:
        """Table `table`'s shuffle `number`'s `seed`, sealed, in hex."""
        nonce = os.urandom(_NONCE)
        return (nonce + self._aead.encrypt(nonce, seed, _about(table, number))).hex()

    def open(self, table: int, number: int, sealed: str) -> bytes:
        """The seed `seal` sealed; `ValueError` if it is not one this box sealed for that
        table and shuffle."""
        raw = bytes.fromhex(sealed)
        try:
            return self._aead.decrypt(raw[:_NONCE], raw[_NONCE:], _about(table, number))
        except InvalidTag:
            raise ValueError(
                f"table {table}: shuffle {number}'s seed does not open with this key file"
            ) from None


def _about(table: int, number: int) -> bytes:
    return _SEEDS + table.to_bytes(8, "big") + number.to_bytes(4, "big")


@dataclass(frozen=True, slots=True)
class Keys:
    """What the key file holds: the `signer` of the shoes, and the seeds' `secret`, which
    makes their `box`."""

    signer: Signer
    secret: bytes
    box: SeedBox = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "box", SeedBox(self.secret))

    @classmethod
    def fresh(cls, private: bytes | None = None) -> Keys:
        """New keys from the system's strong source (with `private`, that signing key)."""
        secret = X25519PrivateKey.generate().private_bytes_raw()
        return cls(Signer(private or Signer.fresh()), secret)


def default_key_file(url: str) -> Path:
    """The key file of the database at `url` when none is named: `croupier.key` beside an
    SQLite file, else in the data folder (`croupier.server.database.data_folder`), which
    is made if it is not there (a named file's folder never is)."""
    from croupier.server.database import data_folder

    try:
        database = make_url(url).database if url.startswith("sqlite") else None
    except ArgumentError:
        database = None
    if database not in (None, "", ":memory:"):
        return Path(str(database)).with_name(KEY_FILE)
    data_folder().mkdir(parents=True, exist_ok=True)
    return data_folder() / KEY_FILE


def read_key_file(path: Path) -> Keys:
    """The keys in the file at `path`; `KeyFileError` (one line) if it is not there, may be
    read by its group or others, or is not as `write_key_file` writes it."""
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            said = i18n._("{path!r} is a folder, not a key file")
            raise KeyFileError(said.format(path=str(path)))
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            said = i18n._(
                "the key file {path!r} may be read by others than its owner (mode {mode:o}): "
                "chmod 600 it"
            )
            raise KeyFileError(said.format(path=str(path), mode=stat.S_IMODE(mode)))
        text = path.read_bytes()
    except FileNotFoundError:
        raise KeyFileError(i18n._("there is no key file {path!r}").format(path=str(path))) from None
    except OSError as error:  # the system's own words
        said = i18n._("cannot read the key file {path!r}: {error}")
        raise KeyFileError(said.format(path=str(path), error=error.strerror)) from None
    blocks = _PEM.findall(text)
    found: list[object] = []
    if len(blocks) == 2 and b"".join(blocks).strip() == text.strip():
        try:
            found = [serialization.load_pem_private_key(block, password=None) for block in blocks]
        except (ValueError, TypeError, UnsupportedAlgorithm):
            found = []
    signing, seeds = found or (None, None)
    if not isinstance(signing, Ed25519PrivateKey) or not isinstance(seeds, X25519PrivateKey):
        said = i18n._(
            "the key file {path!r} is not croupier's: it holds an Ed25519 and an X25519 "
            "private key, in PKCS#8 PEM"
        )
        raise KeyFileError(said.format(path=str(path)))
    return Keys(Signer(signing.private_bytes_raw()), seeds.private_bytes_raw())


def write_key_file(path: Path, keys: Keys, replace: bool = False) -> bool:
    """Write `keys` to a new file at `path`, readable by its owner alone: whether it was
    written (False: a file is there already, another process's, unless `replace`, when it
    is replaced whole, never left half written)."""
    signing = Ed25519PrivateKey.from_private_bytes(keys.signer.private_bytes())
    seeds = X25519PrivateKey.from_private_bytes(keys.secret)
    text = b"".join(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        for key in (signing, seeds)
    )
    try:
        target = path.with_name(f".{path.name}.new") if replace else path
        try:
            made = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            if replace:  # left by a rotation stopped midway: never read
                target.unlink()
                made = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            else:
                return False
        with os.fdopen(made, "wb") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        if replace:
            os.replace(target, path)
    except OSError as error:  # the system's own words
        said = i18n._("cannot write the key file {path!r}: {error}")
        raise KeyFileError(said.format(path=str(path), error=error.strerror)) from None
    return True
