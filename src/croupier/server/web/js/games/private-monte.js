// Private Monte Bank's table (PM-1 .. PM-8): the two layouts, top and bottom, each a row a
// punter bets on by clicking it (PM-4); the gate, matched by suit (PM-5); the deals left
// in this shuffle (PM-8); the bank and its banker; the cards seen since the shuffle; the
// seats and their chips. The table itself (the bank, the shuffles and cuts) is Monte Bank's.

import { cardPretty } from "../cards.js";
import { _, ngettext } from "../i18n.js";
import { ROWS, bankPanel, betsList, hearDraw, keepDeal, lastCards, linkStyle, rowWords, seatsList, settledBy, shownName as placeName, short, stackAt } from "./monte-layout.js";

export { resultTitle, roundWord, settledLines } from "./monte-layout.js";

// The last deal's hands: the two layouts' cards and the gate (PM-3, PM-5).
export function shownName(hand) {
  return hand.name === "drawn" ? _("The gate") : placeName(hand);
}

const CHIPS = [10, 25, 50, 100];

export function label(action) {
  switch (action.type) {
    case "LayoutBet":
      return action.row === "top" ? _("Bet on the top layout") : _("Bet on the bottom layout");
    case "PutUpBank":
      return _("Put up the bank");
    case "AddToBank":
      return _("Add to the bank");
    case "DeclineBank":
      return _("Decline the bank");
    case "KeepBank":
      return _("Deal again");
    case "GiveUpBank":
      return _("Give up the bank");
    case "ShufflePack":
      return _("Shuffle the pack");
    case "Pass":
      return _("Pass: let it go by");
    case "Cut":
      return _("Cut the pack");
    case "Done":
      return _("Done betting");
    case "Leave":
      return _("Get up");
    default:
      return undefined;
  }
}

export function hear(step, memory) {
  for (const event of step.events || []) {
    if (event.type === "CardShown") memory.gate = event.card;
    if ((event.type === "LayoutCard" && event.spot === "top-left") || event.type === "PackShuffled") memory.gate = null;
  }
  hearDraw(step, memory, { settledWords: settledBy });
}

function who(index, seat, h) {
  if (index === null || index === undefined) return _("nobody");
  return index === seat ? _("you") : h.seatName(index);
}

function phaseWords(view, seat, h) {
  switch (view.phase) {
    case "first banker":
      return _("Each player draws a card: the lowest banks first (PM-2).");
    case "monte":
      return _("{banker} has the bank: put it up, or decline.", { banker: who(view.banker, seat, h) });
    case "offer":
      return _("The bank is offered to {who}.", { who: who(view.offered, seat, h) });
    case "shuffles":
      return _("{who} may ask to shuffle; the banker shuffles last (PM-2).", { who: who(view.speaking, seat, h) });
    case "shuffling":
      return _("The pack is shuffled.");
    case "cuts":
      return _("{who} may cut (PM-2).", { who: who(view.speaking, seat, h) });
    case "layout":
      return _("The banker deals two layouts: two cards from the bottom, two from the top (PM-3).");
    case "betting":
      return _("Bets are open: click a layout to bet on it (PM-4).");
    case "draw":
      return _("The banker turns the pack face up: its bottom card is the gate (PM-5).");
    case "between":
      return _("Deal {deal} is over: {banker} deals again or adds to the bank (PM-7, PM-8).", { deal: view.deals, banker: who(view.banker, seat, h) });
    case "waiting":
      return _("The table waits for a second player.");
    case "over":
      return _("The session is over.");
    default:
      return view.phase;
  }
}

// The deals still to come from this shuffle, as the view counts them (PM-8).
function dealsWords(view) {
  return ngettext(
    "{n} more deal to come from this shuffle (PM-8: {agreed} agreed, and at least 10 cards stay undealt).",
    "{n} more deals to come from this shuffle (PM-8: {agreed} agreed, and at least 10 cards stay undealt).",
    view.deals_left,
    { agreed: view.rules.deals_per_bank },
  );
}

function bank(view, seat, h) {
  const rules = view.rules;
  const passWords = view.phase === "cuts" ? _("No cut: let it go by") : _("No shuffle: let it go by");
  const kinds = new Set(["PutUpBank", "DeclineBank", "KeepBank", "GiveUpBank", "AddToBank", "ShufflePack", "Pass", "Cut"]);
  const controls = h
    .find((o) => kinds.has(o.type) || (o.type === "Amounts" && kinds.has(o.template.type)))
    .map((o) => h.control(o, { text: o.type === "Pass" ? passWords : null, chips: o.type === "Amounts" && o.template.type !== "Cut" ? [100, 200, 500] : [] }));
  const lines = [
    dealsWords(view),
    _("Stakes {cava} to {limit}, never over the bank; a layout pays 1 to 1 when the gate has the suit of one of its cards (PM-5, PM-6).", {
      cava: rules.cava,
      limit: rules.limit,
    }),
  ];
  return bankPanel(view, seat, h, { lines, controls, bankWord: _("The bank") });
}

// i18n: the gate's suit, which decides the bets (PM-5)
const SUIT_WORDS = { C: _("clubs"), D: _("diamonds"), H: _("hearts"), S: _("spades") };

function gateSuit(card) {
  return SUIT_WORDS[card.slice(-1)];
}

// The last deal's winner (js/result.js): the layouts that have the gate's suit win, the
// others lose (PM-5).
export function winnerWords(last) {
  const gate = lastCards(last, "drawn")[0];
  if (!gate) return null;
  const [top, bottom] = ROWS.map(([, spots]) => spots.some((spot) => lastCards(last, spot)[0]?.slice(-1) === gate.slice(-1)));
  const values = { card: cardPretty(gate), suit: gateSuit(gate) };
  if (top && bottom) return _("The gate {card} is {suit}: both layouts win (PM-5).", values);
  if (top) return _("The gate {card} is {suit}: the top layout wins, the bottom one loses (PM-5).", values);
  if (bottom) return _("The gate {card} is {suit}: the bottom layout wins, the top one loses (PM-5).", values);
  return _("The gate {card} is {suit}: both layouts lose (PM-5).", values);
}

function rows(view, seat, h) {
  const { memory } = h;
  const layout = view.layout;
  const gate = memory.gate && view.phase !== "betting" ? memory.gate : null;
  const betting = h.find((o) => o.type === "Amounts" && o.template.type === "LayoutBet");
  if (memory.rowOn !== JSON.stringify(layout)) {
    memory.row = null;
    memory.rowOn = JSON.stringify(layout);
  }
  const made = ROWS.map(([row, spots]) => {
    const cards = spots.map((spot) => stackAt(layout, spot)[0]);
    const option = betting.find((o) => o.template.row === row);
    const won = gate && cards.some((card) => card.slice(-1) === gate.slice(-1));
    const shown = h.el(
      "span",
      { class: "pm-cards", "data-hand": `${row}-layout` },
      h.el("span", { class: "pm-name" }, rowWords(row)),
      cards.map((card) => h.card(card)),
    );
    const shownCards = cards.map(cardPretty).join(" ");
    const words = row === "top" ? _("the top layout: {cards}", { cards: shownCards }) : _("the bottom layout: {cards}", { cards: shownCards });
    const target = option
      ? h.el("button", { type: "button", class: "pm-target", "data-row": row, "aria-pressed": memory.row === row ? "true" : "false", "aria-label": _("{spot}: choose it to bet", { spot: words }), onclick: () => choose(row) }, shown)
      : h.el("div", { class: "pm-target", "data-row": row, role: "group", "aria-label": words }, shown);
    const stakes = view.bets
      .filter((bet) => spots.every((spot) => bet.wager.row.includes(spot)))
      .map((bet) => h.el("li", { class: bet.seat === seat ? "mine" : "" }, `${short(bet.seat, seat, h)}: `, h.el("span", { class: "mo-chips" }, String(bet.stake))));
    const control = option ? h.control(option, { chips: CHIPS }) : null;
    const offered = control ? h.el("div", { class: "pm-offer", "data-row": row, hidden: memory.row !== row }, control) : null;
    const suit = gate ? gateSuit(gate) : null;
    const fate = gate ? h.el("strong", {}, won ? _("wins: the gate is {suit}", { suit }) : _("loses: no {suit}", { suit })) : null;
    const onIt = row === "top" ? _("bets on the top layout") : _("bets on the bottom layout");
    return h.el(
      "div",
      { class: `pm-row${won ? " won" : ""}`, "data-layout": row },
      target,
      h.el("div", { class: "pm-row-side" }, stakes.length ? h.el("ul", { class: "mo-on", "aria-label": onIt }, stakes) : h.el("span", { class: "note" }, _("no bets")), fate, offered),
    );
  });
  function choose(row) {
    memory.row = memory.row === row ? null : row;
    for (const part of made) {
      const button = part.querySelector("button.pm-target");
      if (button) button.setAttribute("aria-pressed", button.dataset.row === memory.row ? "true" : "false");
      const offer = part.querySelector(".pm-offer");
      if (offer) offer.hidden = offer.dataset.row !== memory.row;
    }
  }
  const done = h.find((o) => o.type === "Done").map((o) => h.control(o));
  return h.el(
    "section",
    { class: "pm-rows mo-layout", "aria-label": _("the two layouts") },
    made,
    betting.length ? h.el("p", { class: "note" }, _("Click a layout to bet on it; one stake a layout.")) : null,
    done.length ? h.el("div", { class: "mo-controls" }, done) : null,
  );
}

// The gate: as heard, or after a reload the last card seen when a deal has just ended.
function gateOf(view, memory) {
  if (view.phase === "betting" || view.phase === "layout") return null;
  if (memory.gate) return memory.gate;
  const drawn = view.last?.hands.find((hand) => hand.name === "drawn");
  return view.phase === "between" && drawn ? drawn.cards[0] : null;
}

function gatePanel(view, h) {
  const { memory } = h;
  const gate = gateOf(view, memory);
  if (!gate) return null;
  const entry = memory.gate ? (memory.draw || []).at(-1) : null;
  return h.el(
    "section",
    { class: "mo-draw", "aria-label": _("the gate") },
    h.el("div", { class: "pm-gate" }, h.card(gate), h.el("strong", {}, _("The gate: {card}, {suit}", { card: cardPretty(gate), suit: gateSuit(gate) }))),
    entry ? h.el("ul", { class: "mo-said" }, entry.lines.map((line) => h.el("li", {}, line))) : null,
  );
}

function seenPanel(view, h) {
  return h.el(
    "details",
    { class: "pm-seen-box", open: true },
    h.el("summary", {}, ngettext("{n} card seen since the shuffle", "{n} cards seen since the shuffle", view.seen.length)),
    h.el("div", { class: "pm-seen", "data-hand": "seen" }, view.seen.map((card) => h.card(card, { small: true }))),
  );
}

export function render(view, seat, h) {
  linkStyle();
  keepDeal(view, h.memory);
  const parts = [
    h.el("p", { class: "mo-phase", role: "status" }, phaseWords(view, seat, h)),
    h.el("div", { class: "mo-top" }, bank(view, seat, h)),
    view.layout ? rows(view, seat, h) : null,
    view.layout ? betsList(view, seat, h) : null,
    gatePanel(view, h),
    seenPanel(view, h),
    seatsList(view, seat, h),
  ];
  h.container.append(...parts.filter(Boolean));
}

// The odds panel (js/odds.js): each layout's chance of winning and the seat's edge on it,
// given the cards seen since the shuffle (GET /api/tables/{id}/odds), by the API's names of
// the rows.
const ODDS_ROWS = { top: _("The top layout"), bottom: _("The bottom layout") };

export function odds(figures, h) {
  const rows = figures.layouts.map((layout) =>
    h.el(
      "tr",
      { "data-layout": layout.row },
      h.el("th", { scope: "row" }, ODDS_ROWS[layout.row] || layout.row, h.el("span", { class: "odds-cards" }, layout.cards.map((c) => h.card(c)))),
      h.figure(layout.win, `${layout.row}.win`),
      h.figure(layout.edge, `${layout.row}.edge`, { signed: true }),
    ),
  );
  const given = ngettext("Given the {n} card seen since the shuffle", "Given the {n} cards seen since the shuffle", figures.seen);
  return [h.grid(given, [_("Layout"), _("Wins"), _("Your edge")], rows)];
}
