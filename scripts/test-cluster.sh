#!/usr/bin/env bash
# The cluster proof of issue 17 §4 (`npm run test:cluster`): a throw-away PostgreSQL and, in front of
# it, PgBouncer in transaction mode, both on loopback ports asked of the kernel, in one temporary
# directory; then the cluster test (vitest.cluster.config.ts, cluster/**/*.test.ts), which starts
# s3rver, two web processes and a worker on them. Everything is stopped and deleted on exit, also on
# failure. Needs root the first time on a machine without PostgreSQL or PgBouncer (it installs them
# with apt), as scripts/test-pg.sh does.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
started_at=$(date +%s)

# shellcheck source=scripts/throwaway-postgres.sh
source scripts/throwaway-postgres.sh

missing=()
PG_BIN=$(find_pg_bin || true)
[[ -z "$PG_BIN" ]] && missing+=(postgresql)
PGBOUNCER=$(command -v pgbouncer || true)
[[ -z "$PGBOUNCER" && -x /usr/sbin/pgbouncer ]] && PGBOUNCER=/usr/sbin/pgbouncer
[[ -z "$PGBOUNCER" ]] && missing+=(pgbouncer)
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "==> installing ${missing[*]} with apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y "${missing[@]}"
  PG_BIN=$(find_pg_bin)
  PGBOUNCER=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
fi
echo "==> using $("$PG_BIN/postgres" --version) and $("$PGBOUNCER" --version | head -n 1)"

WORK_DIR=$(throwaway_dir agora-cluster)

cleanup() {
  local status=$?
  if [[ -f "$WORK_DIR/pgbouncer.pid" ]]; then
    echo "==> stopping PgBouncer"
    kill "$(cat "$WORK_DIR/pgbouncer.pid")" 2>/dev/null || true
  fi
  stop_postgres "$PG_BIN" "$WORK_DIR"
  # Anything PgBouncer refused (session state, named prepared statements…) shows here.
  if [[ -f "$WORK_DIR/pgbouncer.log" ]] && grep -qE ' (WARNING|ERROR) ' "$WORK_DIR/pgbouncer.log"; then
    echo "==> PgBouncer warnings and errors:" >&2
    grep -E ' (WARNING|ERROR) ' "$WORK_DIR/pgbouncer.log" | tail -n 20 >&2 || true
  fi
  if [[ $status -ne 0 ]]; then
    for log in server.log pgbouncer.log; do
      if [[ -f "$WORK_DIR/$log" ]]; then
        echo "==> last lines of $log" >&2
        tail -n 30 "$WORK_DIR/$log" >&2 || true
      fi
    done
  fi
  rm -rf "$WORK_DIR"
  echo "==> test:cluster took $(($(date +%s) - started_at)) s"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "==> creating a throw-away cluster in $WORK_DIR"
start_postgres "$PG_BIN" "$WORK_DIR" "" "-c max_connections=200"
as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -qAt \
  -c 'CREATE DATABASE agora' >/dev/null

# PgBouncer in transaction mode: a server connection is lent for one transaction only, so nothing
# of a session (SET, session advisory locks, named prepared statements, LISTEN) survives between two.
cat >"$WORK_DIR/userlist.txt" <<'EOF'
"postgres" ""
EOF
started=''
for attempt in 1 2 3 4 5; do
  PGB_PORT=$(free_port)
  cat >"$WORK_DIR/pgbouncer.ini" <<EOF
[databases]
agora = host=127.0.0.1 port=$PG_PORT dbname=agora user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGB_PORT
unix_socket_dir =
auth_type = trust
auth_file = $WORK_DIR/userlist.txt
pool_mode = transaction
max_client_conn = 400
default_pool_size = 20
ignore_startup_parameters = extra_float_digits
logfile = $WORK_DIR/pgbouncer.log
pidfile = $WORK_DIR/pgbouncer.pid
EOF
  chmod 0644 "$WORK_DIR/pgbouncer.ini" "$WORK_DIR/userlist.txt"
  if as_postgres "$PGBOUNCER" -d "$WORK_DIR/pgbouncer.ini" &&
    as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$PGB_PORT" -U postgres -d agora -qAt -c 'SELECT 1' >/dev/null; then
    started=yes
    break
  fi
  echo "==> PgBouncer did not start on port $PGB_PORT (attempt $attempt)" >&2
  if [[ -f "$WORK_DIR/pgbouncer.pid" ]]; then kill "$(cat "$WORK_DIR/pgbouncer.pid")" 2>/dev/null || true; fi
  sleep 0.2
done
[[ -n "$started" ]] || { echo 'PgBouncer did not start' >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:${PGB_PORT}/agora"
export AGORA_DATABASE_DIRECT_URL="postgres://postgres@127.0.0.1:${PG_PORT}/agora"
echo "==> DATABASE_URL=$DATABASE_URL (PgBouncer, transaction mode)"
echo "==> AGORA_DATABASE_DIRECT_URL=$AGORA_DATABASE_DIRECT_URL"
npx vitest run -c vitest.cluster.config.ts "$@"
