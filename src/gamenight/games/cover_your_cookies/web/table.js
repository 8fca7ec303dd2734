// Cover Your Cookies at the table: every player's stack with its exposed top Batch (the only one
// that can be swiped), hands as counts, Dough and Crumb Collectors, the discard pile, the deck and
// the mixers still in it; the swipe duel card by card; each mixer as it is drawn (Rotate's
// direction, Swap's two players, Exchange's 1 or 2); and the final Dough count.

/** @typedef {import("../../../web/types.js").CoverYourCookiesView} View */
/** @typedef {import("../../../web/types.js").TableContext} Ctx */
/** @typedef {import("../../../web/types.js").TableModel<View>} Model */

const CARDS = {
  sugar: { colour: "#f6e3a4", shape: "circle" },
  oatmeal_raisin: { colour: "#b5875a", shape: "hexagon", ink: "#fff" },
  snickerdoodle: { colour: "#e9b46c", shape: "star" },
  chocolate_chip: { colour: "#c98f55", shape: "square" },
  peanut_butter: { colour: "#d8932f", shape: "diamond" },
  lemon_glaze: { colour: "#f1e04a", shape: "moon" },
  double_chocolate: { colour: "#4a2c1c", shape: "octagon", ink: "#fff" },
  red_velvet: { colour: "#b3263a", shape: "heart", ink: "#fff" },
  white_chip_macadamia: { colour: "#efe9da", shape: "cross" },
  birthday_cake: { colour: "#f39bd0", shape: "triangle" },
  fresh_milk: { colour: "#dcefff", shape: "drop" },
  chocolate_milk: { colour: "#8a5a3c", shape: "bolt", ink: "#fff" },
  rotate: { colour: "#5b4fc4", shape: "swap", ink: "#fff" },
  enhance: { colour: "#e3b21c", shape: "check" },
  swap: { colour: "#0f8b8d", shape: "swap", ink: "#fff" },
  exchange_left: { colour: "#2a7bbf", shape: "left", ink: "#fff" },
  exchange_right: { colour: "#2a9d5c", shape: "right", ink: "#fff" },
};
const ORDER = Object.keys(CARDS);
// The events that resolve a mixer (what it did, or that it had nothing to act on).
const MIXER_DONE = new Set(["rotated", "swapped", "exchange", "mixer_no_effect", "enhanced", "enhance_waiting"]);
const sortCards = (cards) => [...cards].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));

/** @param {Ctx} ctx */
function face(ctx, id, opts = {}) {
  const look = CARDS[id] || { colour: "#ddd", shape: "circle" };
  return ctx.kit.card({ label: ctx.t(`card_${id}`), colour: look.colour, ink: look.ink, shapeName: look.shape, ...opts });
}

class CoverTable {
  /**
   * @param {HTMLElement} root
   * @param {Ctx} ctx
   */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.mixerSeen = null;
  }

  /** @param {Model} model */
  render(model) {
    // The last mixer drawn stays on show, with what it did, until it is resolved and the next
    // turn begins (Enhance is resolved as it is drawn); none after the match, none in the next.
    if (this.mixerMatch !== model.matchNumber) this.mixerSeen = null;
    this.mixerMatch = model.matchNumber;
    for (const event of model.events) {
      if (event.kind === "mixer_drawn") this.mixerSeen = { card: event.card, player: event.player };
      if (MIXER_DONE.has(event.kind)) this.mixerSeen = { ...event, done: true, card: event.card || (this.mixerSeen && this.mixerSeen.card) };
      if (event.kind === "turn_started" && this.mixerSeen && this.mixerSeen.done) this.mixerSeen = null;
    }
    if (model.state.phase === "over") this.mixerSeen = null;
    this.ctx.redraw(this.root, [this.board(model), this.duel(model), this.mixer(model), this.mine(model)]);
  }

  /** @param {Model} model */
  board(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    const stacks = st.stacks.map((stack, seat) => {
      const top = stack[stack.length - 1];
      const below = stack.slice(0, -1);
      const belowValue = below.reduce((n, b) => n + b.value, 0);
      const inDuel = st.duel && st.duel.defender === seat;
      const theirTurn = seat === st.turn && st.phase !== "over";
      return h("div", { class: ["cyc-player", theirTurn && "turn", model.deciding.includes(seat) && "deciding", inDuel && "in-duel"] },
        h("div", { class: "cyc-player-head" }, kit.seatLabel(this.ctx, seat), theirTurn ? h("span", { class: "tag turn" }, t("their_turn")) : null),
        h("div", { class: "cyc-stats" },
          kit.stat(t("dough"), st.dough[seat]),
          kit.stat(t("crumbs"), `+${st.dough[seat] - st.stacks[seat].reduce((n, b) => n + b.value, 0)}`, { title: t("crumbs_help", { count: st.crumbs[seat] }) }),
          kit.handCount(st.hand_sizes[seat], t("cards_count", { count: st.hand_sizes[seat] }))),
        top
          ? h("div", { class: "cyc-stack" },
            below.length ? h("div", { class: "cyc-below", title: t("protected_help") }, t("protected", { count: below.length, value: belowValue })) : null,
            this.batch(top, stack.length > 1, `top-${seat}`))
          : h("p", { class: "help cyc-empty" }, t("no_batch")),
        st.waiting_enhance && st.waiting_enhance[seat] ? h("span", { class: "tag" }, t("enhance_waiting")) : null);
    });
    const pile = st.discard_row ? st.discard : st.discard.slice(-1);
    // outlined: the pile's cookies this seat may pair now (a Batch it may start with one), never
    // a cookie of the pile that the hand cannot pair, nor on another player's turn
    const pairable = new Set(model.legal.filter((a) => a.type === "form_batch" && a.pile).map((a) => a.pile));
    return kit.section(t("table_title"), [
      h("div", { class: "cyc-players" }, stacks),
      h("div", { class: "cyc-piles" },
        h("div", { class: "cyc-deck" }, kit.cardBack(t("deck_left", { count: st.deck }), { text: String(st.deck) }),
          h("span", {}, st.deck_out ? t("deck_out") : t("deck_left", { count: st.deck })),
          st.options && st.options.mixers ? h("span", { class: "help" }, t("mixers_left", { count: st.mixers_in_deck })) : null),
        h("div", { class: "cyc-discard" }, h("span", { class: "help" }, st.discard_row ? t("discard_row") : t("discard_top")),
          h("div", { class: "cards" }, pile.map((c) => face(this.ctx, c, { small: true, cls: pairable.has(c) && "cyc-usable" })), pile.length ? null : h("span", { class: "help" }, "—")))),
    ], { public: true, cls: "cyc-board" });
  }

  batch(batch, exposed, key) {
    const { h, t } = this.ctx;
    const look = CARDS[batch.flavour] || { colour: "#ddd" };
    // the other cards (milks) one of a kind with its count, as the cookies: a big Batch stays
    // in its player's box
    const extras = sortCards([...new Set(batch.cards.filter((c) => c !== batch.flavour))]);
    const counted = (card) => {
      const n = batch.cards.filter((c) => c === card).length;
      return face(this.ctx, card, { small: true, badge: `×${n}`, title: `${t(`card_${card}`)} ×${n}` });
    };
    return h("div", { class: ["cyc-batch", exposed && "exposed"], key, style: { "--card": look.colour } },
      counted(batch.flavour),
      extras.length ? h("div", { class: "cyc-extras" }, extras.map(counted)) : null,
      h("div", { class: "cyc-batch-value" }, h("b", {}, String(batch.value)), h("span", {}, t("dough_short")), exposed ? h("span", { class: "tag" }, t("exposed")) : null));
  }

  /** @param {Model} model */
  duel(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    const duel = st.duel;
    if (!duel) return null;
    const me = model.me;
    const plays = duel.plays.map(([player, cards], i) => h("div", { class: ["cyc-play", player === duel.challenger ? "challenger" : "defender"] },
      h("span", { class: "cyc-play-who" }, `${i + 1}. ${this.ctx.name(player)}`),
      h("div", { class: "cards" }, cards.map((c) => face(this.ctx, c, { small: true })))));
    const answering = me !== null && duel.responder === me;
    const answers = answering ? model.legal.filter((a) => a.type === "answer") : [];
    const yielding = answering ? model.legal.find((a) => a.type === "yield") : null;
    return kit.section(t("duel_title"), [
      h("p", { class: "cyc-duel-words" }, duelWords(model, this.ctx)),
      h("div", { class: "cyc-plays" }, plays),
      h("p", { class: "cyc-duel-next" }, answering ? t(duel.need > 1 ? "duel_you_two" : "duel_you", { flavour: t(`card_${duel.flavour}`) }) : t("duel_waiting", { name: this.ctx.name(duel.responder) })),
      answering ? h("div", { class: "actions cyc-actions", "data-reveal": true },
        answers.map((a, i) => kit.actionButton(t("answer_with", { cards: a.cards.map((c) => t(`card_${c}`)).join(" + ") }), () => this.ctx.act(a), { primary: i === 0, key: `answer-${a.cards.join("-")}`, shortcut: i < 9 ? String(i + 1) : null })),
        yielding ? kit.actionButton(t(duel.responder === duel.defender ? "yield_defender" : "yield_challenger"), () => this.ctx.act(yielding), { key: "yield", shortcut: "Y" }) : null) : null,
    ], { cls: "cyc-duel" });
  }

  /** @param {Model} model */
  mixer(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    const seen = st.mixer || this.mixerSeen;
    if (!seen) return null;
    const card = seen.card;
    const me = model.me;
    const choosing = st.phase === "mixer" && me !== null && st.mixer && st.mixer.player === me;
    const buttons = [];
    if (choosing) {
      model.legal.forEach((a, i) => {
        const shortcut = i < 9 ? String(i + 1) : null;
        if (a.type === "rotate") buttons.push(kit.actionButton(t(`rotate_${a.direction}`), () => this.ctx.act(a), { key: `rotate-${a.direction}`, shortcut, primary: i === 0 }));
        if (a.type === "swap_batches") buttons.push(kit.actionButton(t("swap_pair", { first: this.ctx.name(a.first), second: this.ctx.name(a.second) }), () => this.ctx.act(a), { key: `swap-${a.first}-${a.second}`, shortcut }));
        if (a.type === "exchange") buttons.push(kit.actionButton(t("exchange_n", { count: a.count }), () => this.ctx.act(a), { key: `exchange-${a.count}`, shortcut, primary: i === 0 }));
      });
    }
    let words;
    if (st.phase === "mixer" && st.mixer) words = choosing ? t(`mixer_choose_${mixerKind(card)}`) : t("mixer_waiting", { name: this.ctx.name(st.mixer.player), card: t(`card_${card}`) });
    else if (seen.kind === "rotated") words = t("mixer_rotated", { name: this.ctx.name(seen.player), direction: t(`direction_${seen.direction}`) });
    else if (seen.kind === "swapped") words = t("mixer_swapped", { name: this.ctx.name(seen.player), first: this.ctx.name(seen.first), second: this.ctx.name(seen.second) });
    else if (seen.kind === "exchange") words = t("mixer_exchanged", { name: this.ctx.name(seen.player), count: seen.count, direction: t(`direction_${seen.direction}`) });
    else if (seen.kind === "mixer_no_effect") words = t("mixer_nothing", { card: t(`card_${card}`) });
    else if (seen.kind === "enhanced") words = t("ev_enhanced", { name: this.ctx.name(seen.player) });
    else if (seen.kind === "enhance_waiting") words = t("ev_enhance_waiting", { name: this.ctx.name(seen.player) });
    else words = t("mixer_drawn", { name: this.ctx.name(seen.player), card: t(`card_${card}`) });
    // Rotate: what each way does to this seat, said beside the buttons (on a phone the stacks
    // are scrolled off the screen): whose top Batch comes, and where this seat's own goes
    const hints = choosing ? model.legal.filter((a) => a.type === "rotate").map((a) =>
      h("li", { id: `rotate-hint-${a.direction}`, class: "cyc-rotate-hint" }, h("b", {}, t(`rotate_${a.direction}`)), ": ", rotateWords(st, me, a.direction, this.ctx))) : [];
    hints.forEach((hint, i) => buttons[i] && buttons[i].setAttribute("aria-describedby", hint.id));
    return kit.section(t("mixer_title"), [
      h("div", { class: "cyc-mixer" }, face(this.ctx, card), h("p", {}, words)),
      buttons.length ? h("div", { class: "cyc-choices", "data-reveal": true },
        h("div", { class: "actions cyc-actions" }, buttons),
        hints.length ? h("ul", { class: "cyc-rotate-hints" }, hints) : null) : null,
    ], { cls: "cyc-mixer-box" });
  }

  /** @param {Model} model */
  mine(model) {
    const { h, kit, t } = this.ctx;
    const st = model.state;
    if (model.me === null || !st.hand) return null;
    const me = model.me;
    const myTurn = st.phase === "turn" && model.pending.players.includes(me);
    const hand = sortCards(st.hand).map((c, i) => face(this.ctx, c, { key: `hand-${i}`, sub: dough(c) === undefined ? null : t("dough_n", { n: dough(c) }) }));
    const groups = [];
    if (myTurn) {
      const legal = model.legal;
      let n = 0;
      const button = (label, a, opts = {}) => {
        n += 1;
        return kit.actionButton(label, () => this.ctx.act(a), { key: `act-${n}`, shortcut: n <= 9 ? String(n) : null, ...opts });
      };
      const cardsWords = (cards) => cards.map((c) => t(`card_${c}`)).join(" + ");
      const forms = legal.filter((a) => a.type === "form_batch").map((a) => button(a.pile ? t("form_with_pile", { cards: cardsWords(a.cards), pile: t(`card_${a.pile}`) }) : t("form", { cards: cardsWords(a.cards) }), a, { primary: true }));
      const swipes = legal.filter((a) => a.type === "swipe").map((a) => {
        const top = st.stacks[a.target][st.stacks[a.target].length - 1];
        return button(t("swipe", { name: this.ctx.name(a.target), flavour: t(`card_${top.flavour}`), value: top.value, card: t(`card_${a.card}`) }), a, { danger: true });
      });
      const adds = legal.filter((a) => a.type === "add_to_batch").map((a) => button(t("add", { card: t(`card_${a.card}`) }), a));
      const discards = legal.filter((a) => a.type === "discard").map((a) => button(t("discard", { card: t(`card_${a.card}`) }), a));
      const ends = legal.filter((a) => a.type === "end_turn").map((a) => button(t("end_turn"), a));
      if (forms.length) groups.push(h("div", { class: "cyc-group" }, h("h3", {}, t("group_form")), h("div", { class: "actions" }, forms)));
      if (swipes.length) groups.push(h("div", { class: "cyc-group" }, h("h3", {}, t("group_swipe")), h("div", { class: "actions" }, swipes)));
      if (adds.length) groups.push(h("div", { class: "cyc-group" }, h("h3", {}, t("group_add")), h("div", { class: "actions" }, adds)));
      if (discards.length || ends.length) groups.push(h("div", { class: "cyc-group" }, h("h3", {}, t("group_discard")), h("div", { class: "actions" }, discards, ends)));
    }
    return kit.section(t("your_hand"), [
      h("div", { class: "cards cyc-hand" }, hand),
      myTurn ? h("p", { class: "cyc-prompt" }, t(st.deck_out ? "turn_prompt_end" : "turn_prompt")) : null,
      groups.length ? h("div", { class: "cyc-choices", "data-reveal": true }, groups) : null,
    ], { cls: "cyc-mine" });
  }

  /**
   * @param {KeyboardEvent} event
   * @param {Model} model
   */
  key(event, model) {
    const me = model.me;
    if (me === null || !model.pending.players.includes(me)) return false;
    const k = event.key.toLowerCase();
    if (k === "y") {
      const a = model.legal.find((x) => x.type === "yield");
      if (a) this.ctx.act(a);
      return Boolean(a);
    }
    if (/^[1-9]$/.test(k)) {
      const button = /** @type {HTMLButtonElement | null} */ (this.root.querySelector(`.zone:not(.public) [aria-keyshortcuts="${k}"]`));
      if (button && !button.disabled) {
        button.click();
        return true;
      }
    }
    return false;
  }
}

/** Dough per card, from the game's components (served beside its table). */
let DOUGH = {};
fetch("/games/cover-your-cookies/components.json")
  .then((r) => r.json())
  .then((data) => {
    for (const group of ["cookies", "milk", "mixers"]) for (const c of data[group] || []) DOUGH[c.id] = c.dough || 0;
  })
  .catch(() => {
    DOUGH = {};
  });

function dough(card) {
  return DOUGH[card];
}

function mixerKind(card) {
  if (card.startsWith("exchange")) return "exchange";
  return card;
}

// Each event is read from the viewer's side: "You" only when the viewer is the one who acts,
// "you"/"your" when the viewer is the other player (taken from, swiped, swapped); the cards of
// an Exchange are named only to the two players concerned (the server sends them to those only).
/**
 * @param {import("../../../web/types.js").GameEvent} event
 * @param {Ctx} ctx
 */
function describe(event, ctx) {
  const { t } = ctx;
  const name = (seat) => ctx.name(seat);
  const card = (id) => t(`card_${id}`);
  const mine = (seat) => ctx.me !== null && ctx.me !== undefined && seat === ctx.me;
  switch (event.kind) {
    case "deck_split":
      return t("ev_deck_split");
    case "flipped":
      return t("ev_flipped", { card: card(event.card) });
    case "mixer_drawn":
      return t("ev_mixer_drawn", { name: name(event.player), card: card(event.card) });
    case "drew":
      return event.card ? t("ev_drew_you", { card: card(event.card) }) : null;
    case "took":
      if (mine(event.player) && event.cards) return t("ev_took_you", { cards: event.cards.map(card).join(", "), from: name(event.from) });
      if (mine(event.from) && event.cards) return t("ev_took_from_you", { name: name(event.player), cards: event.cards.map(card).join(", ") });
      return t("ev_took", { name: name(event.player), count: event.count, from: name(event.from) });
    case "formed":
      return t("ev_formed", { name: name(event.player), flavour: card(event.flavour), value: event.value });
    case "swipe": {
      const words = { name: name(event.player), target: name(event.target), flavour: card(event.flavour), value: event.value, card: card(event.card) };
      return t(mine(event.player) ? "ev_swipe_you" : mine(event.target) ? "ev_swipe_yours" : "ev_swipe", words);
    }
    case "answered":
      return t("ev_answered", { name: name(event.player), cards: event.cards.map(card).join(" + ") });
    case "duel_over": {
      const words = { name: name(event.challenger), target: name(event.defender), value: event.value };
      if (event.swiped) return t(mine(event.challenger) ? "ev_swiped_you" : mine(event.defender) ? "ev_swiped_yours" : "ev_swiped", words);
      return t(mine(event.defender) ? "ev_kept_you" : "ev_kept", { name: name(event.defender), value: event.value });
    }
    case "discarded":
      return t("ev_discarded", { name: name(event.player), card: card(event.card) });
    case "added":
      return t("ev_added", { name: name(event.player), card: card(event.card) });
    case "enhanced":
      return t("ev_enhanced", { name: name(event.player) });
    case "enhance_waiting":
      return t("ev_enhance_waiting", { name: name(event.player) });
    case "mixer_no_effect":
      return t("ev_mixer_no_effect", { card: card(event.card) });
    case "rotated":
      return t("ev_rotated", { name: name(event.player), direction: t(`direction_${event.direction}`) });
    case "swapped":
      if (mine(event.first) || mine(event.second)) return t("ev_swapped_yours", { name: name(event.player), other: name(mine(event.first) ? event.second : event.first) });
      return t("ev_swapped", { name: name(event.player), first: name(event.first), second: name(event.second) });
    case "exchange":
      return t("ev_exchange", { name: name(event.player), count: event.count, direction: t(`direction_${event.direction}`) });
    case "round_over":
      return t("ev_round_over", { round: event.round + 1, names: (event.winners || []).map(name).join(" & ") });
    case "game_over":
      return t("ev_game_over", { names: (event.winners || []).map(name).join(" & ") });
    default:
      return null;
  }
}

/**
 * @param {import("../../../web/types.js").Outcome} outcome
 * @param {Model} model
 * @param {Ctx} ctx
 */
function results(outcome, model, ctx) {
  const { h, t, kit } = ctx;
  const st = model.state;
  const single = !st.options || st.options.match === "single";
  const scores = single ? st.dough : st.totals;
  const order = scores.map((_, seat) => seat).sort((a, b) => scores[b] - scores[a]);
  // on a phone the table fits the width (compact columns, names that wrap); should a long
  // name still make it wider, its box scrolls sideways, not the page
  return h("div", { class: "cyc-final-wrap", tabindex: "0", role: "region", "aria-label": t("final_count") }, h("table", { class: "cyc-final" },
    h("caption", {}, t("final_count")),
    h("thead", {}, h("tr", {}, h("th", {}, t("player")), h("th", {}, t("stack_dough")), h("th", {}, t("crumb_bonus")), h("th", {}, t("batches")), h("th", { class: "cyc-final-score" }, single ? t("dough") : t("total")))),
    h("tbody", {}, order.map((seat) => {
      const stack = st.stacks[seat].reduce((n, b) => n + b.value, 0);
      return h("tr", { class: outcome.winners.includes(seat) && "winner" },
        h("td", {}, kit.seatLabel(ctx, seat)), h("td", {}, String(stack)), h("td", {}, String(st.dough[seat] - stack)),
        h("td", {}, String(st.stacks[seat].length)), h("td", { class: "cyc-final-score" }, h("b", {}, String(scores[seat]))));
    }))));
}

/** What a Rotate to one side does to seat me: "You get Bob's Sugar (45); your Chip (30) goes to
 * Cat." Left is the next seat in turn order: each top Batch goes to the next seat, so seat me
 * gets the top Batch of the seat before it.
 * @param {View} st
 * @param {number} me
 * @param {string} direction
 * @param {Ctx} ctx
 */
export function rotateWords(st, me, direction, ctx) {
  const n = st.stacks.length;
  const step = direction === "left" ? 1 : -1;
  const from = (me - step + n) % n;
  const to = (me + step + n) % n;
  const theirs = st.stacks[from][st.stacks[from].length - 1];
  const mine = st.stacks[me][st.stacks[me].length - 1];
  const get = theirs
    ? ctx.t("rotate_get", { name: ctx.name(from), flavour: ctx.t(`card_${theirs.flavour}`), value: theirs.value })
    : ctx.t("rotate_get_none", { name: ctx.name(from) });
  const give = mine
    ? ctx.t("rotate_give", { name: ctx.name(to), flavour: ctx.t(`card_${mine.flavour}`), value: mine.value })
    : ctx.t("rotate_give_none");
  return `${get}; ${give}.`;
}

/** Who is swiping whose Batch ("your Batch" on the defender's own screen).
 * @param {Model} model
 * @param {Ctx} ctx
 */
function duelWords(model, ctx) {
  const duel = model.state.duel;
  const words = { name: ctx.name(duel.challenger), target: ctx.name(duel.defender), flavour: ctx.t(`card_${duel.flavour}`) };
  return ctx.t(model.me !== null && duel.defender === model.me ? "duel_words_yours" : "duel_words", words);
}

/** The status line at each chance step (the room's words for one are "…": the deal, a card
 * drawn, a blind take in an Exchange), and during a swipe: who is swiping whose Batch, and who
 * answers now.
 * @param {Model} model
 * @param {Ctx} ctx
 */
function status(model, ctx) {
  const { t } = ctx;
  const st = model.state;
  if (st.phase === "deal" || st.phase === "flip") return t("status_dealing");
  // the other chance steps: a card drawn off the deck, a blind take in an Exchange
  const me = model.me;
  const drawing = st.phase === "draw" && st.draw_queue && st.draw_queue.length ? st.draw_queue[0][0] : null;
  if (drawing !== null) return me !== null && drawing === me ? t("status_drawing_you") : t("status_drawing", { name: ctx.name(drawing) });
  const take = st.phase === "exchange" && st.takers && st.takers.length ? st.takers[0] : null;
  if (take) {
    const [giver, taker] = take;
    if (me !== null && taker === me) return t("status_taking_you", { from: ctx.name(giver) });
    if (me !== null && giver === me) return t("status_taking_from_you", { name: ctx.name(taker) });
    return t("status_taking", { name: ctx.name(taker), from: ctx.name(giver) });
  }
  const duel = model.state.duel;
  if (model.state.phase !== "duel" || !duel) return null;
  const words = duelWords(model, ctx);
  if (model.me === null || duel.responder !== model.me) return `${words} ${t("duel_waiting", { name: ctx.name(duel.responder) })}`;
  return `${words} ${t(duel.responder === duel.defender ? "status_duel_defender" : "status_duel_challenger")}`;
}

// The pure parts, for the unit tests (tests/js); the room reads only the default export.
export { mixerKind, sortCards };

/** @type {import("../../../web/types.js").TableModule<View>} */
export default {
  create: (root, ctx) => new CoverTable(root, ctx),
  describe,
  status,
  results,
};
