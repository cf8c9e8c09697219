// The Ramchi trainer while the player arranges: each round names its combination in the rules'
// words (the trainer check of client.js), an invalid round says why in words, the combinations are
// listed in the order the rules play them, and a four of a kind is told at the deal. The hint
// and the best arrangement come from the advice.

import { trainerCheck } from "/web/client.js";
import { cardsText } from "/web/format.js";
import { el } from "/web/widgets.js";

/** What a round says beside its cards, from the check's answer for it. */
export function roundNote(round, size) {
  if (!round.complete) {
    return el("span", {}, `${round.cards.length} of ${size} cards`);
  }
  if (!round.is_combination) {
    return el("span", { className: "slot-invalid" }, el("strong", {}, "Not a combination: "),
      round.reason || "these three cards make none");
  }
  return el("span", { className: "slot-valid" }, el("strong", {}, round.name),
    ` — played in round ${round.plays_in_round}`);
}

/** The combinations in the order the rules play them (a list), or a sentence when there are none. */
export function playingOrder(answer) {
  const byRound = new Map(answer.rounds.map((round) => [round.round, round]));
  if (!answer.playing_order.length) return el("p", {}, "No combination yet: every card would be discarded.");
  return el("ol", { "aria-label": "Your combinations in playing order" },
    ...answer.playing_order.map((number) => {
      const round = byRound.get(number);
      return el("li", {}, el("strong", {}, round.name), ` (${cardsText(round.cards)}), from your round ${number}`);
    }));
}

/** The sentence that tells a four of a kind at the deal, or null. */
export function fourOfAKindLine(answer) {
  const four = answer.four_of_a_kind;
  if (!four) return null;
  return el("p", { className: "four-of-a-kind", id: "ramchi-trainer-four" }, el("strong", {}, `${four.name} `
    + `(${cardsText(four.cards)}): `), "by the rules this hand is not played (four of a kind wins "
    + "it at once), so however you arrange it, every lineup scores the same.");
}

/** Ask the rules about the rounds as they are; only the latest question's answer is used. */
export class LiveCheck {
  constructor(onAnswer) {
    this.onAnswer = onAnswer;
    this.asked = 0;
    this.last = null;
  }

  /** Check ``rounds`` of ``dealt`` (exchanged or not); a failure leaves the rounds as they were. */
  async ask(dealt, exchanged, rounds) {
    this.asked += 1;
    const mine = this.asked;
    const body = { hand: dealt.hand, up_card: dealt.upCard, exchange: exchanged, rounds };
    try {
      const answer = await trainerCheck(body);
      if (mine !== this.asked) return;
      this.last = answer;
      this.onAnswer(answer);
    } catch {
      // The check only explains; the score still refuses a bad lineup in words.
    }
  }
}

/** The key of a combination whatever the order of its cards. */
const key = (cards) => [...cards].sort().join(" ");

/** The hint: the exchange if the advice makes it and the player has not, else the next
 * combination of the best lineup (in playing order) that no round holds yet. */
export function hintText(advice, exchanged, rounds) {
  if (advice.four_of_a_kind) return "Hint: this hand is not played, so any arrangement will do.";
  if (advice.exchange && advice.exchange.recommended && !exchanged) {
    return "Hint: the best lineup exchanges the 2♦ for the up-card.";
  }
  if (advice.exchange && !advice.exchange.recommended && exchanged) {
    return "Hint: the best lineup keeps the 2♦.";
  }
  const held = new Set(rounds.filter((round) => round.length).map(key));
  const next = advice.combinations.find((combination) => !held.has(key(combination.cards)));
  if (!next) return "Hint: your rounds already hold every combination of the best lineup.";
  return `Hint: the best lineup plays ${next.name} (${cardsText(next.cards)}) in round ${next.round}.`;
}
