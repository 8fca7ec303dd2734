"""The progress bar of the long commands (``simulate``, ``sweep``), kept apart so that Rich's
progress module is imported only when a bar is shown (at a terminal, for 200 games or more)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Games per second, once there is a rate to show."""

    def render(self, task: Task) -> Text:
        """The task's speed in games per second."""
        return Text(f"{task.speed:,.0f} games/s" if task.speed else "", style="progress.data.speed")


def games_progress(console: Console) -> Progress:
    """A transient bar on ``console``: what, bar, games done of all, games/s, time left."""
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
