// Sitting down: when the person holds no seat, the view's `open_seats` gives each seat they
// may take now with its Join option (the chips one may bring). A seat picker and a buy-in.

import { el, seatName } from "./dom.js";
import { _ } from "./i18n.js";

// The seat picked and the buy-in typed, kept across redraws: a busy table redraws on
// every step, and the form is made again each time.
const kept = { seat: null, chips: null };

export function seating(openSeats, balance, sit, names = {}) {
  const seats = Object.keys(openSeats).map(Number).sort((a, b) => a - b);
  if (!seats.length) {
    return el("p", { class: "note" }, _("No seat is open just now: you are watching. Seats open between coups."));
  }
  const picker = el(
    "select",
    { name: "seat", "aria-label": _("seat to take") },
    seats.map((seat) => el("option", { value: seat }, seatName(seat, names))),
  );
  if (seats.includes(kept.seat)) picker.value = String(kept.seat);
  const chips = el("input", { type: "number", name: "chips", inputmode: "numeric", step: 1, required: true, "aria-label": _("chips to bring") });
  if (kept.chips !== null) chips.value = kept.chips;
  chips.addEventListener("input", () => {
    kept.chips = chips.value;
  });
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
  picker.addEventListener("change", () => {
    kept.seat = Number(picker.value);
    fit();
  });
  fit();
  const form = el(
    "form",
    { class: "seating", "aria-label": _("sit down") },
    el("label", {}, _("Seat"), " ", picker),
    el("label", {}, _("Buy-in"), " ", chips),
    range,
    el("button", { type: "submit", class: "act" }, _("Sit down")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const option = openSeats[picker.value];
    sit(Number(picker.value), { ...option.template, amount: Math.trunc(Number(chips.value)) });
  });
  return form;
}
