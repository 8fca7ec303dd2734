"""The built-in games, one folder each, every folder laid out the same way.

Nothing here imports a game: each game package is found through its entry point in the
``gamenight.games`` group (see :mod:`gamenight.engine.plugins`), exactly as a third-party game
package is. Games never import each other.
"""
