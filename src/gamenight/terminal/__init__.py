"""Playing in the terminal: renderers per game, the human agent, play and replay loops.

Importing this package imports every renderer module, and each registers itself by game id.
"""

from gamenight.engine.plugins import import_all

import_all(__name__, __path__)
