"""Toss Up! solved for two players: the roll-or-bank policy with the best chance of winning.

The model follows the rules engine (``game.py``) and reads the dice from the game's config, so it
follows ``components.json``. A turn opens with a forced roll of every die. After each roll that
does not bust, the player holds ``t`` turn points with ``k`` dice to roll (all of them again
after an all-green roll) and chooses to roll or bank; an all-yellow roll changes nothing; a roll
with no green and some red (a red light) ends the turn with nothing. Banking nothing passes the
dice exactly as a red light does. When a player ends a turn over the target (strictly over
unless ``strict`` is off), the other player takes one last turn and must beat that total; a tie
for the highest total plays sudden death (both take another turn, the player who was not the
trigger first, again while tied), or with ``shared_victory`` is a shared win, valued as half.

Every value is a chance of winning for the player to move. The solution is exact: no state is
cut off. Far past the target, banking is proven best once the opponent's chance of catching up
falls below the least a roll could risk (see :func:`_proven_bank`), and from there on the value
is the bank value itself. ``docs/solver.md`` gives the method and the figures.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gamenight.engine.config import config_from_options
from gamenight.engine.errors import ConfigError
from gamenight.games.toss_up.game import TossUp, TossUpConfig

#: Bumped whenever the model or the file layout changes, so old cache files are not read.
SOLVER_VERSION = 1
#: The largest target solved: time and the policy's size grow with the cube of the target.
MAX_TARGET = 200
#: Rows of the last-turn tables (points behind); the chance at the last row is below 1e-37.
LAST_ROWS = 2400
#: A Newton step within a group of positions stops once values move less than this.
TOLERANCE = 1e-13

Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]
Ints = NDArray[np.int64]


@dataclass(frozen=True)
class DiceLaw:
    """What one roll of ``k`` dice does, for ``k`` from 1 to ``dice`` (index ``k - 1``).

    A roll sets ``g >= 1`` greens aside with the chance ``C(k, g) p^g (1 - p)^(k - g)``; the dice
    left are ``k - g``, or every die again when ``g == k``. ``weights`` hold these chances
    divided by the chance that the roll changes something (not all yellow), because an
    all-yellow roll returns to the same decision, where rolling again is the same choice.
    """

    dice: int
    p_face: tuple[float, float, float]
    stay: Floats  #: chance that every die shows yellow (nothing changes), per k
    bust: Floats  #: chance of a red light (no green, at least one red), per k
    greens: Ints  #: per transition: greens set aside
    rows: Ints  #: per transition: its k index
    next_index: Ints  #: per transition: the index of the dice left to roll
    weights: Floats  #: (k, transition): chance of the transition over (1 - stay)
    bust_weight: Floats  #: bust / (1 - stay), per k
    by_greens: Floats  #: (k - 1, g - 1): chance of ``g`` greens over (1 - stay), 0 for g > k

    @classmethod
    def of(cls, game: TossUp) -> DiceLaw:
        """The law of the game's dice (its ``p_face`` and ``dice``)."""
        dice = game.config.dice
        pg, py, _pr = game.p_face
        ks = np.arange(1, dice + 1, dtype=np.float64)
        stay: Floats = np.power(py, ks)
        bust: Floats = np.power(1 - pg, ks) - stay
        greens, rows, nxt, chances = [], [], [], []
        for k in range(1, dice + 1):
            for g in range(1, k + 1):
                greens.append(g)
                rows.append(k - 1)
                nxt.append((k - g if g < k else dice) - 1)
                chances.append(comb(k, g) * pg**g * (1 - pg) ** (k - g) / (1 - py**k))
        weights = np.zeros((dice, len(greens)))
        weights[rows, np.arange(len(greens))] = chances
        by_greens = np.zeros((dice, dice))
        by_greens[rows, np.array(greens) - 1] = chances
        return cls(
            dice,
            game.p_face,
            stay,
            bust,
            np.array(greens),
            np.array(rows),
            np.array(nxt),
            weights,
            bust / (1 - stay),
            by_greens,
        )

    def dice_left(self, points: int) -> int:
        """The dice to roll with ``points`` turn points: the turn's greens come off ``dice``
        at a time, so they fix it (every die again after a multiple of ``dice``).

        >>> from gamenight.games.toss_up.game import TossUp
        >>> law = DiceLaw.of(TossUp())
        >>> law.dice_left(0), law.dice_left(3), law.dice_left(10), law.dice_left(19)
        (10, 7, 10, 1)
        """
        return self.dice - points % self.dice

    def bust_chance(self, k: int) -> float:
        """The chance that a roll of ``k`` dice runs a red light."""
        return float(self.bust[k - 1])

    def least_risk(self) -> float:
        """The smallest ``bust / (1 - stay)`` over ``k``: the least share of a roll that busts."""
        return float(self.bust_weight.min())


def last_turn_table(law: DiceLaw, tie: float, rows: int) -> Floats:
    """``table[K + r, k - 1]``: the chance of winning a last turn ``r`` points short of a tie.

    The player must end strictly above a total; banking ``r`` short loses, level ties (worth
    ``tie``) and past it wins, so the only real choice is at ``r == 0``: take the tie or roll on.
    Rows ``0..K-1`` stand for being ahead (``r < 0``, worth 1). A bust here loses.
    """
    dice = law.dice
    table = np.ones((rows + dice, dice))
    roll_level = law.weights.sum(axis=1)  # any green wins from level
    table[dice] = np.maximum(tie, roll_level)
    greens, nxt, weights = law.greens, law.next_index, law.weights
    for r in range(1, rows):
        table[dice + r] = weights @ table[dice + r - greens, nxt]
    return table


def _proven_bank(law: DiceLaw, chance_against: Floats, lose_after_bust: float) -> int:
    """The first row from which banking is provably best for every dice count.

    Rolling is worth at most ``(1 - stay - bust) * 1 + bust * z`` over ``1 - stay``, with ``z``
    the chance after a bust; banking is worth ``1 - chance_against``. Banking is best wherever
    ``chance_against <= least_risk * (1 - z)``; ``chance_against`` never rises with the row.
    """
    bound = law.least_risk() * lose_after_bust
    below = np.nonzero(chance_against <= bound)[0]
    if not len(below):
        raise ConfigError("the opponent's chance never falls low enough; no solution exists")
    return int(below[0])


def turn_values(
    law: DiceLaw, bank: Floats, start: Ints, bust: Floats, low: int
) -> tuple[Floats, Floats]:
    """One turn's values for ``n`` movers at once, by backward induction over the turn total.

    ``bank[c, i]`` is mover ``i``'s chance of winning on banking at total ``c`` (turn points
    plus the score before the turn); the last ``K`` rows must be rows where banking is proven
    best. ``start[i]`` is the mover's total before the turn (banking there is worth a bust),
    ``bust[i]`` the chance of winning after a bust. Rows below ``low`` are left at 0. The dice
    to roll follow from the turn points (:meth:`DiceLaw.dice_left`), so a total is one state.

    Returns ``opening`` (for each mover: the value of the turn's forced first roll, and its
    slope in ``bust``) and ``values[c, i]``, the best of rolling and banking; rolling is chosen
    where it is worth strictly more, so ``values > bank`` marks the policy's rolls.
    """
    dice = law.dice
    size, n = bank.shape
    totals = np.arange(size)[:, None]
    vs = np.zeros((size, 2, n))
    vs[size - dice :, 0] = bank[size - dice :]
    bank2 = np.stack([bank, (totals == start[None, :]).astype(np.float64)], axis=1)
    k = dice - 1 - (totals - start[None, :]) % dice  # index of the dice left, per total
    weights = law.by_greens[k].transpose(0, 2, 1)  # (c, g - 1, i)
    risk = law.bust_weight[k]
    add = np.stack([risk * bust[None, :], risk], axis=1)
    for c in range(size - dice - 1, low - 1, -1):
        roll = np.einsum("gn,gjn->jn", weights[c], vs[c + 1 : c + dice + 1]) + add[c]
        vs[c] = np.where(roll[0] > bank[c], roll, bank2[c])
    movers = np.arange(n)
    ahead = vs[start[None, :] + np.arange(1, dice + 1)[:, None], :, movers[None, :]]
    opening = np.einsum("g,gnj->jn", law.by_greens[dice - 1], ahead)
    opening += np.array([law.bust_weight[dice - 1] * bust, np.full(n, law.bust_weight[dice - 1])])
    return opening, vs[:, 0, :]


@dataclass(frozen=True)
class SuddenDeath:
    """Sudden death between two tied players, the one who was not the trigger first."""

    first_wins: float  #: the first player's chance of winning it
    second: Floats  #: the second player's last-turn table (a tie replays: worth 1 - first_wins)
    level: float  #: the second player's chance when the first banked nothing
    values: Floats  #: the first player's values by turn points
    rolls: Bools  #: the first player's roll decisions by turn points
    bank: Floats  #: the first player's chance on banking t points


def sudden_death(law: DiceLaw, rows: int = LAST_ROWS) -> SuddenDeath:
    """Solve sudden death: the first player's chance is a fixed point, found by iteration.

    The second player needs more than the first player's turn points ``x``; level replays the
    round (so it is worth ``1 - q`` to them). When ``x == 0`` a bust of theirs is level too.
    """
    dice = law.dice
    k = dice - 1
    q = 0.5
    for _ in range(200):
        second = last_turn_table(law, 1 - q, rows)
        gain = 1 - law.stay[k] - law.bust[k]
        level = max(
            (gain + law.bust[k] * (1 - q)) / (1 - law.stay[k]),  # roll again on all yellow
            gain + (law.stay[k] + law.bust[k]) * (1 - q),  # take the replay on all yellow
        )
        against = second[dice:, k].copy()
        against[0] = level
        top = _proven_bank(law, against, level) + 1
        bank = 1 - against[: top + dice]
        opening, values = turn_values(
            law, bank[:, None], np.zeros(1, np.int64), np.array([1 - level]), 0
        )
        new = float(opening[0, 0])
        if abs(new - q) < 1e-16:
            q = new
            break
        q = new
    else:  # pragma: no cover - a contraction with a tiny factor; never seen
        raise RuntimeError("sudden death did not converge")
    return SuddenDeath(q, second, level, values[:, 0], values[:, 0] > bank, bank)


def bank_table(
    law: DiceLaw, win: Floats, behind: Floats, a: Ints, b: Ints, bust: Floats, least: int = 0
) -> tuple[int, Floats]:
    """What banking is worth at each total ``c`` for movers at ``a`` against ``b``.

    Up to the target it is the opponent's loss from the position they then face, past it the
    chance that their last turn falls short; banking nothing is worth ``bust``. Returns the
    highest total where rolling may still be best (at least ``least``) and the table, with
    ``K`` rows past it where banking is proven best.
    """
    top = len(win) - 1
    proven = _proven_bank(law, behind[1:], float((1 - bust).min())) + 1
    reach = max(top + proven, least)
    cs = np.arange(reach + 1 + law.dice)[:, None]
    bank = np.where(
        cs <= top,
        1 - win[b[None, :], np.minimum(cs, top)],
        1 - behind[np.clip(cs - b[None, :], 0, len(behind) - 1)],
    )
    bank[a, np.arange(len(a))] = bust
    return reach, bank


def _normal_play(law: DiceLaw, top: int, behind: Floats) -> tuple[Floats, NDArray[np.uint8], int]:
    """Win chances ``win[a, b]`` of the player to move at ``a`` against ``b`` (both at most
    ``top``, the highest total that does not end the race), and the policy's roll bits.

    ``behind[u]`` is the opponent's chance in their last turn when ``u`` points behind. Groups
    of positions with the same total ``a + b`` are solved from the highest down: a bank leads
    to a higher total, a bust to the mirrored position ``(b, a)`` of the same group. Within a
    group, Newton steps on the bust value (the turn's value is convex and piecewise linear in
    it, so the steps end once the policy stops changing) solve the pairs exactly.
    """
    win = np.zeros((top + 1, top + 1))
    pieces: list[tuple[Ints, Ints, Bools]] = []
    width = 0
    for total in range(2 * top, -1, -1):
        a = np.arange(max(0, total - top), min(total, top) + 1)
        b = total - a
        n = len(a)
        mirror = np.arange(n)[::-1]
        # The mirrored position one point up on each side is solved already, and close in value.
        up_a, up_b = np.minimum(a + 1, top), np.minimum(b + 1, top)
        guess = np.where((a < top) & (b < top), win[up_b, up_a], 0.5)
        bust = 1 - guess
        known: Floats | None = None
        for _ in range(100):
            reach, bank = bank_table(law, win, behind, a, b, bust)
            cs = np.arange(len(bank))
            opening, values = turn_values(law, bank, a, bust, int(a.min()))
            value = opening[0]
            if known is not None and np.abs(value - known).max() <= TOLERANCE:
                break
            slope = opening[1]
            lift = value + slope * (1 - bust)
            known = (lift - slope * lift[mirror]) / (1 - slope * slope[mirror])
            bust = 1 - known[mirror]
        else:  # pragma: no cover - Newton on a piecewise linear convex map ends; never seen
            raise RuntimeError(f"positions with total {total} did not converge")
        win[a, b] = value
        rows = (values[: reach + 1] > bank[: reach + 1]) & (cs[: reach + 1, None] >= a[None, :])
        pieces.append((a, b, rows))
        width = max(width, reach + 1)
    policy = np.zeros((top + 1, top + 1, width), np.bool_)
    for a, b, rows in pieces:
        policy[a, b, : rows.shape[0]] = rows.T
    return win, np.packbits(policy), width


@dataclass(frozen=True)
class Solution:
    """The solved game: win chances, the last-turn tables and the policy's roll bits.

    ``win[a, b]`` is the chance that the player about to take a turn at ``a`` points beats the
    opponent at ``b``, both at most ``top`` (the highest total that does not end the race).
    ``last`` is the last-turn table of the player answering a final round (a tie there goes to
    sudden death, which that player opens; with ``shared_victory`` it is worth half a win).
    """

    config: TossUpConfig
    law: DiceLaw
    win: Floats
    last: Floats
    sudden: SuddenDeath | None
    policy: NDArray[np.uint8]  #: packed bits of ``roll[a, b, c]`` (``c``: total of the turn)
    width: int  #: totals ``c`` the policy covers; past them banking is proven best
    seconds: float  #: time the solve took (when loaded from the cache: the original solve)
    cached: Path | None = None  #: the cache file it was read from, if it was

    @property
    def top(self) -> int:
        """The highest total that does not start the final round."""
        return self.config.target if self.config.strict else self.config.target - 1

    @property
    def first_player_wins(self) -> float:
        """The first player's chance of winning when both players play the optimal policy."""
        return float(self.win[0, 0])

    @property
    def tie(self) -> float:
        """What a tie after the final round is worth to the player who answered it."""
        return self.sudden.first_wins if self.sudden else 0.5

    def behind(self, points: int) -> float:
        """The chance of winning a last turn that starts ``points`` (at least 1) behind."""
        dice = self.law.dice
        row = dice + points
        return float(self.last[row, dice - 1]) if row < len(self.last) else 0.0

    def rolls(self, mine: int, theirs: int, turn_points: int) -> bool:
        """Whether the policy rolls (rather than banks) before the final round."""
        if not (0 <= mine <= self.top and 0 <= theirs <= self.top and turn_points >= 0):
            raise ValueError(f"no such position before the final round: {mine}, {theirs}")
        total = mine + turn_points
        if total >= self.width:
            return False
        bit = (mine * (self.top + 1) + theirs) * self.width + total
        return bool(self.policy[bit >> 3] >> (7 - (bit & 7)) & 1)

    def key(self) -> str:
        """What the solution depends on, as a short hash (the cache file's name)."""
        return solution_key(self.config)


def solution_key(config: TossUpConfig) -> str:
    """A hash of the rules data a solution depends on, and of the solver's version."""
    data = {
        "version": SOLVER_VERSION,
        "target": config.target,
        "strict": config.strict,
        "shared_victory": config.shared_victory,
        "dice": config.dice,
        "faces": sorted(config.faces),
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:20]


def cache_dir() -> Path:
    """The user's cache folder for gamenight: ``$GAMENIGHT_CACHE`` if set, else the platform's
    (``$XDG_CACHE_HOME/gamenight`` or ``~/.cache/gamenight`` on Linux)."""
    if os.environ.get("GAMENIGHT_CACHE"):
        return Path(os.environ["GAMENIGHT_CACHE"])
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "gamenight" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "gamenight"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gamenight"


def solver_config(players: int = 2, target: int = 100, **options: Any) -> TossUpConfig:
    """The game config to solve; :class:`ConfigError` names what the solver cannot take."""
    config = TossUpConfig(players=players, target=target, **options)
    return checked(config)


def checked(config: TossUpConfig) -> TossUpConfig:
    """The config with the seat order normalised, or :class:`ConfigError` if out of reach."""
    if config.players != 2:
        raise ConfigError(f"the solver plays 2-player games only, got {config.players} players")
    if config.target > MAX_TARGET:
        raise ConfigError(f"the solver takes targets up to {MAX_TARGET}, got {config.target}")
    if "red" not in config.faces:
        raise ConfigError("the solver needs a red face: without one a turn never has to end")
    if not config.strict and config.target < 2:
        raise ConfigError("with strict off the target must be at least 2")
    return dataclasses.replace(config, first_player=0)


def solve(
    players: int = 2, target: int = 100, *, cache: bool = True, folder: Path | None = None
) -> Solution:
    """Solve ``players``-player Toss Up! to ``target`` (the printed dice and rules).

    The solution is read from, or written to, the cache folder (``folder``, by default
    :func:`cache_dir`) unless ``cache`` is off; a folder that cannot be written is skipped.
    """
    return solve_config(solver_config(players, target), cache=cache, folder=folder)


def solve_config(
    config: TossUpConfig, *, cache: bool = True, folder: Path | None = None, write: bool = True
) -> Solution:
    """Solve the game ``config`` describes (any dice and options, 2 players): read from the
    cache folder when it is there (``cache``), else solved now and written there (unless
    ``write`` is off: the server reads the solutions made ahead of time but writes none)."""
    config = checked(config)
    path = (folder or cache_dir()) / f"toss-up-{solution_key(config)}.npz"
    if cache:
        found = load(path, config)
        if found is not None:
            return found
    solution = compute(config)
    if cache and write:
        # A cache folder that cannot be written costs a solve next time, nothing more.
        with contextlib.suppress(OSError):
            save(solution, path)
    return solution


def compute(config: TossUpConfig) -> Solution:
    """Solve from scratch: sudden death, then the final round, then every position."""
    clock = time.perf_counter()
    config = checked(config)
    law = DiceLaw.of(TossUp(config))
    sudden = None if config.shared_victory else sudden_death(law)
    tie = sudden.first_wins if sudden else 0.5
    last = last_turn_table(law, tie, LAST_ROWS)
    top = config.target if config.strict else config.target - 1
    win, policy, width = _normal_play(law, top, last[law.dice :, law.dice - 1])
    seconds = time.perf_counter() - clock
    return Solution(config, law, win, last, sudden, policy, width, seconds)


def save(solution: Solution, path: Path) -> None:
    """Write the solution to ``path`` (atomically: a partial file is never read)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "key": solution.key(),
        "config": solution.config.to_json(),
        "width": solution.width,
        "seconds": solution.seconds,
    }
    arrays: dict[str, Any] = {"win": solution.win, "last": solution.last}
    arrays["policy"] = solution.policy
    if solution.sudden is not None:
        sd = solution.sudden
        arrays |= {"sd_q": np.array([sd.first_wins, sd.level]), "sd_second": sd.second}
        arrays |= {"sd_values": sd.values, "sd_rolls": sd.rolls, "sd_bank": sd.bank}
    partial = path.with_name(path.name + f".{os.getpid()}.tmp")
    with partial.open("wb") as out:
        np.savez_compressed(out, meta=np.array(json.dumps(meta)), **arrays)
    partial.replace(path)


def load(path: Path, config: TossUpConfig) -> Solution | None:
    """The cached solution of ``config`` at ``path``, or None if missing, stale or unreadable."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("key") != solution_key(config):
                return None
            sudden = None
            if "sd_q" in data:
                q, level = (float(x) for x in data["sd_q"])
                parts = (data["sd_second"], data["sd_values"], data["sd_rolls"], data["sd_bank"])
                sudden = SuddenDeath(q, parts[0], level, *parts[1:])
            law = DiceLaw.of(TossUp(config))
            return Solution(
                config,
                law,
                data["win"],
                data["last"],
                sudden,
                data["policy"],
                int(meta["width"]),
                float(meta["seconds"]),
                path,
            )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def solve_report(
    players: int = 2,
    target: int = 100,
    plot_path: Path | None = None,
    options: Sequence[str] = (),
) -> str:
    """What ``gamenight solve toss-up`` prints: solve (or read the cache), summarise, plot.

    ``options`` are the command line's ``key=value`` game options (``-o strict=false``,
    ``-o faces=...``); the target comes from ``target``. Raises :class:`ConfigError` for a game
    the solver cannot take, a bad option or a plot it cannot write.
    """
    from gamenight.games.toss_up.solver_plot import plot, summary

    if any(o.partition("=")[0].strip() == "target" for o in options):
        raise ConfigError("the target is set by --target, not by -o target=...")
    config = config_from_options(TossUpConfig, [*options, f"target={target}"], players=players)
    solution = solve_config(config)
    text = summary(solution)
    if plot_path is not None:
        plot(solution, plot_path)
        text += f"\nPlot written to {plot_path}."
    return text
