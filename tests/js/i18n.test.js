// The shell's words machinery: filling a template and choosing a plural.

import assert from "node:assert/strict";
import { test } from "node:test";

import { format, lookup } from "../../src/gamenight/web/i18n.js";
import { present } from "../../src/gamenight/web/kit.js";

test("format fills each placeholder given and leaves the others", () => {
  assert.equal(format("{name} banks {points}", { name: "Ann", points: 12 }), "Ann banks 12");
  assert.equal(format("{name} banks {points}", { name: "Ann" }), "Ann banks {points}");
  assert.equal(format("{name} and {name}", { name: "Bo" }), "Bo and Bo");
  assert.equal(format("zero is {n}", { n: 0 }), "zero is 0");
  assert.equal(format("null is {n}", { n: null }), "null is {n}");
  assert.equal(format("no params {x}", undefined), "no params {x}");
});

test("a name with braces or markup goes in as it is written", () => {
  assert.equal(format("{name} wins", { name: "{name}<b>" }), "{name}<b> wins");
});

test("lookup picks the plural by count and falls back along the tables", () => {
  const es = { dice_one: "un dado", dice_other: "{count} dados", only_es: "sí" };
  const en = { dice_one: "a die", dice_other: "{count} dice", only_en: "yes" };
  assert.equal(lookup("dice", 1, [es, en]), "un dado");
  assert.equal(lookup("dice", 3, [es, en]), "{count} dados");
  assert.equal(lookup("dice", 0, [es, en]), "{count} dados");
  assert.equal(lookup("only_en", undefined, [es, en]), "yes");
  assert.equal(lookup("only_es", 2, [null, es, en]), "sí");
  assert.equal(lookup("nowhere", undefined, [es, en]), undefined);
});

test("present: absent values are null, undefined or the older -1", () => {
  assert.deepEqual([0, 1, 2].map(present), [true, true, true]);
  assert.deepEqual([null, undefined, -1].map(present), [false, false, false]);
});
