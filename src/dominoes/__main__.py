"""``python -m dominoes``: the command line."""

from dominoes.cli import main

raise SystemExit(main())
