"""The live table: full-screen terminal play on the real-time runtime, and the replay viewer.

Built with Textual. ``app`` holds the table, ``replay`` the viewer; ``choices``, ``capture`` and
``session`` hold what they share and import no Textual, so the command line imports Textual
only when a live screen is opened. See ``docs/terminal.md``.
"""
