// Monte Bank's table, club form (MB-1 .. MB-17): the top layout above the bottom one, pairs
// and triples stacked, and the bets lying on them. A punter bets by pointing: a card
// clicked is chosen, and the bets that name it are offered at it (a circle on it; with a
// second card clicked, a cross against that card, a doubler with it, a Monte Carlo).
// Then the gate and each card shown, with what it settled and why; the house's cut; the
// monte, the banker, the pack, the shuffles and cuts; the seats and their chips.

import { cardPretty } from "../cards.js";
import { _ } from "../i18n.js";
import {
  ROWS,
  bankPanel,
  betsList,
  drawPanel,
  hearDraw,
  heardDeal,
  keepDeal,
  lastCards,
  linkStyle,
  placeOf,
  placeWords,
  places,
  pretty,
  rowWords,
  seatsList,
  settledBy,
  short,
  stack,
  stackAt,
} from "./monte-layout.js";

const BETS = new Set(["CircleBet", "CrossBet", "DoublerBet", "MonteCarloBet"]);
const BANK = new Set(["PutUpBank", "DeclineBank", "KeepBank", "GiveUpBank", "AddToBank", "ShufflePack", "Pass", "Cut"]);
const CHIPS = [10, 25, 50, 100];

export { resultTitle, roundWord, settledLines, shownName } from "./monte-layout.js";

// The last deal's winner (js/result.js): the layout cards that fell, in turn, each to the
// card shown (MB-12), as the page heard the draw.
export function winnerWords(last, h) {
  const falls = (heardDeal(last, h)?.draw || []).flatMap((entry) =>
    entry.fell.map((place) => _("{fallen} ({place}) to {card}", { fallen: pretty(lastCards(last, place)), place: placeWords(place), card: cardPretty(entry.card) })),
  );
  return falls.length ? _("Fell in turn: {falls} (MB-12).", { falls: falls.join("; ") }) : null;
}

// The cards an action names, as the page words them: { card: "J♠", against: "Q♥", ... }.
function named(action) {
  const cards = {};
  for (const field of ["card", "against", "other", "partner"]) if (field in action) cards[field] = cardPretty(action[field]);
  return cards;
}

export function label(action) {
  const cards = named(action);
  switch (action.type) {
    case "CircleBet":
      return _("Circle on {card}", cards);
    case "CrossBet":
      return _("Cross: {card} before {against}", cards);
    case "DoublerBet":
      return _("Doubler: {card} or {other} before the other two", cards);
    case "MonteCarloBet":
      return _("Monte Carlo on {card}: cross v {against}, doubler with {partner}", cards);
    case "PutUpBank":
      return _("Put up the monte");
    case "AddToBank":
      return _("Add to the bank");
    case "DeclineBank":
      return _("Decline the bank");
    case "KeepBank":
      return _("Deal again");
    case "GiveUpBank":
      return _("Aces: give up the bank");
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
    if (event.type === "PackShuffled" && event.by === null) memory.drawn = [];
    if (event.type === "DrawnForBank") (memory.drawn = memory.drawn || []).push(event);
  }
  hearDraw(step, memory, { settledWords: settledBy });
}

function percent(fraction) {
  const [top, bottom] = String(fraction).split("/").map(Number);
  return bottom ? `${Math.round((10000 * top) / bottom) / 100}%` : String(fraction);
}

function who(index, seat, h) {
  if (index === null || index === undefined) return _("nobody");
  return index === seat ? _("you") : h.seatName(index);
}

function phaseWords(view, seat, h) {
  const banker = who(view.banker, seat, h);
  switch (view.phase) {
    case "first banker":
      return _("Each player draws a card: the lowest banks first (MB-3).");
    case "monte":
      return _("{banker} has the bank: a monte to put up, or decline (MB-4).", { banker });
    case "offer":
      return _("The bank is offered to {who}: put up a monte or decline (MB-15).", { who: who(view.offered, seat, h) });
    case "shuffles":
      return _("{who} may ask to shuffle; the banker shuffles last (MB-5).", { who: who(view.speaking, seat, h) });
    case "shuffling":
      return _("The pack is shuffled (MB-5).");
    case "cuts":
      return _("{who} may cut; the punter on the banker's right cuts last (MB-5).", { who: who(view.speaking, seat, h) });
    case "layout":
    case "extras":
      return _("The banker deals the layout: two from the bottom, two from the top (MB-6).");
    case "betting":
      return _("Bets are open: point at a card on the layout to bet on it (MB-8, MB-9).");
    case "draw":
      return _("\"All!\" The gate is shown, then card after card until every bet is settled (MB-11, MB-12).");
    case "between":
      return _("Deal {deal} is over: {banker} deals again, adds to the bank, or says \"aces\" (MB-15).", { deal: view.deals, banker });
    case "waiting":
      return _("The table waits for a second player (MB-1).");
    case "over":
      return _("The session is over.");
    default:
      return view.phase;
  }
}

// The bank's terms in words: the deal and its cap (MB-4), the house's cut (MB-13, MB-14),
// the cava and what each bet pays (MB-8, MB-9).
function termsLines(view) {
  const rules = view.rules;
  const deal = view.deals + (view.layout ? 1 : 0) || 1;
  const cut = { cut: percent(rules.cut), apart: view.apart, house: view.house };
  return [
    rules.cap === "gross"
      ? _("Deal {deal}; the bank pays out at most the monte in a deal (MB-4, gross cap).", { deal })
      : _("Deal {deal}; the bank pays out at most the monte in a deal (MB-4, net cap).", { deal }),
    rules.cut_on === "gate"
      ? _("The house's cut: {cut} of the winnings of a winner backed on the gate, the first card shown (MB-13); {apart} kept apart (MB-14); the house has {house}.", cut)
      : _("The house's cut: {cut} of the winnings of the first layout card to fall (MB-13); {apart} kept apart (MB-14); the house has {house}.", cut),
    _("Cava {cava}: circle pays 3 to 1, cross and doubler 1 to 1.", { cava: rules.cava }),
  ];
}

function bank(view, seat, h) {
  const passWords = view.phase === "cuts" ? _("No cut: let it go by") : _("No shuffle: let it go by");
  const controls = h
    .find((o) => BANK.has(o.type) || (o.type === "Amounts" && BANK.has(o.template.type)))
    .map((o) => h.control(o, { text: o.type === "Pass" ? passWords : null, chips: o.type === "Amounts" && o.template.type !== "Cut" ? [100, 200, 500] : [] }));
  return bankPanel(view, seat, h, { lines: termsLines(view), controls });
}

function firstBank(view, seat, h) {
  const drawn = h.memory.drawn || [];
  if (!drawn.length || !["first banker", "monte", "offer"].includes(view.phase) || view.deals) return null;
  return h.el(
    "div",
    { class: "mo-drawn", "aria-label": _("the cards drawn for the bank") },
    h.el("span", {}, _("Drawn for the bank:"), " "),
    drawn.map((d) => h.el("span", { class: "mo-drawn-one" }, `${short(d.seat, seat, h)} `, h.card(d.card, { small: true }))),
  );
}

// The bets that name the cards chosen, by the chosen cards: "JS" for a circle, "JS|QH" for
// what backs JS against or with QH.
function offers(h) {
  const groups = new Map();
  for (const option of h.find((o) => o.type === "Amounts" && BETS.has(o.template.type))) {
    const t = option.template;
    const second = t.type === "CircleBet" ? null : t.type === "DoublerBet" ? t.other : t.against;
    const key = second ? `${t.card}|${second}` : t.card;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(option);
  }
  return groups;
}

function explain(t, layout) {
  const cards = named(t);
  switch (t.type) {
    case "CircleBet":
      return _("{card} falls before any of the other three: pays 3 to 1 (MB-9a).", cards);
    case "CrossBet":
      return _("{card} falls before {against}: pays 1 to 1 (MB-9b).", cards);
    case "DoublerBet": {
      const mine = [placeOf(layout, t.card), placeOf(layout, t.other)];
      const rest = places(layout).filter((p) => p.startsWith("top") || p.startsWith("bottom")).filter((p) => !mine.includes(p));
      return _("{card} or {other} falls before {rest}: pays 1 to 1 (MB-9c).", { ...cards, rest: pretty(rest.map((p) => stackAt(layout, p)[0])) });
    }
    case "MonteCarloBet":
      return _("One placement, three stakes: a circle on {card}, a cross against {against}, a doubler with {partner} (MB-9d).", cards);
    default:
      return "";
  }
}

// A place on the layout in words, for its aria-label: "top left: J♠ Q♠ (a pair), fallen".
function spotWords(place, cards, fallen) {
  const values = { place: placeWords(place), cards: pretty(cards) };
  const words =
    cards.length === 3 ? _("{place}: {cards} (a triple)", values) : cards.length === 2 ? _("{place}: {cards} (a pair)", values) : _("{place}: {cards}", values);
  return fallen ? _("{spot}, fallen", { spot: words }) : words;
}

// A bet lying on a card, in short: "ada: circle", "you: cross v Q♥".
function betOnCard(bet, layout, seat, h) {
  const w = bet.wager;
  const who = short(bet.seat, seat, h);
  if (w.type === "Circle") return _("{who}: circle", { who });
  if (w.type === "Cross") return _("{who}: cross v {card}", { who, card: cardPretty(stackAt(layout, w.against)[0]) });
  return _("{who}: doubler", { who });
}

function layoutTable(view, seat, h) {
  const { memory } = h;
  const layout = view.layout;
  const groups = offers(h);
  const betting = groups.size > 0;
  const signature = JSON.stringify(layout);
  if (memory.pickedOn !== signature) {
    memory.pick = [];
    memory.pickedOn = signature;
  }
  memory.pick = (memory.pick || []).filter((card) => placeOf(layout, card) !== null);

  const spotButtons = [];
  const cell = (place) => {
    const cards = stackAt(layout, place);
    const fallen = view.falls.fallen.includes(place);
    const matched = view.falls.matched.includes(place);
    const onIt = view.bets.filter((bet) => {
      const w = bet.wager;
      return (w.type === "Circle" && w.spot === place) || (w.type === "Cross" && w.backed === place) || (w.type === "Doubler" && w.group.includes(place));
    });
    const shown = stack(h, place, cards, { fallen, matched });
    const words = spotWords(place, cards, fallen);
    const target = betting && !fallen
      ? h.el("button", { type: "button", class: "mo-spot", "data-place": place, "data-first": cards[0], "aria-pressed": "false", "aria-label": _("{spot}: choose it to bet", { spot: words }), onclick: () => pick(cards[0]) }, shown)
      : h.el("div", { class: "mo-spot", "data-place": place, "aria-label": words, role: "group" }, shown);
    if (betting && !fallen) spotButtons.push(target);
    const chips = onIt.map((bet) =>
      h.el("li", { class: bet.seat === seat ? "mine" : "" }, `${betOnCard(bet, layout, seat, h)} `, h.el("span", { class: "mo-chips" }, String(bet.stake))),
    );
    return h.el("div", { class: "mo-cell" }, target, chips.length ? h.el("ul", { class: "mo-on", "aria-label": _("bets on the {place} card", { place: placeWords(place) }) }, chips) : null);
  };
  const rows = ROWS.map(([row, spots]) =>
    h.el("div", { class: `mo-row mo-row-${row}` }, h.el("span", { class: "mo-row-name" }, rowWords(row)), spots.map(cell)),
  );
  const extras = Object.keys(layout.extras || {});
  if (extras.length) rows.push(h.el("div", { class: "mo-row mo-row-extras" }, h.el("span", { class: "mo-row-name" }, _("added (MB-17)")), extras.map(cell)));

  // What is offered at the chosen card(s): every bet option is placed here, shown only when
  // the cards it names are the ones chosen.
  const heading = h.el("p", { class: "mo-offer-head" });
  const none = h.el("p", { class: "note", hidden: true }, _("No bet names these two cards so: choose another."));
  const built = [...groups].map(([key, list]) =>
    h.el(
      "div",
      { class: "mo-group", "data-key": key, hidden: true },
      list.map((option) => h.el("div", { class: "mo-bet" }, h.el("p", { class: "note" }, explain(option.template, layout)), h.control(option, { chips: CHIPS }))),
    ),
  );
  const done = h.find((o) => o.type === "Done").map((o) => h.control(o));

  function apply() {
    const [first, second] = memory.pick;
    for (const button of spotButtons) {
      const at = memory.pick.indexOf(button.dataset.first);
      button.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
      button.classList.toggle("first", at === 0);
      button.classList.toggle("second", at === 1);
    }
    const key = memory.pick.join("|");
    for (const group of built) group.hidden = group.dataset.key !== key;
    none.hidden = !(second && !groups.has(key));
    heading.textContent = !first
      ? _("Point at a card to bet on it.")
      : !second
        ? _("{card} ({place}): a circle on it; or point at a second card to back {card} against it (cross) or with it (doubler, Monte Carlo).", {
            card: cardPretty(first),
            place: placeWords(placeOf(layout, first)),
          })
        : _("{card} with or against {other}:", { card: cardPretty(first), other: cardPretty(second) });
  }
  function pick(card) {
    const at = memory.pick.indexOf(card);
    if (at === 0) memory.pick = [];
    else if (at === 1) memory.pick = [memory.pick[0]];
    else if (memory.pick.length < 2) memory.pick = [...memory.pick, card];
    else memory.pick = [memory.pick[0], card];
    apply();
  }
  apply();

  const offer = betting || done.length
    ? h.el("div", { class: "mo-offer", "aria-label": _("bets at the chosen cards"), "aria-live": "polite" }, betting ? [heading, none, ...built] : null, done.length ? h.el("div", { class: "mo-controls" }, done) : null)
    : null;
  return h.el(
    "section",
    { class: "mo-layout", "aria-label": _("the layout") },
    // i18n: the layout's sides, left and right as the banker sees them (MB-6, MB-9c)
    h.el("div", { class: "mo-sides", "aria-hidden": "true" }, h.el("span", {}, _("left")), h.el("span", {}, _("right"))),
    rows,
    offer,
  );
}

function dry(view, h) {
  const said = h.memory.dry;
  if (!said && !(view.phase === "draw" && view.bank === 0)) return null;
  return h.el("p", { class: "mo-dry", role: "alert" }, said || _("The monte has run dry (MB-4)."));
}

export function render(view, seat, h) {
  linkStyle();
  keepDeal(view, h.memory);
  const ended = h.memory.ended && !view.layout && view.phase === "between"
    ? h.el("p", { class: "mo-ended" }, _("Deal {deal} is over: the bank holds {bank}.", h.memory.ended))
    : null;
  const parts = [
    h.el("p", { class: "mo-phase", role: "status" }, phaseWords(view, seat, h)),
    h.el("div", { class: "mo-top" }, bank(view, seat, h), firstBank(view, seat, h)),
    dry(view, h),
    view.layout ? layoutTable(view, seat, h) : null,
    view.layout ? betsList(view, seat, h) : null,
    ended,
    drawPanel(h, view.layout ? _("The draw") : _("The last draw")),
    seatsList(view, seat, h),
  ];
  h.container.append(...parts.filter(Boolean));
}
