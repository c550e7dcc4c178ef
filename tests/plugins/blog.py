"""Fixtures for the blog side (owned by its module's tests)."""
