#!/usr/bin/env bash
# The main job on the embedded sandbox: installs what is needed, then shows
# what nomicbot decides about the example Nomicland game.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bash scripts/bootstrap.sh
export PATH="$here/.venv/bin:$PATH"
nomicbot status --archive examples/nomicland.json --now 2016-05-17T12:00:00Z
