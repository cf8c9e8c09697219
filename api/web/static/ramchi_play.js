// Play Ramchi: a refereed game against two bots (POST /v1/games, then /actions). Each hand you
// exchange or keep the 2♦ when you hold it, arrange five rounds and play; the rounds are revealed
// one by one. Your lineup is scored silently (POST /v1/ramchi/trainer/score) before it is sent,
// and after each hand the best lineup in hindsight (POST /v1/ramchi/hindsight) is shown. After
// the game, a review table lists every decision with the chips it cost.

import { call, el, feedback } from "/web/api.js";
import { cardButton, cardButtonName, cardElement, cardName, cardRow, cardText } from "/web/cards.js";

const ROUNDS = 5;
const SIZE = 3;
const ME = 0;
const BOTS = ["greedy", "maximin", "ev"];
const VERDICT_NAMES = { best: "Best", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

function signed(value) {
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value)}`;
}

/** The finished hands an action's events tell of, by hand number: rounds, chips, four of a kind. */
function finishedHands(events, into = new Map()) {
  for (const event of events || []) {
    if (!["round_played", "hand_ended", "four_of_a_kind_won"].includes(event.kind)) continue;
    const record = into.get(event.hand) || { hand: event.hand, rounds: [], ended: null, four: null };
    if (event.kind === "round_played" && !record.rounds.some((r) => r.number === event.number)) {
      record.rounds.push(event);
    }
    if (event.kind === "hand_ended") record.ended = event;
    if (event.kind === "four_of_a_kind_won") record.four = event;
    into.set(event.hand, record);
  }
  return into;
}

function mount(panel) {
  const id = (name) => `ramchi-play-${name}`;
  let game = null;       // {id, token, players, bots, hands}
  let view = null;       // the latest view of the game for seat 0
  let current = null;    // this hand: {number, dealt, upCard, dealer, exchange}
  let slots = [];
  let active = 0;
  const shown = new Set();   // hand numbers whose result has been shown
  const decisions = [];      // {hand, lineup, chipsLost, verdict}
  let queue = [];            // finished hands waiting to be shown

  // -- setup -----------------------------------------------------------------------------------
  const nameInput = el("input", { id: id("name"), value: "You", maxLength: 40, autocomplete: "nickname" });
  const botSelects = [1, 2].map((seat) => {
    const select = el("select", { id: id(`bot-${seat}`) },
      ...BOTS.map((kind) => el("option", { value: kind }, kind)));
    select.value = seat === 1 ? "ev" : "greedy";
    return select;
  });
  const handsInput = el("input", { id: id("hands"), type: "number", min: 1, max: 10, step: 1,
    value: "2", inputMode: "numeric" });
  handsInput.style.width = "5rem";
  const start = el("button", { type: "button", className: "primary" }, "Start game");
  const setup = el("fieldset", {}, el("legend", {}, "New game"),
    el("div", { className: "row" }, el("label", { for: id("name") }, "Your name"), nameInput),
    el("div", { className: "row" },
      el("label", { for: id("bot-1") }, "Bot 1"), botSelects[0],
      el("label", { for: id("bot-2") }, "Bot 2"), botSelects[1]),
    el("div", { className: "row" }, el("label", { for: id("hands") }, "Hands (1–10)"), handsInput,
      start));

  // -- the table -------------------------------------------------------------------------------
  const tableBox = el("section", { "aria-labelledby": id("table-heading"), hidden: true });
  const handHeading = el("h3", { id: id("table-heading"), tabIndex: -1 }, "Hand");
  const chipsBox = el("div", { id: id("chips") });
  const upLine = el("div", { className: "row", id: id("up") });
  const exchangeRow = el("div", { className: "row", role: "group", "aria-label": "The 2♦ exchange" });
  const exchangeBox = el("div", { hidden: true }, exchangeRow);  // .row's display would beat hidden
  const exchangeButton = el("button", { type: "button" }, "Exchange");
  const keepButton = el("button", { type: "button" }, "Keep");
  exchangeRow.append(el("span", {}, "You hold the 2♦: exchange it for the up-card, or keep it?"),
    exchangeButton, keepButton);
  const handRow = el("div", { className: "cards", role: "group", "aria-label": "Your hand" });
  const slotList = el("ol", { className: "lineup", "aria-label": "Your lineup" });
  const handStatus = el("p", { role: "status", "aria-live": "polite", id: id("count") });
  const playButton = el("button", { type: "button", className: "primary" }, "Play");
  const arrangeBox = el("fieldset", { hidden: true }, el("legend", {}, "Arrange your five rounds"),
    handRow,
    el("p", { className: "busy" }, "Pick a round, then click (or press Enter on) three cards. "
      + "Click a card in a round to take it back. Cards left over are discarded."),
    slotList, handStatus, el("div", { className: "row" }, playButton));
  arrangeBox.style.minWidth = "0";
  tableBox.append(handHeading, chipsBox, upLine, exchangeBox, arrangeBox);

  // -- results and review ----------------------------------------------------------------------
  const resultBox = el("section", { "aria-labelledby": id("result-heading"), hidden: true,
    id: id("result") });
  const reviewBox = el("section", { "aria-labelledby": id("review-heading"), hidden: true,
    id: id("review") });

  function name(seat) {
    return game ? game.players[seat] : `Seat ${seat}`;
  }

  function renderChips() {
    const last = view && view.last_hand ? finishedHands(view.last_hand.events).get(view.last_hand.hand) : null;
    const rows = [0, 1, 2].map((seat) => el("tr", {},
      el("th", { scope: "row" }, name(seat) + (seat === ME ? "" : ` (${game.bots[seat]})`)),
      el("td", { className: "num" }, last && last.ended ? signed(last.ended.chips[seat]) : "–"),
      el("td", { className: "num" }, signed(view.chips[seat]))));
    chipsBox.replaceChildren(el("table", { "aria-label": "Chips" },
      el("tr", {}, el("th", {}, "Player"), el("th", { className: "num" }, "Last hand"),
        el("th", { className: "num" }, "Total")), ...rows));
  }

  // -- arranging -------------------------------------------------------------------------------
  function placed() { return new Set(slots.flat()); }

  function place(code) {
    if (placed().has(code)) return;
    if (slots[active].length >= SIZE) {
      handStatus.textContent = `Round ${active + 1} is full: clear a card or pick another round.`;
      return;
    }
    slots[active].push(code);
    if (slots[active].length === SIZE) {
      const free = slots.findIndex((slot, i) => i > active && slot.length < SIZE);
      const any = slots.findIndex((slot) => slot.length < SIZE);
      active = free >= 0 ? free : (any >= 0 ? any : active);
    }
    renderArrange(`${cardName(code)} goes to a round.`);
  }

  function renderArrange(message = "") {
    const used = placed();
    handRow.replaceChildren(...view.hand.map((code) => {
      const button = cardButton(code, () => place(code));
      button.setAttribute("aria-label", cardButtonName(code));
      button.disabled = used.has(code);
      return button;
    }));
    slotList.replaceChildren(...slots.map((slot, index) => {
      const choose = el("button", { type: "button", "aria-pressed": String(index === active),
        className: index === active ? "primary" : "" }, `Round ${index + 1}`);
      choose.addEventListener("click", () => { active = index; renderArrange(); });
      const cards = el("div", { className: "cards", role: "group",
        "aria-label": `Round ${index + 1} cards` });
      for (const code of slot) {
        const button = cardButton(code, () => {
          slots[index] = slots[index].filter((c) => c !== code);
          active = index;
          renderArrange(`${cardName(code)} taken back.`);
        });
        button.setAttribute("aria-label", `${cardButtonName(code)}, round ${index + 1}: take back`);
        cards.append(button);
      }
      for (let i = slot.length; i < SIZE; i += 1) {
        cards.append(el("span", { className: "card meld", "aria-hidden": "true" }));
      }
      return el("li", { className: "row" }, choose, cards);
    }));
    handStatus.textContent = `${used.size} cards placed, ${view.hand.length - used.size} to discard; `
      + `next card goes to round ${active + 1}.${message ? ` ${message}` : ""}`;
  }

  // -- the game's flow -------------------------------------------------------------------------
  let status = null;

  function startHand() {
    current = { number: view.hand_number, dealt: [...view.hand], upCard: view.up_card,
      dealer: view.dealer, exchange: null };
    slots = Array.from({ length: ROUNDS }, () => []);
    active = 0;
  }

  /** Show the game as ``view`` says: the next hand's decision, or the review once it is over. */
  function renderTable() {
    tableBox.hidden = false;
    renderChips();
    if (view.is_over) {
      handHeading.textContent = "Game over";
      upLine.replaceChildren();
      exchangeBox.hidden = true;
      arrangeBox.hidden = true;
      renderReview();
      return;
    }
    if (!current || current.number !== view.hand_number) startHand();
    handHeading.textContent = `Hand ${view.hand_number} of ${view.hands}`;
    upLine.replaceChildren(el("span", {}, "Up-card: "), cardElement(view.up_card),
      el("span", {}, ` Dealer: ${name(view.dealer)}.`));
    const mine = view.awaiting.includes(ME);
    exchangeBox.hidden = !(mine && view.phase === "exchange");
    arrangeBox.hidden = !(mine && view.phase === "arrange");
    if (!exchangeBox.hidden) {
      handRow.replaceChildren();
      upLine.append(cardRow(view.hand, "Your hand"));
    }
    if (!arrangeBox.hidden) renderArrange();
    if (!mine) {
      status.busy("Waiting for the bots…");
      setTimeout(() => guarded(async () => { await refresh(); status.done(""); renderTable(); }), 500);
    }
  }

  async function refresh() {
    view = await call(`/v1/games/${game.id}`, undefined, { token: game.token });
  }

  /** Take an action's answer: note finished hands, then show them (or the table). */
  function take(answer) {
    view = answer.state;
    const hands = finishedHands(answer.events);
    if (view.last_hand) finishedHands(view.last_hand.events, hands);
    queue = [...hands.values()].filter((h) => h.ended && !shown.has(h.hand))
      .sort((a, b) => a.hand - b.hand);
    nextResult();
  }

  async function nextResult() {
    if (!queue.length) { renderTable(); return; }
    const record = queue.shift();
    shown.add(record.hand);
    tableBox.hidden = true;
    await showResult(record);
  }

  async function act(body, what) {
    status.busy(what);
    const answer = await call(`/v1/games/${game.id}/actions`, { ...body, expected_version: view.version },
      { token: game.token });
    status.done("");
    return answer;
  }

  async function guarded(run) {
    panel.setAttribute("aria-busy", "true");
    try { await run(); } catch (error) { status.fail(error); } finally {
      panel.removeAttribute("aria-busy");
    }
  }

  start.addEventListener("click", () => guarded(async () => {
    const hands = Number(handsInput.value);
    const players = [nameInput.value.trim() || "You", "Bot 1", "Bot 2"];
    const bots = [null, botSelects[0].value, botSelects[1].value];
    status.busy("Dealing…");
    const created = await call("/v1/games", { players, bots, hands });
    game = { id: created.id, token: created.seats[ME].token, players, bots, hands };
    decisions.length = 0;
    shown.clear();
    current = null;
    resultBox.hidden = true;
    resultBox.replaceChildren();
    reviewBox.hidden = true;
    await refresh();
    status.done(`Game started against ${bots[1]} and ${bots[2]}.`);
    setup.hidden = true;
    const hands0 = view.last_hand ? finishedHands(view.last_hand.events) : new Map();
    queue = [...hands0.values()].filter((h) => h.ended);
    await nextResult();
    handHeading.focus();
  }));

  for (const [button, type] of [[exchangeButton, "exchange"], [keepButton, "keep"]]) {
    button.addEventListener("click", () => guarded(async () => {
      current.exchange = type === "exchange";
      const answer = await act({ type }, type === "exchange" ? "Exchanging…" : "Keeping the 2♦…");
      take(answer);
    }));
  }

  playButton.addEventListener("click", () => guarded(async () => {
    const lineup = slots.filter((slot) => slot.length);
    current.lineup = lineup;
    current.hand = [...view.hand];
    const decision = { hand: current.number, lineup, chipsLost: null, verdict: null };
    status.busy("Playing your arrangement…");
    try {
      const scored = await call("/v1/ramchi/trainer/score", { hand: current.dealt,
        up_card: current.upCard, seat: ME, dealer: current.dealer, lineup, samples: 40,
        exchange: current.exchange });
      decision.chipsLost = scored.chips_lost;
      decision.verdict = scored.verdict;
    } catch {
      decision.verdict = null;  // scoring is a bonus: the game goes on without it
    }
    decisions.push(decision);
    current.decision = decision;
    arrangeBox.hidden = true;
    take(await act({ type: "arrange", combinations: lineup }, "Playing your arrangement…"));
  }));

  // -- a hand's result: rounds one by one, chips, hindsight ------------------------------------
  async function showResult(record) {
    const mine = current && current.number === record.hand && current.lineup ? current : null;
    const heading = el("h3", { id: id("result-heading"), tabIndex: -1 }, `Hand ${record.hand}: the rounds`);
    const rounds = el("ol", { className: "lineup", "aria-label": `Hand ${record.hand} rounds` });
    const after = el("div", { hidden: true });
    const nextRound = el("button", { type: "button", className: "primary" }, "Next round");
    const cont = el("button", { type: "button", className: "primary" },
      view.is_over && !queue.length ? "See the game review" : "Continue");
    const ordered = [...record.rounds].sort((a, b) => a.number - b.number);
    let revealed = 0;
    const reveal = () => {
      const round = ordered[revealed];
      revealed += 1;
      rounds.append(el("li", { dataset: { round: String(round.number) } },
        el("p", {}, `Round ${round.number}: `, el("strong", {}, `${name(round.winner)} wins`)),
        ...round.plays.map((play) => el("div", { className: "row" },
          el("span", {}, `${name(play.seat)}: ${play.name}`),
          cardRow(play.cards, `Round ${round.number}, ${name(play.seat)}: ${play.name}`)))));
      if (revealed >= ordered.length) { nextRound.hidden = true; after.hidden = false; }
      status.done(`Round ${round.number}: ${name(round.winner)} wins.`);
    };
    nextRound.addEventListener("click", reveal);
    cont.addEventListener("click", () => guarded(async () => {
      resultBox.hidden = true;
      await nextResult();
      if (!tableBox.hidden) handHeading.focus();
    }));
    const chips = record.ended.chips;
    after.append(el("p", { id: id("hand-chips") }, `Chips this hand: `,
      [0, 1, 2].map((seat) => `${name(seat)} ${signed(chips[seat])}`).join(", "),
      `. Totals: `, [0, 1, 2].map((seat) => `${name(seat)} ${signed(record.ended.totals[seat])}`)
        .join(", "), "."));
    if (record.four) {
      after.append(el("p", {}, `${name(record.four.seat)} holds four of a kind `
        + `(${record.four.cards.map(cardText).join(" ")}): the hand is not played.`));
    }
    if (!ordered.length) { nextRound.hidden = true; after.hidden = false; }
    after.append(el("div", { className: "row" }, cont));
    resultBox.replaceChildren(heading, rounds, el("div", { className: "row" }, nextRound), after);
    resultBox.hidden = false;
    heading.focus();
    if (mine && ordered.length) {
      const review = el("div", { id: id("hindsight") }, el("p", { className: "busy" }, "Reviewing…"));
      after.insertBefore(review, after.lastChild);
      await hindsight(record, mine, review);
    }
  }

  async function hindsight(record, mine, box) {
    const lineups = { 1: [], 2: [] };
    const played = [];
    for (const round of [...record.rounds].sort((a, b) => a.number - b.number)) {
      for (const play of round.plays) {
        if (play.seat === ME) played.push(play.cards);
        else lineups[play.seat].push(play.cards);
      }
    }
    const decision = mine.decision;
    const verdict = decision.verdict
      ? el("p", { className: `verdict-${decision.verdict}`, id: id("verdict") },
        `Your verdict: ${VERDICT_NAMES[decision.verdict]}, ${decision.chipsLost.toFixed(2)} `
        + "chips lost in expectation against the best lineup.")
      : el("p", { id: id("verdict") }, "Your lineup could not be scored.");
    try {
      const answer = await call("/v1/ramchi/hindsight", { hand: mine.hand, seat: ME,
        dealer: mine.dealer, lineups, played });
      const list = el("ol", { className: "lineup", "aria-label": "Best lineup in hindsight" },
        ...answer.combinations.map((combo) => el("li", {},
          el("p", {}, `Round ${combo.round}: `, el("strong", {}, combo.name)),
          cardRow(combo.cards, `Hindsight round ${combo.round}: ${combo.name}`))));
      box.replaceChildren(el("h4", {}, "Hindsight review"), verdict,
        el("p", {}, `Knowing the others' lineups, the best lineup wins ${signed(answer.chips)} chips; `
          + `yours won ${signed(answer.played_chips)}.`), list);
    } catch (error) {
      box.replaceChildren(el("h4", {}, "Hindsight review"), verdict);
      status.fail(error);
    }
  }

  // -- the review after the game ---------------------------------------------------------------
  function renderReview() {
    status.done("Game over.");
    const scored = decisions.filter((d) => d.verdict);
    const total = scored.reduce((sum, d) => sum + d.chipsLost, 0);
    const table = el("table", { "aria-label": "Your decisions" },
      el("tr", {}, el("th", { className: "num" }, "Hand"), el("th", {}, "Your lineup"),
        el("th", { className: "num" }, "Chips lost"), el("th", {}, "Verdict")),
      ...decisions.map((d) => el("tr", {},
        el("td", { className: "num" }, String(d.hand)),
        el("td", {}, d.lineup.length ? d.lineup.map((c) => c.map(cardText).join(" ")).join(" / ")
          : "all discarded"),
        el("td", { className: "num" }, d.verdict ? d.chipsLost.toFixed(2) : "–"),
        el("td", { className: d.verdict ? `verdict-${d.verdict}` : "" },
          d.verdict ? VERDICT_NAMES[d.verdict] : "not scored"))),
      el("tr", {}, el("th", { scope: "row", colSpan: 2 }, "Total EV lost"),
        el("td", { className: "num", id: id("total-lost") }, total.toFixed(2)), el("td", {}, "")));
    const scroll = el("div", {}, table);
    scroll.style.overflowX = "auto";
    const again = el("button", { type: "button" }, "New game");
    again.addEventListener("click", () => {
      setup.hidden = false;
      tableBox.hidden = true;
      reviewBox.hidden = true;
      resultBox.hidden = true;
      nameInput.focus();
    });
    const winner = Math.max(...view.chips);
    reviewBox.replaceChildren(el("h3", { id: id("review-heading"), tabIndex: -1 }, "Game review"),
      el("p", {}, `Final chips: `, [0, 1, 2].map((seat) => `${name(seat)} ${signed(view.chips[seat])}`)
        .join(", "), `. Winner: ${[0, 1, 2].filter((s) => view.chips[s] === winner).map(name).join(" and ")}.`),
      scroll, el("div", { className: "row" }, again));
    reviewBox.hidden = false;
    reviewBox.querySelector("h3").focus();
  }

  panel.append(el("h2", {}, "Play Ramchi"),
    el("p", {}, "Play a refereed game against two bots. Your arrangements are scored against the "
      + "solver's as you play, and each hand is reviewed in hindsight."),
    setup, tableBox);
  status = feedback(panel);
  panel.append(resultBox, reviewBox);
}

export const tool = { id: "ramchi-play", title: "Play Ramchi", mount };
