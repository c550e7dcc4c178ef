"""A property test that fails says how to replay it: the example, the ``@reproduce_failure``
blob (``print_blob``) and the seed (tests/conftest.py). Checked by running a failing
property test in a pytest of its own, with the suite's conftest as its plugin."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

_FAILING = """
from hypothesis import given, settings, strategies as st

@settings(max_examples=50, database=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_below_ten(n):
    assert n < 10
"""

_COUNTING = """
from pathlib import Path
from hypothesis import given, settings, strategies as st

@settings(max_examples=5, database=None)
@given(st.integers())
def test_counted(n):
    with Path("calls").open("a") as calls:
        calls.write("x")
"""


def _pytest(tmp_path: Path, source: str, **env: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "test_property.py").write_text(source, encoding="utf-8")
    environ = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_XDIST_WORKER")}
    environ.update(PYTHONPATH=str(ROOT), **env)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider"]
        + ["-p", "no:xdist", "-q", "test_property.py"],
        cwd=tmp_path,
        env=environ,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _names_the_example(out: str) -> bool:
    """The report names the smallest failing example (hypothesis words it either way)."""
    named = re.search(r"(?:Falsifying example|Failing test case): test_below_ten\(", out)
    return named is not None and "n=10," in out


def test_the_suites_profile_prints_the_blob() -> None:
    assert settings.default.print_blob is True


def test_no_test_turns_the_blob_off() -> None:
    here = Path(__file__).resolve()
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if path.resolve() not in (here, ROOT / "tests" / "conftest.py")
        and "print_blob" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


@pytest.mark.parametrize("ci", [False, True], ids=["random examples", "CI: derandomised"])
def test_a_failing_property_test_reports_its_example_blob_and_seed(
    tmp_path: Path, ci: bool
) -> None:
    run = _pytest(tmp_path, _FAILING, **({"CI": "1"} if ci else {}))
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert _names_the_example(out), out
    assert "@reproduce_failure(" in out
    assert "hypothesis seed" in out
    if ci:
        assert "derandomised (CI is set)" in out
    else:
        seed = re.search(r"pytest --hypothesis-seed=(\d+) \(or add @seed\(\1\)\)", out)
        assert seed is not None, out
        # The seed replays the run: the same example fails again.
        again = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider"]
            + ["-p", "no:xdist", "-q", f"--hypothesis-seed={seed[1]}", "test_property.py"],
            cwd=tmp_path,
            # As the first run: without CI (which .ci/run sets), or the rerun is derandomised.
            env={
                **{k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_XDIST_WORKER")},
                "PYTHONPATH": str(ROOT),
            },
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert f"--hypothesis-seed={seed[1]}" in again.stdout
        assert _names_the_example(again.stdout), again.stdout


@pytest.mark.parametrize(("scale", "calls"), [("", 5), ("3", 15)])
def test_the_scale_variable_multiplies_the_examples(tmp_path: Path, scale: str, calls: int) -> None:
    run = _pytest(tmp_path, _COUNTING, NOMICBOT_HYPOTHESIS_SCALE=scale)
    assert run.returncode == 0, run.stdout + run.stderr
    assert len((tmp_path / "calls").read_text()) == calls


def test_a_bad_scale_is_a_usage_error(tmp_path: Path) -> None:
    run = _pytest(tmp_path, _COUNTING, NOMICBOT_HYPOTHESIS_SCALE="twenty")
    assert run.returncode == 4, run.stdout + run.stderr
    assert "NOMICBOT_HYPOTHESIS_SCALE: expected a whole number, got 'twenty'" in run.stderr
