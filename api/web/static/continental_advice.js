// Continental advice: a hand, the hand number and what is known of the table → the advice: the
// drop, lay-offs, discard, the discard ranking, take and buy, and with the other players' hand
// sizes each way to play priced in expected points. The contracts are the service's.

import { continentalAdvice, continentalContracts } from "/web/client.js";
import { cardRow, cardSvg, suitClass } from "/web/cards.js";
import { bare, cardName, deckCodes, normalCode, plural, splitCodes } from "/web/format.js";
import { renderAdvice } from "/web/continental_show.js";
import { checkRow, el, feedback, field, fillSelect, guarded, rulesLinks, select, uid } from "/web/widgets.js";

const COPIES_PER_CLICK = 2;  // the grid adds a card twice at most (the two decks), a third click takes it out

const codesInput = (props) => {
  const input = el("input", { type: "text", id: uid("ca"), autocomplete: "off", spellcheck: false, ...props });
  input.style.minWidth = "0";
  return input;
};

/** The hand: typed codes with their pictures, and a deck grid that adds cards to the text. */
function handInput() {
  const input = codesInput({ name: "hand", placeholder: "4h Jk 6h 7h Kc Kd Ks 2c 9d" });
  input.style.flex = "1 1 14rem";
  const preview = el("div", { className: "hand-preview", "aria-live": "polite" });
  const refresh = () => {
    const codes = splitCodes(input.value).map(normalCode);  // "10s" is drawn as the service reads it
    preview.replaceChildren(codes.length ? cardRow(codes, "Your hand") : el("p", { className: "busy" }, "No cards yet."),
      el("p", { className: "busy" }, plural(codes.length, "card")));
  };
  const add = (code) => {
    const codes = splitCodes(input.value);
    const same = (c) => bare(normalCode(c)) === code;
    const held = codes.filter(same).length;
    input.value = (held >= COPIES_PER_CLICK ? codes.filter((c) => !same(c)) : [...codes, code]).join(" ");
    refresh();
  };
  input.addEventListener("input", refresh);
  const grid = el("div", { className: "deck-grid", role: "group", "aria-label": "Deck: add a card to the hand" },
    [...deckCodes(), "Jk"].map((code) => {
      const node = el("button", { type: "button", className: `card-button card ${suitClass(code)}`,
        "aria-label": `Add ${cardName(code)}`, title: `Add ${cardName(code)}`, dataset: { card: code } },
      cardSvg(code));
      node.addEventListener("click", () => add(code));
      return node;
    }));
  const clear = el("button", { type: "button" }, "Clear the hand");
  clear.addEventListener("click", () => { input.value = ""; refresh(); input.focus(); });
  const picker = el("details", { className: "deck-picker" }, el("summary", {}, "Pick cards from a deck"),
    el("p", { className: "busy" }, "Each click adds the card (twice for both decks); a third click takes it out."),
    grid, el("div", { className: "row" }, clear));
  refresh();
  return { parts: [field("Hand (card codes)", input), preview, picker], codes: () => splitCodes(input.value).map(bare) };
}

/** The hand number, with the contract of each hand as the service names it. */
function handNumberInput() {
  const number = select([], "", { id: uid("ca-number"), name: "hand_number" });
  const note = el("span", { className: "contract", "aria-live": "polite" });
  let contracts = [];
  const show = () => {
    const contract = contracts.find((c) => String(c.hand) === number.value);
    note.textContent = contract ? `Contract: ${contract.name}` : "";
  };
  number.addEventListener("change", show);
  const row = field("Hand number", number);
  row.append(note);
  return {
    row,
    value: () => Number(number.value),
    setContracts(list) {
      contracts = list;
      fillSelect(number, list.map((c) => [String(c.hand), `${c.hand}: ${c.name}`]), "1");
      show();
    },
  };
}

/** The melds on the table, one line of codes each, added and removed at will. */
function tableMelds() {
  const list = el("ol", { className: "table-melds" });
  const addButton = el("button", { type: "button" }, "Add a table meld");
  const renumber = () => [...list.children].forEach((item, i) => {
    item.querySelector("label").textContent = `Meld ${i + 1}`;
    item.querySelector("button").setAttribute("aria-label", `Remove meld ${i + 1}`);
  });
  const add = () => {
    const input = codesInput({ placeholder: "5s 6s 7s 8s" });
    const remove = el("button", { type: "button" }, "Remove");
    const item = el("li", { className: "row" }, el("label", { for: input.id }, "Meld"), input, remove);
    remove.addEventListener("click", () => { item.remove(); renumber(); addButton.focus(); });
    list.append(item);
    renumber();
    return input;
  };
  addButton.addEventListener("click", () => add().focus());
  const box = el("fieldset", {}, el("legend", {}, "Melds on the table (a trio, or a run lowest first)"),
    list, el("div", { className: "row" }, addButton));
  const melds = () => [...list.querySelectorAll("input")].map((i) => splitCodes(i.value).map(bare)).filter((m) => m.length);
  return { box, melds };
}

/** The other players in play order after you: each one's hand size, the turns it has played this
 * hand and whether it has dropped. */
function otherPlayers() {
  const list = el("ol", { className: "other-players" });
  const addButton = el("button", { type: "button" }, "Add another player");
  const renumber = () => [...list.children].forEach((item, i) => {
    const [size, turns, dropped] = item.querySelectorAll("input");
    item.querySelector(`label[for="${size.id}"]`).textContent = `Player ${i + 1} hand size`;
    item.querySelector(`label[for="${turns.id}"]`).textContent = `Player ${i + 1} turns played`;
    item.querySelector(`label[for="${dropped.id}"]`).textContent = `Player ${i + 1} has dropped`;
    item.querySelector("button").setAttribute("aria-label", `Remove player ${i + 1}`);
  });
  const add = () => {
    const size = el("input", { type: "number", id: uid("ca-size"), min: "0", max: "30", step: "1", value: "7" });
    size.style.width = "5rem";
    const turns = el("input", { type: "number", id: uid("ca-turns"), min: "0", max: "200", step: "1", value: "0" });
    turns.style.width = "5rem";
    const dropped = el("input", { type: "checkbox", id: uid("ca-other-dropped") });
    const remove = el("button", { type: "button" }, "Remove");
    const item = el("li", { className: "row" }, el("label", { for: size.id }, "Hand size"), size,
      el("label", { for: turns.id }, "Turns played"), turns, checkRow(dropped, "Dropped"), remove);
    remove.addEventListener("click", () => { item.remove(); renumber(); addButton.focus(); });
    list.append(item);
    renumber();
    return size;
  };
  addButton.addEventListener("click", () => add().focus());
  const box = el("fieldset", {}, el("legend", {}, "Other players, in play order after you (the next one first)"),
    el("p", { className: "busy" }, "Expected points need them: give each one's hand size, and the turns "
      + "it has played this hand (a player who has played turns has kept the cards it needs)."),
    list, el("div", { className: "row" }, addButton));
  const players = () => [...list.children].map((item) => {
    const [size, turns, dropped] = item.querySelectorAll("input");
    return { hand_size: Number(size.value), turns: Number(turns.value) || 0, dropped: dropped.checked };
  });
  return { box, players };
}

function mount(panel) {
  panel.append(el("h2", {}, "Continental advice"),
    el("p", {}, "Give your hand and what you know of the table; the advisor finds the drop, the "
      + "lay-offs and the discard that keep the fewest points, ranks every discard, and says whether "
      + "to take or buy the top discard. Give the other players' hand sizes and the discard pile to "
      + "have each way to play priced: played out to the end of the hand on random deals of the cards "
      + "you cannot see, its expected points (lower is better) and how often your discard ends in "
      + "another player's meld (danger)."), rulesLinks("continental"));
  const hand = handInput();
  const number = handNumberInput();
  const table = tableMelds();
  const discardTop = codesInput({ size: 5, placeholder: "Kh" });
  const seen = codesInput({ placeholder: "Ks 2d" });
  const pile = codesInput({ placeholder: "9d 4c" });
  const others = otherPlayers();
  const objective = select([["expected_points", "Expected points (plays the hand out; needs the other players)"],
    ["distance", "Distance to the contract"]], "distance");
  const samples = el("input", { type: "number", min: "1", max: "200", step: "1", value: "48" });
  samples.style.width = "5rem";
  const dropped = el("input", { type: "checkbox", id: uid("ca-dropped") });
  const drawn = select([["", "from the hand's size"], ["true", "after the draw (holding the drawn card)"],
    ["false", "before the draw"]], "");
  const submit = el("button", { type: "submit", className: "primary" }, "Get advice");
  const form = el("form", { className: "continental-advice-form", noValidate: true },
    hand.parts, number.row, table.box, field("Discard top", discardTop),
    field("Discard pile below the top", pile, "bottom first"), others.box, field("Other cards seen", seen),
    el("div", { className: "row" }, dropped, el("label", { for: dropped.id }, "I have dropped my contract")),
    field("Turn", drawn), field("Advice by", objective),
    field("Deals to play out", samples, "1-200: more is steadier, slower"),
    el("div", { className: "row" }, submit));
  panel.append(form);
  const status = feedback(panel);
  const result = el("div", { className: "advice-result", "aria-live": "polite" });
  panel.append(result);
  submit.disabled = true;  // until the hand numbers are known: a request needs one
  guarded(panel, status, async () => {
    number.setContracts(await continentalContracts());
    submit.disabled = false;
  });

  const request = () => {
    const body = { hand: hand.codes(), hand_number: number.value(), table: table.melds(),
      seen: splitCodes(seen.value).map(bare), dropped: dropped.checked };
    const top = splitCodes(discardTop.value)[0];
    if (top) body.discard_top = bare(top);
    if (drawn.value) body.drawn = drawn.value === "true";
    const below = splitCodes(pile.value).map(bare);
    if (below.length) body.discards = top ? [...below, bare(top)] : below;
    body.other_players = others.players();
    body.objective = objective.value;
    if (objective.value === "expected_points" && samples.value) body.samples = Number(samples.value);
    return body;
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    status.busy("Asking the advisor…");
    result.replaceChildren();
    try {
      const advice = await continentalAdvice(request());
      result.replaceChildren(renderAdvice(advice));
      const played = advice.expected_points ? `; played out in ${advice.expected_points.solve_ms} ms` : "";
      status.done(`Advice ready (${advice.solve_ms} ms${played}).`);
    } catch (error) {
      status.fail(error);
    } finally {
      submit.disabled = false;
    }
  });
}

export const tool = { id: "continental-advice", title: "Continental advice", mount };
