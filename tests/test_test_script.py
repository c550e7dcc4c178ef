"""``bash scripts/test.sh``, the README's command for the whole suite: it says how long it
took at its end, whatever the outcome, and keeps pytest's exit code (no tests collected
is a failure). Run here on a copy of the script whose tools are stand-ins that only say
what they were asked, so this test takes a second, not the suite's minutes."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("ruff", "mypy", "pytest")


def _copy(tmp_path: Path, pytest_exit: int) -> Path:
    (tmp_path / "scripts").mkdir()
    script = tmp_path / "scripts" / "test.sh"
    script.write_text((ROOT / "scripts" / "test.sh").read_text(encoding="utf-8"))
    (tmp_path / "scripts" / "bootstrap.sh").write_text("echo bootstrap\n")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for tool in TOOLS:
        code = pytest_exit if tool == "pytest" else 0
        path = bin_dir / tool
        path.write_text(f'#!/bin/sh\necho "{tool} $*"\nexit {code}\n')
        path.chmod(0o755)
    return script


@pytest.mark.parametrize(("pytest_exit", "exit_code"), [(0, 0), (1, 1), (5, 1)])
def test_the_suite_script_reports_its_duration_and_keeps_the_outcome(
    tmp_path: Path, pytest_exit: int, exit_code: int
) -> None:
    script = _copy(tmp_path, pytest_exit)
    run = subprocess.run(
        ["bash", str(script), "-q", "-x"], capture_output=True, text=True, timeout=60, check=False
    )
    assert run.returncode == exit_code, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[:2] == ["bootstrap", "== ruff"]
    assert "pytest -n 2 -q -x" in lines
    assert re.fullmatch(r"scripts/test\.sh: finished in \d+ s", lines[-1]), lines[-1]
    if pytest_exit == 5:
        assert "pytest collected no tests: that is a failure" in run.stderr
