// The places at a table (seats, or Punto Banco's boxes) in a list: each one's number, who
// holds it, its chips and what it is doing now. Every game's layout draws its own with this.
//
// places: [{ index, chips, marks: ["banker", ...] }], in order; the seat this page holds is
// "mine", and those the table waits on are "acting"; a seat's plans (sitting out, leaving)
// are marked too. `item` and `list` are the classes of an
// entry and of the list, `word` the place's name, `attribute` the entry's data attribute.

import { _, ngettext } from "../i18n.js";

// A seat's plans (the view message's `plans`) as marks: "sitting out", "leaving".
function planned(h, index) {
  const plan = ((h.message && h.message.plans) || {})[String(index)];
  return plan ? [...(plan.away ? [_("sitting out")] : []), ...(plan.leave ? [_("leaving")] : [])] : [];
}

export function placesList(places, seat, acting, h, { item, list, word = _("Seat"), label = _("the seats"), attribute = "data-seat", you = () => _("you") }) {
  return h.el(
    "ol",
    { class: list, "aria-label": label },
    places.map(({ index, chips, marks: own }) => ({ index, chips, marks: [...own, ...planned(h, index)] })).map(({ index, chips, marks }) =>
      h.el(
        "li",
        { class: `${item}${index === seat ? " mine" : ""}${acting.includes(index) ? " acting" : ""}`, [attribute]: index },
        h.el("strong", {}, `${word} ${index + 1}`),
        h.el("span", {}, index === seat ? you(index) : h.names[index] || ""),
        h.el("span", {}, ngettext("{n} chip", "{n} chips", chips)),
        marks.length ? h.el("span", { class: "note" }, marks.join(" · ")) : null,
      ),
    ),
  );
}

// The seats of a view whose `seats` holds each seat's chips (null: an empty seat), each with
// the marks `marksOf(index)` gives.
export function taken(view, marksOf) {
  return view.seats.flatMap((chips, index) => (chips === null ? [] : [{ index, chips, marks: marksOf(index) }]));
}

// A message with an element in it: `text` (translated, its other values filled) with the
// element put where `{name}` stands, as children for `el`: "Bank {chips} held by seat 1".
export function withNode(text, name, node) {
  const at = text.indexOf(`{${name}}`);
  return at < 0 ? [text, " ", node] : [text.slice(0, at), node, text.slice(at + name.length + 2)];
}
