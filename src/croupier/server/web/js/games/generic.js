// The fallback layout: any game's view, its fields shown readably (cards drawn, seats
// counted from 1), so that every game is playable before its own layout is written. Its
// options are left to the action bar below the table. The fields are named in the page's
// language (a field no game has yet, as the API names it), the rules as the lobby's form
// names them.

import { _, pgettext } from "../i18n.js";
import { ruleName } from "../rules.js";

const CARD = /^[2-9TJQKA][CDHS]$/;
const SKIP = new Set(["type", "legal", "viewer", "rules"]);

function isCards(name, value) {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => item === null || (typeof item === "string" && CARD.test(item))) &&
    (value.some((item) => item !== null) || /cards|hand|layout|gate/.test(name))
  );
}

// i18n: the name of a field of a game's view, on the table page's fallback layout (the API's
// word: a game's own layout shows the view in its own words)
const NAMES = {
  against: pgettext("view", "against"),
  apart: pgettext("view", "apart"),
  backed: pgettext("view", "backed"),
  banco: pgettext("view", "banco"),
  bank: pgettext("view", "bank"),
  banker: pgettext("view", "banker"),
  banker_cards: pgettext("view", "banker cards"),
  bets: pgettext("view", "bets"),
  "bottom-left": pgettext("view", "bottom-left"),
  "bottom-right": pgettext("view", "bottom-right"),
  box: pgettext("view", "box"),
  boxes: pgettext("view", "boxes"),
  card: pgettext("view", "card"),
  cards: pgettext("view", "cards"),
  cards_left: pgettext("view", "cards left"),
  chips: pgettext("view", "chips"),
  choosers: pgettext("view", "choosers"),
  coups: pgettext("view", "coups"),
  cut_card_out: pgettext("view", "cut card out"),
  dealer: pgettext("view", "dealer"),
  deals: pgettext("view", "deals"),
  deals_left: pgettext("view", "deals left"),
  decision: pgettext("view", "decision"),
  done: pgettext("view", "done"),
  early: pgettext("view", "early"),
  egalite: pgettext("view", "egalite"),
  extras: pgettext("view", "extras"),
  fallen: pgettext("view", "fallen"),
  falls: pgettext("view", "falls"),
  fresh: pgettext("view", "fresh"),
  group: pgettext("view", "group"),
  hand: pgettext("view", "hand"),
  hands: pgettext("view", "hands"),
  high_bid: pgettext("view", "high bid"),
  holder: pgettext("view", "holder"),
  house: pgettext("view", "house"),
  last: pgettext("view", "last"),
  last_banker: pgettext("view", "last banker"),
  layout: pgettext("view", "layout"),
  matched: pgettext("view", "matched"),
  name: pgettext("view", "name"),
  nets: pgettext("view", "nets"),
  no_riders: pgettext("view", "no riders"),
  number: pgettext("view", "number"),
  offered: pgettext("view", "offered"),
  order: pgettext("view", "order"),
  other: pgettext("view", "other"),
  owed: pgettext("view", "owed"),
  partner: pgettext("view", "partner"),
  passed: pgettext("view", "passed"),
  peeked: pgettext("view", "peeked"),
  peeked_card: pgettext("view", "peeked card"),
  phase: pgettext("view", "phase"),
  points: pgettext("view", "points"),
  punter: pgettext("view", "punter"),
  punter_cards: pgettext("view", "punter cards"),
  punter_stood: pgettext("view", "punter stood"),
  punto: pgettext("view", "punto"),
  rounds: pgettext("view", "rounds"),
  row: pgettext("view", "row"),
  seat: pgettext("view", "seat"),
  seats: pgettext("view", "seats"),
  seen: pgettext("view", "seen"),
  shoe_number: pgettext("view", "shoe number"),
  shown: pgettext("view", "shown"),
  speaking: pgettext("view", "speaking"),
  spot: pgettext("view", "spot"),
  spots: pgettext("view", "spots"),
  stake: pgettext("view", "stake"),
  stakes: pgettext("view", "stakes"),
  to_act: pgettext("view", "to act"),
  "top-left": pgettext("view", "top-left"),
  "top-right": pgettext("view", "top-right"),
  turned: pgettext("view", "turned"),
  turner: pgettext("view", "turner"),
  uncovered: pgettext("view", "uncovered"),
  unseen: pgettext("view", "unseen"),
  wager: pgettext("view", "wager"),
  winner: pgettext("view", "winner"),
};

function words(name) {
  return NAMES[name] || name.replace(/_/g, " ");
}

function show(name, value, h, named) {
  if (value === null || value === undefined) return h.el("span", { class: "none" }, "—");
  if (typeof value === "string" && CARD.test(value)) return h.card(value);
  if (isCards(name, value)) return h.hand(value);
  if (Array.isArray(value)) {
    if (!value.length) return h.el("span", { class: "none" }, _("none"));
    if (value.every((item) => typeof item !== "object" || item === null)) {
      return h.el("span", {}, value.map((item) => (item === null ? "—" : String(item))).join(", "));
    }
    const items = value.map((item, index) => (item === null ? null : h.el("li", { value: index + 1 }, show(name, item, h, named))));
    return h.el("ol", { class: "fields" }, items);
  }
  if (typeof value === "object") return fields(value, h, named);
  if (typeof value === "boolean") return value ? _("yes") : _("no");
  return String(value);
}

// `object`'s fields, each named by `named` (a view's, or a rule set's).
function fields(object, h, named = words) {
  const list = h.el("dl", { class: "fields" });
  for (const [name, value] of Object.entries(object)) {
    if (SKIP.has(name)) continue;
    list.append(h.el("dt", {}, named(name)), h.el("dd", {}, show(name, value, h, named)));
  }
  return list;
}

export function render(view, seat, h) {
  const nobody = _("nobody");
  const whose = [...view.to_act].map((actor) => (typeof actor === "number" ? h.seatName(actor) : actor));
  h.container.append(
    h.el("p", { class: "turn" }, _("Waiting on: {who}", { who: whose.join(", ") || nobody })),
    fields(view, h),
    h.el("details", { class: "rules" }, h.el("summary", {}, _("Rules of this table")), fields(view.rules, h, ruleName)),
  );
}
