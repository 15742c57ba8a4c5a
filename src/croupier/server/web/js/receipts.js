// The server's signed receipts this browser kept (docs/fairness.md, "Receipts"; js/fair.js
// keeps them), against a history, as croupier.engine.receipts checks them: each signed by
// the key of the history's seal its id names, of `croupier-receipt-1` ‖ its fields but the
// signature in canonical JSON; each commitment told the one its shuffle was made to; the
// last seal taken of each seat the one its proof holds, each part revealed in the order.

import { joined, utf8 } from "./bytes.js";
import { canonical } from "./canonical.js";
import { sealOf } from "./fairness.js";
import { _ } from "./i18n.js";
import { holds, keyId, publicKey } from "./seal.js";

const DOMAIN = utf8("croupier-receipt-1");

// What a receipt's key signs.
function signed(receipt) {
  const { signature: _signature, ...fields } = receipt;
  return joined(DOMAIN, canonical(fields));
}

// Whether `receipt` is signed by the key of `seal`'s succession whose id it names.
async function signedBySeal(receipt, seal) {
  for (const hex of [seal.key, ...(seal.succession ?? []).map((step) => step.key)]) {
    if ((await keyId(hex)) === receipt.key_id) return holds(await publicKey(hex), receipt.signature, signed(receipt));
  }
  return false;
}

// What `receipt`, the last of its kind for its seat and shuffle, says that `proof` denies.
async function denied(receipt, proof) {
  if (proof.commitment !== receipt.commitment) {
    return _("the server signed that it told commitment {told}, and made it to {made}", { told: receipt.commitment.slice(0, 16), made: proof.commitment.slice(0, 16) });
  }
  if (receipt.kind === "sealed" && (proof.sealed ?? {})[receipt.seat] !== receipt.part) {
    return _("the server signed that it took seat {seat}'s seal, and the proof has another", { seat: receipt.seat + 1 });
  }
  const revealed = (proof.contributions ?? {})[receipt.seat];
  if (receipt.kind === "revealed" && (revealed === undefined || (await sealOf(revealed)) !== receipt.part)) {
    return _("the server signed that it took seat {seat}'s part, and left it out of the order", { seat: receipt.seat + 1 });
  }
  return null;
}

// The receipts (a list) of table `history.seal.table` against its history: {checked, refused}:
// how many receipts of the history's shuffles agree with it, and the first discrepancy, in
// words, or null. A receipt of a shuffle the history does not hold yet says nothing.
export async function receiptsAgainst(history, receipts) {
  const seal = history?.seal;
  const mine = receipts.filter((each) => seal && each.table === seal.table && each.shuffle <= (history.proofs ?? []).length);
  const last = new Map();
  for (const receipt of [...mine].sort((a, b) => a.time - b.time)) {
    if (!(await signedBySeal(receipt, seal))) return { checked: 0, refused: _("a receipt kept here is not signed by the history's key") };
    last.set(`${receipt.shuffle}/${receipt.seat}/${receipt.kind}`, receipt);
  }
  for (const receipt of [...last.values()].sort((a, b) => a.shuffle - b.shuffle)) {
    const said = await denied(receipt, history.proofs[receipt.shuffle - 1]);
    if (said !== null) return { checked: 0, refused: _("shuffle {shuffle}: {said}", { shuffle: receipt.shuffle, said }) };
  }
  return { checked: mine.length, refused: null };
}
