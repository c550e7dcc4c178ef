"""Fixtures for the wiki side (owned by its module's tests)."""
