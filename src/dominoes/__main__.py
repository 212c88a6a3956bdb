"""``python -m dominoes``: the command line."""

from dominoes.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
