"""``bash scripts/test.sh``, the README's command for the whole suite: it says how long it
took at its end, whatever the outcome, and keeps pytest's exit code (no tests collected
is a failure). Run here on a copy of the script whose tools are stand-ins that only say
what they were asked, so this test takes a second, not the suite's minutes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
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


# scripts/bootstrap.sh, run on a copy in a directory of its own: quiet when everything is
# installed, one line per step, the whole output in sandbox-data/bootstrap.log.


def _bootstrap_copy(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    script = tmp_path / "scripts" / "bootstrap.sh"
    script.write_text((ROOT / "scripts" / "bootstrap.sh").read_text(encoding="utf-8"))
    return script


def _stand_ins(tmp_path: Path, tools: dict[str, str]) -> dict[str, str]:
    """An environment whose PATH finds these shell scripts before the real tools."""
    bin_dir = tmp_path / "stand-ins"
    bin_dir.mkdir()
    for name, body in tools.items():
        path = bin_dir / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


# The Debian packages are installed (the suite runs after bootstrap); these say so to the
# copy whatever the machine holds, so only the step under test runs.
_INSTALLED = {"dpkg-query": "echo 'install ok installed'"}


def test_bootstrap_with_everything_installed_prints_nothing(tmp_path: Path) -> None:
    script = _bootstrap_copy(tmp_path)
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    (tmp_path / ".venv" / ".nomicbot-installed").touch()
    run = subprocess.run(
        ["bash", str(script)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=_stand_ins(tmp_path, _INSTALLED),
    )
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")
    assert not (tmp_path / "sandbox-data").exists()


def test_a_failing_bootstrap_step_prints_one_line_the_logs_tail_and_its_path(
    tmp_path: Path,
) -> None:
    """A real failure, no network: `python3 -m venv .venv` cannot create a directory where a
    file stands (root included)."""
    script = _bootstrap_copy(tmp_path)
    (tmp_path / ".venv").write_text("not a directory\n")
    run = subprocess.run(
        ["bash", str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=_stand_ins(tmp_path, _INSTALLED),
    )
    log = tmp_path / "sandbox-data" / "bootstrap.log"
    assert run.returncode != 0
    assert run.stdout == "bootstrap: creating .venv\n"
    errors = run.stderr.splitlines()
    assert errors[0].startswith("bootstrap: creating .venv failed (exit ")
    assert errors[-1] == f"bootstrap: the whole output is in {log}"
    # The tail shows venv's own complaint, which the log holds whole.
    venv_says = [line for line in log.read_text().splitlines() if ".venv" in line][-1]
    assert "    " + venv_says in errors
    assert not (tmp_path / ".venv" / ".nomicbot-installed").exists()


def test_apts_long_output_goes_to_the_log_and_only_its_last_lines_are_shown(
    tmp_path: Path,
) -> None:
    script = _bootstrap_copy(tmp_path)
    env = _stand_ins(
        tmp_path,
        {
            "dpkg-query": "exit 1",  # nothing installed
            "sudo": 'exec "$@"',
            "apt-get": 'i=0; while [ $i -lt 300 ]; do echo "apt line $i"; i=$((i+1)); done\n'
            'echo "E: no network here" >&2; exit 100',
        },
    )
    run = subprocess.run(
        ["bash", str(script)], capture_output=True, text=True, timeout=60, check=False, env=env
    )
    assert run.returncode == 100
    assert run.stdout == (
        "bootstrap: installing Debian packages: mediawiki php-cli php-sqlite3 php-intl"
        " php-mbstring php-xml postgresql\n"
    )
    errors = run.stderr.splitlines()
    assert "    E: no network here" in errors and "    apt line 299" in errors
    assert "    apt line 0" not in errors and len(errors) < 40
    log = (tmp_path / "sandbox-data" / "bootstrap.log").read_text()
    assert "apt line 0\n" in log and "apt line 299\n" in log


def test_the_suite_script_stops_when_bootstrap_fails(tmp_path: Path) -> None:
    script = _copy(tmp_path, 0)
    (tmp_path / "scripts" / "bootstrap.sh").write_text("echo 'bootstrap: failed' >&2; exit 3\n")
    run = subprocess.run(
        ["bash", str(script)], capture_output=True, text=True, timeout=60, check=False
    )
    assert run.returncode == 3
    assert "== ruff" not in run.stdout
    assert re.fullmatch(r"scripts/test\.sh: finished in \d+ s\n", run.stdout), run.stdout
