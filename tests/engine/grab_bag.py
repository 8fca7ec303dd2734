"""The engine tests' own game, Grab Bag, which is installed from its own package in
``tests/plugin_game`` (the test run installs it; see the Makefile)."""

from gamenight_grab_bag.game import (
    Bid,
    Grab,
    GrabBag,
    GrabBagConfig,
    GrabBagState,
    Object,
    Pass,
    Pot,
)

__all__ = ["Bid", "Grab", "GrabBag", "GrabBagConfig", "GrabBagState", "Object", "Pass", "Pot"]
