// The host's pause on the room page: a Pause / Go on button for the host while a match is on,
// and for everyone a banner that says who paused it. While paused the clocks shown stand still
// and the table takes no moves; when it goes on, each clock goes on with the time it had left.

import { api } from "./api.js";
import { h, redraw } from "./dom.js";
import { t } from "./i18n.js";
import { refusal, toast } from "./ui.js";

export const pauseMethods = {
  /** The host's button in the room's head while a match is on (null for anyone else). */
  pauseButton() {
    const host = this.hostToken();
    if (!host || !this.room || this.room.status !== "playing") return null;
    const paused = Boolean(this.room.paused_by);
    return h("button", {
      type: "button",
      class: ["small", paused && "primary"],
      id: "pause",
      "aria-pressed": paused ? "true" : "false",
      on: { click: () => this.setPaused(!paused, host) },
    }, paused ? t("resume_game") : t("pause_game"));
  },

  /** Ask the server to pause or go on, and show the answer at once (the room message that
   * follows says it to everyone).
   * @param {boolean} paused @param {string} host */
  async setPaused(paused, host) {
    try {
      const before = this.room;
      this.room = paused ? await api.pause(this.code, host) : await api.resume(this.code, host);
      this.notePause(before, this.room);
      this.render("room");
    } catch (err) {
      toast(refusal(err), "error");
    }
  },

  /** The banner over the match while it is paused. */
  drawPause() {
    const by = this.room && this.room.status === "playing" ? this.room.paused_by : null;
    document.body.classList.toggle("paused", Boolean(by));
    this.el.pause.hidden = !by;
    redraw(this.el.pause, by ? h("p", {}, h("b", {}, t("paused_by", { name: by })), " ", t("paused_help")) : null);
  },

  /** The room changed: a pause freezes the clock where it stands, going on restarts it there.
   * @param {any} before @param {any} room */
  notePause(before, room) {
    const was = Boolean(before && before.paused_by);
    const now = Boolean(room.paused_by);
    if (!was && now && this.deadline !== null) {
      this.frozenLeft = Math.max(0, this.deadline - performance.now());
    } else if (was && !now && this.frozenLeft !== null && this.frozenLeft !== undefined) {
      this.deadline = performance.now() + this.frozenLeft;
      this.frozenLeft = null;
    }
  },
};
