// What Monte Bank and Private Monte share on the page: the layout's places as the banker sees
// them (the top layout above the bottom one, left and right as he sees them, MB-6), a
// place's stack (a pair or triple stacked, MB-7c), bets in words, the bank and the pack,
// and the seats with their chips. Each game's module draws its own table with these.

import { cardPretty } from "../cards.js";
import { _, ngettext } from "../i18n.js";
import { placesList, taken } from "./places.js";

// The games' own stylesheet (css/monte.css), linked once when a layout first draws.
export function linkStyle() {
  if (document.querySelector("link[data-monte-style]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../../css/monte.css", import.meta.url).href;
  link.dataset.monteStyle = "";
  document.head.append(link);
}

export const ROWS = [
  ["top", ["top-left", "top-right"]],
  ["bottom", ["bottom-left", "bottom-right"]],
];
export const SPOTS = ROWS.flatMap(([, spots]) => spots);

// i18n: a card's place on the Monte layout, as the banker sees it (MB-6)
const SPOT_WORDS = { "top-left": _("top left"), "top-right": _("top right"), "bottom-left": _("bottom left"), "bottom-right": _("bottom right") };

// "top-left" -> "top left"; "extra-1" -> "added card 1" (MB-17).
export function placeWords(place) {
  if (place.startsWith("extra-")) return _("added card {number}", { number: place.slice(6) });
  return SPOT_WORDS[place] || place.replace("-", " ");
}

// A layout's row in words: "top layout", "bottom layout" (MB-6, PM-3).
export function rowWords(row) {
  // i18n: a row of the Monte layout; the bottom one is the galló (MB-6, PM-3)
  return row === "top" ? _("top layout") : _("bottom layout");
}

// The last deal (view.last, js/result.js): the layout's places and the cards drawn from
// the bottom, the gate first (MB-11, MB-12).
export const resultTitle = _("The last deal");
export const roundWord = "deal"; // the page's key for its "Leave after this deal"

export function shownName(hand) {
  if (hand.name === "drawn") return _("Drawn from the bottom, the gate first");
  const words = placeWords(hand.name);
  return `${words[0].toUpperCase()}${words.slice(1)}`;
}

// The last deal's result beyond its cards (js/result.js): the banker's outcome and each bet
// settled, as far as the page knows them. `keepDeal` keeps, for the last few layouts, the
// banker who took the bets on it and the bets in words as the views showed them; after a
// reload the banker is the one the view names while the deal is just over. The bets
// settled are those the page heard settled in that deal.
export function keepDeal(view, memory) {
  if (!["betting", "draw"].includes(view.phase) || !view.layout) return;
  const key = spotsKey(view.layout.spots);
  const kept = memory.deals?.[key] || { banker: view.banker, bets: {} };
  for (const bet of view.bets) kept.bets[bet.number] = wagerWords(view.layout, bet.wager);
  const others = Object.entries(memory.deals || {}).filter(([other]) => other !== key);
  memory.deals = Object.fromEntries([...others.slice(-3), [key, kept]]);
}

function spotsKey(stacks) {
  return JSON.stringify(SPOTS.map((spot) => stacks[spot] || []));
}

// The last deal's hand called `name` ("top-left", "drawn"): its cards.
export function lastCards(last, name) {
  return last.hands.find((hand) => hand.name === name)?.cards || [];
}

function keptDeal(last, h) {
  return (h.memory.deals || {})[spotsKey(Object.fromEntries(SPOTS.map((spot) => [spot, lastCards(last, spot)])))] || null;
}

// The deal as the page heard it, when it is the last one: its draw and its bets settled.
export function heardDeal(last, h) {
  const told = h.memory.told;
  return told && JSON.stringify(told.drawn) === JSON.stringify(lastCards(last, "drawn")) ? told : null;
}

// What a settled bet made: "won +40", "lost 25", the house's cut (MB-13), or void (MB-4).
function madeWords(event) {
  if (event.type === "BetVoided") return _("void: the stake comes back (MB-4)");
  if (event.fate !== "win") return _("lost {chips}", { chips: event.stake });
  const paid = { paid: `+${event.paid}`, cut: event.cut };
  return event.cut ? _("won {paid}, less the house's cut of {cut} (MB-13)", paid) : _("won {paid}", paid);
}

export function settledLines(last, h) {
  const seat = h.message?.seat ?? null;
  const kept = keptDeal(last, h);
  const view = h.message?.view;
  const banker = kept ? kept.banker : view?.phase === "between" ? view.banker : null;
  const net = last.nets.find(([s]) => s === banker)?.[1];
  const lines = [];
  if (banker !== null && net !== undefined) {
    const who = banker === seat ? _("you") : h.seatName(banker);
    if (net > 0) lines.push(_("The banker, {who}, won {chips}.", { who, chips: net }));
    else if (net < 0) lines.push(_("The banker, {who}, lost {chips}.", { who, chips: -net }));
    else lines.push(_("The banker, {who}, is even.", { who }));
  }
  const settled = [...(heardDeal(last, h)?.settled || [])].sort((a, b) => a.number - b.number);
  for (const event of settled) {
    const wager = kept?.bets[event.number];
    const bet = `${event.number}. ${short(event.seat, seat, h)}: ${wager ? `${wager}, ` : ""}${event.stake}`;
    lines.push(`${bet} — ${madeWords(event)}`);
  }
  return lines;
}

// The cards lying at a place: a spot's stack, or an added card.
export function stackAt(layout, place) {
  if (!layout) return [];
  if (layout.spots[place]) return layout.spots[place];
  const extra = layout.extras?.[place];
  return extra ? [extra] : [];
}

// Every place of the layout, the four spots and then any added cards.
export function places(layout) {
  return layout ? [...SPOTS, ...Object.keys(layout.extras || {})] : [];
}

// The place whose stack holds `card` (a bet names a stack by its first card).
export function placeOf(layout, card) {
  return places(layout).find((place) => stackAt(layout, place).includes(card)) ?? null;
}

export function pretty(cards) {
  return cards.map(cardPretty).join(" ");
}

function named(layout, placesNamed) {
  return placesNamed.map((place) => cardPretty(stackAt(layout, place)[0] ?? null)).join("+");
}

// The places a bet backs (where its chips lie on the layout).
export function backedPlaces(wager) {
  switch (wager.type) {
    case "Circle":
      return [wager.spot];
    case "Cross":
      return [wager.backed];
    case "Doubler":
      return [...wager.group];
    case "RowWager":
      return [...wager.row];
    default:
      return [];
  }
}

// A bet in words, as the terminal says it: "circle on J♠", "cross J♠ v Q♥", "doubler
// J♠+K♣ v 2♥+Q♥", "top layout (J♠+K♣)".
export function wagerWords(layout, wager) {
  switch (wager.type) {
    case "Circle":
      return _("circle on {card}", { card: named(layout, [wager.spot]) });
    case "Cross":
      return _("cross {card} v {against}", { card: named(layout, [wager.backed]), against: named(layout, [wager.against]) });
    case "Doubler": {
      const group = SPOTS.filter((spot) => wager.group.includes(spot));
      const rest = SPOTS.filter((spot) => !wager.group.includes(spot));
      return _("doubler {cards} v {others}", { cards: named(layout, group), others: named(layout, rest) });
    }
    case "RowWager": {
      const row = ROWS.find(([, spots]) => spots.every((spot) => wager.row.includes(spot)));
      const cards = named(layout, SPOTS.filter((spot) => wager.row.includes(spot)));
      if (!row) return _("a layout ({cards})", { cards });
      return row[0] === "top" ? _("top layout ({cards})", { cards }) : _("bottom layout ({cards})", { cards });
    }
    default:
      return wager.type;
  }
}

// "ada", "you", or "seat 3": a seat as short as a chip on the felt can say it.
export function short(index, seat, h) {
  if (index === seat) return _("you");
  return h.names[index] || _("seat {number}", { number: index + 1 });
}

// A stack of cards at a place: overlapping when there are two or three (a pair or a
// triple, MB-7c), struck through when fallen. data-hand is the place, for the tests.
export function stack(h, place, cards, { fallen = false, matched = false } = {}) {
  const kind = cards.length === 3 ? "triple" : cards.length === 2 ? "pair" : null;
  return h.el(
    "span",
    { class: `mo-stack${fallen ? " fallen" : ""}${kind ? ` ${kind}` : ""}`, "data-hand": place },
    cards.map((card) => h.card(card)),
    kind ? h.el("span", { class: "mo-kind" }, kind === "pair" ? _("a pair") : _("a triple")) : null,
    // i18n: marks on a layout card: it fell (its rank came up), or a plain card of its rank
    // but not its colour came up (MB-10)
    fallen ? h.el("span", { class: "mo-fell" }, _("fell")) : null,
    matched && !fallen ? h.el("span", { class: "mo-fell" }, _("matched")) : null,
  );
}

// The bank and the pack: who banks, the monte, the cards left, the deals, the house.
// The bank's terms (the deals, the cut, the cava): open on a wide screen, folded on a
// phone so that the controls and the cards come first; as the person left it after that.
let termsOpen = null;

function terms(h, lines) {
  const open = termsOpen ?? window.matchMedia("(min-width: 761px)").matches;
  const details = h.el(
    "details",
    { class: "mo-terms", open },
    h.el("summary", {}, _("The terms of this bank")),
    lines.map((line) => h.el("div", { class: "note" }, line)),
  );
  details.addEventListener("toggle", () => {
    termsOpen = details.open;
  });
  return details;
}

export function bankPanel(view, seat, h, { lines = [], controls = [], bankWord = _("The monte") } = {}) {
  const banker = view.banker === null ? _("nobody yet") : view.banker === seat ? _("you") : h.seatName(view.banker);
  const left = ngettext("{n} card left", "{n} cards left", view.cards_left);
  return h.el(
    "section",
    { class: "mo-bank", "aria-label": _("the bank and the pack") },
    h.el("div", { class: "mo-pack", "aria-hidden": "true" }, h.card(null, { small: true })),
    h.el(
      "div",
      { class: "mo-bank-words" },
      h.el("div", {}, h.el("strong", {}, _("Banker:"), " "), banker),
      h.el("div", {}, h.el("strong", {}, `${bankWord}: `), h.el("span", { class: "mo-chips", "data-bank": view.bank }, String(view.bank))),
      h.el("div", {}, h.el("strong", {}, _("The pack:"), " "), left),
      controls.length ? h.el("div", { class: "mo-controls" }, controls) : null,
      lines.length ? terms(h, lines) : null,
    ),
  );
}

// The seats and their chips: the banker, who speaks, who is to act.
export function seatsList(view, seat, h, marksOf = () => []) {
  const marks = (index) => [
    ...(index === view.banker ? [_("banker")] : []),
    ...(index === view.offered ? [_("offered the bank")] : []),
    ...(index === view.speaking ? [_("to shuffle or cut")] : []),
    ...marksOf(index),
  ];
  const you = (index) => _("you ({name})", { name: h.names[index] || _("you") });
  return placesList(taken(view, marks), seat, view.to_act, h, { item: "mo-seat", list: "mo-seats", word: _("Seat"), label: _("the seats"), you });
}

// The bets on the layout, in the order placed: whose, what kind, the stake.
export function betsList(view, seat, h) {
  if (!view.bets.length) return h.el("p", { class: "note mo-nobets" }, _("No bets on the layout."));
  return h.el(
    "ol",
    { class: "mo-bets", "aria-label": _("the bets on the layout") },
    view.bets.map((bet) =>
      h.el(
        "li",
        { class: bet.seat === seat ? "mine" : "", "data-bet": bet.number },
        `${bet.number}. ${short(bet.seat, seat, h)}: ${wagerWords(view.layout, bet.wager)}, `,
        h.el("span", { class: "mo-chips" }, String(bet.stake)),
      ),
    ),
  );
}

// Each step's events kept for the table: the bets as placed (to name them once settled),
// and the draw, card by card, with what each card settled and why (the step's `said` lines
// when the server tells them, else the events in short).
export function hearDraw(step, memory, { settledWords }) {
  const events = step.events || [];
  memory.bets = memory.bets || {};
  for (const event of events) {
    if (event.type === "BetPlaced") memory.bets[event.number] = event;
    if (event.type === "RowBetPlaced") memory.bets[event.number] = event;
    if (event.type === "BetsClosed") {
      memory.draw = [];
      memory.settling = [];
      memory.dry = null;
    }
    if (event.type === "BetSettled" || event.type === "BetVoided") (memory.settling = memory.settling || []).push(event);
    if (event.type === "DealEnded") memory.ended = { deal: event.deal, bank: event.bank };
    if (event.type === "LayoutCard" && event.spot === "top-left") memory.ended = null;
    if (event.type === "BankBroken") memory.dry = _("The bank is broken: it passes at once (MB-15).");
    if (event.type === "BetVoided") memory.dry = _("The monte is used up: the bets left unpaid are void, their stakes returned (MB-4).");
  }
  const shown = events.findIndex((event) => event.type === "CardShown");
  if (shown >= 0) heardShown(step, events, shown, memory, settledWords);
  // The deal as heard, kept for its result until the next deal ends: the cards drawn, and
  // each bet settled with what it was.
  if (events.some((event) => event.type === "DealEnded")) {
    memory.told = { drawn: (memory.draw || []).map((entry) => entry.card), draw: memory.draw || [], settled: memory.settling || [] };
  }
}

function heardShown(step, events, shown, memory, settledWords) {
  const event = events[shown];
  const naming = shownLines(event.card);
  const said = Array.isArray(step.said) ? step.said.filter((line) => !naming.includes(line)) : null;
  const lines = said || events.slice(shown + 1).map((e) => settledWords(e, memory)).filter(Boolean);
  memory.draw = memory.draw || [];
  memory.draw.push({
    card: event.card,
    gate: event.gate,
    lines: lines.map((line) => line.trim()),
    fell: events.filter((e) => e.type === "CardFell").map((e) => e.spot),
    won: events.filter((e) => e.type === "BetSettled" && e.fate === "win").length,
    lost: events.filter((e) => e.type === "BetSettled" && e.fate === "lose").length,
  });
}

// The server's lines that only name the card shown (croupier.words.monte_bank and
// private_monte say them), in the page's language: the page shows the card itself.
function shownLines(card) {
  const values = { card: cardPretty(card) };
  return [
    _("The gate: {card}.", values),
    _("Shown: {card}.", values),
    _("The gate: {card}, spades.", values),
    _("The gate: {card}, hearts.", values),
    _("The gate: {card}, diamonds.", values),
    _("The gate: {card}, clubs.", values),
  ];
}

// The draw as the page heard it: the gate, then each card shown, with what it settled.
export function drawPanel(h, title) {
  const draw = h.memory.draw || [];
  if (!draw.length) return null;
  return h.el(
    "section",
    { class: "mo-draw", "aria-label": title },
    h.el("h3", {}, title),
    h.el(
      "ol",
      {},
      draw.map((entry, index) =>
        h.el(
          "li",
          { class: `mo-shown${entry.gate ? " gate" : ""}`, "data-shown": index },
          h.el("div", { class: "mo-shown-card" }, h.card(entry.card, { small: true }), h.el("span", {}, entry.gate ? _("the gate") : _("card {number}", { number: index + 1 }))),
          h.el(
            "ul",
            { class: "mo-said" },
            entry.lines.length ? entry.lines.map((line) => h.el("li", {}, line)) : h.el("li", { class: "note" }, _("nothing falls: no bet is settled")),
          ),
        ),
      ),
    ),
  );
}

// A placed bet in short words when the server does not tell them (no `said`).
export function settledBy(event, memory) {
  const placed = memory.bets?.[event.number];
  const which = placed
    ? _("bet {number} (seat {seat}, {stake})", { number: event.number, seat: placed.seat + 1, stake: placed.stake })
    : _("bet {number}", { number: event.number });
  const card = cardPretty(event.card);
  switch (event.type) {
    case "CardFell":
      return _("The {place} card falls to {card}.", { place: placeWords(event.spot), card });
    case "OrdinaryMatch":
      return _("{card} matches the {place} card's rank, not its colour (MB-10): only crosses between plain cards settle.", { place: placeWords(event.spot), card });
    case "BetSettled":
      if (event.fate !== "win") return _("{bet} loses.", { bet: which });
      return event.cut ? _("{bet} wins {paid}, the house takes {cut} (MB-13).", { bet: which, paid: event.paid, cut: event.cut }) : _("{bet} wins {paid}.", { bet: which, paid: event.paid });
    case "BetVoided":
      return _("{bet} is void: the monte is used up; stake returned (MB-4).", { bet: which });
    case "DealEnded":
      return _("Deal {deal} is over. The bank holds {bank}.", { deal: event.deal, bank: event.bank });
    default:
      return null;
  }
}
