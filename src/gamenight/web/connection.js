// One WebSocket to a room that comes back by itself: after a drop it reconnects with growing
// pauses (0.5 s up to 8 s), at once when the browser comes back on line or the tab is shown
// again, and a silent connection (no answer to a ping within 8 s) is treated as dropped. The
// server sends the whole current view on every (re)connection, so nothing is lost.
//
// For latency-fair races it answers the server's clock probes at once with its own time, and
// stamps when each update arrived (performance.now(), the clock the probes are answered with):
// a grab says when the update it answers reached this device and when the person tapped.

const PING_EVERY = 15000;
const PING_WAIT = 8000;
const FATAL = new Set([4403, 4404]);
// How many updates' arrival times are kept (a grab names the version of the view it answers).
const SEEN_KEPT = 64;

export class Connection {
  /**
   * @param {string} url the room's WebSocket address
   * @param {{message: (m: any) => void, status: (status: string, info?: any) => void}} on
   */
  constructor(url, on) {
    this.url = url;
    this.on = on;
    this.ws = null;
    this.tries = 0;
    this.stopped = false;
    this.timer = null;
    this.pinger = null;
    this.waiting = null;
    this.everOpen = false;
    /** @type {Map<string, number>} when each "match|version" update first arrived here */
    this.seen = new Map();
    this.wake = () => {
      if (!this.stopped && (!this.ws || this.ws.readyState > 1)) this.connect();
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
  }

  connect() {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.on.status(this.everOpen ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.seen = new Map(); // a new connection: the server's send times start afresh too
    ws.onopen = () => {
      this.tries = 0;
      this.on.status(this.everOpen ? "reconnected" : "open");
      this.everOpen = true;
      this.startPings();
    };
    ws.onmessage = (event) => {
      const at = performance.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "pong") {
        clearTimeout(this.waiting);
        return;
      }
      if (message.type === "clock") {
        if (ws === this.ws) this.send({ type: "clock", server: message.server, device: at });
        return;
      }
      if (message.type === "update" && ws === this.ws) this.noteSeen(message, at);
      this.on.message(message);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.stopPings();
      if (this.stopped) return;
      if (FATAL.has(event.code)) {
        this.stopped = true;
        this.on.status("refused", { code: event.code, reason: event.reason });
        return;
      }
      this.retry();
    };
    ws.onerror = () => {}; // a close follows; the retry happens there
  }

  retry() {
    const pause = Math.min(8000, 500 * 2 ** this.tries);
    this.tries += 1;
    this.on.status("reconnecting", { in: pause });
    this.timer = setTimeout(() => this.connect(), pause);
  }

  startPings() {
    this.stopPings();
    this.pinger = setInterval(() => {
      if (!this.send({ type: "ping" })) return;
      clearTimeout(this.waiting);
      this.waiting = setTimeout(() => {
        // No answer: the connection is dead even if the browser has not noticed yet.
        if (this.ws) this.ws.close();
      }, PING_WAIT);
    }, PING_EVERY);
  }

  stopPings() {
    clearInterval(this.pinger);
    clearTimeout(this.waiting);
  }

  noteSeen(update, at) {
    const key = `${update.match_number}|${update.version}`;
    if (this.seen.has(key)) return;
    this.seen.set(key, at);
    if (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.keys().next().value);
  }

  /** When the update of this match and version first reached this device on this connection
   * (performance.now()), or undefined. */
  seenAt(matchNumber, version) {
    return this.seen.get(`${matchNumber}|${version}`);
  }

  /** Send a message; false when the connection is not open (the caller says so). */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Drop the connection as a network failure would (the tests use this); it comes back. */
  drop() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopPings();
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    if (this.ws) this.ws.close();
  }
}
