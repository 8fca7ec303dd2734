// Paper Toss! at the table: everyone's Paper Tokens on the way to the target, hand sizes and
// Flat Tires, the toss in the air and any Hazard on it, the Toss cards turned over (and the
// choice between two), and every response window with its countdown and the cards that could
// answer it: Hazards, Counters, and Bully and Flat Tire at every window.

/** @typedef {import("../../../web/types.js").PaperTossView} View */
/** @typedef {import("../../../web/types.js").TableContext} Ctx */
/** @typedef {import("../../../web/types.js").TableModel<View>} Model */

const PAPER = {
  paper_toss: { colour: "#dbe7f5", shape: "circle", kind: "toss" },
  dog: { colour: "#e0702f", shape: "triangle", kind: "hazard", ink: "#fff" },
  kid: { colour: "#d64561", shape: "heart", kind: "hazard", ink: "#fff" },
  obstacle: { colour: "#9b2d20", shape: "octagon", kind: "hazard", ink: "#fff" },
  food: { colour: "#54a84b", shape: "drop", kind: "counter", beats: "dog" },
  trick: { colour: "#3d85c6", shape: "diamond", kind: "counter", beats: "kid", ink: "#fff" },
  remedy: { colour: "#17a589", shape: "cross", kind: "counter", beats: "obstacle", ink: "#fff" },
  shortcut: { colour: "#7d3c98", shape: "bolt", kind: "counter", beats: "any", ink: "#fff" },
  energy_drink: { colour: "#f4c430", shape: "hexagon", kind: "boost" },
  bully: { colour: "#34495e", shape: "square", kind: "attack", ink: "#fff" },
  flat_tire: { colour: "#7f8c8d", shape: "ring", kind: "attack", ink: "#fff" },
};
// value: the change in Paper Tokens as the card shows it; count: how many tokens that is (for
// the word's plural: "+1 token", "+2 tokens", "0 tokens").
const TOSS = {
  good_throw: { colour: "#3c9d4e", shape: "check", ink: "#fff", value: "+1", count: 1 },
  perfect: { colour: "#e3b21c", shape: "star", value: "+2", count: 2 },
  bad_throw: { colour: "#b4b4b4", shape: "dash", value: "0", count: 0 },
  window: { colour: "#c0392b", shape: "x", ink: "#fff", value: "−1", count: 1 },
  sprinklers: { colour: "#5dade2", shape: "drop", value: "+1?", count: 1 },
};
const ORDER = Object.keys(PAPER);
const WINDOWS = new Set(["hazard", "counter", "after"]);
// Between the toss and its landing: the Paper Toss is in the air.
const AIRBORNE = new Set(["hazard", "counter", "launch", "flip", "choose"]);
const QUIET_KEY = "gamenight:paper-toss-quiet";
// The cards a person may arm: played by the page at the next window where the rules allow it.
const ARMABLE = ["bully", "flat_tire"];

/** Whether quiet windows are on (the default) in this browser. */
function quietWindows() {
  return localStorage.getItem(QUIET_KEY) !== "0";
}

/** @param {Ctx} ctx */
function paperCard(ctx, id, opts = {}) {
  const look = PAPER[id] || { colour: "#ddd", shape: "circle" };
  return ctx.kit.card({ label: ctx.t(`card_${id}`), colour: look.colour, ink: look.ink, shapeName: look.shape, sub: ctx.t(`kind_${look.kind}`), ...opts });
}

/** @param {Ctx} ctx */
function tossCard(ctx, id, opts = {}) {
  const look = TOSS[id] || { colour: "#ddd", shape: "circle", value: "", count: 0 };
  return ctx.kit.card({ label: ctx.t(`toss_${id}`), colour: look.colour, ink: look.ink, shapeName: look.shape, sub: ctx.t("tokens_change", { value: look.value, count: look.count }), ...opts });
}

/** The Paper cards in every hand together: each card played in a window (a Hazard, a Counter, a
 * Bully, a Flat Tire) takes one away, and a turn's draw comes before its windows, so within a
 * turn this tells one opening of a window from the next.
 * @param {View} st
 */
function cardsInHands(st) {
  return (st.hand_sizes || []).reduce((a, b) => a + b, 0);
}

/** The move an armed card (`armed`: "bully" or "flat_tire", or null) makes in this window, or
 * null while it must wait: aimed at the leader (the most tokens among the seats it may target,
 * the first in seat order of two), and a Bully only at a leader with a token to lose (a Bully
 * on nobody's tokens would waste the card).
 * @param {string | null} armed
 * @param {{tokens: number[]}} st
 * @param {import("../../../web/types.js").Action[]} legal
 */
function armedMove(armed, st, legal) {
  const aimed = legal.filter((a) => armed && a.type === armed).sort((a, b) => a.target - b.target);
  if (!aimed.length) return null;
  const leader = aimed.reduce((best, a) => ((st.tokens[a.target] || 0) > (st.tokens[best.target] || 0) ? a : best));
  if (armed === "bully" && !((st.tokens[leader.target] || 0) > 0)) return null;
  return leader;
}

/** One opening of a response window: the match, the turn, the window, and the cards in hand
 * (a Counter, Bully or Flat Tire opens a window again in the same turn, with a card fewer).
 * @param {Model} model
 */
function windowKey(model) {
  const st = model.state;
  const opened = model.pending.window || st.phase;
  return `${model.matchNumber}|${st.turns}|${st.turn}|${opened}|${cardsInHands(st)}`;
}

// The window the page answers by itself (a quiet pass, an armed card), for the status line:
// one table in a page.
let answering = null;

class PaperTossTable {
  /**
   * @param {HTMLElement} root
   * @param {Ctx} ctx
   */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.landed = null;
    this.flips = [];
    this.model = null;
    this.seen = null; // the update whose events were taken in: "match|version"
    this.answered = null; // the window this page answered by itself (see windowKey)
    this.armed = null; // the card armed for the next window: "bully", "flat_tire" or null
    this.armedMatch = null; // the match it was armed in
    this.decisionShown = null; // the decision of this seat last brought into view
  }

  /** @param {Model} model */
  render(model) {
    const st = model.state;
    this.model = model;
    // The room draws the table again with the same update (the result arriving, a change to
    // the room): its events are taken in once, or the last flip would show two or three times.
    const seen = `${model.matchNumber}|${model.version}`;
    const fresh = seen !== this.seen;
    if (fresh) {
      if (!this.seen || !this.seen.startsWith(`${model.matchNumber}|`)) {
        this.landed = null; // a new match (a rematch)
        this.flips = [];
      }
      this.seen = seen;
      for (const event of model.events) {
        if (event.kind === "turn_started") {
          this.landed = null;
          this.flips = [];
        }
        if (event.kind === "flipped") this.flips.push(event.card);
        if (event.kind === "landed") this.landed = { card: event.card, chooser: event.chooser, hazard: event.hazard };
        // the armed card was played: armed once, played once
        const played = { bullied: "bully", flat_tire: "flat_tire" }[event.kind];
        if (played && played === this.armed && event.player === model.me) this.armed = null;
      }
      // back on the line (or the page reloaded): a pass sent before may have been lost
      if (model.reason === "joined") this.answered = null;
    }
    if (st.flipped && st.flipped.length) this.flips = [...st.flipped];
    const quiet = this.answer(model);
    this.ctx.redraw(this.root, [this.board(model), this.air(model), this.mine(model, quiet)]);
    this.showDecision(model, quiet);
  }

  /** The card armed now, if this seat still holds it in this match.
   * @param {Model} model
   */
  armedCard(model) {
    const hand = model.state.hand || [];
    if (this.armed && (this.armedMatch !== model.matchNumber || !hand.includes(this.armed))) this.armed = null;
    return this.armed;
  }

  /** Arm a card (or disarm: null); armed in a window of this seat, it is played now if it may.
   * @param {string | null} id
   */
  arm(id) {
    this.armed = id;
    this.armedMatch = this.model ? this.model.matchNumber : null;
    if (this.model) this.render(this.model);
  }

  // An armed card is played at the first window of this seat where it may be (see armedMove),
  // by the page, without asking; then it is forgotten.
  // Quiet windows (on unless the person turns them off): a window where only Bully or Flat
  // Tire could be played is passed at once, as at the terminal; those cards may wait for any
  // later window, and the person is not asked three times a turn. The pass is sent once per
  // window: another seat's pass can come (a new version) before the server has taken this
  // one, and this seat is still listed then; a second pass would be refused.
  // The page draws no buttons for a window it answers itself: they would show for the moment
  // the answer takes to reach the server (30 to 240 ms on a phone), too short to read.
  // Returns whether this window is (being) answered by the page.
  /** @param {Model} model */
  answer(model) {
    const me = model.me;
    const listed = me !== null && WINDOWS.has(model.state.phase) && model.pending.players.includes(me);
    if (!listed) {
      this.answered = null; // the answer was taken (or the window closed)
      answering = null;
      return false;
    }
    const key = windowKey(model);
    if (this.answered === key) return true;
    const legal = model.legal;
    let move = armedMove(this.armedCard(model), model.state, legal);
    if (!move && quietWindows()) {
      const anytime = legal.every((a) => a.type === "pass" || a.type === "bully" || a.type === "flat_tire");
      if (anytime && legal.some((a) => a.type === "pass")) move = { type: "pass" };
    }
    if (!move) return false;
    this.answered = key;
    answering = key;
    this.ctx.act(move, true);
    return true;
  }

  /** A decision of this seat, when it opens, is brought into view (once: not at every redraw):
   * on a phone the buttons are far down the page, and a window's clock is short. The Toss
   * cards to choose from are in the toss; every other decision's buttons are in the hand.
   * @param {Model} model
   */
  decisionKey(model) {
    const st = model.state;
    return WINDOWS.has(st.phase) ? windowKey(model) : `${model.matchNumber}|${st.turns}|${st.phase}`;
  }

  /** @param {Model} model */
  showDecision(model, quiet) {
    const me = model.me;
    const mine = me !== null && !quiet && this.ctx.mode !== "table" && model.pending.players.includes(me);
    const key = mine ? this.decisionKey(model) : null;
    if (key && key !== this.decisionShown) {
      const choose = model.state.phase === "choose";
      const wanted = this.root.querySelector(choose ? ".pt-flips" : ".pt-actions");
      if (wanted) reveal(wanted, this.root.querySelector(choose ? ".pt-air" : ".pt-mine"));
    }
    this.decisionShown = key;
  }

  /** @param {Model} model */
  board(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    const players = Array.from({ length: st.players }, (_, seat) => {
      const tokens = st.tokens[seat];
      const pips = Array.from({ length: st.target }, (_, i) => h("span", { class: ["pt-pip", i < tokens && "on"] }));
      return h("div", { class: ["pt-player", seat === st.turn && "turn", model.deciding.includes(seat) && "deciding"] },
        h("div", { class: "pt-player-head" }, kit.seatLabel(this.ctx, seat), seat === st.turn ? h("span", { class: "tag turn" }, t("their_turn")) : null,
          st.flat_tires[seat] ? h("span", { class: "tag off pt-flat" }, kit.shape("ring", { size: 12 }), t("flat_tires", { count: st.flat_tires[seat] })) : null),
        h("div", { class: "pt-tokens", role: "img", "aria-label": t("tokens_of", { count: tokens, target: st.target }) }, pips, h("b", {}, t("tokens_n", { count: tokens }))),
        kit.handCount(st.hand_sizes[seat], t("cards_count", { count: st.hand_sizes[seat] })));
    });
    const deck = Object.entries(st.toss_deck || {}).map(([id, n]) => tossCard(this.ctx, id, { small: true, badge: String(n), title: t("left_in_deck", { count: n, card: t(`toss_${id}`) }) }));
    const discards = Object.entries(st.paper_discard || {}).map(([id, n]) => paperCard(this.ctx, id, { small: true, badge: String(n), sub: null }));
    return kit.section(t("table_title", { target: st.target }), [
      h("div", { class: "pt-players" }, players),
      h("details", { class: "pt-piles" },
        h("summary", {}, t("piles_summary", { paper: st.paper_deck_size, toss: Object.values(st.toss_deck || {}).reduce((a, b) => a + b, 0) })),
        h("p", { class: "help" }, t("toss_deck_left")), h("div", { class: "cards" }, deck),
        discards.length ? [h("p", { class: "help" }, t("paper_discards")), h("div", { class: "cards" }, discards)] : null),
    ], { public: true, cls: "pt-board" });
  }

  /** @param {Model} model */
  air(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    const parts = [];
    const tosser = this.ctx.name(st.turn);
    if (st.tossed && AIRBORNE.has(st.phase)) parts.push(h("p", { class: "pt-in-air" }, kit.shape("circle", { size: 18 }), t("in_the_air", { name: tosser })));
    if (st.hazard) {
      parts.push(h("div", { class: "pt-hazard" }, paperCard(this.ctx, st.hazard.card, { small: true }),
        h("p", {}, t("hazard_on", { name: this.ctx.name(st.hazard.player), card: t(`card_${st.hazard.card}`), tosser }))));
    }
    if (st.phase === "choose" || this.flips.length) {
      const choosing = st.phase === "choose" && model.me !== null && st.chooser === model.me;
      const options = model.legal.filter((a) => a.type === "choose");
      const cards = this.flips.map((id, i) => tossCard(this.ctx, id, choosing ? {
        key: `choose-${i}`,
        onClick: () => this.ctx.act(options.find((a) => a.card === id)),
        badge: String(i + 1),
      } : {}));
      const words = st.phase === "choose"
        ? choosing ? t("choose_you", { name: tosser }) : t("choose_watch", { name: this.ctx.name(st.chooser), tosser })
        : this.landed ? t("landed_on", { name: tosser, card: t(`toss_${this.landed.card}`) }) : t("flipped_cards");
      parts.push(h("div", { class: "pt-flips" }, h("p", {}, words), h("div", { class: "cards" }, cards)));
    }
    if (WINDOWS.has(st.phase)) parts.unshift(h("p", { class: "pt-window" }, t(`window_${st.phase}`, { name: tosser })));
    if (!parts.length) return null;
    return kit.section(t("air_title"), parts, { cls: "pt-air" });
  }

  /**
   * @param {Model} model
   * @param {boolean} answered the page answers this window itself: no prompt, no buttons
   */
  mine(model, answered) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    if (model.me === null || !st.hand) return null;
    const me = model.me;
    const legal = answered ? [] : model.legal; // nothing lights up for a moment either
    const mine = model.pending.players.includes(me) && !answered;
    const discards = new Map(legal.filter((a) => a.type === "discard").map((a) => [a.card, a]));
    const answers = new Set(legal.filter((a) => a.type === "hazard" || a.type === "counter").map((a) => a.card));
    if (legal.some((a) => a.type === "bully")) answers.add("bully");
    if (legal.some((a) => a.type === "flat_tire")) answers.add("flat_tire");
    const hand = [...st.hand].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    const cards = hand.map((id, i) => {
      if (st.phase === "discard" && mine && discards.has(id)) {
        return paperCard(this.ctx, id, { key: `hand-${i}`, onClick: () => this.ctx.act(discards.get(id)), title: t("discard_card", { card: t(`card_${id}`) }) });
      }
      return paperCard(this.ctx, id, { key: `hand-${i}`, cls: answers.has(id) && "pt-can-answer" });
    });
    const buttons = [];
    let prompt = null;
    if (mine) {
      if (st.phase === "discard") {
        prompt = t("discard_prompt", { size: st.hand_size });
        buttons.push(kit.actionButton(t("ready"), () => this.ctx.act({ type: "ready" }), { primary: true, key: "ready", shortcut: "D" }));
      } else if (st.phase === "main") {
        prompt = legal.some((a) => a.type === "toss") ? t("main_prompt") : t("main_no_toss");
        if (legal.some((a) => a.type === "toss")) buttons.push(kit.actionButton(t("toss"), () => this.ctx.act({ type: "toss" }), { primary: true, key: "toss", shortcut: "T" }));
        buttons.push(kit.actionButton(t("end_turn"), () => this.ctx.act({ type: "end_turn" }), { key: "end", shortcut: "E" }));
      } else if (st.phase === "launch") {
        prompt = t("launch_prompt");
        buttons.push(kit.actionButton(t("flip_one"), () => this.ctx.act({ type: "flip_one" }), { primary: true, key: "flip", shortcut: "F" }));
        if (legal.some((a) => a.type === "drink")) buttons.push(kit.actionButton(t("drink"), () => this.ctx.act({ type: "drink" }), { key: "drink", shortcut: "K" }));
      } else if (st.phase === "sprinklers") {
        prompt = t("sprinklers_prompt");
        if (legal.some((a) => a.type === "sprinkle" && a.discard)) buttons.push(kit.actionButton(t("sprinkle_yes"), () => this.ctx.act({ type: "sprinkle", discard: true }), { primary: true, key: "sprinkle-yes", shortcut: "Y" }));
        buttons.push(kit.actionButton(t("sprinkle_no"), () => this.ctx.act({ type: "sprinkle", discard: false }), { key: "sprinkle-no", shortcut: "N" }));
      } else if (WINDOWS.has(st.phase)) {
        prompt = t(answers.size ? "window_prompt" : "window_prompt_pass");
        for (const a of legal) {
          if (a.type === "hazard") buttons.push(kit.actionButton(t("throw_hazard", { card: t(`card_${a.card}`) }), () => this.ctx.act(a), { danger: true, key: `hazard-${a.card}` }));
          if (a.type === "counter") buttons.push(kit.actionButton(t("play_counter", { card: t(`card_${a.card}`) }), () => this.ctx.act(a), { primary: true, key: `counter-${a.card}` }));
          if (a.type === "bully") buttons.push(kit.actionButton(t("bully_target", { name: this.ctx.name(a.target) }), () => this.ctx.act(a), { key: `bully-${a.target}` }));
          if (a.type === "flat_tire") buttons.push(kit.actionButton(t("flat_target", { name: this.ctx.name(a.target) }), () => this.ctx.act(a), { key: `flat-${a.target}` }));
        }
        buttons.push(kit.actionButton(t("pass"), () => this.ctx.act({ type: "pass" }), { key: "pass", shortcut: "P" }));
      }
    }
    const quiet = h("label", { class: "toggle pt-quiet", title: t("quiet_help") },
      h("input", { type: "checkbox", id: "pt-quiet", checked: quietWindows(), on: { change: (e) => this.setQuiet(e.target.checked) } }),
      t("quiet_windows"));
    return kit.section(t("your_hand"), [
      h("div", { class: "cards pt-hand" }, cards),
      prompt ? h("p", { class: "pt-prompt" }, prompt) : null,
      buttons.length ? h("div", { class: "actions pt-actions" }, buttons) : null,
      this.arms(model),
      quiet,
    ], { cls: "pt-mine" });
  }

  /** While the hand holds a Bully or a Flat Tire: a button to arm it for the next window, or,
   * armed, what is armed and a button to disarm it (quiet windows or not).
   * @param {Model} model
   */
  arms(model) {
    const { h, kit, t } = this.ctx;
    const hand = model.state.hand || [];
    const armed = this.armedCard(model);
    const held = ARMABLE.filter((id) => hand.includes(id));
    if (!held.length) return null;
    const parts = held.map((id) => id === armed
      ? [h("p", { class: "pt-armed", role: "status" }, h("span", { class: "tag turn" }, t("armed")), t(`arm_${id}`)),
        kit.actionButton(t("disarm"), () => this.arm(null), { key: `disarm-${id}` })]
      : kit.actionButton(t(`arm_${id}`), () => this.arm(id), { key: `arm-${id}`, title: t("arm_help") }));
    return h("div", { class: "actions pt-arms" }, parts);
  }

  /** Quiet windows turned on or off; turned on in a window that is quiet, it is passed now. */
  setQuiet(on) {
    localStorage.setItem(QUIET_KEY, on ? "1" : "0");
    if (on && this.model) this.render(this.model);
  }

  /**
   * @param {KeyboardEvent} event
   * @param {Model} model
   */
  key(event, model) {
    const me = model.me;
    const k = event.key.toLowerCase();
    if (k === "a" && me !== null && this.ctx.mode !== "table") {
      // arm the next card held (Bully, then Flat Tire), then nothing, and round again
      const held = [...ARMABLE.filter((id) => (model.state.hand || []).includes(id)), null];
      if (held.length === 1) return false;
      this.arm(held[(held.indexOf(this.armedCard(model)) + 1) % held.length]);
      return true;
    }
    if (me === null || !model.pending.players.includes(me)) return false;
    const phase = model.state.phase;
    const find = (type, extra) => model.legal.find((a) => a.type === type && (!extra || extra(a)));
    const keys = {
      d: phase === "discard" && find("ready"),
      t: phase === "main" && find("toss"),
      e: phase === "main" && find("end_turn"),
      f: phase === "launch" && find("flip_one"),
      k: phase === "launch" && find("drink"),
      y: phase === "sprinklers" && find("sprinkle", (a) => a.discard),
      n: phase === "sprinklers" && find("sprinkle", (a) => !a.discard),
      p: WINDOWS.has(phase) && find("pass"),
    };
    let action = keys[k];
    if (!action && phase === "choose" && /^[1-9]$/.test(k)) {
      const card = this.flips[Number(k) - 1];
      action = card && find("choose", (a) => a.card === card);
    }
    if (!action) return false;
    this.ctx.act(action);
    return true;
  }
}

/** Unless `el` is in view already (below the room's sticky line with the status and the clock),
 * scroll smoothly until the bottom of `section` (holding `el`) is at the bottom of the screen:
 * the buttons within a thumb's reach, and above them as much as fits of the hand and the toss. */
function reveal(el, section) {
  const box = el.getBoundingClientRect();
  const head = document.querySelector(".status-row");
  const top = head ? Math.max(0, head.getBoundingClientRect().bottom) : 0;
  if (box.top >= top && box.bottom <= window.innerHeight) return;
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  (section || el).scrollIntoView({ block: "end", behavior: still ? "instant" : "smooth" });
}

/**
 * @param {Model} model
 * @param {Ctx} ctx
 */
function status(model, ctx) {
  const { t } = ctx;
  const st = model.state;
  const me = model.me;
  const asked = model.pending.players;
  const mine = me !== null && asked.includes(me);
  if (st.phase === "discard" && mine) return t("discard_prompt", { size: st.hand_size });
  if (st.phase === "main" && mine) return t(model.legal.some((a) => a.type === "toss") ? "main_prompt" : "main_no_toss");
  if (st.phase === "launch" && mine) return t("launch_prompt");
  if (st.phase === "sprinklers" && mine) return t("sprinklers_prompt");
  // the chance steps: the deal, a hand drawn back up, a Toss card turned over
  if (st.phase === "deal") return t("status_dealing");
  if (st.phase === "draw") return st.turn === me ? t("status_drawing_you") : t("status_drawing", { name: ctx.name(st.turn) });
  if (st.phase === "flip") return t("status_flipping", { name: ctx.name(st.turn) });
  if (!WINDOWS.has(st.phase)) return null;
  // a window the page answers by itself asks nothing of the person: the line says what the
  // others are asked, as it will once the answer is taken
  if (me !== null && asked.includes(me) && answering === windowKey(model)) {
    const others = asked.filter((seat) => seat !== me).length;
    return others ? t("status_window", { count: others }) : t("status_window_answered");
  }
  if (me !== null && asked.includes(me)) return t("status_window_you");
  return t("status_window", { count: asked.length });
}

// The pure parts, for the unit tests (tests/js); the room reads only the default export.
export { armedMove, cardsInHands };

/** @type {import("../../../web/types.js").TableModule<View>} */
export default {
  create: (root, ctx) => new PaperTossTable(root, ctx),
  status,
};
