"""``python -m gamenight`` runs the ``gamenight`` command."""

from gamenight.cli import main

main()
