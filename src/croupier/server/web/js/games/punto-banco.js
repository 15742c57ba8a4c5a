// Punto Banco's table (PB-1 .. PB-14): the shoe and who holds it, the cut card and the burn,
// the punto and banco hands as they are turned, the three betting areas with the table's
// ranges, and the boxes. The seat's stakes are placed on their areas, the turn and the
// choice on 5 beside punto's hand, the cut and the pass at the shoe.

import { placesList } from "./places.js";

const BETS = [
  ["punto", "Punto"],
  ["banco", "Banco"],
  ["egalite", "Égalité"],
];
const BET_WORDS = Object.fromEntries(BETS);
const CHIPS = [10, 25, 50, 100, 500];

export function label(action) {
  switch (action.type) {
    case "Stake":
      return `Bet on ${BET_WORDS[action.bet].toLowerCase()}`;
    case "Withdraw":
      return `Take back the ${BET_WORDS[action.bet].toLowerCase()} bet`;
    case "PassShoe":
      return "Pass the shoe";
    case "TurnCards":
      return "Turn punto's cards";
    case "OfferTurn":
      return `Offer the turn to box ${action.box + 1}`;
    case "DeclineTurn":
      return "Decline the turn";
    case "Choose":
      return action.decision === "draw" ? "Draw on 5" : "Stand on 5";
    case "Cut":
      return "Cut the shoe";
    case "Done":
      return "Done betting";
    case "Leave":
      return "Get up";
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
  return BET_WORDS[hand.name];
}

export function winnerWords(last) {
  const [punto, banco] = last.hands.map((hand) => hand.points);
  if (last.winner === null) return `Égalité: ${punto} to ${banco}. Punto and banco bets stand off.`;
  const [won, lost] = last.winner === "punto" ? [punto, banco] : [banco, punto];
  return `${BET_WORDS[last.winner]} wins, ${won} to ${lost}.`;
}

function percent(fraction) {
  const [top, bottom] = String(fraction).split("/").map(Number);
  return bottom ? `${Math.round((10000 * top) / bottom) / 100}%` : String(fraction);
}

export function placeName(box, h) {
  return boxName(box, h);
}

function boxName(box, h) {
  return h.names[box] ? `box ${box + 1} (${h.names[box]})` : `box ${box + 1}`;
}

function phaseWords(view, h) {
  const boxes = (list) => list.map((box) => boxName(box, h)).join(", ");
  switch (view.phase) {
    case "shuffle":
      return "The croupier shuffles a new shoe.";
    case "cut":
      return `${[...view.to_act].filter((a) => typeof a === "number").map((b) => boxName(b, h)).join(", ") || "A punter"} cuts the shoe (PB-3).`;
    case "burn":
      return "The croupier burns cards (PB-4).";
    case "betting":
      return "Bets are open: punto, banco, égalité (PB-6).";
    case "deal":
      return "The cards are dealt face down: punto, banco, punto, banco (PB-9).";
    case "turn":
      return `${view.turner === null ? "The croupier" : boxName(view.turner, h)} turns punto's cards (PB-10).`;
    case "choose":
      return `Punto has 5: ${boxes(view.choosers)} ${view.choosers.length > 1 ? "choose" : "chooses"} to draw or stand (PB-13e).`;
    case "punto draws":
      return "Punto draws a third card.";
    case "banco draws":
      return "Banco draws a third card (PB-12).";
    case "over":
      return "The session is over.";
    default:
      return view.phase;
  }
}

function shoe(view, h) {
  const { memory } = h;
  const holder = view.holder === null ? "the croupier" : boxName(view.holder, h);
  const cut = view.cut_card_out
    ? "the cut card is out: this coup is the shoe's last (PB-5)"
    : `cut card ${view.rules.cut_card} from the bottom`;
  const burn = memory.burn
    ? h.el("span", { class: "burn" }, "burned: ", h.card(memory.burn.card, { small: true }), ` and ${memory.burn.burns} unseen`)
    : null;
  const controls = h.find((o) => (o.type === "Amounts" && o.template.type === "Cut") || o.type === "PassShoe").map((o) => h.control(o));
  return h.el(
    "div",
    { class: "pb-shoe", "aria-label": "the shoe" },
    h.el("div", { class: "pb-shoe-box", "aria-hidden": "true" }, h.card(null, { small: true })),
    h.el(
      "div",
      {},
      h.el("div", {}, h.el("strong", {}, `Shoe ${view.shoe_number}`), ` · ${view.cards_left} cards left · coup ${view.coups + 1}`),
      h.el("div", {}, view.dealer !== null && view.phase !== "betting" ? `${boxName(view.dealer, h)} deals this coup` : `The shoe: ${holder}`),
      h.el("div", { class: "note" }, cut),
      burn,
      controls.length ? h.el("div", { class: "pb-controls" }, controls) : null,
    ),
  );
}

function handOf(name, title, hand, h, extra) {
  const points = hand.points === null || hand.points === undefined ? "" : ` · ${hand.points}`;
  return h.el(
    "div",
    { class: `pb-hand pb-${name}` },
    h.hand(hand.cards, `${title}${points}`, { "data-hand": name, "aria-label": `${title}'s hand` }),
    extra && extra.length ? h.el("div", { class: "pb-controls" }, extra) : null,
  );
}

function hands(view, h) {
  const mine = h.find((o) => ["TurnCards", "OfferTurn", "DeclineTurn", "Choose"].includes(o.type)).map((o) => h.control(o));
  const decided = view.decision ? h.el("p", { class: "pb-decision" }, `Punto ${view.decision === "draw" ? "draws" : "stands"} on 5.`) : null;
  return h.el(
    "div",
    { class: "pb-hands" },
    handOf("punto", "Punto", view.punto, h, mine),
    handOf("banco", "Banco", view.banco, h, []),
    decided,
  );
}

function area(view, bet, title, seat, h) {
  const limits = view.rules[bet];
  const pays =
    bet === "egalite"
      ? `pays ${view.rules.egalite_pays} to 1`
      : bet === "banco"
        ? `pays 1 to 1 less ${percent(view.rules.commission)} commission`
        : "pays 1 to 1";
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
    { class: `pb-area pb-area-${bet}`, "aria-label": `the ${title} area` },
    h.el("h3", {}, title),
    h.el("p", { class: "note" }, `${limits.low}–${limits.high}, ${pays}`),
    stakes.length ? h.el("ul", { class: "pb-stakes" }, stakes) : h.el("p", { class: "note" }, "no bets"),
    controls.length ? h.el("div", { class: "pb-controls" }, controls) : null,
  );
}

function boxes(view, seat, h) {
  const marksOf = (box, index) => [
    ...(view.holder === index ? ["holds the shoe"] : []),
    ...(view.turner === index ? ["turns"] : []),
    ...(view.choosers.includes(index) ? ["chooses on 5"] : []),
    ...(view.phase === "betting" && box.done ? ["done"] : []),
    ...(box.owed ? [`owes ${box.owed} commission`] : []),
  ];
  const places = view.boxes.flatMap((box, index) => (box ? [{ index, chips: box.chips, marks: marksOf(box, index) }] : []));
  return placesList(places, seat, view.to_act, h, { item: "pb-box", list: "pb-boxes", word: "Box", label: "the boxes", attribute: "data-box" });
}

// The house's takings: the commission less what it paid out, which may be less than nothing.
function houseWords(house) {
  return house >= 0 ? `The house has taken ${house} chips this session.` : `The house has paid out ${-house} chips more than it took this session.`;
}

export function render(view, seat, h) {
  h.container.append(
    h.el("p", { class: "pb-phase", role: "status" }, phaseWords(view, h)),
    h.el("div", { class: "pb-top" }, shoe(view, h), hands(view, h)),
    h.el("div", { class: "pb-areas" }, BETS.map(([bet, title]) => area(view, bet, title, seat, h))),
    boxes(view, seat, h),
    h.el("p", { class: "note" }, houseWords(view.house)),
  );
}
