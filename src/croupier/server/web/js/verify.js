// The check of a table's shoes (verify.html?table=ID): the history as far as the last shoe
// over (GET /api/tables/ID/history) and the server's key (GET /api/key), compared with what
// this browser was shown and gave during play (js/fair.js keeps it). SHA-256 is the
// browser's own (crypto.subtle, which a browser gives a page from this machine or over
// https); the derivation of every order and the signatures are `croupier verify`'s. A
// browser that was shown nothing of these shuffles and gave nothing to them says so, never
// "Verified".

import { get } from "./api.js";
import { _, language, languageSwitch, ngettext, translate } from "./i18n.js";
import { clear, el, pieces } from "./dom.js";
import { remembered } from "./fair.js";

const table = Number(new URLSearchParams(location.search).get("table"));
const verdict = document.getElementById("verdict");
const rows = document.querySelector("#shoes tbody");

function tell(words, kind) {
  verdict.textContent = words;
  verdict.className = kind;
}

function bytes(hex) {
  return new Uint8Array(hex.match(/../g).map((pair) => parseInt(pair, 16)));
}

async function sha256(hex) {
  const digest = await crypto.subtle.digest("SHA-256", bytes(hex));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function cell(text, ok) {
  return el("td", { class: ok === true ? "yes" : ok === false ? "no" : "" }, text);
}

async function check() {
  if (!Number.isInteger(table) || table < 1) {
    tell(_("No table is named."), "bad");
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
  const history = JSON.parse(text);
  const name = `croupier-table-${table}.json`;
  document.getElementById("command").textContent = `croupier verify ${name} --key ${key}`;
  const download = document.getElementById("download");
  download.disabled = false;
  download.onclick = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = el("a", { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const proofs = history.proofs || [];
  const signedBy = history.seal?.key;
  document.getElementById("key-note").textContent =
    signedBy === key
      ? _("Signed by this server's key, {key}.", { key })
      : signedBy
        ? _("Signed by {signer}, which is not this server's ({key}).", { signer: signedBy, key })
        : _("Signed by no key, which is not this server's ({key}).", { key });
  if (!crypto.subtle) {
    tell(_("This browser computes SHA-256 only for a page served from this machine or over https: check with croupier verify."), "bad");
    return;
  }
  const mine = remembered(table);
  const problems = [];
  let shown = 0;
  let given = 0;
  clear(rows);
  for (const [index, proof] of proofs.entries()) {
    const shuffle = index + 1;
    const digest = await sha256(proof.seed);
    const holds = digest === proof.commitment;
    if (!holds) problems.push(_("shuffle {shuffle}'s seed is not the one committed to", { shuffle }));
    const seen = mine.seen[shuffle];
    const asShown = seen === undefined ? null : seen === proof.commitment && mine.changed[shuffle] === undefined;
    if (asShown === false) problems.push(_("shuffle {shuffle}'s commitment is not the one shown here", { shuffle }));
    shown += asShown === true;
    const yours = mine.parts[shuffle];
    const inIt = yours === undefined ? null : Object.values(proof.contributions).includes(yours);
    if (inIt === false) problems.push(_("your part of shuffle {shuffle} is not in it", { shuffle }));
    given += inIt === true;
    rows.append(
      el(
        "tr",
        { "data-shuffle": shuffle },
        el("th", { scope: "row" }, String(shuffle)),
        el("td", {}, el("code", {}, proof.commitment)),
        cell(holds ? _("the commitment") : _("another: {digest}", { digest }), holds),
        cell(asShown === null ? _("not seen here") : asShown ? _("yes") : _("no: {seen}", { seen }), asShown),
        cell(inIt === null ? _("none given here") : inIt ? _("yes: {part}", { part: yours }) : _("no: {part} is missing", { part: yours }), inIt),
      ),
    );
  }
  document.getElementById("shoes").hidden = false;
  if (signedBy !== key) problems.push(_("the history is not signed with this server's key"));
  if (problems.length) {
    tell(_("Not verified: {problems}.", { problems: problems.join("; ") }), "bad");
    return;
  }
  if (shown === 0 && given === 0) {
    const shuffles = ngettext("{n} shuffle", "{n} shuffles", proofs.length);
    // i18n: {shuffles} "3 shuffles"
    tell(_("Nothing seen here to check: this browser was shown none of these commitments before their shuffles and gave no part to them. It finds {shuffles}, each seed the one committed to, signed with this server's key; every card: croupier verify, below.", { shuffles }), "note");
    return;
  }
  const values = {
    shuffles: ngettext("{n} shuffle", "{n} shuffles", proofs.length),
    shown: ngettext("{n} commitment shown here before the shuffle", "{n} commitments shown here before the shuffle", shown),
    given,
  };
  // i18n: {shuffles} "3 shuffles", {shown} "2 commitments shown here before the shuffle", {given} a count
  tell(_("Verified in this browser: {shuffles}, each seed the one committed to; {shown}, each the one in the history; your part in {given}; signed with this server's key. Every card: croupier verify, below.", values), "ok");
}

translate(document);
document.querySelector("header").append(languageSwitch());
document.getElementById("checked-by").replaceChildren(
  ...pieces(_("The order of every shuffle, every card dealt from it and every signature are checked by {command}, with the server's key:"), {
    command: el("code", {}, "croupier verify"),
  }),
);
check();
