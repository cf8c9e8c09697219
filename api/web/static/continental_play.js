// Play Continental against bots: POST /v1/games, then the seat-0 view and its legal actions.
// The seat's token stays in memory only. Before each of the person's decisions the advice is
// fetched silently, so the review can show where the play departed from it.

import { call, el, feedback } from "/web/api.js";
import { cardButton, cardElement, cardRow, cardText } from "/web/cards.js";
import { CONTRACTS, bare, renderAdvice, scrollBox } from "/web/continental_advice.js";

let counter = 0;
function uid(name) { counter += 1; return `cp-${name}-${counter}`; }

const BOT_NAMES = { advisor: "Advisor bot", random: "Random bot" };

function field(labelText, input) {
  input.id = input.id || uid("field");
  return el("div", { className: "row" }, el("label", { for: input.id }, labelText), input);
}

function select(options, value) {
  const node = el("select", {});
  for (const [key, text] of options) node.append(el("option", { value: key }, text));
  node.value = value;
  return node;
}

/** The names of the seats: the person, then each bot (numbered when two share a kind). */
function seatNames(name, kinds) {
  const names = [name || "You"];
  kinds.forEach((kind) => {
    const base = BOT_NAMES[kind];
    let candidate = base;
    let n = 2;
    while (names.includes(candidate)) { candidate = `${base} ${n}`; n += 1; }
    names.push(candidate);
  });
  return names;
}

/** One record of the log (an action or an event) in words. */
function describe(record, players, me) {
  const who = record.seat === me ? "You" : players[record.seat];
  const card = (code) => (code ? cardText(code) : "a card");
  const meld = (i) => `meld ${Number(i) + 1}`;
  switch (record.kind) {
    case "draw":
      return record.source === "discard" ? `${who} took the discard${record.card ? ` (${card(record.card)})` : ""}`
        : `${who} drew from the stock${record.card && record.seat === me ? ` (${card(record.card)})` : ""}`;
    case "buy": return `${who} asked to buy the discard`;
    case "pass": return `${who} passed on the discard`;
    case "card_bought":
      return `${who} bought the ${card(record.card)}${record.penalty && record.penalty !== "hidden" ? ` and the penalty card ${card(record.penalty)}` : " and a penalty card"}`;
    case "drop":
      return `${who} dropped ${(record.melds || []).map((m) => m.map(cardText).join(" ")).join(" | ")}`;
    case "lay_off": return `${who} laid off ${card(record.card)} on ${meld(record.meld)}`;
    case "swap_joker": return `${who} put ${card(record.card)} in place of the joker in ${meld(record.meld)}`;
    case "move_joker": return `${who} moved the joker from ${meld(record.meld)} to ${meld(record.to)}`;
    case "discard": return `${who} discarded ${card(record.card)}`;
    case "went_out": return `${who === "You" ? "You" : who} went out`;
    case "hand_ended":
      return `Hand ${record.hand} ended: ${record.scores.map((s, i) => `${players[i]} ${s}`).join(", ")}`;
    case "game_ended":
      return `Game over: ${record.winners.map((i) => players[i]).join(" and ")} won`;
    case "hand_dealt": return `Hand ${record.hand} dealt (contract: ${CONTRACTS[record.hand] || ""})`;
    case "stock_reshuffled": return "The discard pile was shuffled into a new stock";
    case "dealer_drawn": return `${players[record.dealer]} deals`;
    default: return `${who || ""} ${record.kind}`;
  }
}

/** The action the advice points to next, as {type, card?} and a sentence. */
function advisedAction(advice, step) {
  if (!advice) return null;
  if (step === "draw") {
    return advice.take_discard && advice.take_discard.advised
      ? { type: "draw", source: "discard", text: "take the discard" }
      : { type: "draw", source: "stock", text: "draw from the stock" };
  }
  if (step === "buy") {
    return advice.buy && advice.buy.advised ? { type: "buy", text: "buy" } : { type: "pass", text: "pass" };
  }
  if (advice.can_drop && advice.drop && advice.drop.length && !advice.dropped) {
    return { type: "drop", text: `drop ${advice.drop.map((m) => m.text).join(" | ")}` };
  }
  if (advice.lay_offs && advice.lay_offs.length) {
    const lay = advice.lay_offs[0];
    return { type: "lay_off", card: lay.card, text: `lay off ${cardText(lay.card)}` };
  }
  if (advice.discard) return { type: "discard", card: advice.discard, text: `discard ${cardText(advice.discard)}` };
  return null;
}

function sameAction(mine, advised) {
  if (!advised) return true;
  if (mine.type !== advised.type) return false;
  if (mine.type === "draw") return mine.source === advised.source;
  if (mine.type === "discard" || mine.type === "lay_off") return bare(mine.card) === bare(advised.card);
  return true;
}

function actionText(action) {
  switch (action.type) {
    case "draw": return action.source === "discard" ? "took the discard" : "drew from the stock";
    case "buy": return "bought";
    case "pass": return "passed";
    case "drop": return `dropped ${action.melds.map((m) => m.map(cardText).join(" ")).join(" | ")}`;
    case "lay_off": return `laid off ${cardText(action.card)} on meld ${action.meld + 1}`;
    case "swap_joker": return `swapped ${cardText(action.card)} for a joker in meld ${action.meld + 1}`;
    case "move_joker": return `moved a joker from meld ${action.meld + 1} to meld ${action.to + 1}`;
    case "discard": return `discarded ${cardText(action.card)}`;
    default: return action.type;
  }
}

function mount(panel) {
  const state = {
    id: null, token: null, view: null, players: [], selected: new Set(), melds: [],
    log: [], review: [], pendingAdvice: null,
  };

  panel.append(el("h2", {}, "Play Continental"),
    el("p", {}, "Play a game of Continental Rummy against bots. The advisor watches your "
      + "decisions and reviews them after each hand."));

  // -- setup ------------------------------------------------------------------------------------
  const setup = el("form", { className: "continental-setup" });
  const name = el("input", { type: "text", value: "You", autocomplete: "nickname", maxLength: 40 });
  const botCount = select([["1", "1"], ["2", "2"], ["3", "3"]], "2");
  const botKinds = [0, 1, 2].map((i) => select([["advisor", "Advisor"],
    ["random", "Random"]], i === 0 ? "advisor" : "random"));
  const hands = select([1, 2, 3, 4, 5, 6, 7].map((n) => [String(n), `${n} (up to: ${CONTRACTS[n]})`]), "7");
  const botRows = botKinds.map((kind, i) => field(`Bot ${i + 1}`, kind));
  const showBots = () => botRows.forEach((row, i) => { row.hidden = i >= Number(botCount.value); });
  botCount.addEventListener("change", showBots);
  const start = el("button", { type: "submit", className: "primary" }, "Start the game");
  setup.append(field("Your name", name), field("Number of bots", botCount), ...botRows,
    field("Hands to play", hands), el("div", { className: "row" }, start));
  showBots();
  panel.append(setup);

  const fb = feedback(panel);
  const board = el("div", { className: "continental-board" });
  board.hidden = true;
  panel.append(board);

  // -- the board's parts ------------------------------------------------------------------------
  const heading = el("h3", { id: uid("heading") });
  const status = el("p", { className: "turn", "aria-live": "polite" });
  const pile = el("div", { className: "row pile" });
  const seats = el("div", { className: "seats" });
  const tableBox = el("div", { className: "table-melds" });
  const handBox = el("div", { className: "hand" });
  const meldsBox = el("div", { className: "new-melds" });
  const actions = el("div", { className: "row actions", role: "group", "aria-label": "Your actions" });
  const adviceBox = el("div", { className: "play-advice", "aria-live": "polite" });
  const logList = el("ol", { className: "events", "aria-label": "What happened" });
  const reviewBox = el("div", { className: "review" });
  const scoresBox = el("div", { className: "scores" });
  const newGame = el("button", { type: "button" }, "New game");
  newGame.addEventListener("click", () => {
    board.hidden = true; setup.hidden = false; state.id = null; state.token = null; name.focus();
  });
  board.append(heading, status, pile, seats, el("h4", {}, "Table"), tableBox,
    el("h4", {}, "Your hand"), handBox, meldsBox, actions, adviceBox,
    el("h4", {}, "What happened"), logList, reviewBox, scoresBox, el("div", { className: "row" }, newGame));

  const addLog = (text) => {
    logList.append(el("li", {}, text));
    while (logList.children.length > 300) logList.firstChild.remove();
  };

  // -- advice -----------------------------------------------------------------------------------
  const adviceBody = (view, drawn) => ({
    hand: view.hand.map(bare),
    hand_number: view.hand_number,
    table: view.table.map((meld) => meld.cards.map(bare)),
    dropped: Boolean(view.dropped[view.seat]),
    drawn,
    ...(view.discard_top ? { discard_top: bare(view.discard_top) } : {}),
  });

  const stepOf = (view) => {
    const types = new Set(view.legal_actions.map((a) => a.type));
    if (types.has("buy") || types.has("pass")) return "buy";
    if (view.current === view.seat && view.step === "draw") return "draw";
    if (view.current === view.seat && view.step === "play") return "play";
    return null;
  };

  async function silentAdvice(view) {
    const step = stepOf(view);
    if (!step) return null;
    try {
      const advice = await call("/v1/continental/advice", adviceBody(view, step === "play"));
      return { version: view.version, step, advice, advised: advisedAction(advice, step) };
    } catch {
      return { version: view.version, step, advice: null, advised: null };
    }
  }

  // -- sending an action ------------------------------------------------------------------------
  async function act(action) {
    const view = state.view;
    const before = state.pendingAdvice && state.pendingAdvice.version === view.version
      ? state.pendingAdvice : await silentAdvice(view);
    fb.busy("Playing…");
    try {
      const answer = await call(`/v1/games/${state.id}/actions`, action, { token: state.token });
      if (before && before.step) {
        state.review.push({
          hand: view.hand_number, step: before.step, mine: action, mineText: actionText(action),
          advised: before.advised, followed: sameAction(action, before.advised),
          points: before.advice && before.step === "play" ? before.advice.points_left : null,
        });
      }
      addLog(`You ${actionText(action)}`);
      for (const record of answer.events || []) addLog(describe(record, state.players, view.seat));
      state.selected.clear();
      if (action.type === "drop") state.melds = [];
      adviceBox.replaceChildren();
      fb.done("");
      await show(answer.state);
    } catch (error) {
      fb.fail(error);
    }
  }

  // -- drawing the view -------------------------------------------------------------------------
  async function show(view) {
    state.view = view;
    const me = view.seat;
    const players = view.players;
    state.players = players;
    heading.textContent = view.is_over ? "Game over"
      : `Hand ${view.hand_number} of ${view.hands}: ${view.contract.name}`;
    const step = stepOf(view);
    if (view.is_over) {
      status.textContent = `Winner: ${(view.winners || []).map((i) => players[i]).join(" and ")}`;
    } else if (step === "buy") {
      status.textContent = `The ${cardText(view.buy_window.card)} is on offer: buy it (with a penalty card) or pass.`;
    } else if (step) {
      status.textContent = `Your turn: ${view.step === "draw" ? "draw a card" : "drop, lay off, then discard"}.`;
    } else {
      status.textContent = `${players[view.current]}'s turn (${view.step}).`;
    }

    pile.replaceChildren(el("span", {}, "Discard pile:"),
      view.discard_top ? cardElement(view.discard_top) : el("span", {}, "empty"),
      el("span", {}, `Stock: ${view.stock_size} cards`));

    const seatTable = el("table", {}, el("caption", {}, "Players"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"),
        el("th", { scope: "col", className: "num" }, "Cards"), el("th", { scope: "col" }, "Dropped"),
        el("th", { scope: "col", className: "num" }, "Total"))));
    const seatBody = el("tbody");
    players.forEach((player, i) => {
      seatBody.append(el("tr", {},
        el("th", { scope: "row" }, `${player}${i === me ? " (you)" : ""}${i === view.current && !view.is_over ? " ▶" : ""}`),
        el("td", { className: "num" }, String(view.hand_sizes[i])),
        el("td", {}, view.dropped[i] ? "yes" : "no"),
        el("td", { className: "num" }, String(view.totals[i]))));
    });
    seatTable.append(seatBody);
    seats.replaceChildren(scrollBox(seatTable));

    const melds = el("ul", { className: "table-meld-list" });
    for (const meld of view.table) {
      const row = cardRow(meld.cards, `Meld ${meld.index + 1} of ${players[meld.owner]}: ${meld.text}`);
      row.classList.add("meld");
      melds.append(el("li", {}, el("span", {}, `Meld ${meld.index + 1} (${players[meld.owner]}, ${meld.kind}): `), row));
    }
    tableBox.replaceChildren(view.table.length ? melds : el("p", {}, "No melds yet."));

    drawHand();
    drawActions();
    if (view.is_over || step === null) drawReview();
    else if (state.review.length && state.review.some((r) => r.hand < view.hand_number)) drawReview();
    drawScores();
    if (!view.is_over && step) {
      state.pendingAdvice = null;
      silentAdvice(view).then((found) => { if (state.view === view) state.pendingAdvice = found; });
    }
  }

  function drawHand() {
    const view = state.view;
    const inMelds = new Set(state.melds.flat());
    const list = el("ul", { className: "cards", "aria-label": "Your hand: select cards", role: "list" });
    for (const code of view.hand) {
      if (inMelds.has(code)) continue;
      const button = cardButton(code, (card, pressed) => {
        if (pressed) state.selected.add(card); else state.selected.delete(card);
        drawActions();
      });
      if (state.selected.has(code)) button.setAttribute("aria-pressed", "true");
      const item = el("li", {}, button);
      item.style.listStyle = "none";
      list.append(item);
    }
    handBox.replaceChildren(list);

    meldsBox.replaceChildren();
    if (state.melds.length) {
      const groups = el("ol", { className: "meld-groups", "aria-label": "Melds to drop" });
      state.melds.forEach((meld, i) => {
        const back = el("button", { type: "button", "aria-label": `Return new meld ${i + 1} to the hand` }, "Return");
        back.addEventListener("click", () => { state.melds.splice(i, 1); drawHand(); drawActions(); });
        const row = cardRow(meld, `New meld ${i + 1}`);
        row.classList.add("meld");
        groups.append(el("li", { className: "row" }, row, back));
      });
      meldsBox.append(el("h4", {}, "Melds to drop"), groups);
    }
  }

  function button(text, onClick, { primary = false, disabled = false, label } = {}) {
    const node = el("button", { type: "button", className: primary ? "primary" : "", disabled });
    node.textContent = text;
    if (label) node.setAttribute("aria-label", label);
    node.addEventListener("click", onClick);
    return node;
  }

  function drawActions() {
    const view = state.view;
    actions.replaceChildren();
    if (view.is_over) return;
    const legal = view.legal_actions;
    const mine = view.current === view.seat;
    for (const action of legal) {
      if (action.type === "draw") {
        actions.append(button(action.source === "stock" ? "Draw from the stock"
          : `Take the discard (${cardText(view.discard_top)})`, () => act(action), { primary: action.source === "stock" }));
      } else if (action.type === "buy") {
        actions.append(button(`Buy the ${cardText(view.buy_window.card)}`, () => act(action)));
      } else if (action.type === "pass") {
        actions.append(button("Pass", () => act(action), { primary: true }));
      } else if (action.type === "lay_off") {
        const end = action.end ? ` (${action.end} end)` : "";
        actions.append(button(`Lay off ${cardText(action.card)} on meld ${action.meld + 1}${end}`, () => act(action)));
      } else if (action.type === "swap_joker") {
        actions.append(button(`Swap ${cardText(action.card)} for the joker in meld ${action.meld + 1}`, () => act(action)));
      } else if (action.type === "move_joker") {
        actions.append(button(`Move the joker from meld ${action.meld + 1} (${action.end} end) to meld ${action.to + 1}`, () => act(action)));
      }
    }
    // melds may be tried whenever the contract is still to drop (legal_actions lists a drop only
    // when the hand holds one; a drop that is no contract is refused with the rule, which teaches)
    const canDrop = mine && view.step === "play" && !view.dropped[view.seat];
    if (canDrop) {
      actions.append(button("New meld from selected", () => {
        state.melds.push(view.hand.filter((code) => state.selected.has(code)));
        state.selected.clear();
        drawHand(); drawActions();
      }, { disabled: state.selected.size === 0 }));
      actions.append(button("Drop", () => act({ type: "drop", melds: state.melds.map((m) => [...m]) }),
        { disabled: state.melds.length === 0, label: `Drop ${state.melds.length} meld${state.melds.length === 1 ? "" : "s"}` }));
    }
    if (mine) {
      const chosen = [...state.selected];
      actions.append(button("Discard", () => act({ type: "discard", card: chosen[0] }),
        { disabled: chosen.length !== 1, label: chosen.length === 1 ? `Discard ${cardText(chosen[0])}` : "Discard (select one card)" }));
    }
    if (legal.length) {
      actions.append(button("Advice", async () => {
        fb.busy("Asking the advisor…");
        try {
          const advice = await call("/v1/continental/advice", adviceBody(view, stepOf(view) === "play"));
          const shown = renderAdvice(advice, { compact: true });
          if (advice.drop && advice.drop.length && canDrop) {
            shown.append(el("div", { className: "row" }, button("Set up the advised drop", () => {
              const left = [...view.hand];
              state.melds = advice.drop.map((meld) => meld.cards.map((card) => {
                const at = left.findIndex((code) => bare(code) === card);
                return at >= 0 ? left.splice(at, 1)[0] : card;
              }));
              state.selected.clear();
              drawHand(); drawActions();
            })));
          }
          adviceBox.replaceChildren(shown);
          fb.done("");
        } catch (error) {
          fb.fail(error);
        }
      }));
    }
  }

  function drawReview() {
    const view = state.view;
    const done = state.review.filter((r) => view.is_over || r.hand < view.hand_number);
    reviewBox.replaceChildren();
    if (!done.length) return;
    reviewBox.append(el("h4", {}, "Review of your decisions"));
    const departed = done.filter((r) => !r.followed).length;
    reviewBox.append(el("p", {}, `${done.length} decisions, ${departed} departing from the advice.`));
    const list = el("ol", { className: "review-list" });
    for (const r of done) {
      const verdict = r.followed ? "as advised" : "departed from the advice";
      const advised = r.advised ? `advised: ${r.advised.text}` : "no advice";
      const points = r.points !== null && r.points !== undefined ? ` (advised points left ${r.points})` : "";
      list.append(el("li", { className: r.followed ? "verdict-best" : "verdict-mistake" },
        `Hand ${r.hand}: you ${r.mineText}; ${advised}${points}: ${verdict}`));
    }
    reviewBox.append(list);
  }

  function drawScores() {
    const view = state.view;
    scoresBox.replaceChildren();
    if (!view.scores.length) return;
    const table = el("table", { className: "score-table" }, el("caption", {}, "Scores (penalty points, lower is better)"));
    table.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Hand"),
      ...view.players.map((p) => el("th", { scope: "col", className: "num" }, p)))));
    const body = el("tbody");
    view.scores.forEach((row, i) => body.append(el("tr", {}, el("th", { scope: "row" }, `${i + 1}: ${CONTRACTS[i + 1]}`),
      ...row.map((s) => el("td", { className: "num" }, String(s))))));
    body.append(el("tr", {}, el("th", { scope: "row" }, "Total"),
      ...view.totals.map((s) => el("td", { className: "num" }, String(s)))));
    table.append(body);
    scoresBox.append(el("h4", {}, "Scores"), scrollBox(table));
    if (view.is_over) {
      scoresBox.append(el("p", { className: "winner verdict-best" },
        `Winner: ${(view.winners || []).map((i) => view.players[i]).join(" and ")}`));
    }
  }

  setup.addEventListener("submit", async (event) => {
    event.preventDefault();
    const kinds = botKinds.slice(0, Number(botCount.value)).map((s) => s.value);
    const players = seatNames(name.value.trim(), kinds);
    start.disabled = true;
    fb.busy("Dealing…");
    try {
      const created = await call("/v1/games", {
        game: "continental", players, bots: [null, ...kinds], hands: Number(hands.value),
      });
      state.id = created.id;
      state.token = created.seats[0].token;
      state.log = []; state.review = []; state.melds = []; state.selected.clear();
      logList.replaceChildren();
      adviceBox.replaceChildren();
      reviewBox.replaceChildren();
      addLog(`Game started: ${players.join(", ")}; ${players[created.dealer]} deals`);
      const view = await call(`/v1/games/${state.id}`, undefined, { token: state.token });
      setup.hidden = true;
      board.hidden = false;
      await show(view);
      fb.done("");
      heading.tabIndex = -1;
      heading.focus();
    } catch (error) {
      fb.fail(error);
    } finally {
      start.disabled = false;
    }
  });
}

export const tool = { id: "continental-play", title: "Play Continental", mount };
