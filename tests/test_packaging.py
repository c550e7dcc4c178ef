"""``pip install .``: the build says nothing about package data, and the wheel holds every
file of the three packages (the Ruleset, the seeds and the example games included)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gamestate", "rules_text", "wikibot")
# Said by distutils when Python runs with PYTHONDONTWRITEBYTECODE: the machine, not us.
_BENIGN = re.compile(r"byte-compiling is disabled")


def _source_files(root: Path) -> set[str]:
    return {
        path.relative_to(root).as_posix()
        for package in PACKAGES
        for path in (root / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def test_the_wheel_builds_silently_and_holds_every_package_file(tmp_path: Path) -> None:
    # A copy, so the build leaves no build/ or egg-info in the checkout; __pycache__
    # folders come along, as in a checkout that has run.
    src = tmp_path / "src"
    src.mkdir()
    for name in ("setup.cfg", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, src / package)
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        + ["--no-index", "-v", "-w", str(dist), str(src)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = build.stdout + build.stderr
    assert build.returncode == 0, output
    warnings = [
        line.strip()
        for line in output.splitlines()
        if re.search(r"warning", line, re.IGNORECASE)
        and not _BENIGN.search(line)
        and "Location 'file:" not in line  # pip's own note about a configured index
    ]
    assert warnings == [], "\n".join(warnings)
    (wheel,) = dist.glob("nomicbot-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = {n for n in archive.namelist() if not n.startswith("nomicbot-")}
    assert shipped == _source_files(ROOT)
