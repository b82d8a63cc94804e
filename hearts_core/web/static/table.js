// The web table's page: the lobby at "/", a table at "/table/ID#TOKEN".
// Everything the server sends is described in docs/web-table.md.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const page = {
  seat: null, names: [], view: null, selected: new Set(), socket: null, host: false,
  lastHand: null, // the last hand-scored event: its scores stay in the table until the next
};

function cardText(card) {
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SUITS[card[1]];
}

function cardsText(cards) {
  return cards.map(cardText).join(" ");
}

function nameOf(seat) {
  return seat === page.seat ? "You" : page.names[seat];
}

function say(text) {
  const item = document.createElement("li");
  item.textContent = text;
  $("log").append(item);
  while ($("log").children.length > 60) $("log").firstElementChild.remove();
  $("log").scrollTop = $("log").scrollHeight;
}

// Messages name cards as the formats write them (QS, TH): show them as on the table.
function withSymbols(text) {
  return text.replace(/\b([2-9TJQKA])([CDHS])\b/g, (card) => cardText(card));
}

function showMessage(text) {
  $("message").textContent = withSymbols(text);
  $("message").hidden = !text;
}

// --- the lobby -------------------------------------------------------------

async function lobby() {
  $("lobby").hidden = false;
  const answer = await fetch("/api/variants");
  const offered = await answer.json();
  const select = $("variant");
  for (const variant of offered.variants) {
    const option = new Option(`${variant.name} (${variant.players} players)`, variant.name);
    option.dataset.description = variant.description;
    select.append(option);
  }
  select.value = offered.default;
  const describe = () => {
    $("variant-description").textContent = select.selectedOptions[0].dataset.description;
  };
  select.addEventListener("change", describe);
  describe();
  $("new-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    const made = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variant: select.value }),
    });
    const table = await made.json();
    if (!made.ok) {
      $("variant-description").textContent = table.message;
      return;
    }
    location.assign(table.link);
  });
}

// --- the table -------------------------------------------------------------

function send(message) {
  page.socket.send(JSON.stringify(message));
}

function connect(tableId, token) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  page.socket = socket;
  socket.addEventListener("open", () => send({ type: "join", token }));
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    $("prompt").textContent = "Disconnected from the table. Reload the page to sit down again.";
  });
}

function receive(message) {
  if (message.type === "welcome") welcome(message);
  else if (message.type === "update") {
    if (message.game !== page.game) page.lastHand = null; // a new game at the table
    page.game = message.game;
    update(message);
  }
  else if (message.type === "refused") showMessage(message.message);
  else if (message.type === "error") {
    const details = message.problems.map((p) => `${p.path}: ${p.message}`).join("; ");
    showMessage(message.message + (details ? ` (${details})` : ""));
  }
}

function welcome(message) {
  page.seat = message.seat;
  page.names = message.names;
  page.host = message.host;
  $("where").textContent = `${message.variant.name}: you sit ${message.names[message.seat]}`;
  $("invite").hidden = message.invites.length === 0;
  $("invite").open = true;
  $("invites").replaceChildren(
    ...message.invites.map((invite) => {
      const item = document.createElement("li");
      const field = document.createElement("input");
      field.readOnly = true;
      field.value = location.origin + invite.link;
      field.setAttribute("aria-label", `Link for ${invite.name}`);
      field.addEventListener("focus", () => field.select());
      item.append(`${invite.name}: `, field);
      return item;
    }),
  );
}

function update(message) {
  const view = message.view;
  page.view = view;
  const board = $("board");
  board.innerHTML = message.svg;
  fitToScreen(board.querySelector("svg"));
  for (const card of board.querySelectorAll(`.hand [data-card]`)) {
    if (page.selected.has(card.dataset.card)) card.classList.add("selected");
    card.addEventListener("click", () => clickCard(card));
  }
  if (view.phase !== "pass" || !view.to_act.includes(page.seat)) page.selected.clear();
  for (const event of message.events) tell(event, board);
  scores(view, message.seats);
  controls(view, message);
}

// On a narrow screen the drawing keeps only the seats and the trick (the scores and the
// passes are on the page below it), so the cards are as large as the width allows.
const NARROW = window.matchMedia("(max-width: 760px)");

function fitToScreen(svg) {
  if (!svg || !NARROW.matches) return;
  const parts = [...svg.querySelectorAll(".seat, .trick")].map((part) => part.getBBox());
  const shown = parts.filter((box) => box.width > 0);
  if (!shown.length) return;
  const margin = 8;
  const left = Math.min(...shown.map((box) => box.x)) - margin;
  const top = Math.min(...shown.map((box) => box.y)) - margin;
  const right = Math.max(...shown.map((box) => box.x + box.width)) + margin;
  const bottom = Math.max(...shown.map((box) => box.y + box.height)) + margin;
  svg.setAttribute("viewBox", `${left} ${top} ${right - left} ${bottom - top}`);
}

function clickCard(element) {
  const view = page.view;
  const card = element.dataset.card;
  showMessage("");
  if (view.phase === "pass" && view.to_act.includes(page.seat)) {
    if (page.selected.has(card)) page.selected.delete(card);
    else if (page.selected.size < view.rules.pass_count) page.selected.add(card);
    element.classList.toggle("selected", page.selected.has(card));
    passButton(view);
    return;
  }
  // An illegal card is sent too: the server answers with the rule it breaks.
  send({ type: "act", action: { type: "play", seat: page.seat, card } });
}

function passButton(view) {
  const count = view.rules.pass_count;
  const button = $("pass");
  button.disabled = page.selected.size !== count;
  button.textContent = `Pass ${page.selected.size}/${count} ${view.pass_direction}`;
}

function tell(event, board) {
  switch (event.type) {
    case "hand-dealt":
      say(`Hand ${event.hand_number + 1}: ${nameOf(event.dealer)} dealt; ` +
        (event.pass_direction === "hold" ? "no passing." : `pass ${event.pass_direction}.`));
      $("last-trick").hidden = true;
      break;
    case "cards-passed":
      if (event.cards && event.from_seat === page.seat)
        say(`You passed ${cardsText(event.cards)} to ${nameOf(event.to_seat)}.`);
      else if (event.cards) say(`${nameOf(event.from_seat)} passed you ${cardsText(event.cards)}.`);
      break;
    case "card-played": {
      say(`${nameOf(event.seat)} ${event.seat === page.seat ? "play" : "plays"} ${cardText(event.card)}`);
      const placed = board.querySelector(`.trick [data-card="${event.card}"]`);
      if (placed) placed.classList.add("just-played");
      break;
    }
    case "hearts-broken":
      say("Hearts are broken.");
      break;
    case "trick-taken": {
      const who = nameOf(event.winner);
      const text = `${who} ${event.winner === page.seat ? "take" : "takes"} the trick: ` +
        `${cardsText(event.cards)} (${event.points} ${Math.abs(event.points) === 1 ? "point" : "points"})`;
      $("last-trick").textContent = text;
      $("last-trick").hidden = false;
      $("last-trick").style.animation = "none";
      void $("last-trick").offsetWidth; // restart the animation
      $("last-trick").style.animation = "";
      say(text);
      break;
    }
    case "moon-shot":
    case "moon-chosen":
      if (event.option) say(`${nameOf(event.seat)} shot the moon (${event.option}).`);
      else say(`${nameOf(event.seat)} shot the moon and chooses how it scores.`);
      break;
    case "sun-shot":
      say(`${nameOf(event.seat)} shot the sun: every trick!`);
      break;
    case "hand-scored":
      page.lastHand = event;
      say(`Hand ${event.hand_number + 1} scores: ` +
        event.scores.map((score, seat) => `${nameOf(seat)} ${score}`).join(", ") + ".");
      break;
    case "game-over":
      say(`Game over: ${event.winners.map(nameOf).join(" and ")} ` +
        `${event.winners.length === 1 && event.winners[0] !== page.seat ? "wins" : "win"}.`);
      break;
  }
}

function scores(view, seats) {
  const last = page.lastHand;
  const lastHeading = last ? `<th title="What each seat scored in hand ${last.hand_number + 1}">Hand ${last.hand_number + 1}</th>` : "";
  $("scores").tHead.innerHTML = `<tr><th>Seat</th><th>Points</th>${lastHeading}<th>Total</th></tr>`;
  const rows = seats.map((seat) => {
    const row = document.createElement("tr");
    const who = seat.seat === page.seat ? `${seat.name} (you)` : seat.name + (seat.person ? "" : " (bot)");
    const cells = [who, view.hand_points[seat.seat]];
    if (last) cells.push(last.scores[seat.seat]);
    cells.push(view.totals[seat.seat]);
    for (const text of cells) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    row.classList.toggle("you", seat.seat === page.seat);
    row.classList.toggle("winner", view.winners.includes(seat.seat));
    return row;
  });
  $("scores").tBodies[0].replaceChildren(...rows);
}

function controls(view, message) {
  const mine = view.to_act.includes(page.seat);
  const over = view.winners.length > 0;
  $("start").hidden = message.started || !page.host;
  $("new-game").hidden = !over;
  $("pass").hidden = !(view.phase === "pass" && mine);
  $("moon").hidden = !(view.phase === "moon" && mine);
  if (!$("pass").hidden) passButton(view);
  let prompt;
  if (!message.started) prompt = page.host ? "Press Deal to start." : "Waiting for the host to deal.";
  else if (over) prompt = `Game over: ${view.winners.map(nameOf).join(" and ")} ${view.winners.length === 1 && view.winners[0] !== page.seat ? "wins" : "win"}.`;
  else if (view.phase === "pass" && mine) prompt = `Choose ${view.rules.pass_count} cards to pass ${view.pass_direction}.`;
  else if (view.phase === "pass") prompt = "Waiting for the others to pass.";
  else if (view.phase === "play" && mine) prompt = "Your turn: click a card to play it.";
  else if (view.phase === "moon" && mine) prompt = "You shot the moon! Choose how it scores.";
  else if (view.to_act.length) prompt = `${nameOf(view.to_act[0])} to ${view.phase === "moon" ? "choose" : "play"}.`;
  else prompt = "";
  $("prompt").textContent = prompt;
}

function setUp() {
  $("start").addEventListener("click", () => send({ type: "start" }));
  $("new-game").addEventListener("click", () => send({ type: "new-game" }));
  $("pass").addEventListener("click", () => {
    send({ type: "act", action: { type: "pass", seat: page.seat, cards: [...page.selected] } });
    page.selected.clear();
  });
  const moon = $("moon");
  for (const [option, label] of [["add-to-others", "Add to everyone else"], ["subtract-from-shooter", "Subtract from my total"]]) {
    const button = document.createElement("button");
    button.textContent = label;
    button.dataset.option = option;
    button.addEventListener("click", () => send({ type: "act", action: { type: "moon", seat: page.seat, option } }));
    moon.append(button);
  }
}

const match = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)$/);
if (match) {
  $("table").hidden = false;
  setUp();
  connect(match[1], location.hash.slice(1));
} else {
  lobby();
}
