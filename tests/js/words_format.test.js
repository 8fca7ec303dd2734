// The one formatter of a game's words in the browser (web/words.js): templates, plural and
// "you" forms, seats, nested messages and lists. tests/test_words.py holds it to the Python
// formatter's strings over every event of seeded games.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { countOf, render, select } from "../../src/gamenight/web/words.js";
import { ROOT } from "./helpers.js";

const CATALOGUE = {
  banked: { person: "who", you: "You banked {points}", other: "{who} banked {points}" },
  busted: { plural: "lost", one: "{who} lost 1 point", other: "{who} lost {lost} points" },
  count_red: { plural: "count", one: "1 red", other: "{count} red" },
  rolled: "{who} rolled {faces}",
  tie: { plural: "names", one: "{names} wins", other: "{names} share the win" },
};
const NAMES = ["Ann", "Bo", "Cy"];
const speaker = (you = null, catalogues = [CATALOGUE]) => ({ name: (seat) => NAMES[seat], you, catalogues });

test("a template is filled with numbers, strings and seat names", () => {
  assert.equal(render({ key: "banked", params: { who: { seat: 1 }, points: 12 } }, speaker()), "Bo banked 12");
});

test("the person form: the viewer's own seat is you, any other seat is named", () => {
  const said = { key: "banked", params: { who: { seat: 1 }, points: 3 } };
  assert.equal(render(said, speaker(1)), "You banked 3");
  assert.equal(render(said, speaker(0)), "Bo banked 3");
  assert.equal(render(said, speaker(null)), "Bo banked 3");
});

test("the plural form: one for exactly 1, other for 0 and more; a list counts its members", () => {
  const lost = (n) => render({ key: "busted", params: { who: { seat: 0 }, lost: n } }, speaker());
  assert.deepEqual([lost(0), lost(1), lost(2)], ["Ann lost 0 points", "Ann lost 1 point", "Ann lost 2 points"]);
  assert.equal(countOf({ seats: [0, 2] }), 2);
  assert.equal(render({ key: "tie", params: { names: { seats: [2] } } }, speaker()), "Cy wins");
  assert.equal(render({ key: "tie", params: { names: { seats: [0, 2] } } }, speaker()), "Ann, Cy share the win");
});

test("nested messages and lists are said in the same catalogue", () => {
  const faces = { list: [{ key: "count_red", params: { count: 1 } }, { key: "count_red", params: { count: 3 } }] };
  assert.equal(render({ key: "rolled", params: { who: { seat: 2 }, faces } }, speaker()), "Cy rolled 1 red, 3 red");
});

test("a key this language lacks comes from the next catalogue; a key none has is an error", () => {
  const es = { banked: { person: "who", you: "Te plantas con {points}", other: "{who} se planta con {points}" } };
  const both = speaker(null, [es, CATALOGUE]);
  assert.equal(render({ key: "banked", params: { who: { seat: 0 }, points: 4 } }, both), "Ann se planta con 4");
  assert.equal(render({ key: "rolled", params: { who: { seat: 0 }, faces: "-" } }, both), "Ann rolled -");
  assert.throws(() => render({ key: "nothing", params: {} }, both), /no words for "nothing"/);
});

test("a placeholder with no parameter stays as it is; a form without plural or person is refused", () => {
  assert.equal(render({ key: "rolled", params: { who: { seat: 0 } } }, speaker()), "Ann rolled {faces}");
  assert.throws(() => select(/** @type {any} */ ({ one: "x" }), {}, null), /plural.*person/);
  assert.throws(() => render({ key: "rolled", params: { who: true, faces: 1 } }, speaker()), /never true or false/);
});

test("every game's catalogues are JSON objects whose messages are templates or forms", () => {
  for (const game of ["toss_up", "paper_toss", "toss_your_cookies"]) {
    for (const lang of ["en", "es"]) {
      const words = JSON.parse(readFileSync(`${ROOT}src/gamenight/games/${game}/words/${lang}.json`, "utf8"));
      assert.ok(Object.keys(words).length > 5, `${game} ${lang}`);
    }
  }
});
