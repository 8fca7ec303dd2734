"""The Toss Up! solver: hand-derived odds, a brute force over the engine's own states, the
simulated win rate of the solved policy, the coach, the optimal bot and the cache."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from gamenight.bots import UnknownBot
from gamenight.engine import ConfigError, Match
from gamenight.games.toss_up.bots import BOTS
from gamenight.games.toss_up.game import BANK, ROLL, TossUp, TossUpConfig, TossUpState
from gamenight.games.toss_up.optimal import BOT_SPECS, OptimalBot, coach
from gamenight.games.toss_up.solver import (
    DiceLaw,
    Solution,
    compute,
    last_turn_table,
    load,
    solution_key,
    solve,
    solve_config,
    solve_report,
    solver_config,
)
from gamenight.games.toss_up.solver_plot import bank_thresholds, plot, summary
from gamenight.sim.driver import run
from gamenight.sim.simulate import game_seed
from gamenight.sim.stats import wilson_interval

PRINTED = TossUp(TossUpConfig(players=2))
LAW = DiceLaw.of(PRINTED)
REDS = ("green", "yellow", "red", "red", "red", "red")


@pytest.fixture(scope="session")
def solved(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Solution]:
    """The printed game to 100, solved once per test session into a private cache folder."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GAMENIGHT_CACHE", str(folder))
        yield solve(2, 100)


def view(state: TossUpState, game: TossUp = PRINTED) -> dict[str, object]:
    return game.observe(state, state.player)


def before_the_end(mine: int, theirs: int, points: int, dice: int = 10) -> TossUpState:
    return TossUpState(
        scores=(mine, theirs),
        player=0,
        turn_points=points,
        dice_left=dice,
        rolled=True,
        trigger=None,
        final=(),
    )


# ---- figures derivable by hand ---------------------------------------------------------------


@pytest.mark.parametrize("k", range(1, 11))
def test_bust_odds_are_no_green_and_some_red(k: int) -> None:
    """Rulebook: "If on any roll, you don't get any greens *and* get one or more reds, you have
    just 'run a red light'". With 3 green, 2 yellow, 1 red faces: (1/2)^k - (1/3)^k."""
    exact = Fraction(1, 2) ** k - Fraction(1, 3) ** k
    assert LAW.bust_chance(k) == pytest.approx(float(exact), rel=1e-14)
    assert float(LAW.stay[k - 1]) == pytest.approx(float(Fraction(1, 3) ** k), rel=1e-14)


def test_one_die_busts_one_time_in_six_and_two_dice_five_in_36() -> None:
    """A red light needs no green and some red: one die, the red face; two dice, 1/4 - 1/9."""
    assert LAW.bust_chance(1) == pytest.approx(1 / 6, rel=1e-15)
    assert LAW.bust_chance(2) == pytest.approx(5 / 36, rel=1e-15)


@cache
def reach(points: int, dice: int) -> Fraction:
    """The exact chance that a turn which never banks sets aside ``points`` more greens, from
    ``dice`` dice to roll (counted independently of the solver, with fractions)."""
    if points <= 0:
        return Fraction(1)
    g, y = Fraction(1, 2), Fraction(1, 3)
    moved = 1 - y**dice
    total = Fraction(0)
    for greens in range(1, dice + 1):
        chance = Fraction(_comb(dice, greens)) * g**greens * (1 - g) ** (dice - greens)
        left = dice - greens or 10
        total += chance / moved * reach(points - greens, left)
    return total


def _comb(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def test_reaching_one_and_two_points_in_a_turn_by_hand() -> None:
    """Rulebook: "After every roll, set aside any newly rolled greens"; all yellow changes
    nothing. One point: any green before a red light, (1 - 2^-10) / (1 - 3^-10). Two points:
    two greens at once, or one and then a green from the nine left."""
    table = last_turn_table(LAW, 0.0, 40)
    one = (1 - 2**-10) / (1 - 3**-10)
    assert table[10 + 0, 9] == pytest.approx(one, rel=1e-14)
    p1 = 10 * 2**-10  # exactly one green of ten
    two = (1 - 2**-10 - p1 + p1 * (1 - 2**-9) / (1 - 3**-9)) / (1 - 3**-10)
    assert table[10 + 1, 9] == pytest.approx(two, rel=1e-14)


@pytest.mark.parametrize("points", [1, 5, 10, 11, 20, 33])
@pytest.mark.parametrize("dice", [1, 4, 10])
def test_one_turn_reach_chances_match_exact_fractions(points: int, dice: int) -> None:
    """The last-turn table with a worthless tie is the chance to get past ``points - 1`` more:
    after ten greens all ten dice come back ("You may roll all 10 Dice again")."""
    table = last_turn_table(LAW, 0.0, 60)
    assert table[10 + points - 1, dice - 1] == pytest.approx(float(reach(points, dice)), 1e-13)


# ---- the whole game, against a brute force over the engine's states --------------------------


def brute_force(config: TossUpConfig, cap: int) -> float:
    """Seat 0's chance of winning under best play by both, by value iteration over the rules
    engine's own states (turn points capped at ``cap``; in sudden death only the difference of
    the scores matters, so they are counted from the lower one)."""
    game = TossUp(config)

    def key(st: TossUpState) -> tuple[object, ...]:
        scores = st.scores
        if st.contenders:
            scores = tuple(x - min(scores) for x in scores)
        return (scores, st.player, st.turn_points, st.dice_left, st.rolled, st.trigger, st.final)

    start = game.initial_state()
    index, states, nodes = {key(start): 0}, [start], []
    for st in states:  # grows while it is walked: a breadth-first enumeration
        if st.winners:
            nodes.append(("end", 1.0 if st.winners == (0,) else 0.5 if 0 in st.winners else 0.0))
            continue
        if not st.rolled:
            moves = [(p, game.apply(st, -1, dice)[0]) for dice, p in game.chance_outcomes(st)]
        else:
            actions = [BANK, ROLL] if st.turn_points < cap else [BANK]
            moves = [(1.0, game.apply(st, st.player, a)[0]) for a in actions]
        edges = []
        for p, nxt in moves:
            if key(nxt) not in index:
                index[key(nxt)] = len(states)
                states.append(nxt)
            edges.append((p, index[key(nxt)]))
        kind = "chance" if not st.rolled else ("max" if st.player == 0 else "min")
        nodes.append((kind, edges))
    value = [0.5] * len(nodes)
    for _ in range(5000):
        change = 0.0
        for i in range(len(nodes) - 1, -1, -1):
            kind, data = nodes[i]
            if kind == "end":
                new = data
            elif kind == "chance":
                new = sum(p * value[j] for p, j in data)
            elif kind == "max":
                new = max(value[j] for _, j in data)
            else:
                new = min(value[j] for _, j in data)
            change = max(change, abs(new - value[i]))
            value[i] = new
        if change < 1e-15:
            return value[0]
    raise AssertionError("the brute force did not converge")


@pytest.mark.parametrize(
    "options",
    [
        {"target": 2, "dice": 2},
        {"target": 3, "dice": 2, "faces": REDS},
        {"target": 3, "dice": 2, "faces": REDS, "shared_victory": True},
    ],
    ids=["two-dice", "red-heavy-sudden-death", "red-heavy-shared"],
)
def test_solver_matches_a_brute_force_over_engine_states(options: dict[str, object]) -> None:
    """RULINGS: the final round starts past the target, every other player gets one more turn,
    ties play sudden death (or share the win). The brute force plays the engine's rules; with
    red-heavy dice a last turn prefers the tie, so sudden death (or sharing) matters."""
    config = TossUpConfig(players=2, **options)  # type: ignore[arg-type]
    solution = compute(config)
    assert brute_force(config, cap=12) == pytest.approx(solution.first_player_wins, abs=1e-12)


def test_ties_are_worth_what_their_ruling_says_with_red_heavy_dice() -> None:
    """With mostly red faces the answer to a final round takes a tie, so sudden death and a
    shared win give different values; with the printed dice rolling on from level is better."""
    sudden = compute(solver_config(target=3, dice=2, faces=REDS))
    shared = compute(solver_config(target=3, dice=2, faces=REDS, shared_victory=True))
    assert sudden.sudden is not None and shared.sudden is None
    assert shared.tie == 0.5
    assert sudden.first_player_wins != pytest.approx(shared.first_player_wins, abs=1e-9)


# ---- the full game ---------------------------------------------------------------------------


def test_simulated_optimal_play_wins_as_often_as_computed(solved: Solution) -> None:
    """The policy played by the engine (4000 seeded games through the simulation driver, optimal
    against optimal): the first seat's win rate has the computed chance inside its 95%
    interval. (The bot is built directly: registering it is the game's registration's job.)"""
    agents = [OptimalBot(PRINTED, 0), OptimalBot(PRINTED, 1)]
    games = 4000
    first = sum(
        run(Match(PRINTED, seed=seed), agents).outcome().winners == (0,)
        for seed in (game_seed(12, i) for i in range(games))
    )
    low, high = wilson_interval(first, games)
    assert low <= solved.first_player_wins <= high
    assert 0.53 < solved.first_player_wins < 0.55


def test_moving_first_is_an_edge_but_more_points_can_hurt(solved: Solution) -> None:
    """The first player is favoured. Points are not always welcome: the dice left follow the
    turn points, so one point more can leave a worse count of dice at the target."""
    win = solved.win
    assert win[0, 0] > 0.5
    assert (np.diff(win, axis=0) < -1e-3).any()  # somewhere a point more costs over 0.1%


def test_coach_agrees_with_the_policy_and_the_win_table(solved: Solution) -> None:
    """The coach's better choice is the policy's; rolling on after an all-yellow first roll is
    worth exactly the chance at the start of the turn (the roll is the same)."""
    rng = random.Random(5)
    for _ in range(60):
        a, b, t = rng.randrange(101), rng.randrange(101), rng.randrange(0, 130)
        chances = coach(view(before_the_end(a, b, t, LAW.dice_left(t))), solved)
        assert (chances.best == "roll") == solved.rolls(a, b, t)
        if t == 0:
            assert chances.roll == pytest.approx(float(solved.win[a, b]), abs=1e-12)
            assert chances.bank == pytest.approx(1 - float(solved.win[b, a]), abs=1e-12)


def test_coach_in_the_final_round_counts_what_is_left(solved: Solution) -> None:
    """RULINGS: "every other player gets exactly one more turn"; past the trigger's total a
    bank wins for sure, short of it a bank loses, and a roll from ahead wins unless it busts."""
    ahead = TossUpState(
        scores=(90, 105),
        player=0,
        turn_points=16,
        dice_left=4,
        rolled=True,
        trigger=1,
        final=(0,),
        turns=9,
    )
    chances = coach(view(ahead), solved)
    assert chances.bank == 1.0
    assert chances.roll == pytest.approx(1 - float(LAW.bust_weight[3]), abs=1e-15)
    behind = TossUpState(
        scores=(90, 105),
        player=0,
        turn_points=14,
        dice_left=6,
        rolled=True,
        trigger=1,
        final=(0,),
        turns=9,
    )
    assert coach(view(behind), solved).bank == 0.0


def test_coach_refuses_a_view_it_was_not_solved_for(solved: Solution) -> None:
    other = TossUp(TossUpConfig(players=2, target=50))
    with pytest.raises(ConfigError, match="target 100"):
        coach(other.observe(before_the_end(0, 0, 3, 7), 0), solved)
    with pytest.raises(ConfigError, match="fix the dice left: 7"):
        coach(view(before_the_end(0, 0, 3, 5)), solved)


def test_sudden_death_opening_matches_its_solution(solved: Solution) -> None:
    """RULINGS: "ties for the highest total play sudden-death extra turns among the tied
    players". The opener's chance, at the start of its turn, is the solved first-mover value."""
    state = TossUpState(
        scores=(120, 120),
        player=1,
        turn_points=0,
        dice_left=10,
        rolled=True,
        trigger=0,
        final=(1, 0),
        contenders=(0, 1),
        turns=9,
    )
    sudden = solved.sudden
    assert sudden is not None
    assert coach(view(state), solved).roll == pytest.approx(sudden.first_wins, abs=1e-12)
    assert 0.25 < sudden.first_wins < 0.4  # the second player sees what it must beat


def test_optimal_bot_plays_the_policy(solved: Solution) -> None:
    (spec,) = BOT_SPECS
    assert (spec.name, spec.arg) == ("optimal", None)
    assert spec in BOTS  # one of Toss Up!'s own bots
    bot = spec.factory(PRINTED, 0, None)
    assert isinstance(bot, OptimalBot)
    rng = random.Random(0)
    for a, b, t in [(0, 0, 20), (0, 0, 28), (95, 60, 14), (60, 95, 30)]:
        state = before_the_end(a, b, t, LAW.dice_left(t))
        assert bot.act(view(state), (ROLL, BANK), rng) == (ROLL if solved.rolls(a, b, t) else BANK)


@pytest.mark.parametrize("players", [3, 6])
def test_optimal_bot_refuses_more_than_two_players(players: int) -> None:
    game = TossUp(TossUpConfig(players=players))
    with pytest.raises(UnknownBot, match=f"2-player Toss Up! only.*{players} players"):
        BOT_SPECS[0].factory(game, 0, None)


# ---- configs, cache, summary, plot -----------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "2-player games only, got 3 players"),
        ({"target": 500}, "targets up to 200, got 500"),
        ({"faces": ("green", "yellow")}, "needs a red face"),
        ({"players": 9}, "9 players is out of range"),
    ],
)
def test_solver_refuses_what_it_cannot_solve(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        solver_config(**options)  # type: ignore[arg-type]


def test_cache_round_trip_and_stale_files(tmp_path: Path) -> None:
    config = solver_config(target=6, dice=3)
    first = solve_config(config, folder=tmp_path)
    (path,) = tmp_path.iterdir()
    assert path.name == f"toss-up-{solution_key(config)}.npz"
    again = load(path, config)
    assert again is not None
    assert np.array_equal(again.win, first.win) and np.array_equal(again.policy, first.policy)
    assert load(path, solver_config(target=7, dice=3)) is None  # another game: not this file
    path.write_bytes(b"not a solution")
    assert load(path, config) is None
    assert solve_config(config, folder=tmp_path).first_player_wins == first.first_player_wins


def test_summary_gives_the_first_players_chance_and_thresholds() -> None:
    solution = compute(solver_config(target=20))
    text = summary(solution)
    assert f"{solution.first_player_wins:.6f}" in text
    first, _again = bank_thresholds(solution)
    for a, b in [(0, 0), (10, 18), (20, 20)]:
        for k in (1, 5, 10):
            t = int(first[a, b, k - 1])
            assert not solution.rolls(a, b, t)
            below = range(10 - k if k < 10 else 0, t, 10)
            assert all(solution.rolls(a, b, p) for p in below)


def test_plot_writes_a_png_and_refuses_an_unknown_format(tmp_path: Path) -> None:
    solution = compute(solver_config(target=12))
    out = tmp_path / "policy.png"
    plot(solution, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ConfigError, match="cannot write the plot"):
        plot(solution, tmp_path / "policy.nosuchformat")
    with pytest.raises(ConfigError, match=r"x\.png: No such file or directory$"):
        plot(solution, tmp_path / "no-folder" / "x.png")


def test_solve_report_refuses_three_players() -> None:
    with pytest.raises(ConfigError, match="2-player games only"):
        solve_report(players=3)


def test_a_cache_folder_that_cannot_be_written_is_skipped(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    solution = solve_config(solver_config(target=5, dice=2), folder=blocked / "cache")
    assert solution.cached is None and solution.first_player_wins > 0.5


def test_solve_report_reads_the_cache_the_second_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMENIGHT_CACHE", str(tmp_path))
    first = solve_report(target=10)
    second = solve_report(target=10)
    assert "Read from the cache" not in first and "Solved in" in first
    assert f"Read from the cache: {tmp_path}" in second and "Solved in" not in second
    assert first.splitlines()[1] == second.splitlines()[1]  # the same chance, to 6 decimals


def test_the_solve_command_takes_game_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``gamenight solve toss-up -o ...`` solves that config (the rules page's options: dice,
    faces, strict, shared wins), the same as solving the config itself; the target stays with
    ``--target`` and a bad option is refused in one line."""
    from typer.testing import CliRunner

    from gamenight.cli import app

    monkeypatch.setenv("GAMENIGHT_CACHE", str(tmp_path))
    runner = CliRunner()
    args = ["solve", "toss-up", "--target", "12", "-o", "dice=3", "-o", "strict=false"]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    expected = solve_config(solver_config(target=12, dice=3, strict=False), cache=False)
    assert f"{expected.first_player_wins:.6f}" in result.output
    assert "at least 12, 3 dice" in result.output
    for bad, message in (
        (["-o", "target=50"], "the target is set by --target"),
        (["-o", "dice=many"], "option dice takes"),
    ):
        refused = runner.invoke(app, ["solve", "toss-up", *bad])
        assert refused.exit_code == 2 and message in refused.output, refused.output
