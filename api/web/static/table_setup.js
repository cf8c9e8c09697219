// The form that sets up a table: the game, the players (you first, then each seat a person or a
// bot of that game), the ruleset and its options as the service describes them, the hands and an
// optional seed. It builds the body that creates the game (client.js sends it); the service checks it.

import { ruleset as rulesetOf, rulesets } from "/web/client.js";
import { BOT_KINDS } from "/web/ramchi_play_words.js";
import { CONTINENTAL_BOTS, continentalBotWords } from "/web/continental_show.js";
import { checkRow, el, field, fillSelect, select } from "/web/widgets.js";

/** What each game's form offers: its seats, its bots (code → words) and its hands. */
export const GAMES = {
  ramchi: { title: "Ramchi", seats: [3], hands: { min: 1, max: 20, value: 3 },
    bots: BOT_KINDS.map(([code, words]) => [code, `a bot: ${words}`]) },
  continental: { title: "Continental Rummy", seats: [2, 3, 4, 5, 6, 7, 8], hands: { min: 1, max: 7, value: 7 },
    bots: Object.keys(CONTINENTAL_BOTS).map((code) => [code, `a bot: ${continentalBotWords(code)}`]) },
};

const PERSON = "person";
const MOST_SEATS = 8;
/** Above this many players Continental needs ``max_players`` raised to the table's size. */
const USUAL_MOST_PLAYERS = 6;

/** One seat's row: its name and who plays it (the first seat is yours: always a person). */
function seatRow(index) {
  const name = el("input", { type: "text", maxLength: 40, autocomplete: index === 0 ? "nickname" : "off",
    value: index === 0 ? "" : `Player ${index + 1}`, required: true });
  name.setAttribute("aria-label", index === 0 ? "Your name" : `Player ${index + 1}'s name`);
  const who = select([[PERSON, "a person"]], PERSON);
  who.setAttribute("aria-label", `Who plays seat ${index + 1}`);
  const row = el("li", { className: "row seat-row" },
    el("span", { className: "seat-number" }, index === 0 ? "You:" : `Seat ${index + 1}:`), name,
    index === 0 ? el("span", {}, "(you play this seat)") : el("span", {}, "played by"), index === 0 ? null : who);
  if (index === 0) name.placeholder = "Your name";
  return { row, name, who };
}

/** An input for one ruleset option as the service describes it (client.js ``ruleset``). */
function optionInput(option) {
  if (option.type === "boolean") {
    const box = el("input", { type: "checkbox", checked: Boolean(option.value) });
    return { node: checkRow(box, option.description), read: () => box.checked, input: box };
  }
  if (option.choices) {
    const chooser = select(option.choices.map((c) => [c, c]), String(option.value));
    return { node: field(option.name.replace(/_/g, " "), chooser, option.description), read: () => chooser.value, input: chooser };
  }
  const number = el("input", { type: "number", value: String(option.value), step: 1, inputMode: "numeric" });
  if (option.minimum !== null) number.min = String(option.minimum);
  if (option.maximum !== null) number.max = String(option.maximum);
  number.style.width = "7rem";
  return { node: field(option.name.replace(/_/g, " "), number, option.description),
    read: () => Number(number.value), input: number };
}

/**
 * The set-up form; ``onCreate(body)`` is called with the create body when it is sent, and
 * ``run(work)`` runs each load of the form (e.g. to mark the tab busy and show what went wrong).
 */
export function tableSetup(onCreate, run = (work) => work()) {
  const game = select(Object.entries(GAMES).map(([code, g]) => [code, g.title]), "ramchi");
  const count = select([], "3");
  const seats = Array.from({ length: MOST_SEATS }, (_, i) => seatRow(i));
  const seatList = el("ol", { className: "seat-list", "aria-label": "Seats in play order" }, seats.map((s) => s.row));
  const hands = el("input", { type: "number", step: 1, inputMode: "numeric" });
  hands.style.width = "5rem";
  const seed = el("input", { type: "text", inputMode: "numeric", maxLength: 19, placeholder: "random" });
  seed.style.width = "12rem";
  const rulesetChoice = select([], "");
  const optionsBox = el("div", { className: "options" });
  let options = [];
  /** The latest load of the game's seats, rulesets and options (a submit waits for it). */
  let loading = Promise.resolve();
  let loads = 0;
  const start = el("button", { type: "submit", className: "primary" }, "Create the table");
  const form = el("form", { className: "table-setup", noValidate: true },
    el("fieldset", {}, el("legend", {}, "A new table"),
      field("Game", game),
      field("Players", count, "in play order: seat 1 (you) plays first after the dealer's draw"),
      seatList,
      field("Hands", hands),
      el("details", {}, el("summary", {}, "Ruleset, options and seed"),
        field("Ruleset", rulesetChoice), optionsBox,
        field("Seed (optional)", seed, "the same seed deals the same cards: leave it empty for a random deal")),
      el("div", { className: "row" }, start)));

  const chosen = () => GAMES[game.value];
  const showSeats = () => {
    seats.forEach((seat, i) => { seat.row.hidden = i >= Number(count.value); });
  };
  async function loadOptions(load) {
    const name = rulesetChoice.value || game.value;
    const described = await rulesetOf(name);
    if (load !== loads) return;
    options = described.options
      .filter((option) => !(game.value === "continental" && option.name === "max_players"))
      .map((option) => ({ option, ...optionInput(option) }));
    optionsBox.replaceChildren(...options.map((o) => o.node));
  }
  async function showGame(load) {
    const g = chosen();
    fillSelect(count, g.seats.map((n) => [String(n), String(n)]), String(g.seats.includes(3) ? 3 : g.seats[0]));
    count.disabled = g.seats.length === 1;
    for (const seat of seats.slice(1)) fillSelect(seat.who, [[PERSON, "a person"], ...g.bots], PERSON);
    Object.assign(hands, { min: String(g.hands.min), max: String(g.hands.max), value: String(g.hands.value) });
    const known = (await rulesets()).filter((r) => r.game === game.value);
    if (load !== loads) return;
    fillSelect(rulesetChoice, known.map((r) => [r.name, r.title === r.name ? r.name : `${r.title} (${r.name})`]), game.value);
    showSeats();
    await loadOptions(load);
  }
  /**
   * Run ``work`` (given this load's number) as the form's latest load: the form is busy and its
   * button waits until it ends, and a load overtaken by a newer one changes nothing.
   */
  function reload(work) {
    loads += 1;
    const load = loads;
    form.setAttribute("aria-busy", "true");
    start.disabled = true;
    loading = work(load).finally(() => {
      if (load !== loads) return;
      form.removeAttribute("aria-busy");
      start.disabled = false;
    });
    return loading;
  }
  game.addEventListener("change", () => run(() => reload(showGame)));
  count.addEventListener("change", showSeats);
  rulesetChoice.addEventListener("change", () => run(() => reload(loadOptions)));

  /** The create body the form says (the service checks every field). */
  function body() {
    const n = Number(count.value);
    const used = seats.slice(0, n);
    const created = {
      game: game.value,
      players: used.map((seat, i) => seat.name.value.trim() || (i === 0 ? "You" : `Player ${i + 1}`)),
      bots: used.map((seat, i) => (i === 0 || seat.who.value === PERSON ? null : seat.who.value)),
      hands: Number(hands.value),
      ruleset: rulesetChoice.value || game.value,
    };
    const changed = Object.fromEntries(options.filter(({ option, read }) => read() !== option.value)
      .map(({ option, read }) => [option.name, read()]));
    if (game.value === "continental" && n > USUAL_MOST_PLAYERS) changed.max_players = n;
    if (Object.keys(changed).length) created.options = changed;
    const seedText = seed.value.trim();
    if (seedText) created.seed = /^\d+$/.test(seedText) ? Number(seedText) : seedText;
    return created;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await loading;
    } catch {
      // the failed load was reported where it happened; the service checks the body anyway
    }
    onCreate(body());
  });
  return { form, start, ready: reload(showGame), focus: () => seats[0].name.focus(), gameChoice: game,
    /** Names and seats in play order, e.g. to fill a test: [{name, who}] inputs. */
    seats, count, hands, seed };
}


