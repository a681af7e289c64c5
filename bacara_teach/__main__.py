"""``python -m bacara_teach`` runs the command-line interface."""

from bacara_teach.cli import main

raise SystemExit(main())
