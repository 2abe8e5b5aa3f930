#!/usr/bin/env bash
# Point-in-time recovery with pgBackRest, followed once on a throw-away cluster of its own
# (docs/operations/backup.md, decision 0060): WAL archiving on, a full backup, rows written, the
# time noted, more rows written, the cluster restored to the noted time; the first rows must be
# there and the later ones not. Exit 0 when they are; anything else fails with a message.
#
# Needs the Debian packages postgresql (initdb, pg_ctl, psql) and pgbackrest. Runs PostgreSQL's
# programs as the user `postgres` (runuser) when started as root. Everything lives in a temporary
# directory (removed at the end) with a cluster on a free port: no other cluster is touched.
set -euo pipefail

fail() { echo "pitr-check: $*" >&2; exit 1; }

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PGBIN" ] && [ -x "$PGBIN/initdb" ] || fail "PostgreSQL's server programs are missing: apt-get install postgresql"
command -v pgbackrest >/dev/null || fail "pgbackrest is missing: apt-get install pgbackrest"

WORK=$(mktemp -d /tmp/estante-pitr-XXXXXX)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
PGDATA="$WORK/cluster"
STANZA=estante
CONF="$WORK/pgbackrest.conf"

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
sql() { as_pg "$PGBIN/psql" -X -q -A -t -h "$WORK" -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "$1"; }
backrest() { as_pg pgbackrest --config="$CONF" --stanza="$STANZA" "$@"; }
cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
[ "$(id -u)" = 0 ] && chown postgres "$WORK"

# 1. A cluster with WAL archiving through pgBackRest (the recipe's postgresql.conf lines).
as_pg "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg tee "$CONF" >/dev/null <<EOF
[global]
repo1-path=$WORK/repo
repo1-retention-full=2
log-path=$WORK/log
lock-path=$WORK/lock
log-level-file=off
spool-path=$WORK/spool
log-level-console=warn
start-fast=y

[$STANZA]
pg1-path=$PGDATA
pg1-port=$PORT
pg1-socket-path=$WORK
EOF
as_pg tee -a "$PGDATA/postgresql.conf" >/dev/null <<EOF
port = $PORT
listen_addresses = ''
unix_socket_directories = '$WORK'
fsync = off
shared_buffers = 32MB
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --config=$CONF --stanza=$STANZA archive-push %p'
max_wal_senders = 3
EOF
as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -l "$WORK/postgres.log" -w -t 60 start >/dev/null

# 2. The stanza, pgBackRest's own check (archiving works), a full backup.
backrest stanza-create
backrest check
backrest --type=full backup

# 3. Rows written, the time noted, more rows written (and their WAL archived).
sql "create table loans (id int primary key, note text)"
sql "insert into loans select g, 'before' from generate_series(1, 100) g"
sleep 1
TARGET=$(sql "select now()")
sleep 1
sql "insert into loans select g, 'after' from generate_series(101, 200) g"
sql "select pg_switch_wal()" >/dev/null
backrest check

# 4. Recovery to the noted time: stop, restore over the cluster (--delta), start, promote at the target.
as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
backrest --delta --type=time "--target=$TARGET" --target-action=promote restore
as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -l "$WORK/postgres.log" -w -t 60 start >/dev/null
for _ in $(seq 1 60); do
  [ "$(sql "select pg_is_in_recovery()")" = f ] && break
  sleep 0.5
done
[ "$(sql "select pg_is_in_recovery()")" = f ] || fail "the cluster did not finish recovering (see $WORK/postgres.log)"

# 5. The first rows are there, the later ones are not.
BEFORE=$(sql "select count(*) from loans where note = 'before'")
AFTER=$(sql "select count(*) from loans where note = 'after'")
[ "$BEFORE" = 100 ] || fail "expected the 100 rows written before $TARGET, found $BEFORE"
[ "$AFTER" = 0 ] || fail "expected none of the rows written after $TARGET, found $AFTER"
backrest info --output=json | grep -q '"status":{"code":0' || fail "pgbackrest info reports a problem"
echo "pitr-check: recovered to $TARGET: 100 rows before it, none after (pgBackRest $(pgbackrest version | awk '{print $2}'))"
