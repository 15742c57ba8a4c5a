// A decision of a past coup, beside the replayer's table (docs/review.md, "A decision, and an
// evening"): every option the seat had, in the words of its game's layout, the value of each
// in chips of expectation when it was made, the one taken and the best marked, the
// equilibrium's share of each where a solution gives one, and what the one taken cost
// against the best.

import { describe, fieldOf } from "./controls.js";
import { el, pieces } from "./dom.js";
import { chips, share } from "./figures.js";
import { _, ngettext } from "./i18n.js";

// The fields of an option that are stakes in chips (a Monte Carlo bet has three).
const AMOUNTS = ["amount", "circle", "cross", "doubler"];

// An option in words with its chips: "Bet on banco, 20 chips", "Monte Carlo on 7♣: ...,
// circle 10 · cross 10 · doubler 10".
export function optionWords(option, label) {
  const action = describe(option, label);
  const fields = AMOUNTS.filter((field) => typeof option[field] === "number");
  if (!fields.length) return action;
  if (fields.length === 1 && fields[0] === "amount") return ngettext("{action}, {n} chip", "{action}, {n} chips", option.amount, { action });
  return _("{action}, {amounts}", { action, amounts: fields.map((field) => `${fieldOf(field)} ${option[field]}`).join(" · ") });
}

// What the one taken is beside the best: its cost, or that it was the best.
function verdict(decision) {
  if (decision.cost.value > 0) {
    return el("p", { class: "cost" }, pieces(_("Cost {chips} chips against the best."), { chips: chips(decision.cost, "cost", { signed: false }) }));
  }
  return el("p", { class: "best-taken" }, _("The best was taken."));
}

// The panel of `decision` (croupier.review.session.decision_json), its options said with
// the layout's `label` as the table stood when it was made; `seatName(seat)` names a seat.
export function choicePanel(decision, label, seatName) {
  const seat = seatName(decision.seat);
  const mixed = Array.isArray(decision.mix);
  const rows = decision.choices.map((choice, index) => {
    const marks = [...(index === decision.taken ? [_("taken")] : []), ...(index === decision.best ? [_("the best")] : [])];
    return el(
      "tr",
      {
        "data-choice": index,
        class: [index === decision.taken ? "taken" : "", index === decision.best ? "best" : ""].join(" ").trim() || null,
      },
      el("th", { scope: "row" }, optionWords(choice.option, label), marks.length ? el("span", { class: "marks" }, marks.join(" · ")) : null),
      el("td", { class: "figure" }, chips(choice.value, `choice.${index}`)),
      mixed ? el("td", { class: "figure" }, share(decision.mix[index], `mix.${index}`)) : null,
    );
  });
  const head = [_("Option"), _("Value, in chips"), ...(mixed ? [_("Equilibrium")] : [])];
  return el(
    "section",
    { class: "choice", "aria-label": _("the choice and the value of each option") },
    el("h3", {}, _("The choice of {seat}", { seat })),
    decision.house ? el("p", { class: "note house" }, _("The table played it for the seat (its time ran out, or it sat out): it is not counted in its evening.")) : null,
    el(
      "table",
      { class: "choices" },
      el("caption", {}, _("What each option was worth when it was made, on the cards then left as the seat knew them")),
      el("thead", {}, el("tr", {}, head.map((words, index) => el("th", { scope: "col", class: index ? "figure" : null }, words)))),
      el("tbody", {}, rows),
    ),
    verdict(decision),
  );
}
