// What a person is told when the server made a step for them because their time ran out (an
// update with `timed_out`, which only that person's own update carries): the others see the
// step as the game describes any other, so nobody learns that the seat could have answered.

/**
 * The words for a step made for you on time-out: "Time's up: you passed." for the pass the
 * server made in a reaction window (`by` is "system"), else "Time's up — chosen for you: …"
 * followed by the game's own words for the step (`lines`: the step's events in words).
 * @param {string | null} by who made the step ("system" or "stand-in")
 * @param {string[]} lines the step's events as the game describes them (empty: none in words)
 * @param {(key: string, params?: object) => string} t the page's words
 * @returns {string}
 */
export function timeUpWords(by, lines, t) {
  if (by === "system") return t("time_up_passed");
  const what = lines.filter(Boolean).join(" ");
  return what ? t("time_up_chosen", { what }) : t("time_up_chosen_plain");
}
