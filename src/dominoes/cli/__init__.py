"""The ``dominoes`` command line: ``play``, ``demo``, ``simulate``, ``rules``, ``replay``,
``validate`` and ``arena``.

The commands are built on click and rich, which come with the optional extra
``dominoes-rules[cli]``; the core library never imports them. `main` imports click
only when it runs, so without the extra the command prints one line saying how to
install it and exits with status 2.

The text of the demo and of ``replay`` is built without click (`dominoes.cli.text`),
so `heaviest_first`, `demo_lines` and `replay_lines` can be imported anywhere; so is the
page of ``replay --html`` (`dominoes.cli.page.replay_page`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from dominoes.cli.text import demo_lines, heaviest_first, replay_lines

__all__ = ["INSTALL_HINT", "demo_lines", "heaviest_first", "main", "replay_lines"]

INSTALL_HINT = 'dominoes: the command line needs click and rich: pip install "dominoes-rules[cli]"'
"""The line printed when click or rich is missing."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``dominoes`` command and return its exit status (it never raises SystemExit).

    Args:
        argv: The arguments after the program name (``None``: ``sys.argv[1:]``).

    Returns:
        0 when the command did what it was asked, 1 when it found a problem (an
        invalid record, a game left unfinished), 2 on a usage error or when the
        ``cli`` extra is not installed.
    """
    try:
        import click  # noqa: F401, PLC0415 (an optional extra: imported only to run)
        import rich  # noqa: F401, PLC0415
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    from dominoes.cli.app import cli  # noqa: PLC0415

    args = list(sys.argv[1:] if argv is None else argv)
    try:
        cli.main(args=args, prog_name="dominoes", standalone_mode=True)
    except SystemExit as done:
        code = done.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 1
    return 0  # pragma: no cover - standalone click always exits
