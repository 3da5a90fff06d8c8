#!/usr/bin/env bash
# Runs test suites side by side, each with its output in a log of its own
# (target/test-logs/NAME.log), and reports each suite when it ends: its time and
# its summary lines if it passed, its whole log if it failed; at the end, what
# failed once more, so that the tail of the output names it. Exits 1 if any failed.
#   tests/suites.sh 'NAME=COMMAND' ['NAME=COMMAND' ...]
# COMMAND runs with bash from the repository's root.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
logs="$root/target/test-logs"
mkdir -p "$logs"

declare -A name_of started
for suite in "$@"; do
  name="${suite%%=*}"
  command="${suite#*=}"
  (cd "$root" && exec bash -c "$command") >"$logs/$name.log" 2>&1 &
  name_of[$!]="$name"
  started[$!]=$(date +%s)
  echo "== $name: $command (log: target/test-logs/$name.log)"
done

failed=()
while [ ${#name_of[@]} -gt 0 ]; do
  wait -n -p pid "${!name_of[@]}"
  status=$?
  name="${name_of[$pid]}"
  took=$(( $(date +%s) - started[$pid] ))
  unset "name_of[$pid]"
  if [ "$status" -eq 0 ]; then
    echo "== $name passed in ${took} s"
    # cargo's "test result:" lines, node --test's totals.
    grep -E '^(test result:|# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) )' "$logs/$name.log" | sed "s/^/   $name | /"
  else
    echo "== $name FAILED (exit $status) in ${took} s; its log:"
    sed "s/^/   $name | /" "$logs/$name.log"
    failed+=("$name")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  # Again at the very end, where a reader of only the tail still sees it: what
  # failed in each failed suite (node --test's "not ok" blocks, cargo's panics and
  # its list of failures), at most 120 lines a suite.
  for name in "${failed[@]}"; do
    echo "== what failed in $name:"
    grep -E -A 24 '^ *not ok |panicked at|^failures:$' "$logs/$name.log" | head -n 120 | sed "s/^/   $name | /"
  done
  echo "== failed: ${failed[*]} (logs in target/test-logs/)"
  exit 1
fi
