// Punto Banco's table (PB-1 .. PB-14): the shoe and who holds it, the cut card and the burn,
// the punto and banco hands as they are turned, the three betting areas with the table's
// ranges, and the boxes. The seat's stakes are placed on their areas, the turn and the
// choice on 5 beside punto's hand, the cut and the pass at the shoe.

import { _, ngettext } from "../i18n.js";
import { placesList, withNode } from "./places.js";

// Each bet's words: its title on the felt, its area, its button and its withdrawal (PB-6).
const BETS = [
  ["punto", { title: _("Punto"), area: _("the Punto area"), stake: _("Bet on punto"), back: _("Take back the punto bet") }],
  ["banco", { title: _("Banco"), area: _("the Banco area"), stake: _("Bet on banco"), back: _("Take back the banco bet") }],
  ["egalite", { title: _("Égalité"), area: _("the Égalité area"), stake: _("Bet on égalité"), back: _("Take back the égalité bet") }],
];
const BET_WORDS = Object.fromEntries(BETS);
const CHIPS = [10, 25, 50, 100, 500];

export function label(action) {
  switch (action.type) {
    case "Stake":
      return BET_WORDS[action.bet].stake;
    case "Withdraw":
      return BET_WORDS[action.bet].back;
    case "PassShoe":
      return _("Pass the shoe");
    case "TurnCards":
      return _("Turn punto's cards");
    case "OfferTurn":
      return _("Offer the turn to box {number}", { number: action.box + 1 });
    case "DeclineTurn":
      return _("Decline the turn");
    case "Choose":
      return action.decision === "draw" ? _("Draw on 5") : _("Stand on 5");
    case "Cut":
      return _("Cut the shoe");
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
    if (event.type === "ShoeShuffled") memory.burn = null;
    if (event.type === "BurnCardShown") memory.burn = { card: event.card, burns: event.burns };
  }
}

// The last coup (view.last, js/result.js): punto's and banco's hands, and who won (PB-7).
export function shownName(hand) {
  return BET_WORDS[hand.name].title;
}

export function winnerWords(last) {
  const [punto, banco] = last.hands.map((hand) => hand.points);
  if (last.winner === null) return _("Égalité: {punto} to {banco}. Punto and banco bets stand off.", { punto, banco });
  if (last.winner === "punto") return _("Punto wins, {won} to {lost}.", { won: punto, lost: banco });
  return _("Banco wins, {won} to {lost}.", { won: banco, lost: punto });
}

function percent(fraction) {
  const [top, bottom] = String(fraction).split("/").map(Number);
  return bottom ? `${Math.round((10000 * top) / bottom) / 100}%` : String(fraction);
}

// The page's word for a place at the table (js/dom.js): a box, never a seat.
export const place = "box";

export function placeName(box, h) {
  return boxName(box, h);
}

function boxName(box, h) {
  const number = box + 1;
  return h.names[box] ? _("box {number} ({name})", { number, name: h.names[box] }) : _("box {number}", { number });
}

function phaseWords(view, h) {
  const boxes = (list) => list.map((box) => boxName(box, h)).join(", ");
  switch (view.phase) {
    case "shuffle":
      return _("The croupier shuffles a new shoe.");
    case "cut": {
      const who = boxes([...view.to_act].filter((a) => typeof a === "number"));
      return who ? _("{who} cuts the shoe (PB-3).", { who }) : _("A punter cuts the shoe (PB-3).");
    }
    case "burn":
      return _("The croupier burns cards (PB-4).");
    case "betting":
      return _("Bets are open: punto, banco, égalité (PB-6).");
    case "deal":
      return _("The cards are dealt face down: punto, banco, punto, banco (PB-9).");
    case "turn":
      return view.turner === null
        ? _("The croupier turns punto's cards (PB-10).")
        : _("{who} turns punto's cards (PB-10).", { who: boxName(view.turner, h) });
    case "choose":
      return view.choosers.length > 1
        ? _("Punto has 5: {boxes} choose to draw or stand (PB-13e).", { boxes: boxes(view.choosers) })
        : _("Punto has 5: {boxes} chooses to draw or stand (PB-13e).", { boxes: boxes(view.choosers) });
    case "punto draws":
      return _("Punto draws a third card.");
    case "banco draws":
      return _("Banco draws a third card (PB-12).");
    case "over":
      return _("The session is over.");
    default:
      return view.phase;
  }
}

function shoe(view, h) {
  const { memory } = h;
  const holder = view.holder === null ? _("the croupier") : boxName(view.holder, h);
  const cut = view.cut_card_out
    ? _("the cut card is out: this coup is the shoe's last (PB-5)")
    : _("cut card {n} from the bottom", { n: view.rules.cut_card });
  const burned = memory.burn && _("burned: {card} and {burns} unseen", { burns: memory.burn.burns });
  const burn = memory.burn ? h.el("span", { class: "burn" }, withNode(burned, "card", h.card(memory.burn.card, { small: true }))) : null;
  const controls = h.find((o) => (o.type === "Amounts" && o.template.type === "Cut") || o.type === "PassShoe").map((o) => h.control(o));
  // What holding the shoe asks, beside its "Pass the shoe" (PB-8): said to whoever holds it.
  const passing = h.find((o) => o.type === "PassShoe").length > 0;
  const help = passing
    ? h.el("p", { class: "note pb-help", id: "pass-shoe-help" }, _("You hold the shoe: bet on banco and you deal this coup, keeping the shoe until banco loses. Pass it, or bet on punto or égalité, and it goes to the box on your left (PB-8)."))
    : null;
  for (const made of controls) if (made.dataset.option === '{"type":"PassShoe"}') made.setAttribute("aria-describedby", "pass-shoe-help");
  return h.el(
    "div",
    { class: "pb-shoe", "aria-label": _("the shoe") },
    h.el("div", { class: "pb-shoe-box", "aria-hidden": "true" }, h.card(null, { small: true })),
    h.el(
      "div",
      {},
      h.el(
        "div",
        {},
        h.el("strong", {}, _("Shoe {number}", { number: view.shoe_number })),
        " · ",
        ngettext("{n} card left", "{n} cards left", view.cards_left),
        " · ",
        _("coup {number}", { number: view.coups + 1 }),
      ),
      h.el(
        "div",
        {},
        view.dealer !== null && view.phase !== "betting"
          ? _("{box} deals this coup", { box: boxName(view.dealer, h) })
          : _("The shoe: {holder}", { holder }),
      ),
      h.el("div", { class: "note" }, cut),
      burn,
      controls.length ? h.el("div", { class: "pb-controls" }, controls) : null,
      help,
    ),
  );
}

// The hands' aria-labels.
const HANDS = { punto: _("Punto's hand"), banco: _("Banco's hand") };

function handOf(name, hand, h, extra) {
  const points = hand.points === null || hand.points === undefined ? "" : ` · ${hand.points}`;
  return h.el(
    "div",
    { class: `pb-hand pb-${name}` },
    h.hand(hand.cards, `${BET_WORDS[name].title}${points}`, { "data-hand": name, "aria-label": HANDS[name] }),
    extra && extra.length ? h.el("div", { class: "pb-controls" }, extra) : null,
  );
}

function hands(view, h) {
  const mine = h.find((o) => ["TurnCards", "OfferTurn", "DeclineTurn", "Choose"].includes(o.type)).map((o) => h.control(o));
  const decided = view.decision
    ? h.el("p", { class: "pb-decision" }, view.decision === "draw" ? _("Punto draws on 5.") : _("Punto stands on 5."))
    : null;
  return h.el(
    "div",
    { class: "pb-hands" },
    handOf("punto", view.punto, h, mine),
    handOf("banco", view.banco, h, []),
    decided,
  );
}

function area(view, bet, words, seat, h) {
  const limits = view.rules[bet];
  const pays =
    bet === "egalite"
      ? _("pays {pays} to 1", { pays: view.rules.egalite_pays })
      : bet === "banco"
        ? _("pays 1 to 1 less {commission} commission", { commission: percent(view.rules.commission) })
        : _("pays 1 to 1");
  const stakes = [];
  view.boxes.forEach((box, index) => {
    if (box && box.stakes[bet]) {
      stakes.push(h.el("li", { class: index === seat ? "mine" : "" }, `${boxName(index, h)}: `, h.el("span", { class: "pb-chips" }, String(box.stakes[bet]))));
    }
  });
  const controls = h
    .find((o) => (o.type === "Amounts" && o.template.type === "Stake" && o.template.bet === bet) || (o.type === "Withdraw" && o.bet === bet))
    .map((o) => h.control(o, { chips: o.type === "Amounts" ? CHIPS : [] }));
  return h.el(
    "section",
    { class: `pb-area pb-area-${bet}`, "aria-label": words.area },
    h.el("h3", {}, words.title),
    h.el("p", { class: "note" }, `${limits.low}–${limits.high}, ${pays}`),
    stakes.length ? h.el("ul", { class: "pb-stakes" }, stakes) : h.el("p", { class: "note" }, _("no bets")),
    controls.length ? h.el("div", { class: "pb-controls" }, controls) : null,
  );
}

function boxes(view, seat, h) {
  const marksOf = (box, index) => [
    ...(view.holder === index ? [_("holds the shoe")] : []),
    ...(view.turner === index ? [_("turns")] : []),
    ...(view.choosers.includes(index) ? [_("chooses on 5")] : []),
    ...(view.phase === "betting" && box.done ? [_("done")] : []),
    ...(box.owed ? [_("owes {amount} commission", { amount: box.owed })] : []),
  ];
  const places = view.boxes.flatMap((box, index) => (box ? [{ index, chips: box.chips, marks: marksOf(box, index) }] : []));
  return placesList(places, seat, view.to_act, h, { item: "pb-box", list: "pb-boxes", word: _("Box"), label: _("the boxes"), attribute: "data-box" });
}

// The house's takings: the commission less what it paid out, which may be less than nothing.
function houseWords(house) {
  return house >= 0
    ? ngettext("The house has taken {n} chip this session.", "The house has taken {n} chips this session.", house)
    : ngettext("The house has paid out {n} chip more than it took this session.", "The house has paid out {n} chips more than it took this session.", -house);
}

export function render(view, seat, h) {
  h.container.append(
    h.el("p", { class: "pb-phase", role: "status" }, phaseWords(view, h)),
    h.el("div", { class: "pb-top" }, shoe(view, h), hands(view, h)),
    h.el("div", { class: "pb-areas" }, BETS.map(([bet, words]) => area(view, bet, words, seat, h))),
    boxes(view, seat, h),
    h.el("p", { class: "note" }, houseWords(view.house)),
  );
}

// The odds panel (js/odds.js): the next coup's bets, each with its chance of winning and
// the house's edge, for the cards not yet seen (GET /api/tables/{id}/odds).
const VALUES = ["10, J, Q, K", "A", "2", "3", "4", "5", "6", "7", "8", "9"];

export function odds(figures, h) {
  const rows = Object.keys(figures.probability).map((bet) =>
    h.el(
      "tr",
      { "data-bet": bet },
      h.el("th", { scope: "row" }, BET_WORDS[bet]?.title || bet),
      h.figure(figures.probability[bet], `probability.${bet}`),
      h.figure(figures.house_edge[bet], `house_edge.${bet}`),
    ),
  );
  const left = figures.remaining.map((count, index) => `${VALUES[index]}: ${count}`).join(" · ");
  const figured =
    figures.at_five === "draw"
      ? _("Figured with punto always draws on 5 (the fixed tableau); the edge is the house's, a chip staked.")
      : _("Figured with punto plays 5 as well as can be; the edge is the house's, a chip staked.");
  const next = ngettext("The next coup, for the {n} card not yet seen", "The next coup, for the {n} cards not yet seen", figures.cards_left);
  return [
    h.grid(next, [_("Bet"), _("Wins"), _("House edge")], rows),
    h.el("p", { class: "note" }, _("Cards not yet seen, by value: {counts}.", { counts: left })),
    h.el("p", { class: "note" }, figured),
  ];
}
