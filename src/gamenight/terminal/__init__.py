"""Playing in the terminal: the renderer protocol, the human agent, play and replay loops.

Each game's renderer lives in its folder (its ``terminal`` part).
"""
