#!/bin/bash
# The streaming replica: on an empty data folder, a base backup of the primary with the standby settings (-R), then
# PostgreSQL as a hot standby that follows the primary. PRIMARY_PORT defaults to 5432; arguments are passed to
# postgres.
set -euo pipefail
export PGPASSWORD=$(cat "$REPLICATOR_PASSWORD_FILE")
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_basebackup -h "$PRIMARY_HOST" -p "${PRIMARY_PORT:-5432}" -U replicator -D "$PGDATA" -R -X stream -c fast; do
    echo "waiting for the primary"; sleep 2
  done
  chmod 700 "$PGDATA"
fi
exec postgres -c hot_standby=on "$@"
