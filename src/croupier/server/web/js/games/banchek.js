// Polish Banchek's table (BN-1 .. BN-17): the banker and his bank (passing when tripled or
// broken), the pack, each punter's three cards from the banker's left (only the seat's own
// face up, and the hands shown: to the riders, or at the settlement), the stakes on the
// hand in play, the punter's first and the riders' after it, the card the banker turns,
// the early turn (BN-14) and the peek (BN-17) with the punters' answer to it.

import { _, ngettext, pgettext } from "../i18n.js";
import { settlementPanel } from "../result.js";
import { placesList, taken, withNode } from "./places.js";

const CHIPS = [5, 10, 25, 50, 100];
const PLAYING = ["open", "peeked", "early", "stake", "riding", "turn"];

// The view last drawn: label() is asked after render() for the same view, and a rider's
// words name whose cards he rides on.
let drawn = null;

export function label(action) {
  switch (action.type) {
    case "PutUpBank":
      return pgettext("banchek", "Put up the bank");
    case "Cut":
      return _("Cut the pack");
    case "Wait":
      return _("Let the punter stake");
    case "TurnEarly":
      return _("Turn the card early");
    case "Peek":
      return _("Peek at the card");
    case "ClaimTurned":
      return _("Count the peeked card as turned");
    case "PlayOn":
      return _("Let it be turned as usual");
    case "Stake":
      return _("Stake on your cards");
    case "RefuseRiders":
      return _("Refuse riders on your cards");
    case "Ride":
      return drawn && drawn.punter !== null ? _("Ride on seat {number}'s cards", { number: drawn.punter + 1 }) : _("Ride on the punter's cards");
    case "Done":
      return drawn && drawn.phase === "riding" ? _("Do not ride") : _("Done");
    case "Leave":
      return drawn && drawn.phase === "stake" ? _("Leave the game (BN-11)") : _("Get up");
    default:
      return undefined;
  }
}

export function hear(step, memory) {
  for (const event of step.events || []) {
    if (event.type === "RoundGathered" || event.type === "BankEnded" || event.type === "PackShuffled") memory.turned = {};
    // Who got up with a hand dealt (its hand is off the felt), until his seat is dealt again.
    if (event.type === "SeatLeft") memory.gone = [...(memory.gone || []), event.seat];
    if (event.type === "HandDealt") memory.gone = (memory.gone || []).filter((s) => s !== event.seat);
    if (event.type === "CardTurned") {
      memory.turned = memory.turned || {};
      memory.turned[event.seat] = event.card;
    }
  }
}

// The last hand (view.last, js/result.js): the punter's cards and the banker's card (BN-6).
export const resultTitle = _("The last hand");
export const roundWord = "hand"; // a key: the page says "Leave after this hand" in its words

export function shownName(hand, h) {
  const seat = h.seatName(hand.seat);
  return hand.name === "banker" ? _("The banker's card: {seat}", { seat }) : _("Cards of {seat}", { seat });
}

export function winnerWords(last) {
  return last.winner === "punter" ? _("The punter's cards beat the banker's (BN-6).") : _("The bank wins the hand (BN-6).");
}

// A punter's own last hand, kept in a panel of its own while the next punters' hands are
// settled and replace the last (BN-7): from its settlement (his own hand, or one he rode
// on) until his next turn to stake, or until he presses "Go on". The banker's every hand
// is the last one.
function keepYours(view, seat, memory) {
  if (seat === null || seat === view.banker || (view.punter === seat && PLAYING.includes(view.phase))) memory.yours = null;
  else if (view.last && view.last.nets.some(([s]) => s === seat)) memory.yours = view.last;
}

function yoursPanel(view, seat, h) {
  const yours = h.memory.yours;
  if (!yours || JSON.stringify(yours) === JSON.stringify(view.last)) return null;
  return settlementPanel(yours, seat, { shownName, winnerWords }, h, {
    title: _("Your last hand"),
    kind: "kept-result",
    label: _("your last hand"),
    onGoOn: (panel) => {
      h.memory.yours = null;
      panel.remove();
    },
  });
}

function style() {
  if (document.querySelector("link[data-game-style='banchek']")) return;
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "css/banchek.css" });
  link.dataset.gameStyle = "banchek";
  document.head.append(link);
}

function who(seat, h, mine) {
  return seat === mine ? _("{seat}, you", { seat: h.seatName(seat) }) : h.seatName(seat);
}

function phaseWords(view, seat, h) {
  const banker = view.banker;
  const punter = who(view.punter, h, seat);
  switch (view.phase) {
    case "first banker":
      return _("Each player draws a card: the lowest banks first (BN-2).");
    case "bank":
      return view.offered === seat
        ? ngettext("The bank is yours to put up, {n} chip (BN-10).", "The bank is yours to put up, {n} chips (BN-10).", view.rules.bank)
        : ngettext("The bank is {seat}'s to put up, {n} chip (BN-10).", "The bank is {seat}'s to put up, {n} chips (BN-10).", view.rules.bank, {
            seat: h.seatName(view.offered),
          });
    case "shuffling":
      return _("The banker shuffles the two packs (BN-4).");
    case "cut":
      return _("The punter on the banker's right cuts (BN-4).");
    case "dealing":
      return _("Three cards to each punter, one at a time (BN-4).");
    case "open":
      return banker === seat
        ? _("You (seat {number}) let {punter} stake, or turn the card early (BN-14).", { number: banker + 1, punter })
        : _("{banker} lets {punter} stake, or turns the card early (BN-14).", { banker: h.seatName(banker), punter });
    case "peeked":
      return _("The banker peeked at the card: the punters may have it count as turned (BN-17).");
    case "early":
      return _("The banker turns the card before the stake (BN-14).");
    case "stake":
      return view.punter === seat
        ? _("You (seat {number}) name a stake on your three cards (BN-5).", { number: view.punter + 1 })
        : _("{seat} names a stake on the three cards (BN-5).", { seat: h.seatName(view.punter) });
    case "riding":
      return _("Riders may add stakes to {who}'s cards (BN-15).", { who: punter });
    case "turn":
      return _("The banker turns the top card of the pack (BN-6).");
    case "waiting":
      return _("Waiting for players.");
    case "over":
      return _("The session is over.");
    default:
      return view.phase;
  }
}

function pack(view, h) {
  const cut = h.find((o) => o.type === "Amounts" && o.template.type === "Cut").map((o) => h.control(o));
  const turned = view.turned.length
    ? h.el("div", { class: "bn-turned-row" }, _("Turned this round:"), " ", view.turned.map((c) => h.card(c, { small: true })))
    : null;
  return h.el(
    "section",
    { class: "bn-pack", "aria-label": _("the pack") },
    h.el("div", { class: "bn-pack-box", "aria-hidden": "true" }, h.card(null, { small: true })),
    h.el(
      "div",
      {},
      h.el("div", {}, h.el("strong", {}, _("The pack")), " · ", ngettext("{n} card left", "{n} cards left", view.cards_left)),
      h.el(
        "div",
        { class: "note" },
        // i18n: the cards on top of the pack not yet dealt from it since it was shuffled
        ngettext("{n} fresh on top", "{n} fresh on top", view.fresh),
        " · ",
        _("round {number}", { number: view.rounds + 1 }),
      ),
      turned,
      cut.length ? h.el("div", { class: "bn-controls" }, cut) : null,
    ),
  );
}

function bank(view, seat, h) {
  const mine = h.find((o) => ["PutUpBank", "Wait", "TurnEarly", "Peek", "ClaimTurned", "PlayOn"].includes(o.type)).map((o) => h.control(o));
  const chips = h.el("span", { class: "bn-chips" }, String(view.bank));
  const held = view.banker === null
    ? h.el("p", { class: "bn-big" }, view.offered === null ? _("No banker yet") : _("The bank is offered to {who}", { who: who(view.offered, h, seat) }))
    : h.el("p", { class: "bn-big" }, withNode(_("Bank {chips} held by {who}", { who: who(view.banker, h, seat) }), "chips", chips));
  const turn = [];
  if (view.early !== null) turn.push(h.el("div", { class: "bn-turn" }, h.card(view.early), h.el("span", {}, _("turned early (BN-14)"))));
  if (view.peeked_card !== null) turn.push(h.el("div", { class: "bn-turn" }, h.card(view.peeked_card), h.el("span", {}, _("you peeked at it (BN-17)"))));
  else if (view.peeked) turn.push(h.el("p", { class: "bn-warn" }, _("The banker has looked at the top card (BN-17).")));
  const terms = [
    _("stakes {minimum} up to the bank", { minimum: view.rules.minimum }),
    _("paid 1 to 1"),
    _("passes at {amount} or when broken", { amount: view.rules.bank * 3 }),
    view.rules.riders ? _("riders allowed") : _("no riders"),
  ];
  return h.el(
    "section",
    { class: "bn-bank", "aria-label": _("the bank") },
    h.el("h3", {}, _("The bank")),
    held,
    h.el("p", { class: "note" }, terms.join(" · ")),
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
      withNode(index === 0 && staker === s ? _("stake {chips}") : _("{who} rides {chips}", { who: who(staker, h, seat) }), "chips", h.el("span", { class: "bn-chips" }, String(amount))),
    ),
  );
  const turned = (h.memory.turned || {})[s];
  const own = inPlay
    ? h.find((o) => ["RefuseRiders", "Done"].includes(o.type) || (o.type === "Amounts" && ["Stake", "Ride"].includes(o.template.type))).map((o) =>
        h.control(o, { chips: o.type === "Amounts" ? CHIPS : [] }),
      )
    : [];
  const notes = [];
  if (inPlay) notes.push(_("in play"));
  if (view.no_riders.includes(s)) notes.push(_("refuses riders"));
  return h.el(
    "li",
    { class: `bn-place${s === seat ? " mine" : ""}${inPlay ? " acting" : ""}`, "data-seat": s },
    h.el("div", { class: "bn-name" }, who(s, h, seat), notes.length ? h.el("span", { class: "note" }, ` · ${notes.join(" · ")}`) : null),
    cards === null
      ? h.el("p", { class: "note" }, view.phase === "dealing" ? _("being dealt") : _("no cards"))
      : h.el(
          "div",
          { class: "bn-cards" },
          h.hand(cards, null, { "data-hand": `seat-${s}`, "aria-label": _("{seat}'s cards", { seat: h.seatName(s) }) }),
          turned && shown.has(s) ? h.el("span", { class: "bn-against" }, withNode(_("against {card}"), "card", h.card(turned, { small: true }))) : null,
        ),
    marks.length ? h.el("ul", { class: "bn-stakes" }, marks) : null,
    own.length ? h.el("div", { class: "bn-controls" }, own) : null,
  );
}

// The punters dealt in this round who are still at the table: one who got up has no hand
// on the felt (BN-11), nor has a newcomer in his seat before the next deal.
function punters(view, seat, h) {
  const gone = h.memory.gone || [];
  const here = view.order.filter((s) => view.seats[s] !== null && !gone.includes(s));
  if (!here.length) return null;
  return h.el(
    "section",
    { class: "bn-punters", "aria-label": _("the punters, from the banker's left") },
    h.el("h3", {}, _("Punters, from the banker's left")),
    h.el("ol", {}, here.map((s) => place(s, view, seat, h))),
  );
}

function seats(view, seat, h) {
  const marksOf = (index) => [
    ...(index === view.banker ? [_("banker, bank {bank}", { bank: view.bank })] : []),
    ...(index === view.offered ? [_("offered the bank")] : []),
    ...(index === view.last_banker ? [_("banked last")] : []),
    ...(view.to_act.includes(index) ? [_("to act")] : []),
    ...((view.out || []).includes(index) ? [_("out of the game: dealt no cards")] : []),
  ];
  return placesList(taken(view, marksOf), seat, view.to_act, h, { item: "bn-seat", list: "bn-seats" });
}

export function render(view, seat, h) {
  style();
  drawn = view;
  keepYours(view, seat, h.memory);
  const parts = [
    yoursPanel(view, seat, h),
    h.el("p", { class: "bn-phase", role: "status" }, phaseWords(view, seat, h)),
    h.el("div", { class: "bn-top" }, pack(view, h), bank(view, seat, h)),
    punters(view, seat, h),
    seats(view, seat, h),
  ];
  h.container.append(...parts.filter((part) => part !== null));
}

// The odds panel (js/odds.js): the seat's own hand against the card the banker turns next
// (GET /api/tables/{id}/odds).
export function odds(figures, h) {
  const row = h.el(
    "tr",
    {},
    h.el("th", { scope: "row" }, _("Your cards"), h.el("span", { class: "odds-cards" }, figures.hand.map((c) => h.card(c)))),
    h.figure(figures.win, "win"),
    h.figure(figures.edge, "edge", { signed: true }),
  );
  return [h.grid(_("Your hand against the next card"), [_("Hand"), _("Beats the card"), _("Your edge")], [row])];
}
