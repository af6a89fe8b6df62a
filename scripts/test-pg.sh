#!/usr/bin/env bash
# Runs the server's tests (unit + api lanes) against a real PostgreSQL server instead of PGlite.
# Starts a private, throw-away cluster (trust auth, 127.0.0.1 on a free port, fsync off) in a
# temporary directory and always stops and deletes it on exit. The port is asked of the kernel, not
# fixed: a server left over on a fixed port (another run, another checkout) made a CI run fail. Used by `npm run test:pg`; needs root the
# first time on a machine without PostgreSQL (it installs it with apt).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PG_PORT_FIXED="${PG_PORT:-}"

# A free loopback port, asked of the kernel (PG_PORT overrides it).
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

find_bin() {
  compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -n 1 | xargs -r dirname
}

PG_BIN=$(find_bin || true)
if [[ -z "$PG_BIN" ]]; then
  echo "==> PostgreSQL is not installed: installing it with apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y postgresql
  PG_BIN=$(find_bin)
fi
echo "==> using $("$PG_BIN/postgres" --version) from $PG_BIN"

# initdb refuses to run as root: the cluster belongs to the postgres user.
as_postgres() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/agora-pg-XXXXXX")
chmod 0755 "$PG_DIR"
if [[ $(id -u) -eq 0 ]]; then chown postgres:postgres "$PG_DIR"; fi

cleanup() {
  local status=$?
  if [[ -f "$PG_DIR/data/postmaster.pid" ]]; then
    echo "==> stopping the test PostgreSQL server"
    as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "==> creating a throw-away cluster in $PG_DIR"
as_postgres "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
# Another process may take the port between the probe and the server's bind: try a few ports.
started=''
for attempt in 1 2 3 4 5; do
  PG_PORT="${PG_PORT_FIXED:-$(free_port)}"
  if as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w start \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; then
    started=yes
    break
  fi
  echo "==> PostgreSQL did not start on port $PG_PORT (attempt $attempt)" >&2
  if [[ -n "${PG_PORT_FIXED:-}" ]]; then break; fi
done
if [[ -z "$started" ]]; then
  echo "PostgreSQL did not start; its log:" >&2
  cat "$PG_DIR/server.log" >&2 || true
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${PG_PORT}/postgres"
echo "==> TEST_DATABASE_URL=$TEST_DATABASE_URL"
npx vitest run --project server "$@"
