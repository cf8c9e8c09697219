// A played Continental game stepped through turn by turn, as your seat saw it: the service's
// replay of the game's log (client.js: replay) gives the table after each record; the page shows
// each record in words, every player's hand size, drop and the melds and discard top, and your
// own hand only (never another player's cards, even once the log shows them).

import { RawJson, gameLogText, replay } from "/web/client.js";
import { cardRow, cardElement } from "/web/cards.js";
import { plural, yourName } from "/web/format.js";
import { describeRecord } from "/web/continental_show.js";
import { button, el, meldRow, scrollBox } from "/web/widgets.js";

const PAGE = 200;

/** Every step of the replay of ``log`` (the pages asked for one after the other). */
async function allSteps(log) {
  const steps = [];
  for (let from = 0; from !== null && from !== undefined;) {
    const answer = await replay(log, { from, limit: PAGE });
    steps.push(...(answer.steps || []));
    from = answer.next_from;
  }
  return steps;
}

/** A record as your seat may read it: another player's penalty card stays face down. */
function seatRecord(record, me) {
  return record.kind === "card_bought" && record.seat !== me ? { ...record, penalty: "hidden" } : record;
}

/** The table after one step, from your seat: sizes, drops, melds, discard top, your hand. */
function seatState(state, players, me) {
  const pile = state.discard_pile || [];
  const top = pile.length ? pile[pile.length - 1] : null;
  const mine = state.hands && state.hands[me];
  const num = (text) => el("td", { className: "num" }, text);
  return [
    scrollBox(el("table", {}, el("caption", {}, "Players after this turn"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"),
        el("th", { scope: "col", className: "num" }, "Cards"), el("th", { scope: "col" }, "Dropped"))),
      el("tbody", {}, players.map((player, seat) => el("tr", {},
        el("th", { scope: "row" }, seat === me ? yourName(player) : player),
        num(String((state.hand_sizes || [])[seat] ?? "–")),
        el("td", {}, (state.dropped || [])[seat] ? "yes" : "no")))))),
    el("div", { className: "row pile" }, el("span", {}, "Discard pile:"),
      top ? cardElement(top) : el("span", {}, "empty"),
      el("span", {}, `Stock: ${plural(state.stock_size || 0, "card")}`)),
    (state.table || []).length
      ? el("ul", { className: "table-meld-list", "aria-label": "Melds on the table" }, state.table.map((meld, i) =>
        el("li", {}, el("span", {}, `Meld ${i + 1} (${players[meld.seat] ?? ""}, ${meld.kind}): `),
          meldRow(meld.cards, `Meld ${i + 1}: ${meld.text}`))))
      : el("p", {}, "No melds yet."),
    mine ? el("div", {}, el("h6", {}, "Your hand"), cardRow(mine, "Your hand in the replay")) : null,
  ];
}

/** The replay of the game of ``handle`` in ``root``: Previous / Next and the turn shown. */
export async function showReplay(root, handle, players, me, contracts) {
  root.replaceChildren(el("p", { className: "busy" }, "Reading the game's log…"));
  const { text, data: log } = await gameLogText(handle.id, handle.token);
  const records = log.log || [];
  // the log posted back as the service wrote it (a seed past 2**53 stays exact)
  const steps = (await allSteps(new RawJson(text))).filter((step) => step.state && step.kind !== "dealer_drawn");
  let at = 0;
  const position = el("p", { className: "busy", "aria-live": "polite" });
  const record = el("div", { className: "replay-record" });
  const previous = button("Previous", () => go(at - 1), { label: "Previous turn" });
  const next = button("Next", () => go(at + 1), { label: "Next turn" });
  const go = (target) => {
    at = Math.max(0, Math.min(steps.length - 1, target));
    const step = steps[at];
    previous.disabled = at === 0;
    next.disabled = at === steps.length - 1;
    position.textContent = `Turn ${at + 1} of ${steps.length}.`;
    const said = describeRecord(seatRecord(records[step.index], me), players, me, contracts);
    record.replaceChildren(el("h5", {}, step.hand ? `Hand ${step.hand}` : "The deal"),
      el("p", { className: "step-text" }, said), ...seatState(step.state, players, me));
  };
  root.replaceChildren(el("h4", {}, "Replay of the game"),
    el("p", {}, "Each turn as your seat saw it: what was done, then the table after it."),
    el("div", { className: "row", role: "group", "aria-label": "Step through the turns" }, previous, next, position),
    record);
  if (steps.length) go(0); else position.textContent = "Nothing to replay yet.";
}
