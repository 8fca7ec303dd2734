// A game's words as data: the server sends each event with its words (a key of the game's
// catalogue, words/<lang>.json, and parameters), and this fills the key's message in the page's
// language. The terminal fills the same catalogues with engine/words.py; tests/test_words.py
// holds the two to the same strings. The format is in docs/words.md:
//
//   "{who} banked {points}"                                   a template
//   {"plural": "lost", "one": "...", "other": "..."}          by a count: one when it is 1
//   {"person": "who", "you": "...", "other": "..."}           you when that seat is the viewer
//
// A parameter is a number or a string, {seat: 2}, {seats: [0, 2]}, {key, params} (another
// message of the catalogue) or {list: [...]}.

/**
 * A message of a catalogue: a template, or a choice of forms.
 * @typedef {string | {plural?: string, person?: string, one?: Message, other?: Message, you?: Message}} Message
 */

/**
 * A key of a game's catalogue and its parameters (engine.words.Words).
 * @typedef {{key: string, params?: Record<string, any>}} Words
 */

/**
 * How a screen fills words: each seat's name, the seat addressed as "you" (null: nobody), and
 * the catalogues (the page's language first, then English).
 * @typedef {object} Speaker
 * @property {(seat: number) => string} name
 * @property {number | null} [you]
 * @property {Record<string, Message>[]} catalogues
 */

/** A placeholder in a template (engine/words.py reads the same pattern). */
const PLACEHOLDER = /\{(\w+)\}/g;

/** The number a plural form is chosen by: a number, or how many seats or items.
 * @param {any} value */
export function countOf(value) {
  if (value && typeof value === "object") {
    if (Array.isArray(value.seats)) return value.seats.length;
    if (Array.isArray(value.list)) return value.list.length;
  }
  return Number(value);
}

/**
 * The template of `message` for these parameters: plural and person forms chosen.
 * @param {Message} message
 * @param {Record<string, any>} params
 * @param {number | null | undefined} you
 * @returns {string}
 */
export function select(message, params, you) {
  while (message && typeof message === "object") {
    if (message.plural !== undefined) {
      message = countOf(params[message.plural]) === 1 ? message.one : message.other;
    } else if (message.person !== undefined) {
      const named = params[message.person];
      const mine = you !== null && you !== undefined && named && named.seat === you;
      message = mine ? message.you : message.other;
    } else {
      throw new Error(`a message form needs "plural" or "person": ${Object.keys(message).sort()}`);
    }
  }
  if (typeof message !== "string") throw new Error(`a message is a string or a form, not ${typeof message}`);
  return message;
}

/**
 * The message of `key` in the first catalogue that has it.
 * @param {string} key
 * @param {Speaker} speaker
 */
function messageOf(key, speaker) {
  for (const catalogue of speaker.catalogues) {
    if (catalogue && Object.prototype.hasOwnProperty.call(catalogue, key)) return catalogue[key];
  }
  throw new Error(`no words for "${key}"`);
}

/**
 * One parameter in words.
 * @param {any} value
 * @param {Speaker} speaker
 * @returns {string}
 */
function valueOf(value, speaker) {
  if (value && typeof value === "object") {
    if (value.seat !== undefined) return speaker.name(value.seat);
    if (Array.isArray(value.seats)) return value.seats.map((seat) => speaker.name(seat)).join(", ");
    if (value.key !== undefined) return fill(value.key, value.params || {}, speaker);
    if (Array.isArray(value.list)) return value.list.map((item) => valueOf(item, speaker)).join(", ");
    throw new Error(`an unknown kind of parameter: ${Object.keys(value).sort()}`);
  }
  if (typeof value === "boolean") throw new Error("a parameter is never true or false: choose a message instead");
  return String(value);
}

/**
 * The message `key` with its placeholders filled from `params` (one not given is left as it is).
 * @param {string} key
 * @param {Record<string, any>} params
 * @param {Speaker} speaker
 * @returns {string}
 */
export function fill(key, params, speaker) {
  const template = select(messageOf(key, speaker), params, speaker.you);
  return template.replace(PLACEHOLDER, (whole, name) =>
    params[name] !== undefined && params[name] !== null ? valueOf(params[name], speaker) : whole,
  );
}

/**
 * `words` in words.
 * @param {Words} words
 * @param {Speaker} speaker
 */
export function render(words, speaker) {
  return fill(words.key, words.params || {}, speaker);
}
