#!/usr/bin/env bash
# The browser tests that depend on the day, run on other days (issue 44: a test
# failed on a Tuesday only). The server and Node run under libfaketime (their
# clock starts at the instant and runs on; monotonic time is left real, so timers
# keep their length); Chromium does not (it will not start under it), and the
# harness moves each page's clock to Node's instead (Playwright's clock,
# `ui/test/browser/harness.mjs`). Instants are UTC; the comment says the IST.
#
#   tests/days.sh                      every instant below, the default files
#   DAYS="2027-01-05T05:30" tests/days.sh
#   DAYS_SUITE="test/browser/wizards.test.mjs" tests/days.sh
set -euo pipefail
cd "$(dirname "$0")/.."

lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
if [ ! -e "$lib" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y -q faketime >/dev/null
  else
    echo "libfaketime is missing: apt-get install faketime" >&2
    exit 1
  fi
fi

# Monday to Sunday at 11:00 IST, a month's end at 20:30 IST (a Sunday), the
# year's last evening at 23:30 IST, and a Saturday evening at 21:00 IST.
default_days="2027-01-04T05:30 2027-01-05T05:30 2027-01-06T05:30 2027-01-07T05:30 2027-01-08T05:30 2027-01-09T05:30 2027-01-10T05:30 2027-02-28T15:00 2026-12-31T18:00 2027-01-09T15:30"
days="${DAYS:-$default_days}"
suite="${DAYS_SUITE:-test/browser/wizards.test.mjs test/browser/doctors.test.mjs test/browser/forms.test.mjs test/browser/english.test.mjs test/browser/languages.test.mjs test/browser/staff.test.mjs}"

failed=()
for day in $days; do
  echo "== the browser tests on $day UTC"
  log="target/test-logs/days-$day.log"
  mkdir -p target/test-logs
  if (cd ui && TZ=UTC FAKETIME="@${day/T/ }:00" FAKETIME_DONT_FAKE_MONOTONIC=1 LD_PRELOAD="$lib" HYGO_BIN=../target/debug/hygo \
      node --test --test-concurrency="${BROWSER_JOBS:-3}" $suite) > "$log" 2>&1; then
    grep -E "^# (pass|fail)" "$log" | tr '\n' ' '; echo
  else
    grep -E "^# (pass|fail)|^not ok" "$log" || true
    failed+=("$day")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "== failed on: ${failed[*]} (logs in target/test-logs/days-*.log)"
  exit 1
fi
echo "== every day passed"
