// A table's evening in numbers (GET /api/tables/{id}/numbers; docs/review.md, "A decision,
// and an evening"): for each seat its decisions, how many were the best, what the others
// cost in chips of expectation, what its play was expected to bring, what it brought, and
// the difference, luck.

import { el, seatName } from "./dom.js";
import { chips } from "./figures.js";
import { _, ngettext } from "./i18n.js";

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function caption(numbers) {
  if (numbers.complete) return ngettext("Over the {n} coup of the evening: the table has closed.", "Over all {n} coups of the evening: the table has closed.", numbers.coups);
  return ngettext("So far, over the {n} coup whose shoe is over (a shoe in play keeps its cards hidden).", "So far, over the {n} coups whose shoes are over (a shoe in play keeps its cards hidden).", numbers.coups);
}

// Each seat a group of two rows, its name above its figures: six figures fit a side column.
export function numbersTable(numbers) {
  const head = [_("Decisions"), _("The best"), _("Cost"), _("Expected"), _("Actual"), _("Luck")];
  const seats = numbers.evenings.map((e) =>
    el(
      "tbody",
      { "data-seat": e.seat },
      el("tr", {}, el("th", { scope: "rowgroup", colspan: head.length, class: "who" }, seatName(e.seat, { [e.seat]: e.name }))),
      el(
        "tr",
        {},
        el("td", { "data-figure": "decisions" }, String(e.decisions)),
        el("td", { "data-figure": "best" }, String(e.best)),
        el("td", {}, chips(e.cost, "cost", { signed: false })),
        el("td", {}, chips(e.expected, "expected")),
        el("td", { "data-figure": "actual", class: e.actual > 0 ? "up" : e.actual < 0 ? "down" : null }, signed(e.actual)),
        el("td", {}, chips(e.luck, "luck")),
      ),
    ),
  );
  return el(
    "div",
    { class: "numbers" },
    el(
      "table",
      {},
      el("caption", {}, caption(numbers)),
      el("thead", {}, el("tr", {}, head.map((words) => el("th", { scope: "col" }, words)))),
      seats,
    ),
    el("p", { class: "note" }, _("Cost: what the choices that were not the best gave away, in chips of expectation. Expected: what the stakes chosen were worth when placed; actual: what the coups brought; luck: the difference.")),
  );
}
