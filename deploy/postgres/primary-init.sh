#!/bin/bash
# First start of the primary (docker-entrypoint-initdb.d): the replication login and the app's login. The role
# dnx_app, which the app's login joins, is made by the first migration; the grant is given at once when it exists
# and by the migrate step's first run otherwise (docs/operations.md, "Two logins").
set -euo pipefail
replicator=$(cat /run/secrets/replicator_password)
web=$(cat /run/secrets/web_password)
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${replicator}';
CREATE ROLE dnx_app NOLOGIN;
CREATE ROLE dnx_web LOGIN PASSWORD '${web}' IN ROLE dnx_app;
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
