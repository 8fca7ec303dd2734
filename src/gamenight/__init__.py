"""gamenight: four family tabletop games, faithfully on screen.

Layers (imports point inward only): ``cli`` > ``terminal`` > ``sim`` > ``bots`` > ``games`` >
``engine``. The engine is game-agnostic and uses the standard library only.
"""

__version__ = "0.1.0"
