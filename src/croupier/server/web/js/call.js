// Calling a person to the table: when it becomes their turn, and when 5 seconds of their
// time are left, a short sound (unless they have turned it off: a switch remembered in the
// browser) and the tab's title, so that a person in another tab knows.

import { _ } from "./i18n.js";

const KEPT = "croupier-call-sound";
const MARK = "● ";

export class Caller {
  constructor(button) {
    this.button = button;
    this.sound = localStorage.getItem(KEPT) !== "off";
    this.yours = false;
    this.lateSaid = false;
    this.said = null; // the call the title shows now, if any
    this.audio = null;
    button.addEventListener("click", () => {
      this.sound = !this.sound;
      localStorage.setItem(KEPT, this.sound ? "on" : "off");
      this.drawSwitch();
    });
    this.drawSwitch();
  }

  drawSwitch() {
    this.button.textContent = this.sound ? _("Sound on your turn: on") : _("Sound on your turn: off");
    this.button.setAttribute("aria-pressed", this.sound ? "true" : "false");
  }

  // Each view: whether the table waits on this person now.
  turn(yours) {
    if (yours && !this.yours) {
      this.lateSaid = false;
      this.title(_("Your turn"));
      this.beep(1);
    } else if (!yours && this.yours) {
      this.title(null);
    }
    this.yours = yours;
  }

  // The person's clock has 5 seconds left (once a turn).
  late() {
    if (!this.yours || this.lateSaid) return;
    this.lateSaid = true;
    this.title(_("5 seconds left"));
    this.beep(2);
  }

  // The page has named itself anew (its game is known now): the call it showed stays on it.
  retitle() {
    this.title(this.said);
  }

  title(words) {
    this.said = words;
    const base = document.title.startsWith(MARK) ? document.title.slice(document.title.indexOf(" · ") + 3) : document.title;
    document.title = words ? `${MARK}${words} · ${base}` : base;
  }

  beep(times) {
    if (!this.sound) return;
    try {
      this.audio ||= new AudioContext();
      const now = this.audio.currentTime;
      for (let i = 0; i < times; i += 1) {
        const tone = this.audio.createOscillator();
        const gain = this.audio.createGain();
        tone.frequency.value = 880;
        gain.gain.setValueAtTime(0.15, now + i * 0.25);
        gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.25 + 0.18);
        tone.connect(gain).connect(this.audio.destination);
        tone.start(now + i * 0.25);
        tone.stop(now + i * 0.25 + 0.2);
      }
      document.body.dataset.called = String(Number(document.body.dataset.called || 0) + times);
    } catch {
      // no sound here: the title says it
    }
  }
}
