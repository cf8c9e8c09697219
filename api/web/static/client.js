// The one module that knows the service's API: its paths, methods and bearer tokens. Every other
// module calls the named functions below; a problem answer (RFC 9457) throws a Problem.

export class Problem extends Error {
  constructor(status, body) {
    super(body && body.detail ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// -- reaching the service ------------------------------------------------------------------------

/** How long to wait before each new attempt when the service gives no answer (ms); then give up. */
const RETRY_DELAYS = [1000, 2000, 4000, 8000, 15000];

const listeners = new Set();
let retryNow = null;  // ends the current wait at once ("Retry now")

/** Call ``listener({reachable, retryingIn})`` whenever the service stops or starts answering:
 * ``reachable`` false with ``retryingIn`` (ms) while the page waits to try again, false with
 * ``retryingIn`` null once it gave up, true when it answers again. */
export function onConnection(listener) {
  listeners.add(listener);
}

/** Try again now instead of waiting for the next attempt. */
export function retryConnection() {
  if (retryNow) retryNow();
}

function tell(state) {
  for (const listener of listeners) listener(state);
}

function pause(ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); retryNow = null; resolve(); }
    retryNow = done;
  });
}

/** ``fetch``, tried again (RETRY_DELAYS) while the service gives no answer at all. A request that
 * changes a game carries ``expected_version``, so a repeat of one that did arrive is refused. */
async function fetchRetrying(path, init) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(path, init);
      if (attempt) tell({ reachable: true, retryingIn: null });
      return response;
    } catch {
      if (attempt >= RETRY_DELAYS.length) {
        tell({ reachable: false, retryingIn: null });
        throw new Problem(0, { title: "Can't reach the service",
          detail: "The service did not answer. Check that it is running and that you are online, then press Retry." });
      }
      tell({ reachable: false, retryingIn: RETRY_DELAYS[attempt] });
      await pause(RETRY_DELAYS[attempt]);
    }
  }
}

/** JSON text to send exactly as it was received or typed (a log): JavaScript reads whole numbers
 * beyond 2**53 inexactly, so a log read and written again could change its seed, and with it the
 * deck; a {@link RawJson} body is posted as its ``text``, never re-written. */
export class RawJson {
  constructor(text) {
    this.text = String(text);
  }
}

/** GET (no body) or POST (a body) ``path``; the answer's text and its JSON, or a thrown Problem. */
async function requestText(path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetchRetrying(path, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : (body instanceof RawJson ? body.text : JSON.stringify(body)),
  });
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!response.ok) throw new Problem(response.status, data);
  return { text, data };
}

/** GET (no body) or POST (a body) ``path``; the JSON answer, or a thrown Problem. */
async function request(path, body, token) {
  return (await requestText(path, body, token)).data;
}

const GAMES = "/v1/games";

// -- games (both games share these routes) --------------------------------------------------------

/** Create a game; the answer holds its ``id`` and every seat's ``token``. */
export function createGame(settings) {
  return request(GAMES, settings);
}

/** A seat's handle on a created game: what {@link seatView} and {@link act} take. */
export function seatOf(created, seat) {
  return { id: created.id, token: created.seats[seat].token };
}

/** The game as the seat of ``handle`` ({id, token}) sees it, with its legal actions. */
export function seatView(handle) {
  return request(`${GAMES}/${encodeURIComponent(handle.id)}`, undefined, handle.token);
}

/** The advice for the seat of ``handle`` now, from exactly what it knows: {game, seat, version,
 * request, advice} (``advice`` is the game's advice answer; Continental's by expected points). */
export function seatAdvice(handle) {
  return request(`${GAMES}/${encodeURIComponent(handle.id)}/advice`, undefined, handle.token);
}

/** Send one action (a request body, e.g. {type: "draw", source: "stock"}) for the seat. */
export function act(handle, action) {
  return request(`${GAMES}/${encodeURIComponent(handle.id)}/actions`, action, handle.token);
}

/** The view of ``handle`` ({id, token}; no token: the public view) if it changed since the view
 * whose ``ETag`` is ``etag``: ``{changed: false, etag}`` when the service answers 304 (nothing
 * moved), else ``{changed: true, etag, view}``. One request, never retried: a poll that fails is
 * simply made again at the next tick (a thrown Problem says why it failed). */
export async function viewIfChanged(handle, etag) {
  const headers = { Accept: "application/json" };
  if (handle.token) headers.Authorization = `Bearer ${handle.token}`;
  if (etag) headers["If-None-Match"] = etag;
  let response;
  try {
    response = await fetch(`${GAMES}/${encodeURIComponent(handle.id)}`, { headers, cache: "no-store" });
  } catch {
    throw new Problem(0, { title: "Can't reach the service", detail: "The service did not answer." });
  }
  if (response.status === 304) return { changed: false, etag };
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!response.ok) throw new Problem(response.status, data);
  return { changed: true, etag: response.headers.get("ETag"), view: data };
}

/** The records of game ``id``'s log from index ``from`` on, as the seat of ``token`` (or the
 * public) may read them: ``{version, complete, total, log}`` (``total``: records in the log). */
export function gameLogFrom(id, token, from) {
  return request(`${GAMES}/${encodeURIComponent(id)}/log?from=${encodeURIComponent(String(from))}`, undefined, token);
}

/** Every ruleset the service knows: [{name, game, title, description, options}]. */
export async function rulesets() {
  return (await request("/v1/rulesets")).rulesets;
}

/** A ruleset's description and options ({name, game, title, description, options}). */
export function ruleset(name) {
  return request(`/v1/rulesets/${encodeURIComponent(name)}`);
}

// -- Ramchi ---------------------------------------------------------------------------------------

/** The advised lineup of 17 cards. */
export function ramchiAdvice(body) {
  return request("/v1/ramchi/advice", body);
}

/** A lineup scored against the advice on the same sampled deals: chips lost and a verdict. */
export function trainerScore(body) {
  return request("/v1/ramchi/trainer/score", body);
}

/** The trainer's rounds as they are filled: each round's combination in the rules' words, the
 * playing order, and a four of a kind that stops the hand being played. */
export function trainerCheck(body) {
  return request("/v1/ramchi/trainer/check", body);
}

/** The best lineup once the others' lineups are known. */
export function ramchiHindsight(body) {
  return request("/v1/ramchi/hindsight", body);
}

// -- Continental ----------------------------------------------------------------------------------

/** The advice for one hand; its ``action`` and ``buy_action`` are request bodies for {@link act}. */
export function continentalAdvice(body) {
  return request("/v1/continental/advice", body);
}

let contracts = null;

/** The contract of every hand, hand 1 first ({hand, trios, runs, name}); asked once per page. */
export function continentalContracts() {
  if (!contracts) {
    contracts = request("/v1/continental/contracts").then((answer) => answer.contracts);
    contracts.catch(() => { contracts = null; });  // a failure is not kept: the next call asks again
  }
  return contracts;
}

// -- the referee desk (both games) ----------------------------------------------------------------

/** The log of game ``id`` (finished hands in full): what {@link dispute} and {@link replay} take;
 * with a seat's ``token`` the running hand as that seat sees it. */
export function gameLog(id, token) {
  return request(`${GAMES}/${encodeURIComponent(id)}/log`, undefined, token);
}

/** {@link gameLog} as the service wrote it: ``{text, data}``; post ``new RawJson(text)`` to
 * {@link dispute} or {@link replay} to send the log unchanged (its seed exact). */
export function gameLogText(id, token) {
  return requestText(`${GAMES}/${encodeURIComponent(id)}/log`, undefined, token);
}

/** The verdict on a posted log ({game, config, log}, or a {@link gameLog} answer as it is; a
 * {@link RawJson} is sent as its text). */
export function dispute(body) {
  return request("/v1/disputes", body);
}

/** The posted log step by step: each record in words and the table after it, with the verdict;
 * one page of ``limit`` steps from step ``from`` (the answer's ``next_from`` is the next page's). */
export function replay(body, { from = 0, limit } = {}) {
  const query = new URLSearchParams({ from: String(from) });
  if (limit) query.set("limit", String(limit));
  return request(`/v1/replays?${query}`, body);
}

/** A Ramchi hand played at a real table: three lineups and the dealer → the rounds and chips. */
export function ramchiScore(body) {
  return request("/v1/ramchi/score", body);
}

/** A Continental hand played at a real table: the cards left per seat → the scores. */
export function continentalScore(body) {
  return request("/v1/continental/score", body);
}

/** Whether one Continental play is legal on a given table, and the melds it leaves. */
export function continentalCheck(body) {
  return request("/v1/continental/check", body);
}
