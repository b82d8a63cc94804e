// The web table's page, one front end for two transports: `hearts serve` over a WebSocket
// (the lobby at "/", a table at "/table/ID#TOKEN"), and the play page of the documentation,
// where local.js runs the library in the browser (window.heartsTransport). Both send and
// receive the messages docs/web-table.md describes.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_WORDS = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
  T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const HOLD_MS = 1000; // a completed trick stays on the table this long, or until a click
const COLLECT_MS = 380; // the trick going to its winner
const MOVE_MS = 300; // a card going from a hand to the table, a pass going out or coming in
const SCORED_MS = 1500; // after a hand, its scores stay in the prompt at least this long
const LOG_LINES = 240; // the log keeps the last lines: a few hands
const MOTION = window.matchMedia("(prefers-reduced-motion: no-preference)");
// On a narrow screen the drawing keeps only the seats and the trick (the scores and the
// passes are on the page below it), so the cards are as large as the width allows.
const NARROW = window.matchMedia("(max-width: 760px)");

// Whether cards may move: the person allows motion and sees the page. A hidden tab skips
// the holds and moves, so its title says "Your turn" as soon as it is.
function moving() {
  return MOTION.matches && !document.hidden;
}

const page = {
  transport: null, seat: null, names: [], host: false, moonAmount: 26, invites: [],
  message: null, // the update on the table now
  game: null, selected: new Set(), queue: [], busy: false, holding: null, skip: null,
  focusIndex: null, // the hand's card that has the keyboard focus, by position
  held: null, // which seats people hold, as the invites last showed it
};

// --- words ---------------------------------------------------------------------------

function cardText(card) {
  return (card[0] === "T" ? "10" : card[0]) + SUITS[card[1]];
}

function cardsText(cards) {
  return cards.map(cardText).join(" ");
}

function cardWords(card) {
  return `${RANK_WORDS[card[0]]} of ${SUIT_WORDS[card[1]]}`;
}

function nameOf(seat) {
  return seat === page.seat ? "You" : page.names[seat];
}

// "You take" but "East takes".
function verb(seat, plain, third) {
  return seat === page.seat ? plain : third;
}

function pointsText(points) {
  return `${points} ${Math.abs(points) === 1 ? "point" : "points"}`;
}

function winnersText(winners) {
  const one = winners.length === 1 && winners[0] !== page.seat;
  return `${winners.map(nameOf).join(" and ")} ${one ? "wins" : "win"}`;
}

// Messages name cards as the formats write them (QS, TH): show them as on the table.
function withSymbols(text) {
  return text.replace(/\b([2-9TJQKA])([CDHS])\b/g, (card) => cardText(card));
}

// How a moon scores, in words: "everyone else scores 26", "26 off West's score".
function moonWords(seat, option) {
  const amount = page.moonAmount;
  if (option === "add-to-others") return `everyone else scores ${amount}`;
  return `${amount} off ${seat === page.seat ? "your" : `${page.names[seat]}'s`} score`;
}

function say(text) {
  const item = document.createElement("li");
  item.textContent = text;
  $("log").append(item);
  while ($("log").children.length > LOG_LINES) $("log").firstElementChild.remove();
  $("log").scrollTop = $("log").scrollHeight;
}

function showMessage(text) {
  $("message").textContent = withSymbols(text);
  $("message").hidden = !text;
}

// --- the transports ------------------------------------------------------------------

// `hearts serve`: the lobby over HTTP, a table over one WebSocket.
function serverTransport() {
  const match = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)$/);
  let socket = null;
  return {
    kind: "server",
    atTable: Boolean(match),
    async lobby() {
      const answer = await fetch("/api/variants");
      return answer.json();
    },
    async create(choice) {
      const made = await fetch("/api/tables", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ variant: choice.variant }),
      });
      const table = await made.json();
      if (!made.ok) throw new Error(table.message);
      location.assign(table.link);
      return false; // the table opens at its own address
    },
    connect(receive) {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}/ws/${match[1]}`);
      socket.addEventListener("open", () => this.send({ type: "join", token: location.hash.slice(1) }));
      socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
      socket.addEventListener("close", () => receive({ type: "closed" }));
    },
    send(message) {
      socket.send(JSON.stringify(message));
    },
  };
}

// --- the lobby -----------------------------------------------------------------------

async function showLobby(transport) {
  $("lobby").hidden = false;
  for (const note of document.querySelectorAll("[data-for]")) note.hidden = note.dataset.for !== transport.kind;
  const button = $("make-table");
  button.disabled = true;
  let offered;
  try {
    offered = await transport.lobby();
  } catch (error) {
    $("lobby-status").textContent = error.message;
    return;
  }
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
  if (offered.bots) {
    $("bots-choice").hidden = false;
    for (const bot of offered.bots) $("bots").append(new Option(bot.label, bot.spec));
  }
  button.disabled = false;
  $("new-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      if (await transport.create({ variant: select.value, bots: $("bots").value })) {
        $("lobby").hidden = true;
        showTable(transport);
      }
    } catch (error) {
      $("lobby-status").textContent = error.message;
      button.disabled = false;
    }
  });
}

// --- the table: messages, in order -----------------------------------------------------

function showTable(transport) {
  page.transport = transport;
  $("table").hidden = false;
  setUp();
  transport.connect(receive);
}

function send(message) {
  page.transport.send(message);
}

function receive(message) {
  if (message.type === "welcome") welcome(message);
  else if (message.type === "update") {
    page.queue.push(message);
    if (!page.busy) pump();
  } else if (message.type === "refused") showMessage(message.message);
  else if (message.type === "error") {
    const details = message.problems.map((p) => `${p.path}: ${p.message}`).join("; ");
    showMessage(message.message + (details ? ` (${details})` : ""));
  } else if (message.type === "closed") {
    $("prompt").textContent = "Disconnected from the table. Reload the page to sit down again.";
  }
}

// Updates are shown one after another: a card's move, or a completed trick held on the
// table, finishes before the next update is drawn.
async function pump() {
  page.busy = true;
  try {
    while (page.queue.length) await show(page.queue.shift());
  } finally {
    page.busy = false;
  }
}

function welcome(message) {
  page.seat = message.seat;
  page.names = message.names;
  page.host = message.host;
  page.moonAmount = message.variant.moon_amount;
  page.invites = message.invites;
  $("where").textContent = `${message.variant.name}: you sit ${message.names[message.seat]}`;
  $("invite").hidden = message.invites.length === 0;
  $("invite").open = true;
  moonButtons();
}

// The host's links, one per seat; a seat a friend holds says so instead. Drawn again only
// when that changes, so a link being selected or copied stays as it is.
function invites(seats) {
  const held = seats.map((seat) => seat.person).join();
  if (held === page.held) return;
  page.held = held;
  $("invites").replaceChildren(
    ...page.invites.map((invite) => {
      const item = document.createElement("li");
      if (seats[invite.seat].person) {
        item.textContent = `${invite.name}: taken by a friend`;
        item.classList.add("taken");
        return item;
      }
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

// --- drawing an update -----------------------------------------------------------------

async function show(message) {
  if (message.game !== page.game) {
    page.game = message.game;
    page.selected.clear();
  }
  const board = $("board");
  const before = snapshot(board);
  const hadFocus = board.contains(document.activeElement);
  page.message = message;
  const view = message.view;
  if (view.phase !== "pass" || !view.to_act.includes(page.seat)) page.selected.clear();
  board.innerHTML = message.svg;
  const svg = board.querySelector("svg");
  fitToScreen(svg);
  const taken = message.events.find((event) => event.type === "trick-taken");
  page.holding = taken ? { trick: taken, release: null } : null;
  board.classList.toggle("holding", Boolean(taken));
  dress(svg);
  const moved = arrive(svg, before, message.events);
  const spoken = message.events.map(tell).filter(Boolean);
  if (spoken.length) $("announce").textContent = spoken.join(" ");
  sheet(message);
  invites(message.seats);
  lastTrick(message);
  controls();
  if (hadFocus) refocus(svg);
  if (taken) await hold(board, svg);
  else if (moved && moving()) await pause(MOVE_MS);
  const scored = message.events.some((event) => event.type === "hand-scored");
  if (view.phase === "deal" && scored && !document.hidden) await pause(SCORED_MS, true);
}

// Wait `ms`; with `skippable`, a click on the table or a key in it ends the wait sooner.
function pause(ms, skippable = false) {
  return new Promise((resolve) => {
    const done = () => {
      if (skippable) page.skip = null;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (skippable) page.skip = done;
  });
}

// The trick complete stays on the table for HOLD_MS (a click or a key takes it sooner),
// then goes to its winner.
async function hold(board, svg) {
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, document.hidden ? 0 : HOLD_MS);
    page.holding.release = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  const trick = svg.querySelector(".last-trick");
  if (trick && moving()) {
    const target = seatCentre(svg, page.holding.trick.winner);
    const flights = [...trick.querySelectorAll("[data-card]")].map((card) => {
      const at = position(card);
      return fly(card, { x: 0, y: 0 }, { x: target.x - at.x - 23, y: target.y - at.y - 33 }, COLLECT_MS, 0.2);
    });
    await Promise.all(flights.map((flight) => flight.finished.catch(() => null)));
  }
  page.holding = null;
  board.classList.remove("holding");
  for (const wrapper of svg.querySelectorAll(".last-trick .flight")) wrapper.replaceWith(...wrapper.childNodes);
  controls();
}

// Where each card and each seat was on the table before an update, in the drawing's units.
function snapshot(board) {
  const svg = board.querySelector("svg");
  const found = { cards: new Map(), seats: new Map() };
  if (!svg) return found;
  for (const card of svg.querySelectorAll(".hand [data-card], .trick [data-card]")) {
    if (!found.cards.has(card.dataset.card)) found.cards.set(card.dataset.card, { at: position(card), node: card });
  }
  for (const hand of svg.querySelectorAll("g.hand[data-seat]")) found.seats.set(Number(hand.dataset.seat), centre(hand));
  return found;
}

function position(card) {
  const match = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(card.getAttribute("transform"));
  return match ? { x: Number(match[1]), y: Number(match[2]) } : { x: 0, y: 0 };
}

function centre(element) {
  const box = element.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

function seatCentre(svg, seat) {
  const hand = svg.querySelector(`g.hand[data-seat="${seat}"]`);
  const box = hand ? hand.getBBox() : null;
  if (box && box.width > 0) return centre(hand);
  const name = svg.querySelector(`g.seat[data-seat="${seat}"] .name`);
  return name ? centre(name) : { x: 0, y: 0 };
}

// Move a card (an element of the drawing) by `from` to `to` (offsets from where it is
// drawn), in a wrapper of its own: the card's own transform places it.
function fly(card, from, to, duration, fade = 1, fill = "forwards") {
  let wrapper = card.parentNode;
  if (!wrapper.classList || !wrapper.classList.contains("flight")) {
    wrapper = document.createElementNS(card.namespaceURI, "g");
    wrapper.setAttribute("class", "flight");
    card.replaceWith(wrapper);
    wrapper.append(card);
  }
  return wrapper.animate(
    [
      { transform: `translate(${from.x}px, ${from.y}px)`, opacity: 1 },
      { transform: `translate(${to.x}px, ${to.y}px)`, opacity: fade },
    ],
    { duration, easing: "ease-in-out", fill },
  );
}

// Cards that moved since the last drawing go from where they were to where they are:
// a card played, from its seat to the table; a pass, out to its receiver and in from its
// giver. Whether anything moved.
function arrive(svg, before, events) {
  if (!before.cards.size && !before.seats.size) return false;
  const givers = new Map();
  const gone = [];
  for (const event of events) {
    if (event.type !== "cards-passed" || !event.cards) continue;
    for (const card of event.cards) {
      if (event.to_seat === page.seat) givers.set(card, event.from_seat);
      else gone.push({ card, to: event.to_seat });
    }
  }
  let moved = false;
  const animate = moving();
  for (const card of svg.querySelectorAll(".hand [data-card], .trick [data-card], .last-trick [data-card]")) {
    const inTrick = Boolean(card.closest(".trick, .last-trick"));
    if (card.closest(".last-trick") && !page.holding) continue; // hidden: nothing to see
    const name = card.dataset.card;
    const now = position(card);
    let seat = null;
    let from = null;
    if (givers.has(name) && !inTrick) seat = givers.get(name);
    else if (before.cards.has(name)) from = before.cards.get(name).at;
    else if (inTrick) seat = Number(card.dataset.seat);
    if (seat !== null && before.seats.has(seat)) {
      const at = before.seats.get(seat);
      from = { x: at.x - 23, y: at.y - 33 };
    }
    if (!from || (Math.abs(from.x - now.x) < 0.5 && Math.abs(from.y - now.y) < 0.5)) continue;
    moved = true;
    if (animate) fly(card, { x: from.x - now.x, y: from.y - now.y }, { x: 0, y: 0 }, MOVE_MS, 1, "none");
  }
  for (const { card, to } of gone) {
    const old = before.cards.get(card);
    const seat = seatCentre(svg, to);
    if (!old) continue;
    moved = true;
    if (!animate) continue;
    const ghost = old.node.cloneNode(true);
    ghost.setAttribute("class", "card ghost");
    ghost.setAttribute("aria-hidden", "true");
    svg.append(ghost);
    fly(ghost, { x: 0, y: 0 }, { x: seat.x - 23 - old.at.x, y: seat.y - 33 - old.at.y }, MOVE_MS * 2, 0)
      .finished.then(() => ghost.parentNode && ghost.parentNode.remove()).catch(() => null);
  }
  return moved;
}

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

// --- the hand: pointer, keyboard and screen readers ------------------------------------

function handCards(svg = $("board").querySelector("svg")) {
  return svg ? [...svg.querySelectorAll(`.hand[data-seat="${page.seat}"] [data-card]`)] : [];
}

// The drawing is a picture (role img) for everyone else; here its parts are the table:
// the hand's cards are buttons named in words, reached by Tab and the arrow keys.
function dress(svg) {
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "The table");
  svg.setAttribute("tabindex", "-1");
  const view = page.message.view;
  const passing = view.phase === "pass" && view.to_act.includes(page.seat);
  const passed = new Set(view.passed || []);
  for (const card of handCards(svg)) {
    const name = card.dataset.card;
    card.setAttribute("tabindex", "0");
    card.setAttribute("role", "button");
    let state = "";
    if (passing) {
      const chosen = page.selected.has(name);
      card.classList.toggle("selected", chosen);
      card.setAttribute("aria-pressed", String(chosen));
      state = chosen ? ", chosen to pass" : "";
    } else if (passed.has(name) && view.phase === "pass") {
      card.classList.add("passing");
      state = ", passed";
    } else if (card.classList.contains("legal")) state = ", legal";
    else if (card.classList.contains("illegal")) state = ", not legal now";
    card.setAttribute("aria-label", cardWords(name) + state);
    card.addEventListener("click", () => clickCard(card));
  }
  for (const card of svg.querySelectorAll(".trick [data-card], .last-trick [data-card]")) {
    card.setAttribute("aria-label", `${page.names[Number(card.dataset.seat)]}: ${cardWords(card.dataset.card)}`);
  }
}

function refocus(svg) {
  const cards = handCards(svg);
  if (!cards.length) {
    svg.focus({ preventScroll: true }); // between hands: the keys still reach the table
    return;
  }
  const index = Math.min(page.focusIndex ?? 0, cards.length - 1);
  cards[index].focus();
}

function onKey(event) {
  const cards = handCards();
  const index = cards.indexOf(event.target);
  if ((page.holding || page.skip) && ["Enter", " ", "Escape"].includes(event.key)) {
    event.preventDefault();
    release();
    return;
  }
  if (index < 0) {
    if (event.target.tagName === "svg" && cards.length && event.key.startsWith("Arrow")) {
      event.preventDefault();
      cards[0].focus();
    }
    return;
  }
  const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (event.key in moves) {
    event.preventDefault();
    cards[(index + moves[event.key] + cards.length) % cards.length].focus();
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    cards[event.key === "Home" ? 0 : cards.length - 1].focus();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    clickCard(event.target);
  }
}

function release() {
  if (page.holding && page.holding.release) page.holding.release();
  else if (page.skip) page.skip();
}

function clickCard(element) {
  if (page.holding) {
    release();
    return;
  }
  const view = page.message.view;
  const card = element.dataset.card;
  showMessage("");
  if (view.phase === "pass" && view.to_act.includes(page.seat)) {
    const count = view.rules.pass_count;
    if (page.selected.has(card)) page.selected.delete(card);
    else if (page.selected.size < count) page.selected.add(card);
    else {
      showMessage(`You pass ${count} cards: choose a card again to put it back first.`);
      return;
    }
    const chosen = page.selected.has(card);
    element.classList.toggle("selected", chosen);
    element.setAttribute("aria-pressed", String(chosen));
    element.setAttribute("aria-label", cardWords(card) + (chosen ? ", chosen to pass" : ""));
    passButton(view);
    return;
  }
  if (view.phase !== "play" || !view.to_act.includes(page.seat)) {
    showMessage(view.phase === "play" ? `It is ${page.names[view.to_act[0]]}'s turn.` : "");
    return;
  }
  // An illegal card is sent too: the table answers with the rule it breaks.
  send({ type: "act", action: { type: "play", seat: page.seat, card } });
}

function passButton(view) {
  const count = view.rules.pass_count;
  const button = $("pass");
  button.disabled = page.selected.size !== count;
  button.textContent = `Pass ${page.selected.size}/${count} ${view.pass_direction}`;
}

// --- what happened, in the log and aloud -------------------------------------------------

// The log's line for an event; returns what the live region says of it, if anything.
function tell(event) {
  switch (event.type) {
    case "hand-dealt":
      say(`Hand ${event.hand_number + 1}: ${nameOf(event.dealer)} dealt; ` +
        (event.pass_direction === "hold" ? "no passing." : `pass ${event.pass_direction}.`));
      return `Hand ${event.hand_number + 1} is dealt.`;
    case "cards-passed":
      if (event.cards && event.from_seat === page.seat) {
        say(`You passed ${cardsText(event.cards)} to ${nameOf(event.to_seat)}.`);
      } else if (event.cards) {
        say(`${nameOf(event.from_seat)} passed you ${cardsText(event.cards)}.`);
        return `${nameOf(event.from_seat)} passed you ${event.cards.map(cardWords).join(", ")}.`;
      }
      return null;
    case "card-played":
      say(`${nameOf(event.seat)} ${verb(event.seat, "play", "plays")} ${cardText(event.card)}`);
      return `${nameOf(event.seat)} ${verb(event.seat, "play", "plays")} the ${cardWords(event.card)}.`;
    case "hearts-broken":
      say("Hearts are broken.");
      return "Hearts are broken.";
    case "trick-taken": {
      const text = `${nameOf(event.winner)} ${verb(event.winner, "take", "takes")} the trick`;
      say(`${text}: ${cardsText(event.cards)} (${pointsText(event.points)})`);
      return `${text}, ${pointsText(event.points)}.`;
    }
    case "moon-shot": {
      const text = event.option
        ? `${nameOf(event.seat)} shot the moon: ${moonWords(event.seat, event.option)}.`
        : `${nameOf(event.seat)} shot the moon, and ${verb(event.seat, "choose", "chooses")} how it scores.`;
      say(text);
      return text;
    }
    case "moon-chosen": {
      const text = `${nameOf(event.seat)} chose: ${moonWords(event.seat, event.option)}.`;
      say(text);
      return text;
    }
    case "sun-shot":
      say(`${nameOf(event.seat)} shot the sun: every trick!`);
      return `${nameOf(event.seat)} shot the sun.`;
    case "hand-scored": {
      const text = `Hand ${event.hand_number + 1} scores: ` +
        event.scores.map((score, seat) => `${nameOf(seat)} ${score}`).join(", ") + ".";
      say(text);
      return text;
    }
    case "game-over":
      say(`Game over: ${winnersText(event.winners)}.`);
      return `Game over: ${winnersText(event.winners)}.`;
    default:
      return null;
  }
}

// --- the score sheet, the last trick and the controls ---------------------------------------

function sheet(message) {
  const view = message.view;
  const seats = message.seats;
  const heading = document.createElement("tr");
  heading.append(cell("th", "Hand"));
  for (const seat of seats) {
    const th = cell("th", seat.name);
    const who = seat.seat === page.seat ? " (you)" : seat.person ? "" : " (bot)";
    if (who) {
      const note = document.createElement("small");
      note.className = "who";
      note.textContent = who;
      th.append(note);
    }
    th.scope = "col";
    th.classList.toggle("you", seat.seat === page.seat);
    heading.append(th);
  }
  $("sheet").tHead.replaceChildren(heading);
  const rows = message.hands.map((hand) => {
    const row = document.createElement("tr");
    const th = cell("th", String(hand.hand_number + 1));
    th.scope = "row";
    row.append(th);
    hand.scores.forEach((score, seat) => {
      const td = cell("td", String(score));
      if (hand.points[seat] !== score) {
        const note = document.createElement("small");
        note.textContent = ` (took ${hand.points[seat]})`;
        td.append(note);
      }
      td.classList.toggle("you", seat === page.seat);
      row.append(td);
    });
    return row;
  });
  const playing = message.started && ["pass", "play", "moon"].includes(view.phase);
  if (playing) {
    const row = document.createElement("tr");
    row.className = "current";
    const th = cell("th", `${view.hand_number + 1} so far`);
    th.scope = "row";
    row.append(th);
    view.hand_points.forEach((points, seat) => {
      const td = cell("td", String(points));
      td.classList.toggle("you", seat === page.seat);
      row.append(td);
    });
    rows.push(row);
  }
  $("sheet").tBodies[0].replaceChildren(...rows);
  const total = document.createElement("tr");
  const th = cell("th", "Total");
  th.scope = "row";
  total.append(th);
  view.totals.forEach((points, seat) => {
    const td = cell("td", String(points));
    td.classList.toggle("you", seat === page.seat);
    td.classList.toggle("winner", view.winners.includes(seat));
    total.append(td);
  });
  $("sheet").tFoot.replaceChildren(total);
  const scored = message.events.some((event) => event.type === "hand-scored");
  $("sheet-wrap").classList.toggle("fresh", scored);
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

function lastTrick(message) {
  const last = message.last_trick;
  const button = $("show-last");
  button.disabled = !last;
  if (!last) {
    showLast(false);
    $("last-trick").hidden = true;
    return;
  }
  const players = page.names.length;
  const plays = last.cards.map((card, index) => `${nameOf((last.leader + index) % players)} ${cardText(card)}`);
  $("last-trick").textContent = `Last trick: ${plays.join(", ")}; ` +
    `${nameOf(last.winner)} ${verb(last.winner, "take", "takes")} it (${pointsText(last.points)}).`;
  $("last-trick").hidden = button.getAttribute("aria-pressed") !== "true";
}

function showLast(on) {
  $("show-last").setAttribute("aria-pressed", String(on));
  $("board").classList.toggle("show-last", on);
  $("last-trick").hidden = !on || !page.message || !page.message.last_trick;
}

function prompt(view, message, mine) {
  if (!message.started) return page.host ? "Press Deal to start." : "Waiting for the host to deal.";
  if (page.holding) {
    const trick = page.holding.trick;
    return `${nameOf(trick.winner)} ${verb(trick.winner, "take", "takes")} the trick (${pointsText(trick.points)}).`;
  }
  if (view.winners.length) return `Game over: ${winnersText(view.winners)}.`;
  if (view.phase === "deal") {
    const hand = message.hands[message.hands.length - 1];
    if (!hand) return "Dealing the first hand.";
    const scores = hand.scores.map((score, seat) => `${nameOf(seat)} ${score}`).join(", ");
    return `Hand ${hand.hand_number + 1} is over: ${scores}. Dealing hand ${hand.hand_number + 2}.`;
  }
  if (view.phase === "pass" && mine) return `Choose ${view.rules.pass_count} cards to pass ${view.pass_direction}.`;
  if (view.phase === "pass") return "Waiting for the others to pass.";
  if (view.phase === "play" && mine) return "Your turn: choose a card to play.";
  if (view.phase === "moon" && mine) return "You shot the moon! Choose how it scores.";
  const acting = view.to_act[0];
  if (view.phase === "moon") return `${page.names[acting]} shot the moon and is choosing how it scores.`;
  return acting === undefined ? "" : `${page.names[acting]} to play.`;
}

function controls() {
  const message = page.message;
  if (!message) return;
  const view = message.view;
  const mine = view.to_act.includes(page.seat) && !page.holding;
  const over = view.winners.length > 0;
  $("start").hidden = message.started || !page.host;
  $("new-game").hidden = !over;
  $("pass").hidden = !(view.phase === "pass" && mine);
  $("moon").hidden = !(view.phase === "moon" && mine);
  if (!$("pass").hidden) passButton(view);
  $("prompt").textContent = prompt(view, message, mine);
  const turn = mine && message.started && !over;
  $("board").classList.toggle("my-turn", turn);
  document.title = turn ? "\u25cf Your turn \u2013 Hearts" : "Hearts";
}

function moonButtons() {
  const moon = $("moon");
  moon.replaceChildren();
  for (const option of ["add-to-others", "subtract-from-shooter"]) {
    const button = document.createElement("button");
    const amount = page.moonAmount;
    button.textContent = option === "add-to-others" ? `Everyone else scores ${amount}` : `Take ${amount} off my score`;
    button.dataset.option = option;
    button.addEventListener("click", () => {
      toTable(button);
      send({ type: "act", action: { type: "moon", seat: page.seat, option } });
    });
    moon.append(button);
  }
}

// A control that goes away once used (Deal, Pass, the moon's buttons) hands the keyboard
// focus to the table, where the next redraw puts it on a card.
function toTable(button) {
  const svg = $("board").querySelector("svg");
  if (document.activeElement === button && svg) svg.focus({ preventScroll: true });
}

function setUp() {
  $("start").addEventListener("click", () => {
    toTable($("start"));
    send({ type: "start" });
  });
  $("new-game").addEventListener("click", () => {
    toTable($("new-game"));
    send({ type: "new-game" });
  });
  $("pass").addEventListener("click", () => {
    toTable($("pass"));
    send({ type: "act", action: { type: "pass", seat: page.seat, cards: [...page.selected] } });
    page.selected.clear();
  });
  $("show-last").addEventListener("click", () => {
    showLast($("show-last").getAttribute("aria-pressed") !== "true");
  });
  const board = $("board");
  board.addEventListener("keydown", onKey);
  board.addEventListener("click", (event) => {
    if (!event.target.closest(".hand")) release();
  });
  board.addEventListener("focusin", (event) => {
    const index = handCards().indexOf(event.target);
    if (index >= 0) page.focusIndex = index;
  });
}

function boot() {
  const transport = window.heartsTransport || serverTransport();
  if (transport.atTable) showTable(transport);
  else showLobby(transport);
}

document.addEventListener("DOMContentLoaded", boot);
