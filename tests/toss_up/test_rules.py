"""Toss Up! scenario tests: one per rule of the rulebook (seed 004) and of RULINGS.md.

Each test quotes the rule it checks, builds the situation with explicit dice outcomes (chance
steps) and asserts what the rule says must happen.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from gamenight.engine import CHANCE, ConfigError, Kind, Match, NotYourDecision
from gamenight.games.toss_up import TossUp, TossUpConfig, TossUpState
from gamenight.games.toss_up.state import BANK, ROLL, Dice


def game(players: int = 3, **options: object) -> TossUp:
    return TossUp(TossUpConfig(players=players, **options))  # type: ignore[arg-type]


def roll(g: TossUp, state: TossUpState, green: int, yellow: int, red: int) -> TossUpState:
    """Apply a dice outcome at a chance node (after a Roll decision if one is due)."""
    if g.pending(state).kind is Kind.SINGLE:
        state, _ = g.apply(state, state.player, ROLL)
    assert g.pending(state).kind is Kind.CHANCE
    assert green + yellow + red == state.dice_left
    state, _ = g.apply(state, CHANCE, Dice(green, yellow, red))
    return state


def bank(g: TossUp, state: TossUpState) -> TossUpState:
    state, _ = g.apply(state, state.player, BANK)
    return state


def test_a_turn_opens_with_a_roll_of_all_ten_dice() -> None:
    """Rulebook:

    "On your turn, roll all 10 Dice." The first move of every turn is a chance roll of 10."""
    g = game()
    state = g.initial_state()
    assert g.pending(state).kind is Kind.CHANCE
    assert state.dice_left == 10
    assert g.legal_actions(state, 0) == ()
    state = roll(g, state, 4, 4, 2)
    state = bank(g, state)
    assert state.player == 1
    assert g.pending(state).kind is Kind.CHANCE
    assert state.dice_left == 10


def test_greens_are_set_aside_and_the_player_banks_or_rolls_the_rest() -> None:
    """Rulebook:

    "If you roll any greens, keep them and set them aside. You may take your score (one point
    for each green) and end your turn, or you may keep rolling the remaining Dice."""
    g = game()
    state = roll(g, g.initial_state(), 3, 5, 2)
    assert (state.turn_points, state.dice_left) == (3, 7)
    assert g.legal_actions(state, 0) == (ROLL, BANK)
    rolled_on = roll(g, state, 2, 3, 2)
    assert (rolled_on.turn_points, rolled_on.dice_left) == (5, 5)
    banked = bank(g, rolled_on)
    assert banked.scores == (5, 0, 0)
    assert banked.player == 1


def test_all_ten_green_roll_all_ten_again_with_no_limit() -> None:
    """Rulebook:

    "If you roll enough times to make all 10 Dice green, you now have accumulated 10 points.
    You may roll all 10 Dice again ... There is no limit." """
    g = game()
    state = roll(g, g.initial_state(), 6, 4, 0)
    state = roll(g, state, 4, 0, 0)
    assert (state.turn_points, state.dice_left) == (10, 10)
    for lap in range(3):
        state = roll(g, state, 10, 0, 0)
        assert (state.turn_points, state.dice_left) == (20 + 10 * lap, 10)
    assert bank(g, state).scores[0] == 40


def test_no_green_and_a_red_runs_a_red_light() -> None:
    """Rulebook:

    "If on any roll, you don't get any greens and get one or more reds, you have just 'run a red
    light' and you must immediately end your turn and score no points at all." """
    g = game()
    state = roll(g, g.initial_state(), 8, 2, 0)
    state = roll(g, state, 0, 1, 1)
    assert state.scores == (0, 0, 0)
    assert state.player == 1
    assert g.pending(state).kind is Kind.CHANCE
    deciding = roll(g, g.initial_state(), 8, 2, 0)
    rolling, _ = g.apply(deciding, 0, ROLL)
    _, events = g.apply(rolling, CHANCE, Dice(0, 0, 2))
    assert [e.kind for e in events] == ["rolled", "busted"]
    assert events[1].data["lost"] == 8


def test_all_yellow_changes_nothing() -> None:
    """Rulebook:

    "If you roll all yellows, nothing happens ... you can either roll again or end your turn and
    take your points." Banking is allowed even at zero after an all-yellow first roll."""
    g = game()
    state = roll(g, g.initial_state(), 0, 10, 0)
    assert (state.turn_points, state.dice_left, state.player) == (0, 10, 0)
    assert g.legal_actions(state, 0) == (ROLL, BANK)
    later = roll(g, roll(g, g.initial_state(), 2, 8, 0), 0, 8, 0)
    assert (later.turn_points, later.dice_left) == (2, 8)
    assert bank(g, later).scores[0] == 2


def test_one_green_among_reds_is_still_a_green() -> None:
    """Rulebook:

    "Even if you roll just one green and all the rest are red, you still get to set aside the
    green and roll the remaining Dice again if you wish." """
    g = game()
    state = roll(g, g.initial_state(), 1, 0, 9)
    assert (state.turn_points, state.dice_left, state.player) == (1, 9, 0)
    assert ROLL in g.legal_actions(state, 0)


def test_banked_points_are_safe() -> None:
    """Rulebook:

    "Once your points are entered on the score sheet, they are safe, and you cannot
    lose them." """
    g = game(players=2)
    state = bank(g, roll(g, g.initial_state(), 5, 5, 0))
    state = bank(g, roll(g, state, 1, 9, 0))
    state = roll(g, roll(g, state, 6, 4, 0), 0, 3, 1)
    assert state.scores == (5, 1)


def test_play_passes_to_the_left_from_the_first_player() -> None:
    """Rulebook:

    "Decide who goes first, then play passes to the left." (option first_player)"""
    g = game(players=4, first_player=2)
    state = g.initial_state()
    seen = []
    for _ in range(5):
        seen.append(state.player)
        state = bank(g, roll(g, state, 1, 9, 0))
    assert seen == [2, 3, 0, 1, 2]


def near_end(g: TossUp, scores: tuple[int, ...], player: int = 0) -> TossUpState:
    """The start of ``player``'s turn with the given totals."""
    return TossUpState(scores=scores, player=player, dice_left=10)


def finish_turn(g: TossUp, state: TossUpState, points: int) -> TossUpState:
    """Roll ``points`` greens (the rest yellow) and bank."""
    state = roll(g, state, points, 10 - points, 0) if points else roll(g, state, 0, 10, 0)
    return bank(g, state)


def test_over_100_gives_everyone_else_one_last_turn() -> None:
    """Rulebook:

    "When one player has a total over 100 points at the end of his or her turn, all remaining
    players get one last turn to try to beat the other player's score. Then, the game ends." """
    g = game(players=3)
    state = finish_turn(g, near_end(g, (95, 50, 60), player=0), 7)
    assert state.trigger == 0
    assert state.final == (1, 2)
    state = finish_turn(g, state, 5)
    assert g.pending(state).kind is Kind.CHANCE and state.player == 2
    state = finish_turn(g, state, 5)
    assert g.pending(state).kind is Kind.TERMINAL
    assert g.outcome(state).winners == (0,)


def test_exactly_100_is_not_over_100_unless_strict_is_off() -> None:
    """RULINGS: "the final round starts when a player ends a turn with a total strictly greater
    than 100. Target and strictness are config." """
    strict = game(players=2)
    state = finish_turn(strict, near_end(strict, (95, 0)), 5)
    assert state.scores[0] == 100 and state.trigger is None
    loose = game(players=2, strict=False)
    state = finish_turn(loose, near_end(loose, (95, 0)), 5)
    assert state.trigger == 0
    low = game(players=2, target=30)
    state = finish_turn(low, near_end(low, (25, 0)), 6)
    assert state.trigger == 0


def test_the_highest_total_wins_even_if_not_the_trigger() -> None:
    """Rulebook:

    "If you have the highest score over 100, you're the winner!" Another player's last turn
    can beat the trigger's total."""
    g = game(players=2)
    state = finish_turn(g, near_end(g, (98, 97)), 4)
    state = roll(g, state, 8, 2, 0)
    state = bank(g, roll(g, state, 2, 0, 0))
    assert state.scores == (102, 107)
    assert g.outcome(state).winners == (1,)


def test_no_new_trigger_inside_the_final_round() -> None:
    """RULINGS: "in the final round every other player gets exactly one more turn, in seat order
    from the trigger's left; no new trigger inside the final round." """
    g = game(players=3)
    state = finish_turn(g, near_end(g, (99, 99, 10), player=1), 3)
    assert (state.trigger, state.final) == (1, (2, 0))
    state = finish_turn(g, state, 5)
    state = finish_turn(g, state, 9)
    assert state.scores == (108, 102, 15)
    assert g.pending(state).kind is Kind.TERMINAL
    assert g.outcome(state).winners == (0,)


def test_a_tie_is_broken_by_sudden_death_repeated_while_tied() -> None:
    """RULINGS: "ties for the highest total play sudden-death extra turns among the tied players,
    repeated while tied." """
    g = game(players=3)
    state = finish_turn(g, near_end(g, (96, 101, 20), player=0), 7)
    state = finish_turn(g, state, 2)
    state = finish_turn(g, state, 3)
    assert state.scores == (103, 103, 23)
    assert state.contenders == (0, 1) and state.final == (1, 0)
    state = finish_turn(g, state, 4)
    state = finish_turn(g, state, 4)
    assert state.scores == (107, 107, 23)
    assert g.pending(state).kind is Kind.CHANCE, "still tied: another sudden-death round"
    state = finish_turn(g, state, 1)
    state = finish_turn(g, state, 2)
    assert g.pending(state).kind is Kind.TERMINAL
    assert g.outcome(state).winners == (0,)


def test_shared_victory_option_ends_a_tie_in_a_shared_win() -> None:
    """RULINGS: "a shared_victory option ends in a shared win instead." """
    g = game(players=2, shared_victory=True)
    state = finish_turn(g, near_end(g, (96, 101)), 5)
    state = finish_turn(g, state, 0)
    assert g.outcome(state).winners == (0, 1)


def test_the_dice_faces_are_data() -> None:
    """RULINGS: "each of the 10 dice has 3 green, 2 yellow, 1 red faces", kept in
    components.json; the roll distribution follows the faces given."""
    g = game()
    assert g.config.faces.count("green") == 3 and g.config.dice == 10
    assert g.p_face == (0.5, 1 / 3, 1 / 6)
    odd = game(faces=("green", "red"), dice=4)
    state = odd.initial_state()
    outcomes = dict(odd.chance_outcomes(state))
    assert all(d.yellow == 0 for d in outcomes)
    assert outcomes[Dice(0, 0, 4)] == pytest.approx(1 / 16)


def test_bust_chance_in_the_view_matches_the_outcome_distribution() -> None:
    """The view's bust chance equals the total probability of the red-light outcomes."""
    g = game()
    for dice in range(1, 11):
        state = TossUpState(scores=(0, 0, 0), player=0, dice_left=dice)
        busts = sum(p for d, p in g.chance_outcomes(state) if d.green == 0 and d.red > 0)
        assert g.observe(state, None)["bust_chance"] == pytest.approx(busts)


@pytest.mark.parametrize("dice", [1, 3, 10])
def test_fast_dice_sampling_draws_the_exact_distribution(dice: int) -> None:
    """The bisect sampler draws the multinomial of ``chance_outcomes`` (seeded, 60k rolls)."""
    g = game()
    state = TossUpState(scores=(0, 0, 0), player=0, dice_left=dice)
    rng = random.Random(dice)
    n = 60_000
    counts = Counter(g.sample_chance(state, rng) for _ in range(n))
    for outcome, p in g.chance_outcomes(state):
        if p * n >= 50:
            sigma = (n * p * (1 - p)) ** 0.5
            assert abs(counts[outcome] - n * p) < 5 * sigma, outcome


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "1 player is out of range: this game takes 2 to 6 players"),
        ({"players": 7}, "7 players is out of range: this game takes 2 to 6 players"),
        ({"target": 0}, "target must be from 1 to 1000"),
        ({"target": 1001}, "target must be from 1 to 1000"),
        ({"faces": ("yellow", "red")}, "at least one green"),
        ({"faces": ("green", "blue")}, "faces must be a list of green, yellow, red"),
        ({"players": 3, "first_player": 3}, "first_player must be a seat from 0 to 2"),
    ],
)
def test_bad_configs_are_refused_with_what_is_allowed(
    options: dict[str, object], message: str
) -> None:
    """Player counts out of range and malformed options name what is allowed."""
    with pytest.raises(ConfigError, match=message):
        TossUpConfig(**options)  # type: ignore[arg-type]


def test_an_illegal_move_changes_nothing() -> None:
    """Rolling for another player or banking at a chance node is refused; the match goes on."""
    match = Match(game(), seed=3)
    match.advance_chance()
    before = (copy.deepcopy(match.state), match.version)
    with pytest.raises(NotYourDecision, match="may not act now"):
        match.submit(1, BANK)
    assert (match.state, match.version) == before
    match.submit(0, BANK)
    assert match.state.player == 1
