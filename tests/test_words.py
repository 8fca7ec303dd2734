"""Every game's words (docs/words.md): every event of seeded games, for every viewer, in every
language, said by both formatters (the terminal's in Python, the page's in JavaScript, run by
node) with the same strings; no key missing from a language, none unused."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.markup import escape
from rich.text import Text

from gamenight.engine.conformance import random_action
from gamenight.engine.core import Kind
from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.engine.registry import game_class, game_ids, make_game
from gamenight.engine.words import LANGUAGES, Formatter, Words, plain, select
from gamenight.terminal.narrate import Narrator, language
from gamenight.terminal.render import renderer_for

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ann", "Bo", "Cy", "Di", "Eve", "Flo", "Gus", "Hal"]
#: Seeded games of each game: options, how many games and with how many players (default: 20
#: games of 2 to 4 players with the default options).
PLAYS: dict[str, list[tuple[list[str], int, tuple[int, ...]]]] = {
    # a low target ends a game quickly and ties for the lead (sudden death) come up
    "toss-up": [(["target=8"], 30, (2, 3, 4))],
    # a turn limit ends some games before anyone has ten tokens
    "paper-toss": [([], 5, (2, 3, 4)), (["turn_limit=4"], 5, (2, 3, 4))],
    # matches of several rounds, the free scramble (a hand shown, a card taken from it), and
    # eight players (every flavour in the deck)
    "toss-your-cookies": [
        (["rounds=3"], 2, (3,)),
        (["free_scramble=true"], 2, (4,)),
        ([], 1, (8,)),
    ],
}
#: The page's formatter over a JSON file of cases, each rendered as the page renders it.
NODE_RENDER = """
import { readFileSync } from "node:fs";
import { render } from "%s";
const cases = JSON.parse(readFileSync(process.argv[1], "utf8"));
const out = cases.map((c) => render(c.words, {
  name: (seat) => c.names[seat], you: c.viewer, catalogues: [c.catalogue, c.fallback],
}));
process.stdout.write(JSON.stringify(out));
"""


def worded_games() -> list[str]:
    """The games whose words are data (a catalogue in English)."""
    return [g for g in game_ids() if game_class(g).words_catalogue("en")]


Said = tuple[Game[Any, Any], int | None, dict[str, Any], Words]


def said_events(game_id: str) -> Iterator[Said]:
    """Every event of seeded random games, as each viewer may see it, and its words."""
    cls = game_class(game_id)
    config = cls.config_type
    default = [([], 20, tuple(range(config.min_players, min(config.max_players, 4) + 1)))]
    plays = [(o, g, p) for o, g, counts in PLAYS.get(game_id, default) for p in counts]
    for options, games, players in plays:
        game = make_game(game_id, options, players=players)
        rng = random.Random(players)
        for _ in range(games):
            state = game.initial_state()
            while game.pending(state).kind is not Kind.TERMINAL:
                player, action = random_action(game, state, rng)
                state, events = game.apply(state, player, action)
                for event in events:
                    for viewer in (None, *range(players)):
                        shown = event.for_viewer(viewer)
                        said = game.event_words(shown)
                        if said is not None:
                            yield game, viewer, shown, said


def keys_in(said: Words) -> Iterator[str]:
    """The key of ``said`` and of every message nested in its parameters."""
    yield said["key"]

    def inner(value: Any) -> Iterator[str]:
        if isinstance(value, dict):
            if "key" in value:
                yield from keys_in({"key": value["key"], "params": value.get("params") or {}})
            for item in value.get("list", ()):
                yield from inner(item)

    for value in said["params"].values():
        yield from inner(value)


def test_every_game_is_worded() -> None:
    """Toss Up!, Paper Toss! and Toss Your Cookies say their events from their catalogues
    (Cover Your Cookies follows, docs/words.md)."""
    assert {"toss-up", "paper-toss", "toss-your-cookies"} <= set(worded_games())


@pytest.mark.parametrize("game_id", worded_games())
def test_every_event_is_said_in_every_language_and_every_key_is_used(game_id: str) -> None:
    """Each language has exactly English's keys; every event's words fill in every language
    without falling back to English; every key is used by some event."""
    cls = game_class(game_id)
    catalogues = {lang: cls.words_catalogue(lang) for lang in LANGUAGES}
    for lang, catalogue in catalogues.items():
        assert sorted(catalogue) == sorted(catalogues["en"]), lang
    used: set[str] = set()
    count = 0
    for game, viewer, _, said in said_events(game_id):
        used.update(keys_in(said))
        names = NAMES[: game.players]
        for lang, catalogue in catalogues.items():
            line = plain(catalogue, said, names, viewer)  # no fallback: a missing key fails
            assert line and "{" not in line, (lang, said, line)
        count += 1
    assert count > 100
    unused = sorted(set(catalogues["en"]) - used)
    assert unused == [], f"{game_id}: no event uses {unused}"


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's formatter")
@pytest.mark.parametrize("game_id", worded_games())
def test_the_page_and_the_terminal_say_the_same(game_id: str, tmp_path: Path) -> None:
    """The page's formatter (web/words.js, run by node) gives the strings the terminal's gives,
    for every event, viewer and language (the terminal's markup taken off)."""
    cls = game_class(game_id)
    fallback = cls.words_catalogue("en")
    cases: list[dict[str, Any]] = []
    expected: list[str] = []
    seen: set[str] = set()
    narrators: dict[tuple[int, str], Narrator] = {}
    for game, viewer, shown, said in said_events(game_id):
        for lang in LANGUAGES:
            mark = repr((game.players, viewer, said, lang))
            if mark in seen:
                continue
            seen.add(mark)
            catalogue = cls.words_catalogue(lang)
            names = NAMES[: game.players]
            cases.append(
                {
                    "words": said,
                    "viewer": viewer,
                    "names": names,
                    "catalogue": catalogue,
                    "fallback": fallback,
                }
            )
            text = Formatter(catalogue, fallback, names, viewer).render(said)
            expected.append(text)
            # the terminal's line is the same words, escaped and coloured
            key = (game.players, lang)
            narrator = narrators.get(key) or narrators.setdefault(
                key, Narrator(game, renderer_for(game_id), lang)
            )
            line = narrator.line(shown, names, viewer)
            assert line is not None and Text.from_markup(line).plain == text, (line, text)
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases))
    script = NODE_RENDER % (ROOT / "src/gamenight/web/words.js").as_uri()
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert len(got) == len(expected) > 100
    for case, page, terminal in zip(cases, got, expected, strict=True):
        assert page == terminal, (case["words"], case["viewer"])


def test_names_are_text_at_the_terminal_never_markup() -> None:
    """A name is whatever a seat calls itself: "[/]" and "[bold]" are shown as typed."""
    game = make_game("toss-up", players=2)
    narrator = Narrator(game, renderer_for("toss-up"))
    event = {"kind": "banked", "player": 1, "points": 3, "total": 9}
    line = narrator.line(event, ["[/]", "[bold]Bo"], 0)
    assert line is not None and Text.from_markup(line).plain == "[bold]Bo banked 3 (total 9)"
    assert escape("[bold]Bo") in line


def test_the_terminal_speaks_the_language_asked_for_or_the_locales() -> None:
    """``--lang es`` or ``LANG=es_ES.UTF-8``: Spanish; any other locale: English; a language we
    do not have is refused in words."""
    assert language("es") == "es" and language(" EN ") == "en"
    assert language(None, {"LANG": "es_MX.UTF-8"}) == "es"
    assert language(None, {"LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES"}) == "en"
    assert language(None, {}) == "en"
    with pytest.raises(GameError, match="no words in 'fr'; languages: en, es"):
        language("fr")
    game = make_game("toss-up", players=2)
    said = Narrator(game, renderer_for("toss-up"), "es").line(
        {"kind": "busted", "player": 0, "lost": 3}, ["You", "Bo"], 0
    )
    assert said is not None and Text.from_markup(said).plain == "Te pasaste y pierdes 3 puntos"


def test_forms_are_chosen_by_count_and_by_who_is_addressed() -> None:
    """``plural`` picks one for exactly 1; ``person`` picks you for the viewer's seat alone."""
    message = {"person": "who", "you": {"plural": "n", "one": "a", "other": "b"}, "other": "c"}
    assert select(message, {"who": {"seat": 1}, "n": 1}, 1) == "a"
    assert select(message, {"who": {"seat": 1}, "n": 0}, 1) == "b"
    assert select(message, {"who": {"seat": 1}, "n": 1}, 0) == "c"
    assert select(message, {"who": {"seat": 1}, "n": 1}, None) == "c"
    with pytest.raises(ValueError, match="'plural' or 'person'"):
        select({"one": "x"}, {}, None)
