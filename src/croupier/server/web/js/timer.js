// The time limit: a view's `waiting` gives, for each seat a person holds that the table
// waits on, the seconds left when the view was made. The clock counts them down.

import { el, clear, seatName } from "./dom.js";
import { _ } from "./i18n.js";

export class Clock {
  constructor(container) {
    this.container = container;
    this.left = {};
    this.since = 0;
    this.names = {};
    this.mine = null;
    this.down = false;
    setInterval(() => this.draw(), 200);
  }

  // While the connection is down the clocks are not shown: what they count is not known.
  paused(down) {
    this.down = down;
    this.draw();
  }

  // `late` is called while the seat's own clock has less than 5 seconds left.
  set(waiting, mine, names, late = null) {
    this.late = late;
    this.left = waiting || {};
    this.since = performance.now();
    this.mine = mine;
    this.names = names;
    this.draw();
  }

  draw() {
    const gone = (performance.now() - this.since) / 1000;
    clear(this.container);
    if (this.down) {
      this.container.append(el("span", { class: "clock offline" }, _("reconnecting …")));
      return;
    }
    for (const [seat, seconds] of Object.entries(this.left)) {
      const left = Math.max(0, seconds - gone);
      const who = Number(seat) === this.mine ? _("you") : seatName(Number(seat), this.names);
      if (Number(seat) === this.mine && left < 5 && this.late) this.late();
      this.container.append(
        el("span", { class: `clock${left < 5 ? " late" : ""}`, "data-seat": seat }, _("{who}: {seconds} s", { who, seconds: left.toFixed(0) })),
      );
    }
  }
}
