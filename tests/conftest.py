"""Shared pytest fixtures: each real component has its own plugin module."""

pytest_plugins = [
    "tests.plugins.blog",
    "tests.plugins.postgres",
    "tests.plugins.wiki",
]
