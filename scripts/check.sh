#!/usr/bin/env bash
# The whole test suite: lint, format, types, tests with branch coverage, docs.
# Run it inside an environment where `pip install -e ".[dev]"` has been done.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== ruff check"
ruff check src tests benchmarks scripts
echo "== ruff format --check"
ruff format --check src tests benchmarks scripts
echo "== mypy --strict"
mypy --strict src tests
mypy --strict scripts
mypy --strict benchmarks
echo "== pytest (on every core, branch coverage, fail under 95%)"
pytest -n auto --cov=dominoes --cov-branch --cov-report=term --cov-fail-under=95
echo "== mkdocs build --strict"
export NO_MKDOCS_2_WARNING=1
mkdocs build --strict --site-dir "$(mktemp -d)"
echo "all checks passed"
