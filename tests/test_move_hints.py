"""Hints and parsers agree: every example of a move a person is shown parses back to a move.

The examples come from where a person reads them: the "Moves in words" of each game's rules page
(the terminal's ``?`` shows it, and the browser's rules page), and the refusals a game's text
parser gives (``e.g. swap 1``, ``moves look like: discard dog, ...``, ``type roll (r) or bank
(b)``, ``play takes one or two cards: play sugar``). Usage templates (``swipe <player> <card>``,
``rotate left|right``) are filled in with each alternative and a seat number or a card.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from gamenight.engine.core import CHANCE, Kind
from gamenight.engine.errors import MalformedAction
from gamenight.engine.game import Game
from gamenight.engine.registry import make_game
from gamenight.terminal.render import renderer_for

GAMES = ("toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies")
#: What fills a template's placeholder, by game (a card of that game, a seat).
CARD = {"toss-your-cookies": "sugar", "paper-toss": "dog", "cover-your-cookies": "sugar"}


def rules_examples(game: Game) -> list[str]:
    """The moves in backticks of the "Moves in words" item of the rules' terminal section
    (Toss Up!'s two moves are keys: "press `r` to roll and `b` to bank")."""
    text = game.rules_text().partition("At the terminal")[2]
    item = re.search(r"^(\s*)- Moves in words:(.*?)(?=^\1- |\Z)", text, re.M | re.S)
    if item is None:
        return re.findall(r"`(\w+)` to \w+", text)
    spans = re.findall(r"`([^`]+)`", item.group(2))
    # "toss ..." stands for the cards, as in "pass sugar sugar wild" just before it; "`+` card"
    # and "`1`" (a move's number in line mode) are words about moves, not moves.
    return [s for s in spans if "..." not in s and re.match(r"[a-z]", s)]


def refusal_examples(game: Game, message: str, heads: set[str]) -> list[str]:
    """The example moves a refusal shows, templates filled in."""
    found: list[str] = []
    for m in re.finditer(r"e\.g\. ([^)]+?)(?: for |\)|$)", message):
        found.append(m.group(1))
    if m := re.search(r"moves look like: (.*)$", message):
        found += m.group(1).split(", ")
    if m := re.search(r"type (\w+) \((\w)\) or (\w+) \((\w)\)", message):
        found += list(m.groups())
    if m := re.search(r"(?:takes [^:]*|type it as): (.*)$", message):
        usage = re.sub(r" \(.*\)$", "", m.group(1).partition(";")[0])
        for part in re.split(r", or |, | or ", usage):
            if part.split()[0] in heads:  # "takes a seat: a whole number ..." is no usage
                found += fill(game, part)
    return found


def fill(game: Game, usage: str) -> list[str]:
    """``swipe <player> <card>`` -> ``swipe 1 sugar``; ``exchange 1|2`` -> both."""
    card = CARD.get(game.id, "x")
    words = [
        card if w in ("<card>", "CARD") else "1" if w in ("SEAT", "N") or w.startswith("<") else w
        for w in usage.split()
    ]
    options = [w.split("|") for w in words]
    out = [""]
    for choice in options:
        out = [f"{o} {c}".strip() for o in out for c in choice]
    return out


def move_words(game: Game) -> set[str]:
    """The first words of moves: the action tags and the rules page's move words."""
    return {*game.codec.by_tag, *(w.split()[0] for w in rules_examples(game))}


def refusals(game: Game) -> list[str]:
    """What the parser says to an empty line, an unknown word, and each move word given nothing
    or nonsense to work with."""
    heads = {"", "xyzzy", *move_words(game)}
    messages = []
    for head in sorted(heads):
        for tail in ("", "zz", "zz zz zz zz"):
            try:
                game.action_from_text(f"{head} {tail}")
            except MalformedAction as exc:
                messages.append(str(exc))
    return messages


def tables(game_id: str) -> list[Game]:
    """The game at every player count it allows (Toss Your Cookies deals one cookie kind per
    player, so a card named in a hint must be one dealt at every table)."""
    config = make_game(game_id).config_type
    return [
        make_game(game_id, players=n) for n in range(config.min_players, config.max_players + 1)
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_pages_moves_parse(game_id: str) -> None:
    """The rules page's moves parse at every table size (Toss Your Cookies' page once showed
    `pass chip chip wild`, and Chocolate Chip is dealt only from five players)."""
    for game in tables(game_id):
        examples = rules_examples(game)
        assert len(examples) >= 2, examples
        for example in examples:
            try:
                game.action_from_text(example)
            except MalformedAction as exc:
                pytest.fail(f"{game_id}, {game.players} players: {example!r}: {exc}")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_example_a_refusal_shows_parses(game_id: str) -> None:
    for game in tables(game_id):
        heads = move_words(game)
        examples = {e for text in refusals(game) for e in refusal_examples(game, text, heads)}
        assert len(examples) >= 4, examples
        for example in sorted(examples):
            try:
                game.action_from_text(example)
            except MalformedAction as exc:
                pytest.fail(f"{game_id}, {game.players} players: {example!r}: {exc}")


def test_every_example_the_terminal_shows_parses() -> None:
    """The line-mode screen's own hints, drawn for each seat about to decide in seeded random
    games, parse back. Only Toss Your Cookies' screen gives typed examples ("Type a number below,
    or the cards: e.g. give sugar wild", "type 1 (or grab milk)"); the others list the moves."""
    game_id = "toss-your-cookies"
    game = make_game(game_id, players=4)
    renderer = renderer_for(game_id)
    names = ["Ann", "Bo", "Cy", "Di"]
    examples: set[str] = set()
    rng = random.Random(3)
    state = game.initial_state()

    def seen_all() -> bool:
        offered = {e.split()[0] for e in examples}
        return {"give", "grab"} <= offered and bool({"pass", "toss"} & offered)

    for _ in range(400):
        pending = game.pending(state)
        if pending.kind is Kind.TERMINAL or seen_all():
            break
        if pending.kind is Kind.CHANCE:
            state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        for seat in pending.players:  # a hint is for a seat about to decide
            console = Console(record=True, width=200, file=io.StringIO())
            renderer.show(console, game.view(state, seat), seat, names)
            text = console.export_text()
            examples |= {m.group(1) for m in re.finditer(r"e\.g\. (.+)$", text, re.M)}
            examples |= {m.group(1) for m in re.finditer(r"\(or ([a-z][a-z ]*)\)", text)}
        player = pending.players[0]
        state, _ = game.apply(state, player, rng.choice(list(game.legal_actions(state, player))))
    assert any(e.startswith(("pass ", "toss ")) for e in examples), examples
    assert any(e.startswith("give ") for e in examples), examples
    assert "grab milk" in examples
    for example in sorted(examples):
        try:
            game.action_from_text(example)
        except MalformedAction as exc:
            pytest.fail(f"the screen's hint {example!r} does not parse: {exc}")
