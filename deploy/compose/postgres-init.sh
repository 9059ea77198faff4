#!/usr/bin/env bash
# Run once by the postgres:17 image on an empty data directory (mounted into
# /docker-entrypoint-initdb.d by docker-compose.yml): one role and one database per service, each
# database owned by its service's role, as on Kubernetes. Each service migrates its own schema
# with Flyway at start-up.
set -euo pipefail
: "${TESSERA_DB_PASSWORD:?set TESSERA_DB_PASSWORD}"
for pair in lobby:tessera_lobby game:tessera_game scoring:tessera_scoring gateway:tessera_gateway; do
  role=${pair%%:*} db=${pair#*:}
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
       -v role="$role" -v db="$db" -v pw="$TESSERA_DB_PASSWORD" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'pw';
CREATE DATABASE :"db" OWNER :"role";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
SQL
  echo "tessera: role $role owns database $db"
done
