// Small DOM helpers: build elements from plain values, and redraw a region without losing the
// keyboard focus. Every text goes in as text (never as HTML), so a name cannot inject markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "on") {
      for (const [kind, fn] of Object.entries(value)) el.addEventListener(kind, fn);
    } else if (name === "class") {
      el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (name === "key") {
      el.dataset.key = value;
    } else if (name === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else if (name === "text") {
      el.textContent = value;
    } else if (value === true) {
      el.setAttribute(name, "");
    } else {
      el.setAttribute(name, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "big", on: {click}}, "Roll"). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element (same arguments as h). */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** How to find the focused element again in a region drawn anew: its data-key, else its id,
 * else (a radio button) its group and value. */
function focusSelector(el) {
  if (el.dataset.key !== undefined) return `[data-key="${CSS.escape(el.dataset.key)}"]`;
  if (el.id) return `#${CSS.escape(el.id)}`;
  if (el instanceof HTMLInputElement && el.type === "radio" && el.name) {
    return `input[name="${CSS.escape(el.name)}"][value="${CSS.escape(el.value)}"]`;
  }
  return undefined;
}

const FOCUSABLE = "button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex]";

/** Replace the children of root, keeping the focus on the same element (same data-key, id, or
 * radio button). When that element comes back disabled ("Fill the open seats with bots", once
 * they are full), the focus goes on to the next control that can take it ("Start the game"). */
export function redraw(root, ...nodes) {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const selector = active && active !== root && root.contains(active) ? focusSelector(active) : undefined;
  root.replaceChildren(...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false));
  if (selector === undefined) return;
  const again = /** @type {HTMLElement | null} */ (root.querySelector(selector));
  if (!again) return;
  if (!(/** @type {HTMLButtonElement} */ (again)).disabled) {
    again.focus({ preventScroll: true });
    return;
  }
  const all = [...root.querySelectorAll(FOCUSABLE)];
  const next = all.slice(all.indexOf(again) + 1).find((el) => !(/** @type {HTMLButtonElement} */ (el)).disabled && /** @type {HTMLElement} */ (el).getClientRects().length);
  if (next) /** @type {HTMLElement} */ (next).focus({ preventScroll: true });
}

/** The element of id, or an error naming it (a missing element is a bug in the page). */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no element #${id}`);
  return el;
}
