"""Shared pytest fixtures: each real component has its own plugin module.

The suite's hypothesis profile: no deadline and no "too slow" health check, since
the suite must pass on a machine whose cores are busy with other work (a health
check that times input generation fails there and passes on a rerun); in CI
(``CI`` set, as ``.ci/run`` does) the examples are derandomised, so a red run is
reproducible.

A property test that fails reports the example that failed, the
``@reproduce_failure`` decorator that replays it (``print_blob``; no test may turn it
off), and, in a section "hypothesis seed", the seed to replay the whole run
(``--hypothesis-seed=N``). A rare failure under load can so be replayed on any machine.

``NOMICBOT_HYPOTHESIS_SCALE=N`` runs every property test selected with N times its
examples, to hunt for rare failures (e.g. ``NOMICBOT_HYPOTHESIS_SCALE=20 pytest -k
junk_archives``); the suite's default is 1.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = [
    "tests.plugins.blog",
    "tests.plugins.postgres",
    "tests.plugins.wiki",
]

settings.register_profile(
    "nomicbot",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.register_profile("nomicbot-ci", parent=settings.get_profile("nomicbot"), derandomize=True)
settings.load_profile("nomicbot-ci" if os.environ.get("CI") else "nomicbot")

SCALE_VARIABLE = "NOMICBOT_HYPOTHESIS_SCALE"


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``NOMICBOT_`` variable of the caller's environment reaches the test (a password,
    a webhook, a kill point): each test sets the ones it means."""
    for key in [k for k in os.environ if k.startswith("NOMICBOT_")]:
        monkeypatch.delenv(key)


def _property_test(item: pytest.Item) -> Callable[..., Any] | None:
    """The @given test an item runs, or None for any other test."""
    test = getattr(item, "obj", None)
    return test if getattr(test, "is_hypothesis_test", False) else None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """With ``NOMICBOT_HYPOTHESIS_SCALE=N``, N times each property test's examples."""
    text = os.environ.get(SCALE_VARIABLE, "").strip()
    if not text or text == "1":
        return
    if not text.isdigit() or int(text) < 1:
        raise pytest.UsageError(f"{SCALE_VARIABLE}: expected a whole number, got {text!r}")
    scaled: set[int] = set()  # a parametrized test's items share one function
    for item in items:
        test = _property_test(item)
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if test is None or chosen is None or id(test) in scaled:
            continue
        scaled.add(id(test))
        more = settings(chosen, max_examples=chosen.max_examples * int(text))
        test._hypothesis_internal_use_settings = more  # type: ignore[attr-defined]


def replay_hint(test: Callable[..., Any]) -> str:
    """How to replay the run of a property test that just failed."""
    from hypothesis import core

    explicit = getattr(test, "_hypothesis_internal_use_seed", None)
    if explicit is not None:
        return f"the test's own @seed({explicit}) chose the examples; a rerun replays them"
    chosen = getattr(test, "_hypothesis_internal_use_settings", None)
    if chosen is not None and chosen.derandomize:
        return (
            "derandomised (CI is set): the seed is the test's own, so a rerun with CI set "
            "replays the run"
        )
    forced = getattr(core, "global_force_seed", None)
    seed = (
        forced
        if forced is not None
        else getattr(test, "_hypothesis_internal_use_generated_seed", None)
    )
    if seed is None:
        return "no seed was recorded; replay the example with the @reproduce_failure above"
    return f"replay the run with: pytest --hypothesis-seed={seed} (or add @seed({seed}))"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    test = _property_test(item)
    if test is not None and report.when == "call" and report.failed:
        report.sections.append(("hypothesis seed", replay_hint(test)))
    return report
