"""The README's commands and code stay true: its Python example runs and prints a result,
and the commands it gives are the ones the project's scripts run."""

from __future__ import annotations

import contextlib
import io
import re

from paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_python_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)
    assert len(blocks) == 1
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], "README.md", "exec"), {})
    assert out.getvalue().startswith("HandResult(")


def test_the_readme_test_command_is_what_ci_runs() -> None:
    commands = re.findall(r"```bash\n(.*?)```", README, flags=re.DOTALL)
    assert any('pip install -q ".[cli]" && dominoes demo' in c for c in commands)
    test = next(c for c in commands if "scripts/check.sh" in c)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install -q -e ".[dev]"' in test
    assert 'pip install -q -e ".[dev]"' in ci
    assert "bash scripts/check.sh" in ci
