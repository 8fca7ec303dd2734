"""Self-contained HTML reports of a simulation or a sweep, with matplotlib charts as images.

The page embeds every chart as a PNG (base64) and holds its own CSS, so it can be mailed or
opened from disk with nothing else. matplotlib is an optional extra
(``pip install 'gamenight[study]'``); it is imported only when a report is written.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Sequence
from typing import Any

from gamenight.engine.config import option_text
from gamenight.engine.errors import GameError
from gamenight.sim.simulate import SimulationReport
from gamenight.sim.sweep import SweepRow

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: .25em .7em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; } .note { color: #555; }
"""


class NoPlotting(GameError, ValueError):
    """matplotlib is not installed."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise NoPlotting("reports need matplotlib: pip install 'gamenight[study]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def require_plotting() -> None:
    """Refuse (:class:`NoPlotting`) at once when the charts cannot be drawn, so that a report
    is refused before its games are played, not after."""
    _pyplot()


def _png(figure: Any) -> str:
    """The figure as an embedded PNG, its charts' titles for the words a reader without the
    image gets."""
    alt = "; ".join(axes.get_title() for axes in figure.axes if axes.get_title()) or "chart"
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    _pyplot().close(figure)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _rates_chart(title: str, labels: Sequence[str], rates: Sequence[float], cis: Any) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 3.2))
    low = [r - c[0] for r, c in zip(rates, cis, strict=True)]
    high = [c[1] - r for r, c in zip(rates, cis, strict=True)]
    axes.bar(labels, rates, yerr=[low, high], capsize=6, color="#4c78a8")
    axes.axhline(1 / len(labels), color="#999", linestyle="--", linewidth=1, label="even share")
    axes.set_ylabel("win rate")
    axes.set_ylim(0, min(1.0, max(c[1] for c in cis) * 1.2 + 0.05))
    axes.set_title(title)
    axes.legend(loc="upper right")
    return _png(figure)


def _histogram(title: str, counts: dict[Any, int], xlabel: str) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 3.2))
    keys = sorted(counts)
    axes.bar([float(k) for k in keys], [counts[k] for k in keys], width=0.9, color="#f58518")
    if all(float(k).is_integer() for k in keys):  # counted things: ticks on whole numbers only
        axes.xaxis.get_major_locator().set_params(integer=True)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    axes.set_title(title)
    return _png(figure)


#: The most bars per seat in the chart of final scores; beyond, a bar holds several scores.
MAX_SCORE_BARS = 40


def score_bins(scores: Sequence[float]) -> tuple[list[float], float, float]:
    """Bin edges for a histogram of final scores, with each score inside a bin, never on an
    edge; the scores' own step (``step``: 1 for points, 5 for Dough) and the bins' width.

    A bin per possible score while they number :data:`MAX_SCORE_BARS` or fewer, else a whole
    number of steps per bin. Scores that are not whole numbers get equal bins.

    >>> score_bins([100, 105, 115])
    ([97.5, 102.5, 107.5, 112.5, 117.5], 5.0, 5.0)
    >>> edges, step, width = score_bins(range(0, 201))
    >>> step, width, len(edges) - 1
    (1.0, 6.0, 34)
    """
    low, high = min(scores), max(scores)
    if all(float(v).is_integer() for v in scores):
        step = float(math.gcd(*(int(v - low) for v in scores)) or 1)
        width = step * math.ceil((high - low + step) / (step * MAX_SCORE_BARS))
    else:
        step = width = (high - low) / MAX_SCORE_BARS or 1.0
    count = math.ceil((high - low + step) / width)
    return [low - step / 2 + i * width for i in range(count + 1)], step, width


def scores_figure(scores: Sequence[dict[float, int]], labels: Sequence[str]) -> Any:
    """The chart of final scores: for each seat, the share of its games that ended on each
    score, as bars side by side (a score no game ended on has no bar, so a common score stands
    out as one bar rather than a band)."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 3.2))
    edges, step, width = score_bins([k for counts in scores for k in counts])
    axes.hist(
        [list(counts) for counts in scores],
        bins=edges,
        weights=[[n / (sum(counts.values()) or 1) for n in counts.values()] for counts in scores],
        label=list(labels),
    )
    if width > step:
        axes.set_xlabel(f"final score, in bins of {width:g}")
    else:
        axes.set_xlabel("final score")
    axes.set_ylabel("share of games")
    axes.set_title("Final scores by seat")
    axes.legend(fontsize="small")
    return figure


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _simulation_section(report: SimulationReport) -> str:
    data = report.to_json()
    seats = data["seats"]
    parts = [
        _table(
            ["seat", "bot", "wins", "win rate", "95% interval"],
            [
                [
                    s["seat"],
                    s["bot"],
                    f"{s['wins']:g}",
                    f"{s['win_rate']:.1%}",
                    f"{s['ci95'][0]:.1%} to {s['ci95'][1]:.1%}",
                ]
                for s in seats
            ],
        ),
        _rates_chart(
            "Win rate by seat (95% intervals)",
            [f"seat {s['seat']}\n{s['bot']}" for s in seats],
            [s["win_rate"] for s in seats],
            [s["ci95"] for s in seats],
        ),
    ]
    if data.get("bots"):
        bots = data["bots"]
        parts.append("<h3>Every bot in every seat equally</h3>")
        parts.append(
            _table(
                ["bot", "wins", "win rate", "95% interval"],
                [
                    [
                        f"{b['bot']} ({b['entry']})",
                        f"{b['wins']:g}",
                        f"{b['win_rate']:.1%}",
                        f"{b['ci95'][0]:.1%} to {b['ci95'][1]:.1%}",
                    ]
                    for b in bots
                ],
            )
        )
        parts.append(
            _rates_chart(
                "Win rate by bot, every bot in every seat equally (95% intervals)",
                [f"{b['bot']} ({b['entry']})" for b in bots],
                [b["win_rate"] for b in bots],
                [b["ci95"] for b in bots],
            )
        )
    parts.append(_figures(report))
    parts.append(_histogram("Game length", report.lengths, "turns"))
    # A score that is only ever 0 or 1 (one round of Toss Your Cookies: won it or not) would
    # draw the win rates again: the chart is for scores that say more.
    if any(report.scores) and any(set(c) - {0, 1} for c in report.scores):
        labels = [f"seat {s['seat']}" for s in seats]
        parts.append(_png(scores_figure(report.scores, labels)))
    return "\n".join(parts)


def _figure(value: Any) -> str:
    """A game figure as the terminal shows it: three decimals, a mapping as ``name: value``
    entries, or the value as it is."""
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_figure(v)}" for k, v in value.items())
    return str(value)


def _figures(report: SimulationReport) -> str:
    """The game's own figures (``simulate`` prints the same): over all games, then per seat.

    A figure made of named values (the share of each roll, how many duels had each length) is
    a small table of its own, a row per name."""
    parts = []
    single = {k: v for k, v in report.overall.items() if not isinstance(v, dict)}
    if single:
        rows = [[name.replace("_", " "), _figure(v)] for name, v in single.items()]
        parts.append(_table(["figure, all games", "value"], rows))
    for name, value in report.overall.items():
        if isinstance(value, dict):
            rows = [[str(k), _figure(v)] for k, v in value.items()]
            parts.append(_table([name.replace("_", " "), "value"], rows))
    names = list(dict.fromkeys(k for seat in report.per_seat for k in seat))
    if names:
        rows = [
            [str(i), *(_figure(seat.get(k, "")) for k in names)]
            for i, seat in enumerate(report.per_seat)
        ]
        parts.append(_table(["seat", *(k.replace("_", " ") for k in names)], rows))
    return "\n".join(parts)


def options_text(config: dict[str, Any]) -> str:
    """A game's options as ``-o`` takes them: ``players=2, target=100, strict=true``."""
    return ", ".join(f"{name}={option_text(value)}" for name, value in config.items())


def simulation_html(report: SimulationReport, title: str | None = None) -> str:
    """A whole HTML page for one simulation."""
    heading = title or f"{report.game}: {report.games} games between {', '.join(report.bots)}"
    body = (
        f"<p class=note>seed {report.seed}; options {html.escape(options_text(report.config))}; "
        f"mean game length {report.mean_turns:.2f} turns</p>" + _simulation_section(report)
    )
    return _page(heading, body)


def sweep_html(rows: Sequence[SweepRow], title: str | None = None) -> str:
    """A whole HTML page for a sweep: a comparison of the variants, then each one."""
    if not rows:
        raise GameError("a sweep report needs at least one row")
    first = rows[0].report
    labels = [", ".join(f"{k}={v}" for k, v in row.options.items()) for row in rows]
    plt = _pyplot()
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 3.6))
    entries = [row.report.to_json().get("bots") or row.report.to_json()["seats"] for row in rows]
    names = [
        f"{e['bot']} ({i})" if "entry" in e else f"seat {i} ({e['bot']})"
        for i, e in enumerate(entries[0])
    ]
    for i, name in enumerate(names):
        rates = [e[i]["win_rate"] for e in entries]
        errs = [
            [e[i]["win_rate"] - e[i]["ci95"][0] for e in entries],
            [e[i]["ci95"][1] - e[i]["win_rate"] for e in entries],
        ]
        left.errorbar(range(len(rows)), rates, yerr=errs, capsize=4, marker="o", label=name)
    left.set_xticks(range(len(rows)), labels, rotation=30, ha="right", fontsize="small")
    left.set_ylabel("win rate")
    left.set_title("Win rate by variant (95% intervals)")
    left.legend(fontsize="small")
    right.bar(range(len(rows)), [row.report.mean_turns for row in rows], color="#54a24b")
    right.set_xticks(range(len(rows)), labels, rotation=30, ha="right", fontsize="small")
    right.set_ylabel("mean turns")
    right.set_title("Game length by variant")
    comparison = _table(
        ["variant", "mean turns", *(f"{n} win rate (95% interval)" for n in names)],
        [
            [
                label,
                f"{row.report.mean_turns:.2f}",
                *(f"{e['win_rate']:.1%} ({e['ci95'][0]:.1%} to {e['ci95'][1]:.1%})" for e in entry),
            ]
            for label, row, entry in zip(labels, rows, entries, strict=True)
        ],
    )
    parts = [
        f"<p class=note>{first.games} games per variant between {', '.join(first.bots)}, "
        f"seed {first.seed}</p>",
        comparison,
        _png(figure),
    ]
    for label, row in zip(labels, rows, strict=True):
        parts.append(f"<h2>{html.escape(label)}</h2>")
        parts.append(_simulation_section(row.report))
    heading = title or f"{first.game}: a sweep of {len(rows)} variants"
    return _page(heading, "\n".join(parts))


def _page(title: str, body: str) -> str:
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>{body}</body></html>\n"
    )
