"""The cost of ``import dominoes``, as a ratio against ``import attrs`` in the same run.

Each import runs in a fresh interpreter (``python -c``), the two alternating, ``--runs``
times each; the figure is the median wall time of each, less the median of a bare
interpreter (``python -c pass``), so the ratio compares what each import adds. Prints
the three medians, the ratio, and with ``--modules`` the package's modules that
``import dominoes`` loaded.

Both are measured as an installed package runs: from bytecode. The package's and attrs'
modules are compiled first (``compileall``), and the interpreters run with
``PYTHONDONTWRITEBYTECODE`` unset, since a machine that sets it (this one does) would
otherwise compile every module of the package on every run.

usage: python benchmarks/import_time.py [--runs N] [--modules]
"""

from __future__ import annotations

import argparse
import compileall
import os
import pathlib
import statistics
import subprocess
import sys
import time

import attrs

import dominoes

_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _once(code: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=_ENV)
    return time.perf_counter() - t0


def _compile() -> None:
    """Bytecode for the package and for attrs, as ``pip install`` writes it."""
    assert dominoes.__file__ is not None
    assert attrs.__file__ is not None
    site = pathlib.Path(attrs.__file__).parent.parent
    for folder in (pathlib.Path(dominoes.__file__).parent, site / "attrs", site / "attr"):
        compileall.compile_dir(folder, quiet=1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=30, help="fresh interpreters per import")
    ap.add_argument("--modules", action="store_true", help="list the modules loaded")
    a = ap.parse_args(argv)
    _compile()
    codes = {"bare": "pass", "attrs": "import attrs", "dominoes": "import dominoes"}
    times: dict[str, list[float]] = {k: [] for k in codes}
    for _ in range(a.runs):
        for key, code in codes.items():
            times[key].append(_once(code))
    med = {k: statistics.median(v) for k, v in times.items()}
    attrs_cost = med["attrs"] - med["bare"]
    ours = med["dominoes"] - med["bare"]
    print(f"python {sys.version.split()[0]}, {a.runs} fresh interpreters each (medians)")
    print(f"  python -c pass         {med['bare'] * 1e3:7.1f} ms")
    print(f"  import attrs           {med['attrs'] * 1e3:7.1f} ms  (+{attrs_cost * 1e3:.1f})")
    print(f"  import dominoes        {med['dominoes'] * 1e3:7.1f} ms  (+{ours * 1e3:.1f})")
    print(f"  ratio dominoes / attrs {ours / attrs_cost:7.2f}x")
    if a.modules:
        listing = (
            "import sys, dominoes; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('dominoes'))))"
        )
        out = subprocess.run(
            [sys.executable, "-c", listing], check=True, capture_output=True, env=_ENV
        )
        print("  loaded:", out.stdout.decode().strip())
        heavy = "import sys, dominoes; print(' '.join(sorted(m for m in "
        heavy += "('multiprocessing', 'concurrent.futures', 'tomllib', 'json', 'statistics') "
        heavy += "if m in sys.modules)) or '-')"
        out = subprocess.run(
            [sys.executable, "-c", heavy], check=True, capture_output=True, env=_ENV
        )
        print("  of multiprocessing, concurrent.futures, tomllib, json, statistics:", end=" ")
        print(out.stdout.decode().strip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
