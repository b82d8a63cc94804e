"""The web table in a real browser: Debian's Chromium, headless, driven by Playwright.

Only ``make test-browser`` runs this module (it sets ``HEARTS_BROWSER=1``;
tests/conftest.py leaves it out otherwise): it needs Playwright's Python
package and ``/usr/bin/chromium`` (``apt-get install chromium``), since
Playwright cannot download its own browsers here. A ``hearts serve``
application runs in this process under uvicorn, on a free port of 127.0.0.1.

The person here plays as a person would, by clicking: three cards and the Pass
button, then a legal card at each turn (an illegal one once, to see the rule's
message). Screenshots at desktop (1280 px) and phone (390 px) widths go to
``$HEARTS_SCREENSHOTS`` (``build/screenshots`` under ``make test-browser``).
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect, sync_playwright

from hearts_core.web import MAX_FRAME_BYTES, create_app

CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
GAME_SECONDS = 300


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The address of a web table served by uvicorn in a thread, bots 20 ms apart."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(seed=7, delay=0.02)
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


SCRIPT_ERRORS: list[str] = []
"""Every error a page's script raised, in any test (each test checks it stays empty)."""


def open_page(browser: Browser, viewport: ViewportSize) -> Page:
    page = browser.new_context(viewport=viewport, has_touch=viewport is PHONE).new_page()
    page.on("pageerror", lambda error: SCRIPT_ERRORS.append(str(error)))
    return page


def new_table(page: Page, server: str, variant: str) -> None:
    """Make a table from the lobby, as a person does, and deal."""
    page.goto(server + "/")
    page.select_option("#variant", variant)
    page.click("text=New table")
    page.wait_for_url("**/table/**")
    page.click("#start")


def prompt(page: Page) -> str:
    return str(page.locator("#prompt").inner_text())


def act(page: Page, tap: bool = False) -> bool:
    """Take this browser's turn if it has one, by clicking; whether it acted."""
    text = prompt(page)

    def press(target: Locator) -> None:
        if tap:
            target.tap()
        else:
            target.click()

    if text.startswith("Choose"):
        count = int(text.split()[1])
        for card in page.locator(".hand .card").all()[:count]:
            press(card)
        press(page.locator("#pass"))
        expect(page.locator("#pass")).to_be_hidden()
        return True
    if text.startswith("Your turn"):
        card = page.locator(".hand .card.legal").first
        name = card.get_attribute("data-card")
        press(card)
        page.locator(f'.hand [data-card="{name}"]').wait_for(state="detached")
        return True
    if "moon" in text:
        press(page.locator("#moon button").first)
        expect(page.locator("#moon")).to_be_hidden()
        return True
    return False


def over(page: Page) -> bool:
    return prompt(page).startswith("Game over")


def check_illegal_click(page: Page) -> bool:
    """If a card is dimmed at this browser's turn, click it: the rule's message shows and
    the card stays. Whether there was one."""
    if not prompt(page).startswith("Your turn"):
        return False
    dimmed = page.locator(".hand .card.illegal")
    if dimmed.count() == 0:
        return False
    name = dimmed.first.get_attribute("data-card")
    assert float(dimmed.first.evaluate("card => getComputedStyle(card).opacity")) < 1
    dimmed.first.click()
    message = page.locator("#message")
    expect(message).to_be_visible()
    assert message.inner_text().startswith("You "), message.inner_text()
    assert page.locator(f'.hand [data-card="{name}"]').count() == 1
    return True


def play_to_the_end(pages: list[Page], shots: Path | None = None, tap: bool = False) -> int:
    """Every browser acts at its turns until the game is over; the hands played."""
    deadline = time.monotonic() + GAME_SECONDS
    while not all(over(page) for page in pages):
        assert time.monotonic() < deadline, [prompt(page) for page in pages]
        if not any([act(page, tap) for page in pages]):
            time.sleep(0.02)
    scored = pages[0].locator("#log li", has_text="scores:").all_inner_texts()
    numbers = [re.match(r"Hand (\d+) scores", line) for line in scored]
    return max(int(number[1]) for number in numbers if number is not None)


def test_a_whole_game_alone_against_bots(browser: Browser, server: str, shots: Path) -> None:
    page = open_page(browser, DESKTOP)
    page.goto(server + "/")
    expect(page.locator("#variant")).to_have_value("standard")
    expect(page.locator("#table")).to_be_hidden()
    page.screenshot(path=shots / "lobby-1280.png", animations="disabled")
    new_table(page, server, "standard")
    expect(page.locator("#prompt")).to_contain_text("Choose 3 cards")
    assert page.locator(".hand [data-card]").count() == 13
    page.screenshot(path=shots / "pass-1280.png", animations="disabled")
    act(page)
    deadline = time.monotonic() + GAME_SECONDS
    while not check_illegal_click(page):  # play on until a card is dimmed at our turn
        assert time.monotonic() < deadline and not over(page)
        if not act(page):
            time.sleep(0.02)
    page.screenshot(path=shots / "illegal-1280.png", animations="disabled")
    hands = play_to_the_end([page])
    page.screenshot(path=shots / "game-over-1280.png", animations="disabled")
    assert hands >= 2 and page.locator("#new-game").is_visible()
    totals = [int(cell) for cell in page.locator("#scores td:last-child").all_inner_texts()]
    assert max(totals) >= 100
    # The last hand's scores stay in the table, in a column of their own.
    expect(page.locator("#scores thead")).to_contain_text(f"Hand {hands}")
    page.click("#new-game")
    expect(page.locator("#prompt")).to_contain_text("Choose 3 cards")
    assert SCRIPT_ERRORS == []


def settled_boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """The boxes of the elements ``selector`` finds, once none is being drawn again: the
    table redraws the hand as the bots' passes arrive, and an element caught in between
    has no box."""
    deadline = time.monotonic() + 5
    while True:
        boxes = [card.bounding_box() for card in page.locator(selector).all()]
        found = [box for box in boxes if box is not None]
        if boxes and len(found) == len(boxes):
            return [dict(box) for box in found]
        assert time.monotonic() < deadline, f"{selector} never settled"
        time.sleep(0.05)


def test_a_phone_can_play(browser: Browser, server: str, shots: Path) -> None:
    page = open_page(browser, PHONE)
    new_table(page, server, "openspiel")  # one hand
    expect(page.locator("#prompt")).to_contain_text("Choose 3 cards")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the page scrolls sideways"
    for box in settled_boxes(page, ".hand .card"):
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["height"] >= 36  # a finger can hit it
    prompt_box = page.locator("#prompt").bounding_box()
    assert prompt_box is not None and prompt_box["y"] < PHONE["height"]  # seen without scrolling
    page.screenshot(path=shots / "pass-390.png", animations="disabled")
    act(page, tap=True)
    page.wait_for_selector(".trick .card")
    page.screenshot(path=shots / "play-390.png", animations="disabled")
    assert play_to_the_end([page], tap=True) == 1
    page.screenshot(path=shots / "game-over-390.png", full_page=True, animations="disabled")
    assert SCRIPT_ERRORS == []


def test_two_browsers_play_a_whole_game(browser: Browser, server: str, shots: Path) -> None:
    host = open_page(browser, DESKTOP)
    new_table(host, server, "openspiel")
    link = host.locator("#invites input").nth(1).input_value()  # South's seat
    friend = open_page(browser, PHONE)
    friend.goto(link)
    expect(friend.locator("#where")).to_contain_text("you sit South")
    expect(host.locator("#scores tbody tr").nth(2)).not_to_contain_text("bot")
    hands = play_to_the_end([host, friend])
    assert hands == 1
    host.screenshot(path=shots / "two-browsers-host-1280.png", animations="disabled")
    friend.screenshot(path=shots / "two-browsers-friend-390.png", animations="disabled")
    host_hand_log = host.locator("#log").inner_text()
    assert "South plays" in host_hand_log and "You play" in host_hand_log
    assert SCRIPT_ERRORS == []
