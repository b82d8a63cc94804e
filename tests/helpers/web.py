"""A browser at the web table, as the tests play one: join a seat, read its updates."""

from __future__ import annotations

import random
import re
from typing import Any

from starlette.testclient import TestClient

from hearts_core import (
    GameState,
    Phase,
    apply,
    legal_actions,
    new_game,
    random_deal,
    variant,
)


def new_table(client: TestClient, variant: str = "standard") -> tuple[str, str]:
    """A new table's id and the host's token, from the link the server answers with."""
    answer = client.post("/api/tables", json={"variant": variant})
    assert answer.status_code == 201, answer.text
    link = answer.json()["link"]
    match = re.fullmatch(r"/table/([A-Za-z0-9_-]+)#([A-Za-z0-9_-]+)", link)
    assert match is not None, link
    return match[1], match[2]


def join(socket: Any, token: str) -> dict[str, Any]:
    """Join with ``token``: the welcome message (the first update follows it)."""
    socket.send_json({"type": "join", "token": token})
    welcome: dict[str, Any] = socket.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


def receive_update(socket: Any) -> dict[str, Any]:
    message: dict[str, Any] = socket.receive_json()
    assert message["type"] == "update", message
    return message


class Player:
    """Chooses a browser's actions: the first legal card, or the first cards to pass; once
    per turn, however many updates show that turn (bots' passes, other browsers joining)."""

    def __init__(self) -> None:
        self.turns: set[tuple[Any, ...]] = set()

    def move(self, message: dict[str, Any]) -> dict[str, Any] | None:
        view = message["view"]
        turn = (message["game"], view["hand_number"], view["phase"], len(view["tricks"]),
                len(view["current_trick"]))
        if turn in self.turns:
            return None
        action = first_move(view)
        if action is not None:
            self.turns.add(turn)
        return action


def first_move(view: dict[str, Any]) -> dict[str, Any] | None:
    """The first action of ``view``'s seat, or None when it may not act."""
    seat = view["seat"]
    if seat not in view["to_act"]:
        return None
    if view["phase"] == "pass":
        cards = view["legal_cards"][: view["rules"]["pass_count"]]
        return {"type": "pass", "seat": seat, "cards": cards}
    if view["phase"] == "play":
        return {"type": "play", "seat": seat, "card": view["legal_cards"][0]}
    if view["phase"] == "moon":
        return {"type": "moon", "seat": seat, "option": "add-to-others"}
    return None


def moon_to_choose() -> GameState:
    """A ``moon-choice`` hand stopped where its shooter must choose how the moon scores:
    seat 0 takes what it can with its highest cards, the others play at random, until a
    deal of the seeds tried gives a moon."""
    rules = variant("moon-choice")
    for seed in range(10_000):
        rng = random.Random(seed)
        state = apply(new_game(rules), random_deal(rules, rng))
        while state.phase in (Phase.PASS, Phase.PLAY):
            actions = legal_actions(state)
            if state.phase is Phase.PLAY and state.to_act == (0,):
                state = apply(state, max(actions, key=lambda a: a.card.rank.value))  # type: ignore[union-attr]
            else:
                state = apply(state, rng.choice(actions))
        if state.phase is Phase.MOON:
            return state
    raise AssertionError("no moon in the seeds tried")
