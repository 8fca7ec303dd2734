"""The shape of the solved Toss Up! policy: bank thresholds per dice count, a summary, a plot.

The greens set aside fix the dice left (:meth:`DiceLaw.dice_left`), so with ``k`` dice to roll
the turn points run ``K - k``, ``2K - k``, ... The policy's shape at a score pair is, for each
``k``, the first of these at which it banks: its *threshold*. Past the target the policy may
roll again at a higher total with the same dice (to widen the lead the other player must beat);
those pairs are counted apart. matplotlib is imported only by :func:`plot`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from gamenight.engine.errors import ConfigError
from gamenight.games.toss_up.solver import Solution

#: Dice counts shown in the plot's panels (those above the game's dice are left out).
PLOT_DICE = (1, 2, 4, 7, 10)


def policy_bits(solution: Solution) -> NDArray[np.bool_]:
    """The policy as ``roll[a, b, c]`` (``c``: the turn's total, score plus turn points)."""
    side = solution.top + 1
    count = side * side * solution.width
    bits = np.unpackbits(solution.policy, count=count)
    return bits.reshape(side, side, solution.width).astype(np.bool_)


def bank_thresholds(solution: Solution) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """``first[a, b, k - 1]``: the fewest turn points at which the policy banks with ``k`` dice
    to roll, at ``a`` points against ``b``; ``again[a, b, k - 1]``: it rolls again later with
    ``k`` dice (only ever past the target). With every die to roll the count starts at 0
    (after an all-yellow first roll, banking nothing passes the dice)."""
    dice, side, width = solution.law.dice, solution.top + 1, solution.width
    roll = policy_bits(solution)
    first = np.zeros((side, side, dice), np.int64)
    again = np.zeros((side, side, dice), np.bool_)
    a = np.arange(side)
    for k in range(1, dice + 1):
        points = np.arange(dice - k, width, dice)
        totals = a[:, None] + points[None, :]
        inside = totals < width
        bits = roll[a[:, None], :, np.minimum(totals, width - 1)].transpose(0, 2, 1)
        bits = bits & inside[:, None, :]
        bits = np.concatenate([bits, np.zeros((side, side, 1), np.bool_)], axis=2)
        at = np.argmin(bits, axis=2)
        first[:, :, k - 1] = np.append(points, width)[at]
        later = np.arange(bits.shape[2])[None, None, :] > at[:, :, None]
        again[:, :, k - 1] = (bits & later).any(axis=2)
    return first, again


def summary(solution: Solution) -> str:
    """A text summary: the rules solved, the first player's chance, the policy's shape."""
    config, law = solution.config, solution.law
    faces = ", ".join(f"{config.faces.count(c)} {c}" for c in ("green", "yellow", "red"))
    over = "over" if config.strict else "at least"
    ties = (
        "a tie is a shared win (half a win)"
        if config.shared_victory
        else "a tie plays sudden death, the player who did not end the race rolling first"
    )
    lines = [
        f"Toss Up! for 2 players, solved: a race to {over} {config.target}, {law.dice} dice "
        f"({faces} faces each); {ties}.",
        f"The first player wins with probability {solution.first_player_wins:.6f} when both "
        f"play the optimal policy (the second: {1 - solution.first_player_wins:.6f}).",
    ]
    if solution.sudden is not None:
        lines.append(
            f"In sudden death the player who rolls first wins with probability "
            f"{solution.sudden.first_wins:.6f}."
        )
    level = float(law.weights.sum(axis=1).min())
    if level > solution.tie:
        lines.append(
            f"From level in a last turn, rolling on wins at least {level:.4f} of the time, more "
            f"than a tie is worth ({solution.tie:.4f}): optimal play never ends a race tied."
        )
    if solution.cached:
        lines.append(
            f"Read from the cache: {solution.cached} (solving it took {solution.seconds:.1f} s)."
        )
    else:
        lines.append(f"Solved in {solution.seconds:.1f} s.")
    first, again = bank_thresholds(solution)
    top = solution.top
    lines += ["", "Bank with k dice to roll from these turn points on (* rolls again later):"]
    header = "  me  them |" + "".join(f"{k:>5}" for k in range(1, law.dice + 1))
    lines += [header, "-" * len(header)]
    picks = sorted({0, top // 2, top * 9 // 10, top})
    for a in picks:
        for b in picks:
            cells = "".join(
                f"{first[a, b, k]:>4}{'*' if again[a, b, k] else ' '}" for k in range(law.dice)
            )
            lines.append(f"{a:>4} {b:>5} |{cells}")
    plain = int((~again.any(axis=2)).sum())
    roll = policy_bits(solution)
    farthest = max(
        int(np.nonzero(roll[a, b])[0].max()) - a
        for a in range(top + 1)
        for b in range(top + 1)
        if roll[a, b].any()
    )
    lines += [
        "",
        f"At {plain} of {(top + 1) ** 2} score pairs the policy is one threshold per dice count; "
        f"it never rolls with more than {farthest} turn points.",
    ]
    return "\n".join(lines)


def plot(solution: Solution, path: Path) -> None:
    """Write a figure of the policy to ``path`` (any format matplotlib writes: .png, .svg ...).

    One panel shows the mover's chance of winning by score pair; the others, for several dice
    counts, the turn points from which the policy banks.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigError("plotting needs matplotlib: pip install 'gamenight[study]'") from None
    first, _again = bank_thresholds(solution)
    shown = [k for k in PLOT_DICE if k <= solution.law.dice]
    fig, axes = plt.subplots(2, 3, figsize=(13, 8), constrained_layout=True)
    panels = list(axes.flat)
    extent = (-0.5, solution.top + 0.5, -0.5, solution.top + 0.5)
    image = panels[0].imshow(
        solution.win.T, origin="lower", extent=extent, cmap="viridis", vmin=0, vmax=1
    )
    panels[0].set_title("chance of winning, to move")
    fig.colorbar(image, ax=panels[0])
    high = float(np.percentile(first, 99))
    for ax, k in zip(panels[1:], shown, strict=False):
        image = ax.imshow(
            first[:, :, k - 1].T, origin="lower", extent=extent, cmap="magma", vmin=0, vmax=high
        )
        ax.set_title(f"{k} {'die' if k == 1 else 'dice'} to roll: bank from ... turn points")
        fig.colorbar(image, ax=ax)
    for ax in panels[1 + len(shown) :]:
        ax.set_visible(False)
    for ax in panels:
        ax.set_xlabel("my score")
        ax.set_ylabel("opponent's score")
    fig.suptitle(
        f"Toss Up!, 2 players, target {solution.config.target}: first player wins "
        f"{solution.first_player_wins:.6f}"
    )
    try:
        fig.savefig(path)
    except OSError as exc:
        raise ConfigError(f"cannot write the plot to {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ConfigError(f"cannot write the plot to {path}: {exc}") from None
    finally:
        plt.close(fig)
