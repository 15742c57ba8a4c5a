// Stepping through a past coup (replay.html): the first, back, next and last buttons, the
// slider, the left and right arrow keys, Home and End, and playing at a speed (a step a
// second at 1×) until the end or a pause; which step of how many is shown. `onStep(k)` draws
// step k, from 0 (the coup's start) to `total` (after its last step).

import { _, ngettext } from "./i18n.js";

const PACE = 1000; // ms a step, at 1×

export class Stepper {
  constructor(section, total, onStep) {
    this.section = section;
    this.total = total;
    this.onStep = onStep;
    this.at = 0;
    this.timer = null;
    this.play = section.querySelector("[data-go='play']");
    this.speed = section.querySelector("select[name='speed']");
    this.slider = section.querySelector("input[name='step']");
    this.where = section.querySelector(".where");
    this.slider.max = String(total);
    const moves = { first: () => 0, back: () => this.at - 1, next: () => this.at + 1, last: () => this.total };
    for (const button of section.querySelectorAll("[data-go]")) {
      const move = moves[button.dataset.go];
      button.addEventListener("click", move ? () => this.go(move()) : () => this.toggle());
    }
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.speed.addEventListener("change", () => {
      if (this.timer !== null) this.run();
    });
    document.addEventListener("keydown", (event) => this.key(event));
    section.hidden = false;
  }

  // The arrows, Home and End, where they move nothing else (a field, the speed's choice).
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.total }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.go(to);
  }

  // Step k drawn (within the coup); a step chosen by hand pauses the playing.
  go(k, playing = false) {
    if (!playing) this.pause();
    this.show(Math.min(this.total, Math.max(0, k)));
  }

  show(k) {
    this.at = k;
    this.slider.value = String(k);
    this.where.textContent =
      k === 0
        ? ngettext("The start: {n} step to come", "The start: {n} steps to come", this.total)
        : _("Step {step} of {total}", { step: k, total: this.total });
    for (const button of this.section.querySelectorAll("[data-go='first'], [data-go='back']")) button.disabled = k === 0;
    for (const button of this.section.querySelectorAll("[data-go='next'], [data-go='last']")) button.disabled = k === this.total;
    this.onStep(k);
  }

  toggle() {
    if (this.timer !== null) {
      this.pause();
      return;
    }
    if (this.at === this.total) this.go(0); // played to the end: again from the start
    this.run();
  }

  run() {
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      this.go(this.at + 1, true);
      if (this.at >= this.total) this.pause();
    }, PACE / Number(this.speed.value));
    this.pressed(true);
  }

  pause() {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    this.pressed(false);
  }

  pressed(on) {
    this.play.setAttribute("aria-pressed", on ? "true" : "false");
    this.play.textContent = on ? _("Pause") : _("Play");
  }
}
