// The words of Play Ramchi: who is who at the table, in a player's grammar. Your seat is "you"
// ("You deal", "you −4"), the bots are "Bot 1" and "Bot 2", and each bot is described by how it
// plays ("a greedy player"), never by its code name. No DOM here.

import { cardText, signed, yourName } from "/web/format.js";

/** The bots a game may seat, by code: what the API takes, and how a player reads it. */
export const BOT_KINDS = [
  ["greedy", "a greedy player", "greedy players"],
  ["maximin", "a cautious player", "cautious players"],
  ["ev", "an expected-chips player", "expected-chips players"],
];

/** "a greedy player" for "greedy" (the code itself for a bot this page does not know). */
export function botWords(kind) {
  const found = BOT_KINDS.find(([code]) => code === kind);
  return found ? found[1] : kind;
}

/** "a greedy player and an expected-chips player", or "two greedy players". */
export function opponentsWords(first, second) {
  if (first === second) {
    const found = BOT_KINDS.find(([code]) => code === first);
    return `two ${found ? found[2] : first}`;
  }
  return `${botWords(first)} and ${botWords(second)}`;
}

/** The seats of one game as sentences name them; ``me`` is your seat. */
export class TableWords {
  constructor(players, bots, me = 0) {
    Object.assign(this, { players, bots, me });
  }

  /** The subject at a sentence's start: "You" or "Bot 1". */
  who(seat) {
    return seat === this.me ? "You" : this.players[seat];
  }

  /** The seat inside a sentence: "you" or "Bot 1". */
  whom(seat) {
    return seat === this.me ? "you" : this.players[seat];
  }

  /** "your" or "Bot 1's". */
  whose(seat) {
    return seat === this.me ? "your" : `${this.players[seat]}'s`;
  }

  /** A subject and its verb: ``says(0, "deal", "deals")`` is "You deal", for a bot "Bot 1 deals". */
  says(seat, youForm, otherForm) {
    return `${this.who(seat)} ${seat === this.me ? youForm : otherForm}`;
  }

  /** The seat in a table's row header: "You" (or "Asha (you)"), "Bot 1 (a greedy player)". */
  rowName(seat) {
    if (seat === this.me) return yourName(this.players[seat]);
    return this.bots[seat] ? `${this.players[seat]} (${botWords(this.bots[seat])})` : this.players[seat];
  }

  /** "you −4, Bot 1 −4, Bot 2 +8" (chips by seat). */
  chipsList(values) {
    return values.map((value, seat) => `${this.whom(seat)} ${signed(value)}`).join(", ");
  }

  /** A four of a kind in words: "Bot 2 holds four of a kind (6♠ 6♥ 6♦ 6♣). The hand is not
   * played: Bot 2 takes 4 chips from you and 4 from Bot 1." (from the event's chips). */
  fourOfAKind(four) {
    const paid = four.chips.map((value, seat) => [seat, value]).filter(([, value]) => value < 0);
    const from = paid.map(([seat, value], i) => `${-value}${i === 0 ? " chips" : ""} from ${this.whom(seat)}`);
    const verb = four.seat === this.me ? "take" : "takes";
    const takes = from.length ? `${this.whom(four.seat)} ${verb} ${from.join(" and ")}` : "no chips change hands";
    return `${this.says(four.seat, "hold", "holds")} four of a kind (${four.cards.map(cardText).join(" ")}). `
      + `The hand is not played: ${takes}.`;
  }

  /** "Bot 2 has four of a kind" / "You have four of a kind": a heading's words. */
  fourHeading(four) {
    return `${this.says(four.seat, "have", "has")} four of a kind`;
  }
}
