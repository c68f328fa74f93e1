#!/bin/bash
# Patroni's post_bootstrap, once, on the node that created the cluster (its connection URL is $1): the owner that
# migrates, the database, the role the app acts as and the app's login in it (docs/operations.md, "Two logins").
set -euo pipefail
secrets=${SECRETS_DIR:-/run/secrets}
owner=$(cat "$secrets/owner_password")
web=$(cat "$secrets/web_password")
psql -v ON_ERROR_STOP=1 "$1" <<SQL
CREATE ROLE dnx_owner LOGIN PASSWORD '${owner}' CREATEROLE;
CREATE ROLE dnx_app NOLOGIN;
CREATE ROLE dnx_web LOGIN PASSWORD '${web}' IN ROLE dnx_app;
SQL
psql -v ON_ERROR_STOP=1 "$1" -c "CREATE DATABASE dnx OWNER dnx_owner LOCALE 'C.UTF-8' TEMPLATE template0"
