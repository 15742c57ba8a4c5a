// Sitting down: when the person holds no seat, the view's `open_seats` gives each seat they
// may take now with its Join option (the chips one may bring). A seat picker and a buy-in.
// While no seat may be taken at this moment of play (a coup under way), the free ones are
// offered all the same: the page keeps the wish (`later`) and sits the person down as soon
// as the rules allow (table.js), and says so.

import { el, isBox, seatName } from "./dom.js";
import { _ } from "./i18n.js";

// The seat picked and the buy-in typed, kept across redraws: a busy table redraws on
// every step, and the form is made again each time.
const kept = { seat: null, chips: null };

// later: { free: [seat, ...] empty now, wish: { seat, chips } or null, want(seat, chips),
// cancel() }: what is offered while no seat is open.
export function seating(openSeats, balance, sit, names = {}, later = null) {
  const seats = Object.keys(openSeats).map(Number).sort((a, b) => a - b);
  if (later?.wish) return waiting(later, names);
  if (!seats.length) return afterThis(later, balance, names);
  const { picker, chips, form } = pickerForm(seats, names, _("Sit down"));
  const range = el("span", { class: "range" });
  const fit = () => {
    const option = openSeats[picker.value];
    const high = balance === null ? option.high : Math.max(option.low, Math.min(option.high, balance));
    chips.min = option.low;
    chips.max = high;
    if (!chips.value || Number(chips.value) < option.low || Number(chips.value) > high) {
      chips.value = Math.min(high, Math.max(option.low, 500));
    }
    range.textContent = `${option.low}–${high}`;
  };
  picker.addEventListener("change", fit);
  fit();
  form.querySelector("button").before(range);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const option = openSeats[picker.value];
    sit(Number(picker.value), { ...option.template, amount: Math.trunc(Number(chips.value)) });
  });
  return form;
}

// A picker of `seats`, a buy-in field and a submit button saying `act`, the choices kept.
function pickerForm(seats, names, act) {
  const picker = el(
    "select",
    { name: "seat", "aria-label": isBox() ? _("box to take") : _("seat to take") },
    seats.map((seat) => el("option", { value: seat }, seatName(seat, names))),
  );
  if (seats.includes(kept.seat)) picker.value = String(kept.seat);
  picker.addEventListener("change", () => {
    kept.seat = Number(picker.value);
  });
  const chips = el("input", { type: "number", name: "chips", inputmode: "numeric", step: 1, min: 1, required: true, "aria-label": _("chips to bring") });
  if (kept.chips !== null) chips.value = kept.chips;
  chips.addEventListener("input", () => {
    kept.chips = chips.value;
  });
  const form = el(
    "form",
    { class: "seating", "aria-label": _("sit down") },
    el("label", {}, isBox() ? _("Box") : _("Seat"), " ", picker),
    el("label", {}, _("Buy-in"), " ", chips),
    el("button", { type: "submit", class: "act" }, act),
  );
  return { picker, chips, form };
}

// No seat may be taken now: the free ones, to sit at as soon as the rules allow.
function afterThis(later, balance, names) {
  const free = later?.free || [];
  if (!free.length) {
    return el("p", { class: "note" }, isBox() ? _("Every box is taken: you are watching.") : _("Every seat is taken: you are watching."));
  }
  const { picker, chips, form } = pickerForm(free, names, _("Sit down when allowed"));
  if (!chips.value) chips.value = balance === null ? 500 : Math.max(1, Math.min(500, balance));
  form.prepend(el("p", { class: "note" }, _("Play is under way: choose where to sit, and you sit down as soon as the rules allow.")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    later.want(Number(picker.value), Math.trunc(Number(chips.value)));
  });
  return form;
}

// The wish kept: where the person sits down once the rules allow, and a way to drop it.
function waiting(later, names) {
  return el(
    "div",
    { class: "seating waiting", role: "status" },
    el("p", { class: "note" }, _("You sit down at {place} as soon as the rules allow.", { place: seatName(later.wish.seat, names) })),
    el("button", { type: "button", onclick: () => later.cancel() }, _("Don't sit down")),
  );
}
