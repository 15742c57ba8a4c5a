// Cards drawn by the page: "7D", "TS", "AH" (rank, then suit C/D/H/S; T is ten), and a
// face-down back for a hidden card, which a view gives as null. Each card element carries
// data-card (its text, or "" when face down), which the browser tests read.

import { el } from "./dom.js";
import { _ } from "./i18n.js";

// Each suit's `name` says a card of it ("{rank}": its rank in words).
const SUITS = {
  C: { symbol: "♣", name: _("{rank} of clubs"), colour: "black" },
  D: { symbol: "♦", name: _("{rank} of diamonds"), colour: "red" },
  H: { symbol: "♥", name: _("{rank} of hearts"), colour: "red" },
  S: { symbol: "♠", name: _("{rank} of spades"), colour: "black" },
};
const RANKS = {
  // i18n: a card's rank in words, as in "ace of spades"
  A: ["A", _("ace")],
  K: ["K", _("king")],
  Q: ["Q", _("queen")],
  J: ["J", _("jack")],
  T: ["10", _("ten")],
};

export function rankOf(text) {
  const rank = text.slice(0, -1);
  return RANKS[rank] ? RANKS[rank][0] : rank;
}

// In words: "7 of diamonds", "ten of spades".
export function cardName(text) {
  if (text === null || text === undefined) return _("a card face down");
  const rank = text.slice(0, -1);
  const suit = SUITS[text.slice(-1)];
  const spoken = RANKS[rank] ? RANKS[rank][1] : rank;
  return suit ? suit.name.replace("{rank}", spoken) : text;
}

// The pretty form, "7♦", for words and the log.
export function cardPretty(text) {
  if (text === null || text === undefined) return "▮";
  const suit = SUITS[text.slice(-1)];
  return suit ? `${rankOf(text)}${suit.symbol}` : text;
}

export function card(text, { small = false } = {}) {
  const size = small ? " small" : "";
  if (text === null || text === undefined) {
    return el("span", { class: `card back${size}`, role: "img", "aria-label": cardName(null), "data-card": "" });
  }
  const suit = SUITS[text.slice(-1)] || { symbol: "?", colour: "black" };
  const rank = rankOf(text);
  return el(
    "span",
    { class: `card ${suit.colour}${size}`, role: "img", "aria-label": cardName(text), "data-card": text },
    el("span", { class: "corner", "aria-hidden": "true" }, rank, el("br"), suit.symbol),
    el("span", { class: "pip", "aria-hidden": "true" }, suit.symbol),
  );
}

// A row of cards, with an optional caption (a hand's name and points).
export function hand(cards, caption = null, attributes = {}) {
  return el(
    "figure",
    { class: "hand", ...attributes },
    el("div", { class: "cards" }, cards.length ? cards.map((c) => card(c)) : el("span", { class: "no-cards" }, _("no cards"))),
    caption === null ? null : el("figcaption", {}, caption),
  );
}
