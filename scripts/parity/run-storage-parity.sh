#!/usr/bin/env bash
# Runs supabase storage-js's own integration tests (supabase-js monorepo, packages/core/storage-js, the release the
# project pins) against the project's local /storage/v1 (supabase/local/storage.ts), like
# ../shared/parity/run-auth-parity.sh does for auth-js: export the tests, configure them, start the backend, run,
# stop, summarise.
#
# usage: run-storage-parity.sh <project checkout> <supabase-js git dir>   (the git dir: the search tool's fetch of
#        supabase/supabase-js). CLONE=1 clones the checkout and runs npm install first (as the auth script does);
#        the default uses the checkout as it is (its node_modules).
#
# Environment (all optional):
#   WORK=/tmp/storage-parity-run   scratch dir (removed and recreated)
#   OUT=/tmp/storage-parity        results: storage-results.txt (raw), storage-results.json, backend.log, summary.txt
#   API_PORT=54721 MAIL_PORT=54724
#   SUPABASE_JS_REF                tag to test (default: v<the project's @supabase/supabase-js version>)
#
# What is changed in the test suite, and why (nothing else is touched):
#   test/*.test.ts           the hard-coded URL http://127.0.0.1:54321/storage/v1 -> http://127.0.0.1:$API_PORT/storage/v1
#                            (the suite's Supabase CLI default port is taken by other local servers on this machine).
#   jest.config.parity.js    the suite's jest.config.js without coverage.
# The suite's seed (test/supabase/seed.sql: buckets bucket2..bucket5 and bucket-move, objects rows, policies on
# storage.objects) is applied by the backend runner below after the migrations, except its auth.users rows, whose
# columns (email_change, ...) the project's auth schema does not have: three users with the same ids are inserted
# with the project's columns instead. Seeded objects have rows but no bytes, as in the suite's own setup.
# Test files run: storageFileApi, storageFileApiNode, storageBucketApi, storageApi (the ones that talk to a server);
# the mock-only unit tests (common/*, downloadBuilders, vectors, analytics) need no server and are not run.
set -euo pipefail

PROJECT=$(realpath "${1:?usage: $0 <project checkout> <supabase-js git dir>}")
SUPABASE_JS_GIT=${SUPABASE_JS_GIT:-${2:?usage: $0 <project checkout> <supabase-js git dir>}}
WORK=${WORK:-/tmp/storage-parity-run}
OUT=${OUT:-/tmp/storage-parity}
API_PORT=${API_PORT:-54721}
MAIL_PORT=${MAIL_PORT:-54724}
CLONE=${CLONE:-0}
NICE="nice -n 10"
log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

mkdir -p "$OUT"
rm -f "$OUT"/storage-results.txt "$OUT"/storage-results.json "$OUT"/summary.txt "$OUT"/backend.log
rm -rf "$WORK"
mkdir -p "$WORK"

MAIN=$PROJECT
if [ "$CLONE" = 1 ]; then
  log "cloning $PROJECT -> $WORK/main"
  git clone -q "$PROJECT" "$WORK/main"
  (cd "$WORK/main" && $NICE npm install --no-audit --no-fund >"$OUT/main-npm-install.log" 2>&1)
  MAIN=$WORK/main
fi
SUPABASE_JS_VERSION=$(node -p "require('$MAIN/package.json').dependencies['@supabase/supabase-js']")
SUPABASE_JS_REF=${SUPABASE_JS_REF:-v$SUPABASE_JS_VERSION}

# 1. The tests: storage-js at that release, with its test dependencies (the monorepo's catalog versions).
log "exporting storage-js $SUPABASE_JS_REF"
SRC=$SUPABASE_JS_GIT
[ -d "$SRC/.git" ] && SRC=$SRC/.git
mkdir -p "$WORK/storagejs"
git --git-dir="$SRC" archive "$SUPABASE_JS_REF" packages/core/storage-js tsconfig.base.json | tar -x -C "$WORK/storagejs"
S=$WORK/storagejs/packages/core/storage-js
cat >"$WORK/storagejs/package.json" <<'EOF'
{
  "name": "storagejs-parity",
  "private": true,
  "devDependencies": {
    "@types/jest": "30.0.0",
    "@types/node": "20.19.9",
    "iceberg-js": "^0.8.1",
    "jest": "30.4.2",
    "ts-jest": "^29.4.9",
    "typescript": "~5.8.3",
    "tslib": "2.8.1"
  }
}
EOF
(cd "$WORK/storagejs" && $NICE npm install --no-audit --no-fund >"$OUT/storagejs-npm-install.log" 2>&1)
for f in "$S"/test/*.test.ts; do sed -i "s#http://127.0.0.1:54321/storage/v1#http://127.0.0.1:$API_PORT/storage/v1#g" "$f"; done
cat >"$S/jest.config.parity.js" <<'EOF'
const base = require('./jest.config.js')
module.exports = { ...base, collectCoverage: false }
EOF

# 2. The backend with the suite's seed, in its own process group (stopped by that group's id on exit).
SEED=$S/test/supabase/seed.sql
cat >"$WORK/backend.mts" <<EOF
import { readFileSync } from 'node:fs'
import { startLocalSupabase } from '$MAIN/supabase/local/index.ts'
const server = await startLocalSupabase({ port: $API_PORT, mailPort: $MAIL_PORT, dataDir: 'memory', autoconfirm: true })
const seed = readFileSync('$SEED', 'utf8')
// Everything after the users: buckets, objects, policies.
await server.db.exec(seed.slice(seed.indexOf('-- Insert test buckets')))
for (const [id, email] of [['317eadce-631a-4429-a0bb-f19a7a517b4a', 'test-user1@supabase.io'], ['4d56e902-f0a0-4662-8448-a4d9e643c142', 'test-user2@supabase.io'], ['d8c7bce9-cfeb-497b-bd61-e66ce2cbdaa2', 'test-user3@supabase.io']]) {
  await server.db.query("insert into auth.users (id, email, email_confirmed_at) values (\$1, \$2, now()) on conflict do nothing", [id, email])
}
console.log('backend ready', server.url)
const stop = () => server.stop().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
EOF
BACKEND_PGID=""
stop_backend() {
  if [ -n "$BACKEND_PGID" ] && kill -0 -- "-$BACKEND_PGID" 2>/dev/null; then
    log "stopping backend (process group $BACKEND_PGID)"
    kill -TERM -- "-$BACKEND_PGID" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 -- "-$BACKEND_PGID" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$BACKEND_PGID" 2>/dev/null || true
  fi
  BACKEND_PGID=""
}
trap stop_backend EXIT
rm -f "$WORK/backend.pgid"
setsid bash -c 'echo $$ >"$0"; cd "$1" && exec nice -n 10 npx tsx "$2"' "$WORK/backend.pgid" "$MAIN" "$WORK/backend.mts" >"$OUT/backend.log" 2>&1 </dev/null &
for _ in $(seq 1 50); do [ -s "$WORK/backend.pgid" ] && break; sleep 0.1; done
BACKEND_PGID=$(cat "$WORK/backend.pgid")
for _ in $(seq 1 120); do
  grep -q 'backend ready' "$OUT/backend.log" && break
  kill -0 "$BACKEND_PGID" 2>/dev/null || { cat "$OUT/backend.log" >&2; exit 1; }
  sleep 1
done
grep -q 'backend ready' "$OUT/backend.log" || { echo "backend did not start, see $OUT/backend.log" >&2; exit 1; }
log "backend ready on $API_PORT"

# 3. The suite.
log "running storage-js's server tests ($SUPABASE_JS_REF)"
(cd "$S" && $NICE npx jest --config jest.config.parity.js --runInBand --ci --json --outputFile="$OUT/storage-results.json" --verbose \
  test/storageFileApi.test.ts test/storageFileApiNode.test.ts test/storageBucketApi.test.ts test/storageApi.test.ts) >"$OUT/storage-results.txt" 2>&1 || true
stop_backend

node - "$OUT" <<'EOF' | tee "$OUT/summary.txt"
const [out] = process.argv.slice(2)
const fs = require('fs')
const r = JSON.parse(fs.readFileSync(`${out}/storage-results.json`, 'utf8'))
console.log(`storage-js server tests: total ${r.numTotalTests}, passed ${r.numPassedTests}, failed ${r.numFailedTests}, skipped ${r.numPendingTests + r.numTodoTests}`)
for (const s of r.testResults) {
  const c = { passed: 0, failed: 0 }
  for (const t of s.assertionResults) c[t.status] = (c[t.status] || 0) + 1
  console.log(`  ${s.name.replace(/.*\/storage-js\//, '')}: passed ${c.passed}, failed ${c.failed}${s.message && !s.assertionResults.length ? ' (suite failed: ' + s.message.split('\n').find(Boolean).slice(0, 160) + ')' : ''}`)
}
console.log('\nfailing tests, first line of each failure:')
for (const s of r.testResults) for (const t of s.assertionResults) if (t.status === 'failed') {
  const m = (t.failureMessages || []).join('\n').replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((l) => l.trim() && !/^\s+at /.test(l))
  const line = m.find((l) => /^(Received|Expected)/.test(l.trim())) || m[0] || ''
  console.log(`- ${s.name.replace(/.*\/storage-js\//, '')} :: ${t.fullName} :: ${line.trim().slice(0, 160)}`)
}
EOF
log "done: $OUT/storage-results.txt, $OUT/summary.txt"
