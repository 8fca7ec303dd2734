// When the page alerts a person: a decision of theirs that has just opened (a race says
// "race!"), never the one they were already asked, nobody else's, nor the end; the switch kept
// on the device; the title while the tab waits in the background.

import assert from "node:assert/strict";
import { test } from "node:test";

import { ALERTS_KEY, SOUNDS, alertFor, alertsOn, waitingTitle } from "../../src/gamenight/web/alerts.js";

const none = { key: null, mine: false };

test("a new decision of mine alerts once: a turn as turn, a race as race", () => {
  assert.equal(alertFor(none, { key: "1|single||0", mine: true, kind: "single" }), "turn");
  assert.equal(alertFor(none, { key: "1|race|milk|0", mine: true, kind: "race" }), "race");
  const asked = { key: "1|single||0", mine: true };
  assert.equal(alertFor(asked, { ...asked, kind: "single" }), null, "the same decision again");
  assert.equal(alertFor(asked, { key: "1|reaction|hazard|1", mine: true, kind: "reaction" }), "turn");
});

test("nobody else's decision, the chance node or the end does not alert", () => {
  assert.equal(alertFor(none, { key: "1|single||1", mine: false, kind: "single" }), null);
  assert.equal(alertFor(none, { key: "1|terminal||0", mine: true, kind: "terminal" }), null);
  assert.equal(alertFor({ key: "1|single||1", mine: false }, { key: "1|single||1", mine: true, kind: "single" }), "turn");
});

test("the switch is kept per device and is on unless turned off", () => {
  const store = (value) => ({ getItem: (key) => (key === ALERTS_KEY ? value : null) });
  assert.equal(alertsOn(store(null)), true);
  assert.equal(alertsOn(store("1")), true);
  assert.equal(alertsOn(store("0")), false);
});

test("the three alerts sound and vibrate differently, and the title says it first", () => {
  const patterns = Object.values(SOUNDS).map((s) => JSON.stringify(s));
  assert.equal(new Set(patterns).size, 3);
  assert.equal(waitingTitle("Toss Up! ABC123 · gamenight", "Your turn."), "● Your turn. · Toss Up! ABC123 · gamenight");
});
