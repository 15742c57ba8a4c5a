// The server's signed receipts this browser kept (docs/fairness.md, "Receipts"; js/fair.js
// keeps them), against a history, as croupier.engine.receipts checks them: each signed by
// the key of the history's seal its id names, of `croupier-receipt-1` ‖ its fields but the
// signature in canonical JSON; each commitment told the one its shuffle was made to; the
// last seal taken of each seat the one its proof holds, each part revealed in the order.

import { joined, utf8 } from "./bytes.js";
import { canonical } from "./canonical.js";
import { sealOf } from "./fairness.js";
import { _ } from "./i18n.js";
import { sealKeys, signedBy } from "./proved.js";

const DOMAIN = utf8("croupier-receipt-1");

// What a receipt's key signs.
function signed(receipt) {
  const { signature: _signature, ...fields } = receipt;
  return joined(DOMAIN, canonical(fields));
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
// (A history whose seal's keys are not keys, which the check of the history refuses, holds
// no receipt either.)
export async function receiptsAgainst(history, receipts) {
  const seal = history?.seal;
  const keys = seal ? await sealKeys(seal).catch(() => []) : [];
  const mine = receipts.filter((each) => keys.length && each.table === seal.table && each.shuffle <= (history.proofs ?? []).length);
  const last = new Map();
  for (const receipt of [...mine].sort((a, b) => a.time - b.time)) {
    if (!(await signedBy(keys, receipt.key_id, receipt.signature, () => signed(receipt)))) {
      return { checked: 0, refused: _("a receipt kept here is not signed by the history's key") };
    }
    last.set(`${receipt.shuffle}/${receipt.seat}/${receipt.kind}`, receipt);
  }
  for (const receipt of [...last.values()].sort((a, b) => a.shuffle - b.shuffle)) {
    const said = await denied(receipt, history.proofs[receipt.shuffle - 1]);
    if (said !== null) return { checked: 0, refused: _("shuffle {shuffle}: {said}", { shuffle: receipt.shuffle, said }) };
  }
  return { checked: mine.length, refused: null };
}
