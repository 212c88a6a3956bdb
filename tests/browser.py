"""The system's Chromium, as the browser tests launch it (Playwright drives it).

The browser is Debian's ``chromium`` package (``.ci/run`` installs it); the tests that
need it are skipped only where it is not installed.
"""

from __future__ import annotations

import os
import shutil

__all__ = ["CHROMIUM_FLAGS", "chromium"]

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Headless, and quiet: no sandbox (containers), no GPU, nothing fetched in the background."""


def chromium() -> str | None:
    """The system's Chromium, if one is installed."""
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium")
