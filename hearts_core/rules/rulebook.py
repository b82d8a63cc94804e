"""A ruleset as a rulebook: readable Markdown for players, written from the field values.

:func:`describe` turns any :class:`~hearts_core.Rules` into a rulebook with a
section per part of the game; :func:`describe_variant` adds a shipped
variant's name, description and sources. Every rule is one sentence that
depends only on the rule fields (the same values always give the same
sentence), and names in backticks the :class:`~hearts_core.Rule` identifier
that an illegal action breaking it is refused with.

>>> from hearts_core import Rules
>>> book = describe(Rules(queen_breaks_hearts=True))
>>> "a heart or the queen of spades has been played" in book
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from hearts_core.cards import Card, Rank, Suit
from hearts_core.errors import InvalidRulesError, Rule
from hearts_core.rules.compiled import situation
from hearts_core.rules.fields import shown
from hearts_core.rules.restrictions import Moment
from hearts_core.rules.ruleset import (
    FULL_POLISH_POINTS,
    FirstLead,
    GameEnd,
    HeartPoints,
    MoonRequires,
    MoonScoring,
    PassDirection,
    Rules,
    SunScoring,
    TieRule,
)
from hearts_core.rules.variants import Variant

__all__ = ["describe", "describe_variant"]

_WORDS: Final = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
_ORDINALS: Final = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
)
_QUEEN: Final = Card(Suit.SPADES, Rank.QUEEN)


def _word(number: int) -> str:
    return _WORDS[number] if 0 <= number < len(_WORDS) else str(number)


def _ordinal(number: int) -> str:
    return _ORDINALS[number - 1] if 1 <= number <= len(_ORDINALS) else f"{number}th"


def _join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _rule(rule: Rule) -> str:
    return f"(`{rule.value}`)"


def _cards(cards: Iterable[Card]) -> list[str]:
    return [card.symbol for card in sorted(cards)]


# --- what scores -------------------------------------------------------------------


def _scoring_cards(rules: Rules) -> list[tuple[Card, int]]:
    """Every card in the deck that scores, with its points, in card order."""
    return [(card, rules.card_points(card)) for card in rules.deck if rules.card_points(card)]


def _positive_phrase(rules: Rules) -> str:
    """The cards worth positive points, in words: "the hearts and Q♠"."""
    hearts = [card for card in rules.deck if card.suit is Suit.HEARTS]
    positive = [card for card, points in _scoring_cards(rules) if points > 0]
    positive_hearts = [card for card in positive if card.suit is Suit.HEARTS]
    items: list[str] = []
    if positive_hearts and len(positive_hearts) == len(hearts):
        items.append("the hearts")
    elif positive_hearts:
        missing = [card for card in hearts if card not in positive_hearts]
        items.append("the hearts other than " + _join(_cards(missing)))
    items += _cards(card for card in positive if card.suit is not Suit.HEARTS)
    return _join(items)


def _bonus_cards(rules: Rules) -> list[Card]:
    """The cards in the deck worth negative points (the Omnibus bonus card)."""
    return [card for card, points in _scoring_cards(rules) if points < 0]


# --- the sections ------------------------------------------------------------------


def _players_and_cards(rules: Rules) -> list[str]:
    players = rules.players
    sentences = [
        f"There are {_word(players)} players, each playing for themselves. Play goes clockwise: "
        "the player on your left plays after you."
    ]
    if rules.lowest_rank == Rank.TWO:
        sentences.append(
            "The game uses a pack of 52 cards. In each suit the ace ranks highest, then king, "
            "queen, jack and 10 down to 2. There are no trumps."
        )
    else:
        sentences.append(
            f"The game uses a pack of 32 cards, {rules.lowest_rank.letter} to ace in each suit. "
            "In each suit the ace ranks highest, then king, queen, jack and 10 down to "
            f"{rules.lowest_rank.letter}. There are no trumps."
        )
    removed = list(rules.removed_cards)
    if removed:
        verb = "is" if len(removed) == 1 else "are"
        sentences.append(
            f"Before the deal, {_join(_cards(removed))} {verb} taken out of the pack, "
            "so that the cards deal out evenly."
        )
    else:
        sentences.append("No card is taken out of the pack.")
    sentences.append(
        f"All {len(rules.deck)} cards are dealt, {rules.hand_size} to each player. The deal "
        "moves one seat to the left after each hand."
    )
    return sentences


def _direction(direction: PassDirection, players: int) -> str:
    if direction is PassDirection.LEFT:
        return "to the left (the next player in turn)"
    if direction is PassDirection.RIGHT:
        return "to the right (the previous player in turn)"
    if direction is PassDirection.ACROSS:
        return f"across the table (the player {_word(players // 2)} seats away)"
    return "no passing"


def _passing(rules: Rules) -> list[str]:
    cycle = rules.pass_cycle
    if all(direction is PassDirection.HOLD for direction in cycle):
        return ["Cards are never passed: every hand is played with the cards as dealt."]
    count = _word(rules.pass_count)
    card_word = "card" if rules.pass_count == 1 else "cards"
    sentences = [
        f"In a hand with passing, each player picks exactly {count} {card_word} from their hand "
        f"and passes them face down {_rule(Rule.WRONG_PASS_COUNT)}. The cards change hands "
        "once everyone has passed, so nobody sees what they receive before choosing."
    ]
    if len(cycle) == 1:
        sentences.append(f"Every hand, the cards go {_direction(cycle[0], rules.players)}.")
    else:
        steps = [
            f"{_ordinal(number)} hand "
            + (
                "no passing"
                if direction is PassDirection.HOLD
                else _direction(direction, rules.players)
            )
            for number, direction in enumerate(cycle, start=1)
        ]
        steps[0] = steps[0][0].upper() + steps[0][1:]
        sentences.append(
            "The direction changes from hand to hand. "
            + "; ".join(steps)
            + f"; then the cycle of {_word(len(cycle))} starts again."
        )
    return sentences


def _tricks(rules: Rules) -> list[str]:
    lowest = rules.lowest_club
    sentences: list[str] = []
    if rules.first_lead is FirstLead.LEFT_OF_DEALER:
        sentences.append(
            "The player to the left of the dealer leads the first trick, with any card the "
            "rules below allow."
        )
    elif lowest is not None and rules.first_lead is FirstLead.LOWEST_CLUB:
        which = (
            f"the {lowest.symbol}"
            if lowest.rank == Rank.TWO
            else f"the {lowest.symbol}, the lowest club in this pack,"
        )
        sentences.append(
            f"The player holding {which} leads it to the first trick "
            f"{_rule(Rule.FIRST_LEAD_LOWEST_CLUB)}."
        )
    elif lowest is not None:
        sentences.append(
            f"The player holding the {lowest.symbol} leads the first trick, and may lead any club "
            f"they hold {_rule(Rule.FIRST_LEAD_CLUB)}."
        )
    sentences.append(
        "Each other player in turn must play a card of the suit led if they have one "
        f"{_rule(Rule.MUST_FOLLOW_SUIT)}; a player with none may play any other card, except as "
        "the rules below say. The highest card of the suit led wins the trick, and the winner "
        "leads the next one."
    )
    points = _positive_phrase(rules)
    if rules.points_on_first_trick:
        sentences.append(f"Point cards ({points}) may be played to the first trick.")
    else:
        sentences.append(
            f"Nobody may play a point card ({points}) to the first trick, unless they hold "
            f"nothing else {_rule(Rule.NO_POINTS_ON_FIRST_TRICK)}."
        )
    sentences.append(
        "A player always has a card to play: a restriction that would leave them none is "
        "lifted for that turn."
    )
    return sentences


def _breaking(rules: Rules) -> list[str]:
    sentences: list[str] = []
    if rules.only_discards_break_hearts:
        which = "a heart or the queen of spades" if rules.queen_breaks_hearts else "a heart"
        sentences.append(
            f"Hearts are broken once {which} has been discarded: played to a trick by a player "
            "who cannot follow the suit led. A heart led, or played to a heart lead, does not "
            "break them."
        )
        if rules.queen_breaks_hearts:
            sentences.append(
                "Nor does the queen of spades led, or played to a spade lead; discarded on "
                "another suit, she breaks hearts."
            )
        else:
            sentences.append("Playing the queen of spades does not break hearts.")
    elif rules.queen_breaks_hearts:
        sentences.append(
            "Hearts are broken once a heart or the queen of spades has been played to a trick, "
            "a discarded one included."
        )
    else:
        sentences.append(
            "Hearts are broken once a heart has been played to a trick, a discarded one "
            "included. Playing the queen of spades does not break hearts."
        )
    if rules.must_break_hearts:
        sentences.append(
            "A heart may not be led until hearts are broken, unless the leader holds nothing but "
            f"hearts {_rule(Rule.HEARTS_NOT_BROKEN)}."
        )
        if rules.lead_hearts_instead_of_queen:
            sentences.append(
                "Before hearts are broken, a leader whose only card other than hearts is the "
                "queen of spades may lead either the queen or a heart."
            )
        else:
            sentences.append(
                "Before hearts are broken, a leader whose only card other than hearts is the "
                "queen of spades must lead the queen."
            )
    else:
        sentences.append("Hearts may be led at any time: they need not be broken first.")
    if rules.queen_waits_for_hearts:
        sentences.append(
            "The queen of spades may not be played, whether led, followed or discarded, until "
            "hearts are broken, unless she is the only card the player may play "
            f"{_rule(Rule.QUEEN_NOT_BEFORE_HEARTS)}."
        )
    else:
        sentences.append(_queen_at_any_time(rules))
    return sentences


def _queen_at_any_time(rules: Rules) -> str:
    """The queen's sentence when she need not wait for hearts: free at any time, except
    where the compiled restrictions of the first trick keep her off it."""
    free = "The queen of spades may be led or discarded at any time, before hearts are broken too"
    bit = _QUEEN.bit
    tables = rules.tables()
    if not tables.deck & bit:
        return free + "."
    rows = tables.rows[situation(Moment.DISCARD, True, False)]
    barring = [rule for keep, _, rule, _ in rows if not keep & bit]
    if Rule.NO_POINTS_ON_FIRST_TRICK in barring:
        return (
            f"{free}, except on the first trick: she is a point card, and nobody may play "
            f"one there unless they hold nothing else {_rule(Rule.NO_POINTS_ON_FIRST_TRICK)}."
        )
    if barring:
        return f"{free}, except on the first trick {_rule(barring[0])}."
    if not rules.points_on_first_trick:
        return f"{free}; as she is not a point card here, she may be played to the first trick."
    return free + "."


def _points_table(rules: Rules) -> str:
    rows = ["| Card | Points |", "| --- | ---: |"]
    values = dict(rules.card_values)
    hearts = [card for card in rules.deck if card.suit is Suit.HEARTS and card not in values]
    if rules.heart_points is HeartPoints.ONE and hearts:
        first, last = hearts[0].symbol, hearts[-1].symbol
        label = "Each heart" + (f", {first} to {last}" if len(hearts) > 1 else f" ({first})")
        rows.append(f"| {label} | 1 |")
    else:
        rows += [f"| {card.symbol} | {rules.card_points(card)} |" for card in hearts]
    rows += [
        f"| {card.symbol} | {points} |" for card, points in rules.card_values if card in rules.deck
    ]
    total = sum(points for _, points in _scoring_cards(rules))
    rows.append(f"| All the cards together | {total} |")
    return "\n".join(rows)


def _scoring(rules: Rules) -> list[str]:
    sentences = [
        "At the end of each hand, each player scores the points of the cards in the tricks "
        "they took; the aim is to score as few as possible."
    ]
    if rules.heart_points is HeartPoints.ONE:
        sentences.append("Each heart scores 1 point.")
    else:
        sentences.append(
            "Each heart scores its spot value: 2 to 10 as marked, jack 11, queen 12, king 13 and "
            "ace 14."
        )
    listed = [(card, points) for card, points in rules.card_values if card in rules.deck]
    if listed:
        parts = [
            f"{card.symbol} {points}"
            + (" (a bonus: it lowers the score)" if points < 0 else "")
            + (" (instead of its heart value)" if card.suit is Suit.HEARTS else "")
            for card, points in listed
        ]
        sentences.append(f"Besides the hearts, these cards score: {_join(parts)}.")
    else:
        sentences.append("No card other than the hearts scores.")
    bonus = rules.no_tricks_bonus
    if bonus:
        exceptions = []
        if rules.moon is not MoonScoring.OFF:
            exceptions.append("the moon")
        if rules.sun is not SunScoring.OFF:
            exceptions.append("the sun")
        unless = f", unless someone shot {' or '.join(exceptions)} that hand" if exceptions else ""
        kind = "a bonus" if bonus < 0 else "a penalty"
        sentences.append(
            f"A player who takes no trick in a hand scores {bonus:+d} for it ({kind}){unless}."
        )
    return sentences


def _shooting(rules: Rules) -> list[str]:
    sentences: list[str] = []
    points = _positive_phrase(rules)
    amount = rules.moon_amount
    if rules.moon is MoonScoring.OFF:
        sentences.append(
            "There is no shooting the moon: a player who takes every point card scores them "
            f"all ({amount} points)."
        )
    else:
        bonus = _bonus_cards(rules)
        if rules.moon_requires is MoonRequires.ALL_SCORING_CARDS and bonus:
            sentences.append(
                f"A player who takes every card that scores, {_join(_cards(bonus))} as well as "
                f"{points}, shoots the moon."
            )
        elif rules.moon_requires is MoonRequires.ALL_SCORING_CARDS:
            sentences.append(
                f"A player who takes every card that scores ({points}) shoots the moon."
            )
        else:
            sentences.append(
                f"A player who takes every card worth positive points ({points}) shoots the moon."
            )
        if rules.moon_points is None:
            sentences.append(f"The moon is worth {amount} points, all the positive points.")
        else:
            sentences.append(f"The moon is worth {amount} points.")
        sentences.append(_moon_scoring(rules.moon))
        if bonus:
            sentences.append(
                f"A bonus card ({_join(_cards(bonus))}) still counts for whoever took it, "
                "the shooter too."
            )
    sun = rules.sun_points
    if rules.sun is SunScoring.ADD_TO_OTHERS:
        sentences.append(
            f"A player who takes every trick shoots the sun, worth {sun} points: they score "
            f"nothing for the positive cards and every other player scores {sun}. A sun shot is "
            "scored instead of a moon shot."
        )
    elif rules.sun is SunScoring.SUBTRACT_FROM_SHOOTER:
        sentences.append(
            f"A player who takes every trick shoots the sun, worth {sun} points: their score goes "
            f"down by {sun} and nobody scores the positive cards. A sun shot is "
            "scored instead of a moon shot."
        )
    return sentences


def _moon_scoring(moon: MoonScoring) -> str:
    if moon is MoonScoring.ADD_TO_OTHERS:
        return (
            "The shooter scores nothing for the positive cards, and every other player scores "
            "the moon's points instead."
        )
    if moon is MoonScoring.SUBTRACT_FROM_SHOOTER:
        return (
            "The shooter's score goes down by the moon's points, and nobody scores the positive "
            "cards."
        )
    if moon is MoonScoring.SHOOTER_CHOOSES:
        return (
            "The shooter chooses how it is scored: every other player scores the moon's points, "
            "or the shooter's score goes down by them; either way nobody scores the positive "
            "cards."
        )
    return (
        "Every other player scores the moon's points and the shooter nothing, unless that "
        "would end the game with the shooter losing, its total above the lowest: then the "
        "shooter's score goes down by the moon's points instead, and the others score nothing. "
        "A shooter tied for the lowest total, when tied players share the win, is not losing."
    )


def _end(rules: Rules) -> list[str]:
    if rules.single_hand:
        return [
            "The game is a single hand: the player with the fewest points wins, and players tied "
            "for the fewest share the win."
        ]
    target = rules.target_score
    down = rules.game_end is GameEnd.COUNT_DOWN
    if down:
        sentences = [
            f"Totals count up until, after a hand, any player's total reaches {target} or "
            "more. From the next hand on, each hand's scores are subtracted from the totals "
            "instead of added, to the end of the game.",
            "While totals count down, the game ends after a hand in which any player's total "
            "is 0 or below.",
        ]
    else:
        sentences = [
            f"The game ends after a hand in which any player's total reaches {target} or more."
        ]
    if rules.exact_target_halves:
        end = "start the count-down" if down else "end the game"
        sentences.append(
            f"A player whose total is exactly {target} after a hand drops back to "
            f"{target // 2}, so reaching exactly {target} does not {end}."
        )
    if rules.full_polish:
        sentences.append(
            f"Full Polish: a player whose total is {target - 1} before a hand and who scores "
            f"exactly {FULL_POLISH_POINTS} points in it ends the hand on {target - 2}"
            + (", while totals count up." if down else ".")
        )
    if rules.tie is TieRule.PLAY_ON:
        sentences.append(
            "The player with the lowest total wins. If two or more players share the lowest "
            "total, play goes on, hand by hand, until one player alone has it."
        )
    else:
        sentences.append(
            "The player with the lowest total wins; players tied for the lowest total share "
            "the win."
        )
    return sentences


def _body(rules: Rules) -> list[str]:
    """The rulebook's sections, each a Markdown heading and its bullet sentences."""
    sections: list[tuple[str, list[str], str | None]] = [
        ("Players and cards", _players_and_cards(rules), None),
        ("Passing", _passing(rules), None),
        ("Playing tricks", _tricks(rules), None),
        ("Breaking hearts", _breaking(rules), None),
        ("Scoring", _scoring(rules), _points_table(rules)),
        ("Shooting the moon and the sun", _shooting(rules), None),
        ("End of the game", _end(rules), None),
    ]
    lines: list[str] = []
    for heading, sentences, extra in sections:
        lines += [f"## {heading}", ""]
        lines += [f"- {sentence}" for sentence in sentences]
        lines.append("")
        if extra is not None:
            lines += [extra, ""]
    return lines


def describe(rules: Rules, title: str | None = None) -> str:
    """The rules as a Markdown rulebook for players.

    Sections cover the players and cards, passing, playing tricks, breaking
    hearts, scoring (with a table of card points), shooting the moon and the
    sun, and the end of the game. Each rule is a sentence that depends only
    on the field values, with the identifier of the :class:`~hearts_core.Rule`
    that enforces it in backticks.

    Args:
        rules: The ruleset to describe.
        title: The top heading; ``"Hearts"`` when not given.

    Returns:
        Markdown text ending in a newline.

    >>> from hearts_core import Rules
    >>> book = describe(Rules(), title="House rules")
    >>> book.splitlines()[0]
    '# House rules'
    >>> "| Q♠ | 13 |" in book
    True
    >>> "`HEARTS_NOT_BROKEN`" in book, "`QUEEN_NOT_BEFORE_HEARTS`" in book
    (True, False)
    """
    if type(rules) is not Rules:
        raise InvalidRulesError("rules", f"must be Rules, not {shown(rules)}")
    if title is not None and type(title) is not str:
        raise InvalidRulesError("title", f"must be text, not {shown(title)}")
    lines = [f"# {title if title is not None else 'Hearts'}", ""] + _body(rules)
    return "\n".join(lines).rstrip("\n") + "\n"


def describe_variant(variant: Variant) -> str:
    """A shipped (or your own) variant's rulebook: its name, other names, description and
    sources around :func:`describe`'s rules.

    Args:
        variant: The variant, as from :func:`~hearts_core.rules.variant_info` or
            :func:`~hearts_core.load_variant`.

    Returns:
        Markdown text ending in a newline.

    >>> from hearts_core.rules import variant_info
    >>> book = describe_variant(variant_info("black-maria"))
    >>> book.splitlines()[0]
    '# black-maria'
    >>> "| K♠ | 10 |" in book and "## Sources" in book
    True
    """
    if not isinstance(variant, Variant):
        raise InvalidRulesError("variant", f"must be a Variant, not {shown(variant)}")
    lines = [f"# {variant.name}", ""]
    if variant.aliases:
        lines += ["Also called: " + ", ".join(f"`{alias}`" for alias in variant.aliases) + ".", ""]
    if variant.description:
        lines += [" ".join(variant.description.split()), ""]
    lines += _body(variant.rules)
    if variant.sources:
        lines += ["## Sources", ""]
        lines += [f"- {source}" for source in variant.sources]
    return "\n".join(lines).rstrip("\n") + "\n"
