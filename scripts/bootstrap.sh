#!/usr/bin/env bash
# Installs everything nomicbot needs on a fresh Debian machine, idempotently:
# the Debian packages for the real local MediaWiki, Debian's PostgreSQL
# (server and client: the tests start a throwaway cluster of their own for the
# shared-mirror tests), and a virtualenv (.venv) with nomicbot and its
# development tools.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

need_apt=()
for pkg in mediawiki php-cli php-sqlite3 php-intl php-mbstring php-xml postgresql; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "bootstrap: installing Debian packages: ${need_apt[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${need_apt[@]}"
fi

if [ ! -x .venv/bin/python ]; then
  echo "bootstrap: creating .venv"
  python3 -m venv .venv
fi
stamp=.venv/.nomicbot-installed
if [ ! -f "$stamp" ] || [ setup.cfg -nt "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "bootstrap: installing nomicbot into .venv"
  .venv/bin/pip install -q --upgrade pip
  .venv/bin/pip install -q -e '.[dev,postgres]'
  touch "$stamp"
fi
