// Chemin de Fer's table (CF-1 .. CF-16): the auction for the first bank (bids, who has
// passed for good), the bank and its banker, the punters in priority order from the
// banker's right with "banco" and the partial stakes, the punters' and the banker's hands
// (a card the seat may not see drawn as a back), the draw-or-stand choices beside the hand
// they play, the bank offered on and passing, the shoe, and each seat's chips.

import { placesList, taken } from "./places.js";

const CHIPS = [10, 25, 50, 100, 500];

// The phase last drawn: "pass" says different things in the auction, at the banco calls
// and at the stakes, and label() is asked after render() for the same view.
let drawnPhase = null;

export function label(action) {
  switch (action.type) {
    case "Bid":
      return "Bid for the bank";
    case "OpenBank":
      return "Take the bank";
    case "DeclineBank":
      return "Decline the bank";
    case "KeepBank":
      return "Keep the bank";
    case "GiveUpBank":
      return "Give up the bank";
    case "Banco":
      return "Banco!";
    case "Stake":
      return "Stake against the bank";
    case "Pass":
      if (drawnPhase === "auction") return "Pass for good";
      if (drawnPhase === "calls") return "No banco";
      return "Pass: no stake";
    case "DrawCard":
      return drawnPhase === "banker" ? "Banker draws a card" : "Punters draw a card";
    case "Stand":
      return drawnPhase === "banker" ? "Banker stands" : "Punters stand";
    case "Cut":
      return "Cut the shoe";
    case "Leave":
      return "Get up";
    default:
      return undefined;
  }
}

// The last coup (view.last, js/result.js): the punters' and the banker's hands (CF-14).
export function shownName(hand, h) {
  return `${hand.name === "banker" ? "Banker" : "Punters"}: ${h.seatName(hand.seat)}`;
}

export function winnerWords(last) {
  const [punter, banker] = last.hands.map((hand) => hand.points);
  if (last.winner === null) return `A tie at ${punter}: the stakes are returned (CF-14).`;
  const high = Math.max(punter, banker);
  const low = Math.min(punter, banker);
  return `${last.winner === "banker" ? "The banker wins" : "The punters win"}, ${high} to ${low}.`;
}

// The game's own sheet, beside the page's (js/games/README.md: one module per game).
function style() {
  if (document.querySelector("link[data-game-style='chemin-de-fer']")) return;
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "css/chemin-de-fer.css" }));
  document.head.lastChild.dataset.gameStyle = "chemin-de-fer";
}

const VALUES = { A: 1, T: 0, J: 0, Q: 0, K: 0 };

// A hand's points (C-3), when every card of it is known to the viewer.
function points(cards) {
  if (!cards.length || cards.some((c) => c === null)) return null;
  return cards.reduce((sum, c) => sum + (VALUES[c[0]] ?? Number(c[0])), 0) % 10;
}

// The punters from the banker's right round the table, as they speak (CF-5).
function priority(view) {
  if (view.banker === null) return [];
  const found = [];
  const count = view.seats.length;
  for (let step = 1; step < count; step += 1) {
    const seat = (view.banker - step + count) % count;
    if (view.seats[seat] !== null) found.push(seat);
  }
  return found;
}

function who(seat, h, mine) {
  return seat === mine ? `${h.seatName(seat)}, you` : h.seatName(seat);
}

// A seat as the subject of a sentence, and its verb: "You play", "seat 2 (bob) plays".
function says(s, h, mine, verb, own) {
  return s === mine ? `You (seat ${s + 1}) ${own}` : `${h.seatName(s)} ${verb}`;
}

function phaseWords(view, seat, h) {
  switch (view.phase) {
    case "auction":
      return "The first bank is auctioned: each in turn bids more than the last, or passes for good (CF-3).";
    case "offer":
      return `The bank is offered to ${who(view.offered, h, seat)}: name a bank or decline (CF-14, CF-15).`;
    case "keep":
      return `${says(view.banker, h, seat, "keeps", "keep")} the bank or ${view.banker === seat ? "give" : "gives"} it up (CF-15).`;
    case "shuffle":
      return "A new shoe is shuffled.";
    case "cut":
      return "The banker's right cuts the shoe (C-6).";
    case "burn":
      return "The banker burns cards from the shoe (CF-4).";
    case "calls":
      return `Banco? Each punter in priority order may stake the whole bank (CF-6).`;
    case "stakes":
      return `No banco: stakes on the part of the bank not yet covered, in priority order (CF-7).`;
    case "deal":
      return "Two hands are dealt: punters, banker, punters, banker (CF-9).";
    case "punter":
      return `${says(view.punter, h, seat, "plays", "play")} the punters' hand: draw or stand (CF-12).`;
    case "punter draws":
      return "The punters' third card, face up.";
    case "banker":
      return `${says(view.banker, h, seat, "sees", "see")} the punters' play and ${view.banker === seat ? "draw or stand" : "draws or stands"} (CF-13).`;
    case "banker draws":
      return "The banker's third card, face up.";
    case "over":
      return "The session is over.";
    default:
      return view.phase;
  }
}

function shoe(view, h) {
  const cut = h.find((o) => o.type === "Amounts" && o.template.type === "Cut").map((o) => h.control(o));
  const size = view.rules.decks * 52;
  return h.el(
    "section",
    { class: "cf-shoe", "aria-label": "the shoe" },
    h.el("div", { class: "cf-shoe-box", "aria-hidden": "true" }, h.card(null, { small: true })),
    h.el(
      "div",
      {},
      h.el("div", {}, h.el("strong", {}, view.shoe_number ? `Shoe ${view.shoe_number}` : "No shoe yet")),
      h.el("div", {}, view.shoe_number ? `${view.cards_left} of ${size} cards left` : `${view.rules.decks} decks to shuffle`),
      h.el("div", { class: "note" }, `coup ${view.coups + 1}`),
      cut.length ? h.el("div", { class: "cf-controls" }, cut) : null,
    ),
  );
}

function auction(view, seat, h) {
  const bids = h.find((o) => (o.type === "Amounts" && o.template.type === "Bid") || o.type === "Pass");
  const best = view.high_bid ? `Best bid: ${view.high_bid[1]} by ${who(view.high_bid[0], h, seat)}` : "No bid yet";
  const passed = view.passed.length ? `Passed for good: ${view.passed.map((s) => h.seatName(s)).join(", ")}` : "Nobody has passed";
  return h.el(
    "section",
    { class: "cf-bank cf-auction", "aria-label": "the auction" },
    h.el("h3", {}, "The auction"),
    h.el("p", { class: "cf-big" }, best),
    h.el("p", { class: "note" }, passed, ` · at least ${view.rules.minimum_bank}`),
    bids.length ? h.el("div", { class: "cf-controls" }, bids.map((o) => h.control(o, { chips: o.type === "Amounts" ? [100, 200, 500] : [] }))) : null,
  );
}

function bank(view, seat, h) {
  if (view.phase === "auction") return auction(view, seat, h);
  const mine = h.find((o) =>
    ["DeclineBank", "KeepBank", "GiveUpBank"].includes(o.type) || (o.type === "Amounts" && o.template.type === "OpenBank"),
  );
  const made = mine.map((o) => h.control(o, { chips: o.type === "Amounts" ? [100, 200, 500] : [] }));
  const held = view.banker === null
    ? h.el("p", { class: "cf-big" }, view.offered === null ? "No banker" : `The bank is offered to ${who(view.offered, h, seat)}`)
    : h.el("p", { class: "cf-big" }, "Bank ", h.el("span", { class: "cf-chips" }, String(view.bank)), ` held by ${who(view.banker, h, seat)}`);
  const covered = view.stakes.length ? h.el("p", { class: "note" }, view.uncovered ? `${view.uncovered} not yet covered` : "the bank is covered") : null;
  return h.el(
    "section",
    { class: "cf-bank", "aria-label": "the bank" },
    h.el("h3", {}, "The bank"),
    held,
    covered,
    h.el("p", { class: "note" }, `bank at least ${view.rules.minimum_bank} · stakes at least ${view.rules.minimum_stake}`),
    made.length ? h.el("div", { class: "cf-controls" }, made) : null,
  );
}

// The punters in priority order, each with his stake: the banco, the partial stakes, who
// speaks now; the speaker's own choices beside his name.
function punters(view, seat, h) {
  const order = priority(view);
  if (!order.length || !["calls", "stakes", "deal", "punter", "punter draws", "banker", "banker draws"].includes(view.phase)) return null;
  const staked = new Map(view.stakes.map(([s, amount]) => [s, amount]));
  const rank = new Map(view.stakes.map(([s], index) => [s, index + 1]));
  const banco = view.banco;
  const rows = order.map((s) => {
    const amount = staked.get(s);
    const speaking = view.speaking === s;
    const marks = [];
    if (amount !== undefined) marks.push(h.el("span", { class: "cf-chips" }, String(amount)));
    if (amount !== undefined && s === banco) marks.push(h.el("strong", { class: "cf-banco" }, "banco!"));
    else if (amount !== undefined) marks.push(h.el("span", { class: "note" }, `stake ${rank.get(s)}`));
    if (s === view.punter) marks.push(h.el("span", { class: "note" }, "plays the hand"));
    if (speaking) marks.push(h.el("span", { class: "cf-speaks" }, "to speak"));
    const own = s === seat
      ? h.find((o) => ["Banco", "Pass"].includes(o.type) || (o.type === "Amounts" && o.template.type === "Stake")).map((o) =>
          h.control(o, { chips: o.type === "Amounts" ? CHIPS : [] }),
        )
      : [];
    return h.el(
      "li",
      { class: `cf-punter${s === seat ? " mine" : ""}${speaking ? " acting" : ""}`, "data-seat": s },
      h.el("span", { class: "cf-name" }, who(s, h, seat)),
      marks,
      own.length ? h.el("div", { class: "cf-controls" }, own) : null,
    );
  });
  return h.el(
    "section",
    { class: "cf-punters", "aria-label": "the punters in priority order" },
    h.el("h3", {}, "Punters, from the banker's right"),
    h.el("ol", {}, rows),
  );
}

function handOf(name, title, cards, h, extra, note) {
  const total = points(cards);
  return h.el(
    "div",
    { class: `cf-hand cf-hand-${name}` },
    h.hand(cards, `${title}${total === null ? "" : ` · ${total}`}`, { "data-hand": name, "aria-label": `${title}'s hand` }),
    note ? h.el("p", { class: "note" }, note) : null,
    extra.length ? h.el("div", { class: "cf-controls" }, extra) : null,
  );
}

function hands(view, seat, h) {
  const choice = h.find((o) => o.type === "DrawCard" || o.type === "Stand").map((o) => h.control(o));
  const punterTitle = view.punter === null ? "Punters" : `Punters: ${who(view.punter, h, seat)}`;
  const bankerTitle = view.banker === null ? "Banker" : `Banker: ${who(view.banker, h, seat)}`;
  if (!view.punter_cards.length && !view.banker_cards.length) {
    return h.el("section", { class: "cf-hands", "aria-label": "the hands" }, h.el("p", { class: "note" }, "No hands dealt."));
  }
  return h.el(
    "section",
    { class: "cf-hands", "aria-label": "the hands" },
    handOf("punter", punterTitle, view.punter_cards, h, view.phase === "punter" ? choice : [], view.punter_stood ? "the punter stood" : null),
    handOf("banker", bankerTitle, view.banker_cards, h, view.phase === "banker" ? choice : [], null),
  );
}

function seats(view, seat, h) {
  const marksOf = (index) => [
    ...(index === view.banker ? [`banker, bank ${view.bank}`] : []),
    ...(view.high_bid && view.high_bid[0] === index ? [`bids ${view.high_bid[1]}`] : []),
    ...(view.passed.includes(index) ? ["passed"] : []),
    ...(index === view.offered ? ["offered the bank"] : []),
    ...(view.to_act.includes(index) ? ["to speak"] : []),
  ];
  return placesList(taken(view, marksOf), seat, view.to_act, h, { item: "cf-seat", list: "cf-seats" });
}

export function render(view, seat, h) {
  style();
  drawnPhase = view.phase;
  const parts = [
    h.el("p", { class: "cf-phase", role: "status" }, phaseWords(view, seat, h)),
    h.el("div", { class: "cf-top" }, shoe(view, h), bank(view, seat, h)),
    h.el("div", { class: "cf-middle" }, punters(view, seat, h), hands(view, seat, h)),
    seats(view, seat, h),
    view.house ? h.el("p", { class: "note" }, `The house has taken ${view.house} chips this session.`) : null,
  ];
  h.container.append(...parts.filter((part) => part !== null));
}
