# Sourced by the scripts that need a throw-away PostgreSQL server (test-pg.sh, test-cluster.sh): the
# pieces they share. Not run on its own.

# A free loopback port, asked of the kernel.
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# The newest installed PostgreSQL's bin folder (Debian's layout); empty when there is none.
find_pg_bin() {
  compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -n 1 | xargs -r dirname
}

# initdb, pg_ctl and PgBouncer refuse to run as root: they run as the postgres user.
as_postgres() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# A temporary folder the postgres user may write to.
throwaway_dir() {
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/$1-XXXXXX")
  chmod 0755 "$dir"
  if [[ $(id -u) -eq 0 ]]; then chown postgres:postgres "$dir"; fi
  echo "$dir"
}

# start_postgres PG_BIN DIR [FIXED_PORT] [EXTRA -c OPTIONS…]: initdb in DIR/data and start it on a
# loopback port (fsync off: the data is thrown away), logging to DIR/server.log; sets PG_PORT.
# Another process may take the port between the probe and the server's bind: a few ports are tried.
start_postgres() {
  local bin=$1 dir=$2 fixed=${3:-} extra=${4:-}
  as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
  local attempt
  for attempt in 1 2 3 4 5; do
    PG_PORT="${fixed:-$(free_port)}"
    if as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start \
      -o "-p $PG_PORT -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off $extra"; then
      return 0
    fi
    echo "==> PostgreSQL did not start on port $PG_PORT (attempt $attempt)" >&2
    if [[ -n "$fixed" ]]; then break; fi
  done
  echo "PostgreSQL did not start; its log:" >&2
  cat "$dir/server.log" >&2 || true
  return 1
}

# stop_postgres PG_BIN DIR: stops the server of DIR/data if it runs.
stop_postgres() {
  if [[ -f "$2/data/postmaster.pid" ]]; then
    echo "==> stopping the test PostgreSQL server"
    as_postgres "$1/pg_ctl" -D "$2/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
}
