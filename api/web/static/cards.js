// Cards drawn by the page itself as SVG: rank and suit symbol, a text alternative for every card
// (the names and codes are format.js's).

import { SUITS, cardButtonName, cardName, parseCode } from "/web/format.js";

const SVG = "http://www.w3.org/2000/svg";

function svgText(x, y, size, text, anchor = "start") {
  const node = document.createElementNS(SVG, "text");
  node.setAttribute("x", x);
  node.setAttribute("y", y);
  node.setAttribute("font-size", size);
  node.setAttribute("fill", "currentColor");
  node.setAttribute("text-anchor", anchor);
  node.textContent = text;
  return node;
}

/** The SVG picture of a card (decorative: its container carries the text alternative). */
export function cardSvg(code) {
  const card = parseCode(code);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 50 70");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const face = document.createElementNS(SVG, "rect");
  face.setAttribute("class", "face");
  face.setAttribute("x", 1); face.setAttribute("y", 1);
  face.setAttribute("width", 48); face.setAttribute("height", 68);
  face.setAttribute("rx", 5);
  svg.append(face);
  if (!card) {
    svg.append(svgText(25, 40, 14, "?", "middle"));
  } else if (card.joker) {
    svg.append(svgText(25, 15, 11, "Joker", "middle"), svgText(25, 50, 26, "★", "middle"));
  } else {
    const rank = card.rank === "T" ? "10" : card.rank;
    const symbol = SUITS[card.suit].symbol;
    svg.append(svgText(4, 17, 15, rank), svgText(5, 31, 13, symbol),
      svgText(29, 58, 30, symbol, "middle"));
  }
  if (card && card.copy > 1) {
    // The deck a copy comes from, as dots (shapes, not text: the name says "copy 2").
    for (let dot = 0; dot < card.copy - 1; dot += 1) {
      const mark = document.createElementNS(SVG, "circle");
      mark.setAttribute("cx", 44 - dot * 5);
      mark.setAttribute("cy", 64);
      mark.setAttribute("r", 1.8);
      mark.setAttribute("fill", "currentColor");
      svg.append(mark);
    }
  }
  return svg;
}

/** The CSS class of a card's suit colour ("suit-h", "suit-joker"). */
export function suitClass(code) {
  const card = parseCode(code);
  if (!card) return "suit-none";
  return card.joker ? "suit-joker" : `suit-${card.suit}`;
}

/** A card as an image with its name as the text alternative. */
export function cardElement(code) {
  const span = document.createElement("span");
  span.className = `card ${suitClass(code)}`;
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", cardName(code));
  span.title = cardName(code);
  span.dataset.card = code;
  span.append(cardSvg(code));
  return span;
}

/** A card as a toggle button (``aria-pressed``), for picking cards with mouse or keyboard. */
export function cardButton(code, onToggle) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `card-button card ${suitClass(code)}`;
  button.setAttribute("aria-pressed", "false");
  button.setAttribute("aria-label", cardButtonName(code));
  button.title = cardName(code);
  button.dataset.card = code;
  button.append(cardSvg(code));
  button.addEventListener("click", () => {
    const pressed = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(pressed));
    if (onToggle) onToggle(code, pressed, button);
  });
  return button;
}

/** A row of card images (a list, so screen readers count them). */
export function cardRow(codes, label) {
  const list = document.createElement("ul");
  list.className = "cards";
  list.setAttribute("role", "list");
  if (label) list.setAttribute("aria-label", label);
  for (const code of codes) {
    const item = document.createElement("li");
    item.style.listStyle = "none";
    item.append(cardElement(code));
    list.append(item);
  }
  return list;
}
