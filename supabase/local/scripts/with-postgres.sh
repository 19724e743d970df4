#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throw-away PostgreSQL cluster:
#   supabase/local/scripts/with-postgres.sh npx vitest run --project stack supabase/local
# initdb's a cluster in a temp dir on a free port, starts it, runs the command, stops it.
# Without PostgreSQL server binaries (and none installable) it prints why and exits 0, or 1
# when WITH_POSTGRES_REQUIRED is set.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

find_bindir() {
  if [ -n "${PG_BINDIR:-}" ] && [ -x "$PG_BINDIR/initdb" ]; then echo "$PG_BINDIR"; return; fi
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) /usr/local/pgsql/bin /usr/pgsql-*/bin; do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return; fi
  done
  if command -v pg_config >/dev/null 2>&1; then
    d="$(pg_config --bindir)"
    if [ -x "$d/initdb" ]; then echo "$d"; return; fi
  fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
}

BINDIR="$(find_bindir || true)"
# CI on Debian as root: install the server when it is installable.
if [ -z "$BINDIR" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "with-postgres: installing Debian's postgresql"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >/dev/null 2>&1 || true
  BINDIR="$(find_bindir || true)"
fi
if [ -z "$BINDIR" ]; then
  echo "with-postgres: no PostgreSQL server binaries (initdb, pg_ctl) found; install Debian's postgresql to run this mode."
  # A command that cannot do without a server (npm run db:types) fails; a test run is skipped.
  [ -n "${WITH_POSTGRES_REQUIRED:-}" ] && exit 1
  exit 0
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/stack-pg.XXXXXX")"
# A free port: scripts/lib/free-port.ts's logic inline, since Node 20 cannot run TypeScript itself:
# plain node takes 0.1 to 0.4 s here, `npx tsx scripts/lib/free-port.ts` 1 to 5 s (measured).
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

# PostgreSQL refuses to run as root: use the postgres user if it exists, else nobody.
RUN=()
if [ "$(id -u)" = "0" ]; then
  PGUSER_OS=postgres
  id "$PGUSER_OS" >/dev/null 2>&1 || PGUSER_OS=nobody
  chown "$PGUSER_OS" "$WORK"
  chmod 700 "$WORK"
  if command -v runuser >/dev/null 2>&1; then RUN=(runuser -u "$PGUSER_OS" --); else RUN=(su -s /bin/sh "$PGUSER_OS" -c); fi
fi

run_pg() {
  if [ "${#RUN[@]}" -eq 0 ]; then "$@";
  elif [ "${RUN[0]}" = "runuser" ]; then "${RUN[@]}" "$@";
  else "${RUN[@]}" "$(printf '%q ' "$@")"; fi
}

cleanup() {
  run_pg "$BINDIR/pg_ctl" -D "$WORK/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

run_pg "$BINDIR/initdb" -D "$WORK/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$WORK/initdb.log" 2>&1 || {
  cat "$WORK/initdb.log" >&2
  exit 1
}
run_pg "$BINDIR/pg_ctl" -D "$WORK/data" -l "$WORK/data/server.log" -w -t 60 \
  -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || {
  cat "$WORK/data/server.log" >&2
  exit 1
}

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') at $DATABASE_URL"
set +e
"$@"
STATUS=$?
set -e
exit $STATUS
