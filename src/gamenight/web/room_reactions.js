// Reactions on the room page: a row of emoji a seated person can send (a fixed set, no text),
// each shown for a few seconds beside the seat that sent it, on every page; the host can turn
// them off for the room.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { refusal, toast } from "./ui.js";

/** The reactions the server accepts, by name, with what the page shows. */
export const REACTIONS = {
  thumbs_up: "👍",
  laugh: "😂",
  wow: "😮",
  sad: "😢",
  party: "🎉",
  clap: "👏",
};

/** How long a reaction stays beside its seat, in ms. */
const SHOWN_MS = 4000;

export const reactionMethods = {
  /** The row of reactions for a seated person (and the host's switch), or null. */
  reactionBar() {
    if (!this.room || this.mode !== "player") return null;
    const host = this.hostToken();
    const on = this.room.limits.reactions !== false;
    const buttons = on && this.seat !== null
      ? Object.entries(REACTIONS).map(([name, emoji]) => h("button", {
        type: "button",
        class: "reaction",
        "data-reaction": name,
        "aria-label": t(`reaction_${name}`),
        title: t(`reaction_${name}`),
        on: { click: () => this.conn.send({ type: "react", reaction: name }) },
      }, emoji))
      : [];
    const toggle = host
      ? h("label", { class: "toggle" },
        h("input", { type: "checkbox", id: "reactions-on", checked: on, on: { change: (e) => this.setReactions(e.target.checked, host) } }),
        t("reactions_on"))
      : null;
    if (!buttons.length && !toggle) return null;
    return h("div", { class: "reactions", role: "group", "aria-label": t("reactions") }, buttons, toggle);
  },

  /** The host turns reactions on or off (the room message that follows says so to all). */
  async setReactions(on, host) {
    try {
      this.room = await api.reactions(this.code, host, on);
      this.render("room");
    } catch (err) {
      toast(refusal(err), "error");
    }
  },

  /** A seat sent a reaction: shown beside it for a few seconds, and said to screen readers. */
  onReaction(m) {
    const emoji = REACTIONS[m.reaction];
    if (!emoji || !this.room) return;
    this.shownReactions[m.seat] = { emoji, until: performance.now() + SHOWN_MS };
    if (this.el) {
      this.el.announce.append(h("p", {}, `${this.name(m.seat)}: ${t(`reaction_${m.reaction}`)}`));
      while (this.el.announce.childElementCount > 5) this.el.announce.firstElementChild.remove();
    }
    this.render("room");
    setTimeout(() => this.render("room"), SHOWN_MS + 50);
  },

  /** The reaction shown beside ``seat`` now, or null. */
  reactionTag(seat) {
    const shown = this.shownReactions[seat];
    if (!shown || shown.until < performance.now()) return null;
    return h("span", { class: "reaction-shown", "aria-hidden": "true" }, shown.emoji);
  },
};
