"""``python -m gamenight`` runs the ``gamenight`` command."""

from gamenight.launch import main

main()
