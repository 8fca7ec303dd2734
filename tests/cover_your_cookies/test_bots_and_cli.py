"""Bots (quality by simulation, sensible choices), simulation figures, and the command line."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from gamenight.bots import default_bot, make_bot
from gamenight.cli import app
from gamenight.games.cover_your_cookies.state import (
    YIELD,
    Answer,
    DrawOrder,
    FormBatch,
    MixerInPlay,
    Rotate,
    Swipe,
)
from gamenight.sim.simulate import simulate
from gamenight.sim.stats import wilson_interval
from tests.cover_your_cookies.helpers import batch, game, match_at, table

FULL = ["snickerdoodle"] * 5


def test_heuristic_bot_beats_random_with_separate_95_intervals() -> None:
    """The default bot (baker) against three random bots, 240 seeded games: its win rate's 95%
    Wilson interval lies wholly above the best random seat's."""
    g = game(4)
    assert default_bot(g.id) == "baker"
    report = simulate(g, ["default", "random", "random", "random"], games=240, seed=11)
    low, _high = wilson_interval(report.wins[0], report.games)
    best_random = max(report.wins[1:])
    _low, high_random = wilson_interval(best_random, report.games)
    assert low > high_random, (report.wins, low, high_random)
    assert report.wins[0] / report.games > 0.6


def test_heuristic_bot_also_wins_under_the_variants() -> None:
    """With Extra Strength and two actions, and with 3 players, baker still beats random."""
    for g in (game(4, extra_strength=True, two_actions=True), game(3)):
        report = simulate(g, ["default", *["random"] * (g.players - 1)], games=60, seed=2)
        assert report.wins[0] > 2 * max(report.wins[1:]), report.wins


def test_baker_beats_a_first_legal_move_seat_with_two_actions() -> None:
    """With two actions per turn, baker against three seats that always take the first legal
    move, in two seat orders, 200 seeded games each: its win rate's 95% interval lies wholly
    above the best baseline seat's."""
    g = game(4, two_actions=True)
    for bots in (["baker", "first", "first", "first"], ["first", "first", "baker", "first"]):
        report = simulate(g, bots, games=200, seed=5)
        seat = bots.index("baker")
        low, _high = wilson_interval(report.wins[seat], report.games)
        best = max(w for i, w in enumerate(report.wins) if i != seat)
        _low, high_first = wilson_interval(best, report.games)
        assert low > high_first, (bots, report.wins)


def bot_choice(state: object, seat: int = 0) -> object:
    g = game(4)
    bot = make_bot("baker", g, seat)
    legal = g.legal_actions(state, seat)  # type: ignore[arg-type]
    return bot.act(g.observe(state, seat), legal, random.Random(0))  # type: ignore[arg-type]


def test_baker_swipes_the_richest_exposed_batch_it_can_contest() -> None:
    """It goes for the valuable exposed Batch when it holds matching cards."""
    g = game(4)
    hands = [["lemon_glaze", "lemon_glaze", "sugar", "peanut_butter", "red_velvet"], *[FULL] * 3]
    stacks = [
        [batch(0, "sugar")],
        [batch(1, "sugar"), batch(2, "lemon_glaze", "chocolate_milk", "fresh_milk")],
        [batch(3, "sugar"), batch(4, "sugar")],
        [],
    ]
    assert bot_choice(table(g, hands, stacks)) == Swipe(1, "lemon_glaze")


def test_baker_keeps_milk_and_pairs_cookies() -> None:
    """With a cookie pair available it does not spend its milk on a Batch."""
    g = game(4)
    hands = [["fresh_milk", "red_velvet", "sugar", "sugar", "lemon_glaze"], *[FULL] * 3]
    choice = bot_choice(table(g, hands))
    assert isinstance(choice, FormBatch)
    assert "fresh_milk" not in choice.cards


def test_baker_defends_a_rich_batch_and_lets_a_poor_one_go_rather_than_spend_milk() -> None:
    """It defends when the Batch is worth the card, with its cheapest matching card."""
    g = game(4)
    stacks = [
        [batch(0, "sugar")],
        [batch(1, "sugar"), batch(2, "lemon_glaze", "chocolate_milk")],
        [],
        [],
    ]
    hands = [["lemon_glaze", "sugar"], ["lemon_glaze", "chocolate_milk", "sugar"], FULL, FULL]
    match = match_at(g, table(g, hands, stacks))
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    assert bot_choice(match.state, 1) == Answer(("lemon_glaze",))
    poor = [[batch(0, "sugar")], [batch(1, "sugar"), batch(2, "sugar")], [], []]
    hands = [["sugar", "lemon_glaze"], ["chocolate_milk", "lemon_glaze"], FULL, FULL]
    match = match_at(g, table(g, hands, poor))
    match.submit(0, Swipe(1, "sugar"), match.version)
    assert bot_choice(match.state, 1) == YIELD


def test_baker_rotates_towards_the_richer_incoming_batch() -> None:
    """Rotate: it picks the direction that brings it the better Batch."""
    g = game(4)
    stacks = [
        [batch(0, "sugar")],
        [batch(1, "birthday_cake", "chocolate_milk")],
        [],
        [batch(2, "sugar")],
    ]
    state = table(
        g,
        [FULL] * 4,
        stacks,
        phase="mixer",
        mixer=MixerInPlay("rotate", 0),
        top_half_left=0,
        deck={"peanut_butter": 3},
        draw_queue=(DrawOrder(0),),
    )
    # Left sends tops to the next seat, so seat 0 receives from seat 3; right: from seat 1.
    assert bot_choice(state) == Rotate("right")


def test_simulation_reports_swipes_duel_lengths_and_score_spread() -> None:
    """`simulate` carries the game's figures: swipes per game, duel lengths, score spread."""
    report = simulate(game(4), ["default", "default", "random", "random"], games=20, seed=3)
    data = report.to_json()
    for key in ("swipes_per_game", "mean_duel_length", "duel_lengths", "mean_score_spread"):
        assert key in data
    assert data["swipes_per_game"] > 0
    assert data["mean_duel_length"] >= 1
    assert sum(data["duel_lengths"].values()) > 0
    assert data["mean_score_spread"] > 0
    assert "swipes_per_game" in data["seats"][0]


runner = CliRunner()


def test_cli_play_with_piped_input_to_the_end() -> None:
    """`gamenight play cover-your-cookies --seats human,default,default` reads moves from a
    pipe (here: always the first listed move) and plays to the end, seeded."""
    result = runner.invoke(
        app,
        ["play", "cover-your-cookies", "--seats", "human,default,default", "--seed", "7"],
        input="1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "Cover Your Cookies" in result.output
    assert "Your hand:" in result.output
    assert "Game over: " in result.output


def test_cli_play_with_variants_and_typed_words() -> None:
    """Variants from `-o`; moves typed as words (`end` closes a two-action turn)."""
    result = runner.invoke(
        app,
        [
            "play",
            "cover-your-cookies",
            "--seats",
            "default,human,default,random,random",
            "--seed",
            "3",
            "-o",
            "two_actions=true",
            "-o",
            "extra_strength=true",
        ],
        input="end\n" * 3 + "1\n" * 600,
    )
    assert result.exit_code == 0, result.output
    assert "end turn" in result.output
    assert "Game over: " in result.output


def test_cli_play_refuses_a_bad_typed_move_and_goes_on() -> None:
    """A wrong move gets one line saying what is allowed, and the prompt comes back."""
    result = runner.invoke(
        app,
        ["play", "cover-your-cookies", "--seats", "human,default,default", "--seed", "7"],
        input="form fresh_milk chocolate_milk\nform cupcake\n" + "1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "a Batch can't be formed with two milks" in " ".join(result.output.split())
    assert "unknown card 'cupcake'" in result.output


def test_cli_simulate_json() -> None:
    """`gamenight simulate ... --json` prints one JSON document with the game's figures."""
    result = runner.invoke(
        app,
        [
            "simulate",
            "cover-your-cookies",
            "--bots",
            "default,random,random",
            "--games",
            "30",
            "--json",
            "-o",
            "extra_strength=true",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 30
    assert data["config"]["extra_strength"] is True
    assert "swipes_per_game" in data


def test_cli_rules_and_bad_player_counts() -> None:
    """`gamenight rules cover-your-cookies` prints the page; 2 players exit with status 2."""
    result = runner.invoke(app, ["rules", "cover-your-cookies"])
    assert result.exit_code == 0
    assert "Rulings this project follows" in result.output
    result = runner.invoke(app, ["play", "cover-your-cookies", "--seats", "human,default"])
    assert result.exit_code == 2
    assert "3 to 6 players" in result.output


def test_the_screen_says_which_way_left_is_and_what_a_choice_does() -> None:
    """A person must be able to tell what to type: Rotate and Exchange name the seat "left"
    means (play passes left, to the next seat), a Swap shows the top Batches at stake, a duel's
    end says who gave up, and the responder is told what may answer."""
    from io import StringIO

    from rich.console import Console

    from gamenight.games.cover_your_cookies.state import Exchange, SwapBatches
    from gamenight.games.cover_your_cookies.terminal import CoverYourCookiesRenderer

    g = game()
    stacks = [[batch(0, "sugar")], [batch(1, "red_velvet")], [batch(2, "sugar")], []]
    names = ["You", "baker (1)", "baker (2)", "baker (3)"]
    r = CoverYourCookiesRenderer()
    out = StringIO()
    state = table(
        g, [FULL] * 4, stacks, phase="mixer", mixer=MixerInPlay("swap", 0), top_half_left=0
    )
    r.show(Console(file=out, width=200), g.observe(state, 0), 0, names)
    assert "pick two other players" in out.getvalue()
    label = r.action_label("swap 1 2", SwapBatches(1, 2))
    assert label == "swap the top Batches of baker (1) [30] and baker (2) [10]"
    assert "next seat" in r.action_label("rotate left", Rotate("left"))
    assert "previous seat" in r.action_label("rotate right", Rotate("right"))
    state = table(
        g, [FULL] * 4, stacks, phase="mixer", mixer=MixerInPlay("exchange_left", 0), top_half_left=0
    )
    r.show(Console(file=StringIO()), g.observe(state, 0), 0, names)
    assert "left neighbour (next seat)" in r.action_label("exchange 2", Exchange(2))
    over = {
        "kind": "duel_over",
        "winner": 1,
        "yielded_by": 0,
        "swiped": True,
        "value": 40,
        "challenger": 1,
        "defender": 0,
    }
    assert (r.describe(over, names) or "").startswith("You yield: ")
    two = [[batch(0, "red_velvet"), batch(3, "sugar")], [batch(1, "red_velvet")], [], []]
    hands = [["sugar", *FULL[:4]], ["sugar", *FULL[:4]], FULL, FULL]
    match = match_at(g, table(g, hands, two, turn=1))
    match.submit(1, Swipe(0, "sugar"), match.version)
    out = StringIO()
    r.show(Console(file=out, width=200), g.observe(match.state, 0), 0, names)
    assert "Play a matching card (Sugar or a milk) to keep the Batch, or yield" in out.getvalue()
