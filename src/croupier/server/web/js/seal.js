// A table server's seal on its histories, as croupier.engine.seal writes it
// (docs/fairness.md, "Signed histories"): the chain carried through the history, what the
// server signs as each shoe ends and as the table closes (its end marker), and the check of
// an Ed25519 signature by the browser's own (crypto.subtle).

import { bigEndian, fromHex, joined, sha256, utf8 } from "./bytes.js";
import { canonical } from "./canonical.js";

const DOMAIN = utf8("croupier-seal-1");

// The chain before the history's first step: SHA-256(domain ‖ [table, game, rule set,
// buy-ins, and {"fairness": n} for a table of fairness 2 or more], in canonical JSON).
export async function opening(table, game, config, buyIns, fairness) {
  const opened = [table, game, config, buyIns, ...(fairness > 1 ? [{ fairness }] : [])];
  return sha256(joined(DOMAIN, canonical(opened)));
}

// The chain after a step of a seat or of the house, [actor, action] in canonical JSON as
// `step` gives it (`canonical([actor, action])`).
export async function afterStep(chain, step) {
  return sha256(joined(chain, step));
}

// The chain after a shuffle with this commitment and these contributions ({seat: text}),
// and the seats' seals of them ({seat: SHA-256 hex}) where they were sealed first:
// [commitment, contributions] or [commitment, contributions, sealed], in canonical JSON.
export async function afterShuffle(chain, commitment, contributions, sealed) {
  return sha256(joined(chain, canonical([commitment, contributions, ...(sealed === undefined ? [] : [sealed])])));
}

// What the server signs as shoe `shoe` of table `table` ends: the domain, the table (8
// bytes), the shoe (4 bytes), the chain and the shoe's seed (none for shoe 0).
export function message(table, shoe, chain, seed) {
  return joined(DOMAIN, bigEndian(table, 8), bigEndian(shoe, 4), chain, seed ?? new Uint8Array());
}

// What the server signs as table `table` closes after `shoes` shoes (shoe 0 among them),
// the chain then `chain`: the domain, the table (8 bytes), `end`, the shoes (4 bytes) and
// the chain.
export function closing(table, shoes, chain) {
  return joined(DOMAIN, bigEndian(table, 8), utf8("end"), bigEndian(shoes, 4), chain);
}

// The Ed25519 public key `hex` (64 hexadecimal digits), to check signatures with.
export async function publicKey(hex) {
  return crypto.subtle.importKey("raw", fromHex(hex), { name: "Ed25519" }, false, ["verify"]);
}

// Whether `signature` (hex) is `key`'s of `signed`.
export async function holds(key, signature, signed) {
  try {
    return await crypto.subtle.verify({ name: "Ed25519" }, key, fromHex(signature), signed);
  } catch {
    return false;
  }
}
