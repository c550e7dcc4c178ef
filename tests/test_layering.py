"""gamestate/ and rules_text/ stay pure: no network, files, database or clock."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = ("gamestate", "rules_text")
FORBIDDEN_MODULES = {
    "requests",
    "bs4",
    "mwclient",
    "peewee",
    "playhouse",
    "click",
    "urllib3",
    "socket",
    "sqlite3",
    "http",
    "wikibot",
    "time",
    "os",
    "subprocess",
}
FORBIDDEN_CALLS = {"now", "utcnow", "today", "time", "monotonic", "perf_counter", "open"}


def _sources() -> list[Path]:
    return sorted(p for pkg in PURE for p in (ROOT / pkg).rglob("*.py"))


def test_pure_packages_exist() -> None:
    assert len(_sources()) >= 5


def _problems(path: Path) -> list[str]:
    """Every forbidden import or clock/file call in one module."""
    problems = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        else:
            names = []
        for name in names:
            if name.split(".")[0] in FORBIDDEN_MODULES:
                problems.append(f"{path.name}:{node.lineno} imports {name}")
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in FORBIDDEN_CALLS:
                problems.append(f"{path.name}:{node.lineno} calls {called}()")
    return problems


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_and_calls(path: Path) -> None:
    assert _problems(path) == []


def test_rules_text_does_not_import_gamestate() -> None:
    """Imports point one way: wikibot -> gamestate -> rules_text."""
    for path in (ROOT / "rules_text").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import gamestate" not in text and "from gamestate" not in text, path.name


def test_importing_pure_packages_loads_no_io_library() -> None:
    code = (
        "import sys, gamestate, rules_text\n"
        "bad = sorted(m for m in ('requests','bs4','mwclient','peewee','click','urllib3',"
        "'sqlite3','wikibot') if m in sys.modules)\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == ""


def test_the_layering_check_catches_io_and_clock(tmp_path: Path) -> None:
    """The checker is not vacuous: it flags an I/O import and a clock read."""
    bad = tmp_path / "bad.py"
    bad.write_text("import requests\nfrom datetime import datetime\nx = datetime.now()\n")
    assert _problems(bad) == ["bad.py:1 imports requests", "bad.py:3 calls now()"]
