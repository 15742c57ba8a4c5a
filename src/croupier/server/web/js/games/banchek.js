// Polish Banchek's table (BN-1 .. BN-17): the banker and his bank (passing when tripled or
// broken), the pack, each punter's three cards from the banker's left (only the seat's own
// face up, and the hands shown: to the riders, or at the settlement), the stakes on the
// hand in play, the punter's first and the riders' after it, the card the banker turns,
// the early turn (BN-14) and the peek (BN-17) with the punters' answer to it.

import { placesList, taken } from "./places.js";

const CHIPS = [5, 10, 25, 50, 100];
const PLAYING = ["open", "peeked", "early", "stake", "riding", "turn"];

// The view last drawn: label() is asked after render() for the same view, and a rider's
// words name whose cards he rides on.
let drawn = null;

export function label(action) {
  const punter = drawn && drawn.punter !== null ? `seat ${drawn.punter + 1}'s` : "the punter's";
  switch (action.type) {
    case "PutUpBank":
      return "Put up the bank";
    case "Cut":
      return "Cut the pack";
    case "Wait":
      return "Let the punter stake";
    case "TurnEarly":
      return "Turn the card early";
    case "Peek":
      return "Peek at the card";
    case "ClaimTurned":
      return "Count the peeked card as turned";
    case "PlayOn":
      return "Let it be turned as usual";
    case "Stake":
      return "Stake on your cards";
    case "RefuseRiders":
      return "Refuse riders on your cards";
    case "Ride":
      return `Ride on ${punter} cards`;
    case "Done":
      return drawn && drawn.phase === "riding" ? "Do not ride" : "Done";
    case "Leave":
      return drawn && drawn.phase === "stake" ? "Leave the game (BN-11)" : "Get up";
    default:
      return undefined;
  }
}

export function hear(step, memory) {
  for (const event of step.events || []) {
    if (event.type === "RoundGathered" || event.type === "BankEnded" || event.type === "PackShuffled") memory.turned = {};
    if (event.type === "CardTurned") {
      memory.turned = memory.turned || {};
      memory.turned[event.seat] = event.card;
    }
  }
}

// The last hand (view.last, js/result.js): the punter's cards and the banker's card (BN-6).
export const resultTitle = "The last hand";
export const roundWord = "hand";

export function shownName(hand, h) {
  return hand.name === "banker" ? `The banker's card: ${h.seatName(hand.seat)}` : `Cards of ${h.seatName(hand.seat)}`;
}

export function winnerWords(last) {
  return last.winner === "punter" ? "The punter's cards beat the banker's (BN-6)." : "The bank wins the hand (BN-6).";
}

function style() {
  if (document.querySelector("link[data-game-style='banchek']")) return;
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "css/banchek.css" });
  link.dataset.gameStyle = "banchek";
  document.head.append(link);
}

function who(seat, h, mine) {
  return seat === mine ? `${h.seatName(seat)}, you` : h.seatName(seat);
}

function says(s, h, mine, verb, own) {
  return s === mine ? `You (seat ${s + 1}) ${own}` : `${h.seatName(s)} ${verb}`;
}

function phaseWords(view, seat, h) {
  const banker = view.banker;
  switch (view.phase) {
    case "first banker":
      return "Each player draws a card: the lowest banks first (BN-2).";
    case "bank":
      return `The bank is ${view.offered === seat ? "yours" : `${h.seatName(view.offered)}'s`} to put up, ${view.rules.bank} chips (BN-10).`;
    case "shuffling":
      return "The banker shuffles the two packs (BN-4).";
    case "cut":
      return "The punter on the banker's right cuts (BN-4).";
    case "dealing":
      return "Three cards to each punter, one at a time (BN-4).";
    case "open":
      return `${says(banker, h, seat, "lets", "let")} ${who(view.punter, h, seat)} stake, or ${banker === seat ? "turn" : "turns"} the card early (BN-14).`;
    case "peeked":
      return "The banker peeked at the card: the punters may have it count as turned (BN-17).";
    case "early":
      return "The banker turns the card before the stake (BN-14).";
    case "stake":
      return `${says(view.punter, h, seat, "names", "name")} a stake on ${view.punter === seat ? "your" : "the"} three cards (BN-5).`;
    case "riding":
      return `Riders may add stakes to ${who(view.punter, h, seat)}'s cards (BN-15).`;
    case "turn":
      return "The banker turns the top card of the pack (BN-6).";
    case "waiting":
      return "Waiting for players.";
    case "over":
      return "The session is over.";
    default:
      return view.phase;
  }
}

function pack(view, h) {
  const cut = h.find((o) => o.type === "Amounts" && o.template.type === "Cut").map((o) => h.control(o));
  const turned = view.turned.length
    ? h.el("div", { class: "bn-turned-row" }, "Turned this round: ", view.turned.map((c) => h.card(c, { small: true })))
    : null;
  return h.el(
    "section",
    { class: "bn-pack", "aria-label": "the pack" },
    h.el("div", { class: "bn-pack-box", "aria-hidden": "true" }, h.card(null, { small: true })),
    h.el(
      "div",
      {},
      h.el("div", {}, h.el("strong", {}, "The pack"), ` · ${view.cards_left} cards left`),
      h.el("div", { class: "note" }, `${view.fresh} fresh on top · round ${view.rounds + 1}`),
      turned,
      cut.length ? h.el("div", { class: "bn-controls" }, cut) : null,
    ),
  );
}

function bank(view, seat, h) {
  const mine = h.find((o) => ["PutUpBank", "Wait", "TurnEarly", "Peek", "ClaimTurned", "PlayOn"].includes(o.type)).map((o) => h.control(o));
  const held = view.banker === null
    ? h.el("p", { class: "bn-big" }, view.offered === null ? "No banker yet" : `The bank is offered to ${who(view.offered, h, seat)}`)
    : h.el("p", { class: "bn-big" }, "Bank ", h.el("span", { class: "bn-chips" }, String(view.bank)), ` held by ${who(view.banker, h, seat)}`);
  const turn = [];
  if (view.early !== null) turn.push(h.el("div", { class: "bn-turn" }, h.card(view.early), h.el("span", {}, "turned early (BN-14)")));
  if (view.peeked_card !== null) turn.push(h.el("div", { class: "bn-turn" }, h.card(view.peeked_card), h.el("span", {}, "you peeked at it (BN-17)")));
  else if (view.peeked) turn.push(h.el("p", { class: "bn-warn" }, "The banker has looked at the top card (BN-17)."));
  return h.el(
    "section",
    { class: "bn-bank", "aria-label": "the bank" },
    h.el("h3", {}, "The bank"),
    held,
    h.el("p", { class: "note" }, `stakes ${view.rules.minimum} up to the bank · paid 1 to 1 · passes at ${view.rules.bank * 3} or when broken · ${view.rules.riders ? "riders allowed" : "no riders"}`),
    turn.length ? h.el("div", { class: "bn-turns" }, turn) : null,
    mine.length ? h.el("div", { class: "bn-controls" }, mine) : null,
  );
}

// One punter's place: his three cards (his own, or shown, face up; else backs), the stakes
// on them while they are in play, and the choices of the seat at them.
function place(s, view, seat, h) {
  const shown = new Map(view.shown.map(([at, cards]) => [at, cards]));
  let cards = null;
  if (s === seat && view.hand.length) cards = view.hand;
  else if (shown.has(s)) cards = shown.get(s);
  else if (PLAYING.includes(view.phase)) cards = [null, null, null];
  const inPlay = s === view.punter;
  const stakes = inPlay ? view.stakes : [];
  const marks = stakes.map(([staker, amount], index) =>
    h.el(
      "li",
      { class: staker === seat ? "mine" : "" },
      index === 0 && staker === s ? "stake " : `${who(staker, h, seat)} rides `,
      h.el("span", { class: "bn-chips" }, String(amount)),
    ),
  );
  const turned = (h.memory.turned || {})[s];
  const own = inPlay
    ? h.find((o) => ["RefuseRiders", "Done"].includes(o.type) || (o.type === "Amounts" && ["Stake", "Ride"].includes(o.template.type))).map((o) =>
        h.control(o, { chips: o.type === "Amounts" ? CHIPS : [] }),
      )
    : [];
  const notes = [];
  if (inPlay) notes.push("in play");
  if (view.no_riders.includes(s)) notes.push("refuses riders");
  return h.el(
    "li",
    { class: `bn-place${s === seat ? " mine" : ""}${inPlay ? " acting" : ""}`, "data-seat": s },
    h.el("div", { class: "bn-name" }, who(s, h, seat), notes.length ? h.el("span", { class: "note" }, ` · ${notes.join(" · ")}`) : null),
    cards === null
      ? h.el("p", { class: "note" }, view.phase === "dealing" ? "being dealt" : "no cards")
      : h.el(
          "div",
          { class: "bn-cards" },
          h.hand(cards, null, { "data-hand": `seat-${s}`, "aria-label": `${h.seatName(s)}'s cards` }),
          turned && shown.has(s) ? h.el("span", { class: "bn-against" }, "against ", h.card(turned, { small: true })) : null,
        ),
    marks.length ? h.el("ul", { class: "bn-stakes" }, marks) : null,
    own.length ? h.el("div", { class: "bn-controls" }, own) : null,
  );
}

function punters(view, seat, h) {
  if (!view.order.length) return null;
  return h.el(
    "section",
    { class: "bn-punters", "aria-label": "the punters, from the banker's left" },
    h.el("h3", {}, "Punters, from the banker's left"),
    h.el("ol", {}, view.order.map((s) => place(s, view, seat, h))),
  );
}

function seats(view, seat, h) {
  const marksOf = (index) => [
    ...(index === view.banker ? [`banker, bank ${view.bank}`] : []),
    ...(index === view.offered ? ["offered the bank"] : []),
    ...(index === view.last_banker ? ["banked last"] : []),
    ...(view.to_act.includes(index) ? ["to act"] : []),
  ];
  return placesList(taken(view, marksOf), seat, view.to_act, h, { item: "bn-seat", list: "bn-seats" });
}

export function render(view, seat, h) {
  style();
  drawn = view;
  const parts = [
    h.el("p", { class: "bn-phase", role: "status" }, phaseWords(view, seat, h)),
    h.el("div", { class: "bn-top" }, pack(view, h), bank(view, seat, h)),
    punters(view, seat, h),
    seats(view, seat, h),
  ];
  h.container.append(...parts.filter((part) => part !== null));
}
