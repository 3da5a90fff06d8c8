#!/usr/bin/env bash
# What `make test` needs besides Rust and Node: Debian's Chromium for the browser
# suite, Java for the W3C HTML checker (vnu.jar), Python 3 (the form tests read
# the server's SQLite file with it), nginx and systemd-analyze (tests/operations.rs
# runs the deployment examples of config/deploy/ for real) and PostgreSQL's
# client tools (`hygo backup` on PostgreSQL runs pg_dump). Installs what is
# missing with apt-get when run as root; otherwise says what to install and stops.
set -euo pipefail
chromium="${CHROMIUM:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v pg_dump >/dev/null 2>&1 || missing+=(postgresql-client)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "== installing ${missing[*]} from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  if [ ! -x "$chromium" ]; then
    echo "Chromium is still not at $chromium: set CHROMIUM to its path" >&2
    exit 1
  fi
else
  echo "make test needs what is not installed here: ${missing[*]}" >&2
  echo "On Debian or Ubuntu: sudo apt-get install -y ${missing[*]}" >&2
  echo "(or run make test as root, and it installs them; CHROMIUM=/path/to/chromium points at another Chromium)" >&2
  exit 1
fi
