// The last settlement, face up: the view's `last` (croupier.engine.shown) as the table
// showed it when the coup, deal or hand was settled: every hand with its cards and points,
// which won, what each stake made, and a line for this seat ("you won +75", "you lost 50").
// It stays on the table until the next settlement, or until the person presses "Go on"; a
// reload shows it again, since the view carries it.
//
// A layout may name the hands in its game's words with `shownName(hand, h)`, the winner
// with `winnerWords(last, h)`, the stakes settled with `settledLines(last, h)` (a line
// each), the places with `placeName(seat, h)` ("box 3") and the panel with `resultTitle`;
// without them the hand's own name and "seat 3" are used. A layout that keeps a seat's own
// settlement in view after the next replaces the last (Banchek) draws it with
// `settlementPanel`.

import { card } from "./cards.js";
import { el } from "./dom.js";
import { _ } from "./i18n.js";

const dismissed = new Set(); // the settlements the person pressed on from (their JSON)

function signed(chips) {
  return chips > 0 ? `+${chips}` : String(chips);
}

// "you won +75", "you lost 50", "you are even": a seat's net by the settlement in words.
export function yourLine(net) {
  if (net > 0) return _("You won {chips}", { chips: signed(net) });
  if (net < 0) return _("You lost {chips}", { chips: -net });
  return _("You are even: your stake came back");
}

function defaultName(hand, h) {
  const name = hand.name.replace(/-/g, " ");
  const title = `${name[0].toUpperCase()}${name.slice(1)}`;
  return hand.seat === null || hand.seat === undefined ? title : `${title}: ${h.seatName(hand.seat)}`;
}

function shownHand(hand, layout, h) {
  const name = (layout.shownName && layout.shownName(hand, h)) || defaultName(hand, h);
  const points = hand.points === null || hand.points === undefined ? "" : ` · ${hand.points}`;
  return el(
    "figure",
    { class: "hand shown-hand", "data-shown-hand": hand.name, "data-points": hand.points ?? "" },
    el("div", { class: "cards" }, hand.cards.length ? hand.cards.map((c) => card(c, { small: true })) : el("span", { class: "no-cards" }, _("none"))),
    el("figcaption", {}, `${name}${points}`),
  );
}

// The panel for `view.last`, or null when there is none (or the person pressed on).
export function resultPanel(view, seat, layout, h, redraw) {
  if (!view.last) return null;
  return settlementPanel(view.last, seat, layout, h, { onGoOn: redraw });
}

// The panel for one settlement `last` as `seat` sees it, or null once the person pressed
// "Go on" from it (here or in another panel); `onGoOn(panel)` is called then (without it,
// the panel has no "Go on": the replayer's). `title` and `kind` (its class and label) tell a
// kept panel from the last settlement's.
export function settlementPanel(last, seat, layout, h, { onGoOn, title = layout.resultTitle || _("The last coup"), kind = "result", label = _("the last settlement") }) {
  const key = JSON.stringify(last);
  if (dismissed.has(key)) return null;
  const winner = (layout.winnerWords && layout.winnerWords(last, h)) || null;
  const settled = (layout.settledLines && layout.settledLines(last, h)) || [];
  const mine = seat === null ? undefined : last.nets.find(([s]) => s === seat);
  const others = last.nets.filter(([s]) => s !== seat);
  const panel = el(
    "section",
    { class: kind, "aria-label": label, role: "status" },
    el("h3", {}, title),
    el("div", { class: "shown-hands" }, last.hands.map((hand) => shownHand(hand, layout, h))),
    winner ? el("p", { class: "winner" }, winner) : null,
    settled.length ? el("ul", { class: "settled" }, settled.map((line) => el("li", {}, line))) : null,
    mine ? el("p", { class: `yours ${mine[1] > 0 ? "won" : mine[1] < 0 ? "lost" : "even"}`, "data-net": mine[1] }, yourLine(mine[1])) : null,
    others.length
      ? el("p", { class: "nets note" }, others.map(([s, chips]) => `${(layout.placeName || h.seatName)(s, h)} ${signed(chips)}`).join(" · "))
      : null,
  );
  if (onGoOn) panel.append(el("button", { type: "button", class: "go-on", onclick: () => { dismissed.add(key); onGoOn(panel); } }, _("Go on")));
  return panel;
}
