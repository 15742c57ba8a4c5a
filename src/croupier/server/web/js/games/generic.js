// The fallback layout: any game's view, its fields shown readably (cards drawn, seats
// counted from 1), so that every game is playable before its own layout is written. Its
// options are left to the action bar below the table. The fields are named as the API
// names them.

import { _ } from "../i18n.js";

const CARD = /^[2-9TJQKA][CDHS]$/;
const SKIP = new Set(["type", "legal", "viewer", "rules"]);

function isCards(name, value) {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => item === null || (typeof item === "string" && CARD.test(item))) &&
    (value.some((item) => item !== null) || /cards|hand|layout|gate/.test(name))
  );
}

function words(name) {
  return name.replace(/_/g, " ");
}

function show(name, value, h) {
  if (value === null || value === undefined) return h.el("span", { class: "none" }, "—");
  if (typeof value === "string" && CARD.test(value)) return h.card(value);
  if (isCards(name, value)) return h.hand(value);
  if (Array.isArray(value)) {
    if (!value.length) return h.el("span", { class: "none" }, _("none"));
    if (value.every((item) => typeof item !== "object" || item === null)) {
      return h.el("span", {}, value.map((item) => (item === null ? "—" : String(item))).join(", "));
    }
    const items = value.map((item, index) => (item === null ? null : h.el("li", { value: index + 1 }, show(name, item, h))));
    return h.el("ol", { class: "fields" }, items);
  }
  if (typeof value === "object") return fields(value, h);
  if (typeof value === "boolean") return value ? _("yes") : _("no");
  return String(value);
}

function fields(object, h) {
  const list = h.el("dl", { class: "fields" });
  for (const [name, value] of Object.entries(object)) {
    if (SKIP.has(name)) continue;
    list.append(h.el("dt", {}, words(name)), h.el("dd", {}, show(name, value, h)));
  }
  return list;
}

export function render(view, seat, h) {
  const nobody = _("nobody");
  const whose = [...view.to_act].map((actor) => (typeof actor === "number" ? h.seatName(actor) : actor));
  h.container.append(
    h.el("p", { class: "turn" }, _("Waiting on: {who}", { who: whose.join(", ") || nobody })),
    fields(view, h),
    h.el("details", { class: "rules" }, h.el("summary", {}, _("Rules of this table")), fields(view.rules, h)),
  );
}
