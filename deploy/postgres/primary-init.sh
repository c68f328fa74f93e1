#!/bin/bash
# First start of the primary (docker-entrypoint-initdb.d): the replication login, the role the app acts as
# (dnx_app, which the migrations find and grant to) and the app's login in it (docs/operations.md, "Two logins").
# The secrets are read from SECRETS_DIR (default /run/secrets, where compose mounts them).
set -euo pipefail
secrets=${SECRETS_DIR:-/run/secrets}
replicator=$(cat "$secrets/replicator_password")
web=$(cat "$secrets/web_password")
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${replicator}';
CREATE ROLE dnx_app NOLOGIN;
CREATE ROLE dnx_web LOGIN PASSWORD '${web}' IN ROLE dnx_app;
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
