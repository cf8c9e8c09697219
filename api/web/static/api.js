// Talking to the service's JSON API; problems (RFC 9457) become readable messages.

export class Problem extends Error {
  constructor(status, body) {
    super(body && body.detail ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

/** POST (or GET without a body) ``path`` and return the JSON answer; a problem throws Problem. */
export async function call(path, body, { token, method } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method: method || (body === undefined ? "GET" : "POST"),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!response.ok) throw new Problem(response.status, data);
  return data;
}

/** Show ``error`` in ``box`` (a role="alert" element): the problem's title, detail and rule. */
export function showProblem(box, error) {
  box.replaceChildren();
  if (!error) return;
  const body = error instanceof Problem ? error.body : { detail: String(error) };
  const title = document.createElement("strong");
  title.textContent = body.title || "Something went wrong";
  const detail = document.createElement("p");
  detail.textContent = body.detail || String(error);
  box.append(title, detail);
  if (body.rule) {
    const rule = document.createElement("p");
    rule.textContent = `Rule: ${body.rule}`;
    box.append(rule);
  }
  for (const item of body.errors || []) {
    const line = document.createElement("p");
    line.textContent = `${item.pointer}: ${item.detail}`;
    box.append(line);
  }
}

/** Create an element: el("p", {className: "x"}, "text", child, …). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A live status line (role="status") and an alert box for problems, appended to ``parent``. */
export function feedback(parent) {
  const status = el("p", { role: "status", className: "busy", "aria-live": "polite" });
  const alert = el("div", { role: "alert", className: "problem" });
  parent.append(status, alert);
  return {
    busy(text) { status.textContent = text; showProblem(alert, null); },
    done(text = "") { status.textContent = text; },
    fail(error) { status.textContent = ""; showProblem(alert, error); },
  };
}
