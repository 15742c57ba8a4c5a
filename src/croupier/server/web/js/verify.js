// The check of a table's shoes (verify.html?table=ID), or of a history file (chosen or
// dropped, here or in the page saved whole and opened from disk, with no server): what this
// browser was shown and gave during play (js/fair.js keeps it) against the history, and
// what the history itself proves (js/proved.js: each part against its seal, every order,
// the record's actions, each shoe's signature, each house cut, the cards dealt where they
// come off the top, the table's end marker), and the seats that sealed a part and did not
// reveal it; and the server's signed receipts this browser kept against the history
// (js/receipts.js). The key the history is signed with is checked against the server's
// (GET /api/key) or one pasted here; from a file with none given, the page says it is the
// history's own. A browser that was shown nothing of these shuffles and gave nothing to
// them says so, never "Verified"; nor does the check of a table dealt from a seed its
// server's operator chose, which proves nothing against the server.

import { get } from "./api.js";
import { _, catalog, language, languageSwitch, ngettext, translate } from "./i18n.js";
import { clear, el, pieces } from "./dom.js";
import { remembered } from "./fair.js";
import { GAMES } from "./fairness.js";
import { proved } from "./proved.js";
import { receiptsAgainst } from "./receipts.js";
import { standalone } from "./standalone.js";

const served = location.protocol !== "file:";
const table = Number(new URLSearchParams(location.search).get("table"));
const verdict = document.getElementById("verdict");
const checks = document.getElementById("checks");
const rows = document.querySelector("#shoes tbody");
const keyField = document.getElementById("key");
const SHOWN = 6; // the cards of each order shown, the rest in its title

let checking = null; // {history, text, name, serverKey}: what is checked now

function tell(words, kind) {
  verdict.textContent = words;
  verdict.className = kind;
}

function cell(text, ok, title) {
  return el("td", { class: ok === true ? "yes" : ok === false ? "no" : "", ...(title ? { title } : {}) }, text);
}

function line(check, text, ok) {
  checks.append(el("li", { "data-check": check, class: ok === true ? "yes" : ok === false ? "no" : "note" }, text));
}

function shuffles(n) {
  return ngettext("{n} shuffle", "{n} shuffles", n);
}

// The end line of a closed table's history, its end marker signed after `n` shoes.
function closedLine(n) {
  return ngettext("The table's end: signed after {n} shoe, every one in the history.", "The table's end: signed after {n} shoes, every one in the history.", n);
}

// The end line of a history given while its table was open, `n` shoes over then.
function openLine(n) {
  return ngettext(
    "The table's end: not signed, the table being open when the history was given, {n} shoe over; one cut at an earlier shoe's end would verify as one given then.",
    "The table's end: not signed, the table being open when the history was given, {n} shoes over; one cut at an earlier shoe's end would verify as one given then.",
    n,
  );
}

// What the key check says of the history's key, and the problem if there is one.
function keyLine(signer, against, given) {
  if (!signer) {
    return against ? [_("the history is not signed by any key"), false] : [_("Key: none: the history is not signed (a session saved at the terminal)."), null];
  }
  if (!against) return [_("Key: the history's own, {key}: not checked against a server's. Paste the server's key above to check it.", { key: signer }), null];
  if (signer === against) return [given ? _("Key: {key}, the one given.", { key: signer }) : _("Signed by this server's key, {key}.", { key: signer }), true];
  return [given ? _("Key: {signer}, not the one given ({key}).", { signer, key: against }) : _("Signed by {signer}, which is not this server's ({key}).", { signer, key: against }), false];
}

async function show() {
  const { history, name, serverKey } = checking;
  if (!crypto.subtle) {
    tell(_("This browser computes SHA-256 only for a page served from this machine or over https: check with croupier verify."), "bad");
    return;
  }
  tell(_("Checking …"), "note");
  const given = keyField.value.trim().toLowerCase();
  const against = given || serverKey;
  const report = await proved(history);
  const signer = history?.seal?.key;
  const numbered = history?.seal?.table ?? table;
  const mine = served && Number.isInteger(numbered) && numbered > 0 ? remembered(numbered) : { seen: {}, changed: {}, parts: {}, receipts: {} };
  const problems = [];
  let shown = 0;
  let gave = 0;
  clear(rows);
  clear(checks);
  for (const [index, proof] of (history?.proofs ?? []).entries()) {
    const shuffle = index + 1;
    const found = report.proofs[index];
    const holds = found ? found.digest === proof.commitment : null;
    const seen = mine.seen[shuffle];
    const asShown = seen === undefined ? null : seen === proof.commitment && mine.changed[shuffle] === undefined;
    if (asShown === false) problems.push(_("shuffle {shuffle}'s commitment is not the one shown here", { shuffle }));
    shown += asShown === true;
    const yours = mine.parts[shuffle];
    const inIt = yours === undefined ? null : Object.values(proof.contributions ?? {}).includes(yours);
    if (inIt === false) problems.push(_("your part of shuffle {shuffle} is not in it", { shuffle }));
    gave += inIt === true;
    const order = found?.order;
    rows.append(
      el(
        "tr",
        { "data-shuffle": shuffle },
        el("th", { scope: "row" }, String(shuffle)),
        el("td", {}, el("code", {}, String(proof.commitment))),
        cell(holds === null ? _("not checked") : holds ? _("the commitment") : _("another: {digest}", { digest: found.digest ?? "?" }), holds),
        cell(asShown === null ? _("not seen here") : asShown ? _("yes") : _("no: {seen}", { seen }), asShown),
        cell(inIt === null ? _("none given here") : inIt ? _("yes: {part}", { part: yours }) : _("no: {part} is missing", { part: yours }), inIt),
        order ? cell(`${order.slice(0, SHOWN).join(" ")} …`, null, order.join(" ")) : cell(_("not derived"), null),
      ),
    );
  }
  document.getElementById("shoes").hidden = !rows.children.length;
  const total = history?.proofs?.length ?? 0;
  if (shown) line("seen", _("Commitments seen here: {shown} of {shuffles}, each the one in the history.", { shown, shuffles: shuffles(total) }), true);
  else line("seen", _("Commitments seen here: none."), null);
  if (gave) line("parts", ngettext("Your part present: in {n} shuffle.", "Your part present: in {n} shuffles.", gave), true);
  else line("parts", _("Your part: none given here."), null);
  const receipts = await receiptsAgainst(history, Object.values(mine.receipts));
  if (receipts.refused !== null) {
    line("receipts", _("Receipts: {reason}.", { reason: receipts.refused }), false);
    problems.push(receipts.refused);
  } else if (receipts.checked) {
    line("receipts", ngettext("Receipts: {n} kept here, signed by the history's key and agreeing with it.", "Receipts: {n} kept here, each signed by the history's key and agreeing with it.", receipts.checked), true);
  }
  const refused = report.refused;
  const stages = [
    ["seeds", report.seeds !== null, () => _("Seeds: {shuffles}, each the one committed to.", { shuffles: shuffles(total) })],
    ["sealed", report.sealed > 0, () => ngettext("Sealed parts: in {n} shuffle, each part revealed the one its seat sealed.", "Sealed parts: in {n} shuffles, each part revealed the one its seat sealed.", report.sealed)],
    ["orders", report.orders !== null, () => _("Orders derived: {shuffles}, each from its seed and the seats' parts.", { shuffles: shuffles(report.orders) })],
    ["record", report.coups !== null, () => ngettext("Stakes and choices: the history's actions are the record's, coup by coup ({n} coup).", "Stakes and choices: the history's actions are the record's, coup by coup ({n} coups).", report.coups)],
    ["signatures", report.signatures !== null, () => ngettext("Signatures: {n} shoe, its signature valid with the history's key.", "Signatures: {n} shoes, each signature valid with the history's key.", report.signatures)],
    ["cuts", report.cuts !== null, () => ngettext("House cuts: {n}, the one its shuffle draws.", "House cuts: {n}, each the one its shuffle draws.", report.cuts)],
    ["calls", report.calls > 0, () => ngettext("Bots' calls to shuffle: {n}, the one its shuffle draws.", "Bots' calls to shuffle: {n}, each the one its shuffle draws.", report.calls)],
    ["cards", report.cards !== null, () => ngettext("Cards dealt: every card of {n} coup, from the derived orders and the cuts.", "Cards dealt: every card of {n} coups, from the derived orders and the cuts.", report.cards)],
    ["end", report.end !== null, () => (report.end.closed ? closedLine(report.end.shoes) : openLine(report.end.shoes)), () => (report.end.closed ? true : null)],
  ];
  for (const [stage, done, said, ok = () => true] of stages) {
    if (refused?.stage === stage) {
      line(stage, _("Not verified: {reason}.", { reason: refused.message }), false);
      problems.push(refused.message);
      break;
    }
    if (done) line(stage, said(), ok());
    if (stage === "sealed") {
      for (const { shuffle, seat } of report.withheld) line("withheld", _("Shuffle {shuffle}: seat {seat} sealed a part and did not reveal it, so the order was made without it.", { shuffle, seat }), null);
    }
  }
  if (!refused) {
    if (!history.seal) line("signatures", _("Signatures: none: a session saved at the terminal is not signed, and its cards are left to croupier verify."), null);
    else if (report.fairness < 2) line("cuts", _("House cuts: not checked: this table cut as it did before house cuts."), null);
    if (history.seal?.seeded) line("seeded", _("Seeded: the server dealt this table from a seed its operator chose (serve --seed, for tests and demonstrations): whoever knows that seed knew every order before play, so these shuffles prove nothing against the server."), false);
    if (history.seal && (history.seal.shoes ?? null) === null) line("end", _("The table's end: not checked: this history is from a table opened before a seal said how many shoes are over and signed the table's end."), null);
    if (history.seal && !GAMES[history.game].fromTop) line("cards", _("Cards dealt: left to croupier verify: in this game which card comes next is the rules' (the end of the pack dealt from, or cards put back under it), and this page does not play them."), null);
    if (history.seed !== null && history.seed !== undefined) line("seeds", _("Seeds: drawn from the session's seed {seed}; that they are the ones it draws is for croupier verify.", { seed: history.seed }), null);
    line("rules", _("Events and chips: croupier verify, which plays the game's rules again."), null);
  }
  const [keySaid, keyOk] = keyLine(signer, against, Boolean(given));
  checks.append(el("li", { id: "key-note", "data-check": "key", class: keyOk === true ? "yes" : keyOk === false ? "no" : "note" }, keySaid));
  if (keyOk === false) problems.push(signer ? (given ? _("the history is not signed with the key given") : _("the history is not signed with this server's key")) : keySaid);
  document.getElementById("command").textContent = `croupier verify ${name}${against ? ` --key ${against}` : ""}`;
  if (problems.length) {
    tell(_("Not verified: {problems}.", { problems: problems.join("; ") }), "bad");
  } else if (shown === 0 && gave === 0) {
    tell(_("Nothing seen here to check: this browser was shown none of these commitments before their shuffles and gave no part to them, so it cannot tell they were fixed before play. What the history itself proves is below."), "note");
  } else if (history.seal?.seeded) {
    tell(_("Not a proof: this table was dealt from a seed its server's operator chose (serve --seed), so whoever knows that seed knew every order before play. The history checks out, as below, and proves nothing against the server."), "bad");
  } else {
    tell(_("Verified in this browser: the commitments shown here and your parts are the history's, and the history itself proves what is below."), "ok");
  }
}

function check(text, name, serverKey = null) {
  let history;
  try {
    history = JSON.parse(text);
  } catch {
    tell(_("{name} is not JSON: not a history.", { name }), "bad");
    return;
  }
  checking = { history, text, name, serverKey };
  show();
}

async function fromServer() {
  if (!Number.isInteger(table) || table < 1) {
    tell(_("No table is named: choose a history file below."), "note");
    return;
  }
  document.getElementById("back").href = `table.html?table=${table}`;
  document.title = _("croupier: checking table {table}'s shoes", { table });
  let text;
  let key;
  try {
    const response = await fetch(`/api/tables/${table}/history`, { credentials: "same-origin", headers: { "accept-language": language } });
    text = await response.text();
    if (!response.ok) {
      tell(JSON.parse(text).error || _("The server answered {status}.", { status: response.status }), "bad");
      return;
    }
    const published = await get("/api/key");
    key = published.history[0].key; // the house's first key, which a history's seal names
  } catch {
    tell(_("The server does not answer: is it running?"), "bad");
    return;
  }
  const name = `croupier-table-${table}.json`;
  const download = document.getElementById("download");
  download.disabled = false;
  download.onclick = () => save(text, name, "application/json");
  check(text, name, key);
}

function save(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function fromFile(file) {
  if (!file) return;
  document.getElementById("download").disabled = true;
  check(await file.text(), file.name);
}

translate(document);
if (served) document.querySelector("header").append(languageSwitch());
document.getElementById("checked-by").replaceChildren(
  ...pieces(_("Every card, every event and every chip are checked by {command}, which plays the game's rules again, with the server's key:"), {
    command: el("code", {}, "croupier verify"),
  }),
);
document.getElementById("file").addEventListener("change", (event) => fromFile(event.target.files[0]));
keyField.addEventListener("change", () => checking && show());
document.body.addEventListener("dragover", (event) => event.preventDefault());
document.body.addEventListener("drop", (event) => {
  event.preventDefault();
  fromFile(event.dataTransfer.files[0]);
});
const offline = document.getElementById("offline");
offline.hidden = !served;
offline.addEventListener("click", async () => save(await standalone(catalog), "croupier-check.html", "text/html"));
if (served) fromServer();
else tell(_("Choose a history file below, or drop it on this page."), "note");
