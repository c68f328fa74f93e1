#!/bin/sh
# Point-in-time recovery (docs/operations.md, "Point-in-time recovery"). Prepares NEW_DATA_DIR from a base backup
# so that PostgreSQL, started on it, replays the archived WAL up to just before TARGET_TIME, then opens for writing
# on a new timeline. Run it as the operating system user PostgreSQL runs as (postgres), with the server of
# NEW_DATA_DIR stopped.
#
#   pitr-restore.sh BASE_BACKUP WAL_ARCHIVE 'YYYY-MM-DD HH:MM:SS+00' NEW_DATA_DIR
#
# BASE_BACKUP: a folder written by `pg_basebackup -D DIR -X stream` (plain), or by `pg_basebackup -D DIR -Ft -z`
# (base.tar.gz and pg_wal.tar.gz). WAL_ARCHIVE: the folder archive_command copies WAL into. The base backup must be
# older than TARGET_TIME; the archive must hold every WAL file from the base backup up to past TARGET_TIME.
set -eu

if [ "$#" -ne 4 ]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
base=$1
archive=$2
target=$3
data=$4

fail() {
  echo "pitr-restore: $*" >&2
  exit 2
}

[ -d "$archive" ] || fail "no WAL archive folder $archive"
if [ -e "$data" ] && [ -n "$(ls -A "$data")" ]; then
  fail "$data is not empty: recover into a new folder (and keep the damaged one until the recovery is checked)"
fi
mkdir -p "$data"
if [ -f "$base/PG_VERSION" ]; then
  cp -a "$base/." "$data/"
elif [ -f "$base/base.tar.gz" ]; then
  tar -xzf "$base/base.tar.gz" -C "$data"
  [ -f "$base/pg_wal.tar.gz" ] && tar -xzf "$base/pg_wal.tar.gz" -C "$data/pg_wal"
elif [ -f "$base/base.tar" ]; then
  tar -xf "$base/base.tar" -C "$data"
  [ -f "$base/pg_wal.tar" ] && tar -xf "$base/pg_wal.tar" -C "$data/pg_wal"
else
  fail "$base is not a base backup (no PG_VERSION, base.tar.gz or base.tar)"
fi
# A backup taken from a standby, or with -R, would start as a standby again; a copied pid file would stop the start.
rm -f "$data/standby.signal" "$data/postmaster.pid"

archive_abs=$(cd "$archive" && pwd)
cat >>"$data/postgresql.auto.conf" <<CONF
# Point-in-time recovery, written by pitr-restore.sh at $(date -u '+%Y-%m-%d %H:%M:%S UTC'). Read only while
# recovery.signal exists: PostgreSQL removes that file once the recovery ends.
restore_command = 'cp "$archive_abs/%f" "%p"'
recovery_target_time = '$target'
recovery_target_inclusive = off
recovery_target_action = 'promote'
CONF
touch "$data/recovery.signal"
chmod 700 "$data"

echo "Ready: start PostgreSQL on $data. It replays the archive up to just before $target, then opens for writing."
echo "Then check it: DATABASE_URL=<its URL> npm run verify-ledger && npm run verify-audit"
