// A table followed live: the seat's view polled with its ETag (a 304 costs the service almost
// nothing while nobody moves), the log read from where the page stopped, and actions sent so that
// a repeat is applied once (``action_id``) and a stale one is refused (``expected_version``).

import { act, gameLogFrom, viewIfChanged } from "/web/client.js";

/** How often a page polls its table while it is shown (ms), from one poll's start to the next:
 * a move is seen within about this (bench/idle_tables.py: a move seen at p99 in 0.91 s at this
 * rate; 1 s gave just over 1 s). */
export const POLL_MS = 900;

/** How often while the page is hidden (another browser tab in front): polled again at once when
 * it is shown. */
export const HIDDEN_POLL_MS = 5000;

/** After failures the poll waits longer, up to this (ms), and says the table is out of reach. */
const MOST_BACKOFF_MS = 8000;

/** A new idempotency key for one action (random, 128 bits as hex). ``crypto.getRandomValues``
 * works on plain http:// too, where ``crypto.randomUUID`` is not available. */
export function actionId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One seat's (or the public's) live table: {@link LiveTable#start} polls and calls ``onView(view,
 * records)`` whenever the view changed, with the log's records the page had not read yet. */
export class LiveTable {
  /** ``handle``: {id, token} (token null for a spectator); ``onView(view, newRecords)``,
   * ``onTrouble(error | null)`` (null: reachable again). */
  constructor(handle, { onView, onTrouble }) {
    Object.assign(this, { handle, onView, onTrouble, etag: null, view: null, read: 0, timer: null,
      failures: 0, running: false, busy: null, again: null, started: 0 });
    this.onVisible = () => { if (!document.hidden) this.refresh(); };
  }

  start() {
    this.running = true;
    document.addEventListener("visibilitychange", this.onVisible);
    return this.refresh();
  }

  stop() {
    this.running = false;
    clearTimeout(this.timer);
    document.removeEventListener("visibilitychange", this.onVisible);
  }

  /** Poll now, then keep the rhythm. One poll at a time: a call while one runs polls again
   * once it is done (what it asked may have changed meanwhile), and resolves after that. */
  refresh() {
    clearTimeout(this.timer);
    if (this.busy) {
      this.again = this.again || this.busy.then(() => { this.again = null; return this.refresh(); });
      return this.again;
    }
    this.busy = this.poll().finally(() => { this.busy = null; this.schedule(); });
    return this.busy;
  }

  schedule() {
    clearTimeout(this.timer);
    if (!this.running || (this.view && this.view.is_over)) return;
    const base = document.hidden ? HIDDEN_POLL_MS : POLL_MS;
    // a steady rhythm: the next poll starts ``base`` after this one started, not after it answered
    const delay = this.failures ? Math.min(MOST_BACKOFF_MS, base * 2 ** this.failures)
      : Math.max(0, base - (performance.now() - this.started));
    this.timer = setTimeout(() => this.refresh(), delay);
  }

  async poll() {
    this.started = performance.now();
    try {
      const answer = await viewIfChanged(this.handle, this.etag);
      if (this.failures) this.onTrouble(null);
      this.failures = 0;
      if (!answer.changed) return;
      const log = await gameLogFrom(this.handle.id, this.handle.token, this.read);
      this.read = log.total;
      this.etag = answer.etag;
      this.view = answer.view;
      this.onView(answer.view, log.log);
    } catch (error) {
      this.failures += 1;
      if (error.status === 403 || error.status === 404) this.running = false;  // no such seat or game
      this.onTrouble(error);
    }
  }

  /** Send ``body`` (an action request) for this seat, once even if the network makes the page
   * send it again; then show the table as it is now. Pinned (the default), it applies only to
   * the version shown: a stale action (another player moved first) throws its Problem after
   * the table is shown again. A move that others' moves cannot change (Ramchi's arranging,
   * made by everyone at once) is sent unpinned: the referee still checks it. */
  async send(body, { pinned = true } = {}) {
    const sent = { ...body, action_id: actionId() };
    if (this.view && pinned) sent.expected_version = this.view.version;
    try {
      await act(this.handle, sent);
    } finally {
      this.etag = null;  // the answer's view is compact: read the whole view again
      await this.refresh();
    }
  }
}
