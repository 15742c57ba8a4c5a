// Chemin de Fer's table (CF-1 .. CF-16): the auction for the first bank (bids, who has
// passed for good), the bank and its banker, the punters in priority order from the
// banker's right with "banco" and the partial stakes, the punters' and the banker's hands
// (a card the seat may not see drawn as a back), the draw-or-stand choices beside the hand
// they play, the bank offered on and passing, the shoe, and each seat's chips.

import { _, ngettext, pgettext } from "../i18n.js";
import { placesList, taken, withNode } from "./places.js";

const CHIPS = [10, 25, 50, 100, 500];

// The phase last drawn: "pass" says different things in the auction, at the banco calls
// and at the stakes, and label() is asked after render() for the same view.
let drawnPhase = null;

export function label(action) {
  switch (action.type) {
    case "Bid":
      return _("Bid for the bank");
    case "OpenBank":
      return _("Take the bank");
    case "DeclineBank":
      return _("Decline the bank");
    case "KeepBank":
      return _("Keep the bank");
    case "GiveUpBank":
      return pgettext("chemin-de-fer", "Give up the bank");
    case "Banco":
      return _("Banco!");
    case "Stake":
      return _("Stake against the bank");
    case "Pass":
      if (drawnPhase === "auction") return _("Pass for good");
      if (drawnPhase === "calls") return _("No banco");
      return _("Pass: no stake");
    case "DrawCard":
      return drawnPhase === "banker" ? _("Banker draws a card") : _("Punters draw a card");
    case "Stand":
      return drawnPhase === "banker" ? _("Banker stands") : _("Punters stand");
    case "Cut":
      return _("Cut the shoe");
    case "Leave":
      return _("Get up");
    default:
      return undefined;
  }
}

// The last coup (view.last, js/result.js): the punters' and the banker's hands (CF-14).
export function shownName(hand, h) {
  const seat = h.seatName(hand.seat);
  return hand.name === "banker" ? _("Banker: {seat}", { seat }) : _("Punters: {seat}", { seat });
}

export function winnerWords(last) {
  const [punter, banker] = last.hands.map((hand) => hand.points);
  if (last.winner === null) return _("A tie at {points}: the stakes are returned (CF-14).", { points: punter });
  const scores = { high: Math.max(punter, banker), low: Math.min(punter, banker) };
  return last.winner === "banker" ? _("The banker wins, {high} to {low}.", scores) : _("The punters win, {high} to {low}.", scores);
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
  return seat === mine ? _("{seat}, you", { seat: h.seatName(seat) }) : h.seatName(seat);
}

// The seat `s` for the line of a phase where it decides: its number, said to this page's
// seat ("You (seat 2) play ..."), and its name, said of another ("seat 2 (bob) plays ...").
function deciding(s, h) {
  return s === null ? {} : { number: s + 1, seat: h.seatName(s) };
}

function phaseWords(view, seat, h) {
  const banker = deciding(view.banker, h);
  const punter = deciding(view.punter, h);
  switch (view.phase) {
    case "auction":
      return _("The first bank is auctioned: each in turn bids more than the last, or passes for good (CF-3).");
    case "offer":
      return _("The bank is offered to {who}: name a bank or decline (CF-14, CF-15).", { who: who(view.offered, h, seat) });
    case "keep":
      return view.banker === seat
        ? _("You (seat {number}) keep the bank or give it up (CF-15).", banker)
        : _("{seat} keeps the bank or gives it up (CF-15).", banker);
    case "shuffle":
      return _("A new shoe is shuffled.");
    case "cut":
      return _("The banker's right cuts the shoe (C-6).");
    case "burn":
      return _("The banker burns cards from the shoe (CF-4).");
    case "calls":
      return _("Banco? Each punter in priority order may stake the whole bank (CF-6).");
    case "stakes":
      return _("No banco: stakes on the part of the bank not yet covered, in priority order (CF-7).");
    case "deal":
      return _("Two hands are dealt: punters, banker, punters, banker (CF-9).");
    case "punter":
      return view.punter === seat
        ? _("You (seat {number}) play the punters' hand: draw or stand (CF-12).", punter)
        : _("{seat} plays the punters' hand: draw or stand (CF-12).", punter);
    case "punter draws":
      return _("The punters' third card, face up.");
    case "banker":
      return view.banker === seat
        ? _("You (seat {number}) see the punters' play and draw or stand (CF-13).", banker)
        : _("{seat} sees the punters' play and draws or stands (CF-13).", banker);
    case "banker draws":
      return _("The banker's third card, face up.");
    case "over":
      return _("The session is over.");
    default:
      return view.phase;
  }
}

function shoe(view, h) {
  const cut = h.find((o) => o.type === "Amounts" && o.template.type === "Cut").map((o) => h.control(o));
  const size = view.rules.decks * 52;
  return h.el(
    "section",
    { class: "cf-shoe", "aria-label": pgettext("chemin-de-fer", "the shoe") },
    h.el("div", { class: "cf-shoe-box", "aria-hidden": "true" }, h.card(null, { small: true })),
    h.el(
      "div",
      {},
      // i18n: Chemin de Fer's shoe (CF-2), by its number
      h.el("div", {}, h.el("strong", {}, view.shoe_number ? _("Shoe {shoe}", { shoe: view.shoe_number }) : _("No shoe yet"))),
      h.el(
        "div",
        {},
        view.shoe_number
          ? ngettext("{n} of {size} cards left", "{n} of {size} cards left", view.cards_left, { size })
          : ngettext("{n} deck to shuffle", "{n} decks to shuffle", view.rules.decks),
      ),
      h.el("div", { class: "note" }, _("coup {number}", { number: view.coups + 1 })),
      cut.length ? h.el("div", { class: "cf-controls" }, cut) : null,
    ),
  );
}

function auction(view, seat, h) {
  const bids = h.find((o) => (o.type === "Amounts" && o.template.type === "Bid") || o.type === "Pass");
  const best = view.high_bid
    ? _("Best bid: {amount} by {who}", { amount: view.high_bid[1], who: who(view.high_bid[0], h, seat) })
    : _("No bid yet");
  const passed = view.passed.length
    ? _("Passed for good: {seats}", { seats: view.passed.map((s) => h.seatName(s)).join(", ") })
    : _("Nobody has passed");
  return h.el(
    "section",
    { class: "cf-bank cf-auction", "aria-label": _("the auction") },
    h.el("h3", {}, _("The auction")),
    h.el("p", { class: "cf-big" }, best),
    h.el("p", { class: "note" }, passed, " · ", _("at least {amount}", { amount: view.rules.minimum_bank })),
    bids.length ? h.el("div", { class: "cf-controls" }, bids.map((o) => h.control(o, { chips: o.type === "Amounts" ? [100, 200, 500] : [] }))) : null,
  );
}

function bank(view, seat, h) {
  if (view.phase === "auction") return auction(view, seat, h);
  const mine = h.find((o) =>
    ["DeclineBank", "KeepBank", "GiveUpBank"].includes(o.type) || (o.type === "Amounts" && o.template.type === "OpenBank"),
  );
  const made = mine.map((o) => h.control(o, { chips: o.type === "Amounts" ? [100, 200, 500] : [] }));
  const chips = h.el("span", { class: "cf-chips" }, String(view.bank));
  const held = view.banker === null
    ? h.el("p", { class: "cf-big" }, view.offered === null ? _("No banker") : _("The bank is offered to {who}", { who: who(view.offered, h, seat) }))
    : h.el("p", { class: "cf-big" }, withNode(_("Bank {chips} held by {who}", { who: who(view.banker, h, seat) }), "chips", chips));
  const covered = view.stakes.length
    ? h.el("p", { class: "note" }, view.uncovered ? _("{amount} not yet covered", { amount: view.uncovered }) : _("the bank is covered"))
    : null;
  const least = { bank: view.rules.minimum_bank, stake: view.rules.minimum_stake };
  return h.el(
    "section",
    { class: "cf-bank", "aria-label": _("the bank") },
    h.el("h3", {}, _("The bank")),
    held,
    covered,
    h.el("p", { class: "note" }, _("bank at least {bank} · stakes at least {stake}", least)),
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
    if (amount !== undefined && s === banco) marks.push(h.el("strong", { class: "cf-banco" }, _("banco!")));
    // i18n: a partial stake by its place in the order: "stake 2", the second (CF-7)
    else if (amount !== undefined) marks.push(h.el("span", { class: "note" }, _("stake {number}", { number: rank.get(s) })));
    if (s === view.punter) marks.push(h.el("span", { class: "note" }, _("plays the hand")));
    if (speaking) marks.push(h.el("span", { class: "cf-speaks" }, _("to speak")));
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
    { class: "cf-punters", "aria-label": _("the punters in priority order") },
    h.el("h3", {}, _("Punters, from the banker's right")),
    h.el("ol", {}, rows),
  );
}

function handOf(name, title, cards, h, extra, note) {
  const total = points(cards);
  return h.el(
    "div",
    { class: `cf-hand cf-hand-${name}` },
    h.hand(cards, `${title}${total === null ? "" : ` · ${total}`}`, { "data-hand": name, "aria-label": _("{title}'s hand", { title }) }),
    note ? h.el("p", { class: "note" }, note) : null,
    extra.length ? h.el("div", { class: "cf-controls" }, extra) : null,
  );
}

function hands(view, seat, h) {
  const choice = h.find((o) => o.type === "DrawCard" || o.type === "Stand").map((o) => h.control(o));
  const punterTitle = view.punter === null ? _("Punters") : _("Punters: {seat}", { seat: who(view.punter, h, seat) });
  const bankerTitle = view.banker === null ? _("Banker") : _("Banker: {seat}", { seat: who(view.banker, h, seat) });
  if (!view.punter_cards.length && !view.banker_cards.length) {
    return h.el("section", { class: "cf-hands", "aria-label": _("the hands") }, h.el("p", { class: "note" }, _("No hands dealt.")));
  }
  const stood = view.punter_stood ? _("the punter stood") : null;
  return h.el(
    "section",
    { class: "cf-hands", "aria-label": _("the hands") },
    handOf("punter", punterTitle, view.punter_cards, h, view.phase === "punter" ? choice : [], stood),
    handOf("banker", bankerTitle, view.banker_cards, h, view.phase === "banker" ? choice : [], null),
  );
}

function seats(view, seat, h) {
  const marksOf = (index) => [
    ...(index === view.banker ? [_("banker, bank {bank}", { bank: view.bank })] : []),
    ...(view.high_bid && view.high_bid[0] === index ? [_("bids {amount}", { amount: view.high_bid[1] })] : []),
    ...(view.passed.includes(index) ? [_("passed")] : []),
    ...(index === view.offered ? [_("offered the bank")] : []),
    ...(view.to_act.includes(index) ? [_("to speak")] : []),
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
    view.house
      ? h.el("p", { class: "note" }, ngettext("The house has taken {n} chip this session.", "The house has taken {n} chips this session.", view.house))
      : null,
  ];
  h.container.append(...parts.filter((part) => part !== null));
}
