#!/usr/bin/env bash
# The whole test suite: installs what is needed, then lint, types, tests.
# Ends by saying how long it took, whatever the outcome.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
SECONDS=0
trap 'echo "scripts/test.sh: finished in ${SECONDS} s"' EXIT
bash scripts/bootstrap.sh
export PATH="$here/.venv/bin:$PATH"
echo "== ruff"
ruff check .
ruff format --check .
echo "== mypy"
mypy
echo "== pytest"
set +e
# Two workers (pytest-xdist; NOMICBOT_TEST_WORKERS to change, 0 for none): each has its
# own MediaWiki, PostgreSQL and sandbox blog, on ports of its own.
pytest -n "${NOMICBOT_TEST_WORKERS:-2}" "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure" >&2
  exit 1
fi
exit "$rc"
