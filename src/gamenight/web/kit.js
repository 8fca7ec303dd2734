// Drawing helpers the game tables share: shapes that tell things apart without colour, cards,
// dice faces, seat labels and counters. Each table gets this module through its context, so a
// game folder never imports the shell by address.

import { h, s } from "./dom.js";

/** Shapes in a 20 x 20 box, each one recognisable at a glance and in black and white. */
const SHAPES = {
  circle: () => s("circle", { cx: 10, cy: 10, r: 8 }),
  square: () => s("rect", { x: 2.5, y: 2.5, width: 15, height: 15, rx: 1.5 }),
  triangle: () => s("path", { d: "M10 1.5 L19 18 H1 Z" }),
  diamond: () => s("path", { d: "M10 1 L19 10 L10 19 L1 10 Z" }),
  star: () => s("path", { d: "M10 1 L12.6 7.2 L19.3 7.6 L14.1 11.9 L15.8 18.5 L10 14.8 L4.2 18.5 L5.9 11.9 L0.7 7.6 L7.4 7.2 Z" }),
  hexagon: () => s("path", { d: "M5 1.5 H15 L19.5 10 L15 18.5 H5 L0.5 10 Z" }),
  heart: () => s("path", { d: "M10 18 C-3 9 3 -1 10 5 C17 -1 23 9 10 18 Z" }),
  drop: () => s("path", { d: "M10 1 C14 7 17 10.5 17 13 A7 7 0 0 1 3 13 C3 10.5 6 7 10 1 Z" }),
  cross: () => s("path", { d: "M7 1.5 H13 V7 H18.5 V13 H13 V18.5 H7 V13 H1.5 V7 H7 Z" }),
  moon: () => s("path", { d: "M13 1.5 A8.5 8.5 0 1 0 18.5 14 A7 7 0 1 1 13 1.5 Z" }),
  check: () => s("path", { d: "M2 10.5 L7.5 16 L18 4.5", fill: "none", "stroke-width": 3.2, stroke: "currentColor", "stroke-linecap": "round", "stroke-linejoin": "round" }),
  dash: () => s("path", { d: "M3 10 H17", fill: "none", "stroke-width": 3.4, stroke: "currentColor", "stroke-linecap": "round" }),
  x: () => s("path", { d: "M4 4 L16 16 M16 4 L4 16", fill: "none", "stroke-width": 3.2, stroke: "currentColor", "stroke-linecap": "round" }),
  ring: () => s("circle", { cx: 10, cy: 10, r: 6.5, fill: "none", stroke: "currentColor", "stroke-width": 3 }),
  bolt: () => s("path", { d: "M11.5 1 L3 11.5 H9 L7.5 19 L17 7.5 H11 Z" }),
  octagon: () => s("path", { d: "M6.5 1 H13.5 L19 6.5 V13.5 L13.5 19 H6.5 L1 13.5 V6.5 Z" }),
  left: () => s("path", { d: "M1 10 L9 2 V6.5 H19 V13.5 H9 V18 Z" }),
  right: () => s("path", { d: "M19 10 L11 2 V6.5 H1 V13.5 H11 V18 Z" }),
  swap: () => s("path", { d: "M1 6 L6 1.5 V4.5 H17 V7.5 H6 V10.5 Z M19 14 L14 9.5 V12.5 H3 V15.5 H14 V18.5 Z" }),
};

export const SHAPE_NAMES = Object.keys(SHAPES);

/**
 * An SVG shape (decorative: the label next to it says the same in words).
 * @param {string} name one of SHAPE_NAMES (another draws a circle)
 * @param {{size?: number, cls?: string}} [opts]
 */
export function shape(name, { size = 20, cls = "" } = {}) {
  const draw = SHAPES[name] || SHAPES.circle;
  return s("svg", { class: ["shape", cls], viewBox: "0 0 20 20", width: size, height: size, "aria-hidden": "true", focusable: "false" }, draw());
}

/**
 * A card face: its colour, its shape and its name in words.
 * opts: {label, colour, shapeName, sub, badge, shortcut, small, selected, disabled, onClick, key,
 * title, cls}
 * With onClick it is a button (keyboard: Tab and Enter or Space).
 * A badge on a card one cannot press is part of what it says (a count: "×3"); a `shortcut`, or
 * a badge on a card one presses, is the key that presses it ("1", "M"): a keyboard hint, which a
 * touch screen does not show (app.css).
 * @param {{label: string, colour?: string, ink?: string, shapeName?: string, sub?: any, badge?: string | null,
 *   shortcut?: string | null, small?: boolean, selected?: boolean, disabled?: boolean,
 *   onClick?: ((event: Event) => void) | null, key?: string, title?: string, cls?: any}} opts
 */
export function card(opts) {
  const shortcut = opts.shortcut || (opts.onClick ? opts.badge : null) || null;
  const badge = shortcut || opts.badge;
  const body = [
    h("span", { class: "card-mark" }, shape(opts.shapeName || "circle", { size: opts.small ? 16 : 26 })),
    h("span", { class: "card-name" }, opts.label),
    opts.sub !== undefined && opts.sub !== null ? h("span", { class: "card-sub" }, opts.sub) : null,
    badge ? h("span", { class: ["card-badge", shortcut && "card-key"] }, badge) : null,
  ];
  const attrs = {
    class: ["card", opts.small && "card-small", opts.selected && "selected", opts.cls],
    style: { "--card": opts.colour || "#ccc", "--ink": opts.ink || "#111" },
    title: opts.title || opts.label,
    key: opts.key,
  };
  if (opts.onClick) {
    return h("button", {
      ...attrs,
      type: "button",
      disabled: opts.disabled,
      "aria-pressed": opts.selected === undefined ? null : String(Boolean(opts.selected)),
      "aria-keyshortcuts": shortcut,
      on: { click: opts.onClick },
    }, body);
  }
  return h("div", { ...attrs, role: "img", "aria-label": opts.title || opts.label }, body);
}

/**
 * The back of a card (for a count of hidden cards).
 * @param {string} label
 * @param {{small?: boolean, text?: string}} [opts]
 */
export function cardBack(label, opts = {}) {
  return h("div", { class: ["card", "card-back", opts.small && "card-small"], title: label, "aria-label": label, role: "img" },
    h("span", { class: "card-name" }, opts.text ?? ""));
}

/**
 * A row of hidden cards shown as a small fan and a number: "5 cards".
 * @param {number} count
 * @param {string} label
 */
export function handCount(count, label) {
  const fan = h("span", { class: "fan", "aria-hidden": "true" },
    Array.from({ length: Math.min(count, 8) }, () => h("span", { class: "fan-card" })));
  return h("span", { class: "hand-count", title: label }, fan, h("span", { class: "hand-count-n" }, label));
}

/**
 * A die showing a face: colour, a shape and a word.
 * @param {{label: string, colour?: string, ink?: string, shapeName?: string | null, text?: string,
 *   size?: number, dim?: boolean, cls?: any}} opts
 */
export function die(opts) {
  return h("div", {
    class: ["die", opts.cls, opts.dim && "dim"],
    style: { "--die": opts.colour || "#eee", "--ink": opts.ink || "#111" },
    role: "img",
    "aria-label": opts.label,
    title: opts.label,
  }, opts.shapeName === null ? null : shape(opts.shapeName || "circle", { size: opts.size || 22 }),
  opts.text ? h("span", { class: ["die-text", opts.shapeName === null && "die-big"] }, opts.text) : null);
}

/** A big action button with its keyboard shortcut shown (with a keyboard only: app.css hides the
 * key on a touch screen; aria-keyshortcuts says it either way).
 * @param {string} label
 * @param {(event: Event) => void} onClick
 * @param {{primary?: boolean, danger?: boolean, cls?: any, disabled?: boolean, key?: string,
 *   title?: string, shortcut?: string | null}} [opts]
 */
export function actionButton(label, onClick, opts = {}) {
  return h("button", {
    type: "button",
    class: ["action", opts.primary && "primary", opts.danger && "danger", opts.cls],
    disabled: opts.disabled,
    key: opts.key || `act:${label}`,
    title: opts.title,
    "aria-keyshortcuts": opts.shortcut || null,
    on: { click: onClick },
  }, label, opts.shortcut ? h("kbd", {}, opts.shortcut) : null);
}

/**
 * A player's name with their seat colour.
 * @param {{me: number | null, name: (seat: number) => string}} ctx
 * @param {number} seat
 * @param {{cls?: any}} [opts]
 */
export function seatLabel(ctx, seat, opts = {}) {
  const me = ctx.me === seat;
  return h("span", { class: ["seat-label", me && "me", opts.cls], style: { "--seat": seatColour(seat) } },
    h("span", { class: "seat-dot", "aria-hidden": "true" }), ctx.name(seat));
}

const SEAT_COLOURS = ["#3366cc", "#dc7f00", "#2a9d5c", "#b0308e", "#0f8b8d", "#8a5a00", "#5b4fc4", "#c2364a"];

/** @param {number} seat */
export function seatColour(seat) {
  return SEAT_COLOURS[((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length];
}

/**
 * A small labelled number ("Tokens 3").
 * @param {string} label
 * @param {string | number} value
 * @param {{cls?: any, title?: string}} [opts]
 */
export function stat(label, value, opts = {}) {
  return h("span", { class: ["stat", opts.cls], title: opts.title || label },
    h("span", { class: "stat-label" }, label), h("span", { class: "stat-value" }, String(value)));
}

/** A section of the table with a heading; `public` sections are hidden on a phone that shows only
 * its player's hand (a table screen shows them instead).
 * @param {string | null} title
 * @param {any} children
 * @param {{public?: boolean, cls?: any}} [opts]
 */
export function section(title, children, opts = {}) {
  return h("section", { class: ["zone", opts.public && "public", opts.cls], "aria-label": title },
    title ? h("h2", { class: "zone-title" }, title) : null, children);
}

/**
 * Absent values come as null in newer views and as -1 in older ones: both mean "none".
 * @param {unknown} value
 * @returns {boolean}
 */
export function present(value) {
  return value !== null && value !== undefined && value !== -1;
}
