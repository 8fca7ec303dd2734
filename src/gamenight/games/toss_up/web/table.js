// Toss Up! at the table: everyone's score on the way to the target, the dice just rolled and the
// greens set aside, the turn total, the chance that the next roll busts, and Roll / Bank.

/** @typedef {import("../../../web/types.js").TossUpView} View */
/** @typedef {import("../../../web/types.js").TableContext} Ctx */
/** @typedef {import("../../../web/types.js").TableModel<View>} Model */

const FACES = {
  green: { colour: "#2e9e4f", ink: "#111", shape: "check" },
  yellow: { colour: "#f2c230", ink: "#222", shape: "dash" },
  red: { colour: "#d83a2e", ink: "#fff", shape: "x" },
};

// A die shows its colour's word; a long word ("amarillo") is set a little smaller and tighter
// so that it fits a phone's die.
/** @param {Ctx} ctx */
function dice(ctx, colour, count, opts = {}) {
  const face = FACES[colour];
  const word = ctx.t(`face_${colour}`);
  const text = ctx.t(`face_${colour}_die`);
  return Array.from({ length: count }, () => ctx.kit.die({ colour: face.colour, ink: face.ink, shapeName: face.shape, label: word, text, dim: opts.dim, cls: `die-${colour}${text.length > 6 ? " die-long" : ""}` }));
}

// The keys for Roll and Bank: the first letter of the words in this language ("T" for Tirar,
// "P" for Plantarse); R and B work in every language too.
/** @param {Ctx} ctx */
function keys(ctx) {
  return { roll: ctx.t("key_roll"), bank: ctx.t("key_bank") };
}

// A chance as a whole percent; a chance that is there but rounds to 0% (or to 100%) says so.
function percent(p) {
  const rounded = Math.round(p * 100);
  if (p > 0 && rounded === 0) return "<1%";
  if (p < 1 && rounded === 100) return ">99%";
  return `${rounded}%`;
}

// A screen too narrow for the side column (a phone): the turn's dice and Roll / Bank come
// first, above everyone's scores, so this seat's choice is on screen without scrolling.
const NARROW = "(max-width: 899px)";

// The coach is opt-in and remembered on this device.
const COACH_KEY = "gamenight:coach:toss-up";

class TossUpTable {
  /**
   * @param {HTMLElement} root
   * @param {Ctx} ctx
   */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    /** @type {(import("../../../web/types.js").GameEvent & {version: number}) | null} the last roll of this turn */
    this.lastRoll = null;
    this.narrow = window.matchMedia(NARROW);
    this.narrow.addEventListener("change", () => {
      if (this.model) this.render({ ...this.model, events: [] });
    });
  }

  /** @param {Model} model */
  render(model) {
    this.model = model;
    const { h, kit, t } = this.ctx;
    const st = model.state;
    // a roll of the match before (a bust that ended it) is not this match's: the rematch
    // showed it until its first roll
    if (model.matchNumber !== this.matchNumber) this.lastRoll = null;
    this.matchNumber = model.matchNumber;
    for (const event of model.events) {
      if (event.kind === "rolled") this.lastRoll = { ...event, version: model.version };
      if (event.kind === "banked") this.lastRoll = null;
    }
    const total = Number(this.ctx.config.dice || 10);
    const mine = model.me !== null && model.pending.players.includes(model.me);
    const rolling = model.pending.kind === "chance";
    const roll = st.last_roll || (this.lastRoll && this.lastRoll.bust ? this.lastRoll : null);
    const aside = st.turn_points > 0 ? Math.max(0, total - st.dice_to_roll) : 0;
    const over = st.winners.length > 0;
    const scores = h("div", { class: "tu-scores" }, st.scores.map((score, seat) => {
      const width = Math.min(100, (score / st.target) * 100);
      const tags = [];
      // "rolling" only while the dice roll: a player choosing to roll or bank is deciding
      if (seat === st.turn && !over) tags.push(h("span", { class: "tag turn" }, t(model.pending.kind === "chance" ? "rolling_now" : "deciding_now")));
      if (st.to_play.includes(seat) && seat !== st.turn) tags.push(h("span", { class: "tag" }, t("still_to_play")));
      if (st.winners.includes(seat)) tags.push(h("span", { class: "tag on" }, t("winner")));
      return h("div", { class: ["tu-score", seat === st.turn && !over && "turn"] },
        h("div", { class: "tu-score-head" }, kit.seatLabel(this.ctx, seat), tags, h("b", { class: "tu-points" }, String(score))),
        h("div", { class: "tu-track", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": st.target, "aria-valuenow": score, "aria-label": t("score_of", { name: this.ctx.name(seat) }) },
          h("div", { class: "tu-fill", style: { width: `${width}%`, background: kit.seatColour(seat) } })));
    }));
    // once the game is over the result says who won: no final round, no goal to reach
    const banner = over ? null : st.final_round
      ? h("p", { class: "tu-banner" }, st.sudden_death.length ? t("sudden_death_now", { names: st.sudden_death.map((p) => this.ctx.name(p)).join(", ") }) : t("final_round_now", { name: this.ctx.name(st.trigger) }))
      : h("p", { class: "tu-goal" }, t(st.strict ? "goal_strict" : "goal_reach", { target: st.target }));
    const rolled = roll
      ? h("div", { class: "tu-dice", "aria-label": t("last_roll") }, dice(this.ctx, "green", roll.green), dice(this.ctx, "yellow", roll.yellow), dice(this.ctx, "red", roll.red))
      : h("p", { class: "help" }, rolling ? t("rolling") : t("no_roll_yet"));
    const bust = this.lastRoll && this.lastRoll.bust && !st.last_roll;
    const turnName = this.ctx.name(st.turn);
    const panel = h("div", { class: "tu-turn" },
      h("div", { class: "tu-figures" },
        kit.stat(t("turn_total"), st.turn_points, { cls: "big" }),
        kit.stat(t("dice_to_roll"), st.dice_to_roll),
        kit.stat(t("set_aside"), aside),
        kit.stat(t("bust_chance"), percent(st.bust_chance), { cls: st.bust_chance >= 0.25 ? "risky" : "" })),
      bust ? h("p", { class: "tu-bust", role: "alert" }, t("busted_banner", { name: this.ctx.name(this.lastRoll.player) })) : null);
    const letters = keys(this.ctx);
    const actions = mine
      ? h("div", { class: "actions tu-actions" },
        kit.actionButton(t("roll"), () => this.ctx.act({ type: "roll" }), { primary: true, shortcut: letters.roll, key: "roll", cls: "big" }),
        kit.actionButton(t("bank", { points: st.turn_points }), () => this.ctx.act({ type: "bank" }), { shortcut: letters.bank, key: "bank", cls: "big" }))
      : over ? null : h("p", { class: "tu-wait" }, t(model.pending.kind === "chance" ? "watching_turn" : "watching_deciding", { name: turnName }));
    const board = kit.section(t("scores"), [banner, scores], { public: true, cls: "tu-board" });
    const play = [
      // once the game is over there is no turn to show dice for
      over ? null : kit.section(t("dice_title", { name: turnName }), [rolled, aside > 0 ? h("div", { class: "tu-aside", "aria-label": t("set_aside") }, h("span", { class: "help" }, t("set_aside")), dice(this.ctx, "green", aside, { dim: true })) : null, panel], { cls: "tu-play" }),
      actions,
      this.coach(model, mine),
    ];
    this.ctx.redraw(this.root, this.narrow.matches && !over ? [play, board] : [board, play]);
    if (mine) {
      const focused = document.activeElement;
      if (!focused || focused === document.body || focused.id === "main") /** @type {HTMLButtonElement | null} */ (this.root.querySelector('[data-key="roll"]'))?.focus({ preventScroll: true });
    }
  }

  // The coach (two players, opt-in): your chance of winning if you roll on and if you bank,
  // from the exactly solved game, asked of the server once per decision.
  /** @param {Model} model */
  coach(model, mine) {
    const { h, t } = this.ctx;
    if (Number(this.ctx.config.players) !== 2 || model.me === null || model.state.winners.length) return null;
    const on = localStorage.getItem(COACH_KEY) === "1";
    const toggle = h("label", { class: "tu-coach-toggle" },
      h("input", { type: "checkbox", id: "tu-coach", key: "coach", checked: on, on: { change: (e) => {
        localStorage.setItem(COACH_KEY, e.target.checked ? "1" : "0");
        this.render(this.model);
      } } }), " ", t("coach"));
    let line = null;
    if (on && mine) {
      const advice = model.advice;
      if (!advice) this.ctx.coach();
      line = !advice ? t("coach_thinking")
        : advice.advice ? t("coach_line", { roll: percent(advice.advice.roll), bank: percent(advice.advice.bank), best: t(`coach_best_${advice.advice.best}`) })
          : advice.message;
    } else if (on) {
      line = t("coach_waits");
    }
    return h("div", { class: "tu-coach" }, toggle, line ? h("p", { class: "tu-coach-line", role: "status", "aria-live": "polite" }, line) : null);
  }

  /**
   * @param {KeyboardEvent} event
   * @param {Model} model
   */
  key(event, model) {
    const mine = model.me !== null && model.pending.players.includes(model.me);
    if (!mine) return false;
    const k = event.key.toLowerCase();
    const letters = keys(this.ctx);
    if (k === "r" || k === letters.roll.toLowerCase()) this.ctx.act({ type: "roll" });
    else if (k === "b" || k === letters.bank.toLowerCase()) this.ctx.act({ type: "bank" });
    else return false;
    return true;
  }
}

// The top line while the dice roll (the pause before each roll): whose roll it is.
/**
 * @param {Model} model
 * @param {Ctx} ctx
 */
function status(model, ctx) {
  const st = model.state;
  if (model.pending.kind !== "chance" || st.winners.length) return null;
  return st.turn === model.me ? ctx.t("status_rolling_you") : ctx.t("status_rolling", { name: ctx.name(st.turn) });
}

// The pure parts, for the unit tests (tests/js); the room reads only the default export.
export { percent };

/** @type {import("../../../web/types.js").TableModule<View>} */
export default {
  create: (root, ctx) => new TossUpTable(root, ctx),
  status,
};
