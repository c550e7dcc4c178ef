#!/usr/bin/env bash
# Installs everything nomicbot needs on a fresh Debian machine, idempotently:
# the Debian packages for the real local MediaWiki, Debian's PostgreSQL
# (server and client: the tests start a throwaway cluster of their own for the
# shared-mirror tests), and a virtualenv (.venv) with nomicbot and its
# development tools.
#
# It prints one line per step it takes (nothing when everything is installed)
# and keeps apt's, venv's and pip's whole output in sandbox-data/bootstrap.log;
# when a step fails it prints that log's last lines and its path, and exits
# with the step's exit code.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

log="$here/sandbox-data/bootstrap.log"
log_started=
step=

# A step: one line on stdout, and a header in the log (started afresh by the
# run's first step, so a run with nothing to do keeps the last run's log).
say() {
  step=$*
  echo "bootstrap: $step"
  if [ -z "$log_started" ]; then
    mkdir -p "$(dirname "$log")"
    echo "bootstrap.sh $(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$log"
    log_started=1
  fi
  echo "== $step" >>"$log"
}

# A command of the current step, its output into the log; on failure, the
# log's last lines and its path on stderr, and the command's exit code.
run() {
  echo "\$ $*" >>"$log"
  local rc=0
  "$@" >>"$log" 2>&1 || rc=$?
  # A last line without its newline (venv's errors) would run into the next one.
  if [ -n "$(tail -c 1 "$log")" ]; then echo >>"$log"; fi
  if [ "$rc" -ne 0 ]; then
    {
      echo "bootstrap: $step failed (exit $rc); the last lines of its output:"
      tail -n 25 "$log" | sed 's/^/    /'
      echo "bootstrap: the whole output is in $log"
    } >&2
    exit "$rc"
  fi
}

need_apt=()
for pkg in mediawiki php-cli php-sqlite3 php-intl php-mbstring php-xml postgresql; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing Debian packages: ${need_apt[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  run "${sudo_cmd[@]}" apt-get update -q
  run "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${need_apt[@]}"
fi

if [ ! -x .venv/bin/python ]; then
  say "creating .venv"
  run python3 -m venv .venv
fi
stamp=.venv/.nomicbot-installed
if [ ! -f "$stamp" ] || [ setup.cfg -nt "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  say "installing nomicbot and its dev tools into .venv"
  run .venv/bin/pip install --upgrade pip
  run .venv/bin/pip install -e '.[dev,postgres]'
  touch "$stamp"
fi
if [ -n "$log_started" ]; then
  echo "bootstrap: done (the whole output is in $log)"
fi
