#!/usr/bin/env bash
# `npm test` (and .ci/run): every check and test, on a fresh Debian machine too.
#
# Set-up (only what is missing): npm ci; chromium + a CJK font; a PostgreSQL server; nginx.
# Then, stopping at the first failure:
#   typecheck and lint (side by side), Vitest (all projects, PGlite), the server-side files that reach the database
#   again on a real PostgreSQL (scripts/with-postgres.sh; which and why: vitest.config.ts and
#   docs/decisions/0036), build, Playwright (two workers, a server each), and last the budgets:
#   each part's time from the JSON reports against bench/budgets.ts (scripts/test-budgets.ts).
#   The 30-second load test (src/server/test/operations/load.test.ts) runs once, in the PostgreSQL
#   pass, where requests really run side by side; LOAD_TEST_SECONDS=0 skips it in the first.
# Last line of output: "N passed, M failed" over every test run (a step that fails without a
# failing test, e.g. type errors or a crashed runner, counts as one failure).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

log() { echo "test.sh: $*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    "$@"
  fi
}

# --- set-up -----------------------------------------------------------------------------------
if [ ! -d node_modules ]; then
  log "node_modules is missing: running npm ci"
  npm ci
elif [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "package-lock.json is newer than node_modules/.package-lock.json: running npm ci"
  npm ci
fi

apt_packages=()
if ! command -v fc-list >/dev/null 2>&1; then
  log "fc-list is missing (no fontconfig): will install chromium and a CJK font"
  apt_packages+=(fontconfig chromium fonts-noto-cjk)
elif [ ! -x /usr/bin/chromium ] || [ -z "$(fc-list :lang=ja 2>/dev/null)" ]; then
  log "/usr/bin/chromium or a Japanese font is missing: will install them"
  apt_packages+=(chromium fonts-noto-cjk)
fi
if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null &&
  ! command -v pg_ctl >/dev/null 2>&1; then
  log "no PostgreSQL server binary found: will install postgresql"
  apt_packages+=(postgresql)
fi
if [ ! -x /usr/sbin/nginx ]; then
  log "no /usr/sbin/nginx: will install nginx (the operations suite runs docs/DEPLOY.md's site)"
  apt_packages+=(nginx)
fi
if [ "${#apt_packages[@]}" -gt 0 ]; then
  log "apt-get install -y ${apt_packages[*]}"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${apt_packages[@]}"
fi

# --- checks and tests -------------------------------------------------------------------------
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT

passed=0
failed=0

summary() {
  echo
  echo "${passed} passed, ${failed} failed"
}

# counts FILE vitest|playwright|simulate -> prints "PASSED FAILED" (0 0 when the report is missing)
counts() {
  node -e '
    const fs = require("fs");
    const [file, kind] = process.argv.slice(1);
    let passed = 0, failed = 0;
    try {
      const report = JSON.parse(fs.readFileSync(file, "utf8"));
      if (kind === "vitest") {
        passed = report.numPassedTests || 0;
        failed = report.numFailedTests || 0;
      } else if (kind === "simulate") {
        // Each simulated run is one test: it passes with no violation.
        for (const run of report.runs || []) {
          if ((run.violations || []).length === 0) passed++;
          else failed++;
        }
      } else {
        const stats = report.stats || {};
        passed = (stats.expected || 0) + (stats.flaky || 0);
        failed = stats.unexpected || 0;
      }
    } catch {}
    console.log(passed + " " + failed);
  ' "$1" "$2"
}

# step LABEL REPORT KIND CMD... (REPORT and KIND empty for steps that run no tests)
step() {
  local label=$1 report=$2 kind=$3
  shift 3
  echo
  log "=== ${label}"
  local status=0
  "$@" || status=$?
  local p=0 f=0
  if [ -n "$report" ]; then
    read -r p f < <(counts "$report" "$kind")
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  if [ "$status" -ne 0 ]; then
    log "FAILED: ${label} (exit ${status})" >&2
    if [ "$f" -eq 0 ]; then
      failed=$((failed + 1))
    fi
    summary
    exit "$status"
  fi
}

# side_by_side LABEL CMD -- LABEL CMD: two steps that run no tests (typecheck and lint, each
# mostly one core's work) at once, their output shown one after the other, failing as `step` does.
side_by_side() {
  local first_label=$1 first_cmd=$2 second_label=$3 second_cmd=$4
  local first_out second_out first_status=0 second_status=0
  first_out="$(mktemp)"
  second_out="$(mktemp)"
  bash -c "$first_cmd" >"$first_out" 2>&1 &
  local first_pid=$!
  bash -c "$second_cmd" >"$second_out" 2>&1 || second_status=$?
  wait "$first_pid" || first_status=$?
  echo
  log "=== ${first_label}"
  cat "$first_out"
  echo
  log "=== ${second_label}"
  cat "$second_out"
  rm -f "$first_out" "$second_out"
  local label
  for label in first second; do
    local status_var="${label}_status" label_var="${label}_label"
    if [ "${!status_var}" -ne 0 ]; then
      log "FAILED: ${!label_var} (exit ${!status_var})" >&2
      failed=$((failed + 1))
    fi
  done
  if [ "$first_status" -ne 0 ] || [ "$second_status" -ne 0 ]; then
    summary
    exit 1
  fi
}

# One worker per core (Vitest's default leaves one core idle); the operations project keeps to
# one file at a time (vitest.config.ts).
vitest_options=(--maxWorkers=100% --reporter=default --reporter=json)

# The run's own clock for its budget: from here (after the set-up) to the journeys' end.
run_start=$SECONDS

# Each is mostly one core's work (tsc, eslint): side by side they take the longer one's time.
side_by_side "typecheck" "npm run typecheck" "lint" "npm run lint"
step "vitest (all projects, PGlite)" "$reports/vitest.json" vitest \
  env -u TEST_DATABASE_URL LOAD_TEST_SECONDS=0 npx vitest run "${vitest_options[@]}" \
  --outputFile="$reports/vitest.json"
step "vitest server, whole-app and operations projects on PostgreSQL (the files that reach the database)" \
  "$reports/vitest-postgres.json" vitest \
  bash scripts/with-postgres.sh npx vitest run --project server --project server-mocking --project whole-app \
  --project operations "${vitest_options[@]}" \
  --outputFile="$reports/vitest-postgres.json"
step "build" "" "" npm run build
# A school term (the April rollover, registrations, the summer's visits, notes) simulated
# through the API on a fast clock, three seeds side by side, with faults and every invariant
# checked (docs/SIMULATION.md); each on a throwaway PostgreSQL of its own.
step "simulated term, seeds 1-3 (PostgreSQL)" "$reports/simulate.json" simulate \
  env -u TEST_DATABASE_URL npx tsx scripts/simulate-year/main.ts --term --seeds 1,2,3 --jobs 3 \
  --report "$reports/simulate.json"
step "playwright" "$reports/playwright.json" playwright \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test \
  --reporter=list,json
run_seconds=$((SECONDS - run_start))
step "budgets (bench/budgets.ts)" "" "" \
  env -u TEST_DATABASE_URL npx tsx scripts/test-budgets.ts "$reports" "$run_seconds"

summary
if [ "$failed" -ne 0 ]; then
  exit 1
fi
