// The page's building blocks, shared by every tab: elements, labelled fields, the status line and
// problem box, lists of lineups and melds, and the widget that arranges cards into rounds.

import { cardButton, cardRow } from "/web/cards.js";
import { HAND_ORDERS, cardButtonName, cardName, percent, sortedHand } from "/web/format.js";

/** Create an element: el("p", {className: "x"}, "text", child, …). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let counter = 0;

/** A fresh element id starting with ``prefix`` ("cp-field-3"). */
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** A row with ``input`` and its label (and a hint the input is described by). */
export function field(labelText, input, hint) {
  input.id = input.id || uid("field");
  const row = el("div", { className: "row" }, el("label", { for: input.id }, labelText), input);
  if (hint) {
    const hintNode = el("span", { className: "busy", id: `${input.id}-hint` }, hint);
    input.setAttribute("aria-describedby", hintNode.id);
    row.append(hintNode);
  }
  return row;
}

/** A checkbox ``input`` with its label after it, kept on one line (a long label wraps beside it). */
export function checkRow(input, labelText) {
  input.id = input.id || uid("check");
  return el("div", { className: "row check" }, input, el("label", { for: input.id }, labelText));
}

/** A select of ``options`` ([value, text] pairs) with ``value`` chosen; ``props`` go to the select. */
export function select(options, value, props = {}) {
  const node = el("select", props);
  node.style.maxWidth = "100%";
  fillSelect(node, options, value);
  return node;
}

/** Replace the options of ``node`` ([value, text] pairs), keeping ``value`` chosen. */
export function fillSelect(node, options, value = node.value) {
  node.replaceChildren(...options.map(([key, text]) => el("option", { value: key }, text)));
  if (options.some(([key]) => key === value)) node.value = value;
}

const RULES = { ramchi: "Ramchi", continental: "Continental" };

/** The links to the rules pages of ``games`` ("ramchi", "continental"), in a paragraph of their
 * own under a tab's intro: rulesLinks("ramchi") → "The rules of Ramchi" (/rules/ramchi). */
export function rulesLinks(...games) {
  return el("p", { className: "rules-links" },
    games.map((game) => el("a", { href: `/rules/${game}` }, `The rules of ${RULES[game]}`)));
}

/** The hash that opens the Referee tab on game ``gameId`` ("#referee?game=…"): app.js reads it,
 * and the referee fills the id and judges the game's log. */
export function refereeHash(gameId) {
  return `#referee?${new URLSearchParams({ game: gameId })}`;
}

/** A game's id, and a button that opens it in the Referee tab:
 * "Game id: 3f2a… — open it in the Referee tab to judge or replay it." [Open in the Referee tab]. */
export function gameIdLine(gameId, props = {}) {
  const open = button("Open in the Referee tab", () => { location.hash = refereeHash(gameId); },
    { label: `Open in the Referee tab: game ${gameId}` });
  open.dataset.gameId = gameId;
  return el("div", { className: "row game-id", ...props },
    el("span", {}, "Game id: ", el("code", {}, gameId),
      " — open it in the Referee tab to judge or replay it."), open);
}

/** A button: ``text``, ``onClick``, and optionally primary, disabled or an accessible ``label``. */
export function button(text, onClick, { primary = false, disabled = false, label } = {}) {
  const node = el("button", { type: "button", className: primary ? "primary" : "", disabled }, text);
  if (label) node.setAttribute("aria-label", label);
  if (onClick) node.addEventListener("click", onClick);
  return node;
}

/** Where a JSON pointer points, in words: "/hand/16" → "hand, card 17", "/lineup/0" → "lineup,
 * combination 1", "/other_players/1/hand_size" → "other players, player 2, hand size". */
export function pointerWords(pointer) {
  const parts = String(pointer || "").split("/").filter(Boolean).map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const words = [];
  let owner = "";
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      const item = { hand: "card", cards: "card", discards: "card", up_card: "card", lineup: "combination",
        combinations: "combination", lineups: "lineup", other_players: "player", melds: "meld", table: "meld",
        log: "record", actions: "action" }[owner] || "item";
      words.push(`${item} ${Number(part) + 1}`);
    } else {
      owner = part;
      words.push(part.replace(/_/g, " "));
    }
  }
  return words.join(", ");
}

/** Show ``error`` in ``box`` (a role="alert" element): the problem's title, what was wrong (each
 * sentence once, never a pointer), the rule broken, and a Retry button when ``retry`` is given and
 * the service could not be reached. An error of the page itself shows no program text. */
export function showProblem(box, error, retry) {
  box.replaceChildren();
  if (!error) return;
  const problem = error.body && (error.body.title || error.body.detail) ? error.body : null;
  if (!problem) {
    box.append(el("strong", {}, "Something went wrong on this page"),
      el("p", {}, "Reload the page and try again."));
    return;
  }
  box.append(el("strong", {}, problem.title || "The service refused the request"));
  const said = [];
  if (problem.detail) {
    box.append(el("p", {}, problem.detail));
    said.push(problem.detail);
  }
  const items = [];
  for (const item of problem.errors || []) {
    const detail = item.detail || "";
    if (!detail || said.some((text) => text.includes(detail) || detail.includes(text))) continue;
    said.push(detail);
    const where = pointerWords(item.pointer);
    const last = where.split(", ").pop();
    items.push(el("li", {}, where && !detail.includes(last) ? `${where}: ${detail}` : detail));
  }
  if (items.length) box.append(el("ul", {}, items));
  if (problem.rule) box.append(el("p", {}, `Rule: ${problem.rule}`));
  if (retry && error.status === 0) {
    box.append(el("div", { className: "row" }, button("Retry", () => retry(), { primary: true })));
  }
}

/** A live status line (role="status") and an alert box for problems, appended to ``parent``;
 * ``fail(error, retry)`` shows the problem (with a Retry button when the service was unreachable). */
export function feedback(parent) {
  const status = el("p", { role: "status", className: "busy", "aria-live": "polite" });
  const alert = el("div", { role: "alert", className: "problem" });
  parent.append(status, alert);
  return {
    busy(text) { status.textContent = text; showProblem(alert, null); },
    done(text = "") { status.textContent = text; },
    fail(error, retry) { status.textContent = ""; showProblem(alert, error, retry); },
  };
}

/** Run ``work`` with ``panel`` marked busy (aria-busy); a thrown error goes to ``status.fail``. */
export async function guarded(panel, status, work) {
  panel.setAttribute("aria-busy", "true");
  try {
    return await work();
  } catch (error) {
    status.fail(error, () => guarded(panel, status, work));
    return undefined;
  } finally {
    panel.removeAttribute("aria-busy");
  }
}

/** A box that scrolls sideways when its content (a wide table) is wider than a phone. */
export function scrollBox(child) {
  const caption = child.querySelector && child.querySelector("caption");
  const box = el("div", { className: "table-scroll", tabIndex: 0, role: "region",
    "aria-label": caption ? caption.textContent : "Table" }, child);
  box.style.overflowX = "auto";
  box.style.maxWidth = "100%";
  return box;
}

/** A meld's cards as a framed row of card images. */
export function meldRow(codes, label) {
  const row = cardRow(codes, label);
  row.classList.add("meld");
  return row;
}

/** A lineup as an ordered list: per combination its round, name and cards. With ``pays`` each
 * round says what it pays; a combination's ``win_probability``, when given, is written too. */
export function lineupList(combinations, label, { pays = false, cardsLabel = label } = {}) {
  const list = el("ol", { className: "lineup", "aria-label": label });
  for (const combination of combinations) {
    const round = combination.round;
    const head = pays ? `Round ${round} (pays ${round} chip${round === 1 ? "" : "s"}): ` : `Round ${round}: `;
    const odds = combination.win_probability === null || combination.win_probability === undefined
      ? null : ` — wins its round ${percent(combination.win_probability)} of the time`;
    list.append(el("li", {},
      el("p", {}, head, el("strong", {}, combination.name), odds),
      cardRow(combination.cards, `${cardsLabel}, round ${round}: ${combination.name}`)));
  }
  return list;
}

// -- a deck of card buttons ------------------------------------------------------------------------

/** The button of ``all`` in the row above or below ``from`` (``direction`` -1 or 1) nearest it
 * across: rows are read from the layout, since a narrow grid starts each suit on a new row. */
function verticalNeighbour(all, from, direction) {
  const top = from.offsetTop;
  const rows = all.filter((node) => direction > 0 ? node.offsetTop > top : node.offsetTop < top);
  if (!rows.length) return null;
  const rowTop = direction > 0 ? Math.min(...rows.map((n) => n.offsetTop)) : Math.max(...rows.map((n) => n.offsetTop));
  const row = rows.filter((node) => node.offsetTop === rowTop);
  return row.reduce((best, node) => Math.abs(node.offsetLeft - from.offsetLeft)
    < Math.abs(best.offsetLeft - from.offsetLeft) ? node : best);
}

/** One tab stop for ``grid`` (its ``buttons``, a Map by code); arrows, Home and End move between its cards. */
function rovingGrid(grid, buttons) {
  grid.addEventListener("keydown", (event) => {
    const all = [...buttons.values()];
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const index = at + (event.key === "ArrowRight" ? 1 : -1);
      next = index >= 0 && index < all.length ? all[index] : null;
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      next = verticalNeighbour(all, all[at], event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Home") next = all[0];
    else if (event.key === "End") next = all[all.length - 1];
    if (!next) return;
    event.preventDefault();
    all[at].tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
  grid.addEventListener("focusin", (event) => {
    if (!buttons.has(event.target.dataset.card)) return;
    for (const node of buttons.values()) node.tabIndex = node === event.target ? 0 : -1;
  });
}

/** A grid of card buttons for ``codes`` (each toggles: ``onToggle(code, pressed, node)``) with one
 * tab stop (arrows, Home, End move between its cards); ``buttons`` (a Map) receives each button. */
export function deckGrid(codes, onToggle, { label = "Deck", hintId, buttons = new Map() } = {}) {
  const grid = el("div", { className: "deck-grid", role: "group", "aria-label": label });
  if (hintId) grid.setAttribute("aria-describedby", hintId);
  codes.forEach((code, index) => {
    const node = cardButton(code, onToggle);
    node.tabIndex = index === 0 ? 0 : -1;
    // A narrow grid starts each suit on a new row (app.css), so that no row mixes suits.
    if (index === 0 || code.slice(-1) !== codes[index - 1].slice(-1)) node.classList.add("suit-start");
    buttons.set(code, node);
    grid.append(node);
  });
  rovingGrid(grid, buttons);
  return grid;
}

// -- arranging cards into rounds -----------------------------------------------------------------

/** The shape of a Ramchi lineup: 17 cards, five rounds of three, for the tabs that deal without a
 * game (the advice and the trainer); in a game the seat view's legal ``arrange`` states it. */
export const RAMCHI_LINEUP = { handSize: 17, rounds: 5, size: 3 };

/** "Sort the cards": a toggle button per order of {@link HAND_ORDERS}, ``by`` pressed;
 * ``onChange(by)`` hears the order the player picks. */
export function handOrderControl(onChange, { by = "suit", label = "Sort the cards" } = {}) {
  const buttons = HAND_ORDERS.map(([key, text]) => el("button", { type: "button",
    "aria-pressed": String(key === by), dataset: { order: key } }, text));
  for (const node of buttons) {
    node.addEventListener("click", () => {
      for (const other of buttons) other.setAttribute("aria-pressed", String(other === node));
      onChange(node.dataset.order);
    });
  }
  return el("div", { className: "row hand-order", role: "group", "aria-label": label },
    el("span", { className: "busy" }, "Sort:"), ...buttons);
}

/** The slot-arranging widget: the hand as card buttons and ``rounds`` rounds of ``size`` cards.
 * A card clicked (Enter, Space) goes to the chosen round, or is dragged onto one; a card in a
 * round is clicked to take it back; the hand is shown sorted by suit or by rank, as the player
 * picks. Returns its three parts (``hand``, ``slots``, ``status``,
 * placed by the tab) and its controls: ``deal(codes)``, ``setHand(codes)``, ``lineup()``,
 * ``lock(on)``, ``rounds()``, ``setRounds(rounds)`` and ``note(cards, node)`` (what a round holding
 * exactly ``cards`` says instead of "2 of 3"). ``onChange(rounds)`` hears every change the player
 * makes. A drag that lands on no round is said in the status, never lost in silence. */
export function lineupBuilder({ rounds = RAMCHI_LINEUP.rounds, size = RAMCHI_LINEUP.size, statusId,
  hintId, onChange = null } = {}) {
  let hand = [];
  let slots = [];
  let active = 0;
  let locked = false;
  const notes = new Map();
  let order = "suit";
  const handGroup = el("div", { className: "cards", role: "group", "aria-label": "Your hand" });
  if (hintId) handGroup.setAttribute("aria-describedby", hintId);
  const handBox = el("div", { className: "hand-box" },
    handOrderControl((by) => { order = by; render(); }), handGroup);
  const slotList = el("ol", { className: "lineup", "aria-label": "Your lineup" });
  const status = el("p", { role: "status", "aria-live": "polite" });
  if (statusId) status.id = statusId;

  const placed = () => new Set(slots.flat());
  /** The note set for a round holding ``slot`` (a fresh copy of a node), or null. */
  const noted = (slot) => {
    const words = notes.get(slot.join(" "));
    return words instanceof Node ? words.cloneNode(true) : words || null;
  };

  function place(code, into = active) {
    if (locked || placed().has(code)) return;
    if (slots[into].length >= size) {
      render(`Round ${into + 1} already holds ${size} cards: clear it or pick another round.`);
      return;
    }
    slots[into].push(code);
    if (slots[into].length === size) {
      const next = slots.findIndex((slot, i) => i > into && slot.length < size);
      const free = slots.findIndex((slot) => slot.length < size);
      active = next >= 0 ? next : (free >= 0 ? free : into);
    }
    changed(`${cardName(code)} goes to round ${into + 1}.`);
  }

  /** Render after a change the player made, and tell ``onChange``. */
  function changed(message) {
    render(message);
    if (onChange) onChange(slots.map((slot) => [...slot]));
  }

  function takeBack(code, index) {
    slots[index] = slots[index].filter((c) => c !== code);
    active = index;
    changed(`${cardName(code)} taken back.`);
  }

  function handButton(code, used) {
    const node = cardButton(code, () => place(code));
    node.disabled = locked || used.has(code);
    node.draggable = !node.disabled;
    node.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", code));
    node.addEventListener("dragend", (event) => {
      if (event.dataTransfer.dropEffect === "none" && !placed().has(code)) {
        render(`${cardName(code)} was not placed: drop it on a round, or pick the round and click the card.`);
      }
    });
    return node;
  }

  function slotItem(slot, index) {
    const choose = el("button", { type: "button", "aria-pressed": String(index === active),
      dataset: { slot: String(index) }, className: index === active ? "primary" : "" },
    `Round ${index + 1}`);
    choose.addEventListener("click", () => { active = index; render(); });
    const cards = el("div", { className: "cards", role: "group", "aria-label": `Round ${index + 1} cards` });
    for (const code of slot) {
      const node = cardButton(code, () => takeBack(code, index));
      node.setAttribute("aria-label", `${cardButtonName(code)}, round ${index + 1}: take back`);
      node.disabled = locked;
      cards.append(node);
    }
    for (let i = slot.length; i < size; i += 1) cards.append(el("span", { className: "card meld", "aria-hidden": "true" }));
    const clear = button("Clear", () => { slots[index] = []; active = index; changed(""); },
      { disabled: locked || !slot.length, label: `Clear round ${index + 1}` });
    const item = el("li", { className: "row", dataset: { round: String(index + 1) } },
      choose, cards, clear, el("span", { className: "busy slot-note" },
        noted(slot) || `${slot.length} of ${size} cards`));
    item.addEventListener("dragover", (event) => { if (!locked) event.preventDefault(); });
    item.addEventListener("dragenter", () => { if (!locked) item.classList.add("drop-here"); });
    item.addEventListener("dragleave", (event) => {
      if (!item.contains(event.relatedTarget)) item.classList.remove("drop-here");
    });
    item.addEventListener("drop", (event) => {
      event.preventDefault();
      const code = event.dataTransfer.getData("text/plain");
      if (hand.includes(code)) place(code, index);
    });
    return item;
  }

  function render(message = "") {
    const used = placed();
    handGroup.replaceChildren(...sortedHand(hand, order).map((code) => handButton(code, used)));
    slotList.replaceChildren(...slots.map(slotItem));
    status.textContent = `${used.size} cards placed, ${hand.length - used.size} to discard; next card `
      + `goes to round ${active + 1}.${message ? ` ${message}` : ""}`;
  }

  return {
    hand: handBox,
    slots: slotList,
    status,
    /** A new hand: every round empty, round 1 chosen. */
    deal(codes, message = "") {
      hand = [...codes];
      slots = Array.from({ length: rounds }, () => []);
      active = 0;
      locked = false;
      notes.clear();
      render(message);
    },
    /** The same deal with other cards (an exchange): rounds keep the cards still held. */
    setHand(codes, message = "") {
      hand = [...codes];
      slots = slots.map((slot) => slot.filter((code) => hand.includes(code)));
      render(message);
    },
    /** The shape the rules ask for (a seat view's legal ``arrange``: ``choose.groups[0]``, its
     * ``most`` rounds of ``cards`` cards); a new shape empties the rounds. */
    setShape(group) {
      if (!group || (group.most === rounds && group.cards === size)) return;
      rounds = group.most;
      size = group.cards;
      slots = Array.from({ length: rounds }, () => []);
      active = 0;
      render();
    },
    /** The rounds that hold cards, round 1 first (what an ``arrange`` sends). */
    lineup() {
      return slots.filter((slot) => slot.length).map((slot) => [...slot]);
    },
    /** Every round as it is, empty ones too (copies). */
    rounds() {
      return slots.map((slot) => [...slot]);
    },
    /** Put these cards in the rounds (held cards only; a restored or advised lineup), as a change. */
    setRounds(filled, message = "") {
      const held = new Set(hand);
      slots = Array.from({ length: rounds }, (_, i) => (filled[i] || []).filter((code) => held.has(code)));
      const free = slots.findIndex((slot) => slot.length < size);
      active = free >= 0 ? free : 0;
      changed(message);
    },
    /** What a round holding exactly ``cards`` says (a text or node), updated in place. */
    note(cards, words) {
      const key = cards.join(" ");
      notes.set(key, words);
      slots.forEach((slot, index) => {
        const span = slotList.children[index] && slotList.children[index].querySelector(".slot-note");
        if (span && slot.join(" ") === key) span.replaceChildren(noted(slot));
      });
    },
    /** Freeze (or free) the cards, e.g. once the lineup is scored. */
    lock(on) {
      locked = on;
      render();
    },
  };
}
