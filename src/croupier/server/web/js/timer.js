// The time limit and the time bank: a view's `waiting` gives, for each seat a person holds
// that the table waits on, the seconds left of its current clock when the view was made (its
// time limit's, or its bank's for the seats `on_bank`), and `bank` each seat's seconds left
// of its bank, at a table that has one. The clock counts them down: "12 s + bank 30 s", then
// "bank 29 s" once the limit has run out.

import { el, clear, seatName } from "./dom.js";
import { _ } from "./i18n.js";

export class Clock {
  constructor(container) {
    this.container = container;
    this.left = {};
    this.bank = {};
    this.onBank = [];
    this.since = 0;
    this.names = {};
    this.mine = null;
    this.down = false;
    this.shown = null; // what the spans say now, as drawn last
    setInterval(() => this.draw(), 200);
  }

  // While the connection is down the clocks are not shown: what they count is not known.
  paused(down) {
    this.down = down;
    this.draw();
  }

  // `times` is a view message, or {} for no clock; `late` is called while the seat's own
  // clock, its bank with it, has less than 5 seconds left.
  set(times, mine, names, late = null) {
    this.late = late;
    this.left = times.waiting || {};
    this.bank = times.bank || {};
    this.onBank = times.on_bank || [];
    this.since = performance.now();
    this.mine = mine;
    this.names = names;
    this.draw();
  }

  // Redrawn five times a second, the clock's spans are replaced only when what they say
  // changes (once a second while a clock counts, never while none does): a page left open
  // otherwise lays itself out again five times a second for nothing.
  draw() {
    const gone = (performance.now() - this.since) / 1000;
    const shown = this.down ? [["clock offline", null, _("reconnecting …")]] : [];
    for (const [seat, seconds] of Object.entries(this.down ? {} : this.left)) {
      const onBank = this.onBank.includes(Number(seat));
      const bank = onBank ? 0 : this.bank[seat] || 0; // the bank still to come after the limit
      const counting = seconds - gone; // the clock that counted when the view was made
      const left = Math.max(0, counting + bank); // before the table acts for the seat
      const who = Number(seat) === this.mine ? _("you") : seatName(Number(seat), this.names);
      if (Number(seat) === this.mine && left < 5 && this.late) this.late();
      const said =
        bank > 0 && counting > 0
          ? _("{who}: {seconds} s + bank {bank} s", { who, seconds: counting.toFixed(0), bank: bank.toFixed(0) })
          : onBank || bank > 0
            ? _("{who}: bank {seconds} s", { who, seconds: left.toFixed(0) })
            : _("{who}: {seconds} s", { who, seconds: left.toFixed(0) });
      shown.push([`clock${left < 5 ? " late" : ""}`, seat, said]);
    }
    const key = JSON.stringify(shown);
    if (key === this.shown) return;
    this.shown = key;
    clear(this.container);
    for (const [kind, seat, said] of shown) {
      this.container.append(el("span", { class: kind, "data-seat": seat }, said)); // (no seat: none)
    }
  }
}
