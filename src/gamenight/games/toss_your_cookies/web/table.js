// Toss Your Cookies at the table: the two dice, every hand as a count, your own hand face up,
// and the choice of the moment: cards to pass, swap or toss (with "waiting for 2 players"), a
// player to swap with, a face-down card to draw, the scramble for the tossed cards (tap a card
// in the middle; the first hand on it wins), the race for the milk, and the Snickerdoodle moment,
// shown to everyone with the winning hand.

/** @typedef {import("../../../web/types.js").TossYourCookiesView} View */
/** @typedef {import("../../../web/types.js").TableContext} Ctx */
/** @typedef {import("../../../web/types.js").TableModel<View>} Model */

/** Every card: its colour, a shape of its own and its name (colour is never the only clue). */
const CARDS = {
  sugar: { colour: "#f29bb5", shape: "star" },
  ginger: { colour: "#a8652e", shape: "cross", ink: "#fff" },
  fortune: { colour: "#efc63b", shape: "moon" },
  sandwich: { colour: "#4b2e1e", shape: "square", ink: "#fff" },
  chip: { colour: "#d59a5c", shape: "circle" },
  macadamia: { colour: "#e7dcae", shape: "hexagon" },
  fudge: { colour: "#8b55ad", shape: "diamond", ink: "#fff" },
  fruit: { colour: "#d8453d", shape: "heart", ink: "#fff" },
  wild: { colour: "#3aa6a0", shape: "bolt", ink: "#fff" },
  half: { colour: "#a3a3a3", shape: "triangle" },
  milk: { colour: "#9fd3ff", shape: "drop" },
};
const ACTION_FACES = {
  swap: { colour: "#5b4fc4", shape: "swap", ink: "#fff" },
  pass_left: { colour: "#2670ae", shape: "left", ink: "#fff" },
  pass_right: { colour: "#2a9d5c", shape: "right", ink: "#111" },
  toss: { colour: "#d0632a", shape: "star", ink: "#111" },
};
const ORDER = ["sugar", "ginger", "fortune", "sandwich", "chip", "macadamia", "fudge", "fruit", "wild", "half", "milk"];
const SELECTING = new Set(["commit", "swap_cards"]);

const sortCards = (cards) => [...cards].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b) || a.localeCompare(b));
const same = (a, b) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** @param {Ctx} ctx */
function cardFace(ctx, id, opts = {}) {
  const look = CARDS[id] || { colour: "#ddd", shape: "circle" };
  return ctx.kit.card({ label: ctx.t(`card_${id}`), colour: look.colour, ink: look.ink, shapeName: look.shape, ...opts });
}

class CookiesTable {
  /**
   * @param {HTMLElement} root
   * @param {Ctx} ctx
   */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.selected = [];
    this.choiceKey = "";
    this.win = null;
    this.winTimer = null;
    this.model = null;
    this.seen = null; // the update whose events were taken in: "match|version"
  }

  /** @param {Model} model */
  render(model) {
    this.model = model;
    const st = model.state;
    // A decision of mine after the Snickerdoodle! pop-up opened closes it: the next round's
    // scramble must never wait behind it (bots grab meanwhile). Opened with a decision already
    // waiting, it stays only a moment.
    const deciding = Boolean(model.legal && model.legal.length);
    if (this.win && this.win.seen && deciding) this.closeWin();
    if (this.win && this.win.match !== model.matchNumber) this.closeWin(); // a rematch began
    // The room draws the table again with the same update (a language switch, a change to the
    // room): its events are taken in once, or a closed Snickerdoodle! pop-up would open again.
    const seen = `${model.matchNumber}|${model.version}`;
    const events = seen === this.seen ? [] : model.events;
    this.seen = seen;
    for (const event of events) {
      if (event.kind === "snickerdoodle") {
        this.showWin({ player: event.player, hand: event.hand, during: event.during, match: model.matchNumber }, deciding ? 2500 : 9000);
      }
    }
    if (this.win) this.win.seen = true;
    const key = JSON.stringify([st.phase, model.legal]);
    if (key !== this.choiceKey) {
      this.choiceKey = key;
      this.selected = [];
    }

    const parts = [this.board(model), this.middle(model), this.mine(model), this.win ? this.winOverlay() : null];
    this.ctx.redraw(this.root, parts);
    this.showRace(model, st);
  }

  // A race of mine opening (the scramble, the milk) brings the cards in the middle into view:
  // on a phone they start below the fold, and the race is over in a second or two.
  /**
   * @param {Model} model
   * @param {View} st
   */
  showRace(model, st) {
    const racing = (st.phase === "scramble" || st.phase === "milk_race") && model.me !== null
      && model.pending.players.includes(model.me);
    const race = racing ? `${model.matchNumber}|${st.phase}|${st.round}|${st.turn}` : null;
    if (race && race !== this.raceShown) {
      // measured once the room has drawn the rest of the page (the status line above grows a
      // line for the race, and the clock shows): measured now, the milk looked on screen while
      // it ended 40 px below the bottom of an 844 px phone
      requestAnimationFrame(() => {
        const middle = this.root.querySelector(".tyc-middle");
        const box = middle && middle.getBoundingClientRect();
        const line = document.querySelector(".status-row");
        const top = line ? line.getBoundingClientRect().bottom : 0;
        if (box && (box.top < top || box.bottom > window.innerHeight)) middle.scrollIntoView({ block: "center", behavior: "instant" });
      });
    }
    this.raceShown = race;
  }

  showWin(win, ms) {
    this.win = win;
    clearTimeout(this.winTimer);
    this.winTimer = setTimeout(() => {
      this.win = null;
      if (this.model) this.render({ ...this.model, events: [] });
    }, ms);
  }

  closeWin() {
    this.win = null;
    clearTimeout(this.winTimer);
  }

  // ---- the public board ----------------------------------------------------------------------
  /** @param {Model} model */
  board(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    const roll = st.roll;
    const dice = roll
      ? h("div", { class: "tyc-dice", "aria-label": t("dice_rolled") },
        kit.die({ ...faceOf(ACTION_FACES[roll[0]]), shapeName: (ACTION_FACES[roll[0]] || {}).shape, text: t(`action_${roll[0]}`), label: t(`action_${roll[0]}`), cls: `tyc-action ${roll[0]}` }),
        kit.die({ colour: roll[1] === "milk" ? CARDS.milk.colour : "#fff", shapeName: roll[1] === "milk" ? "drop" : null, text: t(`number_${roll[1]}`), label: t(`number_${roll[1]}`), cls: "tyc-number" }),
        h("span", { class: "tyc-roll-words" }, t("roll_words", { name: this.ctx.name(st.turn), action: t(`action_${roll[0]}`), number: t(`number_${roll[1]}`) })))
      : h("p", { class: "help" }, st.phase === "deal" ? t("dealing") : t("about_to_roll", { name: this.ctx.name(st.turn) }));
    const seats = Array.from({ length: st.players }, (_, seat) => this.seatBox(model, seat));
    return kit.section(t("table_title", { round: st.round + 1, rounds: st.rounds }), [dice, h("div", { class: "tyc-seats" }, seats)], { public: true, cls: "tyc-board" });
  }

  /** @param {Model} model */
  seatBox(model, seat) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    const size = st.hand_sizes[seat];
    const notes = [];
    if (st.milk_seen === seat) notes.push(h("span", { class: "tag tyc-milk" }, kit.shape("drop", { size: 12 }), t("holds_milk")));
    if (st.phase === "commit") notes.push(st.committed[seat] ? h("span", { class: "tag on" }, t("has_chosen")) : h("span", { class: "tag deciding" }, t("choosing")));
    if (st.phase === "scramble" && st.quota[seat]) notes.push(h("span", { class: "tag" }, t("grabbed_of", { got: st.grabbed[seat], of: st.quota[seat] })));
    if (this.ctx.kit.present(st.limbo_owner) && st.limbo_count && st.target === seat) notes.push(h("span", { class: "tag" }, t("face_down_here", { count: st.limbo_count })));
    if (st.in_transit && st.in_transit[seat]) notes.push(h("span", { class: "tag" }, t("in_transit", { count: st.in_transit[seat] })));
    if (st.tosser === seat && st.phase === "milk_race") notes.push(h("span", { class: "tag" }, t("tossed_milk")));
    const wins = st.rounds > 1 ? kit.stat(t("rounds_won"), st.round_wins[seat]) : null;
    const shown = st.shown_hands && st.shown_hands[seat];
    return h("div", { class: ["tyc-seat", seat === st.turn && "turn", model.deciding.includes(seat) && "deciding", seat === model.me && "me"] },
      h("div", { class: "tyc-seat-head" }, kit.seatLabel(this.ctx, seat), seat === st.turn ? h("span", { class: "tag turn" }, t("roller")) : null),
      kit.handCount(size, t("cards_count", { count: size })),
      notes.length ? h("div", { class: "tyc-notes" }, notes) : null,
      wins,
      shown ? h("div", { class: "cards tyc-shown" }, sortCards(shown).map((c) => cardFace(this.ctx, c, { small: true }))) : null);
  }

  // ---- the middle: the scramble, the milk race, the blind draw, even-up --------------------
  /** @param {Model} model */
  middle(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    const me = model.me;
    const mine = me !== null && model.pending.players.includes(me);
    if (st.phase === "scramble") {
      const left = me !== null ? st.quota[me] - st.grabbed[me] : 0;
      const canGrab = mine && model.legal.length > 0;
      const grabs = new Set(model.legal.filter((a) => a.type === "grab").map((a) => a.card));
      const cards = sortCards(st.centre).map((c, i) => cardFace(this.ctx, c, {
        key: `centre-${i}`,
        onClick: canGrab ? () => this.ctx.act({ type: "grab", card: c }) : null,
        disabled: canGrab && !grabs.has(c),
        badge: canGrab && i < 9 ? String(i + 1) : null,
      }));
      return kit.section(t("scramble_title"), [
        h("p", { class: "tyc-race-words" }, canGrab ? t(st.free_scramble ? "scramble_free" : "scramble_you", { count: left }) : me !== null && st.quota[me] ? t("scramble_done") : t("scramble_watch")),
        model.slow ? h("p", { class: "too-slow", role: "alert" }, t("too_slow_grab")) : null,
        h("div", { class: "cards tyc-centre" }, cards),
      ], { cls: "tyc-middle tyc-scramble" });
    }
    if (st.phase === "milk_race") {
      const can = mine && model.legal.some((a) => a.type === "grab");
      return kit.section(t("milk_race_title"), [
        h("p", { class: "tyc-race-words" }, t("milk_race_words", { name: this.ctx.name(st.tosser) })),
        model.slow ? h("p", { class: "too-slow", role: "alert" }, t("too_slow_grab")) : null,
        h("div", { class: "tyc-milk-race" },
          can ? cardFace(this.ctx, "milk", { key: "grab-milk", onClick: () => this.ctx.act({ type: "grab", card: "milk" }), sub: t("grab_it"), cls: "tyc-milk-card", badge: "M" }) : cardFace(this.ctx, "milk", { cls: "tyc-milk-card" })),
      ], { cls: "tyc-middle tyc-race" });
    }
    if (st.phase === "pick" || st.phase === "draw") {
      const drawing = me !== null && st.drawer === me && st.phase === "pick";
      const size = st.hand_sizes[st.draw_from] || 0;
      const backs = Array.from({ length: size }, (_, i) => drawing
        ? h("button", { type: "button", class: "card card-back tyc-pick", key: `pick-${i}`, on: { click: () => this.ctx.act({ type: "pick", position: i }) }, "aria-label": t("pick_n", { n: i + 1 }) }, h("span", { class: "card-name" }, String(i + 1)))
        : kit.cardBack(t("face_down")));
      return kit.section(t("draw_title"), [
        h("p", {}, drawing ? t("pick_you", { name: this.ctx.name(st.draw_from) }) : t("pick_watch", { name: this.ctx.name(st.drawer), from: this.ctx.name(st.draw_from) })),
        h("div", { class: "cards", "data-reveal": drawing }, backs),
      ], { cls: "tyc-middle" });
    }
    if (st.phase === "even_up") {
      const takes = model.legal.filter((a) => a.type === "take");
      return kit.section(t("even_up_title"), [
        h("p", {}, mine ? t("even_up_you") : t("even_up_watch")),
        takes.length ? h("div", { class: "cards", "data-reveal": true }, takes.map((a, i) => cardFace(this.ctx, a.card, { key: `take-${i}`, sub: t("from_name", { name: this.ctx.name(a.player) }), onClick: () => this.ctx.act(a) }))) : null,
      ], { cls: "tyc-middle" });
    }
    if (st.limbo_count && this.ctx.kit.present(st.target)) {
      const seen = st.limbo;
      return kit.section(t("limbo_title"), [
        h("p", {}, t("limbo_words", { count: st.limbo_count, name: this.ctx.name(st.target) })),
        h("div", { class: "cards" }, seen ? sortCards(seen).map((c) => cardFace(this.ctx, c, { small: true })) : Array.from({ length: st.limbo_count }, () => kit.cardBack(t("face_down"), { small: true }))),
      ], { cls: "tyc-middle", public: true });
    }
    return null;
  }

  // ---- your hand and your choice -------------------------------------------------------------
  /** @param {Model} model */
  mine(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    if (model.me === null || !st.hand) return null;
    const me = model.me;
    const hand = sortCards(st.hand);
    const choosing = SELECTING.has(st.phase) && model.pending.players.includes(me) && model.legal.length > 0;
    const need = st.number;
    const commits = model.legal.filter((a) => a.type === "commit");
    const whole = choosing && commits.length === 1 && commits[0].cards.length === hand.length;
    // waiting for the others after choosing: the cards chosen stay marked in the hand
    const committed = !choosing && st.phase === "commit" && st.my_commit ? committedAt(hand, st.my_commit) : new Set();
    const cards = hand.map((c, i) => {
      const selected = this.selected.includes(i);
      const chosen = committed.has(i);
      return cardFace(this.ctx, c, {
        key: `hand-${i}`,
        selected: choosing && !whole ? selected : chosen || undefined,
        onClick: choosing && !whole ? () => this.toggle(i) : null,
        badge: choosing && !whole && i < 9 ? String(i + 1) : null,
        title: chosen ? t("card_chosen", { card: t(`card_${c}`) }) : undefined,
        cls: chosen ? "tyc-committed" : undefined,
      });
    });
    const chosen = this.selected.map((i) => hand[i]);
    const legal = commits.find((a) => same(a.cards, chosen));
    const verb = st.phase === "swap_cards" ? "give" : st.roll && st.roll[0] === "toss" ? "toss" : st.roll && st.roll[0] === "pass_right" ? "pass_right" : "pass_left";
    let prompt = null;
    let buttons = [];
    if (choosing) {
      prompt = whole ? t(`whole_hand_${verb}`) : t(`choose_${verb}`, { count: need, name: this.ctx.kit.present(st.target) ? this.ctx.name(st.target) : "" });
      buttons = whole
        ? [kit.actionButton(t(`confirm_whole_${verb}`), () => this.ctx.act(commits[0]), { primary: true, key: "confirm", shortcut: "Enter" })]
        : [kit.actionButton(t(`confirm_${verb}`, { count: need }), () => legal && this.ctx.act(legal), { primary: true, key: "confirm", disabled: !legal, shortcut: "Enter", title: t("chosen_of", { got: chosen.length, of: need }) })];
    } else if (st.phase === "commit" && st.my_commit) {
      const waiting = model.deciding.length;
      prompt = h("span", {}, t("you_chose", { cards: st.my_commit.map((c) => t(`card_${c}`)).join(", ") }), " ", h("b", {}, t("waiting_players", { count: waiting })));
    } else if (st.phase === "target" && model.pending.players.includes(me)) {
      prompt = targetWords(st, t);
      buttons = model.legal.filter((a) => a.type === "target").map((a, i) => kit.actionButton(t("swap_with", { name: this.ctx.name(a.player) }), () => this.ctx.act(a), { key: `target-${a.player}`, shortcut: String(i + 1), primary: i === 0 }));
    }
    const best = bestCookie(st.hand, st.cookies);
    const goal = best ? t("goal_progress", { card: t(`card_${best.card}`), count: best.count, milk: st.hand.includes("milk") ? t("with_milk") : t("without_milk") }) : null;
    return kit.section(t("your_hand"), [
      goal ? h("p", { class: "help tyc-goal" }, goal) : null,
      h("div", { class: ["cards", "tyc-hand", choosing && "choosing"] }, cards),
      prompt ? h("p", { class: "tyc-prompt" }, prompt, choosing && !whole ? h("span", { class: "tyc-count" }, ` ${t("chosen_of", { got: chosen.length, of: need })}`) : null) : null,
      buttons.length ? h("div", { class: "actions", "data-reveal": true }, buttons) : null,
    ], { cls: "tyc-mine" });
  }

  toggle(i) {
    const at = this.selected.indexOf(i);
    if (at >= 0) this.selected.splice(at, 1);
    else {
      this.selected.push(i);
      const need = this.model.state.number;
      if (this.selected.length > need) this.selected.shift();
    }
    this.render({ ...this.model, events: [] });
  }

  winOverlay() {
    const { h, kit, t } = this.ctx;
    const win = this.win;
    const close = () => {
      this.closeWin();
      this.render({ ...this.model, events: [] });
    };
    return h("div", { class: "overlay tyc-win", role: "dialog", "aria-modal": "false", "aria-label": t("snickerdoodle") },
      h("div", { class: "overlay-box" },
        h("p", { class: "tyc-shout" }, t("snickerdoodle")),
        h("h2", {}, t("win_words", { name: this.ctx.name(win.player) })),
        h("div", { class: "cards tyc-win-hand" }, sortCards(win.hand || []).map((c) => cardFace(this.ctx, c))),
        kit.actionButton(t("continue"), close, { primary: true, key: "close-win" })));
  }

  /**
   * @param {KeyboardEvent} event
   * @param {Model} model
   */
  key(event, model) {
    const st = model.state;
    const k = event.key;
    if (this.win && (k === "Escape" || k === "Enter")) {
      this.win = null;
      this.render({ ...model, events: [] });
      return true;
    }
    const me = model.me;
    if (me === null || !model.pending.players.includes(me)) return false;
    const n = Number.parseInt(k, 10);
    if (st.phase === "scramble" && n >= 1) {
      const card = sortCards(st.centre)[n - 1];
      if (card) this.ctx.act({ type: "grab", card });
      return Boolean(card);
    }
    if (st.phase === "milk_race" && (k === "m" || k === "M" || k === " ")) {
      this.ctx.act({ type: "grab", card: "milk" });
      return true;
    }
    if (st.phase === "pick" && n >= 1 && n <= st.hand_sizes[st.draw_from]) {
      this.ctx.act({ type: "pick", position: n - 1 });
      return true;
    }
    if (st.phase === "target" && n >= 1) {
      const target = model.legal.filter((a) => a.type === "target")[n - 1];
      if (target) this.ctx.act(target);
      return Boolean(target);
    }
    if (SELECTING.has(st.phase)) {
      if (n >= 1 && n <= st.hand.length) {
        this.toggle(n - 1);
        return true;
      }
      if (k === "Enter") {
        const button = /** @type {HTMLButtonElement | null} */ (this.root.querySelector('[data-key="confirm"]'));
        if (button && !button.disabled) button.click();
        return true;
      }
    }
    return false;
  }
}

/** The places in ``hand`` (sorted) of the cards ``chosen``, each card of the choice once. */
function committedAt(hand, chosen) {
  const left = [...chosen];
  const at = new Set();
  hand.forEach((card, i) => {
    const k = left.indexOf(card);
    if (k >= 0) {
      left.splice(k, 1);
      at.add(i);
    }
  });
  return at;
}

function faceOf(face) {
  return face ? { colour: face.colour, ink: face.ink } : {};
}

/** The cookie this hand has most of, counting wilds (half-eaten cookies and the milk never). */
function bestCookie(hand, cookies) {
  const wild = hand.filter((c) => c === "wild").length;
  let best = null;
  for (const cookie of cookies) {
    const count = hand.filter((c) => c === cookie).length + wild;
    if (hand.includes(cookie) && (!best || count > best.count)) best = { card: cookie, count };
  }
  return best;
}

/**
 * @param {Model} model
 * @param {Ctx} ctx
 */
function status(model, ctx) {
  const { t } = ctx;
  const st = model.state;
  const me = model.me;
  if (st.phase === "scramble") return me !== null && model.pending.players.includes(me) ? t("status_scramble_you") : t("status_scramble");
  if (st.phase === "milk_race") return me !== null && model.pending.players.includes(me) ? t("status_milk_you") : t("status_milk", { name: ctx.name(st.tosser) });
  if (st.phase === "deal") return t("dealing");
  // the other chance steps: the dice, and which card a blind draw turns out to be
  if (st.phase === "roll") return me !== null && st.turn === me ? t("status_rolling_you") : t("status_rolling", { name: ctx.name(st.turn) });
  if (st.phase === "draw") {
    if (me !== null && st.drawer === me) return t("status_drawing_you", { from: ctx.name(st.draw_from) });
    if (me !== null && st.draw_from === me) return t("status_drawing_from_you", { name: ctx.name(st.drawer) });
    return t("status_drawing", { name: ctx.name(st.drawer), from: ctx.name(st.draw_from) });
  }
  const deciding = me !== null && model.pending.players.includes(me);
  if (st.phase === "target" && deciding) return targetWords(st, ctx.t);
  if (st.phase === "pick" && deciding) return t("pick_you", { name: ctx.name(st.draw_from) });
  if (st.phase === "pick") return t("pick_watch", { name: ctx.name(st.drawer), from: ctx.name(st.draw_from) });
  return null;
}

/** Whom to swap with, in the roll's words: "Swap 2: …", and "Swap All: …" for the whole hand
 * (the number to swap is then the hand's size: "Swap 7" named no face of the die).
 * @param {View} st
 * @param {Ctx["t"]} t
 */
function targetWords(st, t) {
  return st.roll && st.roll[1] === "all" ? t("choose_target_all") : t("choose_target", { count: st.number });
}

/**
 * @param {import("../../../web/types.js").Outcome} outcome
 * @param {Model} model
 * @param {Ctx} ctx
 */
function results(outcome, model, ctx) {
  const { h, t, kit } = ctx;
  const st = model.state;
  const win = st.last_win;
  return h("div", { class: "tyc-result" },
    win ? h("div", {}, h("p", {}, t("winning_hand", { name: ctx.name(win.player) })), h("div", { class: "cards tyc-win-hand" }, sortCards(win.hand).map((c) => cardFace(ctx, c, { small: true })))) : null,
    st.rounds > 1 ? h("ol", { class: "scores" }, st.round_wins.map((w, seat) => h("li", { class: outcome.winners.includes(seat) && "winner" }, kit.seatLabel(ctx, seat), " ", t("rounds_won_n", { count: w })))) : null);
}

// The pure parts, for the unit tests (tests/js); the room reads only the default export.
export { bestCookie, committedAt, same, sortCards };

/** @type {import("../../../web/types.js").TableModule<View>} */
export default {
  create: (root, ctx) => new CookiesTable(root, ctx),
  status,
  results,
};
