// What a person is told when the server made a step for them on time-out: "Time's up: you
// passed." or "Time's up — chosen for you: …" in the page's language, and only from an update
// that says so (`timed_out`, which the server puts in that person's own update only).

import assert from "node:assert/strict";
import { test } from "node:test";

import { timeUpWords } from "../../src/gamenight/web/time_up.js";
import { render } from "../../src/gamenight/web/words.js";
import { context, source, wordsOf } from "./helpers.js";

// A bank as the server words it (games/toss_up/wording.py)
const BANKED = { key: "banked", params: { who: { seat: 0 }, points: 15, total: 40 } };

test("a pass made on time-out says so, in English and Spanish", async () => {
  const en = await context("paper-toss", "en");
  const es = await context("paper-toss", "es");
  assert.equal(timeUpWords("system", [], en.t), "Time's up: you passed.");
  assert.equal(timeUpWords("system", [], es.t), "Se acabó el tiempo: pasaste.");
});

test("a move chosen on time-out is named with the game's own words, in English and Spanish", async () => {
  for (const [lang, start] of [["en", "Time's up — chosen for you: "], ["es", "Se acabó el tiempo — se eligió por ti: "]]) {
    const ctx = await context("toss-up", lang);
    const line = render(BANKED, { name: ctx.name, you: null, catalogues: [wordsOf("toss-up", lang)] });
    assert.ok(line && line.includes("15"), line);
    assert.equal(timeUpWords("stand-in", [line, null], ctx.t), start + line);
  }
  const en = await context("toss-up", "en");
  assert.equal(timeUpWords("stand-in", [], en.t), "Time's up — a move was chosen for you.");
});

test("the room says it only for an update marked timed_out, in the log and as a toast", () => {
  const room = source("src/gamenight/web/room.js");
  const words = source("src/gamenight/web/room_words.js");
  assert.match(room, /if \(m\.timed_out && m\.reason === "step"\)/);
  assert.match(words, /timeUpWords\(timeUp\.by, lines, t\)/);
  for (const text of [room, words]) {
    assert.doesNotMatch(text, /by === "system"/, "nobody else's system pass is worded as such");
  }
});
