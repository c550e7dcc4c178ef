#!/usr/bin/env bash
# The main job on the embedded sandbox: installs what is needed, then starts the
# sandbox blog and a real local MediaWiki, syncs the blog into the mirror, shows
# every pending matter's verdict, publishes the tally to the wiki, and keeps
# both servers up for a browser until Ctrl-C. Extra arguments go to
# `nomicbot demo` (e.g. --once to stop at the end, --markup wp2020).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bash scripts/bootstrap.sh
export PATH="$here/.venv/bin:$PATH"
exec nomicbot demo --data sandbox-data/demo "$@"
