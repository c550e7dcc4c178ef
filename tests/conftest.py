"""Shared pytest fixtures: each real component has its own plugin module.

The suite's hypothesis profile: no deadline and no "too slow" health check, since
the suite must pass on a machine whose cores are busy with other work (a health
check that times input generation fails there and passes on a rerun); in CI
(``CI`` set, as ``.ci/run`` does) the examples are derandomised, so a red run is
reproducible.
"""

import os

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
)
settings.register_profile("nomicbot-ci", parent=settings.get_profile("nomicbot"), derandomize=True)
settings.load_profile("nomicbot-ci" if os.environ.get("CI") else "nomicbot")
