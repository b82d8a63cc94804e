"""Both web tables in a real browser: Debian's Chromium, headless, driven by Playwright.

Only ``make test-browser`` runs this module (``make test`` leaves it out with
``--ignore``; elsewhere it skips where Playwright is missing): it needs Playwright's Python package,
``/usr/bin/chromium`` (``apt-get install chromium``; Playwright cannot download
its own browsers here) and the play page's payload in ``build/play`` (which
``make test-browser`` builds first). The tables are

* the served one: a ``hearts serve`` application under uvicorn in this process;
* the play page: the documentation site, built here with ``mkdocs build``, served
  as plain files, where the library runs in the page with Pyodide.

The person plays as a person would: one hand by clicking (an illegal card once,
to see the rule's message), the next by keyboard alone (Tab to the cards, the
arrow keys, Space to choose a card to pass, Enter to play it). Each page records,
frame by frame, the cards shown on the table, so the tests check that every trick
was seen with its fourth card; and every request it makes, so they check that
none leaves the site. Screenshots at 1280 and 390 px go to ``$HEARTS_SCREENSHOTS``
(``build/screenshots`` under ``make test-browser``).
"""

from __future__ import annotations

import functools
import http.server
import itertools
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "playwright",
    reason="needs Playwright and Chromium (in no extra): make test-browser installs them",
)

import uvicorn
from helpers.web import moon_to_choose
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect, sync_playwright

from hearts_core.web import MAX_FRAME_BYTES, create_app

REPO = Path(__file__).resolve().parents[2]
PAYLOAD = REPO / "build" / "play"
CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
HAND_SECONDS = 180
HOLD_SECONDS = 1.0  # table.js's HOLD_MS: how long a completed trick stays before it is taken
MOVE_SECONDS = 0.4  # a little more than table.js's MOVE_MS: a card's move to the table
SYMBOLS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
RANKS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
         "king", "ace")

# Every frame, the cards shown on the table (in the trick, or the trick complete) and the
# most animations running at once in the page.
RECORDER = """
window.heartsShown = [];
window.heartsMostAnimations = 0;
(function sample() {
  const board = document.getElementById("board");
  if (board) {
    const cards = [...board.querySelectorAll(".trick [data-card], .last-trick [data-card]")]
      .filter((card) => getComputedStyle(card).visibility === "visible"
        && card.getBoundingClientRect().width > 0)
      .map((card) => card.dataset.card).sort().join(" ");
    const last = window.heartsShown[window.heartsShown.length - 1];
    if (!last || last.cards !== cards) window.heartsShown.push({ t: performance.now(), cards });
    const running = document.getAnimations().length;
    window.heartsMostAnimations = Math.max(window.heartsMostAnimations, running);
  }
  requestAnimationFrame(sample);
})();
// Everything the live region said, in order.
window.heartsSpoken = [];
document.addEventListener("DOMContentLoaded", () => {
  const spoken = document.getElementById("announce");
  const heard = () => window.heartsSpoken.push(spoken.textContent);
  const changes = { childList: true, characterData: true, subtree: true };
  new MutationObserver(heard).observe(spoken, changes);
});
"""


# --- the two tables ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


SERVED: dict[str, Any] = {}
"""Each served address's application, for the tests that set a table's state."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The address of a web table served by uvicorn in a thread, bots 20 ms apart."""
    port = free_port()
    app = create_app(seed=7, delay=0.02)
    SERVED[f"http://127.0.0.1:{port}"] = app
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=MAX_FRAME_BYTES
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


class _Files(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: the pages' requests are recorded by the browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of the documentation site, built with its play page, served as files."""
    if not (PAYLOAD / "manifest.json").is_file():
        pytest.fail("the play page's payload is missing: `make test-browser` builds build/play")
    folder = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(folder)]
    subprocess.run(command, cwd=REPO, env=env, check=True, timeout=600)
    handler = functools.partial(_Files, directory=str(folder))
    files = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=files.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{files.server_address[1]}"
    files.shutdown()
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("HEARTS_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Person:
    """One browser page and what it did: every request it made, every script error."""

    def __init__(self, browser: Browser, viewport: ViewportSize, calm: bool = False) -> None:
        context = browser.new_context(
            viewport=viewport,
            has_touch=viewport is PHONE,
            reduced_motion="reduce" if calm else "no-preference",
        )
        context.add_init_script(RECORDER)
        self.requests: list[str] = []
        self.errors: list[str] = []
        # The context sees the requests of its pages and of their workers (Pyodide's).
        context.on("request", lambda request: self.requests.append(request.url))
        self.page = context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on(
            "console",
            lambda line: self.errors.append(line.text) if line.type == "error" else None,
        )
        self.tap = viewport is PHONE

    def press(self, target: Locator) -> None:
        if self.tap:
            target.tap()
        else:
            target.click()

    def prompt(self) -> str:
        return str(self.page.locator("#prompt").inner_text())

    def outside(self, origin: str) -> list[str]:
        """The requests that went anywhere but ``origin``."""
        return [url for url in self.requests if not url.startswith(origin + "/")]


def open_served(person: Person, server: str, variant: str) -> None:
    """Make a table from the served lobby, as a person does, and deal."""
    person.page.goto(server + "/")
    person.page.select_option("#variant", variant)
    person.page.click("text=New table")
    person.page.wait_for_url("**/table/**")
    person.page.click("#start")


def open_page_table(person: Person, site: str, variant: str, bots: str = "rule") -> float:
    """Open the play page, wait until Python is ready, make a table and deal; the
    seconds from the start of navigation to ready, as the page measured them."""
    person.page.goto(f"{site}/play.html?seed=5&delay=0.02")
    ready = person.page.locator("html[data-ready-seconds]")
    expect(ready).to_have_count(1, timeout=60_000)
    seconds = float(ready.get_attribute("data-ready-seconds") or "nan")
    person.page.select_option("#variant", variant)
    person.page.select_option("#bots", bots)
    person.page.click("text=New table")
    person.page.click("#start")
    return seconds


# --- playing ----------------------------------------------------------------------------


def by_clicking(person: Person) -> bool:
    """Take this browser's turn if it has one, by clicking (or tapping); whether it did."""
    text = person.prompt()
    page = person.page
    if text.startswith("Choose"):
        count = int(text.split()[1]) - page.locator(".hand .card.selected").count()
        for card in page.locator(".hand .card:not(.selected)").all()[:count]:
            person.press(card)
        person.press(page.locator("#pass"))
        expect(page.locator("#pass")).to_be_hidden()
        return True
    if text.startswith("Your turn"):
        card = page.locator(".hand .card.legal").first
        name = card.get_attribute("data-card")
        person.press(card)
        page.locator(f'.hand [data-card="{name}"]').wait_for(state="detached")
        return True
    if text.startswith("You shot the moon"):
        person.press(page.locator("#moon button").first)
        expect(page.locator("#moon")).to_be_hidden()
        return True
    return False


def focused(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        """() => {
          const e = document.activeElement;
          return { id: e.id, card: e.dataset ? e.dataset.card || null : null,
                   option: e.dataset ? e.dataset.option || null : null,
                   label: e.getAttribute("aria-label"), role: e.getAttribute("role") };
        }"""
    )
    return found


def tab_to(page: Page, wanted: Callable[[dict[str, Any]], bool], presses: int = 40) -> None:
    """Press Tab until the focused element is what ``wanted`` looks for."""
    for _ in range(presses):
        if wanted(focused(page)):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached it; focus is on {focused(page)}")


def by_keyboard(person: Person) -> bool:
    """Take this browser's turn if it has one, with the keyboard alone; whether it did."""
    text = person.prompt()
    page = person.page
    if text.startswith("Choose"):
        count = int(text.split()[1])
        tab_to(page, lambda element: element["card"] is not None)
        for _ in range(count):
            page.keyboard.press("Space")
            assert focused(page)["label"].endswith(", chosen to pass")
            page.keyboard.press("ArrowRight")
        tab_to(page, lambda element: element["id"] == "pass")
        page.keyboard.press("Enter")
        expect(page.locator("#pass")).to_be_hidden()
        return True
    if text.startswith("Your turn"):
        tab_to(page, lambda element: element["card"] is not None)
        for _ in range(14):
            if focused(page)["label"].endswith(", legal"):
                break
            page.keyboard.press("ArrowRight")
        card = focused(page)
        assert card["role"] == "button" and card["label"].endswith(", legal"), card
        page.keyboard.press("Enter")
        page.locator(f'.hand [data-card="{card["card"]}"]').wait_for(state="detached")
        PLAYED_BY_KEYBOARD.append(card["label"].removesuffix(", legal"))
        return True
    if text.startswith("You shot the moon"):
        tab_to(page, lambda element: element["option"] is not None)
        page.keyboard.press("Enter")
        return True
    return False


PLAYED_BY_KEYBOARD: list[str] = []
"""The cards the keyboard played, in words ("queen of spades"), for the live region's check."""


def hands_scored(page: Page) -> int:
    return int(page.locator("#sheet tbody tr:not(.current)").count())


def play_hand(
    person: Person, act: Callable[[Person], bool], on_turn: Callable[[], None] = lambda: None
) -> None:
    """Play until one more hand is scored (or the game is over), acting with ``act``."""
    page = person.page
    start = hands_scored(page)
    deadline = time.monotonic() + HAND_SECONDS
    while hands_scored(page) == start and not person.prompt().startswith("Game over"):
        assert time.monotonic() < deadline, person.prompt()
        if person.prompt().startswith("Your turn"):
            on_turn()
        if not act(person):
            time.sleep(0.02)


def tricks_in_log(page: Page) -> list[str]:
    """Each trick taken, as the log tells it, its cards sorted ("2C 5C 3C AS")."""
    lines = page.locator("#log li", has_text="the trick:").all_inner_texts()
    tricks = []
    for line in lines:
        shown = line.split("the trick: ")[1].split(" (")[0].split()
        cards = [card[:-1].replace("10", "T") + SYMBOLS[card[-1]] for card in shown]
        tricks.append(" ".join(sorted(cards)))
    return tricks


def check_every_trick_was_seen_complete(person: Person) -> int:
    """Each trick in the log was shown with its four cards for about HOLD_SECONDS before it
    was cleared; the number of tricks."""
    shown: list[dict[str, Any]] = person.page.evaluate("window.heartsShown")
    lasted: dict[str, float] = {}
    for entry, after in itertools.pairwise(shown):
        lasted[entry["cards"]] = max(lasted.get(entry["cards"], 0), after["t"] - entry["t"])
    tricks = tricks_in_log(person.page)
    for trick in tricks:
        assert trick in lasted, f"the trick {trick} was never shown with its four cards"
        assert lasted[trick] >= 0.8 * HOLD_SECONDS * 1000, (trick, lasted[trick])
    return len(tricks)


def check_illegal_click(person: Person) -> bool:
    """If a card is dimmed at this browser's turn, click it: the rule's message shows and
    the card stays. Whether there was one."""
    page = person.page
    dimmed = page.locator(".hand .card.illegal")
    if not person.prompt().startswith("Your turn") or dimmed.count() == 0:
        return False
    name = dimmed.first.get_attribute("data-card")
    assert float(dimmed.first.evaluate("card => getComputedStyle(card).opacity")) < 1
    assert (dimmed.first.get_attribute("aria-label") or "").endswith(", not legal now")
    dimmed.first.click()
    message = page.locator("#message")
    expect(message).to_be_visible()
    assert re.match(r"You (must|may not) ", message.inner_text()), message.inner_text()
    assert page.locator(f'.hand [data-card="{name}"]').count() == 1
    return True


def check_last_trick(person: Person) -> bool:
    """At this browser's turn, once a trick was taken, show the last trick and hide it
    again; whether there was one to show."""
    page = person.page
    button = page.locator("#show-last")
    if not button.is_enabled() or page.locator(".trick [data-card]").count() == 0:
        return False  # no trick taken yet, or none in progress to hide
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    last = page.locator("#board .last-trick [data-card]")
    assert [card.is_visible() for card in last.all()] == [True] * 4
    assert not any(card.is_visible() for card in page.locator("#board .trick [data-card]").all())
    expect(page.locator("#last-trick")).to_contain_text("Last trick: ")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#last-trick")).to_be_hidden()
    assert page.locator("#board .trick [data-card]").first.is_visible()
    return True


def first_hand_by_clicking(person: Person, shots: Path, name: str) -> None:
    """The first hand, by clicking: a fourth card chosen to pass is refused in words,
    an illegal card explains itself, and the trick complete is photographed."""
    page = person.page
    expect(page.locator("#prompt")).to_contain_text("Choose 3 cards", timeout=30_000)
    assert page.title() == "\u25cf Your turn \u2013 Hearts"  # the tab says so too
    cards = page.locator(".hand .card").all()
    for card in cards[:4]:
        person.press(card)
    expect(page.locator("#message")).to_contain_text("You pass 3 cards")
    assert page.locator(".hand .card.selected").count() == 3
    state = {"illegal": False, "photo": False, "last": False}

    def on_turn() -> None:
        if not state["illegal"]:
            state["illegal"] = check_illegal_click(person)
        elif not state["last"]:
            state["last"] = check_last_trick(person)

    def act(person: Person) -> bool:
        if not state["photo"] and "the trick (" in person.prompt():
            assert page.locator("#board.holding .last-trick [data-card]").count() == 4
            time.sleep(MOVE_SECONDS)  # the fourth card has landed; the trick is not yet taken
            page.screenshot(path=shots / f"{name}-trick-complete-1280.png")
            state["photo"] = True
        return by_clicking(person)

    play_hand(person, act, on_turn)
    assert state["photo"] and state["last"], state


def second_hand_by_keyboard(person: Person, shots: Path, name: str) -> None:
    """The next hand with the keyboard alone; Tab reaches every card of the hand."""
    page = person.page
    deadline = time.monotonic() + 60
    while not person.prompt().startswith("Choose"):
        assert time.monotonic() < deadline, person.prompt()
        time.sleep(0.05)
    tab_to(page, lambda element: element["card"] is not None)
    reached = set()
    for _ in range(13):  # Tab, card after card, through the whole hand
        reached.add(focused(page)["card"])
        page.keyboard.press("Tab")
    assert len(reached) == 13 and None not in reached
    named = re.compile(rf"^({'|'.join(RANKS)}) of (clubs|diamonds|hearts|spades)$")
    expect(page.get_by_role("button", name=named)).to_have_count(13)
    PLAYED_BY_KEYBOARD.clear()
    play_hand(person, by_keyboard)
    # The live region said each of those plays, and each trick.
    spoken: list[str] = page.evaluate("window.heartsSpoken")
    assert len(PLAYED_BY_KEYBOARD) == 13
    for card in PLAYED_BY_KEYBOARD:
        assert any(f"You play the {card}." in said for said in spoken), (card, spoken[-5:])
    assert sum("the trick, " in said for said in spoken) >= 26
    expect(page.locator("#prompt")).to_contain_text("is over")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=shots / f"{name}-score-sheet-1280.png")


def check_sheet(page: Page, hands: int) -> None:
    """The score sheet: a row for each hand, whose points sum to 26, and totals that add up."""
    rows = page.locator("#sheet tbody tr:not(.current)")
    expect(rows).to_have_count(hands)
    totals = [0, 0, 0, 0]
    for row in rows.all():
        cells = row.locator("td").all()
        scores = [int(cell.inner_text().split()[0]) for cell in cells]
        taken = [re.search(r"took (\d+)", cell.inner_text()) for cell in cells]
        points = [int(t[1]) if t else s for t, s in zip(taken, scores, strict=True)]
        assert sum(points) == 26, points  # the hand's points, never the 0 of a new hand
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
    shown = [int(cell) for cell in page.locator("#sheet tfoot td").all_inner_texts()]
    assert shown == totals


# --- the tests ----------------------------------------------------------------------------


def test_the_served_table_plays_a_hand_by_clicking_and_one_by_keyboard(
    browser: Browser, server: str, shots: Path
) -> None:
    person = Person(browser, DESKTOP)
    person.page.goto(server + "/")
    expect(person.page.locator("#bots-choice")).to_be_hidden()  # the server chooses its bots
    open_served(person, server, "standard")
    first_hand_by_clicking(person, shots, "served")
    check_sheet(person.page, 1)
    second_hand_by_keyboard(person, shots, "served")
    check_sheet(person.page, 2)
    assert check_every_trick_was_seen_complete(person) == 26
    assert person.page.evaluate("window.heartsMostAnimations") > 0  # cards moved
    assert person.outside(server) == [] and person.errors == []


def test_the_play_page_plays_a_hand_by_clicking_and_one_by_keyboard(
    browser: Browser, site: str, shots: Path
) -> None:
    person = Person(browser, DESKTOP)
    ready = open_page_table(person, site, "standard")
    print(f"\nthe play page was ready in {ready:.2f} s")
    (shots / "play-ready-seconds.txt").write_text(f"{ready:.2f}\n")
    first_hand_by_clicking(person, shots, "page")
    check_sheet(person.page, 1)
    second_hand_by_keyboard(person, shots, "page")
    check_sheet(person.page, 2)
    assert check_every_trick_was_seen_complete(person) == 26
    # Everything came from the site: the recorder saw the worker's own requests too.
    fetched = {url.removeprefix(site) for url in person.requests}
    assert {"/play/pyodide/pyodide.asm.wasm", "/play/pyodide/python_stdlib.zip"} <= fetched
    assert any(url.startswith("/play/wheels/hearts_core-") for url in fetched)
    assert person.outside(site) == [] and person.errors == []


def test_a_phone_plays_the_page_with_reduced_motion(
    browser: Browser, site: str, shots: Path
) -> None:
    person = Person(browser, PHONE, calm=True)
    open_page_table(person, site, "openspiel", bots="random")  # one hand
    page = person.page
    expect(page.locator("#prompt")).to_contain_text("Choose 3 cards", timeout=30_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for card in page.locator(".hand .card").all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["height"] >= 36  # a finger can hit it
    photographed: list[bool] = []

    def act(person: Person) -> bool:
        if not photographed and "the trick (" in person.prompt():
            time.sleep(MOVE_SECONDS)
            page.screenshot(path=shots / "page-trick-complete-390.png")
            photographed.append(True)
        return by_clicking(person)

    play_hand(person, act)
    expect(page.locator("#prompt")).to_contain_text("Game over")
    check_sheet(page, 1)
    page.locator("#sheet-title").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -8)")
    page.screenshot(path=shots / "page-score-sheet-390.png")
    assert photographed and check_every_trick_was_seen_complete(person) == 13
    # Reduced motion: no card moved, no name pulsed; the trick still stayed complete.
    assert page.evaluate("window.heartsMostAnimations") == 0
    assert person.outside(site) == [] and person.errors == []


def test_a_friend_takes_a_seat_and_the_invites_say_so(
    browser: Browser, server: str, shots: Path
) -> None:
    host = Person(browser, DESKTOP)
    open_served(host, server, "openspiel")
    field = host.page.locator("#invites input").nth(1)  # South's seat
    link = field.input_value()
    friend = Person(browser, PHONE)
    friend.page.goto(link)
    expect(friend.page.locator("#where")).to_contain_text("you sit South")
    expect(host.page.locator("#invites li").nth(1)).to_have_text("South: taken by a friend")
    expect(host.page.locator("#invites input")).to_have_count(2)
    expect(host.page.locator("#sheet thead th").nth(3)).to_have_text("South")  # no "(bot)"
    deadline = time.monotonic() + HAND_SECONDS
    while not all(p.prompt().startswith("Game over") for p in (host, friend)):
        assert time.monotonic() < deadline, [host.prompt(), friend.prompt()]
        if not any([by_clicking(host), by_clicking(friend)]):
            time.sleep(0.02)
    friend.page.screenshot(path=shots / "served-friend-game-over-390.png")
    assert "South plays" in host.page.locator("#log").inner_text()
    assert check_every_trick_was_seen_complete(friend) == 13
    assert host.errors == friend.errors == []


def test_hover_outlines_need_a_pointer_that_hovers(browser: Browser, server: str) -> None:
    # After a tap on a phone, Chromium keeps :hover on the card: an outline drawn on hover
    # outside (hover: hover) would look like a selection there.
    person = Person(browser, DESKTOP)
    person.page.goto(server + "/")
    rules = person.page.evaluate(
        """() => {
          const found = [];
          const walk = (rules, media) => {
            for (const rule of rules) {
              if (rule.media) walk(rule.cssRules, rule.conditionText);
              else if (rule.selectorText && rule.selectorText.includes(":hover"))
                found.push([rule.selectorText, media]);
            }
          };
          for (const sheet of document.styleSheets) walk(sheet.cssRules, null);
          return found;
        }"""
    )
    card_rules = [media for selector, media in rules if ".card" in selector]
    assert card_rules and all(media == "(hover: hover)" for media in card_rules), rules



def test_the_moon_is_told_in_words_and_the_shooter_chooses(
    browser: Browser, server: str, shots: Path
) -> None:
    lobby = SERVED[server].state.server.lobby
    table = lobby.create("moon-choice")
    table.state, table.started = moon_to_choose(), True
    (shooter,) = table.state.to_act
    totals = table.state.totals
    person = Person(browser, DESKTOP)
    person.page.goto(f"{server}/table/{table.id}#{table.tokens[shooter]}")
    expect(person.page.locator("#prompt")).to_have_text("You shot the moon! Choose how it scores.")
    buttons = person.page.locator("#moon button")
    expect(buttons).to_have_text(["Everyone else scores 26", "Take 26 off my score"])
    person.page.screenshot(path=shots / "served-moon-choice-1280.png")
    buttons.nth(1).click()
    expect(person.page.locator("#log")).to_contain_text("You chose: 26 off your score.")
    row = person.page.locator("#sheet tbody tr:not(.current)").last
    expect(row.locator("td").nth(shooter)).to_contain_text("-26")
    expect(person.page.locator("#sheet tfoot td").nth(shooter)).to_have_text(
        str(totals[shooter] - 26)
    )
    assert "add-to-others" not in person.page.locator("body").inner_text()
    assert person.errors == []
