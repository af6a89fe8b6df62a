#!/usr/bin/env bash
# Runs the server's tests (unit + api lanes) against a real PostgreSQL server instead of PGlite.
# Starts a private, throw-away cluster (trust auth, 127.0.0.1 on a free port, fsync off) in a
# temporary directory and always stops and deletes it on exit. The port is asked of the kernel, not
# fixed: a server left over on a fixed port (another run, another checkout) made a CI run fail. Used by `npm run test:pg`; needs root the
# first time on a machine without PostgreSQL (it installs it with apt).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PG_PORT_FIXED="${PG_PORT:-}"

# shellcheck source=scripts/throwaway-postgres.sh
source scripts/throwaway-postgres.sh

PG_BIN=$(find_pg_bin || true)
if [[ -z "$PG_BIN" ]]; then
  echo "==> PostgreSQL is not installed: installing it with apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y postgresql
  PG_BIN=$(find_pg_bin)
fi
echo "==> using $("$PG_BIN/postgres" --version) from $PG_BIN"

PG_DIR=$(throwaway_dir agora-pg)

cleanup() {
  local status=$?
  stop_postgres "$PG_BIN" "$PG_DIR"
  rm -rf "$PG_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "==> creating a throw-away cluster in $PG_DIR"
start_postgres "$PG_BIN" "$PG_DIR" "$PG_PORT_FIXED"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${PG_PORT}/postgres"
echo "==> TEST_DATABASE_URL=$TEST_DATABASE_URL"
npx vitest run --project server --project server-kill "$@"
