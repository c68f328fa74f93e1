#!/bin/bash
# A Patroni node of the high-availability profile: the passwords from the secret files, then Patroni (as user
# postgres: PostgreSQL refuses root). PATRONI_NAME and the two connect addresses come from compose.yaml.
set -euo pipefail
secrets=${SECRETS_DIR:-/run/secrets}
export PATRONI_SUPERUSER_PASSWORD=$(cat "$secrets/superuser_password")
export PATRONI_REPLICATION_PASSWORD=$(cat "$secrets/replicator_password")
export PATRONI_REWIND_PASSWORD=$(cat "$secrets/rewinder_password")
exec patroni /etc/patroni/patroni.yml
