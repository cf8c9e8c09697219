// Continental advice: a hand, the hand number and what is known of the table →
// POST /v1/continental/advice → the drop, lay-offs, discard, the discard ranking, take and buy.

import { call, el, feedback } from "/web/api.js";
import { cardName, cardRow, cardSvg, cardText, deckCodes, parseCode } from "/web/cards.js";

/** The contract of each hand (1–7), as the service names it. */
export const CONTRACTS = {
  1: "2 trios", 2: "1 trio + 1 run", 3: "2 runs", 4: "3 trios", 5: "2 trios + 1 run",
  6: "1 trio + 2 runs", 7: "3 runs",
};

let counter = 0;
function uid(name) { counter += 1; return `ca-${name}-${counter}`; }

/** Split typed text into card codes ("7c 7d, Jk" → ["7c", "7d", "Jk"]). */
export function splitCodes(text) {
  return String(text || "").split(/[\s,;]+/).map((part) => part.trim()).filter(Boolean);
}

/** A code without its copy number: the advice API takes none ("7c#2" → "7c"). */
export function bare(code) { return String(code).replace(/#\d+$/, ""); }

function labelled(labelText, input, hint) {
  const id = input.id || uid("field");
  input.id = id;
  const label = el("label", { for: id }, labelText);
  const wrap = el("div", { className: "row" }, label, input);
  if (hint) {
    const hintNode = el("span", { className: "busy", id: `${id}-hint` }, hint);
    input.setAttribute("aria-describedby", hintNode.id);
    wrap.append(hintNode);
  }
  return wrap;
}

/** A box that scrolls sideways when its content (a wide table) is wider than a phone. */
export function scrollBox(child) {
  const box = el("div", { className: "table-scroll", tabIndex: 0, role: "region",
    "aria-label": child.querySelector && child.querySelector("caption")
      ? child.querySelector("caption").textContent : "Table" }, child);
  box.style.overflowX = "auto";
  box.style.maxWidth = "100%";
  return box;
}

function meldGroup(codes, label) {
  const group = cardRow(codes, label);
  group.classList.add("meld");
  return group;
}

/** Render one advice answer into a fresh element (used by the play tab as well). */
export function renderAdvice(advice, { compact = false } = {}) {
  const out = el("div", { className: "advice" });
  const contract = advice.contract || {};
  out.append(el("h3", {}, `Advice: hand ${contract.hand ?? ""} (${contract.name || ""}), `
    + `${advice.drawn ? "after the draw" : "before the draw"}`));
  if (advice.explanation) out.append(el("p", { className: "explanation" }, advice.explanation));

  if (advice.drop && advice.drop.length) {
    out.append(el("h4", {}, "Drop these melds"));
    const list = el("ul", { className: "drop-list", "aria-label": "Melds to drop" });
    for (const meld of advice.drop) {
      list.append(el("li", { className: "row" }, meldGroup(meld.cards, `${meld.kind}: ${meld.text}`),
        el("span", {}, `${meld.kind}: ${meld.text}`)));
    }
    out.append(list);
  } else if (advice.drawn && !advice.dropped) {
    out.append(el("p", {}, "No drop this turn: the contract cannot go down yet."));
  }

  if (advice.lay_offs && advice.lay_offs.length) {
    out.append(el("h4", {}, "Lay off"));
    const list = el("ul", { className: "lay-offs" });
    for (const lay of advice.lay_offs) {
      const where = lay.target === "drop" ? `your new meld ${lay.meld + 1}` : `table meld ${lay.meld + 1}`;
      const result = lay.result && lay.result.text ? ` → ${lay.result.text}` : "";
      const end = lay.end ? ` (${lay.end} end)` : "";
      list.append(el("li", {}, `${cardText(lay.card)} on ${where}${end}${result}`));
    }
    out.append(list);
  }

  const facts = el("dl", { className: "facts" });
  const fact = (term, value) => facts.append(el("dt", {}, term), el("dd", {}, value));
  if (advice.drawn) {
    fact("Discard", advice.discard ? `${cardText(advice.discard)} (${cardName(advice.discard)})`
      : (advice.goes_out ? "none: you go out" : "none"));
    fact("Points left in hand", String(advice.points_left));
    if (advice.goes_out) fact("Goes out", "yes");
  }
  fact("Distance", String(advice.distance));
  const outs = (advice.outs || []).map((o) => `${cardText(o.card)}×${o.unseen}`).join(" ");
  fact("Outs", advice.outs && advice.outs.length ? `${advice.outs_total} unseen: ${outs}` : "none");
  if (advice.take_discard) {
    fact("Take the discard", `${advice.take_discard.advised ? "yes" : "no"}: ${advice.take_discard.reason}`);
  }
  if (advice.buy) fact("Buy", `${advice.buy.advised ? "yes" : "no"}: ${advice.buy.reason}`);
  out.append(facts);

  if (!compact && advice.discard_ranking && advice.discard_ranking.length) {
    const table = el("table", { className: "ranking" });
    table.append(el("caption", {}, "Discards, best first"));
    table.append(el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, "Discard"), el("th", { scope: "col", className: "num" }, "Distance"),
      el("th", { scope: "col", className: "num" }, "Outs"),
      el("th", { scope: "col", className: "num" }, "Next outs"),
      el("th", { scope: "col", className: "num" }, "Points"))));
    const body = el("tbody");
    for (const row of advice.discard_ranking) {
      body.append(el("tr", {},
        el("th", { scope: "row", title: cardName(row.card) }, cardText(row.card)),
        el("td", { className: "num" }, String(row.distance)),
        el("td", { className: "num" }, String(row.outs_total)),
        el("td", { className: "num" }, Number(row.next_outs).toFixed(2)),
        el("td", { className: "num" }, String(row.points))));
    }
    table.append(body);
    out.append(scrollBox(table));
  }
  return out;
}

function mount(panel) {
  panel.append(el("h2", {}, "Continental advice"),
    el("p", {}, "Give your hand and what you know of the table; the advisor finds the drop, the "
      + "lay-offs and the discard that keep the fewest points, ranks every discard, and says whether "
      + "to take or buy the top discard."));

  const form = el("form", { className: "continental-advice-form", noValidate: true });

  // The hand: typed codes, or clicked from the deck grid (each code at most twice: two decks).
  const handInput = el("input", { type: "text", id: uid("hand"), name: "hand", autocomplete: "off",
    spellcheck: false, placeholder: "4h Jk 6h 7h Kc Kd Ks 2c 9d" });
  handInput.style.flex = "1 1 14rem";
  handInput.style.minWidth = "0";
  form.append(labelled("Hand (card codes)", handInput));
  const handCards = el("div", { className: "hand-preview", "aria-live": "polite" });
  form.append(handCards);

  const refreshHand = () => {
    const codes = splitCodes(handInput.value);
    handCards.replaceChildren(codes.length
      ? cardRow(codes.map((code) => (parseCode(code) ? code : code)), "Your hand")
      : el("p", { className: "busy" }, "No cards yet."));
    handCards.append(el("p", { className: "busy" }, `${codes.length} card${codes.length === 1 ? "" : "s"}`));
  };
  handInput.addEventListener("input", refreshHand);

  const addCard = (code) => {
    const codes = splitCodes(handInput.value);
    const held = codes.filter((c) => bare(c) === code).length;
    if (held >= 2) {
      // a third click takes the card's copies out again
      handInput.value = codes.filter((c) => bare(c) !== code).join(" ");
    } else {
      handInput.value = [...codes, code].join(" ");
    }
    refreshHand();
  };

  const gridBox = el("details", { className: "deck-picker" });
  gridBox.append(el("summary", {}, "Pick cards from a deck"));
  gridBox.append(el("p", { className: "busy" }, "Each click adds the card (twice for both decks); a third click takes it out."));
  const grid = el("div", { className: "deck-grid", role: "group", "aria-label": "Deck: add a card to the hand" });
  for (const code of [...deckCodes(), "Jk"]) {
    const suit = parseCode(code);
    const button = el("button", { type: "button",
      className: `card-button card ${suit.joker ? "suit-joker" : `suit-${suit.suit}`}`,
      "aria-label": `Add ${cardName(code)}`, title: `Add ${cardName(code)}` });
    button.dataset.card = code;
    button.append(cardSvg(code));
    button.addEventListener("click", () => addCard(code));
    grid.append(button);
  }
  gridBox.append(grid);
  const clear = el("button", { type: "button" }, "Clear the hand");
  clear.addEventListener("click", () => { handInput.value = ""; refreshHand(); handInput.focus(); });
  gridBox.append(el("div", { className: "row" }, clear));
  form.append(gridBox);

  // The hand number and its contract.
  const handNumber = el("select", { id: uid("number"), name: "hand_number" });
  for (let n = 1; n <= 7; n += 1) handNumber.append(el("option", { value: String(n) }, `${n}: ${CONTRACTS[n]}`));
  const contractNote = el("span", { className: "contract", "aria-live": "polite" });
  const showContract = () => { contractNote.textContent = `Contract: ${CONTRACTS[handNumber.value]}`; };
  handNumber.addEventListener("change", showContract);
  showContract();
  const numberRow = labelled("Hand number", handNumber);
  numberRow.append(contractNote);
  form.append(numberRow);

  // Table melds: one line of codes per meld.
  const tableSet = el("fieldset", {}, el("legend", {}, "Melds on the table (a trio, or a run lowest first)"));
  const meldList = el("ol", { className: "table-melds" });
  const addMeld = (text = "") => {
    const input = el("input", { type: "text", id: uid("meld"), autocomplete: "off", spellcheck: false,
      value: text, placeholder: "5s 6s 7s 8s" });
    input.style.minWidth = "0";
    const item = el("li", { className: "row" });
    const remove = el("button", { type: "button" }, "Remove");
    const renumber = () => {
      [...meldList.children].forEach((li, i) => {
        li.querySelector("label").textContent = `Meld ${i + 1}`;
        li.querySelector("button").setAttribute("aria-label", `Remove meld ${i + 1}`);
      });
    };
    remove.addEventListener("click", () => { item.remove(); renumber(); addButton.focus(); });
    item.append(el("label", { for: input.id }, "Meld"), input, remove);
    meldList.append(item);
    renumber();
    return input;
  };
  const addButton = el("button", { type: "button" }, "Add a table meld");
  addButton.addEventListener("click", () => addMeld().focus());
  tableSet.append(meldList, el("div", { className: "row" }, addButton));
  form.append(tableSet);

  const discardTop = el("input", { type: "text", id: uid("top"), autocomplete: "off", spellcheck: false,
    size: 5, placeholder: "Kh" });
  form.append(labelled("Discard top", discardTop));
  const seen = el("input", { type: "text", id: uid("seen"), autocomplete: "off", spellcheck: false,
    placeholder: "Ks 2d" });
  seen.style.minWidth = "0";
  form.append(labelled("Other cards seen", seen));

  const dropped = el("input", { type: "checkbox", id: uid("dropped") });
  const drawn = el("select", { id: uid("drawn") });
  drawn.append(el("option", { value: "" }, "from the hand's size"),
    el("option", { value: "true" }, "after the draw (holding the drawn card)"),
    el("option", { value: "false" }, "before the draw"));
  const options = el("div", { className: "row" }, dropped,
    el("label", { for: dropped.id }, "I have dropped my contract"));
  form.append(options, labelled("Turn", drawn));

  const submit = el("button", { type: "submit", className: "primary" }, "Get advice");
  form.append(el("div", { className: "row" }, submit));
  panel.append(form);
  const fb = feedback(panel);
  const result = el("div", { className: "advice-result", "aria-live": "polite" });
  panel.append(result);
  refreshHand();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      hand: splitCodes(handInput.value).map(bare),
      hand_number: Number(handNumber.value),
      table: [...meldList.querySelectorAll("input")].map((i) => splitCodes(i.value).map(bare))
        .filter((m) => m.length),
      seen: splitCodes(seen.value).map(bare),
      dropped: dropped.checked,
    };
    const top = splitCodes(discardTop.value)[0];
    if (top) body.discard_top = bare(top);
    if (drawn.value) body.drawn = drawn.value === "true";
    submit.disabled = true;
    fb.busy("Asking the advisor…");
    result.replaceChildren();
    try {
      const advice = await call("/v1/continental/advice", body);
      result.replaceChildren(renderAdvice(advice));
      fb.done(`Advice ready (${advice.solve_ms} ms).`);
    } catch (error) {
      fb.fail(error);
    } finally {
      submit.disabled = false;
    }
  });
}

export const tool = { id: "continental-advice", title: "Continental advice", mount };
