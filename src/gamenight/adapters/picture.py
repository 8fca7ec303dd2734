"""The table drawn as an RGB image from one seat's view: ``render_mode="rgb_array"``.

>>> from gamenight.adapters.turns import build_game
>>> game = build_game("paper-toss", players=2)
>>> frame = draw_table(game, game.observe(game.initial_state(), 0), 0, ["step 0"])
>>> frame.shape, frame.dtype.name
((540, 960, 3), 'uint8')

What is drawn is read from the view alone (``game.observe(state, seat)``, or the spectator's
view for ``seat=None``), so a frame shows what that seat may see and nothing more: its own hand
as cards, the public cards and piles as cards (a pile's count on the card), one row per seat
with what the view says of it (scores, tokens, hand sizes, Batches, ...; the seat whose turn it
is marked, the viewer's own row shaded), and the view's other facts as text. It is the board
the terminal and the page show, in the same words as the view, laid out the same way for every
game: the adapters never import a game's or the terminal's own screens. Every frame of a game
object has the same size (:data:`SIZE`), as video encoders need.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from gamenight.engine.core import View
from gamenight.engine.game import Game

#: (width, height) of every frame: 16:9, even sides (what video codecs take).
SIZE = (960, 540)
#: The frame rate recorded videos are given (``metadata["render_fps"]``).
RENDER_FPS = 2

_BACKGROUND = (22, 94, 56)  # the felt
_INK = (240, 240, 230)
_DIM = (180, 205, 185)
_CARD = (250, 248, 240)
_CARD_INK = (30, 30, 30)
_CARD_EDGE = (90, 60, 30)
_MINE = (40, 120, 80)
_TURN = (250, 210, 80)
_MARGIN = 12
_CARD_W, _CARD_H = 78, 44

#: View fields drawn elsewhere or of no use on the table.
_SKIP = {"kind", "players", "hand", "you", "options"}


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own font (scalable where FreeType is built in), made once per size."""
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # an old Pillow or one without FreeType: the bitmap font
        return ImageFont.load_default()


def _label(value: Any) -> str:
    """A value as short text: names with spaces, numbers rounded, lists joined."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, list | tuple):
        if value and all(isinstance(item, dict) for item in value):  # Batches and the like
            return f"{len(value)}: " + " | ".join(_named(item) for item in value)
        return ", ".join(_label(item) for item in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{_label(k)} {_label(v)}" for k, v in value.items()) or "-"
    return str(value)


def _named(item: dict[str, Any]) -> str:
    """A record (a Batch, say) by its names: its text values."""
    names = [_label(v) for v in item.values() if isinstance(v, str)]
    return " ".join(names) or _label(item)


def _is_cards(value: Any) -> bool:
    """A list of card names (strings), or a pile: card name to count."""
    if isinstance(value, list):
        return bool(value) and all(isinstance(item, str) for item in value)
    if isinstance(value, dict):
        return bool(value) and all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            for k, v in value.items()
        )
    return False


def _per_seat(value: Any, players: int) -> bool:
    """One value per seat (a list as long as the table), each small enough for a cell."""
    return (
        isinstance(value, list)
        and len(value) == players
        and not all(isinstance(item, str) for item in value)  # card names: drawn as cards
        and all(not isinstance(item, dict) for item in value)
    )


class _Canvas:
    """A frame being drawn, top to bottom."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", SIZE, _BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.y = _MARGIN

    def room(self, height: int) -> bool:
        return self.y + height <= SIZE[1] - _MARGIN

    def text(self, text: str, size: int = 14, fill: tuple[int, int, int] = _INK) -> None:
        if not self.room(size + 4):
            return
        self.draw.text((_MARGIN, self.y), _fit(text, SIZE[0] - 2 * _MARGIN, size), font=_font(size),
                       fill=fill)  # fmt: skip
        self.y += size + 6

    def cards(self, title: str, cards: list[str] | dict[str, int]) -> None:
        """A row of card boxes under a title (a pile's count on each card), as many as fit."""
        items = list(cards.items()) if isinstance(cards, dict) else [(c, 0) for c in cards]
        if not self.room(16 + _CARD_H + 6):
            return
        self.text(title, 13, _DIM)
        x, fits = _MARGIN, (SIZE[0] - 2 * _MARGIN) // (_CARD_W + 6)
        for index, (name, count) in enumerate(items):
            if index == fits - 1 and len(items) > fits:
                self.draw.text((x + 8, self.y + 14), f"+{len(items) - index} more",
                               font=_font(13), fill=_INK)  # fmt: skip
                break
            box = (x, self.y, x + _CARD_W, self.y + _CARD_H)
            self.draw.rounded_rectangle(box, 6, fill=_CARD, outline=_CARD_EDGE, width=2)
            words = _label(name).split(" ")
            for line, text in enumerate(_two_lines(words)):
                self.draw.text((x + 5, self.y + 4 + 14 * line), _fit(text, _CARD_W - 8, 12),
                               font=_font(12), fill=_CARD_INK)  # fmt: skip
            if count:
                self.draw.text((x + _CARD_W - 26, self.y + _CARD_H - 16), f"x{count}",
                               font=_font(12), fill=(150, 20, 20))  # fmt: skip
            x += _CARD_W + 6
        self.y += _CARD_H + 8

    def seats(self, view: View, players: int, seat: int | None, columns: list[str]) -> None:
        """One row per seat: the view's per-seat values, the turn marked, the viewer shaded."""
        if not columns or not self.room(18 * (players + 1)):
            return
        width = (SIZE[0] - 2 * _MARGIN - 110) // len(columns)
        for col, name in enumerate(columns):
            self.draw.text((_MARGIN + 110 + col * width, self.y), _fit(_label(name), width - 6, 12),
                           font=_font(12), fill=_DIM)  # fmt: skip
        self.y += 18
        turn = view.get("turn")
        for p in range(players):
            if not self.room(18):
                return
            if p == seat:
                self.draw.rectangle((_MARGIN - 4, self.y - 2, SIZE[0] - _MARGIN, self.y + 15),
                                    fill=_MINE)  # fmt: skip
            who = f"{'> ' if p == turn else '  '}player_{p}{' (you)' if p == seat else ''}"
            self.draw.text((_MARGIN, self.y), who, font=_font(13),
                           fill=_TURN if p == turn else _INK)  # fmt: skip
            for col, name in enumerate(columns):
                cell = _fit(_label(view[name][p]), width - 6, 13)
                self.draw.text((_MARGIN + 110 + col * width, self.y), cell, font=_font(13),
                               fill=_INK)  # fmt: skip
            self.y += 18
        self.y += 6

    def array(self) -> np.ndarray:
        return np.asarray(self.image, dtype=np.uint8).copy()


def _two_lines(words: list[str]) -> list[str]:
    """A card's name on at most two lines."""
    if len(words) <= 1:
        return words
    half = (len(words) + 1) // 2
    return [" ".join(words[:half]), " ".join(words[half:])]


def _fit(text: str, width: int, size: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels at font ``size``."""
    font = _font(size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def draw_table(
    game: Game[Any, Any], view: View, seat: int | None, head: Sequence[str]
) -> np.ndarray:
    """The table as ``seat`` sees it (``view`` must be ``game.observe(state, seat)``), with the
    ``head`` lines on top: an ``(height, width, 3)`` uint8 array of :data:`SIZE`."""
    canvas = _Canvas()
    players = game.players
    whose = "a spectator" if seat is None else f"player_{seat}"
    canvas.text(f"{game.title}: the table as {whose} sees it", 20)
    for line in head:
        canvas.text(line, 14, _DIM)
    hand = view.get("hand")
    if seat is not None:
        if isinstance(hand, list):
            canvas.cards("your hand" if hand else "your hand: empty", hand)
        elif hand is not None:
            canvas.text(f"your hand: {_label(hand)}")
    columns = [k for k, v in view.items() if k not in _SKIP and _per_seat(v, players)]
    canvas.seats(view, players, seat, columns)
    rest = []
    for key, value in view.items():
        if key in _SKIP or key in columns:
            continue
        if _is_cards(value):
            canvas.cards(_label(key), value)
        else:
            rest.append(f"{_label(key)}: {_label(value)}")
    line = ""
    for fact in rest:
        if line and _font(13).getlength(f"{line}   {fact}") > SIZE[0] - 2 * _MARGIN:
            canvas.text(line, 13)
            line = fact
        else:
            line = f"{line}   {fact}" if line else fact
    if line:
        canvas.text(line, 13)
    return canvas.array()
