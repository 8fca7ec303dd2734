// The pure parts of the game tables: numbers and cards in words, and what a view shows.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as cover from "../../src/gamenight/games/cover_your_cookies/web/table.js";
import * as paper from "../../src/gamenight/games/paper_toss/web/table.js";
import * as tossUp from "../../src/gamenight/games/toss_up/web/table.js";
import * as cookies from "../../src/gamenight/games/toss_your_cookies/web/table.js";
import { context } from "./helpers.js";

test("Toss Up!: a chance is a whole percent, never a false 0% or 100%", () => {
  assert.equal(tossUp.percent(0.5), "50%");
  assert.equal(tossUp.percent(0), "0%");
  assert.equal(tossUp.percent(1), "100%");
  assert.equal(tossUp.percent(0.004), "<1%");
  assert.equal(tossUp.percent(0.996), ">99%");
  assert.equal(tossUp.percent(0.005), "1%");
});

test("Toss Up!: the top line names whose roll it is while the dice roll", async () => {
  const ctx = await context("toss-up", "en");
  const { status } = tossUp.default;
  const chance = { state: { turn: 1, winners: [] }, pending: { kind: "chance" }, me: 0 };
  assert.match(status(/** @type {any} */ (chance), ctx), /Bo/);
  assert.equal(status(/** @type {any} */ ({ ...chance, pending: { kind: "single" } }), ctx), null);
});

test("Toss Your Cookies: cards sort in the table's order (an id it does not know first, by name)", () => {
  assert.deepEqual(cookies.sortCards(["milk", "wild", "sugar", "ginger", "sugar"]), ["sugar", "sugar", "ginger", "wild", "milk"]);
  assert.deepEqual(cookies.sortCards(["zeta", "alpha", "sugar"]), ["alpha", "zeta", "sugar"]);
});

test("Toss Your Cookies: the same cards in any order are the same choice", () => {
  assert.ok(cookies.same(["a", "b", "b"], ["b", "a", "b"]));
  assert.ok(!cookies.same(["a", "b"], ["a", "a"]));
  assert.ok(!cookies.same(["a"], ["a", "a"]));
});

test("Toss Your Cookies: a committed choice marks each of its cards once in the hand", () => {
  assert.deepEqual([...cookies.committedAt(["sugar", "sugar", "wild", "milk"], ["sugar", "wild"])], [0, 2]);
  assert.deepEqual([...cookies.committedAt(["sugar", "sugar"], ["sugar", "sugar", "sugar"])], [0, 1]);
  assert.deepEqual([...cookies.committedAt(["sugar"], [])], []);
});

test("Toss Your Cookies: the best cookie counts wilds but needs one real card", () => {
  const cookiesDealt = ["sugar", "ginger", "fortune"];
  assert.deepEqual(cookies.bestCookie(["sugar", "ginger", "ginger", "wild"], cookiesDealt), { card: "ginger", count: 3 });
  assert.equal(cookies.bestCookie(["wild", "milk", "half"], cookiesDealt), null);
  assert.deepEqual(cookies.bestCookie(["fortune", "sugar"], cookiesDealt), { card: "sugar", count: 1 });
});

test("Paper Toss!: the cards in every hand together", () => {
  assert.equal(paper.cardsInHands(/** @type {any} */ ({ hand_sizes: [5, 4, 0] })), 9);
  assert.equal(paper.cardsInHands(/** @type {any} */ ({})), 0);
});

test("Paper Toss!: an armed card goes at the leader at the first window where it may", () => {
  const pass = { type: "pass" };
  const bullies = [1, 2, 3].map((target) => ({ type: "bully", target }));
  const tires = [1, 2, 3].map((target) => ({ type: "flat_tire", target }));
  const st = { tokens: [0, 1, 3, 2] };
  // the leader, whatever order the moves come in
  assert.deepEqual(paper.armedMove("bully", st, [pass, ...bullies].reverse()), { type: "bully", target: 2 });
  assert.deepEqual(paper.armedMove("flat_tire", st, [pass, ...bullies, ...tires]), { type: "flat_tire", target: 2 });
  // of two leaders, the first in seat order
  assert.deepEqual(paper.armedMove("bully", { tokens: [0, 2, 2, 1] }, bullies), { type: "bully", target: 1 });
  // nothing armed, or the armed card not playable in this window: it waits
  assert.equal(paper.armedMove(null, st, [pass, ...bullies]), null);
  assert.equal(paper.armedMove("bully", st, [pass, ...tires]), null);
  assert.equal(paper.armedMove("flat_tire", st, [pass]), null);
  // "that player loses one Paper Token": a Bully waits for a leader with a token to lose ...
  assert.equal(paper.armedMove("bully", { tokens: [3, 0, 0, 0] }, bullies), null);
  // ... a Flat Tire (a lost turn) does not
  assert.deepEqual(paper.armedMove("flat_tire", { tokens: [0, 0, 0, 0] }, tires), { type: "flat_tire", target: 1 });
});

test("Cover Your Cookies: both Exchange cards are one kind of mixer; cards sort by the deck", () => {
  assert.equal(cover.mixerKind("exchange_left"), "exchange");
  assert.equal(cover.mixerKind("exchange_right"), "exchange");
  assert.equal(cover.mixerKind("swap"), "swap");
  const sorted = cover.sortCards(["exchange_right", "swap", "fresh_milk"]);
  assert.deepEqual(sorted, ["fresh_milk", "swap", "exchange_right"]);
});
