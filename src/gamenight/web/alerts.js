// Telling a person it is their move when they are not looking: a sound and a vibration (for a
// phone lying face down) for "your turn", "race!" and "too slow", with a switch kept on this
// device, and the page's title and icon marked while the tab is in the background.

/** @typedef {"turn" | "race" | "slow"} AlertKind */

/** Where this device keeps the switch ("1": on; the default is on). */
export const ALERTS_KEY = "gamenight:alerts";

/** Each alert's notes (Hz, ms) and vibration pattern (ms): a rising pair for your turn, a
 * quick triple for a race, a falling pair for too slow. */
export const SOUNDS = {
  turn: { notes: [[660, 120], [880, 160]], vibrate: [120, 80, 120] },
  race: { notes: [[990, 80], [990, 80], [990, 80]], vibrate: [60, 40, 60, 40, 60] },
  slow: { notes: [[440, 160], [330, 220]], vibrate: [300] },
};

/** Which alert a new update calls for: ``race`` or ``turn`` when a decision of mine has just
 * opened (not the one I was already asked), else null.
 * @param {{ key: string | null, mine: boolean }} before the decision shown until now
 * @param {{ key: string | null, mine: boolean, kind: string }} now the decision of the update
 * @returns {AlertKind | null} */
export function alertFor(before, now) {
  if (!now.mine || (before.key === now.key && before.mine)) return null;
  return now.kind === "race" ? "race" : now.kind === "chance" || now.kind === "terminal" ? null : "turn";
}

/** The page's title while it waits for me in a background tab: "● Your turn · <title>".
 * @param {string} base the title otherwise @param {string} waiting the words for it */
export function waitingTitle(base, waiting) {
  return `● ${waiting} · ${base}`;
}

/** Whether alerts are on for this device.
 * @param {Pick<Storage, "getItem">} store */
export function alertsOn(store) {
  return store.getItem(ALERTS_KEY) !== "0";
}

/** Play an alert's notes and vibration (when the device can, and once the person has touched
 * the page: browsers allow neither before, and say so in the console).
 * @param {AlertKind} kind */
export function playAlert(kind) {
  const sound = SOUNDS[kind];
  const touched = navigator.userActivation ? navigator.userActivation.hasBeenActive : true;
  if (!touched) return;
  if (navigator.vibrate) navigator.vibrate(sound.vibrate);
  const Context = window.AudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    let at = audio.currentTime + 0.02;
    for (const [hz, ms] of sound.notes) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.18, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + ms / 1000);
      at += ms / 1000 + 0.04;
    }
    setTimeout(() => audio.close(), (at - audio.currentTime) * 1000 + 200);
  } catch {
    // no sound on this device: the vibration and the title still tell
  }
}

/** Mark the tab's icon while it waits for me (or give it back: ``on`` false): the brand's
 * square with a bright dot, drawn as an SVG.
 * @param {boolean} on */
export function markIcon(on) {
  const link = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  if (!link) return;
  if (!link.dataset.plain) link.dataset.plain = link.href;
  link.href = on
    ? `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#7a3b12"/><circle cx="16" cy="16" r="9" fill="#ffb347"/></svg>')}`
    : link.dataset.plain;
}
